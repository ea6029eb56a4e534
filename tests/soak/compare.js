// How the soak compares the core's numbers with the reference's. Exact where
// float32 arithmetic is exact, within a bound elsewhere. -0 equals 0 here:
// PyTorch itself gives -0 or 0 for maximum(-0, 0) depending on the kernel
// (SIGNED_ZERO in tests/reference/naive.js says how the soak keeps that
// from spreading).

const FLT_MAX = 3.4028234663852886e38;

function same(got, want) {
  if (Number.isNaN(want)) return Number.isNaN(got);
  return got === want;
}

/** Index of the first element that differs exactly, or -1. */
export function firstExactDifference(got, want) {
  if (got.length !== want.length) return 0;
  for (let k = 0; k < want.length; k++) if (!same(got[k], want[k])) return k;
  return -1;
}

/**
 * A result of exp, log, pow, div (one rounding in a libm): within 1e-5 of
 * the reference relative to itself (naive.h's bound for these ops), the
 * reference rounded as the result's dtype rounds (float32 by default).
 */
export function firstRelativeDifference(got, want, round = Math.fround) {
  if (got.length !== want.length) return 0;
  for (let k = 0; k < want.length; k++) {
    const w = round(want[k]);
    if (Number.isNaN(w) || !Number.isFinite(w)) {
      if (!same(got[k], w)) return k;
    } else if (!(Math.abs(got[k] - w) <= 1e-5 * Math.abs(w) + 1e-37)) {
      return k;
    }
  }
  return -1;
}

/**
 * A sum (or a gradient, a sum of products) of terms whose magnitudes add up
 * to abs[k]: float32 accumulation of n terms is off by at most about
 * n * 2^-24 * abs[k]. When the magnitudes pass float32's range the order of
 * additions decides between a finite value and an infinity: then only NaN
 * must agree.
 */
export function firstSumDifference(got, want, abs, terms) {
  if (got.length !== want.length) return 0;
  const bound = (terms + 2) * 1.2e-7;
  for (let k = 0; k < want.length; k++) {
    const w = want[k];
    if (Number.isNaN(w)) {
      if (!Number.isNaN(got[k])) return k;
    } else if (!Number.isFinite(abs[k]) || abs[k] > FLT_MAX / 2) {
      if (Number.isNaN(got[k]) && Number.isFinite(w)) return k;
    } else if (!(Math.abs(got[k] - w) <= bound * abs[k] + 1e-37)) {
      return k;
    }
  }
  return -1;
}

/** A short view of values for a failure message. */
export function show(values, around = 0) {
  const list = Array.from(values);
  const from = Math.max(0, around - 4);
  const part = list.slice(from, from + 10).map((v) => (Object.is(v, -0) ? '-0' : String(v)));
  return `[${from > 0 ? '..., ' : ''}${part.join(', ')}${from + 10 < list.length ? ', ...' : ''}] (${list.length} values)`;
}
