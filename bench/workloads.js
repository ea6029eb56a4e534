// The bench's workloads, each at its full size and at a tiny size for
// the harness's own test (bench/bench.test.js). Tiny sizes are odd so that
// every kernel's vector body and scalar tail both run.
//
// An input is { shape } (row-major storage), or { shape, transposed: true }:
// the operand is that storage with its last two dims swapped (a strided
// view in tensorcast; tfjs has no views and must materialise it).
// A binary workload may name its dtype (float32 when it does not): its
// inputs and result are of that dtype in every contestant.
import { BYTES_PER_ELEMENT, numel } from './data.js';

const F32 = 4;

export const dtypeOf = (workload) => workload.dtype ?? 'float32';

export function operandShape(input) {
  if (!input.transposed) return input.shape;
  const s = input.shape.slice();
  [s[s.length - 2], s[s.length - 1]] = [s[s.length - 1], s[s.length - 2]];
  return s;
}

export function broadcastShape(shapes) {
  const ndim = Math.max(...shapes.map((s) => s.length));
  const out = [];
  for (let d = 0; d < ndim; d++) {
    let size = 1;
    for (const s of shapes) {
      const k = s.length - ndim + d;
      if (k >= 0 && s[k] !== 1) size = s[k];
    }
    out.push(size);
  }
  return out;
}

function binary(id, group, op, full, tiny, dtype) {
  const workload = { id, kind: 'binary', group, op, full: { inputs: full }, tiny: { inputs: tiny } };
  return dtype ? { ...workload, dtype } : workload;
}

function sumTo(id, group, full, tiny) {
  return { id, kind: 'sumTo', group, full, tiny };
}

// A reduction over one dim of x (Tensor[op](dim)): softmax and
// log_softmax keep x's shape, mean and logsumexp drop the dim. rtol: results agree within it, not exactly
// (each contestant's exp rounds its own way).
function reduction(id, group, op, full, tiny, rtol = 0) {
  return { id, kind: 'reduction', group, op, full, tiny, ...(rtol ? { rtol } : {}) };
}

// The result's shape of a reduction workload.
export function reductionShape(workload, s) {
  return workload.op === 'softmax' || workload.op === 'log_softmax' ? s.x : s.x.filter((_, d) => d !== s.dim);
}

// --- matmul: a product of the inputs (a transposed input as a view, which
// tfjs reads through matMul's transposeA flag); matmulBackward: the
// gradients of sum(a @ b).
function matmul(id, group, full, tiny) {
  return { id, kind: 'matmul', group, op: 'matmul', full: { inputs: full }, tiny: { inputs: tiny } };
}

// The result's shape of matmul on operands of at least 2 dims: the batch
// dims broadcast, then [m, n].
export function matmulShape(sa, sb) {
  return [...broadcastShape([sa.slice(0, -2), sb.slice(0, -2)]), sa[sa.length - 2], sb[sb.length - 1]];
}

// Multiply-adds times 2, the convention of GFLOP/s.
export function matmulFlops(workload, size) {
  const s = workload[size];
  if (workload.kind === 'matmulBackward') {
    const [m, k] = s.a;
    const n = s.b[1];
    return 3 * 2 * m * n * k;  // the forward product and the two of the backward
  }
  const [sa, sb] = s.inputs.map(operandShape);
  const out = matmulShape(sa, sb);
  return 2 * numel(out) * sa[sa.length - 1];
}

const t = (...shape) => ({ shape });
const tT = (...shape) => ({ shape, transposed: true });

