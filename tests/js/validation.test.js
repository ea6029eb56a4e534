// Bad input of every kind is refused by the facade (or the core) with a
// clear TensorcastError before anything reaches wasm in a wrong form, and
// the module goes on working afterwards.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Tensor } from 'tensorcast';
import { tc, throwsTc } from './helpers.js';

test('tensor(): data of the wrong type, ragged nesting, shape and length disagreeing', () => {
  const cases = [
    [() => tc.tensor(), 'type', 'tensor(): data must be a number, a boolean, a BigInt, a (nested) array or a typed array, not undefined'],
    [() => tc.tensor('abc', { dtype: 'float32' }), 'type', 'tensor(): data must be a number, a boolean, a BigInt, a (nested) array or a typed array, not string'],
    [() => tc.tensor(null, { dtype: 'float32' }), 'type', 'tensor(): data must be a number, a boolean, a BigInt, a (nested) array or a typed array, not null'],
    [() => tc.tensor([[1, 2, 3], [4, 5]], { dtype: 'float32' }), 'value', 'expected sequence of length 3 at dim 1 (got 2)'],
    [() => tc.tensor([1, '2'], { dtype: 'float32' }), 'type', 'tensor(): expected a number, a boolean or a BigInt at dim 1, got string'],
    [() => tc.tensor([[1, 2], 3], { dtype: 'float32' }), 'type', 'tensor(): expected a sequence at dim 1, got 3'],
    [() => tc.tensor([1, [2]], { dtype: 'float32' }), 'type', 'tensor(): expected a number, a boolean or a BigInt at dim 1, got an array'],
    [() => tc.tensor(new BigUint64Array(2)), 'type', 'tensor(): BigUint64Array has no tensorcast dtype (uint64 is not supported); use a BigInt64Array'],
    [() => tc.tensor([1, 2, 3, 4, 5], { dtype: 'float32', shape: [2, 1, 3] }), 'value', 'shape [2, 1, 3] needs 6 values, but 5 were given'],
    [() => tc.tensor([1, 2], { dtype: 'float32', shape: [2.5] }), 'value', "tensor(): argument 'shape' must be a sequence of integers, but found 2.5 at index 0"],
    [() => tc.tensor([1, 2], { dtype: 'float32', shape: [-2] }), 'value', 'Trying to create tensor with negative dimension -2: [-2]'],
    [() => tc.tensor([1], { dtype: 'int8' }), 'value', "tensor(): dtype must be one of 'bool', 'uint8', 'int32', 'int64', 'float32', 'float64', not 'int8'"],
    [() => tc.tensor([1], { dtype: 'float32', requiresGrad: 1 }), 'type', "tensor(): argument 'requiresGrad' must be a boolean, not 1"],
    [() => tc.tensor([1], { dtype: 'float32', shap: [1] }), 'type', "tensor(): unknown option 'shap' (known: shape, requiresGrad, dtype)"],
    [() => tc.tensor([1], [1]), 'type', 'tensor(): options must be a plain object, not an array'],
  ];
  for (const [call, kind, message] of cases) throwsTc(call, kind, message);
});

test('sizes must be integers: NaN, Infinity, fractions, strings, too large, negative, too many dims', () => {
  const cases = [
    [() => tc.zeros(2.5), 'value', "zeros(): argument 'size' must be a sequence of integers, but found 2.5 at index 0"],
    [() => tc.zeros([NaN]), 'value', "zeros(): argument 'size' must be a sequence of integers, but found NaN at index 0"],
    [() => tc.ones(Infinity), 'value', "ones(): argument 'size' must be a sequence of integers, but found Infinity at index 0"],
    [() => tc.zeros('3'), 'type', "zeros(): argument 'size' must be a sequence of integers, not string"],
    [() => tc.zeros([2, '3']), 'type', "zeros(): argument 'size' must be a sequence of integers, but found string at index 1"],
    [() => tc.zeros([2 ** 53]), 'value', "zeros(): argument 'size' has 9007199254740992 at index 0, too large (at most 9007199254740991 in magnitude)"],
    [() => tc.zeros(-1), 'value', 'Trying to create tensor with negative dimension -1: [-1]'],
    [() => tc.zeros(), 'type', "zeros(): missing argument 'size'"],
    [() => tc.zeros(new Array(17).fill(1)), 'value', 'tensorcast supports at most 16 dimensions, got 17'],
    [() => tc.zeros([2 ** 40, 2 ** 40]), 'value', 'numel: integer multiplication overflow for sizes [1099511627776, 1099511627776]'],
    [() => tc.full([2], 'x'), 'type', "full(): argument 'fill_value' must be a number, a boolean or a BigInt, not string"],
    [() => tc.full([2]), 'type', "full(): missing argument 'fill_value'"],
    [() => tc.arange('a', { dtype: 'float32' }), 'type', "arange(): argument 'end' must be a number, not string"],
    [() => tc.arange(), 'type', 'arange(): expected 1 to 3 numbers (end | start, end[, step]), got 0'],
    [() => tc.arange(0, 5, 0, { dtype: 'float32' }), 'value', 'step must be nonzero'],
    [() => tc.arange(NaN, { dtype: 'float32' }), 'value', 'unsupported range: 0 -> nan'],
    [() => tc.arange(0, 1, -1, { dtype: 'float32' }), 'value', 'upper bound and larger bound inconsistent with step sign'],
  ];
  for (const [call, kind, message] of cases) throwsTc(call, kind, message);
});

