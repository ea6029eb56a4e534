// Dtypes through the package: PyTorch's type promotion for every kind of
// operand JavaScript can pass (tensors with dims, 0-D tensors, numbers,
// booleans, BigInts), factories' defaults, typed arrays, int64 as BigInt,
// and the refusals with PyTorch's words. Expected dtypes are written out by
// hand from PyTorch's rules (docs/source/tensor_attributes.rst, "Type
// promotion"), not computed: the core's own tables are tested natively.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { throwsTc, tc } from './helpers.js';

// Operands by name: a dtype and a category.
const T = (dtype) => () => tc.tensor([1, 2], { dtype });     // a tensor with dims
const Z = (dtype) => () => tc.tensor(1, { dtype });          // a 0-D tensor
const OPERANDS = {
  b1: T('bool'), u8: T('uint8'), i32: T('int32'), i64: T('int64'), f32: T('float32'), f64: T('float64'),
  zb1: Z('bool'), zu8: Z('uint8'), zi32: Z('int32'), zi64: Z('int64'), zf32: Z('float32'), zf64: Z('float64'),
  nbool: () => true, nint: () => 3, nfloat: () => 2.5, nbig: () => 2n ** 60n,
};

// [a, b, add's dtype]: the rules of torch.result_type, one by one.
const ADD = [
  // same category: promote_types
  ['b1', 'b1', 'bool'], ['b1', 'u8', 'uint8'], ['u8', 'i32', 'int32'], ['i32', 'i64', 'int64'],
  ['i64', 'f32', 'float32'], ['f32', 'f64', 'float64'], ['u8', 'f64', 'float64'], ['b1', 'f32', 'float32'],
  // a 0-D tensor counts only if it brings a higher kind
  ['i32', 'zi64', 'int32'], ['u8', 'zi64', 'uint8'], ['f32', 'zf64', 'float32'], ['i32', 'zf64', 'float64'],
  ['i64', 'zf32', 'float32'], ['b1', 'zi32', 'int32'], ['b1', 'zu8', 'uint8'], ['f32', 'zi64', 'float32'],
  // numbers count by kind only; a float number is the default float32
  ['i64', 'nfloat', 'float32'], ['i32', 'nint', 'int32'], ['u8', 'nint', 'uint8'], ['b1', 'nint', 'int64'],
  ['b1', 'nbool', 'bool'], ['f64', 'nfloat', 'float64'], ['u8', 'nfloat', 'float32'], ['i32', 'nbig', 'int32'],
  ['b1', 'nfloat', 'float32'], ['f32', 'nint', 'float32'],
  // 0-D tensors against numbers, and alone
  ['zi32', 'nint', 'int32'], ['zi32', 'nfloat', 'float32'], ['zb1', 'nint', 'int64'], ['zf64', 'nfloat', 'float64'],
  ['zu8', 'zi32', 'int32'], ['nint', 'nfloat', 'float32'], ['nint', 'nint', 'int64'], ['nbool', 'nbool', 'bool'],
];

test('add: the result dtype of every category pair, as torch.result_type says', () => {
  tc.tidy(() => {
    for (const [a, b, want] of ADD) {
      for (const [x, y] of [[a, b], [b, a]]) {
        const got = tc.add(OPERANDS[x](), OPERANDS[y]());
        assert.equal(got.dtype, want, `${x} + ${y}`);
        assert.equal(tc.resultType(OPERANDS[x](), OPERANDS[y]()), want, `resultType(${x}, ${y})`);
      }
    }
  });
});

