// The naive reference in JavaScript, the counterpart of naive.h beside it:
// what PyTorch computes, written from PyTorch's rules (the "Broadcasting
// semantics" note, the torch.Tensor view methods' documentation,
// aten/src/ATen/ExpandUtils.cpp's infer_size and sum_to, the formulas of
// tools/autograd/derivatives.yaml), from README and docs/limits.md where
// tensorcast chose, and from nothing of the core's. The unit tests
// (tests/js) take their expected values from it and the soak (tests/soak)
// models every tensor it makes with it, so that a rule is written once.
//
// A tensor is a storage of cells plus, for each element in row-major order,
// the cell it reads (`map`). Views compute their map from their definition,
// element by element, never from strides; nothing here knows plans or
// kernels. Values are kept as doubles rounded to float32 (Math.fround),
// which is exact IEEE float32 arithmetic for + - * / and sqrt (a double
// holds every float32 result before its final rounding).
//
// Two things the soak takes from the core on purpose, and checks rather than
// trusts: the memory layout of a fresh result (PyTorch lets outputs follow
// their inputs' layout; that is not broadcasting and is not modelled here,
// the soak only checks the layout is dense and non-overlapping), and the
// values of inexact results (exp, log, pow, div, sums, gradients), which it
// compares within a tolerance and then adopts, so that a 1-ulp difference in
// exp does not turn every later exact comparison into a false alarm.

export const numelOf = (shape) => shape.reduce((a, b) => a * b, 1);

/** Row-major multi-index of element k. */
function unravel(k, shape, idx) {
  for (let d = shape.length - 1; d >= 0; d--) {
    idx[d] = k % shape[d];
    k = Math.floor(k / shape[d]);
  }
  return idx;
}

function ravel(idx, shape) {
  let k = 0;
  for (let d = 0; d < shape.length; d++) k = k * shape[d] + idx[d];
  return k;
}

/**
 * For each element of `over` in row-major order, the element of `into` at
 * the multi-index pick(index) returns (pick may reuse its argument).
 */
function mapElements(over, into, pick) {
  const n = numelOf(over);
  const out = new Int32Array(n);
  const idx = new Array(over.length).fill(0);
  for (let k = 0; k < n; k++) out[k] = ravel(pick(unravel(k, over, idx)), into);
  return out;
}

const fmt = (shape) => `[${shape.join(', ')}]`;

/** The cell of each element, in row-major order, of a strided layout { offset, strides }. */
function cellsOf(shape, layout) {
  const cells = new Int32Array(numelOf(shape));
  const idx = new Array(shape.length).fill(0);
  for (let k = 0; k < cells.length; k++) {
    unravel(k, shape, idx);
    let at = layout.offset;
    for (let d = 0; d < shape.length; d++) at += idx[d] * layout.strides[d];
    cells[k] = at;
  }
  return cells;
}

/** PyTorch's maybe_wrap_dim: null when out of range; a 0-D tensor takes 0 and -1. */
export function wrapDim(dim, ndim) {
  const n = Math.max(ndim, 1);
  if (dim < -n || dim >= n) return null;
  return dim < 0 ? dim + n : dim;
}

let storageIds = 0;

export class Storage {
  /** Cells of doubles; of BigInts for int64 (exact beyond 2^53, see dtypes.js). */
  constructor(size, dtype = 'float32') {
    this.cells = dtype === 'int64' ? new BigInt64Array(size) : new Float64Array(size);
    this.id = ++storageIds;
    // Set once a graph node keeps a tensor of this storage for backward:
    // the soak then never writes it in place (see ops.js).
    this.saved = false;
  }
}

export class Ref {
  constructor(storage, map, shape, dtype) {
    this.storage = storage;
    this.map = map;
    this.shape = shape;
    this.dtype = dtype;
    this.requiresGrad = false;
    /** The graph node that made it, or null (a leaf). */
    this.node = null;
    /** A leaf's accumulated gradient (row-major doubles) and its magnitude bound. */
    this.grad = null;
    this.gradAbs = null;
  }

  get numel() {
    return this.map.length;
  }

