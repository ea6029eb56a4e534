// Plain JavaScript over typed arrays of the workload's dtype
// (bench/strided.js). Large results go into buffers allocated once, outside
// the timed calls: a fresh 16 MB typed array is zero-filled by the engine
// and would charge the loop for memory it did not ask to clear. The small op
// allocates its 6-element result per call, as its result is a new array.
import { numel } from '../data.js';
import { accumulate, binary, expandedStrides } from '../strided.js';
import { broadcastShape, dtypeOf, matmulShape, operandShape, reductionShape } from '../workloads.js';

// C = A·B by its definition, one batch index at a time, with a and b
// read through their (broadcast, maybe transposed) strides: the i-p-j
// loop order, so the inner loop runs along rows of b and c.
function matmulPlain(out, outShape, a, sa, b, sb) {
  const nd = outShape.length;
  const [m, n] = outShape.slice(-2);
  const k = sa.shape[sa.shape.length - 1];
  const batch = numel(outShape.slice(0, -2));
  const index = new Array(nd - 2).fill(0);
  for (let t = 0; t < batch; t++) {
    let ao = 0;
    let bo = 0;
    for (let d = 0; d < nd - 2; d++) {
      ao += index[d] * sa.strides[d];
      bo += index[d] * sb.strides[d];
    }
    const [ars, acs] = sa.strides.slice(-2);
    const [brs, bcs] = sb.strides.slice(-2);
    const c0 = t * m * n;
    out.fill(0, c0, c0 + m * n);
    for (let i = 0; i < m; i++)
      for (let p = 0; p < k; p++) {
        const x = a[ao + i * ars + p * acs];
        const brow = bo + p * brs;
        const crow = c0 + i * n;
        for (let j = 0; j < n; j++) out[crow + j] += x * b[brow + j * bcs];
      }
    for (let d = nd - 3; d >= 0 && ++index[d] === outShape[d]; d--) index[d] = 0;
  }
  return out;
}

// An operand's strides expanded to [batch..., rows, cols] of the result
// (0 on broadcast batch dims), with its own shape.
function matmulOperand(input, outBatch) {
  const shape = operandShape(input);
  const rows = shape.slice(-2);
  return { shape, strides: expandedStrides(input.shape, [...outBatch, ...rows], input.transposed) };
}

