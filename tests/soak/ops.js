// What the soak does, one kind of step each: the call on the package, the
// same thing in the naive reference (tests/reference/naive.js), and the
// comparison of the two (the outcome, the shape, dtype and strides at once;
// the values at once for inexact results and zero signs, else at the
// periodic full check). About one step in ten is refused on purpose (bad
// shapes, failed in-place ops, disposed tensors, policy 'raise', a second
// backward, bad arguments), and must be refused with the predicted kind of
// TensorcastError and change nothing.
//
// Tensors come in all six dtypes (float32 asked for explicitly where it is
// meant, since tc.tensor([1, 2]) is int64 as in PyTorch), and every result's
// dtype is PyTorch's (tests/reference/dtypes.js): promotion with numbers as
// Python ints or floats, bool's own arithmetic (add is or, mul and), the
// refusals with PyTorch's words, integers that wrap (int64 kept as BigInt),
// Python's floor division and remainder, conversions with .to().
//
// Each step also writes the JS line that replays it (`code`) and what it
// reads and writes (tensor names, storages, gradients), so that a failure
// can print only the steps it depends on (replay.js).
import {
  COMPARISONS,
  ZeroDivision,
  arrayFor,
  binaryKernel,
  canCast,
  cast,
  castMessage,
  foundDtypeMessage,
  computeDtype,
  earlyRefusal,
  isFloat,
  lateRefusal,
  numberDtype,
  powScalarKernel,
  resultType,
  scalarTypeName,
  sumDtype,
  unaryKernel,
} from '../reference/dtypes.js';
import {
  checkNow,
  Ref,
  backward,
  broadcastFrom,
  broadcastShapes,
  expandView,
  fmt,
  graphOf,
  inferShape,
  narrowView,
  numelOf,
  permuteView,
  record,
  squeezeView,
  stridesOf,
  sumInto,
  sumPlan,
  sumToPlan,
  transposeView,
  unsqueezeView,
  wrapDim,
} from '../reference/naive.js';

/** A number, boolean or BigInt as JS source (-0, NaN and the infinities included). */
export const lit = (x) => (Object.is(x, -0) ? '-0' : typeof x === 'bigint' ? `${x}n` : String(x));
/** A Python scalar operand: a number, a boolean (Python's bool) or a BigInt (an int beyond 2^53). */
const isScalar = (x) => typeof x === 'number' || typeof x === 'boolean' || typeof x === 'bigint';
const list = (xs) => `[${xs.map(lit).join(', ')}]`;

// The ops whose gradient the soak checks; the others run under noGrad when
// an input requires grad (their derivatives blow up on the soak's values).
const GRAD_BINARY = new Set(['add', 'sub', 'mul', 'maximum', 'minimum']);
const GRAD_UNARY = new Set(['neg', 'abs', 'relu']);
/** A graph larger than this is not extended (each backward walks it in JS). */
const GRAPH_CAP = 48;

// Local derivatives of the recorded binary ops (derivatives.yaml), at
// element k with operand values x (self) and y (other). MASKED is where
// PyTorch selects 0 (masked_fill, where) rather than multiplying the
// gradient by 0: a NaN gradient stays NaN times 0, but not a masked one.
const MASKED = null;
function binaryLocal(op, alpha, x, y) {
  switch (op) {
    case 'add':
      return [() => 1, () => alpha];
    case 'sub':
      return [() => 1, () => -alpha];
    case 'mul':
      return [(k) => y[k], (k) => x[k]];
    case 'maximum':
      return [(k) => (x[k] === y[k] ? 0.5 : x[k] < y[k] ? MASKED : 1), (k) => (x[k] === y[k] ? 0.5 : x[k] > y[k] ? MASKED : 1)];
    case 'minimum':
      return [(k) => (x[k] === y[k] ? 0.5 : x[k] > y[k] ? MASKED : 1), (k) => (x[k] === y[k] ? 0.5 : x[k] < y[k] ? MASKED : 1)];
    default:
      throw new Error(`no derivative for ${op}`);
  }
}

/** Gradient of an input that element k of the output read at from[k]. */
function scatter(g, from, nIn, local, abs) {
  const out = new Float64Array(nIn);
  for (let k = 0; k < g.length; k++) {
    const d = local ? local(k) : 1;
    if (d !== MASKED) out[from[k]] += g[k] * (abs ? Math.abs(d) : d);
  }
  return out;
}

/** Records a node for an elementwise op whose operands are read through broadcastFrom. */
function recordElementwise(out, operands, locals, saves) {
  const froms = operands.map((o) => (o && o.requiresGrad ? broadcastFrom(o.shape, out.shape) : null));
  record(
    out,
    operands.map((o) => (o instanceof Ref ? o : null)),
    (g, abs) => operands.map((o, i) => (froms[i] ? scatter(g, froms[i], o.numel, locals[i], abs) : null)),
    saves,
  );
}

/** Records a view (or a copy of the same elements): element k read input element from[k]. */
function recordGather(out, input, from) {
  record(out, [input], (g) => [scatter(g, from, input.numel)], false);
}

/** Records a sum: input element i added into output element to[i]. */
function recordSum(out, input, to) {
  record(out, [input], (g, abs) => [Float64Array.from(to, (o) => (abs ? Math.abs(g[o]) : g[o]))], false);
}

// --- shapes the soak asks for

const NDIM = { 0: 6, 1: 18, 2: 24, 3: 20, 4: 14, 5: 10, 6: 8 };
const MAX_NUMEL = 512;

export function randomShape(rng) {
  const ndim = Number(rng.weighted(NDIM));
  for (;;) {
    const shape = Array.from({ length: ndim }, () => (rng.chance(0.03) ? 0 : rng.chance(0.2) ? 1 : rng.range(2, 5)));
    if (numelOf(shape) <= MAX_NUMEL) return shape;
  }
}

/** A shape that broadcasts with `shape` (either may be the larger), not to a much larger result. */
export function compatibleShape(rng, shape) {
  const limit = Math.max(4 * MAX_NUMEL, numelOf(shape));
  for (let tries = 0; tries < 50; tries++) {
    const ndim = rng.range(Math.max(0, shape.length - 2), Math.min(6, shape.length + 2));
    const out = [];
    for (let i = 0; i < ndim; i++) {
      const j = shape.length - ndim + i;
      if (j < 0) out.push(rng.chance(0.5) ? 1 : rng.range(2, 3));
      else if (shape[j] === 1) out.push(rng.chance(0.6) ? 1 : rng.range(2, 4));
      else out.push(rng.chance(0.3) ? 1 : shape[j]);
    }
    const joint = broadcastShapes([shape, out]);
    if (joint.shape && numelOf(joint.shape) <= limit) return out;
  }
  return shape.slice();
}

/** A shape that does not broadcast with `shape`, or null if every dim is 1. */
function clashingShape(rng, shape) {
  const dims = shape.map((s, d) => d).filter((d) => shape[d] !== 1);
  if (dims.length === 0) return null;
  const out = shape.slice();
  const d = rng.pick(dims);
  out[d] = shape[d] === 2 ? 3 : 2;
  return out;
}

// --- operands

function operandCode(x) {
  return isScalar(x) ? lit(x) : `T.${x.name}`;
}
const refOf = (x) => (isScalar(x) ? x : x.r);
/** What torch.result_type sees of an operand: a number, or a dtype and a rank. */
const meta = (x) => (isScalar(x) ? x : { dtype: x.r.dtype, ndim: x.r.shape.length });

/** An operand (a number or a slot) as values over `shape`, converted to dtype d. */
function valuesIn(x, shape, d) {
  const n = numelOf(shape);
  const out = arrayFor(d, n);
  if (isScalar(x)) return out.fill(cast(x, d));
  const v = x.r.values();
  const from = broadcastFrom(x.r.shape, shape);
  for (let k = 0; k < n; k++) out[k] = cast(v[from[k]], d);
  return out;
}

