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

export const SIZE_LIMIT_BYTES = 150_000;

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
    text: '.wasm + glue at most 150 kB gzipped',
    limit: SIZE_LIMIT_BYTES,
    value: gzipBytes,
    pass: gzipBytes <= SIZE_LIMIT_BYTES,
  };
}
