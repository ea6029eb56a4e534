// The unary ops, clamp and round({ decimals }) through the
// package: values against float64 references computed here, PyTorch's
// documentation examples, dtypes, refusals word for word, grad_fn names,
// gradients, and clamp's broadcast (its trace is checked in
// tests/core/unary_ops_test.cpp: tc.explain.op runs ops of the table only).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertClose, tc, throwsTc } from './helpers.js';

const f32 = (v) => tc.tensor(v, { dtype: 'float32' });
const f64 = (v) => tc.tensor(v, { dtype: 'float64' });
const fround = Math.fround;

const FLOAT_OPS = {
  sigmoid: [(x) => 1 / (1 + Math.exp(-x)), 'SigmoidBackward0'],
  tanh: [Math.tanh, 'TanhBackward0'],
  sin: [Math.sin, 'SinBackward0'],
  cos: [Math.cos, 'CosBackward0'],
  log1p: [Math.log1p, 'Log1PBackward0'],
  expm1: [Math.expm1, 'Expm1Backward0'],
  rsqrt: [(x) => 1 / Math.sqrt(x), 'RsqrtBackward0'],
  reciprocal: [(x) => 1 / x, 'ReciprocalBackward0'],
};

test('float ops: float32 values within 2 ulp-ish of float64, every one a tc function and a method', () => {
  tc.tidy(() => {
    const xs = Array.from({ length: 81 }, (_, i) => fround((i - 40) * 0.173));
    for (const [name, [ref]] of Object.entries(FLOAT_OPS)) {
      const domain = xs.filter((x) => (name === 'rsqrt' ? x > 0 : name === 'log1p' ? x > -1 : true));
      const t = f32(domain);
      const out = tc[name](t);
      assert.equal(out.dtype, 'float32', name);
      assertClose(Array.from(out.data()), domain.map(ref), 2.5e-7);
      assert.deepEqual(Array.from(t[name]().data()), Array.from(out.data()), `${name} as a method`);
      // float64 stays float64, to double precision.
      assertClose(Array.from(tc[name](f64(domain)).data()), domain.map(ref), 1e-15);
    }
  });
});

test('special values: NaN, infinities, signed zeros', () => {
  tc.tidy(() => {
    const s = f32([NaN, Infinity, -Infinity, 0, -0]);
    assert.deepEqual(Array.from(s.sigmoid().data()), [NaN, 1, 0, 0.5, 0.5]);
    assert.deepEqual(Array.from(s.tanh().data()), [NaN, 1, -1, 0, -0]);
    assert.deepEqual(Array.from(s.sign().data()), [0, 1, -1, 0, 0], 'sign(NaN) is 0 on PyTorch\'s CPU kernel');
    assert.ok(Object.is(s.sign().data()[4], 0), 'sign(-0.0) is +0.0');
    assert.deepEqual(Array.from(s.floor().data()), [NaN, Infinity, -Infinity, 0, -0]);
    assert.deepEqual(Array.from(f32([0, -0, -1, Infinity]).rsqrt().data()), [Infinity, -Infinity, NaN, 0]);
    assert.deepEqual(Array.from(f32([0, -0, Infinity]).reciprocal().data()), [Infinity, -Infinity, 0]);
    assert.deepEqual(Array.from(f32([-1, -2, Infinity]).log1p().data()), [-Infinity, NaN, Infinity]);
    assert.deepEqual(Array.from(f32([-Infinity, Infinity, 1e-10]).expm1().data()), [-1, Infinity, fround(1e-10)]);
    assert.deepEqual(Array.from(f32([NaN, -Infinity, 1e20]).square().data()), [NaN, Infinity, Infinity]);
  });
});

test("PyTorch's documentation examples: round (halves to even, decimals), sign, floor, ceil", () => {
  tc.tidy(() => {
    assert.deepEqual(f32([4.7, -2.3, 9.1, -7.7]).round().toArray(), [5, -2, 9, -8]);
    assert.deepEqual(Array.from(f32([-0.5, 0.5, 1.5, 2.5]).round().data()), [-0, 0, 2, 2]);
    assert.deepEqual(tc.round(f32([0.1234567]), { decimals: 3 }).toArray(), [fround(Math.round(fround(0.1234567) * 1000) / 1000)]);
    assert.deepEqual(f32([1200.1234567]).round({ decimals: -3 }).toArray(), [1000]);
    assert.equal(f32([1]).round({ decimals: 1 }).dtype, 'float32');
    assert.deepEqual(tc.sign(f32([0.7, -1.2, 0, 2.3])).toArray(), [1, -1, 0, 1]);
    assert.deepEqual(f32([-0.8166, 1.5308, -0.253, -0.2091]).floor().toArray(), [-1, 1, -1, -1]);
    assert.deepEqual(Array.from(f32([-0.6341, -1.4208, -1.09, 0.5826]).ceil().data()), [-0, -1, -1, 1]);
  });
});

