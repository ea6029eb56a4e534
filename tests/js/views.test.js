// Views share storage and report PyTorch's strides and offsets.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tc, throwsTc } from './helpers.js';

const geometry = (t) => ({ shape: t.shape, stride: t.stride(), offset: t.storageOffset, contiguous: t.isContiguous() });

test('a fresh tensor is contiguous with row-major strides (size-0 dims count as 1)', () => {
  tc.tidy(() => {
    assert.deepEqual(geometry(tc.zeros([2, 3, 4])), { shape: [2, 3, 4], stride: [12, 4, 1], offset: 0, contiguous: true });
    assert.deepEqual(tc.zeros([2, 0, 3]).stride(), [3, 3, 1]);
    assert.deepEqual(geometry(tc.tensor(7, { dtype: 'float32' })), { shape: [], stride: [], offset: 0, contiguous: true });
    const t = tc.zeros([2, 3]);
    assert.equal(t.stride(0), 3);
    assert.equal(t.stride(-1), 1);
    throwsTc(() => t.stride(2), 'index', 'Dimension out of range (expected to be in range of [-2, 1], but got 2)');
    assert.equal(t.ndim, 2);
    assert.equal(t.numel, 6);
    assert.equal(t.dtype, 'float32');
  });
});

test('expand: stride 0 on stretched and new dims, -1 keeps a size, no copy', () => {
  tc.tidy(() => {
    const a = tc.tensor([[1], [2]], { dtype: 'float32' }); // [2, 1]
    const e = a.expand(3, 2, 3);
    assert.deepEqual(geometry(e), { shape: [3, 2, 3], stride: [0, 1, 0], offset: 0, contiguous: false });
    assert.deepEqual(a.expand([3, -1, 3]).shape, [3, 2, 3]);
    assert.deepEqual(e.toArray(), [[[1, 1, 1], [2, 2, 2]], [[1, 1, 1], [2, 2, 2]], [[1, 1, 1], [2, 2, 2]]]);
    const before = tc.memory().bytes;
    const again = a.expand(1000, 2, 1000);
    assert.equal(tc.memory().bytes, before, 'an expand allocates no storage');
    assert.deepEqual(again.stride(), [0, 1, 0]);
    assert.deepEqual(a.expandAs(tc.zeros([4, 2, 5])).shape, [4, 2, 5]);
    assert.deepEqual(a.broadcastTo([3, 2, 3]).stride(), [0, 1, 0]);
    // {3,1} with strides {1,1} expanded to {2,3,4} (Note [expand]).
    assert.deepEqual(tc.zeros([3, 1]).expand(2, 3, 4).stride(), [0, 1, 0]);
  });
});

test('expand errors are PyTorch\'s', () => {
  tc.tidy(() => {
    throwsTc(() => tc.zeros([2, 3]).expand(3), 'shape',
      'expand(torch.FloatTensor{[2, 3]}, size=[3]): the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (2)');
    throwsTc(() => tc.zeros([2, 3]).expand(4, 3), 'shape',
      'The expanded size of the tensor (4) must match the existing size (2) at non-singleton dimension 0.  Target sizes: [4, 3].  Tensor sizes: [2, 3]');
  });
});

test('permute, transpose, unsqueeze, squeeze, narrow: strides and offsets', () => {
  tc.tidy(() => {
    const t = tc.arange(24, { dtype: 'float32' }).reshape(2, 3, 4);
    assert.deepEqual(geometry(t.permute(2, 0, 1)), { shape: [4, 2, 3], stride: [1, 12, 4], offset: 0, contiguous: false });
    assert.deepEqual(t.permute([2, 0, 1]).stride(), [1, 12, 4]);
    assert.deepEqual(geometry(t.transpose(0, 2)), { shape: [4, 3, 2], stride: [1, 4, 12], offset: 0, contiguous: false });
    assert.deepEqual(t.unsqueeze(1).shape, [2, 1, 3, 4]);
    assert.deepEqual(t.unsqueeze(-1).stride(), [12, 4, 1, 1]);
    assert.deepEqual(tc.zeros([1, 3, 1]).squeeze().shape, [3]);
    assert.deepEqual(tc.zeros([1, 3, 1]).squeeze(0).shape, [3, 1]);
    assert.deepEqual(tc.zeros([2, 3]).squeeze(0).shape, [2, 3]);
    const n = t.narrow(2, 1, 2);
    assert.deepEqual(geometry(n), { shape: [2, 3, 2], stride: [12, 4, 1], offset: 1, contiguous: false });
    assert.deepEqual(n.toArray(), [[[1, 2], [5, 6], [9, 10]], [[13, 14], [17, 18], [21, 22]]]);
    assert.deepEqual(t.transpose(0, 1).toArray()[1][0], [4, 5, 6, 7]);
    throwsTc(() => t.permute(0, 1), 'shape',
      'permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = 3 is not equal to len(dims) = 2');
    throwsTc(() => t.permute(0, 0, 1), 'shape', 'permute(): duplicate dims are not allowed.');
    throwsTc(() => t.unsqueeze(4), 'index', 'Dimension out of range (expected to be in range of [-4, 3], but got 4)');
    throwsTc(() => t.narrow(0, 1, 5), 'shape', 'start (1) + length (5) exceeds dimension size (2).');
    throwsTc(() => t.transpose(0, 3), 'index', 'Dimension out of range (expected to be in range of [-3, 2], but got 3)');
  });
});

test('view never copies and refuses strides it cannot express; reshape copies then', () => {
  tc.tidy(() => {
    const t = tc.arange(6, { dtype: 'float32' }).reshape([2, 3]);
    const v = t.view(3, 2);
    assert.deepEqual(geometry(v), { shape: [3, 2], stride: [2, 1], offset: 0, contiguous: true });
    assert.deepEqual(t.view([-1]).shape, [6]);
    throwsTc(() => t.view(4, 4), 'shape', "shape '[4, 4]' is invalid for input of size 6");
    const tt = t.transpose(0, 1);
    throwsTc(() => tt.view(6), 'shape',
      "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.");
    const r = tt.reshape(6);
    assert.deepEqual(r.toArray(), [0, 3, 1, 4, 2, 5]);
    assert.ok(r.isContiguous());
    const c = tt.contiguous();
    assert.deepEqual(c.stride(), [2, 1]);
    assert.deepEqual(c.toArray(), tt.toArray());
    assert.equal(t.contiguous().id, t.contiguous().id, 'contiguous of a contiguous tensor is itself');
  });
});

test('views share storage: writing the base shows through', () => {
  tc.tidy(() => {
    const base = tc.zeros([2, 3]);
    const t = base.transpose(0, 1);
    base.add_(tc.tensor([1, 2, 3], { dtype: 'float32' }));
    assert.deepEqual(t.toArray(), [[1, 1], [2, 2], [3, 3]]);
    const c = base.clone();
    base.add_(1);
    assert.deepEqual(c.toArray(), [[1, 2, 3], [1, 2, 3]], 'clone copies');
  });
});
