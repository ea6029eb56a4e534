// What the soak does, one kind of step each: the call on the package, the
// same thing in the naive reference (tests/reference/naive.js), and the
// comparison of the two (the outcome, the shape, dtype and strides at once;
// the values at once for inexact results and zero signs, else at the
// periodic full check). About one step in ten is refused on purpose (bad
// shapes, failed in-place ops, disposed tensors, policy 'raise', a second
// backward, bad arguments), and must be refused with the predicted kind of
// TensorcastError and change nothing.
//
// Each step also writes the JS line that replays it (`code`) and what it
// reads and writes (tensor names, storages, gradients), so that a failure
// can print only the steps it depends on (replay.js).
import {
  BINARY,
  COMPARE,
  checkNow,
  Ref,
  UNARY,
  backward,
  broadcastFrom,
  broadcastShapes,
  expandView,
  fmt,
  graphOf,
  inferShape,
  narrowView,
  numelOf,
  operandValues,
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

/** A number as JS source (-0, NaN and the infinities included). */
export const lit = (x) => (Object.is(x, -0) ? '-0' : String(x));
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
  return typeof x === 'number' ? lit(x) : `T.${x.name}`;
}
const refOf = (x) => (typeof x === 'number' ? x : x.r);
const reads = (...xs) => xs.filter((x) => x && typeof x !== 'number').flatMap((x) => [x.name, `s${x.r.storage.id}`]);

/**
 * A pool tensor that broadcasts with `slot` (or, rarely, any that does not),
 * or a number. Never two big tensors whose outer product would have to be
 * checked element by element a million times.
 */
function partner(s, slot, { numbers = true } = {}) {
  if (numbers && s.rng.chance(0.12)) return s.rng.pick([2, -1, 0.5, 0, -0, 3, NaN, Infinity]);
  const clash = s.rng.chance(0.05);
  return s.pick((o) => {
    const joint = broadcastShapes([slot.r.shape, o.r.shape]).shape;
    return clash ? joint === undefined : joint !== undefined && numelOf(joint) <= 4 * MAX_NUMEL;
  }) ?? 1;
}

function predictBroadcast(operands) {
  return broadcastShapes(operands.filter((x) => typeof x !== 'number').map((x) => x.r.shape));
}

/** Whether PyTorch's autograd would record: grad mode on and some tensor input requires grad. */
const anyGrad = (xs) => xs.some((x) => x && typeof x !== 'number' && x.r.requiresGrad);

/** Whether the soak can follow the gradient through these inputs. */
function traceable(s, xs) {
  return xs.every((x) => typeof x === 'number' || !x.r.requiresGrad || (s.finite(x.r) && graphOf(x.r).length <= GRAPH_CAP));
}