export const WORKLOADS = [
  binary('add-same', 'elementwise', 'add', [t(4096, 1024), t(4096, 1024)], [t(13, 11), t(13, 11)]),
  binary('mul-same', 'elementwise', 'mul', [t(4096, 1024), t(4096, 1024)], [t(13, 11), t(13, 11)]),
  // The other dtypes run the compiler-vectorised loops (kernels.h x_vbinary).
  // tfjs has int32 but no float64: that row is against plain JS and the probe.
  binary('add-int32', 'elementwise', 'add', [t(4096, 1024), t(4096, 1024)], [t(13, 11), t(13, 11)], 'int32'),
  binary('add-float64', 'no-tfjs', 'add', [t(4096, 1024), t(4096, 1024)], [t(13, 11), t(13, 11)], 'float64'),
  binary('row', 'elementwise', 'add', [t(2048, 2048), t(2048)], [t(13, 11), t(11)]),
  binary('column', 'elementwise', 'add', [t(2048, 2048), t(2048, 1)], [t(13, 11), t(13, 1)]),
  binary('outer', 'elementwise', 'add', [t(2048, 1), t(1, 2048)], [t(13, 1), t(1, 11)]),
  binary('4d', 'off-fast-path', 'add', [t(256, 3, 64, 64), t(3, 1, 1)], [t(2, 3, 5, 9), t(3, 1, 1)]),
  binary('4d-wide', 'off-fast-path', 'add', [t(16, 1, 256, 256), t(16, 1, 1)], [t(4, 1, 5, 9), t(4, 1, 1)]),
  binary('transposed', 'off-fast-path', 'add', [tT(2048, 2048), t(2048, 2048)], [tT(11, 13), t(13, 11)]),
  sumTo('sumto-leading', 'sumto-leading', { x: [2048, 2048], to: [2048] }, { x: [13, 11], to: [11] }),
  sumTo('sumto-column', 'sumto', { x: [2048, 2048], to: [2048, 1] }, { x: [13, 11], to: [13, 1] }),
  sumTo('sumto-4d', 'sumto-leading', { x: [64, 3, 128, 128], to: [3, 1, 1] }, { x: [2, 3, 5, 9], to: [3, 1, 1] }),
  // Reductions over dims (src/ops/reduce_dims.cpp, softmax.cpp): one read of
  // x and one write of the result each, as the probe moves.
  reduction('softmax-last', 'reduction', 'softmax', { x: [4096, 1024], dim: 1 }, { x: [13, 11], dim: 1 }, 2e-6),
  reduction('log-softmax-last', 'reduction', 'log_softmax', { x: [4096, 1024], dim: 1 }, { x: [13, 11], dim: 1 }, 2e-6),
  reduction('logsumexp-last', 'reduction', 'logsumexp', { x: [4096, 1024], dim: 1 }, { x: [13, 11], dim: 1 }, 2e-6),
  reduction('mean-dim0', 'reduction', 'mean', { x: [2048, 2048], dim: 0 }, { x: [13, 11], dim: 0 }),
  {
    id: 'backward',
    kind: 'backward',
    group: 'backward',
    full: { a: [2048, 2048], b: [2048] },
    tiny: { a: [13, 11], b: [11] },
  },
  {
    id: 'small-op',
    kind: 'binary',
    group: 'small',
    op: 'add',
    // One sample is a batch of calls: a single one is below the timer's grain.
    full: { inputs: [t(2, 3), t(3)], calls: 20000 },
    tiny: { inputs: [t(2, 3), t(3)], calls: 20 },
  },
  // A small reduction through the generated members' generic call
  // (bindings/ts/registry.ts): what binding a call's arguments costs.
  {
    id: 'small-mean',
    kind: 'reduction',
    group: 'small',
    op: 'mean',
    full: { x: [2, 3], dim: 0, calls: 20000 },
    tiny: { x: [2, 3], dim: 0, calls: 20 },
  },
  // --- matmul (src/ops/matmul.cpp, src/engine/gemm.h)
  matmul('matmul-256', 'gemm', [t(256, 256), t(256, 256)], [t(13, 11), t(11, 9)]),
  matmul('matmul-1024', 'gemm', [t(1024, 1024), t(1024, 1024)], [t(17, 13), t(13, 19)]),
  matmul('matmul-folded', 'batched-gemm', [t(64, 128, 64), t(64, 64)], [t(3, 5, 7), t(7, 9)]),
  matmul('matmul-broadcast', 'batched-gemm', [t(8, 1, 128, 64), t(16, 64, 128)], [t(3, 1, 5, 7), t(2, 7, 9)]),
  matmul('matmul-transposed', 'gemm', [tT(256, 256), t(256, 256)], [tT(11, 13), t(11, 9)]),
  {
    id: 'matmul-backward',
    kind: 'matmulBackward',
    group: 'gemm',
    full: { a: [256, 256], b: [256, 256] },
    tiny: { a: [13, 11], b: [11, 9] },
  },
];