test('each op applies its own rule to the common dtype', () => {
  const sub = 'Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead.';
  const subOne = 'Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.';
  // [op, a, b, dtype or message]
  const cases = [
    ['sub', 'i32', 'i64', 'int64'], ['sub', 'b1', 'b1', sub], ['sub', 'b1', 'i64', subOne], ['sub', 'f32', 'nbool', subOne],
    ['mul', 'b1', 'b1', 'bool'], ['mul', 'u8', 'nint', 'uint8'],
    ['div', 'i64', 'i64', 'float32'], ['div', 'b1', 'b1', 'float32'], ['div', 'i32', 'zf64', 'float64'], ['div', 'f64', 'nint', 'float64'],
    ['floorDivide', 'i64', 'nint', 'int64'], ['floorDivide', 'i32', 'nfloat', 'float32'], ['floorDivide', 'b1', 'b1', '"div_floor_cpu" not implemented for \'Bool\''],
    ['floorDivide', 'b1', 'nint', 'int64'],
    ['remainder', 'u8', 'i32', 'int32'], ['remainder', 'b1', 'nbool', '"remainder_cpu" not implemented for \'Bool\''],
    ['pow', 'i64', 'nint', 'int64'], ['pow', 'i64', 'nfloat', 'float32'], ['pow', 'b1', 'b1', '"pow" not implemented for \'Bool\''],
    ['pow', 'b1', 'nint', 'int64'],
    ['maximum', 'b1', 'b1', 'bool'], ['maximum', 'i32', 'f64', 'float64'], ['minimum', 'u8', 'zi64', 'uint8'],
    ['eq', 'i64', 'nfloat', 'bool'], ['lt', 'f64', 'b1', 'bool'], ['ge', 'zu8', 'nint', 'bool'],
  ];
  tc.tidy(() => {
    for (const [op, a, b, want] of cases) {
      const call = () => tc[op](OPERANDS[a](), OPERANDS[b]());
      if (want.includes(' ')) throwsTc(call, 'type', want);
      else assert.equal(call().dtype, want, `${op}(${a}, ${b})`);
    }
  });
});

test('values: integer arithmetic wraps, floor division and remainder are Python\'s, true division is float', () => {
  tc.tidy(() => {
    const big = tc.tensor([2n ** 63n - 1n]);
    assert.deepEqual(big.add(1).toArray(), [-(2n ** 63n)]);
    assert.deepEqual(tc.tensor([2 ** 31 - 1], { dtype: 'int32' }).add(1).toArray(), [-(2 ** 31)]);
    assert.deepEqual(tc.tensor([250], { dtype: 'uint8' }).add(10).toArray(), [4]);
    assert.deepEqual(tc.tensor([200], { dtype: 'uint8' }).mul(2).toArray(), [144]);
    assert.deepEqual(tc.tensor([7, -7, 7, -7]).floorDivide(tc.tensor([2, 2, -2, -2])).toArray(), [3, -4, -4, 3]);
    assert.deepEqual(tc.tensor([7, -7, 7, -7]).remainder(tc.tensor([3, 3, -3, -3])).toArray(), [1, 2, -2, -1]);
    assert.deepEqual(tc.tensor([7.5, -7.5], { dtype: 'float32' }).remainder(2).toArray(), [1.5, 0.5]);
    assert.deepEqual(tc.tensor([-7.5], { dtype: 'float64' }).floorDivide(2).toArray(), [-4]);
    assert.deepEqual(tc.tensor([1, 2]).div(tc.tensor([2, 0])).toArray(), [0.5, Infinity]);
    assert.deepEqual(tc.tensor([2, 3]).pow(tc.tensor([-1, 2])).toArray(), [0, 9]);
    assert.deepEqual(tc.tensor([1, -1, -1]).pow(tc.tensor([-3, -3, -2])).toArray(), [1, -1, 1]);
    assert.deepEqual(tc.tensor([true, false]).add(tc.tensor([true, true])).toArray(), [true, true]);
    assert.deepEqual(tc.tensor([1, 2]).to('float64').add(0.1).toArray(), [1.1, 2.1]);
    // A comparison of int64 with a float number is made in float32, as
    // PyTorch does: 16777217 and 16777216.5 both round to 2^24 there.
    assert.deepEqual(tc.tensor([16777217]).eq(16777216.5).toArray(), [true]);
    assert.deepEqual(tc.tensor([16777217]).eq(tc.tensor([16777216])).toArray(), [false]);
    assert.deepEqual(tc.tensor([16777217]).eq(tc.tensor([16777216], { dtype: 'float32' })).toArray(), [true]);
    assert.deepEqual(tc.where(tc.tensor([true, false]), tc.tensor([1, 2]), 2.5).toArray(), [1, 2.5]);
    assert.equal(tc.where(tc.tensor([true, false]), tc.tensor([1, 2]), 2.5).dtype, 'float32');
    assert.equal(tc.where(tc.tensor([true]), 1, 0).dtype, 'int64');
  });
});

