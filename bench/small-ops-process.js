// A small op's time per call with one module in each process, as a user's
// program loads it: the threaded module's gap on small ops (bench/notes.md,
// "Threads", "One module per process"). Two modules in one process hid most
// of that gap. For each build, thread count and op, `procs` processes taken
// in turn; each warms up for 50,000 calls, then times 21 samples of 5,000
// and prints their median; the table gives every process's median and the
// median of those.
//   node bench/small-ops-process.js [--procs N] DIST [DIST...]
//   (threads 1 loads the plain SIMD module, 2 the threaded one)
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const OPS = {
  'add [2,3] + [3]': (tc) => { const a = tc.ones([2, 3]), b = tc.ones([3]); return () => a.add(b).dispose(); },
  'mean of [2,3] over dim 0': (tc) => { const a = tc.ones([2, 3]); return () => a.mean(0).dispose(); },
};

if (process.argv[2] === '--child') {
  const [, , , dist, threads, op] = process.argv;
  const { init } = await import(pathToFileURL(path.resolve(dist, 'index.js')).href);
  const tc = await init({ threads: Number(threads) });
  const f = OPS[op](tc);
  for (let i = 0; i < 50_000; i++) f();
  const samples = [];
  for (let r = 0; r < 21; r++) {
    const t = performance.now();
    for (let i = 0; i < 5000; i++) f();
    samples.push(((performance.now() - t) / 5000) * 1000);
  }
  samples.sort((x, y) => x - y);
  console.log(samples[10]);
  process.exit(0);
}

const args = process.argv.slice(2);
let procs = 5;
if (args[0] === '--procs') { procs = Number(args[1]); args.splice(0, 2); }
const dists = args.length ? args : ['dist'];
const self = fileURLToPath(import.meta.url);
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
const os = await import('node:os');
console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} before; ${procs} processes each, µs per call`);
for (const op of Object.keys(OPS)) {
  const runs = new Map();
  for (let p = 0; p < procs; p++)
    for (const dist of dists)
      for (const threads of [1, 2]) {
        const key = `${dist} threads=${threads}`;
        const out = execFileSync(process.execPath, [self, '--child', dist, String(threads), op], { encoding: 'utf8' });
        if (!runs.has(key)) runs.set(key, []);
        runs.get(key).push(Number(out.trim()));
      }
  const base = median(runs.get(`${dists[0]} threads=1`));
  for (const [key, xs] of runs)
    console.log(`${op.padEnd(26)} ${key.padEnd(40)} ${median(xs).toFixed(3)}  (${(median(xs) / base).toFixed(2)}x)  ${xs.map((x) => x.toFixed(3)).join(' ')}`);
}
console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} after`);