test('dtypes: float ops promote integers and bool; sign, floor, ceil, round, square keep integers', () => {
  tc.tidy(() => {
    const ints = tc.tensor([-3, 0, 4]);
    const bools = tc.tensor([true, false]);
    for (const name of Object.keys(FLOAT_OPS)) {
      assert.equal(tc[name](ints).dtype, 'float32', name);
      assert.equal(tc[name](bools).dtype, 'float32', name);
    }
    assert.deepEqual(ints.reciprocal().toArray(), [fround(-1 / 3), Infinity, 0.25]);
    assert.deepEqual(ints.sign().toArray(), [-1, 0, 1]);
    assert.equal(ints.sign().dtype, 'int64');
    assert.deepEqual(bools.sign().toArray(), [true, false], 'sign of bool is the identity');
    for (const name of ['floor', 'ceil', 'round']) {
      const r = tc.tensor([-3, 0, 4], { dtype: 'int32' })[name]();
      assert.equal(r.dtype, 'int32', name);
      assert.deepEqual(r.toArray(), [-3, 0, 4]);
    }
    assert.deepEqual(ints.square().toArray(), [9, 0, 16]);
    assert.equal(tc.tensor([200], { dtype: 'uint8' }).square().toArray()[0], (200 * 200) % 256, 'uint8 wraps as pow does');
    const sq = bools.square();
    assert.equal(sq.dtype, 'int64', "square is pow(x, 2): bool becomes int64");
    assert.deepEqual(sq.toArray(), [1, 0]);
  });
});

test('refusals, word for word', () => {
  tc.tidy(() => {
    const b = tc.tensor([true]);
    throwsTc(() => b.floor(), 'type', '"floor_vml_cpu" not implemented for \'Bool\'');
    throwsTc(() => b.ceil(), 'type', '"ceil_vml_cpu" not implemented for \'Bool\'');
    throwsTc(() => b.round(), 'type', '"round_vml_cpu" not implemented for \'Bool\'');
    throwsTc(() => tc.tensor([1]).round({ decimals: 2 }), 'type', '"round_cpu" not implemented for \'Long\'');
    throwsTc(() => tc.tensor([1]).round({ decimals: 0 }), 'type', '"round_vml_cpu" not implemented for \'Long\'');
    throwsTc(() => f32([1]).round({ decimals: 1.5 }), 'value', "round(): argument 'decimals' must be an integer, but got 1.5");
    throwsTc(() => f32([1]).round({ digits: 1 }), 'type', "round(): unknown option 'digits' (known: decimals)");
    throwsTc(() => f32([1]).round({}, 1), 'type', 'round() takes 1 argument but 2 were given');
    throwsTc(() => f32([1]).sigmoid(1), 'type', 'sigmoid() takes 0 arguments but 1 was given');
    throwsTc(() => tc.tanh(3), 'type', "tanh(): argument 'input' must be a Tensor, not 3");
  });
});

test('explain.op traces each op under its own name', () => {
  tc.tidy(() => {
    for (const name of [...Object.keys(FLOAT_OPS), 'sign', 'floor', 'ceil', 'round', 'square']) {
      const { trace, error } = tc.explain.op(name, tc.tensor([[1, -2, 3]], { dtype: 'int32' }));
      assert.equal(error, null, name);
      assert.equal(trace?.op, name, name);
    }
    const { trace } = tc.explain.op('square', tc.tensor([true, false]));
    assert.equal(trace.promotion.resultDtype, 'int64', 'square is pow(x, 2): bool promotes with the int 2');
  });
});

test('zero-size and 0-D operands', () => {
  tc.tidy(() => {
    for (const name of [...Object.keys(FLOAT_OPS), 'sign', 'floor', 'ceil', 'round', 'square']) {
      assert.deepEqual(tc[name](tc.zeros([0, 3])).shape, [0, 3], name);
      assert.deepEqual(tc[name](tc.tensor(0.25, { dtype: 'float32' })).shape, [], name);
    }
    assert.equal(tc.tensor(0.25, { dtype: 'float32' }).rsqrt().item(), 2);
  });
});