test('integer division by zero raises ZeroDivisionError and writes nothing; float division by zero is IEEE\'s', () => {
  tc.tidy(() => {
    const x = tc.tensor([5, 6, 7]);
    throwsTc(() => x.floorDivide(tc.tensor([1, 0, 1])), 'value', 'ZeroDivisionError');
    throwsTc(() => x.remainder(0), 'value', 'ZeroDivisionError');
    throwsTc(() => x.floorDivide_(tc.tensor([1, 0, 1])), 'value', 'ZeroDivisionError');
    assert.deepEqual(x.toArray(), [5, 6, 7]);
    // An empty result divides nothing (found by the soak).
    assert.deepEqual(tc.zeros([0], { dtype: 'int64' }).floorDivide(0).shape, [0]);
    assert.deepEqual(tc.zeros([0, 1], { dtype: 'int64' }).remainder(tc.tensor([0])).shape, [0, 1]);
    assert.deepEqual(tc.zeros([0], { dtype: 'int32' }).remainder_(0).shape, [0]);
    assert.deepEqual(tc.tensor([1, -1, 0], { dtype: 'float32' }).floorDivide(0).toArray().map(String), ['Infinity', '-Infinity', 'NaN']);
  });
});

test('in place: computed as the out-of-place op, converted into self, refused when that would lose the kind', () => {
  tc.tidy(() => {
    const i = tc.tensor([1, 2], { dtype: 'int32' });
    i.add_(tc.tensor([2n ** 32n + 1n]));  // computed in int64, the low 32 bits kept
    assert.deepEqual(i.toArray(), [2, 3]);
    assert.equal(i.dtype, 'int32');
    throwsTc(() => i.add_(0.5), 'type', "result type Float can't be cast to the desired output type Int");
    throwsTc(() => i.div_(2), 'type', "result type Float can't be cast to the desired output type Int");
    throwsTc(() => tc.tensor([1], { dtype: 'uint8' }).mul_(tc.tensor([1.5], { dtype: 'float64' })), 'type',
      "result type Double can't be cast to the desired output type Byte");
    assert.deepEqual(i.toArray(), [2, 3]);
    const f = tc.tensor([1.5, 2.5], { dtype: 'float32' });
    f.add_(tc.tensor([1, 1]));
    assert.deepEqual(f.toArray(), [2.5, 3.5]);
    const n = tc.tensor([3, 4]);
    n.lt_(3.5);  // comparisons never check: 1 and 0 in self's dtype
    assert.deepEqual(n.toArray(), [1, 0]);
    assert.equal(n.dtype, 'int64');
    const p = tc.explain.promotion(i, 0.5, 'add_');
    assert.equal(p.commonDtype, 'float32');
    assert.equal(p.resultDtype, 'int32');
    assert.equal(p.resultCast, true);
  });
});

test('explain.promotion walks torch.result_type: each category, the one that decided, the rule, the casts', () => {
  tc.tidy(() => {
    assert.deepEqual(tc.explain.promotion(tc.tensor([1, 2], { dtype: 'int32' }), tc.tensor(2.5, { dtype: 'float64' }), 'div'), {
      operands: [
        { name: 'a', dtype: 'int32', category: 'tensor', cast: true, number: null },
        { name: 'b', dtype: 'float64', category: 'zero-dim', cast: false, number: null },
      ],
      tensorDtype: 'int32',
      zeroDimDtype: 'float64',
      numberDtype: null,
      commonDtype: 'float64',
      decidedBy: 'zero-dim',
      rule: 'promote-to-float',
      computeDtype: 'float64',
      resultDtype: 'float64',
      resultCast: false,
    });
    const div = tc.explain.promotion(tc.tensor([1, 2]), 2, 'div');
    assert.equal(div.commonDtype, 'int64');
    assert.equal(div.computeDtype, 'float32');
    assert.equal(div.numberDtype, 'int64');
    assert.equal(div.decidedBy, 'tensor');
    // A number's value, as the op took it (a tensor has none there).
    assert.deepEqual(div.operands.map((o) => o.number), [null, '2']);
    const cmp = tc.explain.promotion(tc.tensor([1, 2]), true, 'eq');
    assert.deepEqual([cmp.numberDtype, cmp.computeDtype, cmp.resultDtype, cmp.rule], ['bool', 'int64', 'bool', 'bool']);
    // The same account is part of every op's trace.
    const { trace } = tc.explain.op('mul', tc.tensor([1, 2], { dtype: 'uint8' }), 2.5);
    assert.equal(trace.promotion.commonDtype, 'float32');
    assert.equal(trace.promotion.decidedBy, 'number');
    assert.equal(trace.operands[0].dtype, 'float32');
    assert.equal(trace.operands[1].dtype, 'uint8');
    assert.match(trace.kernel, /^f32_/);
    assert.match(tc.explain.op('add', tc.tensor([1, 2], { dtype: 'int32' }), 1).trace.kernel, /^i32_vaddc__autovec$/);
    assert.match(tc.explain.op('add', tc.tensor([1, 2], { dtype: 'float64' }), tc.tensor([1, 2], { dtype: 'float64' })).trace.kernel, /^f64_vadd__autovec$/);
  });
});

