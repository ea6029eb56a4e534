// The page's part of bench/browser-threads.js: a few of the bench's rows on
// tensorcast (1 thread and ?tc threads) and on tfjs's wasm backend (?tfjs
// threads: 1 is its SIMD build, more its threaded SIMD build), interleaved
// as bench/measure.js times them, without its cache flush; the medians in
// window.benchResult.
import * as tf from '@tensorflow/tfjs-core';
import { getThreadsCount, setThreadsCount, setWasmPaths } from '/node_modules/@tensorflow/tfjs-backend-wasm/dist/tf-backend-wasm.fesm.min.js';
import { init } from '/dist/index.js';
import { measure } from '/bench/measure.js';

const params = new URLSearchParams(location.search);
const tfjsThreads = Number(params.get('tfjs'));
const tcThreads = params.has('tc') ? Number(params.get('tc')) : 0;
const REPS = 15;
const WARMUP = 3;

setWasmPaths('/node_modules/@tensorflow/tfjs-backend-wasm/dist/');
if (tfjsThreads === 1) tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
else setThreadsCount(tfjsThreads);
if (!(await tf.setBackend('wasm'))) throw new Error('tfjs: the wasm backend did not initialise');
await tf.ready();

const fill = (n) => Float32Array.from({ length: n }, (_, i) => ((i * 7919) % 1000) / 1000 - 0.5);

// Each workload: its inputs made once per contestant, then one call per sample.
const WORKLOADS = [
  { id: 'add', title: 'add [4096,1024] + [4096,1024]', shapes: [[4096, 1024], [4096, 1024]],
    tc: (a, b) => a.add(b), tfjs: (a, b) => tf.add(a, b) },
  { id: 'sum0', title: 'sum [2048,2048] over dim 0', shapes: [[2048, 2048]],
    tc: (x) => x.sum(0), tfjs: (x) => tf.sum(x, 0) },
  { id: 'softmax', title: 'softmax [4096,1024] over dim 1', shapes: [[4096, 1024]],
    tc: (x) => x.softmax(1), tfjs: (x) => tf.softmax(x) },
  { id: 'matmul', title: 'matmul [1024,1024] @ [1024,1024]', shapes: [[1024, 1024], [1024, 1024]],
    tc: (a, b) => a.matmul(b), tfjs: (a, b) => tf.matMul(a, b) },
];

function contestants(w, cores) {
  const made = {};
  for (const [name, tc] of Object.entries(cores)) {
    const inputs = w.shapes.map((s) => tc.tensor(fill(s[0] * s[1]), { shape: s }));
    made[name] = () => w.tc(...inputs).dispose();
  }
  const inputs = w.shapes.map((s) => tf.tensor(fill(s[0] * s[1]), s));
  made.tfjs = () => w.tfjs(...inputs).dispose();
  return made;
}

const cores = {};
if (tcThreads > 0) {
  cores.tc1 = await init({ threads: 1 });
  cores.tcN = await init({ threads: tcThreads });
}
const rows = [];
for (const w of WORKLOADS) {
  const timed = measure(contestants(w, cores), { warmup: WARMUP, reps: REPS });
  rows.push({ id: w.id, title: w.title, median: Object.fromEntries(Object.entries(timed).map(([n, t]) => [n, t.median])) });
}
window.benchResult = {
  crossOriginIsolated,
  tcThreads: tcThreads > 0 ? cores.tcN.threads : null,
  tfjsThreads: getThreadsCount(),
  tfjsBackend: tf.getBackend(),
  rows,
};
