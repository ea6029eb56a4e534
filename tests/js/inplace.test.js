// In-place ops (Note [In-place rules]): the written tensor keeps its shape,
// and any refused call leaves its values exactly as they were.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { elementwise } from '../reference/naive.js';
import { tc, throwsTc } from './helpers.js';

test('add_, sub_ (alpha), mul_, div_ write into the tensor and return it', () => {
  tc.tidy(() => {
    const x = tc.tensor([[1, 2, 3], [4, 5, 6]], { dtype: 'float32' });
    const y = tc.tensor([1, 2, 3], { dtype: 'float32' });
    assert.equal(x.add_(y), x);
    assert.deepEqual(x.toArray(), [[2, 4, 6], [5, 7, 9]]);
    x.sub_(y, { alpha: 2 });
    assert.deepEqual(x.toArray(), [[0, 0, 0], [3, 3, 3]]);
    x.mul_(2);
    assert.deepEqual(x.toArray(), [[0, 0, 0], [6, 6, 6]]);
    x.div_(tc.tensor([[2], [3]], { dtype: 'float32' }));
    assert.deepEqual(x.toArray(), [[0, 0, 0], [2, 2, 2]]);
  });
});

test('writing through a view changes the base it shares storage with', () => {
  tc.tidy(() => {
    const base = tc.zeros([2, 3]);
    const col = base.narrow(1, 1, 1);
    col.add_(tc.tensor([[10], [20]], { dtype: 'float32' }));
    assert.deepEqual(base.toArray(), [[0, 10, 0], [0, 20, 0]]);
  });
});

test('refused in-place calls leave the tensor unchanged and the module working', () => {
  tc.tidy(() => {
    const values = [[1, 2, 3], [4, 5, 6]];
    const x = tc.tensor(values, { dtype: 'float32' });
    const refusals = [
      [() => x.add_(tc.ones([3, 2, 3])), 'shape', "output with shape [2, 3] doesn't match the broadcast shape [3, 2, 3]"],
      [() => x.mul_(tc.ones([2, 2])), 'shape', 'The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1'],
      [() => tc.ones([1, 3]).expand(2, 3).add_(1), 'shape', /^unsupported operation: more than one element of the written-to tensor refers to a single memory location/],
      [() => tc.ones([3], { requiresGrad: true }).add_(1), 'autograd', 'a leaf Variable that requires grad is being used in an in-place operation.'],
      [() => tc.tensor([true]).add_(1), 'type', "result type Long can't be cast to the desired output type Bool"],
      [() => tc.tensor([1, 2]).add_(0.5), 'type', "result type Float can't be cast to the desired output type Long"],
      [() => tc.tensor([1, 2]).floorDivide_(tc.tensor([1, 0])), 'value', 'ZeroDivisionError'],
    ];
    for (const [call, kind, message] of refusals) {
      throwsTc(call, kind, message);
      assert.deepEqual(x.toArray(), values);
    }
    // Partial overlap between the written tensor and an input is refused too.
    const row = tc.arange(4, { dtype: 'float32' });
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
    const x = tc.tensor(xs, { dtype: 'float32', shape: [2, 2, 2] });
    x.sub_(tc.tensor([[1], [2]], { dtype: 'float32' }));
    const expected = elementwise((a, b) => a - b, { values: xs, shape: [2, 2, 2] }, { values: [1, 2], shape: [2, 1] });
    assert.deepEqual(Array.from(x.data()), expected.values);
  });
});

// See Note [In-place dtypes]: PyTorch's Tensor methods pow_, eq_, ne_, lt_, le_,
// gt_, ge_ (there is no maximum_ or minimum_); a comparison keeps the
// target's dtype, arithmetic must fit in it.
test('the in-place forms are PyTorch\'s: pow_, floor_divide_, remainder_ and every comparison, no maximum_ or minimum_', () => {
  const forms = tc.ops.filter((op) => op.inplace).map((op) => op.name);
  assert.deepEqual(forms, ['add_', 'sub_', 'mul_', 'div_', 'pow_', 'floorDivide_', 'remainder_', 'eq_', 'ne_', 'lt_', 'le_', 'gt_', 'ge_']);
  // PyTorch's names where JavaScript's spelling differs (camelCase).
  const torch = (name) => name.replace('floorDivide', 'floor_divide');
  for (const name of forms) assert.equal(tc.ops.find((op) => op.name === name).torch, `Tensor.${torch(name)}`);
  for (const name of ['maximum', 'minimum', 'where']) {
    assert.equal(tc.ops.find((op) => op.name === name).inplaceForm, null, name);
    assert.equal(tc.ones([1])[`${name}_`], undefined, `${name}_`);
  }
});

test('a comparison written into a float32 tensor gives 1 and 0 and keeps float32', () => {
  tc.tidy(() => {
    const reference = {
      eq_: (a, b) => a === b, ne_: (a, b) => a !== b, lt_: (a, b) => a < b,
      le_: (a, b) => a <= b, gt_: (a, b) => a > b, ge_: (a, b) => a >= b,
    };
    const xs = [1, 2, 3, 4, 5, 6];
    const ys = [2, 5, 3];
    for (const [name, holds] of Object.entries(reference)) {
      const x = tc.tensor(xs, { dtype: 'float32', shape: [2, 3] });
      assert.equal(x[name](tc.tensor(ys, { dtype: 'float32' })), x, name);
      assert.equal(x.dtype, 'float32', name);
      assert.deepEqual(x.shape, [2, 3]);
      const expected = elementwise((a, b) => (holds(a, b) ? 1 : 0), { values: xs, shape: [2, 3] }, { values: ys, shape: [3] });
      assert.deepEqual(Array.from(x.data()), expected.values, name);
    }
    const y = tc.tensor([1, 2, 3], { dtype: 'float32' });
    y.ge_(2);
    assert.deepEqual(y.toArray(), [0, 1, 1]);
  });
});