// Broadcast policy (README): under 'warn' or 'raise', operands of different
// ranks (0-D and numbers exempt) and the outer-product pattern of the first
// two operands (each stretched along a dim where the other is not).
function policyFindings(operands) {
  const tensors = operands.filter((x) => typeof x !== 'number').map((x) => x.r.shape);
  const found = [];
  const ranks = new Set(tensors.filter((t) => t.length > 0).map((t) => t.length));
  if (ranks.size > 1) found.push('rank-promotion');
  if (typeof operands[0] !== 'number' && typeof operands[1] !== 'number') {
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

function factory(s) {
  const rng = s.rng;
  const base = s.pool.length > 0 && rng.chance(0.5) ? s.pick() : null;
  const shape = base ? compatibleShape(rng, base.r.shape) : randomShape(rng);
  const n = numelOf(shape);
  const seed = rng.int(2 ** 31);
  const name = s.newName();
  const kind = rng.weighted({ data: 50, leaf: 14, bool: 12, zeros: 6, ones: 6, full: 6, arange: 6 });
  let code;
  let values;
  let dtype = 'float32';
  let requiresGrad = false;
  switch (kind) {
    case 'data':
      values = s.values(seed, n);
      code = shape.length === 0 && rng.chance(0.5) ? `tc.tensor(values(${seed}, 1)[0])` : `tc.tensor(values(${seed}, ${n}), { shape: ${list(shape)} })`;
      break;
    case 'leaf':
      values = s.values(seed, n, { finite: true });
      requiresGrad = true;
      code = `tc.tensor(values(${seed}, ${n}, { finite: true }), { shape: ${list(shape)}, requiresGrad: true })`;
      break;
    case 'bool':
      values = s.values(seed, n).map((v) => (v > 0 ? 1 : 0));
      dtype = 'bool';
      code = `tc.tensor(values(${seed}, ${n}).map((v) => v > 0), { shape: ${list(shape)}, dtype: 'bool' })`;
      break;
    case 'zeros':
    case 'ones':
      values = new Array(n).fill(kind === 'zeros' ? 0 : 1);
      code = rng.chance(0.5) ? `tc.${kind}(${list(shape)})` : `tc.${kind}(${shape.map(lit).join(', ')})`;
      if (shape.length === 0) code = `tc.${kind}([])`;
      break;
    case 'full': {
      const v = rng.pick([0.5, -3, 7, -0]);
      values = new Array(n).fill(v);
      code = `tc.full(${list(shape)}, ${lit(v)})`;
      break;
    }
    default: {
      // arange(n) reshaped (in a tidy, so that the arange handle itself is
      // freed): the values 0..n-1 in row-major order.
      values = Array.from({ length: n }, (_, i) => i);
      code = `tc.tidy(() => tc.arange(${n}).reshape(${list(shape)}))`;
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

function binary(s) {
  const rng = s.rng;
  const a = s.pick();
  if (!a) return factory(s);
  const op = rng.pick([...Object.keys(BINARY), ...Object.keys(COMPARE)]);
  let b = partner(s, a);
  let x = a;
  if (typeof b === 'number' && rng.chance(0.3)) [x, b] = [b, a];
  const alpha = (op === 'add' || op === 'sub') && rng.chance(0.3) ? rng.pick([2, -1, 0.5, 0, -2]) : 1;
  const opts = alpha !== 1 ? `, { alpha: ${lit(alpha)} }` : '';
  let call = typeof x === 'number' || rng.chance(0.4) ? `tc.${op}(${operandCode(x)}, ${operandCode(b)}${opts})` : `${operandCode(x)}.${op}(${operandCode(b)}${opts})`;
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
  if (joint.error) return s.expectFailure(result, ['shape'], joint.error, io);
  const findings = policy ? policyFindings([x, b]) : [];
  if (policy === 'raise' && findings.length > 0) return s.expectFailure(result, ['policy'], new RegExp(`^broadcast policy 'raise': ${op}: `), io);
  s.expectSuccess(result, code, io);
  const warned = s.warnings.slice(before).map((w) => w.warningKind);
  if (policy === 'warn' && warned.join() !== findings.join()) s.fail(`${call}: warnings [${warned}], expected [${findings}]`, [name], io);
  const shape = joint.shape;
  const xv = operandValues(refOf(x), shape);
  const bv = operandValues(refOf(b), shape);
  const n = numelOf(shape);
  const out = new Float64Array(n);
  const f = BINARY[op] ?? COMPARE[op];
  for (let k = 0; k < n; k++) out[k] = f(xv[k], bv[k], alpha);
  s.addFresh(name, result.value, shape, COMPARE[op] ? 'bool' : 'float32', out, { ...io, inexact: checkNow(op) });
  const r = s.slot(name).r;
  if (follow && !noGrad) recordElementwise(r, [refOf(x), refOf(b)], binaryLocal(op, alpha, xv, bv), op !== 'add' && op !== 'sub');
}

function unary(s) {
  const a = s.pick();
  if (!a) return factory(s);
  const op = s.rng.pick(Object.keys(UNARY));
  const follow = a.r.requiresGrad && GRAD_UNARY.has(op) && traceable(s, [a]);
  let call = s.rng.chance(0.5) ? `T.${a.name}.${op}()` : `tc.${op}(T.${a.name})`;
  if (a.r.requiresGrad && !follow) call = `tc.noGrad(() => ${call})`;
  const name = s.newName();
  const io = { code: `T.${name} = ${call};`, reads: reads(a) };
  const result = s.attempt(() => s.run(call));
  s.expectSuccess(result, call, io);
  const x = a.r.values();
  const out = x.map(UNARY[op]);
  s.addFresh(name, result.value, a.r.shape, 'float32', out, { ...io, inexact: checkNow(op) });
  if (follow) {
    // relu's backward selects (threshold_backward); abs's multiplies by sgn.
    const local = { neg: () => -1, abs: (k) => Math.sign(x[k]), relu: (k) => (x[k] > 0 ? 1 : MASKED) }[op];
    recordElementwise(s.slot(name).r, [a.r], [local], op !== 'neg');
  }
}

function where(s) {
  const rng = s.rng;
  const c = rng.chance(0.95) ? s.pick((o) => o.r.dtype === 'bool') : s.pick((o) => o.r.dtype !== 'bool');
  if (!c) return factory(s);
  const a = partner(s, c);
  let b = partner(s, c);
  const all = predictBroadcast([c, a, b]).shape;
  if (all && numelOf(all) > 4 * MAX_NUMEL) b = 0;
  const grads = anyGrad([a, b]);
  const follow = grads && traceable(s, [a, b]);
  let call = `tc.where(T.${c.name}, ${operandCode(a)}, ${operandCode(b)})`;
  if (grads && !follow) call = `tc.noGrad(() => ${call})`;
  const name = s.newName();
  const io = { code: `T.${name} = ${call};`, reads: reads(c, a, b) };
  const result = s.attempt(() => s.run(call));
  if (c.r.dtype !== 'bool') return s.expectFailure(result, ['type'], 'where expected condition to be a boolean tensor, but got a tensor with dtype Float', io);
  const joint = predictBroadcast([c, a, b]);
  if (joint.error) return s.expectFailure(result, ['shape'], undefined, io);
  s.expectSuccess(result, call, io);
  const cv = operandValues(c.r, joint.shape);
  const av = operandValues(refOf(a), joint.shape);
  const bv = operandValues(refOf(b), joint.shape);
  const out = cv.map((v, k) => (v ? av[k] : bv[k]));
  // Two bool tensors pick bool values, as in PyTorch; a number or any
  // float32 operand makes the result float32.
  const isBool = (o) => typeof o !== 'number' && refOf(o).dtype === 'bool';
  s.addFresh(name, result.value, joint.shape, isBool(a) && isBool(b) ? 'bool' : 'float32', out, io);
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
  const op = rng.pick(['add_', 'sub_', 'mul_', 'div_', 'pow_', 'eq_', 'ne_', 'lt_', 'le_', 'gt_', 'ge_']);
  const comparison = COMPARE[op.slice(0, -1)] !== undefined;
  let other = rng.chance(0.7) ? s.pick((o) => o.r.storage !== target.r.storage && broadcastShapes([target.r.shape, o.r.shape]).shape?.join() === target.r.shape.join()) : null;
  if (!other) other = rng.chance(0.2) ? (s.pick((o) => o.r.storage !== target.r.storage) ?? 2) : rng.chance(0.1) ? target : rng.pick([2, -1, 0.5, 3]);
  const alpha = (op === 'add_' || op === 'sub_') && rng.chance(0.3) ? rng.pick([2, -1, 0.5]) : 1;
  const grad = rng.chance(0.9);
  let call = `T.${target.name}.${op}(${operandCode(other)}${alpha !== 1 ? `, { alpha: ${lit(alpha)} }` : ''})`;
  if (!grad) call = `tc.noGrad(() => ${call})`;
  const io = { code: `${call};`, reads: reads(target, other), writes: [`s${target.r.storage.id}`] };
  const result = s.attempt(() => s.run(call));
  // Every reason to refuse; the core may name any one of them.
  const kinds = new Set();
  let message;
  if (grad && target.r.requiresGrad && target.r.isLeaf) {
    kinds.add('autograd');
    message = 'a leaf Variable that requires grad is being used in an in-place operation.';
  } else if (grad && anyGrad([target, other])) kinds.add('autograd');
  const joint = predictBroadcast([target, other]);
  if (joint.error) kinds.add('shape');
  else if (joint.shape.join() !== target.r.shape.join()) kinds.add('shape');
  // Note [In-place dtypes]: arithmetic's float32 result cannot be cast to
  // bool; a comparison is written in the target's dtype.
  if (target.r.dtype === 'bool' && !comparison) kinds.add('type');
  if (target.r.overlaps()) kinds.add('shape');
  // An empty target may have a stride-0 dim of size > 1 (strides the
  // reference does not keep for empty tensors): PyTorch checks that overlap
  // before anything but the leaf, so when the call is refused anyway, the
  // overlap may be the reason given.
  if (kinds.size > 0 && target.r.numel === 0 && !message) kinds.add('shape');
  if (kinds.size > 0) return s.expectFailure(result, [...kinds], kinds.size === 1 ? message : undefined, io);
  // With no elements there is nothing to write; PyTorch still refuses a
  // target with a stride-0 dim of size > 1 (strides the reference does not
  // keep for empty tensors), so either outcome is right.
  if (target.r.numel === 0 && result.error?.kind === 'shape' && /more than one element of the written-to tensor/.test(result.error.message)) return s.logWrite(io);
  s.expectSuccess(result, call, io);
  const tv = target.r.values();
  const ov = operandValues(refOf(other), target.r.shape);
  const f = BINARY[op.slice(0, -1)] ?? COMPARE[op.slice(0, -1)];
  target.r.write(tv.map((v, k) => f(v, ov[k], alpha)));
  if (op === 'div_' || op === 'pow_') s.adoptValues(target, 'relative', io);
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
  const { sum: out, abs } = sumInto(a.r.values(), plan.to, n);
  s.addFresh(name, result.value, plan.shape, 'float32', out, { ...io, inexact: 'sum', abs, terms: a.r.numel / Math.max(1, n) });
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
  else call = `tc.tidy(() => T.${y.name}.backward(tc.tensor(values(${seed}, ${n}, { finite: true }), { shape: ${list(y.r.shape)} })))`;
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
  const g = mode === 'gradient' ? Float64Array.from(s.values(seed, n, { finite: true }), Math.fround) : new Float64Array(n).fill(1);
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
  const code = `tc.tidy(() => { const ${l} = tc.ones([${n}], { requiresGrad: true }); const ${c} = tc.tensor(values(${seed}, ${n}, { finite: true })); const ${y} = ${l}.mul(${c}); ${c}.add_(1); try { ${y}.sum().backward(); return 'no error'; } catch (e) { return e; } })`;
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
  const f32 = Math.fround;
  const out = a.r.values().map((x) => -f32(f32(x * f32(k)) + x));
  s.addFresh(name, result.value, a.r.shape, 'float32', out, io);
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
  ];
  if (a.name) cases.push([`T.${a.name}.add(T.${a.name}, { alpha: "2" })`, 'type'], [`T.${a.name}.view(NaN)`, 'value'], [`T.${a.name}.narrow(${a.r.shape.length + 2}, 0, 1)`, 'index'], [`T.${a.name}.transpose(0.5, 0)`, 'value'], [`T.${a.name}.sum(0, 1)`, 'type']);
  const [call, kind] = s.rng.pick(cases);
  const io = { code: `${call};`, reads: a.name ? reads(a) : [] };
  s.expectFailure(s.attempt(() => s.run(call)), [kind], undefined, io);
}

/** Step kinds and how often each is taken. */
export const STEPS = {
  // Fresh tensors often enough that a tensor's ancestry stays short (each
  // step makes a tensor from about one pool tensor on average).
  factory: [30, factory],
  binary: [22, binary],
  unary: [6, unary],
  where: [5, where],
  inplace: [10, inplace],
  view: [18, view],
  sum: [8, sum],
  backward: [4, backwardStep],
  clearGrad: [1, clearGrad],
  saved: [0.3, savedThenModified],
  tidy: [3, tidy],
  dispose: [5, dispose],
  useDisposed: [1.5, useDisposed],
  badArgument: [1.5, badArgument],
};
