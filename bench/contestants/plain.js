// Plain JavaScript over typed arrays of the workload's dtype
// (bench/strided.js). Large results go into buffers allocated once, outside
// the timed calls: a fresh 16 MB typed array is zero-filled by the engine
// and would charge the loop for memory it did not ask to clear. The small op
// allocates its 6-element result per call, as its result is a new array.
import { numel } from '../data.js';
import { accumulate, binary, expandedStrides } from '../strided.js';
import { broadcastShape, dtypeOf, operandShape, reductionShape } from '../workloads.js';

export function preparePlain(workload, size, data) {
  const s = workload[size];
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
      run: calls === 1
        ? () => once(out)
        : () => {
          for (let i = 0; i < calls; i++) once(new Typed(out.length));
        },
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
    // softmax over the last dim of a [rows, cols] matrix: max, exp and sum,
    // scale; mean over dim 0: rows added into one row, then divided (in
    // float32, as tensorcast and PyTorch round the sum before dividing).
    const once = workload.op === 'softmax'
      ? (o) => {
        for (let r = 0; r < rows; r++) {
          const at = r * cols;
          let m = -Infinity;
          for (let c = 0; c < cols; c++) m = Math.max(m, x[at + c]);
          let sum = 0;
          for (let c = 0; c < cols; c++) sum += (o[at + c] = Math.exp(x[at + c] - m));
          const scale = 1 / sum;
          for (let c = 0; c < cols; c++) o[at + c] *= scale;
        }
        return o;
      }
      : (o) => {
        o.fill(0);
        for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) o[c] += x[r * cols + c];
        for (let c = 0; c < cols; c++) o[c] = Math.fround(o[c] / rows);
        return o;
      };
    return { run: () => once(out), values: () => [once(new Float32Array(out.length))], dispose() {} };
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