test('a comparison written into a bool tensor keeps bool', () => {
  tc.tidy(() => {
    const c = tc.tensor([true, false, true]);
    c.eq_(tc.tensor([1, 0, 0], { dtype: 'float32' }));
    assert.equal(c.dtype, 'bool');
    assert.deepEqual(c.toArray(), [true, true, false]);
    c.lt_(0.5);
    assert.deepEqual(c.toArray(), [false, false, true]);
  });
});

test('pow_ writes input ** other, broadcasting other', () => {
  tc.tidy(() => {
    const x = tc.tensor([[1, 2], [3, 4]], { dtype: 'float32' });
    assert.equal(x.pow_(2), x);
    assert.deepEqual(x.toArray(), [[1, 4], [9, 16]]);
    x.pow_(tc.tensor([0.5, 0], { dtype: 'float32' }));
    assert.deepEqual(x.toArray(), [[1, 1], [3, 1]]);
  });
});

test('arithmetic into a bool tensor: a bool result is written (or, and), any other refused with PyTorch\'s message', () => {
  const long = "result type Long can't be cast to the desired output type Bool";
  const float = "result type Float can't be cast to the desired output type Bool";
  const oneBool = 'Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.';
  const twoBools = 'Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead.';
  // op: [with 2, with 2.5, with a bool tensor] -> a message, or the values written
  const cases = {
    add_: [long, float, [true, true, true]],
    sub_: [oneBool, oneBool, twoBools],
    mul_: [long, float, [false, true, false]],
    div_: [float, float, float],
    // pow_ with a number exponent refuses in other words (PyTorch's Pow.cpp meta).
    pow_: ['Found dtype Bool but expected Long', 'Found dtype Bool but expected Float', '"pow" not implemented for \'Bool\''],
    floorDivide_: [long, float, '"div_floor_cpu" not implemented for \'Bool\''],
    remainder_: [long, float, '"remainder_cpu" not implemented for \'Bool\''],
  };
  tc.tidy(() => {
    for (const [name, outcomes] of Object.entries(cases)) {
      const others = [2, 2.5, tc.tensor([true, true, false])];
      others.forEach((other, k) => {
        const c = tc.tensor([false, true, true]);
        const outcome = outcomes[k];
        if (typeof outcome === 'string') {
          throwsTc(() => c[name](other), 'type', outcome);
          assert.deepEqual(c.toArray(), [false, true, true], `${name}: refused calls leave self as it was`);
        } else {
          assert.equal(c[name](other), c);
          assert.deepEqual(c.toArray(), outcome, name);
        }
        assert.equal(c.dtype, 'bool');
      });
    }
    // PyTorch checks the shapes first.
    throwsTc(() => tc.tensor([false, true, true]).add_(tc.ones([2, 3])), 'shape', "output with shape [3] doesn't match the broadcast shape [2, 3]");
  });
});

test('the new in-place forms keep the shape rules and the autograd refusals', () => {
  tc.tidy(() => {
    const x = tc.tensor([[1, 2, 3]], { dtype: 'float32' });
    for (const name of ['pow_', 'eq_', 'gt_']) {
      throwsTc(() => x[name](tc.ones([2, 3])), 'shape', "output with shape [1, 3] doesn't match the broadcast shape [2, 3]");
      throwsTc(() => tc.ones([3], { requiresGrad: true })[name](1), 'autograd', 'a leaf Variable that requires grad is being used in an in-place operation.');
      const y = tc.ones([3], { requiresGrad: true }).mul(2);
      const base = name.slice(0, -1);
      throwsTc(() => y[name](1), 'autograd',
        `${name}: tensorcast does not record in-place ops for autograd; use the out-of-place ${base} on tensors that require grad`);
      assert.deepEqual(y.toArray(), [2, 2, 2]);
    }
    assert.deepEqual(x.toArray(), [[1, 2, 3]]);
  });
});

test('the trace of an in-place comparison names the table\'s form and the kernel for the target\'s dtype', () => {
  tc.tidy(() => {
    const x = tc.tensor([1, 2, 3], { dtype: 'float32' });
    const { result, events } = tc.explain.op('eq_', x, tc.tensor([1, 0, 3], { dtype: 'float32' }));
    assert.equal(result, x);
    assert.deepEqual(x.toArray(), [1, 0, 1]);
    const op = events.find((e) => e.kind === 'op');
    assert.equal(op.op, 'eq_');
    assert.equal(op.inplace, true);
    // Computed into bool, then converted into x's float32 (Note [In-place dtypes]).
    assert.match(op.kernel, /^b8_eq__/);
    assert.equal(op.promotion.resultDtype, 'float32');
    assert.equal(op.promotion.resultCast, true);
    const c = tc.tensor([true, false]);
    const bool = tc.explain.op('lt_', c, tc.tensor([2, -1], { dtype: 'float32' })).events.find((e) => e.kind === 'op');
    assert.match(bool.kernel, /^b8_lt__/);
    assert.equal(bool.promotion.computeDtype, 'float32');
    assert.equal(bool.promotion.resultCast, false);
    assert.deepEqual(c.toArray(), [true, false]);
  });
});
