// Inputs whose every result in these workloads is exact in float32:
// quarters in [-1, 1]. Sums of up to 2^20 of them stay multiples of 1/4
// below 2^22, products are sixteenths, so any summation order gives the same
// bits, and tensorcast, tfjs and the plain loops can be compared for
// equality rather than within a tolerance.
export function quarters(count, seed) {
  const values = new Float32Array(count);
  // A multiplier coprime to 9 walks all nine values in a scrambled order.
  for (let i = 0; i < count; i++) values[i] = (((i * 7919 + seed * 104729) % 9) - 4) / 4;
  return values;
}

export function numel(shape) {
  return shape.reduce((n, size) => n * size, 1);
}