  get isLeaf() {
    return this.node === null;
  }

  values() {
    const out = new this.storage.cells.constructor(this.map.length);
    const cells = this.storage.cells;
    for (let k = 0; k < out.length; k++) out[k] = cells[this.map[k]];
    return out;
  }

  write(values) {
    const cells = this.storage.cells;
    for (let k = 0; k < values.length; k++) cells[this.map[k]] = values[k];
  }

  /** Whether element k sits in cell map[0] + k: PyTorch's is_contiguous. */
  isContiguous() {
    for (let k = 1; k < this.map.length; k++) if (this.map[k] !== this.map[0] + k) return false;
    return true;
  }

  /** Whether two elements share a cell (an expanded tensor). */
  overlaps() {
    return new Set(this.map).size !== this.map.length;
  }

  /** A fresh tensor: values in row-major order, laid out as the core laid it out. */
  static fresh(shape, dtype, values, layout) {
    const map = cellsOf(shape, layout);
    let max = 0;
    for (const at of map) if (at > max) max = at;
    const t = new Ref(new Storage(max + 1, dtype), map, shape, dtype);
    t.write(values);
    return t;
  }

  /** A view of `base`: element k of the view is element from[k] of base. */
  static view(base, shape, from) {
    const map = new Int32Array(from.length);
    for (let k = 0; k < from.length; k++) map[k] = base.map[from[k]];
    const t = new Ref(base.storage, map, shape, base.dtype);
    return t;
  }
}

/** Why a fresh result's layout is not dense and non-overlapping, or null. */
export function layoutProblem(shape, layout) {
  const cells = cellsOf(shape, layout);
  const n = cells.length;
  if (n === 0) return null;
  let min = Infinity;
  let max = -Infinity;
  for (const at of cells) {
    min = Math.min(min, at);
    max = Math.max(max, at);
  }
  if (new Set(cells).size !== n) return `strides ${fmt(layout.strides)} make elements share cells`;
  if (max - min + 1 !== n) return `strides ${fmt(layout.strides)} leave holes`;
  return null;
}

/** The strides a map has over `shape`, checked element by element; null if none. */
export function stridesOf(map, shape) {
  const n = map.length;
  const strides = new Array(shape.length).fill(0);
  if (n === 0) return strides;
  let unit = 1;
  for (let d = shape.length - 1; d >= 0; d--) {
    if (shape[d] > 1) strides[d] = map[unit] - map[0];
    unit *= shape[d];
  }
  const idx = new Array(shape.length).fill(0);
  for (let k = 0; k < n; k++) {
    unravel(k, shape, idx);
    let at = map[0];
    for (let d = 0; d < shape.length; d++) at += idx[d] * strides[d];
    if (at !== map[k]) return null;
  }
  return strides;
}

// --- broadcasting (PyTorch's "Broadcasting semantics" note, infer_size):
// align from the right, a 1 yields, else equal

/** { shape } or { error } with PyTorch's message; folds left like infer_size. */
export function broadcastShapes(shapes) {
  let acc = [];
  for (const s of shapes) {
    const n = Math.max(acc.length, s.length);
    const next = new Array(n);
    for (let k = 0; k < n; k++) {
      const i = n - 1 - k;
      const a = k < acc.length ? acc[acc.length - 1 - k] : 1;
      const b = k < s.length ? s[s.length - 1 - k] : 1;
      if (a !== b && a !== 1 && b !== 1)
        return { error: `The size of tensor a (${a}) must match the size of tensor b (${b}) at non-singleton dimension ${i}` };
      next[i] = a === 1 ? b : a;
    }
    acc = next;
  }
  return { shape: acc };
}

/** For each element of outShape, the element of an operand of `shape` it reads. */
export function broadcastFrom(shape, outShape) {
  const own = new Array(shape.length).fill(0);
  const lead = outShape.length - shape.length;
  return mapElements(outShape, shape, (idx) => {
    for (let d = 0; d < shape.length; d++) own[d] = shape[d] === 1 ? 0 : idx[lead + d];
    return own;
  });
}