/** A slot-like operand for an intermediate result (tidy's temporaries). */
function temporary(shape, dtype, values) {
  const strides = [];
  let unit = 1;
  for (let d = shape.length - 1; d >= 0; d--) {
    strides[d] = unit;
    unit *= Math.max(shape[d], 1);
  }
  return { r: Ref.fresh(shape, dtype, values, { strides, offset: 0 }) };
}

/**
 * op(x, y) over the broadcast shape as PyTorch computes it, once the shapes
 * are known to broadcast: { dtype, values, xv, yv } (the operands in the
 * compute dtype, for the derivatives), or { refusal: [kind, message] } for
 * what PyTorch refuses after promotion (alpha, bool kernels, division by 0).
 */
function compute(op, x, y, alpha, shape) {
  const common = resultType([meta(x), meta(y)]);
  const compare = COMPARISONS[op];
  const late = compare ? null : lateRefusal(op, common, alpha);
  if (late) return { refusal: late, common };
  const d = compare ? common : computeDtype(op, common);
  const xv = valuesIn(x, shape, d);
  const yv = valuesIn(y, shape, d);
  const n = numelOf(shape);
  if (compare) {
    const out = new Float64Array(n);
    for (let k = 0; k < n; k++) out[k] = compare(xv[k], yv[k]) ? 1 : 0;
    return { dtype: 'bool', common, values: out, xv, yv };
  }
  let f = binaryKernel(op, d);
  // A tensor ** a number has its own kernel (pow_tensor_scalar_kernel);
  // plain pow's answers are kept beside it for the known bug below.
  let plain = null;
  if (op === 'pow' && isFloat(d) && !isScalar(x) && isScalar(y)) {
    const g = powScalarKernel(cast(y, 'float64'), d);
    plain = f;
    f = (a) => g(a);
  }
  const out = arrayFor(d, n);
  // KNOWN CORE BUG (reported, not yet fixed in src/): with no element to
  // compute, PyTorch never runs the kernel that raises ZeroDivisionError,
  // but the core checks the divisor first and raises for a 0 in it. Marked
  // here so that the steps accept only that refusal, and count it. (The
  // divisor as the kernel would read it: converted to the compute dtype.)
  const integral = !isFloat(d) && (op === 'floorDivide' || op === 'remainder');
  const divisorZero = integral && n === 0 && (isScalar(y) ? [y] : Array.from(y.r.values())).some((v) => Number(cast(v, d)) === 0);
  try {
    for (let k = 0; k < n; k++) out[k] = f(xv[k], yv[k], alpha);
  } catch (error) {
    if (error instanceof ZeroDivision) return { refusal: ['value', 'ZeroDivisionError'], common };
    throw error;
  }
  const alt = plain ? Array.from(xv, (a, k) => plain(a, yv[k])) : null;
  return { dtype: d, common, values: out, xv, yv, knownBug: divisorZero ? 'empty-zero-division' : null, alt };
}

/**
 * KNOWN CORE BUG (fixed in a branch not yet merged: "A float tensor ** a
 * number computes as PyTorch's pow_tensor_scalar_kernel"): the core
 * computes a float tensor ** 0.5 with pow, so (-inf) ** 0.5 is inf where
 * PyTorch's sqrt gives NaN. When every element that disagrees with
 * PyTorch's kernel is pow's answer, the step counts it and the core's
 * values are kept; any other difference still fails.
 */
function powValues(s, c, got, io) {
  if (!c.alt) return c.values;
  const close = (g, w) => (Number.isNaN(w) ? Number.isNaN(g) : !Number.isFinite(w) ? g === w : Math.abs(g - w) <= 1e-5 * Math.abs(w) + 1e-37);
  let differs = false;
  for (let k = 0; k < got.length; k++) {
    if (close(got[k], c.values[k])) continue;
    if (!close(got[k], c.alt[k])) return c.values;
    differs = true;
  }
  if (!differs) return c.values;
  s.metKnown('pow-scalar-kernel', io, false);
  return Float64Array.from(got);
}

/** Whether a step met the known core bug compute() marks, and the core showed it: then counted. */
function metKnownBug(s, c, result, io) {
  if (c?.knownBug !== 'empty-zero-division' || result.error?.message !== 'ZeroDivisionError') return false;
  s.metKnown('empty-zero-division', io);
  return true;
}