test('ops: operands and options of the wrong type, missing arguments', () => {
  tc.tidy(() => {
    const a = tc.ones([2, 3]);
    const cases = [
      [() => a.add('1'), 'type', "add(): argument 'other' must be a Tensor, a number, a boolean or a BigInt, not string"],
      [() => a.add(), 'type', "add(): missing argument 'other'"],
      [() => a.mul(null), 'type', "mul(): argument 'other' must be a Tensor, a number, a boolean or a BigInt, not null"],
      [() => tc.sub({}, a), 'type', "sub(): argument 'input' must be a Tensor, a number, a boolean or a BigInt, not an object"],
      [() => tc.add(a), 'type', "add(): missing argument 'other'"],
      [() => a.add(a, { alpha: '2' }), 'type', "add(): argument 'alpha' must be a number, not string"],
      [() => a.add(a, { beta: 1 }), 'type', "add(): unknown option 'beta' (known: alpha)"],
      [() => a.add(a, 5), 'type', 'add(): options must be a plain object, not 5'],
      [() => a.add_('x'), 'type', "add_(): argument 'other' must be a Tensor, a number, a boolean or a BigInt, not string"],
      [() => tc.where(1, a, a), 'type', "where(): argument 'condition' must be a Tensor, not 1"],
      [() => tc.neg(3), 'type', "neg(): argument 'input' must be a Tensor, not 3"],
      [() => a.expandAs([2, 3]), 'type', "expandAs(): argument 'other' must be a Tensor, not an array"],
      [() => a.backward(5), 'type', "backward(): argument 'gradient' must be a Tensor, not 5"],
    ];
    for (const [call, kind, message] of cases) throwsTc(call, kind, message);
  });
});

test('views and reductions: dims and sizes checked', () => {
  tc.tidy(() => {
    const a = tc.ones([2, 3]);
    const cases = [
      [() => a.expand(2.5, 3), 'value', "expand(): argument 'size' must be a sequence of integers, but found 2.5 at index 0"],
      [() => a.expand('a'), 'type', "expand(): argument 'size' must be a sequence of integers, not string"],
      [() => a.expand([NaN, 3]), 'value', "expand(): argument 'size' must be a sequence of integers, but found NaN at index 0"],
      [() => a.permute(0.5, 1), 'value', "permute(): argument 'dims' must be a sequence of integers, but found 0.5 at index 0"],
      // Generated members: the binder's TypeErrors, PyTorch's (Note
      // [Signatures]): transpose and narrow have a second overload (named
      // dims; narrow's Tensor start), so PyTorch lists both.
      [() => a.transpose('0', 1), 'type', 'transpose() received an invalid combination of arguments - got (str, int), but expected one of:\n' +
        " * (int dim0, int dim1)\n      didn't match because some of the arguments have invalid types: (!str!, int)\n" +
        " * (name dim0, name dim1)\n      didn't match because some of the arguments have invalid types: (!str!, !int!)\n"],
      [() => a.unsqueeze(), 'type', 'unsqueeze() missing 1 required positional arguments: "dim"'],
      [() => a.narrow(0, 1.5, 1), 'type', 'narrow() received an invalid combination of arguments - got (int, float, int), but expected one of:\n' +
        " * (int dim, Tensor start, int length)\n      didn't match because some of the arguments have invalid types: (int, !float!, int)\n" +
        " * (int dim, int start, int length)\n      didn't match because some of the arguments have invalid types: (int, !float!, int)\n"],
      [() => a.view(Infinity), 'value', "view(): argument 'shape' must be a sequence of integers, but found Infinity at index 0"],
      [() => a.reshape(-2, 3), 'shape', 'invalid shape dimension -2'],
      // sum is a generated member: PyTorch's binder texts (Note [Signatures]).
      [() => a.sum(0.5), 'type', 'sum() received an invalid combination of arguments - got (float), but expected one of:\n * (*, torch.dtype dtype)\n * (tuple of ints dim, bool keepdim, *, torch.dtype dtype)\n * (tuple of names dim, bool keepdim, *, torch.dtype dtype)\n'],
      [() => a.sum(0, 'yes'), 'type', 'sum() received an invalid combination of arguments - got (int, str), but expected one of:\n' +
        " * (*, torch.dtype dtype)\n      didn't match because some of the arguments have invalid types: (!int!, !str!)\n" +
        ' * (tuple of ints dim, bool keepdim, *, torch.dtype dtype)\n * (tuple of names dim, bool keepdim, *, torch.dtype dtype)\n'],
      [() => a.sumTo('x'), 'type', "sumTo(): argument 'shape' must be a sequence of integers, not string"],
      [() => a.stride(1.5), 'value', "stride(): argument 'dim' must be an integer, but got 1.5"],
      [() => tc.tensor(7, { dtype: 'float32' }).stride(0), 'index', 'Dimension specified as 0 but tensor has no dimensions'],
      [() => a.item(), 'value', 'a Tensor with 6 elements cannot be converted to Scalar'],
    ];
    for (const [call, kind, message] of cases) throwsTc(call, kind, message);
  });
});