// The dims a sum to `to` removes or keeps at size 1, as tf.sum's axes.
export function sumAxes(x, to) {
  const lead = x.length - to.length;
  const axes = [];
  for (let d = 0; d < x.length; d++) if (d < lead || (to[d - lead] === 1 && x[d] !== 1)) axes.push(d);
  return axes;
}

// Bytes a workload must read and write at the least, apart, for the
// bandwidth probe (which reads and writes as many): each input's storage
// read once and each result written once. Writes cost more than reads (a
// line is fetched before it is written), so the split matters: an outer
// product reads kilobytes and writes megabytes. The backward pass is
// counted op by op, as an autograd engine runs it: forward a + b
// (read a, b; write), (a + b) * w (read two; write), sum (read one);
// backward grad * w for (a + b) (read w; write), which is a's gradient as
// it is, and its sum over rows for b (read; write a row).
export function bytesMoved(workload, size) {
  const s = workload[size];
  if (workload.kind === 'binary') {
    const bytes = BYTES_PER_ELEMENT[dtypeOf(workload)];
    const reads = s.inputs.reduce((n, input) => n + numel(input.shape), 0);
    return { read: reads * bytes, write: numel(broadcastShape(s.inputs.map(operandShape))) * bytes };
  }
  if (workload.kind === 'sumTo') return { read: numel(s.x) * F32, write: numel(s.to) * F32 };
  if (workload.kind === 'reduction') return { read: numel(s.x) * F32, write: numel(reductionShape(workload, s)) * F32 };
  if (workload.kind === 'matmul') {
    const [sa, sb] = s.inputs.map(operandShape);
    return { read: (numel(sa) + numel(sb)) * F32, write: numel(matmulShape(sa, sb)) * F32 };
  }
  if (workload.kind === 'matmulBackward') {
    // Forward a @ b, its sum, then g @ b^T and a^T @ g.
    const out = s.a[0] * s.b[1];
    const read = numel(s.a) + numel(s.b) + out + (out + numel(s.b)) + (numel(s.a) + out);
    return { read: read * F32, write: (out + numel(s.a) + numel(s.b)) * F32 };
  }
  const big = numel(s.a);
  const row = numel(s.b);
  const read = (big + row) + (2 * big) + big + big + big;
  const write = big + big + 1 + big + row;
  return { read: read * F32, write: write * F32 };
}

// The storage shapes of a workload's inputs, in the order the contestants
// receive their values: binary a, b; sumTo x; backward a, b, w.
export function inputShapes(workload, size) {
  const s = workload[size];
  if (workload.kind === 'binary' || workload.kind === 'matmul') return s.inputs.map((input) => input.shape);
  if (workload.kind === 'sumTo' || workload.kind === 'reduction') return [s.x];
  if (workload.kind === 'matmulBackward') return [s.a, s.b];
  return [s.a, s.b, s.a];
}

const SYMBOL = { add: '+', mul: '*', matmul: '@' };
const fmt = (shape) => `[${shape.join(',')}]`;

// The row's name in tables, from the shapes it runs at.
export function describe(workload, size) {
  const s = workload[size];
  if (workload.kind === 'binary' || workload.kind === 'matmul') {
    const [a, b] = s.inputs.map((input) => (input.transposed ? `${fmt(input.shape)}.t()` : fmt(input.shape)));
    const dtype = workload.dtype ? `${workload.dtype} ` : '';
    return `${workload.op} ${dtype}${a} ${SYMBOL[workload.op]} ${b}${s.calls ? ', per call' : ''}`;
  }
  if (workload.kind === 'sumTo') return `sumTo ${fmt(s.x)} -> ${fmt(s.to)}`;
  if (workload.kind === 'reduction') return `${workload.op} ${fmt(s.x)} over dim ${s.dim}`;
  if (workload.kind === 'matmulBackward') return `backward of sum(a @ b), a ${fmt(s.a)}, b ${fmt(s.b)}`;
  return `backward of sum((a + b) * w), a ${fmt(s.a)}, b ${fmt(s.b)}`;
}
