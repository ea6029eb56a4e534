// Every worked example of docs/examples.md (PyTorch's "Broadcasting
// semantics" note, and an add with its backward followed through PyTorch's
// source), through the package's public API. Where the note is out of date,
// the expectation is what current PyTorch does.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { elementwise } from '../reference/naive.js';
import { assertClose, iota, tc, throwsTc } from './helpers.js';

const mismatch = (a, b, dim) =>
  `The size of tensor a (${a}) must match the size of tensor b (${b}) at non-singleton dimension ${dim}`;

test('same shapes are always broadcastable: (5,7,3) + (5,7,3)', () => {
  tc.tidy(() => {
    assert.deepEqual(tc.ones([5, 7, 3]).add(tc.ones([5, 7, 3])).shape, [5, 7, 3]);
  });
});

test('(0,) against (2,2) fails: 0 is neither 2 nor 1 (the note says x has no dimension; it has one, of size 0)', () => {
  tc.tidy(() => {
    const x = tc.zeros([0]);
    assert.equal(x.ndim, 1);
    assert.deepEqual(x.shape, [0]);
    throwsTc(() => x.add(tc.zeros([2, 2])), 'shape', mismatch(0, 2, 1));
    // torch.broadcast_shapes' own text first, then the dim.
    throwsTc(() => tc.broadcastShapes([0], [2, 2]), 'shape',
      `Shape mismatch: objects cannot be broadcast to a single shape. ${mismatch(0, 2, 1)}`);
  });
});

test('(0,) + (5,7,3): PyTorch\'s error at dimension 2', () => {
  tc.tidy(() => {
    throwsTc(() => tc.ones([0]).add(tc.ones([5, 7, 3])), 'shape', mismatch(0, 3, 2));
  });
});

test('(0,) + (1,) gives (0,): a size 1 yields, even to 0; () broadcasts with anything', () => {
  tc.tidy(() => {
    assert.deepEqual(tc.ones([0]).add(tc.ones([1])).shape, [0]);
    assert.deepEqual(tc.tensor(7, { dtype: 'float32' }).add(tc.ones([2, 3])).shape, [2, 3]);
    assert.deepEqual(tc.broadcastShapes([], [2, 3]), [2, 3]);
  });
});

test('(5,3,4,1) + (3,1,1): trailing dims 1=1, 4 vs 1, 3=3, 5 vs missing', () => {
  tc.tidy(() => {
    const x = tc.tensor(iota([5, 3, 4, 1]), { dtype: 'float32', shape: [5, 3, 4, 1] });
    const y = tc.tensor(iota([3, 1, 1], 100), { dtype: 'float32', shape: [3, 1, 1] });
    const z = x.add(y);
    assert.deepEqual(z.shape, [5, 3, 4, 1]);
    const expected = elementwise((a, b) => a + b, { values: iota([5, 3, 4, 1]), shape: [5, 3, 4, 1] },
      { values: iota([3, 1, 1], 100), shape: [3, 1, 1] });
    assertClose(z.data(), expected.values);
    const trace = tc.explain.broadcast([5, 3, 4, 1], [3, 1, 1]);
    assert.deepEqual(trace.dims.map((d) => [d.trailing, d.sizes, d.roles, d.rule]), [
      [1, [1, 1], ['same', 'same'], 'equal'],
      [2, [4, 1], ['same', 'expanded'], 'one'],
      [3, [3, 3], ['same', 'same'], 'equal'],
      [4, [5, null], ['same', 'missing'], 'missing'],
    ]);
  });
});

test('(5,2,4,1) + (3,1,1) fails in the 3rd trailing dimension (2 != 3)', () => {
  tc.tidy(() => {
    throwsTc(() => tc.ones([5, 2, 4, 1]).add(tc.ones([3, 1, 1])), 'shape', mismatch(2, 3, 1));
    const trace = tc.explain.broadcast([5, 2, 4, 1], [3, 1, 1]);
    assert.equal(trace.error, mismatch(2, 3, 1));
    assert.equal(trace.failedDim, 1);
    assert.equal(trace.result, null);
  });
});

test('(5,1,4,1) + (3,1,1) -> (5,3,4,1); (1,) + (3,1,7) -> (3,1,7); (5,2,4,1) + (1,1) -> (5,2,4,1)', () => {
  tc.tidy(() => {
    assert.deepEqual(tc.ones([5, 1, 4, 1]).add(tc.ones([3, 1, 1])).shape, [5, 3, 4, 1]);
    assert.deepEqual(tc.ones([1]).add(tc.ones([3, 1, 7])).shape, [3, 1, 7]);
    assert.deepEqual(tc.ones([5, 2, 4, 1]).add(tc.ones([1, 1])).shape, [5, 2, 4, 1]);
    assert.deepEqual(tc.broadcastShapes([5, 1, 4, 1], [3, 1, 1]), [5, 3, 4, 1]);
  });
});

test('in place: x(5,3,4,1).add_(y(3,1,1)) keeps x\'s shape', () => {
  tc.tidy(() => {
    const x = tc.ones([5, 3, 4, 1]);
    const y = tc.tensor([1, 2, 3], { dtype: 'float32', shape: [3, 1, 1] });
    assert.equal(x.add_(y), x);
    assert.deepEqual(x.shape, [5, 3, 4, 1]);
    const expected = elementwise((a, b) => a + b, { values: new Array(60).fill(1), shape: [5, 3, 4, 1] },
      { values: [1, 2, 3], shape: [3, 1, 1] });
    assertClose(x.data(), expected.values);
  });
});

