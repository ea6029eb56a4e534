// Making tensors and reading them back.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tc } from './helpers.js';

test('tensor(): nested arrays, flat data with a shape, 0-D, empty, typed arrays', () => {
  tc.tidy(() => {
    const nested = tc.tensor([[1, 2, 3], [4, 5, 6]], { dtype: 'float32' });
    assert.deepEqual(nested.shape, [2, 3]);
    assert.equal(nested.dtype, 'float32');
    const flat = tc.tensor([1, 2, 3, 4, 5, 6], { dtype: 'float32', shape: [2, 1, 3] });
    assert.deepEqual(flat.shape, [2, 1, 3]);
    assert.deepEqual(flat.toArray(), [[[1, 2, 3]], [[4, 5, 6]]]);
    const scalar = tc.tensor(7, { dtype: 'float32' });
    assert.deepEqual(scalar.shape, []);
    assert.equal(scalar.ndim, 0);
    assert.equal(scalar.numel, 1);
    assert.equal(scalar.item(), 7);
    assert.equal(scalar.toArray(), 7, 'a 0-D tensor lists as its value, like tolist()');
    assert.deepEqual(tc.tensor([], { dtype: 'float32' }).shape, [0]);
    assert.deepEqual(tc.tensor([[]], { dtype: 'float32' }).shape, [1, 0]);
    assert.deepEqual(tc.tensor([[], []], { dtype: 'float32' }).toArray(), [[], []]);
    // A typed array keeps its type (torch.from_numpy): float64 stays exact.
    const typed = tc.tensor(new Float64Array([0.1, 2, 3, 4]), { shape: [2, 2] });
    assert.equal(typed.dtype, 'float64');
    assert.deepEqual(Array.from(typed.data()), [0.1, 2, 3, 4]);
    const rows = tc.tensor([new Float32Array([1, 2]), new Float32Array([3, 4])]);
    assert.deepEqual(rows.shape, [2, 2]);
    assert.equal(rows.dtype, 'float32', 'rows of a float typed array are floats, whatever their values');
    assert.deepEqual(tc.tensor([[1, 2], [3, 4]], { dtype: 'float32', shape: [4] }).toArray(), [1, 2, 3, 4]);
  });
});

test('bool tensors: from booleans, or by dtype', () => {
  tc.tidy(() => {
    const b = tc.tensor([[true, false], [false, true]]);
    assert.equal(b.dtype, 'bool');
    assert.ok(b.data() instanceof Uint8Array);
    assert.deepEqual(Array.from(b.data()), [1, 0, 0, 1]);
    assert.deepEqual(b.toArray(), [[true, false], [false, true]]);
    assert.equal(tc.tensor(true).dtype, 'bool');
    assert.equal(tc.tensor([true, 2]).dtype, 'int64', 'an int among booleans makes int64 (PyTorch promotes the kinds)');
    assert.deepEqual(tc.tensor([true, 2]).toArray(), [1, 2]);
    assert.equal(tc.tensor([true, 2.5]).dtype, 'float32');
    assert.deepEqual(tc.tensor([0, 2, -1, NaN], { dtype: 'bool' }).toArray(), [false, true, true, true]);
    assert.deepEqual(tc.tensor([true, false], { dtype: 'float32' }).toArray(), [1, 0]);
  });
});

test('zeros, ones, full: a shape as an array or spread, requiresGrad', () => {
  tc.tidy(() => {
    assert.deepEqual(tc.zeros([2, 3]).toArray(), [[0, 0, 0], [0, 0, 0]]);
    assert.deepEqual(tc.zeros(2, 3).shape, [2, 3]);
    assert.deepEqual(tc.ones(new Int32Array([2])).toArray(), [1, 1]);
    assert.deepEqual(tc.zeros([]).shape, []);
    assert.deepEqual(tc.full([2, 3], 0.5).toArray(), [[0.5, 0.5, 0.5], [0.5, 0.5, 0.5]]);
    const g = tc.ones([2, 3], { requiresGrad: true });
    assert.equal(g.requiresGrad, true);
    assert.equal(g.isLeaf, true);
    assert.equal(tc.full([1], -2, { requiresGrad: true }).requiresGrad, true);
    assert.equal(tc.tensor([1, 2], { dtype: 'float32', requiresGrad: false }).requiresGrad, false);
  });
});

test('arange: PyTorch\'s ceil((end - start) / step) values', () => {
  tc.tidy(() => {
    assert.deepEqual(tc.arange(6, { dtype: 'float32' }).toArray(), [0, 1, 2, 3, 4, 5]);
    assert.deepEqual(tc.arange(1, 2.5, 0.5, { dtype: 'float32' }).toArray(), [1, 1.5, 2]);
    assert.deepEqual(tc.arange(5, 0, -2, { dtype: 'float32' }).toArray(), [5, 3, 1]);
    assert.deepEqual(tc.arange(0, 1, 0.25, { dtype: 'float32' }).shape, [4]);
    assert.deepEqual(tc.arange(0, { dtype: 'float32' }).shape, [0]);
    assert.equal(tc.arange(3, { dtype: 'float32', requiresGrad: true }).requiresGrad, true);
  });
});

test('data() is a copy in row-major order, also of strided views', () => {
  tc.tidy(() => {
    const t = tc.tensor([[1, 2, 3], [4, 5, 6]], { dtype: 'float32' });
    const d = t.data();
    d[0] = 100;
    assert.equal(t.data()[0], 1);
    assert.deepEqual(Array.from(t.transpose(0, 1).data()), [1, 4, 2, 5, 3, 6]);
    assert.deepEqual(Array.from(t.narrow(1, 1, 2).data()), [2, 3, 5, 6]);
    assert.deepEqual(Array.from(t.expand(2, 2, 3).data()), [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]);
  });
});

test('large tensors survive wasm memory growth between calls', () => {
  tc.tidy(() => {
    const n = 8 * 1024 * 1024; // 32 MB each: the memory must grow
    const big = tc.full([n], 1.5);
    const other = tc.arange(n, { dtype: 'float32' });
    const sum = big.add(other);
    const values = sum.data();
    assert.equal(values.length, n);
    assert.equal(values[n - 1], Math.fround(n - 1 + 1.5));
    assert.equal(tc.tensor([1, 2], { dtype: 'float32' }).add(1).data()[1], 3, 'small ops after growth read fresh views');
  });
});