test('settings, modes and helpers check their arguments', () => {
  const cases = [
    [() => tc.broadcastShapes('5,3'), 'type', "broadcastShapes(): argument 'shapes[0]' must be a sequence of integers, not string"],
    [() => tc.broadcastShapes([1.5]), 'value', "broadcastShapes(): argument 'shapes[0]' must be a sequence of integers, but found 1.5 at index 0"],
    [() => tc.setBroadcastPolicy('loud'), 'value', "setBroadcastPolicy(): policy must be 'allow', 'warn' or 'raise', not 'loud'"],
    [() => tc.setBroadcastPolicy(1), 'type', "setBroadcastPolicy(): policy must be 'allow', 'warn' or 'raise', not 1"],
    [() => tc.withBroadcastPolicy('warn', 5), 'type', "withBroadcastPolicy(): argument 'fn' must be a function, not 5"],
    [() => tc.tidy(5), 'type', "tidy(): argument 'fn' must be a function, not 5"],
    [() => tc.noGrad(), 'type', "noGrad(): argument 'fn' must be a function, not undefined"],
    [() => tc.onWarning('x'), 'type', "onWarning(): argument 'fn' must be a function, not string"],
    [() => tc.setBroadcastWarning('yes'), 'type', "setBroadcastWarning(): argument 'enabled' must be a boolean, not string"],
    [() => tc.parseShape(5), 'type', "parseShape(): argument 'text' must be a string, not 5"],
    [() => tc.parseShape('5,-1'), 'value', 'cannot read shape: a negative size; sizes are whole numbers >= 0 at position 3'],
    [() => new Tensor(), 'type', 'Tensor cannot be constructed directly; use tc.tensor(), tc.zeros(), tc.ones(), tc.full() or tc.arange()'],
  ];
  for (const [call, kind, message] of cases) throwsTc(call, kind, message);
  assert.deepEqual(tc.parseShape('torch.Size([2, 3])'), [2, 3]);
  assert.deepEqual(tc.parseShape('(5, 3, 4, 1)'), [5, 3, 4, 1]);
  assert.deepEqual(tc.parseShape('()'), []);
});

test('the module keeps working after every kind of error', () => {
  tc.tidy(() => {
    for (let i = 0; i < 50; i++) {
      throwsTc(() => tc.ones([5, 2, 4, 1]).add(tc.ones([3, 1, 1])), 'shape');
      throwsTc(() => tc.zeros(-1), 'value');
      throwsTc(() => tc.ones([3]).view(4), 'shape');
    }
    assert.deepEqual(tc.tensor([[1, 2, 3], [4, 5, 6]], { dtype: 'float32' }).add(tc.tensor([1, 2, 3], { dtype: 'float32' })).toArray(), [[2, 4, 6], [5, 7, 9]]);
  });
});
