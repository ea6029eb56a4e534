// The bench's targets, per group of workloads, as limits on ratios of
// medians from one run (README's Performance section says which are met and
// why the others are not). The sumTo to [2048,1] row (a sum over the
// trailing dim, not the leading ones) has no target of its own; it gets the
// general one, no slower than tfjs. A row without tfjs (float64, which
// tfjs lacks) has the elementwise rows' target against the probe only.
const TFJS = 'tensorcastToTfjs';
const PROBE = 'tensorcastToProbe';

const LIMITS = {
  elementwise: [[TFJS, 1, 'no slower than tfjs'], [PROBE, 1.3, 'within 1.3x of the probe']],
  'no-tfjs': [[PROBE, 1.3, 'within 1.3x of the probe']],
  'off-fast-path': [
    [TFJS, 0.5, '2x faster than tfjs'],
    [PROBE, 1.3, 'within 1.3x of the probe'],
  ],
  'sumto-leading': [[TFJS, 1 / 20, '20x faster than tfjs'], [PROBE, 1.5, 'within 1.5x of the probe']],
  sumto: [[TFJS, 1, 'no slower than tfjs']],
  backward: [[TFJS, 1 / 10, '10x faster than tfjs']],
  small: [[TFJS, 1 / 2, 'half of tfjs per call']],
  // Reductions over dims: one read and one write, near the probe's.
  reduction: [[TFJS, 1, 'no slower than tfjs'], [PROBE, 1.5, 'within 1.5x of the probe']],
  // matmul: XNNPACK's GEMM on one core is the bar; batched products gain
  // from never materialising a broadcast operand.
  gemm: [[TFJS, 1.25, 'within 1.25x of tfjs']],
  'batched-gemm': [[TFJS, 0.5, '2x faster than tfjs']],
};

// Level with tfjs-core and its SIMD wasm backend (247 kB gzipped when the
// target was set).
export const SIZE_LIMIT_BYTES = 250_000;

export function targetsFor(group, ratios) {
  const limits = LIMITS[group];
  if (!limits) throw new Error(`no targets for group '${group}'`);
  return limits.map(([ratio, limit, text]) => ({
    text,
    ratio,
    limit,
    value: ratios[ratio],
    pass: ratios[ratio] <= limit,
  }));
}

export function sizeTarget(gzipBytes) {
  return {
    text: '.wasm + glue at most 250 kB gzipped',
    limit: SIZE_LIMIT_BYTES,
    value: gzipBytes,
    pass: gzipBytes <= SIZE_LIMIT_BYTES,
  };
}

// The threads column (Note [Threads], src/engine/parallel.h): tensorcast
// on N threads against itself on one, in the same run. Large elementwise,
// sumTo and backward rows 1.6x (two threads on this 2-core machine: the
// bandwidth two cores draw), matmul 1.8x; a row under 64k elements must
// not be slower (it stays on the calling thread: Note [Thread threshold]),
// within 5% for the timer's noise.
const THREAD_LIMITS = {
  elementwise: 1.6,
  'off-fast-path': 1.6,
  'sumto-leading': 1.6,
  sumto: 1.6,
  backward: 1.6,
  gemm: 1.8,
};
const SMALL_ELEMENTS = 65536;

export function threadTargetsFor(group, elements, ratios) {
  const speedup = ratios.threadSpeedup;
  if (elements < SMALL_ELEMENTS)
    return [{ text: 'no slower on N threads', ratio: 'threadSpeedup', limit: 0.95, value: speedup, pass: speedup >= 0.95, atLeast: true }];
  const limit = THREAD_LIMITS[group];
  if (limit === undefined) return [];
  return [{ text: `${limit}x faster on N threads`, ratio: 'threadSpeedup', limit, value: speedup, pass: speedup >= limit, atLeast: true }];
}
