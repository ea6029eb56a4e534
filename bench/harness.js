// One benchmark run in one Node process: for each workload, tensorcast (on
// one thread, and on the threaded module's N where Node runs it), tfjs,
// plain JS and the bandwidth probe are prepared on the same values,
// timed interleaved (bench/measure.js), then their results are copied out
// once and compared. Returns the report that run.js prints and saves.
// A workload in a dtype tfjs lacks runs without it; its row says why
// (row.absent) and has no tfjs median, ratio or comparison.
import { existsSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { makeFlush } from './cache.js';
import { compareValues } from './compare.js';
import { prepareProbe } from './contestants/probe.js';
import { preparePlain } from './contestants/plain.js';
import { prepareTensorcast } from './contestants/tensorcast.js';
import { prepareTfjs, tfjsLacks } from './contestants/tfjs.js';
import { numel, valuesOf } from './data.js';
import { load, machine } from './machine.js';
import { measure } from './measure.js';
import { sizes } from './size.js';
import { sizeTarget, targetsFor, threadTargetsFor } from './targets.js';
import { loadTfjs } from './tfjs.js';
import { WORKLOADS, bytesMoved, describe, dtypeOf, inputShapes, matmulFlops } from './workloads.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = path.join(ROOT, 'dist');

// options: init()'s. The bench's tensorcast column is { threads: 1 }, the
// single-threaded SIMD module init() loads by default; the threads column
// is the threaded module with a thread per core, at most 8.
export async function loadTensorcast(options = { threads: 1 }) {
  for (const file of ['index.js', 'tensorcast.wasm', 'wasm-glue.js'])
    if (!existsSync(path.join(DIST, file)))
      throw new Error(`dist/${file} is missing: build the package first (npm run build)`);
  warnIfStale();
  const { init } = await import(pathToFileURL(path.join(DIST, 'index.js')).href);
  return init(options);
}

// The bench measures dist/ as it is; a source newer than the .wasm means
// the numbers may not be those of the code in the tree.
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function warnIfStale() {
  const built = statSync(path.join(DIST, 'tensorcast.wasm')).mtimeMs;
  const stale = ['src', 'bindings'].filter((dir) => existsSync(path.join(ROOT, dir)) && newest(path.join(ROOT, dir)) > built);
  if (stale.length > 0)
    process.stderr.write(`warning: ${stale.join(' and ')} changed after dist/ was built; npm run build to measure the current code\n`);
}

const round = (x, digits = 6) => Number(x.toPrecision(digits));

// tcN: the threaded instance, or null (no threads here): its column and
// the speed-up, tensorcast's time on one thread over its time on N.
function runWorkload(tc, tcN, tf, workload, options) {
  const { size, warmup, reps, keepValues, flush } = options;
  const dtype = dtypeOf(workload);
  const data = inputShapes(workload, size).map((shape, k) => valuesOf(dtype, numel(shape), k + 1));
  const moved = bytesMoved(workload, size);
  const bytes = moved.read + moved.write;
  const calls = workload[size].calls ?? 1;
  const noTfjs = tfjsLacks(workload);
  const contestants = {
    tensorcast: prepareTensorcast(tc, workload, size, data),
    ...(tcN ? { tensorcastThreads: prepareTensorcast(tcN, workload, size, data) } : {}),
    ...(noTfjs ? {} : { tfjs: prepareTfjs(tf, workload, size, data) }),
    js: preparePlain(workload, size, data),
    probe: prepareProbe(tc, moved, calls),
  };
  try {
    const runs = Object.fromEntries(Object.entries(contestants).map(([name, c]) => [name, c.run]));
    const timed = measure(runs, { warmup, reps, calls, flush });
    const values = Object.fromEntries(
      ['tensorcast', 'tensorcastThreads', 'tfjs', 'js'].filter((name) => contestants[name]).map((name) => [name, contestants[name].values()]));
    const median = Object.fromEntries(Object.entries(timed).map(([name, t]) => [name, round(t.median)]));
    const ratios = {
      tensorcastToTfjs: noTfjs ? null : round(timed.tensorcast.median / timed.tfjs.median, 4),
      tensorcastToProbe: round(timed.tensorcast.median / timed.probe.median, 4),
      tfjsToProbe: noTfjs ? null : round(timed.tfjs.median / timed.probe.median, 4),
      threadSpeedup: tcN ? round(timed.tensorcast.median / timed.tensorcastThreads.median, 4) : null,
    };
    const elements = Math.max(...inputShapes(workload, size).map(numel));
    const targets = [...targetsFor(workload.group, ratios), ...(tcN ? threadTargetsFor(workload.group, elements, ratios) : [])];
    const row = {
      id: workload.id,
      title: describe(workload, size),
      kind: workload.kind,
      group: workload.group,
      dtype,
      ...(noTfjs ? { absent: { tfjs: noTfjs } } : {}),
      shapes: workload[size],
      bytes,
      readBytes: moved.read,
      writeBytes: moved.write,
      calls,
      unit: 'ms per call',
      median,
      // GB/s at the median, counting the bytes the workload must move.
      bandwidthGBs: Object.fromEntries(Object.entries(timed).map(([name, t]) => [name, round(bytes / calls / t.median / 1e6, 4)])),
      // matmul rows: GFLOP/s at the median (2 flops per multiply-add).
      ...(workload.kind.startsWith('matmul')
        ? { gflops: Object.fromEntries(['tensorcast', 'tfjs', 'js'].filter((name) => timed[name])
          .map((name) => [name, round(matmulFlops(workload, size) / timed[name].median / 1e6, 4)])) }
        : {}),
      ratios,
      targets,
      pass: targets.every((t) => t.pass),
      check: {
        tensorcastEqualsTfjs: noTfjs ? null : compareValues(values.tensorcast, values.tfjs, workload.rtol),
        tensorcastEqualsJs: compareValues(values.tensorcast, values.js, workload.rtol),
        // The same bits on N threads (Note [Threads], src/engine/parallel.h).
        threadsSameBits: tcN ? sameBits(values.tensorcast, values.tensorcastThreads) : null,
      },
      // Each contestant's result arrays by type, e.g. Int32Array: the
      // dtype each one computed in (values, if kept, are plain arrays).
      valueTypes: Object.fromEntries(Object.entries(values).map(([name, v]) => [name, v.map((a) => a.constructor.name)])),
      samples: Object.fromEntries(Object.entries(timed).map(([name, t]) => [name, t.samples.map((x) => round(x, 4))])),
    };
    if (keepValues) row.values = Object.fromEntries(Object.entries(values).map(([name, v]) => [name, v.map((a) => Array.from(a))]));
    return row;
  } finally {
    for (const c of Object.values(contestants)) c.dispose();
  }
}

function sameBits(one, many) {
  return one.length === many.length && one.every((a, k) => {
    const b = many[k];
    const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    return x.length === y.length && x.every((v, i) => v === y[i]);
  });
}

function sizeRow() {
  const s = sizes(DIST);
  const target = sizeTarget(s.tensorcast.gzip);
  return {
    id: 'size',
    title: 'size: .wasm + JS glue (tfjs: core + wasm backend, SIMD)',
    kind: 'size',
    group: 'size',
    unit: 'bytes',
    sizes: s,
    ratios: { tensorcastToTfjs: round(s.tensorcast.gzip / s.tfjs.gzip, 4) },
    targets: [target],
    pass: target.pass,
  };
}

// options: { size: 'full' | 'tiny', warmup, reps, only: ids | undefined,
// keepValues, log(line) }
export async function runBench(options) {
  const log = options.log ?? (() => {});
  const loadBefore = load();
  const tc = await loadTensorcast();
  const threaded = await loadTensorcast({ threads: Math.min(os.availableParallelism(), 8) });
  const tcN = threaded.threads > 1 ? threaded : null;
  const { tf, info } = await loadTfjs();
  const workloads = options.only ? WORKLOADS.filter((w) => options.only.includes(w.id)) : WORKLOADS;
  const flush = makeFlush();
  const rows = [];
  for (const workload of workloads) {
    log(`  ${describe(workload, options.size)} ...`);
    rows.push(runWorkload(tc, tcN, tf, workload, { ...options, flush }));
  }
  rows.push(sizeRow());
  return {
    machine: { ...machine(), load: { before: loadBefore, after: load() } },
    settings: { size: options.size, warmup: options.warmup, reps: options.reps, cacheFlushBytes: flush.bytes },
    tensorcast: { simd: tc.simd, threads: threaded.threads },
    tfjs: info,
    rows,
    pass: rows.every((r) => r.pass),
  };
}
