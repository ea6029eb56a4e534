// The dtype rules of the naive reference (naive.js beside it keeps shapes,
// views and autograd): PyTorch's type promotion (c10::promoteTypes,
// at::native::result_type in aten/src/ATen/native/TypeProperties.cpp),
// canCast (c10/core/ScalarType.h), conversions as c10::convert does them on
// x86 (c10/util/TypeCast.h), and each op's kernel for each dtype
// (aten/src/ATen/native/cpu/BinaryOpsKernel.cpp, ufunc/add.h, Pow.cpp,
// c10/util/generic_math.h), plus the checks PyTorch makes before or while
// computing (sub_check, alpha_check, the dispatch macros' "not
// implemented", ZeroDivisionError). Written from those sources, not from
// the core.
//
// Values: int64 as BigInt, every other dtype as a JS number (bool 0 or 1,
// float32 already rounded with Math.fround).

const ORDER = ['bool', 'uint8', 'int32', 'int64', 'float32', 'float64'];
const NAMES = { bool: 'Bool', uint8: 'Byte', int32: 'Int', int64: 'Long', float32: 'Float', float64: 'Double' };

export const isFloat = (d) => d === 'float32' || d === 'float64';
export const isIntegral = (d) => d === 'uint8' || d === 'int32' || d === 'int64';
/** PyTorch's ScalarType name, as its messages print it ('Long'). */
export const scalarTypeName = (d) => NAMES[d];

/** c10::promoteTypes restricted to the six dtypes: the later in ORDER. */
export function promoteTypes(a, b) {
  return ORDER[Math.max(ORDER.indexOf(a), ORDER.indexOf(b))];
}

/** The Python kind of a JS operand (README, "Dtypes"): a safe integer (not -0) is an int. */
export function numberDtype(x) {
  if (typeof x === 'boolean') return 'bool';
  if (typeof x === 'bigint') return 'int64';
  return Number.isSafeInteger(x) && !Object.is(x, -0) ? 'int64' : 'float32';
}

function combine(higher, lower) {
  if (isFloat(higher)) return higher;
  if (higher === 'bool' || isFloat(lower)) return higher === null ? lower : lower === null ? higher : promoteTypes(higher, lower);
  return higher ?? lower;
}

/**
 * torch.result_type over operands given as { dtype, ndim } or JS numbers:
 * tensors with dims, 0-D tensors and numbers are three categories, a lower
 * one counting only when it brings a float (or the higher is bool).
 */
export function resultType(operands) {
  let dim = null;
  let zero = null;
  let wrapped = null;
  const up = (acc, d) => (acc === null ? d : promoteTypes(acc, d));
  for (const o of operands) {
    if (typeof o !== 'object') wrapped = up(wrapped, numberDtype(o));
    else if (o.ndim > 0) dim = up(dim, o.dtype);
    else zero = up(zero, o.dtype);
  }
  return combine(dim, combine(zero, wrapped));
}

/** c10::canCast: never float to integral or bool, never non-bool to bool. */
export function canCast(from, to) {
  if (isFloat(from) && !isFloat(to)) return false;
  if (from !== 'bool' && to === 'bool') return false;
  return true;
}

export const castMessage = (from, to) => `result type ${NAMES[from]} can't be cast to the desired output type ${NAMES[to]}`;
// pow_ with a number exponent refuses the same casts in other words: its
// meta builds a loop over self.to(common) into self (Pow.cpp, check_all_same_dtype).
export const foundDtypeMessage = (self, expected) => `Found dtype ${NAMES[self]} but expected ${NAMES[expected]}`;

const INT64_MIN = -(2n ** 63n);
const TWO63 = 2 ** 63;

/** A float truncated to int64 as x86's cvttsd2si does: NaN, infinities and out of range give INT64_MIN. */
function floatToInt64(v) {
  if (!Number.isFinite(v) || v >= TWO63 || v < -TWO63) return INT64_MIN;
  return BigInt(Math.trunc(v));
}

/** int64 to float32 with one rounding (Math.fround(Number(v)) would round twice). */
function int64ToFloat32(v) {
  const neg = v < 0n;
  let a = neg ? -v : v;
  const bits = a.toString(2).length;
  if (bits <= 24) return Number(v);
  const shift = BigInt(bits - 24);
  let q = a >> shift;
  const r = a - (q << shift);
  const half = 1n << (shift - 1n);
  if (r > half || (r === half && (q & 1n) === 1n)) q += 1n;
  a = Number(q) * 2 ** Number(shift);
  return neg ? -a : a;
}

