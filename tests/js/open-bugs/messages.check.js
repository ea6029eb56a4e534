// Refusals whose message or kind is not what the rest of the package (or
// PyTorch) says.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Tensorcast, TensorcastError } from 'tensorcast';
import { tc, throwsTc } from '../helpers.js';

test('new Tensorcast() says to use init(), as new Tensor() says to use tc.tensor()', () => {
  assert.throws(() => new Tensorcast(), (e) => {
    assert.ok(e instanceof TensorcastError || e instanceof TypeError);
    assert.match(e.message, /init\(\)/);
    return true;
  });
});

test("arange with a NaN step gives PyTorch's message (its step check comes first)", () => {
  throwsTc(() => tc.arange(0, 5, NaN), 'value', 'step must be nonzero');
  throwsTc(() => tc.arange(NaN, 5, 0), 'value', 'step must be nonzero');
});

test("a dtype of the wrong type is kind 'type', like every other wrong type", () => {
  throwsTc(() => tc.tensor([1], { dtype: 5 }), 'type', "tensor(): dtype must be 'float32' or 'bool', not 5");
  throwsTc(() => tc.tensor([1], { dtype: null }), 'type', "tensor(): dtype must be 'float32' or 'bool', not null");
});
