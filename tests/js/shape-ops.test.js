// The shape ops through the package (src/ops/views.cpp, src/ops/cat.cpp):
// a.flatten, a.unflatten, a.t(), a.mT, a.movedim, tc.cat, tc.stack, with
// PyTorch's shapes, strides, dtypes, grad_fn names and error texts; then
// the fixes an independent check against PyTorch 1.13 asked for.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { init } from 'tensorcast';
import { iota, tc, throwsTc } from './helpers.js';

// The module without SIMD too: its kernels are other code.
const plain = await init({ simd: false });
const tcDefault = tc;

const gradFn = (t) => /grad_fn=<(\w+)>/.exec(t.toString())?.[1] ?? null;
const range = (shape) => tc.arange(shape.reduce((a, b) => a * b, 1), { dtype: 'float32' }).reshape(shape);
const outOfRange = (value, n) => `Dimension out of range (expected to be in range of [${-n}, ${n - 1}], but got ${value})`;

test('flatten: a view when the strides allow, else a copy; 0-D becomes [1]', () => {
  tc.tidy(() => {
    const x = range([2, 3, 4]);
    const f = x.flatten(1);
    assert.deepEqual(f.shape, [2, 12]);
    assert.deepEqual(f.stride(), [12, 1]);
    assert.deepEqual(x.flatten().shape, [24]);
    assert.deepEqual(x.flatten(0, 1).shape, [6, 4]);
    assert.deepEqual(x.flatten(-2, -1).shape, [2, 12]);
    const before = tc.memory().bytes;
    x.flatten(0, 1);
    assert.equal(tc.memory().bytes, before, 'a view allocates no storage');
    const copied = range([2, 3]).t().flatten();
    assert.deepEqual(copied.toArray(), [0, 3, 1, 4, 2, 5]);
    assert.deepEqual(tc.tensor(7, { dtype: 'float32' }).flatten().shape, [1]);
    assert.deepEqual(tc.zeros([0, 1, 3, 0]).flatten(1, 2).shape, [0, 3, 0]);
    throwsTc(() => x.flatten(2, 1), 'shape', 'flatten() has invalid args: start_dim cannot come after end_dim');
    throwsTc(() => x.flatten(3), 'index', outOfRange(3, 3));
    throwsTc(() => tc.tensor(1).flatten(0, 1), 'index', outOfRange(1, 1));
    const g = tc.ones([2, 3], { requiresGrad: true });
    assert.equal(gradFn(g.flatten()), 'ReshapeAliasBackward0');
    assert.equal(gradFn(g.t().flatten()), 'UnsafeViewBackward0');
  });
});

test('unflatten: one dim split, -1 inferred once, PyTorch\'s messages', () => {
  tc.tidy(() => {
    const x = range([2, 6]);
    const u = x.unflatten(1, [3, -1]);
    assert.deepEqual(u.shape, [2, 3, 2]);
    assert.deepEqual(u.stride(), [6, 2, 1]);
    assert.deepEqual(x.unflatten(-1, [2, 3]).toArray(), [[[0, 1, 2], [3, 4, 5]], [[6, 7, 8], [9, 10, 11]]]);
    assert.deepEqual(tc.zeros([2, 0]).unflatten(1, [0, 4]).shape, [2, 0, 4]);
    assert.equal(gradFn(tc.ones([6], { requiresGrad: true }).unflatten(0, [2, 3])), 'ViewBackward0');
    throwsTc(() => range([5]).unflatten(0, [2, 2]), 'shape',
      "unflatten: Provided sizes [2, 2] don't multiply up to the size of dim 0 (5) in the input tensor");
    throwsTc(() => x.unflatten(1, []), 'shape', 'unflatten: sizes must be non-empty');
    throwsTc(() => x.unflatten(1, [-1, -1]), 'shape', 'unflatten got an unexpected error:\nonly one dimension can be inferred');
    throwsTc(() => tc.tensor(1).unflatten(0, [1]), 'index', 'Dimension specified as 0 but tensor has no dimensions');
    throwsTc(() => x.unflatten(2, [1]), 'index', outOfRange(2, 2));
  });
});