// --- views by definition: { shape, from } or { kind } (the error PyTorch raises)

export function expandView(shape, sizes) {
  if (sizes.length < shape.length) return { kind: 'shape' };
  const lead = sizes.length - shape.length;
  const out = [];
  for (let i = 0; i < sizes.length; i++) {
    if (i < lead) {
      if (sizes[i] < 0) return { kind: 'shape' };
      out.push(sizes[i]);
      continue;
    }
    const have = shape[i - lead];
    const want = sizes[i] === -1 ? have : sizes[i];
    if (want < 0 || (want !== have && have !== 1)) return { kind: 'shape' };
    out.push(want);
  }
  return { shape: out, from: broadcastFrom(shape, out) };
}

export function permuteView(shape, dims) {
  if (dims.length !== shape.length) return { kind: 'shape' };
  const p = [];
  for (const d of dims) {
    const w = wrapDim(d, shape.length);
    if (w === null) return { kind: 'index' };
    if (p.includes(w)) return { kind: 'shape' };
    p.push(w);
  }
  const out = p.map((d) => shape[d]);
  const src = new Array(shape.length).fill(0);
  const from = mapElements(out, shape, (idx) => {
    for (let i = 0; i < p.length; i++) src[p[i]] = idx[i];
    return src;
  });
  return { shape: out, from };
}

export function transposeView(shape, d0, d1) {
  const a = wrapDim(d0, shape.length);
  const b = wrapDim(d1, shape.length);
  if (a === null || b === null) return { kind: 'index' };
  if (shape.length === 0) return { shape: [], from: Int32Array.of(0) };
  const p = shape.map((_, i) => i);
  [p[a], p[b]] = [p[b], p[a]];
  return permuteView(shape, p);
}

// PyTorch 1.13's narrow: a 0-D tensor and a length that does not fit
// are RuntimeErrors ('shape'); start wraps as a dim of `size` would (a size
// of 0 counting as 1), unless it is size itself, else an IndexError.
export function narrowView(shape, dim, start, length) {
  if (shape.length === 0) return { kind: 'shape' };
  const d = wrapDim(dim, shape.length);
  if (d === null) return { kind: 'index' };
  const size = shape[d];
  let s = start;
  if (start !== size) {
    const n = Math.max(size, 1);
    if (start < -n || start >= n) return { kind: 'index' };
    if (start < 0) s = start + n;
  }
  if (length < 0 || s + length > size) return { kind: 'shape' };
  const out = shape.slice();
  out[d] = length;
  const from = mapElements(out, shape, (idx) => {
    idx[d] += s;
    return idx;
  });
  return { shape: out, from };
}

const identity = (n) => Int32Array.from({ length: n }, (_, k) => k);

export function unsqueezeView(shape, dim) {
  const d = wrapDim(dim, shape.length + 1);
  if (d === null) return { kind: 'index' };
  const out = shape.slice();
  out.splice(d, 0, 1);
  return { shape: out, from: identity(numelOf(shape)) };
}

/** squeeze() drops every size-1 dim; squeeze(dim) that dim if it is 1. */
export function squeezeView(shape, dim) {
  if (dim === undefined) return { shape: shape.filter((s) => s !== 1), from: identity(numelOf(shape)) };
  const d = wrapDim(dim, shape.length);
  if (d === null) return { kind: 'index' };
  const out = shape.slice();
  if (shape.length > 0 && shape[d] === 1) out.splice(d, 1);
  return { shape: out, from: identity(numelOf(shape)) };
}

/** view/reshape's shape: one -1 inferred; { shape } or { kind }. */
export function inferShape(requested, numel) {
  let known = 1;
  let infer = -1;
  for (let i = 0; i < requested.length; i++) {
    if (requested[i] === -1) {
      if (infer >= 0) return { kind: 'shape' };
      infer = i;
    } else if (requested[i] < 0) {
      return { kind: 'shape' };
    } else {
      known *= requested[i];
    }
  }
  const out = requested.slice();
  if (infer < 0) return known === numel ? { shape: out } : { kind: 'shape' };
  if (known === 0 || numel % known !== 0) return { kind: 'shape' };
  out[infer] = numel / known;
  return { shape: out };
}

