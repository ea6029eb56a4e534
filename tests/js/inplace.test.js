// In-place ops (Note [In-place rules]): the written tensor keeps its shape,
// and any refused call leaves its values exactly as they were.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { elementwise } from '../reference/naive.js';
import { tc, throwsTc } from './helpers.js';

test('add_, sub_ (alpha), mul_, div_ write into the tensor and return it', () => {
  tc.tidy(() => {
    const x = tc.tensor([[1, 2, 3], [4, 5, 6]]);
    const y = tc.tensor([1, 2, 3]);
    assert.equal(x.add_(y), x);
    assert.deepEqual(x.toArray(), [[2, 4, 6], [5, 7, 9]]);
    x.sub_(y, { alpha: 2 });
    assert.deepEqual(x.toArray(), [[0, 0, 0], [3, 3, 3]]);
    x.mul_(2);
    assert.deepEqual(x.toArray(), [[0, 0, 0], [6, 6, 6]]);
    x.div_(tc.tensor([[2], [3]]));
    assert.deepEqual(x.toArray(), [[0, 0, 0], [2, 2, 2]]);
  });
});

test('writing through a view changes the base it shares storage with', () => {
  tc.tidy(() => {
    const base = tc.zeros([2, 3]);
    const col = base.narrow(1, 1, 1);
    col.add_(tc.tensor([[10], [20]]));
    assert.deepEqual(base.toArray(), [[0, 10, 0], [0, 20, 0]]);
  });
});

test('refused in-place calls leave the tensor unchanged and the module working', () => {
  tc.tidy(() => {
    const values = [[1, 2, 3], [4, 5, 6]];
    const x = tc.tensor(values);
    const refusals = [
      [() => x.add_(tc.ones([3, 2, 3])), 'shape', "output with shape [2, 3] doesn't match the broadcast shape [3, 2, 3]"],
      [() => x.mul_(tc.ones([2, 2])), 'shape', 'The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1'],
      [() => tc.ones([1, 3]).expand(2, 3).add_(1), 'shape', /^unsupported operation: more than one element of the written-to tensor refers to a single memory location/],
      [() => tc.ones([3], { requiresGrad: true }).add_(1), 'autograd', 'a leaf Variable that requires grad is being used in an in-place operation.'],
      [() => tc.tensor([true]).add_(1), 'type', "result type Float can't be cast to the desired output type Bool"],
    ];
    for (const [call, kind, message] of refusals) {
      throwsTc(call, kind, message);
      assert.deepEqual(x.toArray(), values);
    }
    // Partial overlap between the written tensor and an input is refused too.
    const row = tc.arange(4);
    throwsTc(() => row.narrow(0, 1, 3).add_(row.narrow(0, 0, 3)), 'shape', /^unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location/);
    assert.deepEqual(row.toArray(), [0, 1, 2, 3]);
    x.add_(1);
    assert.deepEqual(x.toArray(), [[2, 3, 4], [5, 6, 7]]);
  });
});

test('an in-place op on a non-leaf of a graph asks for the out-of-place op', () => {
  tc.tidy(() => {
    const a = tc.ones([3], { requiresGrad: true });
    const b = a.mul(2);
    throwsTc(() => b.add_(1), 'autograd',
      'add_: tensorcast does not record in-place ops for autograd; use the out-of-place add on tensors that require grad');
    assert.deepEqual(b.toArray(), [2, 2, 2]);
  });
});

test('in place with a broadcast operand matches the reference', () => {
  tc.tidy(() => {
    const xs = [1, 2, 3, 4, 5, 6, 7, 8];
    const x = tc.tensor(xs, { shape: [2, 2, 2] });
    x.sub_(tc.tensor([[1], [2]]));
    const expected = elementwise((a, b) => a - b, { values: xs, shape: [2, 2, 2] }, { values: [1, 2], shape: [2, 1] });
    assert.deepEqual(Array.from(x.data()), expected.values);
  });
});
