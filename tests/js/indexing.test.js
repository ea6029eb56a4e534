// Indexing (README "Indexing"): x[...] as text and as an array, select and
// gather, with PyTorch's strides, offsets, grad_fn names and messages.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tc, throwsTc } from './helpers.js';

const geometry = (t) => ({ shape: t.shape, stride: t.stride(), offset: t.storageOffset });
const gradFn = (t) => /grad_fn=<(\w+)>/.exec(t.toString())?.[1] ?? null;
const arange = (...shape) => tc.arange(shape.reduce((a, b) => a * b, 1), { dtype: 'float32' }).view(shape);
const longs = (data) => tc.tensor(data, { dtype: 'int64' });

test('index(text): views with PyTorch strides, offsets and grad_fn', () => {
  tc.tidy(() => {
    const x = arange(2, 3, 4).clone();
    x.requiresGrad = true;
    let r = x.index('1');
    assert.deepEqual(geometry(r), { shape: [3, 4], stride: [4, 1], offset: 12 });
    assert.equal(gradFn(r), 'SelectBackward0');
    r = x.index(':, None, 1:3');
    assert.deepEqual(geometry(r), { shape: [2, 1, 2, 4], stride: [12, 12, 4, 1], offset: 4 });
    assert.equal(gradFn(r), 'SliceBackward0');
    assert.equal(gradFn(x.index('None')), 'UnsqueezeBackward0');
    assert.equal(gradFn(x.index('...')), 'AliasBackward0');
    assert.equal(gradFn(x.index(':')), 'SliceBackward0');
    assert.equal(gradFn(x.index('0:2,')), 'AliasBackward0');
    r = x.index('1, ..., ::2');
    assert.deepEqual(geometry(r), { shape: [3, 2], stride: [4, 2], offset: 12 });
    assert.deepEqual(r.toArray(), [[12, 14], [16, 18], [20, 22]]);
    // Clamped as Python clamps; an empty slice keeps PyTorch's offset.
    assert.deepEqual(geometry(tc.arange(3).index('5:')), { shape: [0], stride: [1], offset: 3 });
    assert.deepEqual(tc.arange(10).index('-100:100:4').toArray(), [0, 4, 8]);
  });
});

test('index(array): one item per position, the same results as the text', () => {
  tc.tidy(() => {
    const x = arange(2, 3, 4);
    assert.deepEqual(geometry(x.index([null, '...', '1:3'])), geometry(x.index('None, ..., 1:3')));
    assert.deepEqual(x.index([1, ':', -1]).toArray(), [15, 19, 23]);
    assert.deepEqual(x.index([0, '::2', 0]).toArray(), [0, 8]);
    assert.deepEqual(x.index([true]).shape, [1, 2, 3, 4]);
    assert.deepEqual(x.index([':', false]).shape, [2, 0, 3, 4]);
    // logp[torch.arange(n), y]
    const logp = arange(3, 4);
    assert.deepEqual(logp.index([tc.arange(3, { dtype: 'int64' }), longs([3, 0, 1])]).toArray(), [3, 4, 9]);
    // x[mask]
    const m = arange(2, 3);
    assert.deepEqual(m.index([m.gt(2)]).toArray(), [3, 4, 5]);
    assert.deepEqual(m.index('[[0], [1]], [2, 0, 1]').toArray(), [[2, 0, 1], [5, 3, 4]]);
  });
});