test('t() and mT: transposes with PyTorch\'s strides and names', () => {
  tc.tidy(() => {
    const m = range([2, 3]);
    assert.deepEqual(m.t().shape, [3, 2]);
    assert.deepEqual(m.t().stride(), [1, 3]);
    assert.deepEqual(m.t().toArray(), [[0, 3], [1, 4], [2, 5]]);
    assert.deepEqual(range([3]).t().shape, [3]);
    assert.deepEqual(tc.tensor(2, { dtype: 'float32' }).t().shape, []);
    throwsTc(() => range([2, 3, 4]).t(), 'shape', 't() expects a tensor with <= 2 dimensions, but self is 3D');
    const b = range([2, 3, 4]);
    assert.deepEqual(b.mT.shape, [2, 4, 3]);
    assert.deepEqual(b.mT.stride(), [12, 1, 4]);
    throwsTc(() => range([3]).mT, 'shape', 'tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor.');
    assert.deepEqual(tc.tensor(1).mT.shape, []);  // PyTorch 1.13 gives a 0-D tensor back as it is
    const g = tc.ones([2, 3], { requiresGrad: true });
    assert.equal(gradFn(g.t()), 'TBackward0');
    assert.equal(gradFn(g.mT), 'TransposeBackward0');
  });
});

test('movedim: PyTorch\'s doc examples, lists or single dims, its messages', () => {
  tc.tidy(() => {
    const x = range([3, 2, 1]);
    assert.deepEqual(x.movedim(1, 0).shape, [2, 3, 1]);
    assert.deepEqual(x.movedim(1, 0).stride(), [1, 2, 1]);
    assert.deepEqual(x.movedim([1, 2], [0, 1]).shape, [2, 1, 3]);
    assert.deepEqual(range([2, 3, 4]).movedim(-1, 0).stride(), [1, 12, 4]);
    assert.deepEqual(tc.tensor(1).movedim(0, -1).shape, []);
    assert.equal(gradFn(tc.ones([2, 3], { requiresGrad: true }).movedim(0, 1)), 'PermuteBackward0');
    const y = range([2, 3, 4, 5]);
    throwsTc(() => y.movedim([1, 0], [0]), 'shape',
      'movedim: Invalid source or destination dims: source ([1, 0] dims ) should contain the same number of dims as destination ([0] dims)');
    throwsTc(() => y.movedim([0, 0], [0, 1]), 'shape', 'movedim: repeated dim in `source` ([0, 0])');
    throwsTc(() => y.movedim([0, 1], [1, 1]), 'shape', 'movedim: repeated dim in `destination` ([1, 1])');
    throwsTc(() => y.movedim(4, 0), 'index', outOfRange(4, 4));
  });
});

test('cat: PyTorch\'s doc example, promotion, the legacy skip, zero-size', () => {
  tc.tidy(() => {
    const x = range([2, 3]);
    const r0 = tc.cat([x, x, x]);
    assert.deepEqual(r0.shape, [6, 3]);
    assert.deepEqual(tc.cat([x, x, x], 1).toArray(), [[0, 1, 2, 0, 1, 2, 0, 1, 2], [3, 4, 5, 3, 4, 5, 3, 4, 5]]);
    assert.deepEqual(tc.cat([x, range([1, 3])], -2).shape, [3, 3]);
    const mixed = tc.cat([tc.tensor([1, 2]), tc.tensor([0.5], { dtype: 'float32' })]);
    assert.equal(mixed.dtype, 'float32');
    assert.deepEqual(mixed.toArray(), [1, 2, 0.5]);
    assert.equal(tc.cat([tc.tensor([true]), tc.tensor([3], { dtype: 'int32' })]).dtype, 'int32');
    assert.deepEqual(tc.cat([tc.zeros([0]), x], 1).shape, [2, 3]);
    assert.deepEqual(tc.cat([tc.zeros([0]), tc.zeros([0])], 5).shape, [0]);
    assert.deepEqual(tc.cat([tc.zeros([2, 0]), tc.zeros([2, 0])], 1).shape, [2, 0]);
  });
});