test('grad_fn names and gradients against finite differences', () => {
  tc.tidy(() => {
    const xs = [-1.3, -0.2, 0.4, 1.9];
    for (const [name, [, gradFn]] of Object.entries(FLOAT_OPS)) {
      const domain = name === 'rsqrt' || name === 'log1p' ? xs.map(Math.abs) : xs;
      const x = f64(domain);
      x.requiresGrad = true;
      const y = x[name]();
      assert.match(y.toString(), new RegExp(`grad_fn=<${gradFn}>`), name);
      y.sum().backward();
      const h = 1e-6;
      const numeric = domain.map((v) => {
        const up = tc.noGrad(() => f64([v + h])[name]().item());
        const down = tc.noGrad(() => f64([v - h])[name]().item());
        return (up - down) / (2 * h);
      });
      assertClose(Array.from(x.grad.data()), numeric, 1e-6);
    }
    const x = f64([0.3, 1.6]);
    x.requiresGrad = true;
    for (const [name, gradFn] of [['sign', 'SignBackward0'], ['floor', 'FloorBackward0'], ['ceil', 'CeilBackward0'], ['round', 'RoundBackward0'], ['square', 'PowBackward0']])
      assert.match(x[name]().toString(), new RegExp(`grad_fn=<${gradFn}>`), name);
    assert.match(x.round({ decimals: 1 }).toString(), /grad_fn=<RoundBackward1>/);
    x.round().sum().backward();
    assert.deepEqual(Array.from(x.grad.data()), [0, 0], 'round has a zero gradient');
    x.grad = null;
    x.square().sum().backward();
    assert.deepEqual(Array.from(x.grad.data()), [0.6, 3.2]);
  });
});

test('clamp with numbers: the documentation example, null bounds, { min, max }, min > max, NaN', () => {
  tc.tidy(() => {
    const a = f32([-1.712, 0.1734, -0.0478, -0.0922]);
    assert.deepEqual(Array.from(a.clamp(-0.5, 0.5).data()), [-0.5, fround(0.1734), fround(-0.0478), fround(-0.0922)]);
    const s = f32([NaN, -2, 0.5, 3]);
    assert.deepEqual(Array.from(s.clamp(0, null).data()), [NaN, 0, 0.5, 3]);
    assert.deepEqual(Array.from(s.clamp(undefined, 1).data()), [NaN, -2, 0.5, 1]);
    assert.deepEqual(Array.from(s.clamp({ max: 1 }).data()), [NaN, -2, 0.5, 1]);
    assert.deepEqual(Array.from(tc.clamp(s, { min: 0, max: 1 }).data()), [NaN, 0, 0.5, 1]);
    assert.deepEqual(Array.from(s.clampMin(0).data()), [NaN, 0, 0.5, 3]);
    assert.deepEqual(Array.from(s.clampMax(1).data()), [NaN, -2, 0.5, 1]);
    assert.deepEqual(Array.from(s.clamp(2, 1).data()), [NaN, 1, 1, 1], 'min > max gives max');
    assert.deepEqual(Array.from(s.clamp(NaN, 1).data()), [NaN, NaN, NaN, NaN]);
    assert.deepEqual(Array.from(s.clamp(NaN).data()), [NaN, -2, 0.5, 3], 'a NaN bound alone changes nothing');
    const ints = tc.tensor([-5, 2, 9], { dtype: 'int32' });
    assert.equal(ints.clamp(0, 4).dtype, 'int32');
    assert.deepEqual(ints.clamp(0, 4).toArray(), [0, 2, 4]);
    assert.equal(ints.clamp(0.5).dtype, 'float32');
    assert.deepEqual(ints.clamp(0.5).toArray(), [0.5, 2, 9]);
    assert.equal(tc.tensor([true, false]).clamp(0).dtype, 'int64');
  });
});

test('clamp with tensors: broadcast of three shapes, promotion, NaN', () => {
  tc.tidy(() => {
    const a = f32([-1.712, 0.1734, -0.0478, -0.0922]);
    const lo = tc.linspace(-1, 1, 4);
    const lov = Array.from(lo.data());
    assert.deepEqual(Array.from(tc.clamp(a, lo).data()), [-1, fround(0.1734), lov[2], 1]);
    const x = f32([[-2], [0.5], [5]]);
    const r = x.clamp(f32([-1, 0, 1, 2]), tc.tensor(1.5, { dtype: 'float32' }));
    assert.deepEqual(r.shape, [3, 4]);
    assert.deepEqual(r.toArray(), [[-1, 0, 1, 1.5], [0.5, 0.5, 1, 1.5], [1.5, 1.5, 1.5, 1.5]]);
    assert.deepEqual(Array.from(f32([0.5, 0.5, NaN]).clamp(f32([NaN, 0, 0]), f32([1, NaN, 1])).data()), [NaN, NaN, NaN]);
    assert.deepEqual(Array.from(f32([0.5, NaN]).clamp(f32([NaN, 0])).data()), [NaN, NaN], 'one tensor bound: maximum, NaN propagates');
    const p = tc.tensor([-5, 2, 9]).clamp(f64([0.5]));
    assert.equal(p.dtype, 'float64');
    throwsTc(() => f32([1, 2, 3]).clamp(f32([0, 1])), 'shape', 'The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0');
  });
});