test('factories: PyTorch\'s defaults where JavaScript can say them, { dtype } everywhere', () => {
  tc.tidy(() => {
    assert.equal(tc.tensor([1, 2]).dtype, 'int64');
    assert.equal(tc.tensor([1.5, 2]).dtype, 'float32');
    assert.equal(tc.tensor([[1], [2.5]]).dtype, 'float32', 'one float anywhere makes float32');
    assert.equal(tc.tensor([1n, 2]).dtype, 'int64');
    assert.equal(tc.tensor(-0).dtype, 'float32', '-0 is a float: an int has no sign of zero');
    assert.equal(tc.tensor(2 ** 53).dtype, 'float32', 'beyond 2^53 a number is a float');
    assert.equal(tc.tensor([]).dtype, 'float32');
    assert.equal(tc.arange(5).dtype, 'int64');
    assert.deepEqual(tc.arange(5).toArray(), [0, 1, 2, 3, 4]);
    assert.equal(tc.arange(0, 1, 0.5).dtype, 'float32');
    assert.equal(tc.arange(3, { dtype: 'float64' }).dtype, 'float64');
    assert.equal(tc.zeros([2]).dtype, 'float32');
    assert.equal(tc.ones([2], { dtype: 'bool' }).dtype, 'bool');
    assert.equal(tc.full([2], 7).dtype, 'float32');
    assert.equal(tc.full([2], true).dtype, 'bool');
    assert.equal(tc.full([2], 7n).dtype, 'int64');
    assert.deepEqual(tc.full([2], -1, { dtype: 'uint8' }).toArray(), [255, 255], 'PyTorch lets a negative int wrap into uint8');
    assert.deepEqual(tc.tensor([-1, 255], { dtype: 'uint8' }).toArray(), [255, 255]);
    assert.deepEqual(tc.tensor([1.7, -1.7], { dtype: 'int32' }).toArray(), [1, -1]);
    // Each value is checked by its own kind, as torch.tensor checks each
    // Python number: the int -1 wraps into uint8, the float -1.5 is refused.
    assert.deepEqual(tc.tensor([-1, 0.5], { dtype: 'uint8' }).toArray(), [255, 0]);
    throwsTc(() => tc.tensor([1, -1.5], { dtype: 'uint8' }), 'value', 'value cannot be converted to type uint8 without overflow');
    assert.deepEqual(tc.tensor([2n ** 62n + 1n, 0.5], { dtype: 'int64' }).toArray(), [2n ** 62n + 1n, 0n]);
    assert.deepEqual(tc.tensor([2n ** 63n - 1n, 0.5, true], { dtype: 'int64' }).toArray(), [2n ** 63n - 1n, 0n, 1n]);
    assert.deepEqual(tc.tensor([0, 2, NaN], { dtype: 'bool' }).toArray(), [false, true, true]);
    assert.deepEqual(tc.tensor([1e40], { dtype: 'float32' }).toArray(), [Infinity], 'torch.tensor rounds floats unchecked');
  });
});

test('typed arrays keep their type, and an explicit dtype converts as .to() does', () => {
  tc.tidy(() => {
    const cases = [
      [new Float32Array([1.5]), 'float32'], [new Float64Array([1e40]), 'float64'], [new Int32Array([-3]), 'int32'],
      [new BigInt64Array([2n ** 62n]), 'int64'], [new Uint8Array([255]), 'uint8'], [new Uint8ClampedArray([7]), 'uint8'],
      [new Int8Array([-8]), 'int32'], [new Int16Array([-300]), 'int32'], [new Uint16Array([65535]), 'int32'],
      [new Uint32Array([2 ** 32 - 1]), 'int64'],
    ];
    for (const [typed, dtype] of cases) {
      const t = tc.tensor(typed);
      assert.equal(t.dtype, dtype, typed.constructor.name);
      assert.deepEqual(t.toArray(), Array.from(typed, (v) => (typeof v === 'bigint' ? v : v)), typed.constructor.name);
    }
    const exact = tc.tensor(new Float64Array([1e40, 2 ** 25 + 1]));
    assert.deepEqual(exact.toArray(), [1e40, 2 ** 25 + 1]);
    assert.deepEqual(tc.tensor(new Float64Array([1e40, 2 ** 25 + 1]), { dtype: 'float32' }).toArray(), [Infinity, 33554432]);
    // .to() does not check: float to int truncates, NaN and out-of-range give the lowest value (x86), -1.0 to uint8 is 255.
    assert.deepEqual(tc.tensor(new Float64Array([2.7, -2.7, NaN, 1e20]), { dtype: 'int32' }).toArray(), [2, -2, -(2 ** 31), -(2 ** 31)]);
    assert.deepEqual(tc.tensor(new Float32Array([-1, 300])).to('uint8').toArray(), [255, 44]);
  });
});