const escape = (m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Expects the first of `reasons` ([kind, message]), or, when `loose`, any of them. */
function expectRefusal(s, result, reasons, io, loose = false) {
  if (!loose || reasons.length === 1) return s.expectFailure(result, [reasons[0][0]], reasons[0][1], io);
  const messages = reasons.map((r) => r[1]);
  const pattern = messages.every((m) => m !== undefined) ? new RegExp(`^(${messages.map(escape).join('|')})$`) : undefined;
  return s.expectFailure(result, [...new Set(reasons.map((r) => r[0]))], pattern, io);
}
const reads = (...xs) => xs.filter((x) => x && !isScalar(x)).flatMap((x) => [x.name, `s${x.r.storage.id}`]);

/**
 * A pool tensor that broadcasts with `slot` (or, rarely, any that does not),
 * or a number. Never two big tensors whose outer product would have to be
 * checked element by element a million times.
 */
function partner(s, slot, { numbers = true, op = null } = {}) {
  if (numbers && s.rng.chance(0.12)) {
    // Python bools and ints beyond 2^53 too, but not where PyTorch checks a
    // scalar's range in the op's dtype (pow's exponent) or might compare an
    // out-of-range int with a narrow integer tensor.
    const wide = op !== 'where' && (slot.r.dtype === 'int64' || slot.r.dtype === 'bool' || isFloat(slot.r.dtype));
    const extra = op === 'pow' ? [] : [true, false, ...(wide ? [2n ** 62n, -(2n ** 60n) - 1n] : [])];
    return s.rng.pick([2, -1, 0.5, 0, -0, 3, NaN, Infinity, ...extra]);
  }
  const clash = s.rng.chance(0.05);
  return s.pick((o) => {
    const joint = broadcastShapes([slot.r.shape, o.r.shape]).shape;
    return clash ? joint === undefined : joint !== undefined && numelOf(joint) <= 4 * MAX_NUMEL;
  }) ?? 1;
}

function predictBroadcast(operands) {
  return broadcastShapes(operands.filter((x) => !isScalar(x)).map((x) => x.r.shape));
}

/** Whether PyTorch's autograd would record: grad mode on and some tensor input requires grad. */
const anyGrad = (xs) => xs.some((x) => x && !isScalar(x) && x.r.requiresGrad);

/** Whether the soak can follow the gradient through these inputs. */
function traceable(s, xs) {
  return xs.every((x) => isScalar(x) || !x.r.requiresGrad || (s.finite(x.r) && graphOf(x.r).length <= GRAPH_CAP));
}

// Broadcast policy (README): under 'warn' or 'raise', operands of different
// ranks (0-D and numbers exempt) and the outer-product pattern of the first
// two operands (each stretched along a dim where the other is not).
function policyFindings(operands) {
  const tensors = operands.filter((x) => !isScalar(x)).map((x) => x.r.shape);
  const found = [];
  const ranks = new Set(tensors.filter((t) => t.length > 0).map((t) => t.length));
  if (ranks.size > 1) found.push('rank-promotion');
  if (!isScalar(operands[0]) && !isScalar(operands[1])) {
    const [a, b] = [operands[0].r.shape, operands[1].r.shape];
    const n = Math.max(a.length, b.length);
    const pa = [...new Array(n - a.length).fill(1), ...a];
    const pb = [...new Array(n - b.length).fill(1), ...b];
    const aStretched = pa.some((v, i) => v === 1 && pb[i] > 1);
    const bStretched = pb.some((v, i) => v === 1 && pa[i] > 1);
    if (aStretched && bStretched) found.push('outer-product');
  }
  return found;
}

// --- the steps

// The dtype torch.tensor infers from a list: int64 when every value is a
// Python int (a safe integer, not -0), else float32; an empty list float32.
const inferred = (vals) => (vals.length > 0 && vals.every((v) => typeof v === 'bigint' || numberDtype(v) === 'int64') ? 'int64' : 'float32');

/**
 * torch.tensor(list, dtype=<integer>)'s check of each element by its
 * Python kind (python_scalars.h, unpackIntegral; c10::checked_convert):
 * the message when one overflows, else null. An int may be negative down
 * to -255 for uint8 (it wraps); a float must be finite and in range
 * (negative floats overflow uint8).
 */
function storeProblem(vals, dtype) {
  const [lo, hi] = { uint8: [0, 255], int32: [-(2 ** 31), 2 ** 31 - 1], int64: [-(2 ** 63), 2 ** 63] }[dtype];
  const bad = vals.some((v) => {
    if (typeof v === 'bigint' || numberDtype(v) === 'int64') {
      const b = BigInt(v);
      return dtype === 'uint8' ? b > 255n || b < -255n : dtype === 'int32' ? b > BigInt(hi) || b < BigInt(lo) : false;
    }
    return !Number.isFinite(v) || v < lo || v > hi;
  });
  return bad ? `value cannot be converted to type ${dtype} without overflow` : null;
}

/**
 * KNOWN PACKAGE BUG (reported, not fixed here): tc.tensor with an integer
 * dtype reads a list that holds any float as float64 throughout
 * (bindings/ts/tensorcast.ts, tensor(): the 'staged' dtype), so its ints
 * lose their kind: a negative int into uint8 is refused as a negative
 * float would be, and a BigInt beyond 2^53 is rounded (2^63 - 1 to 2^63,
 * then refused as out of range). Accepted only in
 * that case, counted, and the core's values kept.
 */
function metKnownStoreBug(s, vals, dtype, made, io) {
  const hasFloat = vals.some((v) => typeof v === 'number' && numberDtype(v) === 'float32');
  if (!hasFloat) return false;
  const negativeInt = dtype === 'uint8' && vals.some((v) => typeof v === 'number' && numberDtype(v) === 'int64' && v < 0);
  const wideInt = vals.some((v) => typeof v === 'bigint' && (v > 2n ** 53n || v < -(2n ** 53n)));
  const refused = made.error?.message === `value cannot be converted to type ${dtype} without overflow`;
  if (negativeInt && refused && !storeProblem(vals.map((v) => (typeof v === 'number' && numberDtype(v) === 'int64' ? Math.abs(v) : v)), dtype)) {
    s.metKnown('tensor-mixed-int-list', io);
    return true;
  }
  // 2^63 - 1 rounds up to 2^63, which int64 cannot hold.
  if (wideInt && refused && dtype === 'int64') {
    s.metKnown('tensor-mixed-int-list', io);
    return true;
  }
  if (wideInt && made.value) {
    const got = made.value.data();
    const want = vals.map((v) => cast(v, dtype));
    if (want.some((w, k) => got[k] !== w)) {
      made.value.dispose();
      s.metKnown('tensor-mixed-int-list', io);
      return true;
    }
  }
  return false;
}

function factory(s) {
  const rng = s.rng;
  const base = s.pool.length > 0 && rng.chance(0.5) ? s.pick() : null;
  const shape = base ? compatibleShape(rng, base.r.shape) : randomShape(rng);
  const n = numelOf(shape);
  const seed = rng.int(2 ** 31);
  const name = s.newName();
  const kind = rng.weighted({ data: 40, inferred: 6, float64: 5, leaf: 14, bool: 12, int64: 6, big: 4, int32: 4, uint8: 4, mixed: 3, zeros: 6, ones: 6, full: 6, arange: 6 });
  let code;
  let values;
  let dtype = 'float32';
  let requiresGrad = false;
  switch (kind) {
    case 'data':
    case 'float64':
      dtype = kind === 'data' ? 'float32' : 'float64';
      values = s.values(seed, n);
      code = `tc.tensor(values(${seed}, ${n}), { shape: ${list(shape)}, dtype: '${dtype}' })`;
      break;
    case 'inferred':
      // As torch.tensor infers it: int64 for integers, float32 else.
      values = s.values(seed, n);
      if (shape.length === 0 && rng.chance(0.5)) {
        code = `tc.tensor(values(${seed}, 1)[0])`;
        dtype = numberDtype(values[0]);
      } else {
        code = `tc.tensor(values(${seed}, ${n}), { shape: ${list(shape)} })`;
        dtype = inferred(values);
      }
      break;
    case 'leaf':
      dtype = rng.chance(0.8) ? 'float32' : 'float64';
      values = s.values(seed, n, { finite: true });
      requiresGrad = true;
      code = `tc.tensor(values(${seed}, ${n}, { finite: true }), { shape: ${list(shape)}, dtype: '${dtype}', requiresGrad: true })`;
      break;
    case 'bool':
      values = s.values(seed, n).map((v) => (v > 0 ? 1 : 0));
      dtype = 'bool';
      code = `tc.tensor(values(${seed}, ${n}).map((v) => v > 0), { shape: ${list(shape)}, dtype: 'bool' })`;
      break;
    case 'int64':
      // Integers alone: int64 by inference (float32 when there are none).
      values = s.values(seed, n, { ints: true });
      dtype = inferred(values);
      code = `tc.tensor(values(${seed}, ${n}, { ints: true }), { shape: ${list(shape)} })`;
      break;
    case 'big':
      values = s.values(seed, n, { big: true });
      dtype = inferred(values);
      code = `tc.tensor(values(${seed}, ${n}, { big: true }), { shape: ${list(shape)} })`;
      break;
    case 'int32':
      // Halves truncated, as torch.tensor(..., dtype=torch.int32) does.
      dtype = 'int32';
      values = s.values(seed, n, { finite: true });
      code = `tc.tensor(values(${seed}, ${n}, { finite: true }), { shape: ${list(shape)}, dtype: 'int32' })`;
      break;
    case 'uint8':
      // Negative ints wrap (torch.tensor([-1], dtype=torch.uint8) is 255).
      dtype = 'uint8';
      values = s.values(seed, n, { ints: true });
      code = `tc.tensor(values(${seed}, ${n}, { ints: true }), { shape: ${list(shape)}, dtype: 'uint8' })`;
      break;
    case 'mixed': {
      // Python ints and floats in one list with an integer dtype: each
      // element is converted by its own kind (torch.tensor's store_scalar).
      dtype = rng.pick(['uint8', 'int32', 'int64']);
      const filler = rng.pick([0.5, 2.5, -0.5, -0]);
      const source = dtype === 'int64' ? '{ big: true }' : '{ ints: true }';
      code = `tc.tensor(values(${seed}, ${n}, ${source}).map((v, i) => (i % 3 === 1 ? ${lit(filler)} : v)), { shape: ${list(shape)}, dtype: '${dtype}' })`;
      values = s.values(seed, n, dtype === 'int64' ? { big: true } : { ints: true }).map((v, i) => (i % 3 === 1 ? filler : v));
      const overflow = storeProblem(values, dtype);
      const io = { code: `T.${name} = ${code};`, reads: [] };
      const made = s.attempt(() => s.run(code));
      if (metKnownStoreBug(s, values, dtype, made, io)) return;
      if (overflow) return s.expectFailure(made, ['value'], overflow, io);
      s.expectSuccess(made, code, io);
      s.addFresh(name, made.value, shape, dtype, values, { ...io, inexact: 'exact' });
      return;
    }
    case 'zeros':
    case 'ones': {
      values = new Array(n).fill(kind === 'zeros' ? 0 : 1);
      const sizes = shape.length === 0 ? '[]' : rng.chance(0.5) ? list(shape) : shape.map(lit).join(', ');
      if (rng.chance(0.3)) {
        dtype = rng.pick(['bool', 'uint8', 'int32', 'int64', 'float64']);
        code = `tc.${kind}(${shape.length === 0 || sizes.startsWith('[') ? sizes : `[${sizes}]`}, { dtype: '${dtype}' })`;
      } else code = `tc.${kind}(${sizes})`;
      break;
    }
    case 'full': {
      // A number fills float32 (README, "Dtypes": not PyTorch's int64 for
      // 7); a BigInt int64, a boolean bool (torch.full's inference).
      const v = rng.pick([0.5, -3, 7, -0, 7n, -(2n ** 62n), true, false]);
      dtype = typeof v === 'bigint' ? 'int64' : typeof v === 'boolean' ? 'bool' : 'float32';
      values = new Array(n).fill(v);
      code = `tc.full(${list(shape)}, ${lit(v)})`;
      break;
    }
    default: {
      // arange(n) reshaped (in a tidy, so that the arange handle itself is
      // freed): the values 0..n-1 in row-major order, int64 as in PyTorch
      // unless float32 is asked for.
      dtype = rng.chance(0.5) ? 'int64' : 'float32';
      values = Array.from({ length: n }, (_, i) => (dtype === 'int64' ? BigInt(i) : i));
      code = `tc.tidy(() => tc.arange(${n}${dtype === 'int64' ? '' : ", { dtype: 'float32' }"}).reshape(${list(shape)}))`;
      break;
    }
  }
  const io = { code: `T.${name} = ${code};`, reads: [] };
  const made = s.attempt(() => s.run(code));
  s.expectSuccess(made, code, io);
  if (!made.value.isContiguous()) s.fail(`${code}: a new tensor is not contiguous (strides ${fmt(made.value.stride())})`, [], io);
  const slot = s.addFresh(name, made.value, shape, dtype, values, io);
  slot.r.requiresGrad = requiresGrad;
}

const BINARY_OPS = ['add', 'sub', 'mul', 'div', 'pow', 'maximum', 'minimum', 'floorDivide', 'remainder'];

function binary(s) {
  const rng = s.rng;
  const a = s.pick();
  if (!a) return factory(s);
  const op = rng.pick([...BINARY_OPS, ...Object.keys(COMPARISONS)]);
  let b = partner(s, a, { op });
  let x = a;
  if (isScalar(b) && rng.chance(0.3)) [x, b] = [b, a];
  const alpha = (op === 'add' || op === 'sub') && rng.chance(0.3) ? rng.pick([2, -1, 0.5, 0, -2]) : 1;
  const opts = alpha !== 1 ? `, { alpha: ${lit(alpha)} }` : '';
  let call = isScalar(x) || rng.chance(0.4) ? `tc.${op}(${operandCode(x)}, ${operandCode(b)}${opts})` : `${operandCode(x)}.${op}(${operandCode(b)}${opts})`;
  // Gradients are followed through the ops the reference differentiates.
  const grads = anyGrad([x, b]);
  const follow = grads && GRAD_BINARY.has(op) && traceable(s, [x, b]);
  let noGrad = grads && !follow;
  if (!noGrad && rng.chance(0.03)) noGrad = true;
  // Now and then under a broadcast policy.
  const policy = rng.chance(0.06) ? rng.pick(['warn', 'raise']) : null;
  if (policy) call = `tc.withBroadcastPolicy('${policy}', () => ${call})`;
  if (noGrad) call = `tc.noGrad(() => ${call})`;
  const name = s.newName();
  const code = `T.${name} = ${call};`;
  const before = s.warnings.length;
  const result = s.attempt(() => s.run(call));
  const joint = predictBroadcast([x, b]);
  const io = { code, reads: reads(x, b) };
  // PyTorch's order: sub's and pow's own checks, the shapes, then promotion.
  const early = earlyRefusal(op, meta(x), meta(b));
  if (early) return expectRefusal(s, result, [early], io);
  if (joint.error) return s.expectFailure(result, ['shape'], joint.error, io);
  const findings = policy ? policyFindings([x, b]) : [];
  const raised = policy === 'raise' && findings.length > 0;
  const c = compute(op, x, b, alpha, joint.shape);
  // The policy and a refusal after promotion: the core may name either.
  if (raised && c.refusal) return expectRefusal(s, result, [['policy', undefined], c.refusal], io, true);
  if (raised) return s.expectFailure(result, ['policy'], new RegExp(`^broadcast policy 'raise': ${op}: `), io);
  if (c.refusal) return expectRefusal(s, result, [c.refusal], io);
  if (metKnownBug(s, c, result, io)) return;
  s.expectSuccess(result, code, io);
  c.values = powValues(s, c, result.value.data(), io);
  const warned = s.warnings.slice(before).map((w) => w.warningKind);
  if (policy === 'warn' && warned.join() !== findings.join()) s.fail(`${call}: warnings [${warned}], expected [${findings}]`, [name], io);
  s.addFresh(name, result.value, joint.shape, c.dtype, c.values, { ...io, inexact: isFloat(c.dtype) ? checkNow(op) : null });
  const r = s.slot(name).r;
  if (follow && !noGrad) recordElementwise(r, [refOf(x), refOf(b)], binaryLocal(op, alpha, c.xv, c.yv), op !== 'add' && op !== 'sub');
}

// torch.result_type of two operands, asked directly, or an op's dtypes
// from tc.explain.promotion (nothing is made).
function promotion(s) {
  const a = s.pick();
  if (!a) return factory(s);
  let [x, y] = [a, partner(s, a)];
  if (s.rng.chance(0.5)) [x, y] = [y, x];
  const common = resultType([meta(x), meta(y)]);
  const op = s.rng.chance(0.5) ? null : s.rng.pick(['add', 'mul', 'div', 'maximum', 'eq', 'lt']);
  const call = op ? `tc.explain.promotion(${operandCode(x)}, ${operandCode(y)}, '${op}')` : `tc.resultType(${operandCode(x)}, ${operandCode(y)})`;
  const io = { code: `${call};`, reads: reads(x, y) };
  const result = s.attempt(() => s.run(call));
  s.expectSuccess(result, call, io);
  const got = op ? [result.value.commonDtype, result.value.computeDtype, result.value.resultDtype] : [result.value];
  const compute = op ? computeDtype(op, common) : null;
  const want = op ? [common, compute, COMPARISONS[op] ? 'bool' : compute] : [common];
  if (got.join() !== want.join()) s.fail(`${call} gave ${got.join(', ')}, expected ${want.join(', ')}`, [], io);
  s.logWrite(io);
}

/**
 * A tensor's values as JavaScript gives them back (README, "Dtypes"): bool
 * as booleans, int64 as numbers when every value is a safe integer and as
 * BigInts otherwise, every other dtype as numbers.
 */
function jsValues(r) {
  const v = Array.from(r.values());
  if (r.dtype === 'bool') return v.map((x) => x === 1);
  if (r.dtype === 'int64') return v.every((x) => x <= BigInt(Number.MAX_SAFE_INTEGER) && x >= -BigInt(Number.MAX_SAFE_INTEGER)) ? v.map(Number) : v;
  return v;
}

/** Nested arrays of `shape` from row-major values: PyTorch's tolist(). */
function nest(flat, shape) {
  if (shape.length === 0) return flat[0];
  const inner = numelOf(shape.slice(1));
  return Array.from({ length: shape[0] }, (_, i) => nest(flat.slice(i * inner, (i + 1) * inner), shape.slice(1)));
}

const sameValue = (a, b) => (typeof b === 'number' && Number.isNaN(b) ? typeof a === 'number' && Number.isNaN(a) : a === b);
function sameNested(a, b) {
  if (Array.isArray(b)) return Array.isArray(a) && a.length === b.length && b.every((x, i) => sameNested(a[i], x));
  return sameValue(a, b);
}

// Values read back: toArray() (tolist()) or item(), typed as JavaScript
// gives them; item() of more than one element is refused.
function read(s) {
  const a = s.pick();
  if (!a) return factory(s);
  const item = s.rng.chance(0.4);
  const call = `T.${a.name}.${item ? 'item' : 'toArray'}()`;
  const io = { code: `${call};`, reads: reads(a) };
  const result = s.attempt(() => s.run(call));
  if (item && a.r.numel !== 1) return s.expectFailure(result, ['value'], `a Tensor with ${a.r.numel} elements cannot be converted to Scalar`, io);
  s.expectSuccess(result, call, io);
  const flat = jsValues(a.r);
  const want = item ? flat[0] : nest(flat, a.r.shape);
  const text = (x) => JSON.stringify(x, (_, v) => (typeof v === 'bigint' ? `${v}n` : Number.isNaN(v) ? 'NaN' : v));
  if (!sameNested(result.value, want)) s.fail(`${call} gave ${text(result.value).slice(0, 200)}, expected ${text(want).slice(0, 200)}`, [a.name], io);
  s.logWrite(io);
}

function unary(s) {
  const a = s.pick();
  if (!a) return factory(s);
  const op = s.rng.pick(['neg', 'abs', 'exp', 'log', 'sqrt', 'relu']);
  const follow = a.r.requiresGrad && GRAD_UNARY.has(op) && traceable(s, [a]);
  let call = s.rng.chance(0.5) ? `T.${a.name}.${op}()` : `tc.${op}(T.${a.name})`;
  if (a.r.requiresGrad && !follow) call = `tc.noGrad(() => ${call})`;
  const name = s.newName();
  const io = { code: `T.${name} = ${call};`, reads: reads(a) };
  const result = s.attempt(() => s.run(call));
  const kernel = unaryKernel(op, a.r.dtype);
  if (Array.isArray(kernel)) return expectRefusal(s, result, [kernel], io);
  s.expectSuccess(result, call, io);
  const x = a.r.values();
  const out = arrayFor(kernel.dtype, x.length);
  for (let k = 0; k < x.length; k++) out[k] = kernel.f(x[k]);
  s.addFresh(name, result.value, a.r.shape, kernel.dtype, out, { ...io, inexact: isFloat(kernel.dtype) ? checkNow(op) : null });
  if (follow) {
    // relu's backward selects (threshold_backward); abs's multiplies by sgn.
    const local = { neg: () => -1, abs: (k) => Math.sign(x[k]), relu: (k) => (x[k] > 0 ? 1 : MASKED) }[op];
    recordElementwise(s.slot(name).r, [a.r], [local], op !== 'neg');
  }
}

function where(s) {
  const rng = s.rng;
  // A bool condition; now and then a uint8 one (PyTorch's deprecated
  // form, taken as nonzero) or another dtype (refused).
  const c = rng.chance(0.93) ? s.pick((o) => o.r.dtype === 'bool') : s.pick((o) => o.r.dtype !== 'bool');
  if (!c) return factory(s);
  const a = partner(s, c, { op: 'where' });
  let b = partner(s, c, { op: 'where' });
  const all = predictBroadcast([c, a, b]).shape;
  if (all && numelOf(all) > 4 * MAX_NUMEL) b = 0;
  const grads = anyGrad([a, b]);
  const follow = grads && traceable(s, [a, b]);
  let call = `tc.where(T.${c.name}, ${operandCode(a)}, ${operandCode(b)})`;
  if (grads && !follow) call = `tc.noGrad(() => ${call})`;
  const name = s.newName();
  const io = { code: `T.${name} = ${call};`, reads: reads(c, a, b) };
  const result = s.attempt(() => s.run(call));
  if (c.r.dtype !== 'bool' && c.r.dtype !== 'uint8')
    return s.expectFailure(result, ['type'], `where expected condition to be a boolean tensor, but got a tensor with dtype ${scalarTypeName(c.r.dtype)}`, io);
  const joint = predictBroadcast([c, a, b]);
  if (joint.error) return s.expectFailure(result, ['shape'], undefined, io);
  s.expectSuccess(result, call, io);
  // The two values promoted as torch.result_type(a, b) (the condition
  // takes no part), each converted to that dtype.
  const dtype = resultType([meta(a), meta(b)]);
  const cv = valuesIn(c, joint.shape, 'bool');
  const av = valuesIn(a, joint.shape, dtype);
  const bv = valuesIn(b, joint.shape, dtype);
  const out = arrayFor(dtype, cv.length);
  for (let k = 0; k < cv.length; k++) out[k] = cv[k] ? av[k] : bv[k];
  s.addFresh(name, result.value, joint.shape, dtype, out, io);
  if (follow) {
    recordElementwise(s.slot(name).r, [null, refOf(a), refOf(b)], [null, (k) => (cv[k] ? 1 : MASKED), (k) => (cv[k] ? MASKED : 1)], true);
    // where saves its condition, as PyTorch does: an in-place comparison
    // into it (a bool target) would make the backward refuse.
    c.r.storage.saved = true;
  }
}

function inplace(s) {
  const rng = s.rng;
  // Never written: a storage some graph node keeps for backward (PyTorch
  // would then refuse the backward, see the 'saved' step for that).
  const target = s.pick((o) => !o.r.storage.saved);
  if (!target) return factory(s);
  // Every in-place form of the op table: arithmetic and comparisons.
  const op = rng.pick(['add_', 'sub_', 'mul_', 'div_', 'pow_', 'floorDivide_', 'remainder_', 'eq_', 'ne_', 'lt_', 'le_', 'gt_', 'ge_']);
  const base = op.slice(0, -1);
  const comparison = COMPARISONS[base] !== undefined;
  let other = rng.chance(0.7) ? s.pick((o) => o.r.storage !== target.r.storage && broadcastShapes([target.r.shape, o.r.shape]).shape?.join() === target.r.shape.join()) : null;
  // Python bools as well, except as pow_'s exponent (PyTorch copies or fills there).
  if (!other) other = rng.chance(0.2) ? (s.pick((o) => o.r.storage !== target.r.storage) ?? 2) : rng.chance(0.1) ? target : rng.pick([2, -1, 0.5, 3, ...(op === 'pow_' ? [] : [true, false])]);
  const alpha = (op === 'add_' || op === 'sub_') && rng.chance(0.3) ? rng.pick([2, -1, 0.5]) : 1;
  const grad = rng.chance(0.9);
  let call = `T.${target.name}.${op}(${operandCode(other)}${alpha !== 1 ? `, { alpha: ${lit(alpha)} }` : ''})`;
  if (!grad) call = `tc.noGrad(() => ${call})`;
  const io = { code: `${call};`, reads: reads(target, other), writes: [`s${target.r.storage.id}`] };
  const result = s.attempt(() => s.run(call));
  // Every reason to refuse. Autograd's and the shapes' may come in either
  // order (the core may name any one); the dtype reasons come in PyTorch's
  // order (sub_check and pow's check, the cast into self, alpha, the kernel).
  const kinds = new Set();
  let message;
  if (grad && target.r.requiresGrad && target.r.isLeaf) {
    kinds.add('autograd');
    message = 'a leaf Variable that requires grad is being used in an in-place operation.';
  } else if (grad && anyGrad([target, other])) kinds.add('autograd');
  const joint = predictBroadcast([target, other]);
  if (joint.error) kinds.add('shape');
  else if (joint.shape.join() !== target.r.shape.join()) kinds.add('shape');
  if (target.r.overlaps()) kinds.add('shape');
  const dtypeReasons = [];
  const early = earlyRefusal(base, meta(target), meta(other));
  let c = null;
  if (early) dtypeReasons.push(early);
  else if (!joint.error) {
    // See Note [In-place dtypes]: computed as the out-of-place op, then cast
    // into self, which must not turn a float into an integer or anything
    // into bool; a comparison is written as 1 or 0 in self's dtype.
    const common = resultType([meta(target), meta(other)]);
    const d = comparison ? common : computeDtype(base, common);
    if (!comparison && !canCast(d, target.r.dtype))
      dtypeReasons.push(['type', base === 'pow' && typeof other !== 'object' ? foundDtypeMessage(target.r.dtype, d) : castMessage(d, target.r.dtype)]);
    else {
      c = compute(base, target, other, alpha, target.r.shape);
      if (c.refusal) dtypeReasons.push(c.refusal);
    }
  }
  // A target without elements never overlaps (PyTorch's has_internal_overlap).
  if (kinds.size > 0) {
    const all = [...kinds, ...dtypeReasons.map((r) => r[0])];
    return s.expectFailure(result, [...new Set(all)], kinds.size === 1 && dtypeReasons.length === 0 ? message : undefined, io);
  }
  if (dtypeReasons.length > 0) return expectRefusal(s, result, dtypeReasons, io);
  if (metKnownBug(s, c, result, io)) return;
  s.expectSuccess(result, call, io);
  if (c.alt && isFloat(target.r.dtype)) c.values = powValues(s, c, target.t.data(), io);
  const out = arrayFor(target.r.dtype, c.values.length);
  for (let k = 0; k < out.length; k++) out[k] = cast(c.values[k], target.r.dtype);
  target.r.write(out);
  if ((op === 'div_' || op === 'pow_') && isFloat(target.r.dtype)) s.adoptValues(target, 'relative', io);
  s.logWrite(io);
}

function view(s) {
  const rng = s.rng;
  const a = s.pick();
  if (!a) return factory(s);
  const shape = a.r.shape;
  const nd = shape.length;
  const kind = rng.weighted({ expand: 14, expandAs: 4, broadcastTo: 4, permute: 10, transpose: 10, narrow: 10, reshape: 10, view: 10, squeeze: 6, unsqueeze: 8, contiguous: 6, clone: 4, detach: 4 });
  const bad = rng.chance(0.08);
  const dim = (extra = 0) => (bad ? rng.pick([nd + extra, -nd - 1 - extra]) : rng.range(-(nd + extra), Math.max(nd + extra - 1, -1 + extra)) || 0);
  let call;
  let spec;
  let partnerSlot = null;
  switch (kind) {
    case 'expand':
    case 'broadcastTo': {
      let sizes = bad ? clashingShape(rng, shape) : compatibleShape(rng, shape);
      if (!sizes) sizes = [...shape, 0].slice(0, Math.max(0, nd - 1));
      // expand takes -1 for "keep this size" in the dims the tensor has.
      if (kind === 'expand') sizes = sizes.map((v, i) => (i >= sizes.length - nd && shape[i - (sizes.length - nd)] === v && rng.chance(0.2) ? -1 : v));
      spec = expandView(shape, sizes);
      call = kind === 'expand' && rng.chance(0.5) ? `T.${a.name}.expand(${sizes.map(lit).join(', ')})` : `T.${a.name}.${kind}(${list(sizes)})`;
      break;
    }
    case 'expandAs': {
      partnerSlot = s.pick() ?? a;
      spec = expandView(shape, partnerSlot.r.shape);
      call = `T.${a.name}.expandAs(T.${partnerSlot.name})`;
      break;
    }
    case 'permute': {
      let dims = rng.shuffle(shape.map((_, i) => (rng.chance(0.3) ? i - nd : i)));
      if (bad && nd > 0) dims[0] = rng.chance(0.5) ? dims[dims.length - 1] : nd;
      if (bad && nd === 0) dims = [0];
      spec = permuteView(shape, dims);
      call = rng.chance(0.5) ? `T.${a.name}.permute(${list(dims)})` : `T.${a.name}.permute(${dims.map(lit).join(', ')})`;
      if (dims.length === 0) call = `T.${a.name}.permute([])`;
      break;
    }
    case 'transpose': {
      const [d0, d1] = [dim(), dim()];
      spec = transposeView(shape, d0, d1);
      call = `T.${a.name}.transpose(${d0}, ${d1})`;
      break;
    }
    case 'narrow': {
      const d = nd === 0 ? 0 : dim();
      const w = wrapDim(d, nd);
      const size = w === null || nd === 0 ? 1 : shape[w];
      const start = bad ? size + 1 : rng.range(-size, size);
      const room = size - (start < 0 ? start + size : start);
      const length = bad ? rng.range(0, 2) : rng.range(0, Math.max(0, room));
      spec = narrowView(shape, d, start, length);
      call = `T.${a.name}.narrow(${d}, ${start}, ${length})`;
      break;
    }
    case 'reshape':
    case 'view': {
      const n = a.r.numel;
      let target = randomShape(rng);
      if (!bad) {
        // A shape of the same element count: n split into up to 4 factors.
        target = [];
        let rest = n;
        while (target.length < rng.range(0, 4) && rest > 1) {
          const f = rng.pick([2, 3, 4, 5].filter((v) => rest % v === 0).concat([rest]));
          target.push(f);
          rest /= f;
        }
        if (rest !== 1 || n === 0) target.push(rest);
        if (n === 0 && rng.chance(0.5)) target = [0, ...target.slice(1)];
        if (target.length > 0 && rng.chance(0.3)) target[rng.int(target.length)] = -1;
        if (n === 0) target = target.map((v) => (v === -1 ? 0 : v));
        if (rng.chance(0.2)) target.splice(rng.int(target.length + 1), 0, 1);
      }
      spec = inferShape(target, n);
      call = rng.chance(0.5) ? `T.${a.name}.${kind}(${list(target)})` : `T.${a.name}.${kind}(${target.map(lit).join(', ')})`;
      if (target.length === 0) call = `T.${a.name}.${kind}([])`;
      if (spec.shape) {
        const map = a.r.map;
        const viewable = numelOf(spec.shape) === 0 || stridesOf(map, spec.shape) !== null;
        if (kind === 'view' && !viewable) spec = { kind: 'shape' };
        else spec = { shape: spec.shape, from: Int32Array.from({ length: n }, (_, k) => k), copy: !viewable };
      }
      break;
    }
    case 'squeeze': {
      const d = rng.chance(0.4) ? undefined : dim();
      spec = squeezeView(shape, d);
      call = d === undefined ? `T.${a.name}.squeeze()` : `T.${a.name}.squeeze(${d})`;
      break;
    }
    case 'unsqueeze': {
      const d = bad ? rng.pick([nd + 1, -nd - 2]) : rng.range(-nd - 1, nd);
      spec = nd >= 6 && !bad ? { kind: 'skip' } : unsqueezeView(shape, d);
      call = `T.${a.name}.unsqueeze(${d})`;
      break;
    }
    case 'contiguous':
    case 'clone':
      spec = { shape, from: Int32Array.from({ length: a.r.numel }, (_, k) => k), copy: kind === 'clone' || !a.r.isContiguous(), same: kind === 'contiguous' && a.r.isContiguous() };
      call = `T.${a.name}.${kind}()`;
      break;
    default:
      spec = { shape, from: Int32Array.from({ length: a.r.numel }, (_, k) => k), detach: true };
      call = `T.${a.name}.detach()`;
  }
  if (spec.kind === 'skip') return factory(s);
  const follow = a.r.requiresGrad && !spec.detach && traceable(s, [a]);
  if (a.r.requiresGrad && !follow && !spec.detach) call = `tc.noGrad(() => ${call})`;
  const name = s.newName();
  const io = { code: `T.${name} = ${call};`, reads: reads(a, partnerSlot) };
  const result = s.attempt(() => s.run(call));
  if (spec.kind) return s.expectFailure(result, [spec.kind], undefined, io);
  s.expectSuccess(result, call, io);
  if (spec.same) {
    // PyTorch's contiguous() of a contiguous tensor is that tensor.
    s.addAlias(name, result.value, a, io);
    return;
  }
  if (spec.copy) {
    s.addFresh(name, result.value, spec.shape, a.r.dtype, a.r.values(), io);
  } else {
    s.addView(name, result.value, Ref.view(a.r, spec.shape, spec.from), io);
  }
  const r = s.slot(name).r;
  if (follow) recordGather(r, a.r, spec.from);
  if (a.r.requiresGrad && !spec.detach && !follow) r.requiresGrad = false;
}

function sum(s) {
  const rng = s.rng;
  const a = s.pick();
  if (!a) return factory(s);
  const shape = a.r.shape;
  const nd = shape.length;
  let call;
  let plan;
  const kind = rng.weighted({ all: 3, dims: 5, sumTo: 5 });
  if (kind === 'all') {
    call = `T.${a.name}.sum()`;
    plan = sumPlan(shape, shape.map((_, d) => d), false);
  } else if (kind === 'dims') {
    const dims = shape.map((_, d) => d).filter(() => rng.chance(0.4)).map((d) => (rng.chance(0.3) ? d - nd : d));
    const bad = rng.chance(0.05);
    if (bad) dims.push(rng.chance(0.5) && dims.length > 0 ? dims[0] : nd + 1);
    const keep = rng.chance(0.5);
    const one = dims.length === 1 && rng.chance(0.5);
    call = `T.${a.name}.sum(${one ? lit(dims[0]) : list(dims)}${keep || rng.chance(0.3) ? `, ${keep}` : ''})`;
    const wrapped = dims.map((d) => wrapDim(d, nd));
    if (wrapped.some((d) => d === null) || new Set(wrapped).size !== wrapped.length) plan = { kind: 'index' };
    else plan = sumPlan(shape, wrapped.length === 0 ? shape.map((_, d) => d) : wrapped, keep);
  } else {
    // A shape this one broadcasts from, or now and then one it does not.
    let target = shape.slice(rng.int(nd + 1)).map((v) => (rng.chance(0.4) ? 1 : v));
    if (rng.chance(0.05)) target = clashingShape(rng, shape) ?? [...shape, 2];
    call = `T.${a.name}.sumTo(${list(target)})`;
    const p = sumToPlan(shape, target);
    if (p.kind) plan = p;
    else {
      const kept = sumPlan(shape, p.dims, true);
      plan = { shape: target, to: kept.to };
    }
  }
  const follow = a.r.requiresGrad && traceable(s, [a]);
  if (a.r.requiresGrad && !follow) call = `tc.noGrad(() => ${call})`;
  const name = s.newName();
  const io = { code: `T.${name} = ${call};`, reads: reads(a) };
  const result = s.attempt(() => s.run(call));
  if (plan.kind) return s.expectFailure(result, [plan.kind], undefined, io);
  s.expectSuccess(result, call, io);
  // PyTorch's sum_to to the tensor's own (non-empty) shape is that tensor,
  // dtype included; to [] it is sum().
  if (kind === 'sumTo' && nd > 0 && plan.shape.length === nd && plan.shape.join() === shape.join()) return s.addAlias(name, result.value, a, io);
  const n = numelOf(plan.shape);
  const dtype = sumDtype(a.r.dtype);
  if (dtype === 'int64') {
    // Integers and bools sum in int64, exactly, wrapping.
    const out = new BigInt64Array(n);
    const v = a.r.values();
    for (let k = 0; k < v.length; k++) out[plan.to[k]] = BigInt.asIntN(64, out[plan.to[k]] + BigInt(v[k]));
    s.addFresh(name, result.value, plan.shape, dtype, out, io);
  } else {
    const { sum: out, abs } = sumInto(a.r.values(), plan.to, n);
    s.addFresh(name, result.value, plan.shape, dtype, out, { ...io, inexact: 'sum', abs, terms: a.r.numel / Math.max(1, n) });
  }
  if (follow) recordSum(s.slot(name).r, a.r, plan.to);
}

// backward from a pool tensor: y.sum().backward(), y.backward() for one
// element, or y.backward(gradient); refused on purpose for a tensor outside
// any graph, a non-scalar without gradient, and a second pass through a
// node whose saved tensors the first one freed.
function backwardStep(s) {
  const rng = s.rng;
  const y = rng.chance(0.9) ? s.pick((o) => o.r.requiresGrad) : s.pick();
  if (!y) return factory(s);
  const graph = graphOf(y.r);
  const spentHere = y.r.node?.spent && y.r.node.saves;
  // A spent node deeper in the graph: PyTorch may reach some leaves first.
  if (graph.some((t) => t !== y.r && t.node?.spent && t.node.saves)) return sum(s);
  const mode = rng.weighted({ sum: 6, plain: 2, gradient: 2 });
  const seed = rng.int(2 ** 31);
  const n = y.r.numel;
  let call;
  if (mode === 'sum') call = `tc.tidy(() => T.${y.name}.sum().backward())`;
  else if (mode === 'plain') call = `T.${y.name}.backward()`;
  // The gradient in y's dtype (float32 for a tensor that cannot have one).
  const gdtype = isFloat(y.r.dtype) ? y.r.dtype : 'float32';
  if (mode === 'gradient') call = `tc.tidy(() => T.${y.name}.backward(tc.tensor(values(${seed}, ${n}, { finite: true }), { shape: ${list(y.r.shape)}, dtype: '${gdtype}' })))`;
  const leaves = graph.filter((t) => t.isLeaf);
  const io = {
    code: `${call};`,
    reads: [...reads(y), ...graph.flatMap((t) => [s.nameOf(t), `s${t.storage.id}`, `n:${s.nameOf(t)}`, `g:${s.nameOf(t)}`])],
    writes: graph.flatMap((t) => [`n:${s.nameOf(t)}`, `g:${s.nameOf(t)}`]),
  };
  const result = s.attempt(() => s.run(call));
  // Each reason has its message; with two, either may come first.
  const reasons = [];
  if (!y.r.requiresGrad) reasons.push('element 0 of tensors does not require grad and does not have a grad_fn');
  if (mode === 'plain' && n !== 1) reasons.push('grad can be implicitly created only for scalar outputs');
  if (spentHere && y.r.requiresGrad) reasons.push('Trying to backward through the graph a second time');
  if (reasons.length > 0) return s.expectFailure(result, ['autograd'], new RegExp(`^(${reasons.map((r) => r.replace(/[()]/g, '\\$&')).join('|')})`), io);
  s.expectSuccess(result, call, io);
  const g = mode === 'gradient' ? Float64Array.from(s.values(seed, n, { finite: true }), (v) => cast(v, gdtype)) : new Float64Array(n).fill(1);
  backward(y.r, g);
  s.checkGrads(leaves, graph.length + n, io);
}

function clearGrad(s) {
  const leaf = s.pick((o) => o.r.isLeaf && o.r.grad !== null);
  if (!leaf) return backwardStep(s);
  const io = { code: `T.${leaf.name}.grad = null;`, reads: [leaf.name], writes: [`g:${leaf.name}`] };
  s.expectSuccess(s.attempt(() => s.run(`T.${leaf.name}.grad = null`)), io.code, io);
  leaf.r.grad = null;
  leaf.r.gradAbs = null;
  s.logWrite(io);
}

// A saved tensor written in place: PyTorch's version counter catches it at
// backward, and no gradient changes.
function savedThenModified(s) {
  const rng = s.rng;
  const n = rng.range(1, 6);
  const [l, c, y] = [s.newName(), s.newName(), s.newName()];
  const seed = rng.int(2 ** 31);
  const code = `tc.tidy(() => { const ${l} = tc.ones([${n}], { requiresGrad: true }); const ${c} = tc.tensor(values(${seed}, ${n}, { finite: true }), { dtype: 'float32' }); const ${y} = ${l}.mul(${c}); ${c}.add_(1); try { ${y}.sum().backward(); return 'no error'; } catch (e) { return e; } })`;
  const io = { code: `${code};`, reads: [] };
  const result = s.attempt(() => s.run(code));
  s.expectSuccess(result, code, io);
  const e = result.value;
  if (!(e instanceof Error) || e.kind !== 'autograd' || !/^one of the variables needed for gradient computation has been modified by an inplace operation/.test(e.message))
    s.fail(`${code}: expected the version-counter error, got ${e?.message ?? e}`, [], io);
  s.logWrite(io);
}

function tidy(s) {
  const rng = s.rng;
  const a = s.pick((o) => !o.r.requiresGrad);
  if (!a) return factory(s);
  const k = rng.pick([2, -1, 0.5]);
  const name = s.newName();
  const throws = rng.chance(0.15);
  // Two temporaries, one kept (or, when fn throws, none).
  const inner = `const u = T.${a.name}.mul(${lit(k)}); const v = u.add(T.${a.name}).neg();`;
  const call = throws ? `tc.tidy(() => { ${inner} return v.view(${a.r.numel + 1}); })` : `tc.tidy(() => { ${inner} return v; })`;
  const io = { code: throws ? `try { ${call}; } catch {}` : `T.${name} = ${call};`, reads: reads(a) };
  const live = s.tc.memory().tensors;
  const result = s.attempt(() => s.run(call));
  if (throws) {
    s.expectFailure(result, ['shape'], `shape '[${a.r.numel + 1}]' is invalid for input of size ${a.r.numel}`, io);
    if (s.tc.memory().tensors !== live) s.fail(`${call}: a throwing tidy left ${s.tc.memory().tensors - live} tensors alive`, [], io);
    return;
  }
  s.expectSuccess(result, call, io);
  if (s.tc.memory().tensors !== live + 1) s.fail(`${call}: tidy kept ${s.tc.memory().tensors - live} tensors, expected 1`, [], io);
  // u, v as PyTorch types them: a bool a times an int is int64, times 0.5 float32.
  const shape = a.r.shape;
  const u = compute('mul', a, k, 1, shape);
  const w = compute('add', temporary(shape, u.dtype, u.values), a, 1, shape);
  const neg = unaryKernel('neg', w.dtype);
  s.addFresh(name, result.value, shape, w.dtype, Array.from(w.values, neg.f), io);
}

// A conversion: .to(dtype) or its short forms; to the tensor's own dtype it
// is that tensor. Between floats it is differentiable; into an integer or
// bool the result requires no gradient.
function convert(s) {
  const rng = s.rng;
  const a = s.pick();
  if (!a) return factory(s);
  const dtype = rng.pick(['bool', 'uint8', 'int32', 'int64', 'float32', 'float64']);
  const short = { bool: 'bool', int32: 'int', int64: 'long', float32: 'float', float64: 'double' }[dtype];
  let call = short && rng.chance(0.4) ? `T.${a.name}.${short}()` : `T.${a.name}.to('${dtype}')`;
  const follow = a.r.requiresGrad && isFloat(dtype) && traceable(s, [a]);
  if (a.r.requiresGrad && isFloat(dtype) && !follow) call = `tc.noGrad(() => ${call})`;
  const name = s.newName();
  const io = { code: `T.${name} = ${call};`, reads: reads(a) };
  const result = s.attempt(() => s.run(call));
  s.expectSuccess(result, call, io);
  if (dtype === a.r.dtype) return s.addAlias(name, result.value, a, io);
  s.addFresh(name, result.value, a.r.shape, dtype, a.r.values(), io);
  if (follow) recordGather(s.slot(name).r, a.r, Int32Array.from({ length: a.r.numel }, (_, k) => k));
}

function dispose(s) {
  const a = s.pick();
  if (!a) return factory(s);
  s.disposeSlot(a);
}

// A disposed tensor used anyway: 'disposed', whatever the method.
function useDisposed(s) {
  const dead = s.graveyard.length > 0 ? s.rng.pick(s.graveyard) : null;
  if (!dead) return dispose(s);
  const alive = s.pick();
  const uses = ['.add(1)', '.sum()', '.view(-1)', '.data()', '.shape', '.add_(1)', '.expand(2)', '.backward()', '.item()'];
  let call = `T.${dead}${s.rng.pick(uses)}`;
  if (alive && s.rng.chance(0.3)) call = `T.${alive.name}.mul(T.${dead})`;
  const io = { code: `${call};`, reads: [dead, `d:${dead}`, ...(alive ? reads(alive) : [])] };
  s.expectFailure(s.attempt(() => s.run(call)), ['disposed'], /is disposed \(freed by dispose\(\) or tidy\(\)\) and cannot be used$/, io);
}

// Arguments the package refuses before the core sees them, or the core
// refuses at once: kind 'type' or 'value' (or 'index' for dims), nothing made.
function badArgument(s) {
  const a = s.pick() ?? { name: null };
  const cases = [
    ['tc.zeros([2, -3])', 'value'],
    ['tc.ones(2.5)', 'value'],
    ['tc.full([2], "x")', 'type'],
    ['tc.tensor([[1, 2], [3]])', 'value'],
    ['tc.arange(0, 5, 0)', 'value'],
    ['tc.broadcastShapes([2, 3], [4])', 'shape'],
    ['tc.parseShape("(2, -3)")', 'value'],
    // Dtypes: values out of a dtype's range (torch.tensor's and torch.full's
    // checks), gradients on integers, a dtype the package does not have.
    ["tc.tensor([300], { dtype: 'uint8' })", 'value', 'value cannot be converted to type uint8 without overflow'],
    ["tc.tensor([2 ** 31], { dtype: 'int32' })", 'value', 'value cannot be converted to type int32 without overflow'],
    ["tc.full([2], 300, { dtype: 'uint8' })", 'value', 'value cannot be converted to type uint8_t without overflow'],
    ['tc.tensor([1, 2], { requiresGrad: true })', 'autograd', "Only Tensors of floating point and complex dtype can require gradients. tensor() made int64 because every number given is an integer (as PyTorch does for Python ints; JavaScript writes 1.0 as 1): pass { dtype: 'float32' } for a float tensor that can require gradients"],
    ["tc.zeros([2], { dtype: 'int64', requiresGrad: true })", 'autograd', 'Only Tensors of floating point and complex dtype can require gradients'],
  ];
  if (a.name && !isFloat(a.r.dtype)) cases.push([`T.${a.name}.requiresGrad = true`, 'autograd', 'only Tensors of floating point and complex dtype can require gradients']);
  if (a.name) cases.push([`T.${a.name}.to('float16')`, 'value'], [`T.${a.name}.add(T.${a.name}, { alpha: "2" })`, 'type'], [`T.${a.name}.view(NaN)`, 'value'], [`T.${a.name}.narrow(${a.r.shape.length + 2}, 0, 1)`, a.r.shape.length === 0 ? 'shape' : 'index'], [`T.${a.name}.transpose(0.5, 0)`, 'type'], [`T.${a.name}.sum(0, 1)`, 'type']);
  const [call, kind, message] = s.rng.pick(cases);
  const io = { code: `${call};`, reads: a.name ? reads(a) : [] };
  s.expectFailure(s.attempt(() => s.run(call)), [kind], message, io);
}

/** Step kinds and how often each is taken. */
export const STEPS = {
  // Fresh tensors often enough that a tensor's ancestry stays short (each
  // step makes a tensor from about one pool tensor on average).
  factory: [30, factory],
  binary: [22, binary],
  promotion: [2, promotion],
  read: [2, read],
  unary: [6, unary],
  where: [5, where],
  inplace: [10, inplace],
  view: [18, view],
  convert: [5, convert],
  sum: [8, sum],
  backward: [4, backwardStep],
  clearGrad: [1, clearGrad],
  saved: [0.3, savedThenModified],
  tidy: [3, tidy],
  dispose: [5, dispose],
  useDisposed: [1.5, useDisposed],
  badArgument: [1.5, badArgument],
};