/** A value (a reference value or a JS operand) converted to dtype `to` (c10::convert). */
export function cast(v, to) {
  if (typeof v === 'boolean') v = v ? 1 : 0;
  const big = typeof v === 'bigint';
  switch (to) {
    case 'bool':
      return (big ? v !== 0n : v !== 0) ? 1 : 0;
    case 'uint8':
      // Via int64, as c10 routes float -> uint8.
      return Number(BigInt.asUintN(8, big ? v : floatToInt64(v)));
    case 'int32':
      // x86's cvttss2si: NaN, infinities and out of range give INT32_MIN.
      if (!big) return Number.isFinite(v) && v < 2 ** 31 && v > -(2 ** 31) - 1 ? Math.trunc(v) || 0 : -(2 ** 31);
      return Number(BigInt.asIntN(32, v));
    case 'int64':
      return big ? BigInt.asIntN(64, v) : floatToInt64(v);
    case 'float32':
      return big ? int64ToFloat32(v) : Math.fround(v);
    default:
      return big ? Number(v) : v;
  }
}

const WRAP = {
  uint8: (v) => Number(BigInt.asUintN(8, v)),
  int32: (v) => Number(BigInt.asIntN(32, v)),
  int64: (v) => BigInt.asIntN(64, v),
};
const big = (v) => (typeof v === 'bigint' ? v : BigInt(v));

/** C's pow as PyTorch uses it: pow(1, y) is 1 for every y, pow(-1, ±inf) is 1. */
function powC(a, b) {
  if (a === 1 || b === 0) return 1;
  if (a === -1 && (b === Infinity || b === -Infinity)) return 1;
  return a ** b;
}

/** PyTorch's powi (integer ** integer, Pow.h): a negative exponent gives 0 unless the base is ±1. */
function powi(a, b, wrap) {
  if (b < 0n) {
    if (a === 1n) return wrap(1n);
    if (a === -1n) return wrap(-b % 2n === 0n ? 1n : -1n);
    return wrap(0n);
  }
  let result = 1n;
  let base = a;
  let e = b;
  while (e > 0n) {
    if (e & 1n) result = BigInt.asIntN(64, result * base);
    base = BigInt.asIntN(64, base * base);
    e >>= 1n;
  }
  return wrap(result);
}

/** c10::div_floor_floating, every step rounded in the dtype. */
function divFloorFloat(a, b, r) {
  if (b === 0) return r(a / b);
  const mod = a % b;
  let div = r(r(a - mod) / b);
  if (mod !== 0 && b < 0 !== mod < 0) div = r(div - 1);
  if (div === 0) {
    const q = r(a / b);
    return q < 0 || Object.is(q, -0) ? -0 : 0;
  }
  let floordiv = Math.floor(div);
  if (r(div - floordiv) > 0.5) floordiv = r(floordiv + 1);
  return floordiv;
}

/**
 * A float tensor ** a number, as PyTorch's pow_tensor_scalar_kernel
 * (aten/src/ATen/native/cpu/PowKernel.cpp) computes it: exponents 0.5,
 * 2, 3, -0.5, -1, -2 by sqrt, products and reciprocals (so (-inf) ** 0.5
 * is NaN, (-0) ** -0.5 is -inf), any other by pow; rounded in dtype d.
 */
export function powScalarKernel(e, d) {
  const r = d === 'float32' ? Math.fround : (x) => x;
  if (e === 0.5) return (a) => r(Math.sqrt(a));
  if (e === 2) return (a) => r(a * a);
  if (e === 3) return (a) => r(r(a * a) * a);
  if (e === -0.5) return (a) => r(1 / r(Math.sqrt(a)));
  if (e === -1) return (a) => r(1 / a);
  if (e === -2) return (a) => r(1 / r(a * a));
  return (a) => r(powC(a, e));
}

export class ZeroDivision extends Error {}

/**
 * The kernel of a binary op in compute dtype `d`: (a, b, alpha) with a and
 * b already in d; the result is in d (bool as 0/1). Throws ZeroDivision
 * for an integer divisor of 0.
 */
export function binaryKernel(op, d) {
  const r = d === 'float32' ? Math.fround : (x) => x;
  if (d === 'bool') {
    return {
      add: (a, b, alpha) => (a || (alpha !== 0 && b) ? 1 : 0),
      mul: (a, b) => (a && b ? 1 : 0),
      maximum: (a, b) => (a || b ? 1 : 0),
      minimum: (a, b) => (a && b ? 1 : 0),
    }[op];
  }
  if (isIntegral(d)) {
    const wrap = WRAP[d];
    switch (op) {
      case 'add':
        return (a, b, alpha) => wrap(big(a) + big(alpha) * big(b));
      case 'sub':
        return (a, b, alpha) => wrap(big(a) - big(alpha) * big(b));
      case 'mul':
        return (a, b) => wrap(big(a) * big(b));
      case 'pow':
        return (a, b) => powi(big(a), big(b), wrap);
      case 'maximum':
        return (a, b) => (a > b ? a : b);
      case 'minimum':
        return (a, b) => (a < b ? a : b);
      case 'floorDivide':
        return (a, b) => {
          const [x, y] = [big(a), big(b)];
          if (y === 0n) throw new ZeroDivision();
          let q = x / y;
          if (x % y !== 0n && x < 0n !== y < 0n) q -= 1n;
          return wrap(q);
        };
      case 'remainder':
        return (a, b) => {
          const [x, y] = [big(a), big(b)];
          if (y === 0n) throw new ZeroDivision();
          let m = x % y;
          if (m !== 0n && m < 0n !== y < 0n) m += y;
          return wrap(m);
        };
      default:
        return undefined;
    }
  }
  switch (op) {
    case 'add':
      return (a, b, alpha) => r(a + r(r(alpha) * b));
    case 'sub':
      return (a, b, alpha) => r(a - r(r(alpha) * b));
    case 'mul':
      return (a, b) => r(a * b);
    case 'div':
      return (a, b) => r(a / b);
    case 'pow':
      return (a, b) => r(powC(a, b));
    case 'maximum':
      return (a, b) => (Number.isNaN(a) || Number.isNaN(b) ? NaN : a > b ? a : b);
    case 'minimum':
      return (a, b) => (Number.isNaN(a) || Number.isNaN(b) ? NaN : a < b ? a : b);
    case 'floorDivide':
      return (a, b) => divFloorFloat(a, b, r);
    case 'remainder':
      return (a, b) => {
        let m = a % b;
        if (m !== 0 && b < 0 !== m < 0) m = r(m + b);
        return m;
      };
    default:
      return undefined;
  }
}