test('int64 in JavaScript: data() is a BigInt64Array; toArray() and item() give numbers while every value is safe', () => {
  tc.tidy(() => {
    const small = tc.tensor([1, -2, 3]);
    assert.ok(small.data() instanceof BigInt64Array);
    assert.deepEqual(Array.from(small.data()), [1n, -2n, 3n]);
    assert.deepEqual(small.toArray(), [1, -2, 3]);
    assert.equal(small.sum().item(), 2);
    const large = tc.tensor([1n, 2n ** 60n]);
    assert.deepEqual(large.toArray(), [1n, 2n ** 60n], 'all BigInts once one value is beyond 2^53');
    assert.equal(large.sum().item(), 2n ** 60n + 1n);
    assert.equal(tc.tensor([9007199254740991n]).item(), 9007199254740991);
    assert.equal(tc.tensor([9007199254740992n]).item(), 9007199254740992n);
    assert.ok(tc.tensor([1], { dtype: 'int32' }).data() instanceof Int32Array);
    assert.ok(tc.tensor([1], { dtype: 'uint8' }).data() instanceof Uint8Array);
    assert.ok(tc.tensor([1], { dtype: 'float64' }).data() instanceof Float64Array);
    assert.equal(tc.tensor([true]).item(), true);
    // A BigInt operand beyond 2^53 reaches the core exactly.
    assert.deepEqual(tc.tensor([0n]).add(2n ** 62n + 1n).toArray(), [2n ** 62n + 1n]);
    assert.deepEqual(tc.tensor([0n]).add(-(2n ** 63n)).toArray(), [-(2n ** 63n)]);
    // Sums of bools and ints are int64.
    assert.equal(tc.tensor([true, true, false]).sum().dtype, 'int64');
    assert.equal(tc.tensor([true, true, false]).sum().item(), 2);
    assert.equal(tc.tensor([200, 100], { dtype: 'uint8' }).sum().item(), 300);
    assert.equal(tc.tensor([1.5], { dtype: 'float64' }).sum().dtype, 'float64');
  });
});

test('autograd only for float32 and float64; a float32 leaf mixed with float64 gets a float32 gradient', () => {
  tc.tidy(() => {
    const a = tc.ones([2], { requiresGrad: true });
    const b = tc.ones([2], { dtype: 'float64', requiresGrad: true });
    const out = a.mul(b).add(tc.tensor([1, 2]));
    assert.equal(out.dtype, 'float64');
    out.sum().backward();
    assert.equal(a.grad.dtype, 'float32');
    assert.equal(b.grad.dtype, 'float64');
    assert.deepEqual(a.grad.toArray(), [1, 1]);
    const w = tc.tensor([1, 2], { dtype: 'float32', requiresGrad: true });
    w.mul(tc.tensor([3, 4])).sum().backward();
    assert.deepEqual(w.grad.toArray(), [3, 4]);
    assert.equal(tc.tensor([1, 2]).floorDivide(1).requiresGrad, false);
  });
});

// An independent model of torch.result_type in JavaScript (PyTorch's
// ResultTypeState and combine_categories, aten/src/ATen/native/
// TypeProperties.cpp), for the sweep below: every pair of operand kinds
// through every op, against what the package does.
const ORDER = ['bool', 'uint8', 'int32', 'int64', 'float32', 'float64'];
const C10 = { bool: 'Bool', uint8: 'Byte', int32: 'Int', int64: 'Long', float32: 'Float', float64: 'Double' };
const isFloat = (d) => d === 'float32' || d === 'float64';
const promoteTypes = (a, b) => (ORDER.indexOf(a) > ORDER.indexOf(b) ? a : b);  // true of these six (c10's table)
function kindOf(name) {
  const v = OPERANDS[name]();
  if (typeof v === 'boolean') return { dtype: 'bool', category: 'number' };
  if (typeof v === 'bigint') return { dtype: 'int64', category: 'number' };
  if (typeof v === 'number') return { dtype: Number.isSafeInteger(v) ? 'int64' : 'float32', category: 'number' };
  return { dtype: v.dtype, category: v.ndim === 0 ? 'zero-dim' : 'tensor' };
}
function resultType(...names) {
  const slot = {};
  for (const n of names) {
    const { dtype, category } = kindOf(n);
    slot[category] = slot[category] === undefined ? dtype : promoteTypes(slot[category], dtype);
  }
  const combine = (higher, lower) => {
    if (higher === undefined) return lower;
    if (lower === undefined) return higher;
    if (isFloat(higher)) return higher;
    if (higher === 'bool' || isFloat(lower)) return promoteTypes(higher, lower);
    return higher;
  };
  return combine(slot.tensor, combine(slot['zero-dim'], slot.number));
}