test('cat: PyTorch\'s messages', () => {
  tc.tidy(() => {
    const x = range([2, 3]);
    throwsTc(() => tc.cat([]), 'shape', 'torch.cat(): expected a non-empty list of Tensors');
    throwsTc(() => tc.cat([tc.tensor(1)]), 'shape', 'zero-dimensional tensor (at position 0) cannot be concatenated');
    throwsTc(() => tc.cat([x, range([3, 3])], 1), 'shape',
      'Sizes of tensors must match except in dimension 1. Expected size 2 but got size 3 for tensor number 1 in the list.');
    throwsTc(() => tc.cat([x, range([3])]), 'shape', 'Tensors must have same number of dimensions: got 2 and 1');
    throwsTc(() => tc.cat([x, x], 2), 'index', outOfRange(2, 2));
    throwsTc(() => tc.cat(x), 'type', "cat(): argument 'tensors' must be a sequence of Tensors, not a Tensor");
    throwsTc(() => tc.cat([x, 1]), 'type', "cat(): argument 'tensors' must be a sequence of Tensors, but found 1 at index 1");
  });
});

test('stack: a new dim, PyTorch\'s messages', () => {
  tc.tidy(() => {
    const a = tc.tensor([1, 2], { dtype: 'float32' });
    const b = tc.tensor([3, 4], { dtype: 'float32' });
    assert.deepEqual(tc.stack([a, b]).toArray(), [[1, 2], [3, 4]]);
    assert.deepEqual(tc.stack([a, b], 1).toArray(), [[1, 3], [2, 4]]);
    assert.deepEqual(tc.stack([a, b], -1).toArray(), [[1, 3], [2, 4]]);
    assert.deepEqual(tc.stack([tc.tensor(1), tc.tensor(2)]).toArray(), [1, 2]);
    assert.deepEqual(tc.stack([tc.zeros([0]), tc.zeros([0])]).shape, [2, 0]);
    assert.equal(tc.stack([tc.tensor([1]), tc.tensor([0.5])]).dtype, 'float32');
    throwsTc(() => tc.stack([]), 'shape', 'stack expects a non-empty TensorList');
    throwsTc(() => tc.stack([range([2]), range([3])]), 'shape',
      'stack expects each tensor to be equal size, but got [2] at entry 0 and [3] at entry 1');
    throwsTc(() => tc.stack([a, b], 2), 'index', outOfRange(2, 2));
  });
});

test('cat and stack backward: each input its slice (CatBackward0, StackBackward0)', () => {
  tc.tidy(() => {
    const a = tc.tensor(iota([2, 3]), { dtype: 'float32', shape: [2, 3], requiresGrad: true });
    const b = tc.tensor([[1], [2]], { dtype: 'float32', requiresGrad: true });
    const out = tc.cat([a, b], 1);
    assert.equal(gradFn(out), 'CatBackward0');
    out.mul(range([2, 4])).sum().backward();
    assert.deepEqual(a.grad.toArray(), [[0, 1, 2], [4, 5, 6]]);
    assert.deepEqual(b.grad.toArray(), [[3], [7]]);
    const c = tc.tensor([1, 2], { dtype: 'float32', requiresGrad: true });
    const d = tc.tensor([3, 4], { dtype: 'float32', requiresGrad: true });
    const s = tc.stack([c, d], 1);
    assert.equal(gradFn(s), 'StackBackward0');
    s.mul(range([2, 2])).sum().backward();
    assert.deepEqual(c.grad.toArray(), [0, 2]);
    assert.deepEqual(d.grad.toArray(), [1, 3]);
  });
});

