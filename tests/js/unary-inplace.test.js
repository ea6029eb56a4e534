// The unary ops and clamp in place from JavaScript (Note [Unary ops in
// place] in src/ops/fill.cpp): the registry's generated members tc.clamp_,
// tc.relu_, Tensor#clamp_, #clampMin_, #exp_ ... Values and texts are
// PyTorch 1.13's (the same cases as tests/core/unary_inplace_cases.inc,
// written by fixtures/unary_inplace/make_fixture.py).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tc, throwsTc } from './helpers.js';

test('clamp_ and relu_ write into the tensor, which views see; a cast PyTorch refuses leaves it as it was', () => {
  tc.tidy(() => {
    const x = tc.tensor([-1.0, 0.5, 2.0]);
    const v = x.narrow(0, 1, 2);
    const y = x.clamp_(0);
    assert.deepEqual(x.toArray(), [0, 0.5, 2]);
    assert.deepEqual(y.toArray(), x.toArray());
    assert.deepEqual(v.toArray(), [0.5, 2]);
    const r = tc.tensor([-1.0, 2.0]);
    tc.relu_(r);
    assert.deepEqual(r.toArray(), [0, 2]);
    const i = tc.tensor([-2, 0, 3], { dtype: 'int64' });
    throwsTc(() => i.exp_(), 'type', "result type Float can't be cast to the desired output type Long");
    throwsTc(() => i.clamp_(0.5), 'type', "result type Float can't be cast to the desired output type long int");
    assert.deepEqual(i.toArray().map(Number), [-2, 0, 3]);
    const leaf = tc.tensor([0.5, 2.0], { requiresGrad: true });
    throwsTc(() => leaf.sigmoid_(), 'autograd', 'a leaf Variable that requires grad is being used in an in-place operation.');
  });
});

test('on a non-leaf the in-place op is recorded under PyTorch\'s node name, with its gradient', () => {
  tc.tidy(() => {
    const x = tc.tensor([-1.0, 0.5, 2.0], { requiresGrad: true });
    const y = x.mul(1);
    y.clampMin_(0.0);
    assert.equal(y.gradFn, 'ClampMinBackward0');
    y.sum().backward();
    assert.deepEqual(x.grad.toArray(), [0, 1, 1]);
  });
});