test('clamp refusals and gradients (ClampBackward1, ClampBackward0)', () => {
  tc.tidy(() => {
    const a = f32([1]);
    throwsTc(() => a.clamp(), 'value', "torch.clamp: At least one of 'min' or 'max' must not be None");
    throwsTc(() => a.clamp(null, null), 'value', "torch.clamp: At least one of 'min' or 'max' must not be None");
    throwsTc(() => a.clamp({}), 'value', "torch.clamp: At least one of 'min' or 'max' must not be None");
    // PyTorch's TypeErrors (the binder's, Note [Signatures] in src/lang/signature.h).
    const clampSignatures = 'but expected one of:\n * (Tensor min, Tensor max)\n * (Number min, Number max)\n';
    throwsTc(() => a.clamp(0, 1, 2), 'type', `clamp() received an invalid combination of arguments - got (int, int, int), ${clampSignatures}`);
    throwsTc(() => a.clamp({ lo: 1 }), 'type', `clamp() received an invalid combination of arguments - got (lo=int, ), ${clampSignatures}`);
    throwsTc(() => a.clamp('1'), 'type', `clamp() received an invalid combination of arguments - got (str), ${clampSignatures}`);
    throwsTc(() => a.clampMin(), 'type', 'clamp_min() received an invalid combination of arguments - got (), but expected one of:\n * (Tensor min)\n * (Number min)\n');
    // A tensor bound with a number one: PyTorch has no such overload.
    throwsTc(() => f32([[-2], [0.5], [5]]).clamp(f32([-1, 0, 1, 2]), 1.5), 'type',
      'clamp() received an invalid combination of arguments - got (Tensor, float), but expected one of:\n' +
      " * (Tensor min, Tensor max)\n      didn't match because some of the arguments have invalid types: (Tensor, !float!)\n" +
      " * (Number min, Number max)\n      didn't match because some of the arguments have invalid types: (!Tensor!, !float!)\n");
    throwsTc(() => tc.tensor([true]).clamp(true, true), 'type', '"clamp_scalar_cpu" not implemented for \'Bool\'');
    throwsTc(() => tc.tensor([true]).clamp(tc.tensor([true]), tc.tensor([false])), 'type', '"clamp_cpu" not implemented for \'Bool\'');
    throwsTc(() => tc.tensor([1], { dtype: 'uint8' }).clamp(256), 'value', 'value cannot be converted to type uint8_t without overflow');
    const x = f64([-2, -1, 0, 1, 2]);
    x.requiresGrad = true;
    const y = x.clamp(-1, 1);
    assert.match(y.toString(), /grad_fn=<ClampBackward1>/);
    y.sum().backward();
    assert.deepEqual(Array.from(x.grad.data()), [0, 1, 1, 1, 0], 'the ends included');
    const v = f64([-2, 0, 3, 0.5]);
    const lo = f64([-1, 1, 0, 2]);
    const hi = f64([1, 2, 2, 1]);
    for (const t of [v, lo, hi]) t.requiresGrad = true;
    const z = v.clamp(lo, hi);
    assert.match(z.toString(), /grad_fn=<ClampBackward0>/);
    z.sum().backward();
    assert.deepEqual(Array.from(v.grad.data()), [0, 0, 0, 0]);
    assert.deepEqual(Array.from(lo.grad.data()), [1, 1, 0, 0]);
    assert.deepEqual(Array.from(hi.grad.data()), [0, 0, 1, 1], 'max < min: max is chosen');
    // A broadcast bound's gradient is summed back to its shape.
    const b = f64([0.5]);
    b.requiresGrad = true;
    f64([0, 1, 2]).clamp(b).sum().backward();
    assert.deepEqual(Array.from(b.grad.data()), [1]);
  });
});