// --- values

const f32 = Math.fround;

/** NaN if either is NaN, else the larger (C++'s a > b ? a : b). */
function maximum(a, b) {
  return Number.isNaN(a) || Number.isNaN(b) ? NaN : a > b ? a : b;
}
function minimum(a, b) {
  return Number.isNaN(a) || Number.isNaN(b) ? NaN : a < b ? a : b;
}

// C's pow, which PyTorch uses: unlike JS's **, pow(1, y) is 1 for every y
// (NaN too) and pow(-1, ±Infinity) is 1 (C99 F.9.4.4).
function powC(a, b) {
  if (a === 1 || b === 0) return 1;
  if (a === -1 && (b === Infinity || b === -Infinity)) return 1;
  return a ** b;
}

/** Binary ops: float32 results, exact except div and pow. */
export const BINARY = {
  add: (a, b, alpha) => f32(a + f32(alpha * b)),
  sub: (a, b, alpha) => f32(a - f32(alpha * b)),
  mul: (a, b) => f32(a * b),
  div: (a, b) => f32(a / b),
  pow: (a, b) => f32(powC(a, b)),
  maximum: (a, b) => maximum(a, b),
  minimum: (a, b) => minimum(a, b),
};
export const INEXACT = new Set(['div', 'pow', 'exp', 'log', 'sqrt']);
/**
 * Exact, but with the sign of a zero result left to the kernel: PyTorch's
 * own scalar and vectorized maximum disagree on maximum(-0, 0), and so may
 * a wasm kernel and its scalar tail. A later 1 / x or pow turns that sign
 * into an infinity, so these results are compared at once and the core's
 * zeros kept.
 */
export const SIGNED_ZERO = new Set(['maximum', 'minimum', 'relu']);

/** How a result is compared at once (null: only at the next full check). */
export function checkNow(op) {
  return INEXACT.has(op) ? 'relative' : SIGNED_ZERO.has(op) ? 'exact' : null;
}

export const COMPARE = {
  eq: (a, b) => (a === b ? 1 : 0),
  ne: (a, b) => (a !== b ? 1 : 0),
  lt: (a, b) => (a < b ? 1 : 0),
  le: (a, b) => (a <= b ? 1 : 0),
  gt: (a, b) => (a > b ? 1 : 0),
  ge: (a, b) => (a >= b ? 1 : 0),
};

export const UNARY = {
  neg: (a) => -a,
  abs: (a) => Math.abs(a),
  exp: (a) => f32(Math.exp(a)),
  log: (a) => f32(Math.log(a)),
  sqrt: (a) => f32(Math.sqrt(a)),
  relu: (a) => (a > 0 || Number.isNaN(a) ? a : 0),
};

/** An operand as values over the result's elements: a Ref broadcast, or a number. */
export function operandValues(x, outShape) {
  const n = numelOf(outShape);
  if (typeof x === 'number') return new Float64Array(n).fill(f32(x));
  const v = x.values();
  const from = broadcastFrom(x.shape, outShape);
  const out = new Float64Array(n);
  for (let k = 0; k < n; k++) out[k] = v[from[k]];
  return out;
}

/**
 * f applied elementwise to operands given as plain { values, shape }
 * (row-major values), broadcast by the rule: { values, shape }. Throws
 * PyTorch's message when the shapes do not broadcast.
 */
export function elementwise(f, ...operands) {
  const { shape, error } = broadcastShapes(operands.map((o) => o.shape));
  if (error) throw new Error(error);
  const reads = operands.map((o) => broadcastFrom(o.shape, shape));
  const values = Array.from({ length: numelOf(shape) }, (_, k) => f(...operands.map((o, i) => o.values[reads[i][k]])));
  return { values, shape };
}

// --- reductions

/**
 * Sums over `dims` (already wrapped, distinct): the result's shape, and for
 * each input element the output element it adds into.
 */