test('advanced indexing: adjacent dims stay in place, separated ones go first', () => {
  tc.tidy(() => {
    const y = arange(2, 3, 4, 5);
    const i = longs([0, 1]);
    assert.deepEqual(y.index([':', i, i]).shape, [2, 2, 5]);
    assert.deepEqual(y.index([i, ':', i]).shape, [2, 3, 5]);
    // An integer is a select first: one index tensor left, in place.
    assert.deepEqual(y.index([0, ':', i]).shape, [3, 2, 5]);
    const explained = tc.explain.index(y, [i, ':', i]);
    assert.equal(explained.error, null);
    assert.deepEqual(explained.result.shape, [2, 3, 5]);
    const t = explained.trace.indexing;
    assert.equal(t.placement, 'separated');
    assert.deepEqual(t.indexedDims, [0, 2]);
    assert.deepEqual(t.indexShapes, [[2], [2]]);
    assert.deepEqual(t.broadcast.result, [2]);
    assert.equal(t.resultDim, 0);
    assert.deepEqual(t.steps.map((s) => s.itemKind), ['tensor', 'slice', 'tensor']);
    const basic = tc.explain.index(y, '1:, None').trace.indexing;
    assert.equal(basic.view, true);
    assert.equal(basic.placement, null);
    assert.deepEqual(basic.steps.map((s) => [s.sizes, s.strides, s.offset]), [
      [[1, 3, 4, 5], [60, 20, 5, 1], 60],
      [[1, 1, 3, 4, 5], [60, 60, 20, 5, 1], 60],
    ]);
    const failed = tc.explain.index(y, '[0, 1], [0, 1, 2]');
    assert.equal(failed.result, null);
    assert.equal(failed.error, 'shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]');
  });
});

test('0-D and zero-size tensors', () => {
  tc.tidy(() => {
    const s = tc.tensor(5);
    assert.deepEqual(s.index('None').shape, [1]);
    assert.deepEqual(s.index('...').shape, []);
    assert.deepEqual(s.index([true]).toArray(), [5]);
    const z = tc.zeros([0, 3]);
    assert.deepEqual(z.index(':, 1').shape, [0]);
    assert.deepEqual(z.index([longs([])]).shape, [0, 3]);
    assert.deepEqual(tc.zeros([2, 2]).gather(0, tc.zeros([0, 2], { dtype: 'int64' })).shape, [0, 2]);
  });
});

test('every refusal, in PyTorch\'s words; nothing changes', () => {
  tc.tidy(() => {
    const x = arange(2, 3);
    const before = x.toArray();
    throwsTc(() => tc.arange(3).index('5'), 'index', 'index 5 is out of bounds for dimension 0 with size 3');
    throwsTc(() => tc.arange(3).select(0, 5), 'index', 'select(): index 5 out of range for tensor of size [3] at dimension 0');
    throwsTc(() => tc.tensor(1).select(0, 0), 'index', 'select() cannot be applied to a 0-dim tensor.');
    throwsTc(() => tc.tensor(1).index('0'), 'index', 'invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number');
    throwsTc(() => x.index('0, 0, 0'), 'index', 'too many indices for tensor of dimension 2');
    throwsTc(() => x.index('..., ...'), 'index', "an index can only have a single ellipsis ('...')");
    throwsTc(() => x.index('::-1'), 'value', 'step must be greater than zero');
    throwsTc(() => x.index([':', '::0']), 'value', 'slice step cannot be zero');
    throwsTc(() => x.index('0 1'), 'value', "cannot read index: expected ',' or the end, found integer '1' at column 3");
    throwsTc(() => x.index('1.5'), 'index', 'only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got float) at column 1');
    throwsTc(() => x.index([1.5]), 'index', 'only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got float) at item 0');
    throwsTc(() => x.index([':', 'a:b']), 'value', "index(): item 1 must be '...' or a slice such as ':', '1:3' or '::2', not 'a:b'");
    throwsTc(() => x.index([{}]), 'type', "index(): item 0 must be a number, null, '...', a slice such as '1:3', a boolean or a Tensor, not an object");
    throwsTc(() => x.index(3), 'type', "index(): the index must be a string such as '0, 1:3' or an array such as [0, '1:3'], not 3");
    throwsTc(() => tc.arange(4).index([tc.tensor([true, false, true])]), 'index', 'The shape of the mask [3] at index 0 does not match the shape of the indexed tensor [4] at index 0');
    throwsTc(() => x.index('[0, 1], [0, 1, 2]'), 'index', 'shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]');
    throwsTc(() => tc.arange(3).index('[7]'), 'index', 'index 7 is out of bounds for dimension 0 with size 3');
    throwsTc(() => x.index([tc.tensor([0], { dtype: 'int32' })]), 'index', 'tensors used as indices must be long, byte or bool tensors');
    const t = tc.tensor([[1, 2], [3, 4]]);
    throwsTc(() => t.gather(1, tc.tensor([[0]], { dtype: 'int32' })), 'index', 'gather(): Expected dtype int64 for index');
    throwsTc(() => t.gather(1, longs([0])), 'index', 'Index tensor must have the same number of dimensions as input tensor');
    throwsTc(() => t.gather(1, longs([[0], [0], [0]])), 'index', 'Size does not match at dimension 0 expected index [3, 1] to be smaller than self [2, 2] apart from dimension 1');
    throwsTc(() => t.gather(1, longs([[0, 2]])), 'index', 'index 2 is out of bounds for dimension 1 with size 2');
    // PyTorch lists its named-dim overload too (Note [Signatures]).
    const gatherSignatures = 'but expected one of:\n * (int dim, Tensor index, *, bool sparse_grad)\n' +
      ' * (name dim, Tensor index, *, bool sparse_grad)\n';
    throwsTc(() => t.gather(0.5, longs([[0]])), 'type',
      `gather() received an invalid combination of arguments - got (float, Tensor), ${gatherSignatures}`);
    throwsTc(() => t.gather(0, [[0]]), 'type', `gather() received an invalid combination of arguments - got (int, list), ${gatherSignatures}`);
    assert.deepEqual(x.toArray(), before);
  });
});

