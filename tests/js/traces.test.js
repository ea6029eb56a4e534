// tc.explain returns the core's traces as plain, JSON-able data in the
// shape of docs/traces.md.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tc, throwsTc } from './helpers.js';

function assertPlainJson(value) {
  assert.deepEqual(JSON.parse(JSON.stringify(value)), value);
}

test('explain.broadcast: the docs/traces.md example, exactly', () => {
  const trace = tc.explain.broadcast([5, 2, 4, 1], [3, 1, 1]);
  assert.deepEqual(trace, {
    kind: 'broadcast',
    inputs: [[5, 2, 4, 1], [3, 1, 1]],
    padded: [[5, 2, 4, 1], [1, 3, 1, 1]],
    dims: [
      { dim: 3, trailing: 1, sizes: [1, 1], roles: ['same', 'same'], rule: 'equal', result: 1 },
      { dim: 2, trailing: 2, sizes: [4, 1], roles: ['same', 'expanded'], rule: 'one', result: 4 },
      { dim: 1, trailing: 3, sizes: [2, 3], roles: ['conflict', 'conflict'], rule: 'mismatch', result: null },
    ],
    result: null,
    error: 'The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1',
    failedDim: 1,
    notes: [],
  });
  assertPlainJson(trace);
});

test('explain.broadcast: any number of shapes, notes, and invalid sizes reported not thrown', () => {
  const three = tc.explain.broadcast([2, 1], [1, 3], [4, 1, 1]);
  assert.deepEqual(three.result, [4, 2, 3]);
  assert.deepEqual(three.padded, [[1, 2, 1], [1, 1, 3], [4, 1, 1]]);
  assert.deepEqual(three.dims.map((d) => d.roles), [
    ['expanded', 'same', 'expanded'],
    ['same', 'expanded', 'expanded'],
    ['missing', 'missing', 'same'],
  ]);
  assert.deepEqual(tc.explain.broadcast([3], [3, 1]).notes, ['outer-product', 'backcompat', 'rank-promotion']);
  assert.deepEqual(tc.explain.broadcast().result, []);
  const negative = tc.explain.broadcast([-1], [2]);
  assert.equal(negative.result, null);
  assert.equal(negative.error, 'Trying to create tensor with negative dimension -1: [-1]');
});

test('explain.op: shapes, strides before and after expanding, plan and kernel', () => {
  tc.tidy(() => {
    const a = tc.ones([5, 1, 4, 1]);
    const b = tc.ones([3, 1, 1]);
    const { result, trace, events, error } = tc.explain.op('add', a, b);
    assert.equal(error, null);
    assert.deepEqual(result.shape, [5, 3, 4, 1]);
    assert.deepEqual(result.data(), a.add(b).data());
    assert.deepEqual(events.map((e) => e.kind), ['broadcast', 'op']);
    assert.deepEqual(events[1], trace);
    assert.equal(trace.kind, 'op');
    assert.equal(trace.op, 'add');
    assert.equal(trace.inplace, false);
    assert.deepEqual(trace.broadcast.result, [5, 3, 4, 1]);
    assert.deepEqual(trace.operands, [
      { name: 'out', shape: [5, 3, 4, 1], strides: [12, 4, 1, 1], expandedStrides: [12, 4, 1, 1], offset: 0, dtype: 'float32' },
      { name: 'a', shape: [5, 1, 4, 1], strides: [4, 4, 1, 1], expandedStrides: [4, 0, 1, 1], offset: 0, dtype: 'float32' },
      { name: 'b', shape: [3, 1, 1], strides: [1, 1, 1], expandedStrides: [0, 1, 0, 1], offset: 0, dtype: 'float32' },
    ]);
    assert.deepEqual(trace.plan.order, [3, 2, 1, 0]);
    assert.deepEqual(trace.plan.groups, [[3, 2], [1], [0]]);
    assert.deepEqual(trace.plan.shape, [4, 3, 5]);
    assert.deepEqual(trace.plan.strides, [[1, 4, 12], [1, 0, 4], [0, 1, 0]]);
    assert.equal(trace.plan.innerPattern, 'scalar-b');
    assert.equal(trace.kernel, `f32_vaddc__${tc.simd ? 'wasmsimd' : 'scalar'}_u8`);
    assert.equal(trace.kernelRows, 1);
    assert.deepEqual(trace.repeatedDims, []);
    assertPlainJson({ trace, events, error });
  });
});

test('explain.op: a broadcast row is run two output rows per pass, and says so', () => {
  tc.tidy(() => {
    const a = tc.arange(24, { dtype: 'float32' }).reshape(3, 8);
    const b = tc.arange(8, { dtype: 'float32' });
    const { result, trace } = tc.explain.op('sub', b, a);
    assert.equal(trace.plan.innerPattern, 'contiguous');
    assert.equal(trace.kernel, `f32_vsub__${tc.simd ? 'wasmsimd' : 'scalar'}_2x${tc.simd ? 8 : 1}`);
    assert.equal(trace.kernelRows, 2);
    assert.deepEqual(result.toArray(), [0, 1, 2].map((i) => [0, 1, 2, 3, 4, 5, 6, 7].map((j) => j - (8 * i + j))));
  });
});

