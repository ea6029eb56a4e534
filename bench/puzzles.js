// npm run bench:puzzles: how long the puzzle checker takes (web/src/model/
// puzzle-check.ts) to compare a puzzle's reference with itself on 20
// seeded draws, the check a student waits for, per puzzle of web/puzzles:
// the median of 11 runs after 2 warm-up runs, and the slowest puzzle's.
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
  const times = [];
  for (let i = 0; i < 13; i++) {
    const t0 = performance.now();
    const r = web.checkAnswer(tc, p, p.reference, { seed: 20261128, count: 20 });
    if (i >= 2) times.push(performance.now() - t0);
    if (!r.passed) throw new Error(`${p.id}: the reference fails: ${r.failure.message}`);
  }
  rows.push([p.id, median(times)]);
}
const width = Math.max(...rows.map(([id]) => id.length));
for (const [id, ms] of rows) console.log(`${id.padEnd(width)}  ${ms.toFixed(1).padStart(6)} ms`);
const slowest = rows.reduce((a, b) => (b[1] > a[1] ? b : a));
console.log(`checker, 20 draws: median of 11 runs per puzzle; slowest ${slowest[0]} at ${slowest[1].toFixed(1)} ms (${rows.length} puzzles)`);
