// sum and sumTo (PyTorch's _sum_to), checked against the naive reference's sums.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { numelOf, sumInto, sumPlan } from '../reference/naive.js';
import { iota, tc, throwsTc } from './helpers.js';

// The reference's sum of `values` of `shape` over `dims`, keeping them as size 1.
function sumRef(values, shape, dims) {
  const { shape: kept, to } = sumPlan(shape, dims, true);
  return { values: Array.from(sumInto(values, to, numelOf(kept)).sum), shape: kept };
}

test('sum() of everything is 0-dimensional', () => {
  tc.tidy(() => {
    const t = tc.tensor(iota([2, 3, 4]), { dtype: 'float32', shape: [2, 3, 4] });
    const s = t.sum();
    assert.deepEqual(s.shape, []);
    assert.equal(s.item(), 300);
    assert.equal(tc.zeros([0]).sum().item(), 0);
  });
});

test('sum over dims, with and without keepdim, negative dims, on views', () => {
  tc.tidy(() => {
    const shape = [2, 3, 4];
    const v = iota(shape);
    const t = tc.tensor(v, { dtype: 'float32', shape });
    for (const dims of [[0], [1], [2], [0, 2], [0, 1, 2]]) {
      const ref = sumRef(v, shape, dims);
      const kept = t.sum(dims, true);
      assert.deepEqual(kept.shape, ref.shape, `keepdim ${dims}`);
      assert.deepEqual(Array.from(kept.data()), ref.values);
      const dropped = t.sum(dims);
      assert.deepEqual(dropped.shape, ref.shape.filter((_, d) => !dims.includes(d)));
      assert.deepEqual(Array.from(dropped.data()), ref.values);
    }
    assert.deepEqual(t.sum(-1).data(), t.sum(2).data());
    assert.deepEqual(t.sum(1, true).shape, [2, 1, 4]);
    // A transposed view sums the same values.
    assert.deepEqual(t.transpose(0, 2).sum(0).toArray(), t.sum(2).transpose(0, 1).toArray());
    // An expanded (stride 0) dim is summed by multiplying.
    assert.deepEqual(tc.tensor([1, 2], { dtype: 'float32' }).expand(5, 2).sum(0).toArray(), [5, 10]);
  });
});

test('sum errors are PyTorch\'s', () => {
  tc.tidy(() => {
    const t = tc.zeros([2, 3]);
    throwsTc(() => t.sum(2), 'index', 'Dimension out of range (expected to be in range of [-2, 1], but got 2)');
    throwsTc(() => t.sum([0, 0]), 'index', 'dim 0 appears multiple times in the list of dims');
  });
});

test('sumTo sums leading dims away and size-1 dims with keepdim (Note [sum_to])', () => {
  tc.tidy(() => {
    const shape = [2, 3, 4];
    const v = iota(shape);
    const t = tc.tensor(v, { dtype: 'float32', shape });
    assert.deepEqual(Array.from(t.sumTo([3, 1]).data()), sumRef(v, shape, [0, 2]).values);
    assert.deepEqual(t.sumTo([3, 1]).shape, [3, 1]);
    assert.deepEqual(t.sumTo([1, 4]).shape, [1, 4]);
    assert.deepEqual(Array.from(t.sumTo([4]).data()), sumRef(v, shape, [0, 1]).values);
    assert.equal(t.sumTo([]).item(), 300);
    assert.deepEqual(t.sumTo([2, 3, 4]).data(), t.data());
    throwsTc(() => t.sumTo([5]), 'shape', 'size {[5]} is not expandable to size {[2, 3, 4]}.');
  });
});
