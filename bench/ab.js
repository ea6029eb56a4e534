// A against B: two builds of the package, side by side in one Node process,
// on every float32 workload (bench/workloads.js), the small op included.
// Each repetition times both once, in alternating order, with the cache
// flush before each sample (bench/measure.js), so that load from the rest of
// the machine falls on both alike. Prints each one's median, the ratio of
// the medians (B / A) and the quartiles of the ratios of paired samples
// (how far one repetition's ratio strays: the noise), and checks that both
// builds give the same numbers.
//
//   node bench/ab.js A_DIST [B_DIST] [--reps N] [--warmup N] [--only id,id] [--threads N] [--out file]
//
// B_DIST defaults to this tree's dist/. To measure the package before a
// change: `git worktree add /work/wt-old COMMIT`, build it there, then
// `node bench/ab.js /work/wt-old/dist` (bench/notes.md has a run).
// The workloads pass no { dtype } for float32, so a build from before dtypes
// runs them as it is.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

import { makeFlush } from './cache.js';
import { compareValues } from './compare.js';
import { prepareTensorcast } from './contestants/tensorcast.js';
import { numel, valuesOf } from './data.js';
import { DIST, ROOT } from './harness.js';
import { toJson } from './json.js';
import { load, machine } from './machine.js';
import { measure, median } from './measure.js';
import { WORKLOADS, describe, dtypeOf, inputShapes } from './workloads.js';

const { values: args, positionals } = parseArgs({
  options: {
    reps: { type: 'string', default: '21' },
    warmup: { type: 'string', default: '3' },
    only: { type: 'string' },
    out: { type: 'string' },
    threads: { type: 'string' },
  },
  allowPositionals: true,
});
if (positionals.length < 1 || positionals.length > 2) {
  process.stderr.write('usage: node bench/ab.js A_DIST [B_DIST] [--reps N] [--warmup N] [--only id,id] [--threads N] [--out file]\n');
  process.exit(2);
}
const reps = Number(args.reps);
const warmup = Number(args.warmup);
if (!Number.isInteger(reps) || reps < 1) throw new Error(`--reps must be a positive integer, not '${args.reps}'`);
if (!Number.isInteger(warmup) || warmup < 0) throw new Error(`--warmup must be a non-negative integer, not '${args.warmup}'`);
// init()'s threads for both builds; without it, init()'s default (under Node, the threaded module).
const threads = args.threads === undefined ? undefined : Number(args.threads);
if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1)) throw new Error(`--threads must be a positive integer, not '${args.threads}'`);

async function loadBuild(dir) {
  const dist = path.resolve(dir);
  for (const file of ['index.js', 'tensorcast.wasm'])
    if (!existsSync(path.join(dist, file))) throw new Error(`${dist}/${file} is missing: build that package first`);
  const wasm = readFileSync(path.join(dist, 'tensorcast.wasm'));
  const { init } = await import(pathToFileURL(path.join(dist, 'index.js')).href);
  const tc = await init(threads === undefined ? {} : { threads });
  return {
    tc,
    info: {
      dist,
      wasmBytes: wasm.length,
      wasmSha256: createHash('sha256').update(wasm).digest('hex').slice(0, 16),
      simd: tc.simd,
      threads: tc.threads,
    },
  };
}

const round = (x, digits = 6) => Number(x.toPrecision(digits));

function quantile(values, q) {
  const sorted = values.slice().sort((x, y) => x - y);
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  return sorted[lo] + (sorted[Math.ceil(at)] - sorted[lo]) * (at - lo);
}

const loadBefore = load();
const A = await loadBuild(positionals[0]);
const B = await loadBuild(positionals[1] ?? DIST);
const flush = makeFlush();
const only = args.only?.split(',');
const workloads = WORKLOADS.filter((w) => dtypeOf(w) === 'float32' && (!only || only.includes(w.id)));

const rows = [];
for (const workload of workloads) {
  const size = 'full';
  process.stderr.write(`  ${describe(workload, size)} ...\n`);
  const data = inputShapes(workload, size).map((shape, k) => valuesOf('float32', numel(shape), k + 1));
  const calls = workload[size].calls ?? 1;
  const a = prepareTensorcast(A.tc, workload, size, data);
  const b = prepareTensorcast(B.tc, workload, size, data);
  try {
    const timed = measure({ A: a.run, B: b.run }, { warmup, reps, calls, flush });
    const paired = timed.B.samples.map((t, r) => t / timed.A.samples[r]);
    rows.push({
      id: workload.id,
      title: describe(workload, size),
      calls,
      median: { A: round(timed.A.median), B: round(timed.B.median) },
      ratio: round(timed.B.median / timed.A.median, 4),
      pairedRatio: {
        median: round(median(paired), 4),
        q1: round(quantile(paired, 0.25), 4),
        q3: round(quantile(paired, 0.75), 4),
      },
      check: compareValues(b.values(), a.values()),
      samples: { A: timed.A.samples.map((x) => round(x, 4)), B: timed.B.samples.map((x) => round(x, 4)) },
    });
  } finally {
    a.dispose();
    b.dispose();
  }
}

const report = {
  machine: { ...machine(), load: { before: loadBefore, after: load() } },
  settings: { warmup, reps, cacheFlushBytes: flush.bytes },
  A: A.info,
  B: B.info,
  rows,
};

function time(ms) {
  return ms < 0.1 ? `${(ms * 1000).toPrecision(3)} µs` : `${ms.toPrecision(3)} ms`;
}
const header = ['workload', 'A', 'B', 'B/A', 'paired B/A: q1  median  q3', 'results'];
const lines = rows.map((r) => [
  r.title, time(r.median.A), time(r.median.B), r.ratio.toFixed(3),
  `${r.pairedRatio.q1.toFixed(3)}  ${r.pairedRatio.median.toFixed(3)}  ${r.pairedRatio.q3.toFixed(3)}`,
  r.check.equal ? 'equal' : `differ: ${r.check.why}`,
]);
const widths = header.map((_, c) => Math.max(...[header, ...lines].map((l) => l[c].length)));
const fmt = (l) => l.map((cell, c) => (c === 0 || c === 5 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ').trimEnd();
const m = report.machine;
console.log(`${m.cpu}, ${m.cores} cores, Node ${m.node}, ${m.date}; load average ${m.load.before.join(' ')} before, ` +
  `${m.load.after.join(' ')} after; ${reps} repetitions after ${warmup} warm-up, medians`);
console.log(`A: ${A.info.dist} (wasm ${A.info.wasmBytes} bytes, sha256 ${A.info.wasmSha256}, SIMD ${A.info.simd}, ${A.info.threads} thread(s))`);
console.log(`B: ${B.info.dist} (wasm ${B.info.wasmBytes} bytes, sha256 ${B.info.wasmSha256}, SIMD ${B.info.simd}, ${B.info.threads} thread(s))\n`);
console.log([header, ...lines].map(fmt).join('\n'));

const out = args.out ?? path.join(ROOT, 'bench', 'results', 'ab.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${toJson(report)}\n`);
console.log(`\nwritten to ${path.relative(process.cwd(), out)}`);
if (rows.some((r) => !r.check.equal)) process.exitCode = 1;
