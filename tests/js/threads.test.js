// The threaded module (Note [Threads], src/engine/parallel.h; Note [The
// threaded module], bindings/ts/threads.ts) against the single-threaded
// SIMD module: the same bits for elementwise ops, matmul, sums and softmax split
// between threads (sizes above the pool's threshold, odd shapes, strided
// and transposed operands), ops from several async callers, memory flat
// over many ops, and init({ threads }) / tc.threads.
import assert from 'node:assert/strict';
import os from 'node:os';
import { test } from 'node:test';
import { init, TensorcastError } from 'tensorcast';

// Three threads on any machine: more chunks than cores, and an odd count.
const many = await init({ threads: 3 });
const one = await init({ threads: 1 });

// Deterministic values in [-2, 2), some of them negative zero and tiny.
function values(n, seed) {
  const out = new Float32Array(n);
  let x = seed >>> 0;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out[i] = (x / 2 ** 32) * 4 - 2;
  }
  out[0] = -0;
  if (n > 7) out[7] = 1e-40;
  return out;
}

// f(tc, ...inputs) on both instances, inputs made from the same values.
function onBoth(shapes, f, dtype = 'float32') {
  const results = [];
  for (const tc of [one, many]) {
    const inputs = shapes.map((shape, k) => {
      const n = shape.reduce((p, s) => p * s, 1);
      const t = tc.tensor(values(n, 17 + k), { shape });
      return dtype === 'float32' ? t : t.to(dtype);
    });
    const out = f(tc, ...inputs);
    results.push(out.data().slice());
    out.dispose();
    for (const t of inputs) t.dispose();
  }
  return results;
}

// The same bits (NaN payloads, -0 included), not merely equal numbers.
function assertSameBits([expected, actual], what) {
  assert.equal(actual.length, expected.length, `${what}: length`);
  const e = new Uint8Array(expected.buffer, expected.byteOffset, expected.byteLength);
  const a = new Uint8Array(actual.buffer, actual.byteOffset, actual.byteLength);
  for (let i = 0; i < e.length; i++)
    if (a[i] !== e[i]) assert.fail(`${what}: byte ${i} differs (element ${Math.floor(i / expected.BYTES_PER_ELEMENT)}: ${expected[Math.floor(i / expected.BYTES_PER_ELEMENT)]} one thread, ${actual[Math.floor(i / expected.BYTES_PER_ELEMENT)]} three)`);
}

test('init({ threads }) and tc.threads', async () => {
  assert.equal(many.threads, 3);
  assert.equal(one.threads, 1);
  // Unless told, the cores, at most 4 (Note [Threads by default]).
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  const shared = await init();
  assert.equal(shared.threads, Math.min(cores, 4));
  assert.equal(shared.simd, true);
  assert.equal(many.simd, true);
  const plain = await init({ simd: false, threads: 4 });
  assert.equal(plain.threads, 1, 'the plain module has no threads');
  for (const bad of [0, -1, 1.5, NaN, '2'])
    await assert.rejects(init({ threads: bad }), (error) => {
      assert.ok(error instanceof TensorcastError);
      assert.equal(error.kind, 'type');
      assert.match(error.message, /^init\(\): option 'threads' must be a whole number of at least 1, not /);
      return true;
    });
});

test('elementwise ops give the bits one thread gives', () => {
  const cases = [
    ['add, contiguous, one long row', [[333_337], [333_337]], (tc, a, b) => a.add(b)],
    ['sub with alpha, odd 2-D', [[517, 1001], [517, 1001]], (tc, a, b) => a.sub(b, { alpha: 0.3 })],
    ['mul, a broadcast row', [[301, 2049], [2049]], (tc, a, b) => a.mul(b)],
    ['div, a broadcast column', [[2049, 301], [2049, 1]], (tc, a, b) => a.div(b)],
    ['add, transposed operand', [[701, 703], [703, 701]], (tc, a, b) => a.add(b.t())],
    ['add, strided views', [[300, 3001], [300, 1001]], (tc, a, b) => a.index(':, ::3').add(b)],
    ['exp (vector and scalar paths)', [[100_003]], (tc, a) => a.exp()],
    ['tanh of a 3-D transpose', [[37, 61, 83]], (tc, a) => a.permute(2, 0, 1).tanh()],
    ['outer broadcast', [[1025, 1], [1, 1027]], (tc, a, b) => a.mul(b)],
    ['where', [[400, 400], [400, 400]], (tc, a, b) => tc.where(a.gt(b), a, b)],
    ['gt (bool out)', [[300_001], [300_001]], (tc, a, b) => a.gt(b)],
    ['clamp', [[250_007]], (tc, a) => a.clamp(-0.5, 0.75)],
  ];
  for (const [what, shapes, f] of cases) assertSameBits(onBoth(shapes, f), what);
  assertSameBits(onBoth([[513, 517], [517]], (tc, a, b) => a.add(b), 'float64'), 'float64 add');
  assertSameBits(onBoth([[513, 517], [517]], (tc, a, b) => a.mul(b), 'int32'), 'int32 mul');
});