test('in place: x(1,3,1).add_(y(3,1,7)) fails with current PyTorch\'s message and leaves x unchanged', () => {
  tc.tidy(() => {
    const x = tc.tensor([1, 2, 3], { dtype: 'float32', shape: [1, 3, 1] });
    const y = tc.ones([3, 1, 7]);
    throwsTc(() => x.add_(y), 'shape', "output with shape [1, 3, 1] doesn't match the broadcast shape [3, 3, 7]");
    assert.deepEqual(x.shape, [1, 3, 1]);
    assert.deepEqual(Array.from(x.data()), [1, 2, 3]);
  });
});

test('the note\'s older in-place message is expand\'s: y(3,1,7).expand(1,3,1)', () => {
  tc.tidy(() => {
    throwsTc(() => tc.ones([3, 1, 7]).expand(1, 3, 1), 'shape',
      'The expanded size of the tensor (1) must match the existing size (7) at non-singleton dimension 2.  Target sizes: [1, 3, 1].  Tensor sizes: [3, 1, 7]');
  });
});

test('backcompat: add(ones(4,1), ones(4)) is (4,4) and, with the warning on, warns as the note shows', () => {
  tc.tidy(() => {
    const seen = [];
    const off = tc.onWarning((w) => seen.push(w));
    try {
      const quiet = tc.add(tc.ones([4, 1]), tc.ones([4]));
      assert.deepEqual(quiet.shape, [4, 4]);
      assert.equal(seen.length, 0, 'off by default');
      tc.setBroadcastWarning(true);
      const loud = tc.add(tc.ones([4, 1]), tc.ones([4]));
      assert.deepEqual(loud.shape, [4, 4]);
      assertClose(loud.data(), new Array(16).fill(2));
    } finally {
      tc.setBroadcastWarning(false);
      off();
    }
    assert.equal(seen.length, 1);
    assert.deepEqual(seen[0], {
      kind: 'warning',
      warningKind: 'backcompat',
      message:
        'self and other do not have the same shape, but are broadcastable, and have the same number of elements.\n' +
        'Changing behavior in a backwards incompatible manner to broadcasting rather than viewing as 1-dimensional.',
      shapes: [[4, 1], [4]],
    });
  });
});

test('through PyTorch\'s source: [[1,2,3],[4,5,6]] + [1,2,3] = [[2,4,6],[5,7,9]]; [2,3] with [1,3]; [2,3] with [2,4] fails', () => {
  tc.tidy(() => {
    const A = tc.tensor([[1, 2, 3], [4, 5, 6]], { dtype: 'float32' });
    const B = tc.tensor([1, 2, 3], { dtype: 'float32' });
    const C = A.add(B);
    assert.deepEqual(C.shape, [2, 3]);
    assert.deepEqual(C.toArray(), [[2, 4, 6], [5, 7, 9]]);
    assert.deepEqual(A.add(tc.ones([1, 3])).shape, [2, 3]);
    throwsTc(() => A.add(tc.ones([2, 4])), 'shape', mismatch(3, 4, 1));
  });
});

test('through PyTorch\'s source: add is self + alpha * other', () => {
  tc.tidy(() => {
    const A = tc.tensor([[1, 2, 3], [4, 5, 6]], { dtype: 'float32' });
    const B = tc.tensor([1, 2, 3], { dtype: 'float32' });
    assert.deepEqual(A.add(B, { alpha: 2 }).toArray(), [[3, 6, 9], [6, 9, 12]]);
    assert.deepEqual(A.sub(B, { alpha: 2 }).toArray(), [[-1, -2, -3], [2, 1, 0]]);
  });
});

test('through PyTorch\'s source: A=[1,2,3], B=[1]: (A+B).sum().backward() gives A.grad=[1,1,1], B.grad=[3]', () => {
  tc.tidy(() => {
    const A = tc.tensor([1, 2, 3], { dtype: 'float32', requiresGrad: true });
    const B = tc.tensor([1], { dtype: 'float32', requiresGrad: true });
    const C = A.add(B);
    assert.deepEqual(C.toArray(), [2, 3, 4]);
    C.sum().backward();
    assert.deepEqual(A.grad.toArray(), [1, 1, 1]);
    assert.deepEqual(B.grad.toArray(), [3]);
    assert.deepEqual(B.grad.shape, [1]);
  });
});

test('through PyTorch\'s source: B\'s gradient is sum_to([1,1,1], [1]): summed with keepdim over dim 0, no view', () => {
  tc.tidy(() => {
    const A = tc.tensor([1, 2, 3], { dtype: 'float32', requiresGrad: true });
    const B = tc.tensor([1], { dtype: 'float32', requiresGrad: true });
    const { steps } = tc.explain.backward(A.add(B).sum());
    const forB = steps.find((s) => s.inputId === B.id);
    assert.deepEqual(forB, {
      kind: 'reduce-grad', op: 'add', gradFn: 'AddBackward0', call: null, inputId: B.id, inputIndex: 1,
      gradShape: [3], targetShape: [1], leadingDims: [], onesDims: [0],
      keepdimShape: [1], resultShape: [1], viewed: false,
    });
    assert.deepEqual(tc.ones([3]).sumTo([1]).toArray(), [3]);
    assert.deepEqual(tc.ones([2, 3]).sumTo([1, 3]).toArray(), [[2, 2, 2]]);
  });
});
