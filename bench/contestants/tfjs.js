// TensorFlow.js (wasm backend) doing what each workload asks, with results
// left in its wasm memory and disposed by each call; values() (dataSync) is
// the only copy out, made after timing. tfjs has no strided views and no
// sumTo: a transposed operand is materialised with tf.transpose inside the
// timed call (the only way to compute it in tfjs), and sumTo is tf.sum over
// the same axes.
// A workload in a dtype tfjs lacks (float64) has no tfjs contestant:
// prepareTfjs returns null and tfjsLacks says why, for the table's cell.
import { dtypeOf, matmulShape, operandShape, sumAxes } from '../workloads.js';

// tfjs's numeric dtypes (tf.DataType, less complex64); no float64, no int64.
const TFJS_DTYPES = ['float32', 'int32'];

export function tfjsLacks(workload) {
  const dtype = dtypeOf(workload);
  return TFJS_DTYPES.includes(dtype) ? null : `no ${dtype}`;
}

export function prepareTfjs(tf, workload, size, data) {
  if (tfjsLacks(workload)) return null;
  const s = workload[size];
  const dtype = dtypeOf(workload);
  const made = [];
  const tensor = (values, shape) => {
    const t = tf.tensor(values, shape, dtype);
    made.push(t);
    return t;
  };
  const done = () => made.forEach((t) => t.dispose());

  if (workload.kind === 'matmul') {
    // A transposed operand is its storage read through matMul's flags: no copy.
    const [a, b] = s.inputs.map((input, k) => tensor(data[k], input.shape));
    const [ta, tb] = s.inputs.map((input) => input.transposed === true);
    // tfjs's matMul pairs the batches of [3,1,5,7] @ [2,7,9] otherwise than
    // PyTorch (its results differ; it is right when one side has a single
    // matrix or both have the same batch dims): then an operand whose batch
    // dims are not the result's is broadcast with tf.broadcastTo first,
    // inside the timed call, as a tfjs user must.
    const [sa, sb] = s.inputs.map(operandShape);
    const batch = matmulShape(sa, sb).slice(0, -2);
    const batchOf = (shape) => shape.slice(0, -2);
    const count = (shape) => batchOf(shape).reduce((n, d) => n * d, 1);
    const same = (shape) => batchOf(shape).length === batch.length && batchOf(shape).every((d, i) => d === batch[i]);
    const mixed = count(sa) > 1 && count(sb) > 1;
    const full = (shape, stored) => (!mixed || same(shape) ? null : [...batch, ...stored.slice(-2)]);
    const [fa, fb] = [full(sa, s.inputs[0].shape), full(sb, s.inputs[1].shape)];
    const once = () => {
      if (!fa && !fb) return tf.matMul(a, b, ta, tb);
      const x = fa ? tf.broadcastTo(a, fa) : a;
      const y = fb ? tf.broadcastTo(b, fb) : b;
      const out = tf.matMul(x, y, ta, tb);
      if (x !== a) x.dispose();
      if (y !== b) y.dispose();
      return out;
    };
    return { run: () => once().dispose(), values: () => [read(once())], dispose: done };
  }
  if (workload.kind === 'matmulBackward') {
    const a = tensor(data[0], s.a);
    const b = tensor(data[1], s.b);
    const grads = tf.grads((x, y) => tf.sum(tf.matMul(x, y)));
    return {
      run: () => grads([a, b]).forEach((g) => g.dispose()),
      values: () => grads([a, b]).map(read),
      dispose: done,
    };
  }
  if (workload.kind === 'binary') {
    const [a, b] = s.inputs.map((input, k) => tensor(data[k], input.shape));
    const [ta, tb] = s.inputs.map((input) => input.transposed === true);
    const fn = tf[workload.op];
    const calls = s.calls ?? 1;
    const once = ta || tb ? () => transposedThen(tf, fn, a, ta, b, tb) : () => fn(a, b);
    return {
      run() {
        for (let i = 0; i < calls; i++) once().dispose();
      },
      values: () => [read(once())],
      dispose: done,
    };
  }
  if (workload.kind === 'sumTo') {
    const x = tensor(data[0], s.x);
    const axes = sumAxes(s.x, s.to);
    return {
      run: () => tf.sum(x, axes).dispose(),
      values: () => [read(tf.sum(x, axes))],
      dispose: done,
    };
  }
  if (workload.kind === 'reduction') {
    const x = tensor(data[0], s.x);
    // tf.softmax and tf.logSoftmax work along the last dim only, which is the workload's.
    const ops = {
      softmax: () => tf.softmax(x, s.dim),
      log_softmax: () => tf.logSoftmax(x, s.dim),
      logsumexp: () => tf.logSumExp(x, s.dim),
      mean: () => tf.mean(x, s.dim),
    };
    const once = ops[workload.op];
    const calls = s.calls ?? 1;
    return {
      run() {
        for (let i = 0; i < calls; i++) once().dispose();
      },
      values: () => [read(once())],
      dispose: done,
    };
  }
  const a = tensor(data[0], s.a);
  const b = tensor(data[1], s.b);
  const w = tensor(data[2], s.a);
  const grads = tf.grads((x, y) => tf.sum(tf.mul(tf.add(x, y), w)));
  return {
    run: () => grads([a, b]).forEach((g) => g.dispose()),
    values: () => grads([a, b]).map(read),
    dispose: done,
  };
}

function read(t) {
  const values = t.dataSync().slice();
  t.dispose();
  return values;
}

function transposedThen(tf, fn, a, ta, b, tb) {
  const x = ta ? tf.transpose(a, swapLastTwo(a.rank)) : a;
  const y = tb ? tf.transpose(b, swapLastTwo(b.rank)) : b;
  const out = fn(x, y);
  if (x !== a) x.dispose();
  if (y !== b) y.dispose();
  return out;
}

function swapLastTwo(rank) {
  const perm = [...Array(rank).keys()];
  [perm[rank - 2], perm[rank - 1]] = [perm[rank - 1], perm[rank - 2]];
  return perm;
}