test('matmul gives the bits one thread gives', () => {
  const cases = [
    ['square 512', [[512, 512], [512, 512]], (tc, a, b) => a.matmul(b)],
    ['odd shapes', [[300, 517], [517, 1001]], (tc, a, b) => a.matmul(b)],
    ['fewer column panels than threads', [[1031, 300], [300, 200]], (tc, a, b) => a.matmul(b)],
    ['transposed a', [[517, 300], [517, 1001]], (tc, a, b) => a.t().matmul(b)],
    ['transposed b', [[300, 517], [1001, 517]], (tc, a, b) => a.matmul(b.t())],
    ['batched', [[3, 130, 257], [257, 600]], (tc, a, b) => a.matmul(b)],
  ];
  for (const [what, shapes, f] of cases) assertSameBits(onBoth(shapes, f), what);
});

test('sums and sum_to keep the single-threaded (PyTorch) summation', () => {
  const cases = [
    ['sum over rows (columns kept: outer path)', [[1537, 2051]], (tc, x) => x.sum(0)],
    ['sum along rows (inner path)', [[2051, 1537]], (tc, x) => x.sum(1)],
    ['sumTo a row', [[2048, 2049]], (tc, x) => x.sumTo([2049])],
    ['sumTo a column', [[2049, 2048]], (tc, x) => x.sumTo([2049, 1])],
    ['sumTo of a 4-D', [[16, 3, 130, 129]], (tc, x) => x.sumTo([3, 1, 1])],
    ['sum of a transpose (scalar paths)', [[1031, 517]], (tc, x) => x.t().sum(0)],
    ['strided rows', [[4099, 97]], (tc, x) => x.t().sum(1)],
    ['mean over two dims', [[64, 100, 33]], (tc, x) => x.mean([0, 2])],
    ['everything into one number', [[1_000_003]], (tc, x) => x.sum()],
  ];
  for (const [what, shapes, f] of cases) assertSameBits(onBoth(shapes, f), what);
  assertSameBits(onBoth([[1025, 1031]], (tc, x) => x.sum(0), 'float64'), 'float64 sum');
});

test('softmax, log_softmax and logsumexp give the bits one thread gives', () => {
  const cases = [
    ['softmax over the last dim (4-lane rows)', [[1031, 517]], (tc, x) => x.softmax(1)],
    ['log_softmax over the last dim', [[1031, 517]], (tc, x) => x.logSoftmax(-1)],
    ['logsumexp over the last dim', [[2053, 129]], (tc, x) => x.logsumexp(1)],
    ['softmax of a transpose (rows gathered)', [[517, 1031]], (tc, x) => x.t().softmax(1)],
    ['softmax over a middle dim (strided lines)', [[37, 61, 83]], (tc, x) => x.softmax(1)],
    ['log_softmax over dim 0 of a 3-D', [[37, 61, 83]], (tc, x) => x.logSoftmax(0)],
  ];
  for (const [what, shapes, f] of cases) assertSameBits(onBoth(shapes, f), what);
  assertSameBits(onBoth([[257, 1031]], (tc, x) => x.softmax(1), 'float64'), 'float64 softmax');
});

