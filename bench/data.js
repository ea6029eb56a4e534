// Inputs, per dtype, for which every contestant must give the same bits.
//
// float32: quarters in [-1, 1]. Sums of up to 2^20 of them stay multiples of
// 1/4 below 2^22, products are sixteenths, so any summation order gives the
// same bits, and tensorcast, tfjs and the plain loops can be compared for
// equality rather than within a tolerance.
// int32: the whole int32 range, so that about a quarter of the sums wrap
// (PyTorch's int32 add wraps; so do tfjs's and `| 0`).
// float64: doubles with 52-bit fractions that round when added; one
// IEEE addition per element rounds the same way everywhere.
export function quarters(count, seed) {
  const values = new Float32Array(count);
  // A multiplier coprime to 9 walks all nine values in a scrambled order.
  for (let i = 0; i < count; i++) values[i] = (((i * 7919 + seed * 104729) % 9) - 4) / 4;
  return values;
}

// A 32-bit mix of (i, seed) (the finaliser of MurmurHash3): every bit of the
// result depends on every bit of i, so neighbours share no pattern.
function mix(i, seed) {
  let h = (i ^ Math.imul(seed, 0x9e3779b9)) | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

export function int32s(count, seed) {
  const values = new Int32Array(count);
  for (let i = 0; i < count; i++) values[i] = mix(i, seed);
  return values;
}

export function float64s(count, seed) {
  const values = new Float64Array(count);
  // A signed 32-bit integer over a 21-bit one, scaled: magnitudes up to 2^21,
  // mostly inexact quotients (full 53-bit mantissas), both signs.
  for (let i = 0; i < count; i++) values[i] = mix(i, seed) / ((mix(i, seed + 7) >>> 11) + 1) / 1024;
  return values;
}

const BY_DTYPE = { float32: quarters, int32: int32s, float64: float64s };

// Values of `dtype` for one input; seed tells a workload's inputs apart.
export function valuesOf(dtype, count, seed) {
  const make = BY_DTYPE[dtype];
  if (!make) throw new Error(`bench data: no values for dtype '${dtype}'`);
  return make(count, seed);
}

export const BYTES_PER_ELEMENT = { float32: 4, int32: 4, float64: 8 };

export function numel(shape) {
  return shape.reduce((n, size) => n * size, 1);
}
