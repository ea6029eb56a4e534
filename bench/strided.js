// A plain JavaScript engine over typed arrays, as a user would write one:
// each operand is a typed array (Float32Array, or Int32Array or
// Float64Array for those dtypes) with element strides (0 along broadcast
// dims), the outer dims walked with counters, the innermost dim a tight
// loop. It is the "plain JS" column and the reference the libraries are
// checked against.

// Row-major strides of `shape`, expanded to `to` (0 where shape broadcasts).
export function expandedStrides(shape, to, transposed = false) {
  const own = new Array(shape.length);
  let step = 1;
  for (let d = shape.length - 1; d >= 0; d--) {
    own[d] = step;
    step *= shape[d];
  }
  const sizes = shape.slice();
  if (transposed) {
    const n = shape.length;
    [own[n - 2], own[n - 1]] = [own[n - 1], own[n - 2]];
    [sizes[n - 2], sizes[n - 1]] = [sizes[n - 1], sizes[n - 2]];
  }
  const lead = to.length - sizes.length;
  return to.map((_, d) => (d < lead || sizes[d - lead] === 1 ? 0 : own[d - lead]));
}

// body(offsets) for each position of every dim but the last, with each
// operand's offset there (one array, updated in place); the caller runs the
// innermost dim itself.
function forEachRow(shape, strides, body) {
  const ndim = shape.length;
  const offsets = new Array(strides.length).fill(0);
  if (shape.some((s) => s === 0)) return;
  const counter = new Array(ndim).fill(0);
  for (;;) {
    body(offsets);
    let d = ndim - 2;
    for (; d >= 0; d--) {
      for (let k = 0; k < strides.length; k++) offsets[k] += strides[k][d];
      if (++counter[d] < shape[d]) break;
      for (let k = 0; k < strides.length; k++) offsets[k] -= shape[d] * strides[k][d];
      counter[d] = 0;
    }
    if (d < 0) return;
  }
}

function innermost(shape, strides) {
  const last = shape.length - 1;
  return last < 0 ? [1, strides.map(() => 0)] : [shape[last], strides.map((s) => s[last])];
}

// Each row loop takes everything as arguments: V8 keeps them in registers,
// where values captured by a closure would be reloaded every element.
function addRow(n, out, o, so, a, x, sa, b, y, sb) {
  for (let i = 0; i < n; i++, o += so, x += sa, y += sb) out[o] = a[x] + b[y];
}
function mulRow(n, out, o, so, a, x, sa, b, y, sb) {
  for (let i = 0; i < n; i++, o += so, x += sa, y += sb) out[o] = a[x] * b[y];
}
// One function per element type: a row loop that met Float32Arrays and
// Int32Arrays would be polymorphic, slower for both. The sum of two int32s
// is exact in a double; `| 0` wraps it as int32 addition does.
function addRowInt32(n, out, o, so, a, x, sa, b, y, sb) {
  for (let i = 0; i < n; i++, o += so, x += sa, y += sb) out[o] = (a[x] + b[y]) | 0;
}
function addRowFloat64(n, out, o, so, a, x, sa, b, y, sb) {
  for (let i = 0; i < n; i++, o += so, x += sa, y += sb) out[o] = a[x] + b[y];
}
const ROWS = {
  float32: { add: addRow, mul: mulRow },
  int32: { add: addRowInt32 },
  float64: { add: addRowFloat64 },
};
function accumulateRow(n, out, o, so, x, y, sx) {
  for (let i = 0; i < n; i++, o += so, y += sx) out[o] += x[y];
}

// out = a (op) b over `shape`, all of `dtype`; out is contiguous.
export function binary(op, shape, out, a, sa, b, sb, dtype = 'float32') {
  const so = expandedStrides(shape, shape);
  const [n, [io, ia, ib]] = innermost(shape, [so, sa, sb]);
  const row = ROWS[dtype]?.[op];
  if (!row) throw new Error(`plain JS: no ${dtype} ${op}`);
  forEachRow(shape, [so, sa, sb], (at) => row(n, out, at[0], io, a, at[1], ia, b, at[2], ib));
}

// out += x over x's shape, out read through strides with 0 along summed dims.
export function accumulate(shape, out, so, x) {
  const sx = expandedStrides(shape, shape);
  const [n, [io, ix]] = innermost(shape, [so, sx]);
  forEachRow(shape, [so, sx], (at) => accumulateRow(n, out, at[0], io, x, at[1], ix));
}