test('explain.op: a failing op reports PyTorch\'s message and the broadcast that failed', () => {
  tc.tidy(() => {
    const out = tc.explain.op('add', tc.ones([5, 2, 4, 1]), tc.ones([3, 1, 1]));
    assert.equal(out.result, null);
    assert.equal(out.trace, null);
    assert.equal(out.error, 'The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1');
    assert.deepEqual(out.events.map((e) => e.kind), ['broadcast']);
    assert.equal(out.events[0].failedDim, 1);
    const raised = tc.withBroadcastPolicy('raise', () => tc.explain.op('add', tc.ones([2, 3]), tc.ones([3])));
    assert.match(raised.error, /^broadcast policy 'raise': add: operands of shapes \[2, 3\] and \[3\]/);
  });
});

test('explain.op: in place, where, unary, numbers and alpha', () => {
  tc.tidy(() => {
    const x = tc.ones([2, 3]);
    const inplace = tc.explain.op('sub_', x, tc.tensor([1, 2, 3], { dtype: 'float32' }), { alpha: 2 });
    assert.equal(inplace.result, x);
    assert.deepEqual(x.toArray(), [[-1, -3, -5], [-1, -3, -5]]);
    assert.equal(inplace.trace.inplace, true);
    assert.equal(inplace.trace.op, 'sub_');
    const refused = tc.explain.op('add_', x, tc.ones([3, 3]));
    assert.equal(refused.result, null);
    assert.equal(refused.error, 'The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0');
    assert.deepEqual(x.toArray(), [[-1, -3, -5], [-1, -3, -5]]);

    const w = tc.explain.op('where', tc.tensor([true, false, true]), tc.ones([2, 1]), 0);
    assert.deepEqual(w.result.toArray(), [[1, 0, 1], [1, 0, 1]]);
    // The number 0 is an int (wrapped as int64, as PyTorch wraps it), converted to float32.
    assert.deepEqual(w.trace.operands.map((o) => [o.name, o.dtype, o.expandedStrides]), [
      ['out', 'float32', [3, 1]],
      ['condition', 'bool', [0, 1]],
      ['a', 'float32', [1, 0]],
      ['b', 'int64', [0, 0]],
    ]);
    assert.deepEqual(w.trace.promotion.operands.map((o) => [o.name, o.category, o.cast]), [['a', 'tensor', false], ['b', 'number', true]]);
    const r = tc.explain.op('relu', tc.tensor([-1, 2], { dtype: 'float32' }));
    assert.deepEqual(r.result.toArray(), [0, 2]);
    assert.equal(r.trace.operands.length, 2);
    const alpha = tc.explain.op('add', tc.ones([2]), 3, { alpha: 2 });
    assert.deepEqual(alpha.result.toArray(), [7, 7]);
    assert.deepEqual(alpha.trace.operands[2].shape, []);
  });
});

test('explain.op: bad requests throw', () => {
  tc.tidy(() => {
    throwsTc(() => tc.explain.op('conv2d', tc.ones([2])), 'value', /^explain\.op\(\): unknown op 'conv2d'; known: add, add_, sub, sub_, /);
    throwsTc(() => tc.explain.op('add', tc.ones([2])), 'type', "explain.op('add'): expected 2 operands, got 1");
    throwsTc(() => tc.explain.op('mul', tc.ones([2]), 2, { alpha: 2 }), 'type', "explain.op(): unknown option 'alpha' (known: none)");
    throwsTc(() => tc.explain.op('add_', 1, tc.ones([2])), 'type', "explain.op(): argument 'self' must be a Tensor, not 1");
  });
});

test('explain.backward: runs backward and shows each gradient\'s reduction', () => {
  tc.tidy(() => {
    const x = tc.ones([3], { requiresGrad: true });
    const w = tc.ones([2, 1, 3], { requiresGrad: true });
    const loss = x.add(w).sum();
    const { steps, events } = tc.explain.backward(loss);
    assert.deepEqual(events, steps);
    const forX = steps.find((s) => s.inputId === x.id);
    assert.deepEqual(forX, {
      // outside a program no call made the node (Note [Call numbers])
      kind: 'reduce-grad', op: 'add', gradFn: 'AddBackward0', call: null, inputId: x.id, inputIndex: 0,
      gradShape: [2, 1, 3], targetShape: [3], leadingDims: [0, 1], onesDims: [],
      keepdimShape: [1, 1, 3], resultShape: [3], viewed: true,
    });
    assert.deepEqual(x.grad.toArray(), [2, 2, 2], '.grad is set, as backward() would');
    assertPlainJson(steps);
    throwsTc(() => tc.explain.backward(tc.ones([2])), 'autograd',
      'element 0 of tensors does not require grad and does not have a grad_fn');
  });
});
