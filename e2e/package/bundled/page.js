// The page each bundler builds (e2e/package/bundlers.spec.js): the worked
// examples through the installed package, then, with ?forget=1, the
// forgetful loop (1M-element tensors, no tidy, no dispose). An iife bundle
// has no import.meta.url: its page names the .wasm (data-wasm on the
// script), resolved against the script's own URL.
import { init, TensorcastError } from 'tensorcast';
import { workedExamples } from './examples.js';

const script = document.currentScript;
const wasm = script?.dataset.wasm;
const options = wasm ? { wasmUrl: new URL(wasm, script.src).href } : {};
const result = document.getElementById('result');

function forgetfulLoop(tc) {
  let i = 0;
  let warnedAt = null;
  tc.onWarning((w) => {
    if (w.warningKind === 'memory' && warnedAt === null) warnedAt = i;
  });
  const a = tc.ones([1000000]);
  const b = tc.ones([1000000]);
  for (; i < 10000; i++) {
    try {
      a.add(b).mul(2);
    } catch (e) {
      return { warnedAt, failedAt: i, isTensorcastError: e instanceof TensorcastError, kind: e.kind, message: e.message };
    }
  }
  return { warnedAt, failedAt: null };
}

(async () => {
  try {
    const tc = await init(options);
    const forget = new URLSearchParams(location.search).get('forget') === '1';
    result.textContent = JSON.stringify(forget ? forgetfulLoop(tc) : workedExamples(tc));
  } catch (e) {
    result.textContent = JSON.stringify({ failed: String(e && e.stack ? e.stack : e) });
  }
})();