test('finite differences agree with the gradients of the shape ops', () => {
  const fns = [
    (x) => x.flatten(0, 1),
    (x) => x.t().flatten(),
    (x) => x.unflatten(1, [3, 1]),
    (x) => x.t(),
    (x) => x.mT,
    (x) => x.movedim(0, 1),
    (x) => tc.cat([x, x.mul(2)], 1),
    (x) => tc.stack([x, x.mul(3)], 2),
  ];
  const base = [0.5, -1, 2, 1.5, -0.25, 3];
  for (const f of fns) {
    tc.tidy(() => {
      const x = tc.tensor(base, { dtype: 'float64', shape: [2, 3], requiresGrad: true });
      const outShape = f(x).shape;
      const w = tc.arange(outShape.reduce((p, q) => p * q, 1), { dtype: 'float64' }).add(1).reshape(outShape);
      f(x).mul(w).sum().backward();
      const got = x.grad.toArray().flat();
      const h = 1e-6;
      const loss = (values) => tc.noGrad(() => f(tc.tensor(values, { dtype: 'float64', shape: [2, 3] })).mul(w).sum().item());
      for (let i = 0; i < base.length; i++) {
        const up = base.slice(); up[i] += h;
        const down = base.slice(); down[i] -= h;
        const numeric = (loss(up) - loss(down)) / (2 * h);
        assert.ok(Math.abs(got[i] - numeric) < 1e-6, `${f} element ${i}: ${got[i]} vs ${numeric}`);
      }
    });
  }
});

test('in place into an empty expanded view is allowed; overlap is reported before shapes', () => {
  tc.tidy(() => {
    const e = tc.ones([1, 1]).unsqueeze(2).expand(3, 0, 2);
    assert.deepEqual(e.sub_(tc.ones([1, 2])).shape, [3, 0, 2]);
    const overlap = /^unsupported operation: more than one element of the written-to tensor refers to a single memory location/;
    throwsTc(() => tc.ones([1]).expand(3).add_(tc.ones([4])), 'shape', overlap);
    throwsTc(() => tc.ones([1]).expand(3).add_(tc.ones([2, 3])), 'shape', overlap);
  });
});

test('broadcastShapes: torch.broadcast_shapes\' text, then the dim', () => {
  throwsTc(() => tc.broadcastShapes([2, 3], [4]), 'shape',
    'Shape mismatch: objects cannot be broadcast to a single shape. The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1');
  assert.deepEqual(tc.broadcastShapes([5, 1, 4, 1], [3, 1, 1]), [5, 3, 4, 1]);
});

test('maximum, minimum and relu of signed zeros: the first operand wins a tie', () => {
  assert.equal(tcDefault.simd, true);
  assert.equal(plain.simd, false);
  for (const tc of [tcDefault, plain]) tc.tidy(() => {
    for (const dtype of ['float32', 'float64']) {
      for (const n of [1, 4, 7, 9, 37]) {
        const neg = tc.full([n], -0, { dtype });
        const pos = tc.zeros([n], { dtype });
        const signs = (t) => Array.from(t.data(), (v) => Object.is(v, -0));
        const all = new Array(n).fill(true);
        const none = new Array(n).fill(false);
        assert.deepEqual(signs(tc.maximum(neg, pos)), all, `${dtype} ${n} maximum(-0, 0)`);
        assert.deepEqual(signs(tc.maximum(pos, neg)), none, `${dtype} ${n} maximum(0, -0)`);
        assert.deepEqual(signs(tc.minimum(neg, pos)), all, `${dtype} ${n} minimum(-0, 0)`);
        assert.deepEqual(signs(tc.minimum(pos, neg)), none, `${dtype} ${n} minimum(0, -0)`);
        assert.deepEqual(signs(neg.relu()), all, `${dtype} ${n} relu(-0)`);
        assert.ok(Array.from(tc.maximum(pos, tc.full([n], NaN, { dtype })).data()).every(Number.isNaN));
      }
    }
  });
});

test('pow with a number exponent takes PyTorch\'s special cases', () => {
  tc.tidy(() => {
    for (const dtype of ['float32', 'float64']) {
      const x = tc.tensor([-0, -Infinity, 4], { dtype });
      const r = Array.from(x.pow(-0.5).data());
      assert.equal(r[0], -Infinity, 'pow(-0., -0.5) is 1 / sqrt(-0.)');
      assert.ok(Number.isNaN(r[1]), 'pow(-inf, -0.5) is 1 / sqrt(-inf)');
      assert.equal(r[2], 0.5);
      const h = Array.from(x.pow(0.5).data());
      assert.ok(Object.is(h[0], -0));
      assert.ok(Number.isNaN(h[1]));
    }
  });
});
