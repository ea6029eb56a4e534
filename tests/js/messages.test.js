// Refusals whose message or kind is not what the rest of the package (or
// PyTorch) says.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Tensorcast, TensorcastError } from 'tensorcast';
import { tc, throwsTc } from './helpers.js';

test('new Tensorcast() says to use init(), as new Tensor() says to use tc.tensor()', () => {
  assert.throws(() => new Tensorcast(), (e) => {
    assert.ok(e instanceof TensorcastError || e instanceof TypeError);
    assert.match(e.message, /init\(\)/);
    return true;
  });
});

test("arange with a NaN step gives PyTorch's message (its step check comes first)", () => {
  throwsTc(() => tc.arange(0, 5, NaN, { dtype: 'float32' }), 'value', 'step must be nonzero');
  throwsTc(() => tc.arange(NaN, 5, 0, { dtype: 'float32' }), 'value', 'step must be nonzero');
});

test("a dtype of the wrong type is kind 'type', like every other wrong type", () => {
  throwsTc(() => tc.tensor([1], { dtype: 5 }), 'type', "tensor(): dtype must be one of 'bool', 'uint8', 'int32', 'int64', 'float32', 'float64', not 5");
  throwsTc(() => tc.tensor([1], { dtype: null }), 'type', "tensor(): dtype must be one of 'bool', 'uint8', 'int32', 'int64', 'float32', 'float64', not null");
});

test('arguments past an op\'s operands are refused, not ignored', () => {
  const a = tc.tensor([1, 2], { dtype: 'float32' });
  throwsTc(() => a.mul(a, { alpha: 2 }), 'type', 'mul() takes 1 argument but 2 were given; alpha is an option of add and sub only');
  throwsTc(() => tc.mul(a, a, { alpha: 2 }), 'type', 'mul() takes 2 arguments but 3 were given; alpha is an option of add and sub only');
  throwsTc(() => a.neg(1), 'type', 'neg() takes 0 arguments but 1 was given');
  throwsTc(() => tc.eq(a, a, a), 'type', 'eq() takes 2 arguments but 3 were given');
  a.dispose();
});

test('where of two bool tensors is bool, as in PyTorch', () => {
  const c = tc.tensor([true, false, true]);
  const w = tc.where(c, tc.tensor([true, true, false]), tc.tensor([false]));
  assert.equal(w.dtype, 'bool');
  assert.deepEqual(w.toArray(), [true, false, false]);
  // where promotes its two values: a bool tensor and an int number are int64, a float number float32.
  assert.equal(tc.where(c, c, 0).dtype, 'int64');
  assert.equal(tc.where(c, c, 0.5).dtype, 'float32');
});

test("requiresGrad on integer numbers: PyTorch's refusal, then how to get floats (JavaScript writes 1.0 as 1); not when the dtype was asked for or came from a typed array", () => {
  const pytorch = 'Only Tensors of floating point and complex dtype can require gradients';
  const hint = (fn) => `${pytorch}. ${fn}() made int64 because every number given is an integer (as PyTorch does for Python ints; ` +
    "JavaScript writes 1.0 as 1): pass { dtype: 'float32' } for a float tensor that can require gradients";
  const before = tc.memory().tensors;
  throwsTc(() => tc.tensor([1, 2], { requiresGrad: true }), 'autograd', hint('tensor'));
  throwsTc(() => tc.tensor([[1], [2]], { requiresGrad: true }), 'autograd', hint('tensor'));
  throwsTc(() => tc.arange(0, 4, 2, { requiresGrad: true }), 'autograd', hint('arange'));
  throwsTc(() => tc.tensor([1, 2], { dtype: 'int64', requiresGrad: true }), 'autograd', pytorch);
  throwsTc(() => tc.tensor(new Int32Array(2), { requiresGrad: true }), 'autograd', pytorch);
  throwsTc(() => tc.tensor([true], { requiresGrad: true }), 'autograd', pytorch);
  throwsTc(() => tc.randint(3, [2], { requiresGrad: true }), 'autograd', pytorch);
  assert.equal(tc.memory().tensors, before);
  // What the hint says works.
  const t = tc.tensor([1, 2], { dtype: 'float32', requiresGrad: true });
  assert.equal(t.requiresGrad, true);
  assert.equal(t.dtype, 'float32');
  t.dispose();
});
