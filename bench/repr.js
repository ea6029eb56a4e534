// How long printing a tensor takes: Tensor#toString() (PyTorch's repr,
// Note [Tensor repr] in src/tensor_repr.h) and print() in a program, in
// wasm under Node. Give several packages to time them side by side, in one
// run (each case alternates between them):
//
//   node bench/repr.js [--dist ../dist/index.js --dist /tmp/before/index.js] [--runs 15]
//
// Prints, per case and package, the median time of one call (ms) and the
// ratio to the first package's.
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', multiple: true, default: ['../dist/index.js'] },
    runs: { type: 'string', default: '15' },
  },
});
const runs = Number(args.runs);
const packages = [];
for (const dist of args.dist) {
  const { init } = await import(new URL(dist, import.meta.url).href);
  packages.push({ dist, tc: await init({ simd: true }) });
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

// The cases: a tensor made by each package, and what is timed on it.
const CASES = [
  { name: 'toString 1000x1000 (summarised)', make: (tc) => tc.randn(1000, 1000), repeat: 200 },
  { name: 'toString 1000 floats (whole)', make: (tc) => tc.randn(1000), repeat: 20 },
  { name: 'toString 1000 int64 (whole)', make: (tc) => tc.arange(1000).mul(12345), repeat: 20 },
  { name: 'toString 7^4 (1296 shown)', make: (tc) => tc.randn(7, 7, 7, 7), repeat: 10 },
  { name: 'toString 3x4', make: (tc) => tc.randn(3, 4), repeat: 1000 },
];
// The e2e's 30-line program (e2e/code-mode.spec.js), whose names each
// statement now records with their repr, and the presets of the code mode.
const THIRTY = ['import torch', ...Array.from({ length: 29 }, (_, i) => (i === 0 ? 'a0 = torch.ones(4, 3)' : `a${i} = a${i - 1} * torch.arange(3.) + ${i}`))].join('\n');
const PRESETS = new URL('../web/presets/', import.meta.url);
const PROGRAMS = [
  { name: 'tc.run print(1000x1000)', code: 'import torch\nx = torch.randn(1000, 1000)\nprint(x)' },
  { name: 'tc.run print(1000 floats) x10', code: 'import torch\nx = torch.randn(1000)\n' + 'print(x)\n'.repeat(10) },
  { name: 'tc.run 30 lines of (4, 3)', code: THIRTY },
  { name: 'tc.run x = x + 1, 50 lines of 1000', code: 'import torch\nx = torch.zeros(1000)\n' + 'x = x + 1\n'.repeat(50) },
  ...readdirSync(PRESETS).filter((f) => f.endsWith('.py')).slice(0, 4)
    .map((f) => ({ name: `tc.run preset ${f.slice(0, 20)}`, code: readFileSync(new URL(f, PRESETS), 'utf8'), failing: true })),
];

const rows = [];
for (const c of CASES) {
  const tensors = packages.map(({ tc }) => c.make(tc));
  const times = packages.map(() => []);
  for (let r = 0; r < runs; r++)
    packages.forEach((_, i) => {
      const t = tensors[i];
      const start = performance.now();
      for (let k = 0; k < c.repeat; k++) String(t);
      times[i].push((performance.now() - start) / c.repeat);
    });
  rows.push({ name: c.name, medians: times.map(median) });
  tensors.forEach((t) => t.dispose());
}
for (const c of PROGRAMS) {
  const times = packages.map(() => []);
  for (let r = 0; r < runs; r++)
    packages.forEach(({ tc }, i) => {
      const start = performance.now();
      const p = tc.run(c.code);
      times[i].push(performance.now() - start);
      if (!p.ok && !c.failing) throw new Error(`${c.name}: ${p.error?.message}`);
      p.dispose();
    });
  rows.push({ name: c.name, medians: times.map(median) });
}

console.log(`packages: ${packages.map((p, i) => `[${i}] ${p.dist}`).join('  ')}; median of ${runs} runs, ms per call`);
for (const { name, medians } of rows) {
  const cells = medians.map((m, i) => `[${i}] ${m.toFixed(4)}${i > 0 ? ` (${(m / medians[0]).toFixed(2)}x)` : ''}`);
  console.log(`${name.padEnd(34)} ${cells.join('  ')}`);
}
