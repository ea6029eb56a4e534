// Calls that come after the pool's workers have gone to sleep (Note
// [Workers that come late], src/engine/parallel.cpp): a sum over dim 1 of
// [2048,2048] float32, `gap` ms of idle before each call (0: back to back),
// 6 rounds of 100 calls; per round the median, the largest and the calls
// over 2 ms. One module per process, as a program loads it.
//   node bench/pool-idle.js [THREADS] [GAP_MS] [DIST]
//   (threads 1 is the plain SIMD module, 2 the threaded one)
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [threads = '2', gapArg = '2', dist = 'dist'] = process.argv.slice(2);
const gap = Number(gapArg);
const { init } = await import(pathToFileURL(path.resolve(dist, 'index.js')).href);
const tc = await init({ threads: Number(threads) });
const idle = new Int32Array(new SharedArrayBuffer(4));
const x = tc.ones([2048, 2048]);
for (let round = 0; round < 6; round++) {
  const ms = [];
  for (let i = 0; i < 100; i++) {
    if (gap) Atomics.wait(idle, 0, 0, gap);
    const t = performance.now();
    x.sum(1).dispose();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const over = ms.filter((v) => v > 2).length;
  console.log(`round ${round}: median ${ms[50].toFixed(2)} ms, largest ${ms[99].toFixed(2)} ms, ${over} over 2 ms`);
}
process.exit(0);