// The README's examples ("Unary ops, clamp, and more factories"), as written there.
test("the README's examples of the unary ops, clamp and the factories", () => {
  tc.tidy(() => {
    const v = tc.tensor([-1.5, -0.5, 0.5, 2.5], { dtype: 'float32' });
    assert.deepEqual(v.round().toArray(), [-2, -0, 0, 2]);
    assert.deepEqual(tc.tensor([1200.1234567]).round({ decimals: -3 }).toArray(), [1000]);
    assert.deepEqual(v.floor().toArray(), [-2, -1, 0, 2]);
    assert.deepEqual(v.ceil().toArray(), [-1, -0, 1, 3]);
    assert.deepEqual(v.sign().toArray(), [-1, -1, 1, 1]);
    assert.deepEqual(tc.tensor([NaN, -0]).sign().toArray(), [0, 0]);
    assert.deepEqual(tc.tensor([0, 0.5]).sigmoid().toArray(), [0.5, 0.622459352016449]);
    assert.deepEqual(tc.tensor([4, 1]).rsqrt().toArray(), [0.5, 1]);
    assert.deepEqual(tc.tensor([4, 0]).reciprocal().toArray(), [0.25, Infinity]);
    assert.deepEqual(tc.tensor([3, -2]).square().toArray(), [9, 4]);
    assert.equal(tc.tensor(0).tanh().toArray(), 0);
    assert.deepEqual(tc.zeros([0, 3]).sin().shape, [0, 3]);
    throwsTc(() => tc.tensor([true]).floor(), 'type', '"floor_vml_cpu" not implemented for \'Bool\'');
    throwsTc(() => tc.tensor([1]).round({ decimals: 1 }), 'type', '"round_cpu" not implemented for \'Long\'');
    const w = tc.tensor([-1.712, 0.1734, -0.0478, -0.0922], { dtype: 'float32' });
    assert.deepEqual(w.clamp(-0.5, 0.5).toArray(), [-0.5, 0.17339999973773956, -0.04780000075697899, -0.09220000356435776]);
    assert.deepEqual(tc.tensor([-2, 0.5, 3]).clamp(0, null).toArray(), [0, 0.5, 3]);
    assert.deepEqual(tc.tensor([-2, 0.5, 3]).clamp({ max: 1 }).toArray(), [-2, 0.5, 1]);
    assert.deepEqual(tc.tensor([0, 5]).clamp(3, 1).toArray(), [1, 1]);
    assert.deepEqual(tc.tensor([[-2], [0.5], [5]]).clamp(tc.tensor([-1, 0, 1, 2]), tc.tensor(1.5)).shape, [3, 4]);
    assert.deepEqual(tc.tensor([-5, 2, 9], { dtype: 'int32' }).clamp(0, 4).toArray(), [0, 2, 4]);
    assert.equal(tc.tensor([-5, 2, 9], { dtype: 'int32' }).clamp(0.5).dtype, 'float32');
    throwsTc(() => tc.tensor([1]).clamp(), 'value', "torch.clamp: At least one of 'min' or 'max' must not be None");
    throwsTc(() => tc.tensor([1, 2, 3]).clamp(tc.tensor([0, 1])), 'shape', 'The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0');
    assert.deepEqual(tc.linspace(3, 10, 5).toArray(), [3, 4.75, 6.5, 8.25, 10]);
    assert.deepEqual(tc.linspace(-10, 10, 1).toArray(), [-10]);
    assert.deepEqual(tc.linspace(0, 10, 4, { dtype: 'int64' }).toArray(), [0, 3, 6, 10]);
    throwsTc(() => tc.linspace(0, 1, -1), 'value', 'number of steps must be non-negative');
    assert.deepEqual(tc.eye(2, 3).toArray(), [[1, 0, 0], [0, 1, 0]]);
    throwsTc(() => tc.eye(-1), 'value', 'n must be greater or equal to 0, got -1');
    assert.equal(tc.zerosLike(tc.tensor([[1, 2]], { dtype: 'int32' })).dtype, 'int32');
    assert.deepEqual(tc.fullLike(tc.zeros([2, 3]).transpose(0, 1), 7).stride(), [1, 3]);
    assert.deepEqual(tc.onesLike(tc.zeros([2]), { dtype: 'float64' }).toArray(), [1, 1]);
    tc.manualSeed(42);
    const r = tc.rand(2, 3);
    tc.manualSeed(42);
    assert.equal(tc.equal(tc.rand(2, 3), r), true);
    assert.deepEqual(tc.randn([1000]).shape, [1000]);
    assert.equal(tc.randint(10, [4]).dtype, 'int64');
    assert.deepEqual(tc.randint(-3, 5, [2, 2]).shape, [2, 2]);
    throwsTc(() => tc.randint(5, 5, [2]), 'value', "random_ expects 'from' to be less than 'to', but got from=5 >= to=5");
    throwsTc(() => tc.rand(2, { dtype: 'int64' }), 'type', '"check_uniform_bounds" not implemented for \'Long\'');
  });
});
