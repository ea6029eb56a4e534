// A TensorcastError raised by an op carries the op, its operands' shapes
// and, for a shape error, the broadcast trace, while its message stays
// PyTorch's text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TensorcastError } from 'tensorcast';
import { tc } from './helpers.js';

function caught(fn) {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof TensorcastError);
    return error;
  }
  assert.fail('did not throw');
}

test('a broadcast refused by an op names the op and both shapes, with the trace', () => {
  tc.tidy(() => {
    const e = caught(() => tc.ones([5, 2, 4, 1]).add(tc.ones([3, 1, 1])));
    assert.equal(e.message, 'The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1');
    assert.equal(e.kind, 'shape');
    assert.equal(e.op, 'add');
    assert.deepEqual(e.shapes, [[5, 2, 4, 1], [3, 1, 1]]);
    assert.deepEqual(e.trace, tc.explain.broadcast([5, 2, 4, 1], [3, 1, 1]));
    assert.equal(e.trace.failedDim, 1);
    // The functions of tc, numbers as operands, where's three operands.
    const f = caught(() => tc.mul(tc.ones([2]), tc.ones([3])));
    assert.equal(f.op, 'mul');
    assert.deepEqual(f.shapes, [[2], [3]]);
    const w = caught(() => tc.where(tc.tensor([true, false]), tc.ones([3]), 0));
    assert.equal(w.op, 'where');
    assert.deepEqual(w.shapes, [[2], [3], []]);
    assert.equal(w.trace.result, null);
  });
});

test('in place, the target and the other operand; other kinds have no trace', () => {
  tc.tidy(() => {
    const x = tc.ones([1, 3, 1]);
    const e = caught(() => x.add_(tc.ones([3, 1, 7])));
    assert.equal(e.message, "output with shape [1, 3, 1] doesn't match the broadcast shape [3, 3, 7]");
    assert.equal(e.op, 'add_');
    assert.deepEqual(e.shapes, [[1, 3, 1], [3, 1, 7]]);
    assert.deepEqual(e.trace.result, [3, 3, 7]);
    const leaf = tc.ones([2], { requiresGrad: true });
    const a = caught(() => leaf.mul_(2));
    assert.equal(a.kind, 'autograd');
    assert.equal(a.op, 'mul_');
    assert.deepEqual(a.shapes, [[2], []]);
    assert.equal(a.trace, undefined);
  });
});

test('errors that are not an op\'s have none of it', () => {
  const e = caught(() => tc.zeros(2.5));
  assert.equal(e.op, undefined);
  assert.equal(e.shapes, undefined);
  assert.equal(e.trace, undefined);
  // Absent, not undefined: printing the error shows no empty fields.
  assert.equal('op' in e || 'shapes' in e || 'trace' in e, false);
});