export const COMPARISONS = {
  eq: (a, b) => a === b,
  ne: (a, b) => a !== b,
  lt: (a, b) => a < b,
  le: (a, b) => a <= b,
  gt: (a, b) => a > b,
  ge: (a, b) => a >= b,
};

/** The dtype a binary op computes in, from the operands' common dtype. */
export function computeDtype(op, common) {
  // True division promotes integers (and bool) to the default float.
  if (op === 'div' && !isFloat(common)) return 'float32';
  return common;
}

const SUB_TWO = 'Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead.';
const SUB_ONE = 'Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.';
const NOT_IMPLEMENTED = { pow: 'pow', floorDivide: 'div_floor_cpu', remainder: 'remainder_cpu' };

/**
 * PyTorch's refusals of a binary op before the shapes are looked at
 * (sub_check; pow's integer-to-negative-power check): [kind, message] or null.
 * `x`, `y`: { dtype, ndim } or numbers.
 */
export function earlyRefusal(op, x, y) {
  const dt = (o) => (typeof o === 'object' ? o.dtype : numberDtype(o));
  if (op === 'sub') {
    if (dt(x) === 'bool' && dt(y) === 'bool') return ['type', SUB_TWO];
    if (dt(x) === 'bool' || dt(y) === 'bool') return ['type', SUB_ONE];
  }
  if (op === 'pow' && typeof x === 'object' && typeof y !== 'object' && !isFloat(x.dtype) && numberDtype(y) !== 'float32' && y < 0)
    return ['value', 'Integers to negative integer powers are not allowed.'];
  return null;
}

/** The refusals after promotion (alpha_check, the kernels' dispatch): [kind, message] or null. */
export function lateRefusal(op, common, alpha) {
  if ((op === 'add' || op === 'sub') && !isFloat(common) && numberDtype(alpha) === 'float32')
    return ['type', 'For integral input tensors, argument alpha must not be a floating point number.'];
  if (common === 'bool' && NOT_IMPLEMENTED[op]) return ['type', `"${NOT_IMPLEMENTED[op]}" not implemented for 'Bool'`];
  return null;
}

/** Unary ops: [kind, message] when PyTorch refuses the dtype, else { dtype, f }. */
export function unaryKernel(op, d) {
  if (d === 'bool' && op === 'neg') return ['type', 'Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.'];
  if (d === 'bool' && op === 'abs') return ['type', '"abs_cpu" not implemented for \'Bool\''];
  if (d === 'bool' && op === 'relu') return ['type', 'Boolean inputs not supported for relu'];
  if (op === 'exp' || op === 'log' || op === 'sqrt') {
    const out = isFloat(d) ? d : 'float32';
    const r = out === 'float32' ? Math.fround : (x) => x;
    const f = Math[op];
    return { dtype: out, f: (a) => r(f(cast(a, out))) };
  }
  if (isIntegral(d)) {
    const wrap = WRAP[d];
    const f = {
      neg: (a) => wrap(-big(a)),
      abs: (a) => wrap(big(a) < 0n ? -big(a) : big(a)),
      relu: (a) => (a > 0 ? a : d === 'int64' ? 0n : 0),
    }[op];
    return { dtype: d, f };
  }
  const f = { neg: (a) => -a, abs: (a) => Math.abs(a), relu: (a) => (a > 0 || Number.isNaN(a) ? a : 0) }[op];
  return { dtype: d, f };
}

/** The dtype sum() gives: integers and bool in int64. */
export const sumDtype = (d) => (isFloat(d) ? d : 'int64');

/** A typed array for n values of dtype d, as the reference keeps them. */
export const arrayFor = (d, n) => (d === 'int64' ? new BigInt64Array(n) : new Float64Array(n));