test('gather: the docs example, and gradients that accumulate', () => {
  tc.tidy(() => {
    const t = tc.tensor([[1, 2], [3, 4]]);
    assert.deepEqual(t.gather(1, longs([[0, 0], [1, 0]])).toArray(), [[1, 1], [4, 3]]);
    const x = tc.tensor([1, 2, 3], { dtype: 'float32' });
    x.requiresGrad = true;
    const r = x.index('[0, 0, 2]');
    assert.equal(gradFn(r), 'IndexBackward0');
    r.sum().backward();
    assert.deepEqual(x.grad.toArray(), [2, 0, 1]);
    const y = tc.tensor([[1, 2], [3, 4]], { dtype: 'float32' });
    y.requiresGrad = true;
    const g = y.gather(0, longs([[1, 1], [1, 0]]));
    assert.equal(gradFn(g), 'GatherBackward0');
    g.sum().backward();
    assert.deepEqual(y.grad.toArray(), [[0, 1], [2, 1]]);
    // select and slice scatter into zeros of the input's shape.
    const z = arange(2, 3).clone();
    z.requiresGrad = true;
    z.index(':, 1:').mul(tc.tensor([[1, 2], [3, 4]], { dtype: 'float32' })).sum().backward();
    assert.deepEqual(z.grad.toArray(), [[0, 1, 2], [0, 3, 4]]);
  });
});

test('random slices against plain JavaScript slicing of nested arrays', () => {
  tc.tidy(() => {
    let seed = 7;
    const rand = (n) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    const slice = (list, a, b, step) => {
      const n = list.length;
      const clamp = (v) => Math.min(Math.max(v < 0 ? v + n : v, 0), n);
      const lo = a === undefined ? 0 : clamp(a);
      const hi = b === undefined ? n : clamp(b);
      const out = [];
      for (let i = lo; i < hi; i += step) out.push(list[i]);
      return out;
    };
    for (let trial = 0; trial < 200; trial++) {
      const shape = [1 + rand(4), 1 + rand(4)];
      const x = arange(...shape);
      const parts = [0, 1].map(() => {
        const a = rand(3) === 0 ? undefined : rand(11) - 5;
        const b = rand(3) === 0 ? undefined : rand(11) - 5;
        return [a, b, 1 + rand(3)];
      });
      const text = parts.map(([a, b, s]) => `${a ?? ''}:${b ?? ''}:${s}`).join(', ');
      const want = slice(x.toArray(), ...parts[0]).map((row) => slice(row, ...parts[1]));
      const got = x.index(text);
      assert.deepEqual(got.toArray(), want, text);
      assert.equal(got.shape[0], want.length, text);
    }
  });
});
