// npm run bench:puzzles: how long the puzzle checker (web/src/model/
// puzzle-check.ts) takes per puzzle of web/puzzles: checking an answer
// (the reference itself) on 20 seeded draws, the wait a student has, and
// solving the reference on them (once per puzzle): the median of 11 runs
// after 2 warm-up runs, and the slowest puzzle's check.
// It measures the package as built in dist/ and builds nothing.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

import { ROOT } from './harness.js';

const dist = pathToFileURL(join(ROOT, 'dist/index.js')).href;
const dir = mkdtempSync(join(tmpdir(), 'tc-bench-puzzles-'));
const outfile = join(dir, 'check.mjs');
await build({
  stdin: { contents: "export * from './model/puzzle-file.ts';\nexport * from './model/puzzle-check.ts';", resolveDir: join(ROOT, 'web/src'), loader: 'ts' },
  bundle: true, format: 'esm', platform: 'node', outfile, logLevel: 'error', packages: 'external',
  plugins: [{ name: 'tensorcast-from-dist', setup(b) { b.onResolve({ filter: /^tensorcast$/ }, () => ({ path: dist, external: true })); } }],
});
const web = await import(pathToFileURL(outfile).href);
rmSync(dir, { recursive: true, force: true });
const { init, REGISTRY } = await import(dist);
const tc = await init();

const names = new Set(REGISTRY.map((e) => e.name));
const puzzleDir = join(ROOT, 'web/puzzles');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
for (const f of readdirSync(puzzleDir).filter((n) => n.endsWith('.json')).sort()) {
  const p = web.readEntry(JSON.parse(readFileSync(join(puzzleDir, f), 'utf8')), (n) => names.has(n));
  if (p.kind !== 'function') continue;  // a drill has nothing to check
  const solving = [];
  const checking = [];
  for (let i = 0; i < 13; i++) {
    const t0 = performance.now();
    const solved = web.solve(tc, p, 20261128, 20);
    const t1 = performance.now();
    const r = web.checkAnswer(tc, p, p.reference, solved);
    const t2 = performance.now();
    if (i >= 2) {
      solving.push(t1 - t0);
      checking.push(t2 - t1);
    }
    if (!r.passed) throw new Error(`${p.id}: the reference fails: ${JSON.stringify(r.failure.reason)}`);
  }
  rows.push([p.id, median(checking), median(solving)]);
}
const width = Math.max(...rows.map(([id]) => id.length));
console.log(`${'puzzle'.padEnd(width)}   check   solve  (ms, median of 11)`);
for (const [id, check, solve] of rows) console.log(`${id.padEnd(width)}  ${check.toFixed(1).padStart(6)}  ${solve.toFixed(1).padStart(6)}`);
const slowest = rows.reduce((a, b) => (b[1] > a[1] ? b : a));
console.log(`checking an answer on 20 draws: slowest ${slowest[0]} at ${slowest[1].toFixed(1)} ms (${rows.length} puzzles); solving the reference (once per puzzle, or at build time when solutions are hidden) is the second column`);
