// tensorcast through its public API (dist/, as `import from 'tensorcast'`
// would load it). Results stay in wasm memory: each call disposes its
// result, and values() is the only copy out, made after timing.
// A workload with a dtype makes its tensors with { dtype } (a typed array
// would keep its type anyway); float32 ones pass none, so that bench/ab.js
// can run them on a package from before dtypes, which knew no such option.

export function prepareTensorcast(tc, workload, size, data) {
  const s = workload[size];
  const made = [];
  const keep = (t) => (made.push(t), t);
  const tensor = (values, shape, options) => keep(tc.tensor(values, { shape, ...options }));
  const done = () => made.forEach((t) => t.dispose());

  // Forward and backward of loss(a, b), as tf.grads does both; the
  // gradients are left on a and b (in wasm memory) until the next call
  // clears them.
  const gradients = (a, b, loss) => {
    const step = () => {
      a.grad = null;
      b.grad = null;
      tc.tidy(() => loss().backward());
    };
    return {
      run: step,
      values() {
        step();
        return [a.grad.data(), b.grad.data()];
      },
      dispose: done,
    };
  };
  if (workload.kind === 'matmulBackward') {
    const a = tensor(data[0], s.a, { requiresGrad: true });
    const b = tensor(data[1], s.b, { requiresGrad: true });
    return gradients(a, b, () => a.matmul(b).sum());
  }
  if (workload.kind === 'binary' || workload.kind === 'matmul') {
    const dtype = workload.dtype ? { dtype: workload.dtype } : {};
    const [a, b] = s.inputs.map((input, k) => {
      const stored = tensor(data[k], input.shape, dtype);
      return input.transposed ? keep(stored.transpose(-2, -1)) : stored;
    });
    const op = workload.op;
    const calls = s.calls ?? 1;
    return {
      run() {
        for (let i = 0; i < calls; i++) a[op](b).dispose();
      },
      values: () => [read(a[op](b))],
      dispose: done,
    };
  }
  if (workload.kind === 'sumTo') {
    const x = tensor(data[0], s.x);
    return {
      run: () => x.sumTo(s.to).dispose(),
      values: () => [read(x.sumTo(s.to))],
      dispose: done,
    };
  }
  if (workload.kind === 'reduction') {
    const x = tensor(data[0], s.x);
    const calls = s.calls ?? 1;
    const method = workload.op === 'log_softmax' ? 'logSoftmax' : workload.op;
    return {
      run() {
        for (let i = 0; i < calls; i++) x[method](s.dim).dispose();
      },
      values: () => [read(x[method](s.dim))],
      dispose: done,
    };
  }
  const a = tensor(data[0], s.a, { requiresGrad: true });
  const b = tensor(data[1], s.b, { requiresGrad: true });
  const w = tensor(data[2], s.a);
  return gradients(a, b, () => a.add(b).mul(w).sum());
}

function read(t) {
  const values = t.data();
  t.dispose();
  return values;
}
