// Gradients through broadcasting ops and views, grad mode, and .grad.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertClose, tc, throwsTc } from './helpers.js';

test('gradients of broadcast operands are summed back to their shapes', () => {
  tc.tidy(() => {
    const a = tc.tensor([[1, 2, 3], [4, 5, 6]], { dtype: 'float32', requiresGrad: true }); // [2, 3]
    const b = tc.tensor([[10], [20]], { dtype: 'float32', requiresGrad: true }); // [2, 1]
    const c = tc.tensor([1, 2, 3], { dtype: 'float32', requiresGrad: true }); // [3]
    a.mul(b).add(c).sum().backward();
    assert.deepEqual(a.grad.toArray(), [[10, 10, 10], [20, 20, 20]]);
    assert.deepEqual(b.grad.toArray(), [[6], [15]]);
    assert.deepEqual(c.grad.toArray(), [2, 2, 2]);
  });
});

test('backward with a gradient of the output\'s shape; errors for non-scalars and wrong shapes', () => {
  tc.tidy(() => {
    const x = tc.tensor([1, 2, 3], { dtype: 'float32', requiresGrad: true });
    const y = x.mul(x);
    throwsTc(() => y.backward(), 'autograd', 'grad can be implicitly created only for scalar outputs');
    throwsTc(() => y.backward(tc.ones([2])), 'autograd',
      'Mismatch in shape: grad_output[0] has a shape of torch.Size([2]) and output[0] has a shape of torch.Size([3]).');
    assert.equal(x.grad, null, 'a failed backward leaves .grad alone');
    y.backward(tc.tensor([1, 0.5, 0], { dtype: 'float32' }));
    assertClose(x.grad.data(), [2, 2, 0]);
    throwsTc(() => tc.ones([2]).sum().backward(), 'autograd',
      'element 0 of tensors does not require grad and does not have a grad_fn');
  });
});

test('gradients accumulate across backward calls until .grad is set to null', () => {
  tc.tidy(() => {
    const x = tc.tensor([1, 2], { dtype: 'float32', requiresGrad: true });
    x.sum().backward();
    const first = x.grad;
    assert.equal(x.grad, first, 'the same object while the gradient is unchanged');
    x.mul(3).sum().backward();
    assert.deepEqual(x.grad.toArray(), [4, 4]);
    x.grad = null;
    assert.equal(x.grad, null);
    // A tensor of x's dtype and size is set as PyTorch's x.grad = g is;
    // accumulation starts from it.
    x.grad = tc.ones([2]);
    x.sum().backward();
    assert.deepEqual(x.grad.toArray(), [2, 2]);
    throwsTc(() => {
      x.grad = tc.ones([2], { dtype: 'float64' });
    }, 'type', 'assigned grad has data of a different type');
  });
});

test('every differentiable op and view passes gradients (finite differences)', () => {
  tc.tidy(() => {
    const x0 = [0.5, 1.5, 2.0, 3.0, 0.75, 1.25];
    const cases = {
      sub: (x) => x.sub(tc.tensor([1, 2, 3], { dtype: 'float32' }), { alpha: 2 }),
      div: (x) => tc.div(1, x),
      pow: (x) => x.pow(tc.tensor([2, 3, 0.5], { dtype: 'float32' })),
      exp: (x) => x.exp(),
      log: (x) => x.log(),
      sqrt: (x) => x.sqrt(),
      neg: (x) => x.neg(),
      abs: (x) => x.sub(1).abs(),
      relu: (x) => x.sub(1).relu(),
      maximum: (x) => x.maximum(tc.tensor([1, 2, 1], { dtype: 'float32' })),
      where: (x) => tc.where(x.gt(1), x.mul(x), x),
      views: (x) => x.transpose(0, 1).unsqueeze(0).expand(2, 3, 2).narrow(1, 1, 2).reshape(8).mul(tc.arange(8, { dtype: 'float32' })),
      sumTo: (x) => x.expand(4, 2, 3).sumTo([2, 1]),
    };
    for (const [name, f] of Object.entries(cases)) {
      const x = tc.tensor(x0, { dtype: 'float32', shape: [2, 3], requiresGrad: true });
      f(x).sum().backward();
      const h = 1e-2;
      const numeric = x0.map((_, i) => {
        const at = (d) => tc.noGrad(() => f(tc.tensor(x0.map((v, j) => (j === i ? v + d : v)), { dtype: 'float32', shape: [2, 3] })).sum().item());
        return (at(h) - at(-h)) / (2 * h);
      });
      assertClose(x.grad.data(), numeric, 2e-2);
      assert.deepEqual(x.grad.shape, [2, 3], name);
    }
  });
});

test('noGrad turns recording off while fn runs; detach cuts the graph', () => {
  tc.tidy(() => {
    const x = tc.ones([2], { requiresGrad: true });
    const y = tc.noGrad(() => x.mul(2));
    assert.equal(y.requiresGrad, false);
    assert.equal(x.mul(2).requiresGrad, true, 'recording is back on after');
    const d = x.mul(2).detach();
    assert.equal(d.requiresGrad, false);
    assert.equal(d.isLeaf, true);
    assert.equal(x.mul(2).isLeaf, false);
    assert.throws(() => tc.noGrad(() => {
      throw new RangeError('inside');
    }), RangeError);
    assert.equal(x.mul(2).requiresGrad, true, 'restored after a throw');
  });
});

test('requiresGrad can be set on leaves of float32 and float64 only, with PyTorch\'s words for each route', () => {
  tc.tidy(() => {
    const x = tc.ones([2]);
    assert.equal(x.requiresGrad, false);
    x.requiresGrad = true;
    assert.equal(x.requiresGrad, true);
    throwsTc(() => {
      x.mul(2).requiresGrad = false;
    }, 'autograd', 'you can only change requires_grad flags of leaf variables.');
    // The factories (PyTorch's TensorOptions check) say "Only", the setter "only".
    throwsTc(() => tc.tensor([true], { requiresGrad: true }), 'autograd',
      'Only Tensors of floating point and complex dtype can require gradients');
    throwsTc(() => tc.arange(3, { requiresGrad: true }), 'autograd',
      "Only Tensors of floating point and complex dtype can require gradients. arange() made int64 because every number given is an integer (as PyTorch does for Python ints; JavaScript writes 1.0 as 1): pass { dtype: 'float32' } for a float tensor that can require gradients");
    const n = tc.tensor([1, 2]);
    throwsTc(() => {
      n.requiresGrad = true;
    }, 'autograd', 'only Tensors of floating point and complex dtype can require gradients');
    assert.equal(n.requiresGrad, false);
    const d = tc.ones([2], { dtype: 'float64', requiresGrad: true });
    d.mul(d).sum().backward();
    assert.equal(d.grad.dtype, 'float64');
    assert.deepEqual(d.grad.toArray(), [2, 2]);
  });
});

test('a tensor saved for backward and then changed in place is caught at backward', () => {
  tc.tidy(() => {
    const x = tc.ones([2], { requiresGrad: true });
    const saved = tc.ones([2]);
    const y = x.mul(saved);
    saved.add_(1);
    throwsTc(() => y.sum().backward(), 'autograd',
      /^one of the variables needed for gradient computation has been modified by an inplace operation: \[torch\.FloatTensor \[2\]\] is at version 1; expected version 0 instead\.$/);
  });
});
