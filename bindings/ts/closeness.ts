// torch.isclose's rule for one pair of values, as torch.allclose applies it
// to every broadcast pair: equal values (infinities of one sign included)
// are close, NaNs only with equal_nan, any other pair within
// atol + rtol * |other| of each other. Computed in double.
export function isClose(a: number, b: number, rtol: number, atol: number, equalNan: boolean): boolean {
  if (a === b) return true;
  if (Number.isNaN(a) || Number.isNaN(b)) return equalNan && Number.isNaN(a) && Number.isNaN(b);
  const error = Math.abs(a - b);
  return Number.isFinite(error) && error <= atol + Math.abs(rtol * b);
}
