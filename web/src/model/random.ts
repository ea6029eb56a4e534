// Seeded pseudo-random values (mulberry32), so that "random" operands are
// the same for everyone who opens the same link.

export function seededUniform(seed: number, count: number): Float32Array {
  let s = seed >>> 0;
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    // Two decimals in [-1, 1): short enough to read in a cell.
    out[i] = Math.round((unit * 2 - 1) * 100) / 100;
  }
  return out;
}