export function preparePlain(workload, size, data) {
  const s = workload[size];
  if (workload.kind === 'matmul') {
    const [sa, sb] = s.inputs.map(operandShape);
    const outShape = matmulShape(sa, sb);
    const outBatch = outShape.slice(0, -2);
    const [oa, ob] = s.inputs.map((input) => matmulOperand(input, outBatch));
    const out = new Float32Array(numel(outShape));
    const once = (o) => matmulPlain(o, outShape, data[0], oa, data[1], ob);
    return { run: () => once(out), values: () => [once(new Float32Array(out.length))], dispose() {} };
  }
  if (workload.kind === 'matmulBackward') {
    // a @ b, then g @ b^T and a^T @ g with g all ones (the gradient of sum).
    const [m, k] = s.a;
    const n = s.b[1];
    const plainOf = (shape, transposed) => ({ shape: transposed ? [shape[1], shape[0]] : shape, strides: transposed ? [1, shape[1]] : [shape[1], 1] });
    const out = new Float32Array(m * n);
    const g = new Float32Array(m * n).fill(1);
    const ga = new Float32Array(m * k);
    const gb = new Float32Array(k * n);
    const step = () => {
      matmulPlain(out, [m, n], data[0], plainOf(s.a, false), data[1], plainOf(s.b, false));
      matmulPlain(ga, [m, k], g, plainOf([m, n], false), data[1], plainOf(s.b, true));
      matmulPlain(gb, [k, n], data[0], plainOf(s.a, true), g, plainOf([m, n], false));
    };
    return {
      run: step,
      values() {
        step();
        return [ga.slice(), gb.slice()];
      },
      dispose() {},
    };
  }
  if (workload.kind === 'binary') {
    const shape = broadcastShape(s.inputs.map(operandShape));
    const [sa, sb] = s.inputs.map((input) => expandedStrides(input.shape, shape, input.transposed));
    const [a, b] = data;
    const dtype = dtypeOf(workload);
    // The inputs' own type (bench/data.js made them for this dtype).
    const Typed = a.constructor;
    const calls = s.calls ?? 1;
    const once = (out) => {
      binary(workload.op, shape, out, a, sa, b, sb, dtype);
      return out;
    };
    const out = new Typed(numel(shape));
    return {
      run: runner(once, out, calls, () => new Typed(out.length)),
      values: () => [once(new Typed(out.length))],
      dispose() {},
    };
  }
  if (workload.kind === 'sumTo') {
    const out = new Float32Array(numel(s.to));
    const so = expandedStrides(s.to, s.x);
    const once = (o) => {
      o.fill(0);
      accumulate(s.x, o, so, data[0]);
      return o;
    };
    return { run: () => once(out), values: () => [once(new Float32Array(out.length))], dispose() {} };
  }
  if (workload.kind === 'reduction') {
    const [rows, cols] = s.x;
    const x = data[0];
    const out = new Float32Array(numel(reductionShape(workload, s)));
    // softmax, log_softmax and logsumexp over the last dim of a [rows, cols]
    // matrix: per row, the max (logsumexp: 0 for an infinite one, as
    // PyTorch), exp(x - max) (into e when given) and its sum, then the scale
    // or the shift; mean over dim 0: rows added into one row, then divided
    // (in float32, as tensorcast and PyTorch round the sum before dividing).
    const rowSum = (at, e) => {
      let m = -Infinity;
      for (let c = 0; c < cols; c++) m = Math.max(m, x[at + c]);
      if (workload.op === 'logsumexp' && Math.abs(m) === Infinity) m = 0;
      let sum = 0;
      for (let c = 0; c < cols; c++) {
        const v = Math.exp(x[at + c] - m);
        if (e) e[at + c] = v;
        sum += v;
      }
      return [m, sum];
    };
    const once = {
      softmax: (o) => {
        for (let at = 0; at < rows * cols; at += cols) {
          const scale = 1 / rowSum(at, o)[1];
          for (let c = 0; c < cols; c++) o[at + c] *= scale;
        }
        return o;
      },
      log_softmax: (o) => {
        for (let at = 0; at < rows * cols; at += cols) {
          const [m, sum] = rowSum(at, null);
          const shift = Math.log(sum);
          for (let c = 0; c < cols; c++) o[at + c] = x[at + c] - m - shift;
        }
        return o;
      },
      logsumexp: (o) => {
        for (let r = 0; r < rows; r++) {
          const [m, sum] = rowSum(r * cols, null);
          o[r] = Math.log(sum) + m;
        }
        return o;
      },
      mean: (o) => {
        o.fill(0);
        for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) o[c] += x[r * cols + c];
        for (let c = 0; c < cols; c++) o[c] = Math.fround(o[c] / rows);
        return o;
      },
    }[workload.op];
    const calls = s.calls ?? 1;
    return {
      run: runner(once, out, calls, () => new Float32Array(out.length)),
      values: () => [once(new Float32Array(out.length))],
      dispose() {},
    };
  }
  // Forward and backward op by op, as an autograd engine would: t = a + b,
  // u = t * w, sum(u); then grad_t = 1 * w (a's gradient), b's = its sum over rows.
  const [a, b, w] = data;
  const big = numel(s.a);
  const one = new Float32Array([1]);
  const t = new Float32Array(big);
  const u = new Float32Array(big);
  const gradT = new Float32Array(big);
  const gradB = new Float32Array(numel(s.b));
  const same = expandedStrides(s.a, s.a);
  const row = expandedStrides(s.b, s.a);
  const scalar = expandedStrides([], s.a);
  const step = () => {
    binary('add', s.a, t, a, same, b, row);
    binary('mul', s.a, u, t, same, w, same);
    let loss = 0;
    for (let i = 0; i < big; i++) loss += u[i];
    binary('mul', s.a, gradT, one, scalar, w, same);
    gradB.fill(0);
    accumulate(s.a, gradB, row, gradT);
    return loss;
  };
  return {
    run: step,
    values() {
      step();
      return [gradT.slice(), gradB.slice()];
    },
    dispose() {},
  };
}

// A sample's run: one call into `out`, or `calls` calls each into a fresh
// output, as the package makes a tensor per call.
function runner(once, out, calls, fresh) {
  if (calls === 1) return () => once(out);
  return () => {
    for (let i = 0; i < calls; i++) once(fresh());
  };
}