test('backward gives the bits one thread gives', () => {
  const grads = [];
  for (const tc of [one, many]) {
    const a = tc.tensor(values(1023 * 1031, 3), { shape: [1023, 1031], requiresGrad: true });
    const b = tc.tensor(values(1031, 5), { shape: [1031], requiresGrad: true });
    const w = tc.tensor(values(1031 * 517, 7), { shape: [1031, 517], requiresGrad: true });
    tc.tidy(() => a.add(b).tanh().matmul(w).sum().backward());
    grads.push([a.grad.data().slice(), b.grad.data().slice(), w.grad.data().slice()]);
    for (const t of [a, b, w]) t.dispose();
  }
  for (let k = 0; k < 3; k++) assertSameBits([grads[0][k], grads[1][k]], `gradient ${'abw'[k]}`);
});

test('ops from several async callers while the pool is busy', async () => {
  const n = 200_003;
  const expected = onBoth([[n], [n]], (tc, a, b) => a.mul(b).add(a))[0];
  const a = many.tensor(values(n, 17), { shape: [n] });
  const b = many.tensor(values(n, 18), { shape: [n] });
  const caller = async (k) => {
    for (let i = 0; i < 40; i++) {
      const out = many.tidy(() => a.mul(b).add(a).data().slice());
      assertSameBits([expected, out], `caller ${k}, round ${i}`);
      // A big matmul in between, so that callers interleave with long ops.
      if (i % 10 === k % 10) many.tidy(() => a.index(`:${512 * 390}`).view(512, 390).matmul(b.index(`:${390 * 512}`).view(390, 512)).sum().item());
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  await Promise.all(Array.from({ length: 6 }, (_, k) => caller(k)));
  a.dispose();
  b.dispose();
});

test('calls after the workers have gone to sleep give the bits one thread gives', () => {
  // Idle long enough for the workers to sleep, so that they wake during or
  // after the calling thread's chunks (Note [Workers that come late],
  // src/engine/parallel.cpp).
  const idle = new Int32Array(new SharedArrayBuffer(4));
  for (const [what, shapes, f] of [
    ['sum over rows', [[1031, 517]], (tc, x) => x.sum(1)],
    ['add', [[300_007], [300_007]], (tc, a, b) => a.add(b)],
    ['softmax', [[517, 1031]], (tc, x) => x.softmax(1)],
  ])
    for (let k = 0; k < 10; k++) {
      Atomics.wait(idle, 0, 0, 3);
      assertSameBits(onBoth(shapes, f), `${what} after idle (${k})`);
    }
});

test('many ops on the pool leave memory flat', () => {
  const a = many.tensor(values(300 * 1031, 1), { shape: [300, 1031] });
  const b = many.tensor(values(1031, 2), { shape: [1031] });
  const w = many.tensor(values(1031 * 64, 3), { shape: [1031, 64], requiresGrad: true });
  const round = () =>
    many.tidy(() => {
      for (let i = 0; i < 300; i++) {
        const c = a.add(b).mul(a);
        c.sum(0);
        c.sumTo([1031]);
        c.exp();
        if (i % 10 === 0) {
          c.matmul(w).sum().backward();
          w.grad = null;
        }
      }
    });
  round();
  const before = many.memory();
  round();
  const after = many.memory();
  assert.equal(after.tensors, before.tensors, 'live tensors');
  assert.equal(after.bytes, before.bytes, 'tensor bytes');
  assert.equal(after.heapSize, before.heapSize, 'wasm memory size');
  assert.ok(after.heapUsed - before.heapUsed <= 1024, `heap in use grew by ${after.heapUsed - before.heapUsed} bytes`);
  for (const t of [a, b, w]) t.dispose();
});

// Without the landing-pad fix (Note [Landing pads under -pthread],
// bindings/threads/wasm_unwind.cpp) every error of the threaded module was
// "an unknown C++ exception".
test('errors on the threaded module are PyTorch\'s, programs catch theirs', () => {
  const cases = [
    [() => many.zeros([-1]), 'value', 'Trying to create tensor with negative dimension -1: [-1]'],
    [() => many.ones([2]).add(many.ones([3])), 'shape',
      'The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0'],
    [() => many.ones([2]).backward(), 'autograd', 'element 0 of tensors does not require grad and does not have a grad_fn'],
  ];
  for (const [f, kind, message] of cases)
    assert.throws(f, (error) => {
      assert.ok(error instanceof TensorcastError, String(error));
      assert.equal(error.kind, kind);
      assert.equal(error.message, message);
      return true;
    });
  for (const tc of [one, many]) tc.ones([2]).dispose();
});