export function sumPlan(shape, dims, keepdim) {
  const kept = shape.map((s, d) => (dims.includes(d) ? 1 : s));
  const out = keepdim ? kept : shape.filter((_, d) => !dims.includes(d));
  const to = mapElements(shape, kept, (idx) => {
    for (const d of dims) idx[d] = 0;
    return idx;
  });
  return { shape: out, to };
}

/** PyTorch's sum_to: which dims of `shape` sum into `target`; { dims, keep } or { kind }. */
export function sumToPlan(shape, target) {
  if (target.length > shape.length) return { kind: 'shape' };
  const lead = shape.length - target.length;
  const dims = [];
  for (let d = 0; d < shape.length; d++) {
    if (d < lead) {
      dims.push(d);
      continue;
    }
    const t = target[d - lead];
    if (t === shape[d]) continue;
    if (t !== 1) return { kind: 'shape' };
    dims.push(d);
  }
  return { dims, lead };
}

/** Sums (in double) of values into nOut outputs, with the sum of magnitudes for tolerances. */
export function sumInto(values, to, nOut) {
  const sum = new Float64Array(nOut);
  const abs = new Float64Array(nOut);
  for (let k = 0; k < values.length; k++) {
    sum[to[k]] += values[k];
    abs[to[k]] += Math.abs(values[k]);
  }
  return { sum, abs };
}

// --- autograd: PyTorch's formulas (derivatives.yaml), run backwards in double

/**
 * Records a node on `out` with `inputs` (Refs that may require grad, or
 * null) and a vector-Jacobian product vjp(g) -> [gradient per input].
 * `saves`: whether PyTorch keeps a tensor for backward (then a second
 * backward through it raises).
 */
export function record(out, inputs, vjp, saves) {
  out.requiresGrad = true;
  out.node = { inputs, vjp, saves, spent: false };
  if (saves)
    for (const t of [out, ...inputs]) if (t) t.storage.saved = true;
}

/** Gradient of an input read through `from` (out element k reads input element from[k]). */
export function scatter(g, from, nIn, local) {
  const out = new Float64Array(nIn);
  for (let k = 0; k < g.length; k++) out[from[k]] += local ? g[k] * local(k) : g[k];
  return out;
}

/** The nodes reachable from `root`, inputs after the tensors that use them. */
export function graphOf(root) {
  const order = [];
  const seen = new Set();
  const visit = (t) => {
    if (!t || !t.requiresGrad || seen.has(t)) return;
    seen.add(t);
    if (t.node) for (const i of t.node.inputs) visit(i);
    order.push(t);
  };
  visit(root);
  return order.reverse();
}

/**
 * root.backward(g): every leaf's gradient gets the sum of its paths' products.
 * Magnitudes travel beside the gradients (|g| through |local derivative|) to
 * bound float32 rounding when comparing. Marks saving nodes spent.
 */
export function backward(root, g) {
  const order = graphOf(root);
  const grads = new Map([[root, { g, abs: g.map(Math.abs) }]]);
  for (const t of order) {
    const here = grads.get(t);
    if (!here || !t.node) continue;
    const parts = t.node.vjp(here.g);
    const partsAbs = t.node.vjp(here.abs, true);
    t.node.inputs.forEach((input, i) => {
      if (!input || !input.requiresGrad || !parts[i]) return;
      const prev = grads.get(input);
      if (!prev) grads.set(input, { g: parts[i], abs: partsAbs[i].map(Math.abs) });
      else
        for (let k = 0; k < parts[i].length; k++) {
          prev.g[k] += parts[i][k];
          prev.abs[k] += Math.abs(partsAbs[i][k]);
        }
    });
    if (t.node.saves) t.node.spent = true;
  }
  for (const t of order) {
    if (!t.isLeaf) continue;
    const got = grads.get(t);
    if (!got) continue;
    if (t.grad === null) {
      t.grad = got.g;
      t.gradAbs = got.abs;
    } else {
      for (let k = 0; k < got.g.length; k++) {
        t.grad[k] += got.g[k];
        t.gradAbs[k] += got.abs[k];
      }
    }
  }
  return order;
}

export { fmt, unravel };
