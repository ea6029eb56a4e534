// Interleaved timing: every repetition runs each contestant once, starting
// with a different one each time, so that a burst of load from the rest of
// the machine falls on all of them alike. flush() (bench/cache.js) runs
// before every sample, untimed, so that none inherits another's cache. Medians, not means: a sample that a build
// or the garbage collector interrupted sits at the end, not in the middle.
import { performance } from 'node:perf_hooks';

export function median(values) {
  const sorted = values.slice().sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// runs: { name: () => void }; each sample is divided by `calls` (a batch
// of calls per sample for ops below the timer's grain). Returns
// { name: { median, samples } } in milliseconds per call.
export function measure(runs, { warmup, reps, calls = 1, flush = () => {} }) {
  const names = Object.keys(runs);
  for (let w = 0; w < warmup; w++) for (const name of names) runs[name]();
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let r = 0; r < reps; r++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(r + k) % names.length];
      flush();
      const start = performance.now();
      runs[name]();
      samples[name].push((performance.now() - start) / calls);
    }
  }
  return Object.fromEntries(names.map((name) => [name, { median: median(samples[name]), samples: samples[name] }]));
}
