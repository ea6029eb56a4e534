// The fills from JavaScript (Note [Fills] in src/ops/fill.cpp): the
// registry's generated members tc.fill_, tc.zero_, tc.maskedFill and
// Tensor#fill_, #zero_, #maskedFill, #maskedFill_, #retainGrad, and the
// getter retainsGrad. Values and texts are PyTorch 1.13's (the same cases
// as tests/core/fills_cases.inc, written by fixtures/fills/make_fixture.py).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tc, throwsTc } from './helpers.js';

test('fill_ and zero_ write in place and return the tensor; the value is range-checked against its dtype', () => {
  tc.tidy(() => {
    const x = tc.zeros([2, 3]);
    const y = x.fill_(2.5);
    assert.deepEqual(x.toArray(), [[2.5, 2.5, 2.5], [2.5, 2.5, 2.5]]);
    assert.deepEqual(y.toArray(), x.toArray());
    tc.zero_(x);
    assert.deepEqual(y.toArray(), [[0, 0, 0], [0, 0, 0]]);
    const i = tc.zeros([2], { dtype: 'int64' });
    i.fill_(tc.tensor(-3.5));
    assert.deepEqual(i.toArray().map(Number), [-3, -3]);
    const u = tc.zeros([2], { dtype: 'uint8' });
    throwsTc(() => u.fill_(300), 'value', 'value cannot be converted to type uint8_t without overflow');
    throwsTc(() => tc.zeros([2]).fill_(tc.ones([2])), 'value',
      'fill_ only supports 0-dimension value tensor but got tensor with 1 dimensions.');
    const leaf = tc.zeros([2], { requiresGrad: true });
    throwsTc(() => leaf.zero_(), 'autograd', 'a leaf Variable that requires grad is being used in an in-place operation.');
  });
});

test('maskedFill broadcasts the mask and records MaskedFillBackward1 for a tensor value; maskedFill_ keeps the shape', () => {
  tc.tidy(() => {
    const x = tc.tensor([0, 1, 2], { dtype: 'float32', requiresGrad: true });
    const v = tc.tensor(2, { dtype: 'float32', requiresGrad: true });
    const m = tc.tensor([[true, false, true], [true, true, false]]);
    const y = x.maskedFill(m, v);
    assert.deepEqual(y.toArray(), [[2, 1, 2], [2, 2, 2]]);
    assert.equal(y.gradFn, 'MaskedFillBackward1');
    y.mul(tc.tensor([[0, 1, 2], [3, 4, 5]], { dtype: 'float32' })).sum().backward();
    assert.deepEqual(x.grad.toArray(), [0, 1, 5]);
    assert.equal(v.grad.item(), 9);
    const z = tc.tensor([0, 1, 2], { dtype: 'float32' });
    throwsTc(() => z.maskedFill_(tc.tensor([[true], [false]]), -1), 'shape',
      "output with shape [3] doesn't match the broadcast shape [2, 3]");
    z.maskedFill_(tc.tensor([true, false, true]), -1);
    assert.deepEqual(z.toArray(), [-1, 1, -1]);
  });
});

test('retainGrad keeps a non-leaf gradient, retainsGrad says so', () => {
  tc.tidy(() => {
    const x = tc.ones([2], { requiresGrad: true });
    const y = x.mul(2);
    assert.equal(y.retainsGrad, false);
    y.retainGrad();
    assert.equal(y.retainsGrad, true);
    assert.equal(x.retainsGrad, false);
    y.mul(y).sum().backward();
    assert.deepEqual(y.grad.toArray(), [4, 4]);
    assert.deepEqual(x.grad.toArray(), [8, 8]);
    throwsTc(() => tc.ones([2]).retainGrad(), 'autograd', "can't retain_grad on Tensor that has requires_grad=False");
  });
});
