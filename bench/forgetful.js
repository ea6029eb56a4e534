// The forgetful loop: `a.add(b).mul(2)` on 1M-element tensors, results never
// disposed and no tidy(), as a JavaScript developer new to tensors writes it.
// Prints one JSON line: when the memory warning came, when (if ever) the
// loop failed and with what, and the memory at the end. Modes:
//   sync   the loop as written;
//   yield  awaiting a macrotask every 100 iterations (finalizers may run);
//   gc     the same plus global.gc() (run with node --expose-gc).
// --readout also reads each result's sum (a small tensor made, read and
// disposed among the large ones); peakBytes is the most tensor storage
// alive after any iteration.
// tests/js/memory.test.js runs it; the README's memory section quotes it.
import { parseArgs } from 'node:util';
import { init, TensorcastError } from 'tensorcast';

const { values: args } = parseArgs({
  options: {
    mode: { type: 'string', default: 'sync' },
    iterations: { type: 'string', default: '10000' },
    elements: { type: 'string', default: '1000000' },
    readout: { type: 'boolean', default: false },
  },
});
const iterations = Number(args.iterations);
const n = Number(args.elements);
const tc = await init({ simd: true });
let warnedAt = null;
let warning = null;
let i = 0;
tc.onWarning((w) => {
  if (w.warningKind !== 'memory') return;
  warnedAt = i;
  warning = w.message;
});
const a = tc.ones([n]);
const b = tc.ones([n]);
const started = performance.now();
let failure = null;
let peakBytes = 0;
for (; i < iterations; i++) {
  try {
    const y = a.add(b).mul(2);
    if (args.readout) {
      const s = y.sum();
      s.item();
      s.dispose();
    }
  } catch (error) {
    failure = { at: i, isTensorcastError: error instanceof TensorcastError, kind: error.kind, message: error.message };
    break;
  }
  peakBytes = Math.max(peakBytes, tc.memory().bytes);
  if (args.mode !== 'sync' && i % 100 === 99) {
    if (args.mode === 'gc') globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
const seconds = (performance.now() - started) / 1000;
const m = tc.memory();
// The module still works after the failure.
const works = tc.tidy(() => tc.tensor([1, 2]).add(1).toArray());
console.log(JSON.stringify({ mode: args.mode, elements: n, iterations, completed: i, seconds, warnedAt, warning, failure, peakBytes, memory: m, works }));