test('sweep: every pair of operand kinds through add, sub, mul, div, floorDivide, remainder, eq, maximum, where and add_', () => {
  const names = Object.keys(OPERANDS);
  const boolSub = (a, b) => {
    const bools = [a, b].filter((n) => kindOf(n).dtype === 'bool').length;
    if (bools === 2) return 'Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead.';
    if (bools === 1) return 'Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.';
    return null;
  };
  const expect = {
    add: (a, b) => resultType(a, b),
    sub: (a, b) => boolSub(a, b) ?? resultType(a, b),
    mul: (a, b) => resultType(a, b),
    div: (a, b) => (isFloat(resultType(a, b)) ? resultType(a, b) : 'float32'),
    floorDivide: (a, b) => (resultType(a, b) === 'bool' ? '"div_floor_cpu" not implemented for \'Bool\'' : narrowed(a, b) ?? resultType(a, b)),
    remainder: (a, b) => (resultType(a, b) === 'bool' ? '"remainder_cpu" not implemented for \'Bool\'' : narrowed(a, b) ?? resultType(a, b)),
    eq: () => 'bool',
    maximum: (a, b) => resultType(a, b),
  };
  // 2^60 converted to uint8 or int32 keeps its low bits, 0: a division by zero.
  const narrowed = (a, b) => (b === 'nbig' && ['uint8', 'int32'].includes(resultType(a, b)) ? 'ZeroDivisionError' : null);
  let checked = 0;
  tc.tidy(() => {
    for (const a of names)
      for (const b of names) {
        for (const [op, want] of Object.entries(expect)) {
          const w = want(a, b);
          const call = () => tc[op](OPERANDS[a](), OPERANDS[b]());
          if (w === 'ZeroDivisionError') throwsTc(call, 'value', w);
          else if (w.includes(' ')) throwsTc(call, 'type', w);
          else assert.equal(call().dtype, w, `${op}(${a}, ${b})`);
          checked++;
        }
        // where range-checks a number operand in the result dtype (PyTorch's where(Scalar) overloads).
        const whereCall = () => tc.where(tc.tensor([true, false]), OPERANDS[a](), OPERANDS[b]());
        const narrow = { uint8: 'uint8_t', int32: 'int' }[resultType(a, b)];
        if ((a === 'nbig' || b === 'nbig') && narrow) throwsTc(whereCall, 'value', `value cannot be converted to type ${narrow} without overflow`);
        else assert.equal(whereCall().dtype, resultType(a, b), `where(c, ${a}, ${b})`);
        const self = OPERANDS[a]();
        if (typeof self !== 'object') continue;
        // In place: the out-of-place dtype, then PyTorch's canCast into self.
        const common = resultType(a, b);
        const before = self.toArray();
        if (self.ndim === 0 && kindOf(b).category === 'tensor') {
          // PyTorch checks the shape before the dtype.
          throwsTc(() => self.add_(OPERANDS[b]()), 'shape', "output with shape [] doesn't match the broadcast shape [2]");
        } else if (((isFloat(common) && !isFloat(self.dtype)) || (common !== 'bool' && self.dtype === 'bool'))) {
          throwsTc(() => self.add_(OPERANDS[b]()), 'type', `result type ${C10[common]} can't be cast to the desired output type ${C10[self.dtype]}`);
          assert.deepEqual(self.toArray(), before);
        } else {
          assert.equal(self.add_(OPERANDS[b]()).dtype, self.dtype, `${a}.add_(${b})`);
        }
        checked++;
      }
  });
  assert.equal(checked, names.length * names.length * 9 - names.filter((n) => typeof OPERANDS[n]() !== 'object').length * names.length);
});
