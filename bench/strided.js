// A plain JavaScript engine over typed arrays, as a user would write one:
// each operand is a Float32Array with element strides (0 along broadcast
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
function accumulateRow(n, out, o, so, x, y, sx) {
  for (let i = 0; i < n; i++, o += so, y += sx) out[o] += x[y];
}

// out = a (op) b over `shape`; out is contiguous.
export function binary(op, shape, out, a, sa, b, sb) {
  const so = expandedStrides(shape, shape);
  const [n, [io, ia, ib]] = innermost(shape, [so, sa, sb]);
  const row = op === 'add' ? addRow : mulRow;
  forEachRow(shape, [so, sa, sb], (at) => row(n, out, at[0], io, a, at[1], ia, b, at[2], ib));
}

// out += x over x's shape, out read through strides with 0 along summed dims.
export function accumulate(shape, out, so, x) {
  const sx = expandedStrides(shape, shape);
  const [n, [io, ix]] = innermost(shape, [so, sx]);
  forEachRow(shape, [so, sx], (at) => accumulateRow(n, out, at[0], io, x, at[1], ix));
}
