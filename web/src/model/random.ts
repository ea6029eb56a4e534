// Seeded pseudo-random values (mulberry32), so that "random" operands are
// the same for everyone who opens the same link.

/** count numbers in [0, 1) from seed. */
function units(seed: number, count: number): Float64Array {
  let s = seed >>> 0;
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  return out;
}

/** Two decimals in [-1, 1): short enough to read in a cell (exact as doubles, for a float64 operand). */
export function seededDecimals(seed: number, count: number): Float64Array {
  return units(seed, count).map((unit) => Math.round((unit * 2 - 1) * 100) / 100);
}

export function seededUniform(seed: number, count: number): Float32Array {
  return Float32Array.from(seededDecimals(seed, count));
}

/** Whole numbers from min to max (both included): an integer operand's random values. */
export function seededIntegers(seed: number, count: number, min: number, max: number): Float64Array {
  return units(seed, count).map((unit) => min + Math.floor(unit * (max - min + 1)));
}
