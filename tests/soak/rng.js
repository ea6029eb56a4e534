// A seeded generator, so that a soak run is reproduced by its seed alone:
// nothing the soak decides may depend on anything but this stream (not on
// the clock, not on what the module returns).

/** sfc32: small, fast, and its 128-bit state fits four integers. */
export class Rng {
  constructor(seed) {
    // splitmix32 spreads a small seed over the whole state.
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32() {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** An integer in [0, n). */
  int(n) {
    return Math.floor((this.u32() / 4294967296) * n);
  }

  /** An integer in [lo, hi]. */
  range(lo, hi) {
    return lo + this.int(hi - lo + 1);
  }

  chance(p) {
    return this.u32() / 4294967296 < p;
  }

  pick(list) {
    return list[this.int(list.length)];
  }

  /** A key of `weights` ({ name: weight }), with probability by weight. */
  weighted(weights) {
    let total = 0;
    for (const w of Object.values(weights)) total += w;
    let r = (this.u32() / 4294967296) * total;
    for (const [key, w] of Object.entries(weights)) {
      r -= w;
      if (r < 0) return key;
    }
    return Object.keys(weights)[0];
  }

  shuffle(list) {
    const out = list.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}

/**
 * The values a soak tensor is made from: small integers and halves, with
 * now and then a -0, NaN or an infinity. Small so that sums and products
 * stay exact in float32 for a while. Replay scripts import it to rebuild a
 * tensor from (seed, count) instead of spelling out its values.
 */
export function values(seed, count, { finite = false, ints = false, big = false } = {}) {
  // Integers (Python ints for the package: no -0, no halves), or BigInts
  // with now and then one near int64's limits, so that int64 wraps.
  if (ints || big) {
    const whole = values(seed, count, { finite: true }).map((v) => Math.trunc(v) + 0);
    if (!big) return whole;
    const rng = new Rng(seed ^ 0x5bd1e995);
    const edges = [2n ** 63n - 1n, -(2n ** 63n), 2n ** 62n, -(2n ** 62n) - 3n, 2n ** 32n + 1n, 2n ** 31n, -(2n ** 31n) - 1n, 3n * 2n ** 40n];
    return whole.map((v) => (rng.chance(0.15) ? BigInt.asIntN(64, rng.pick(edges) + BigInt(v)) : BigInt(v)));
  }
  const rng = new Rng(seed);
  const out = new Array(count);
  for (let i = 0; i < count; i++) {
    const r = rng.int(1000);
    if (r < 10) out[i] = -0;
    else if (r < 14 && !finite) out[i] = NaN;
    else if (r < 18 && !finite) out[i] = rng.chance(0.5) ? Infinity : -Infinity;
    else if (r < 150) out[i] = rng.range(-8, 8) / 2;
    else out[i] = rng.range(-4, 4);
  }
  return out;
}
