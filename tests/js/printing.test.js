// Printing a tensor as PyTorch's repr does (torch/_tensor_str.py, default
// print options), and comparing tensors by value. Each expected string is
// what PyTorch prints for the same tensor, derived from _tensor_str.py's
// rules: one width and one notation for all elements shown (integers get a
// trailing ".", fractions 4 decimals, scientific notation when the largest
// magnitude is over 1000 times the smallest, over 1e8, or a fraction under
// 1e-4), nan and inf padded to that width, 80 columns, more than 1000
// elements summarised to 3 at each edge of every dim.
import assert from 'node:assert/strict';
import nodeAssert from 'node:assert';
import { test } from 'node:test';
import { inspect } from 'node:util';
import { Tensor } from 'tensorcast';
import { tc } from './helpers.js';

const repr = (make) => tc.tidy(() => String(make()));

// Any 2-D tensor of ones of more than 1000 elements, more than 6 rows and more than 6 columns.
const ONES_SUMMARISED = [
  'tensor([[1., 1., 1.,  ..., 1., 1., 1.],',
  '        [1., 1., 1.,  ..., 1., 1., 1.],',
  '        [1., 1., 1.,  ..., 1., 1., 1.],',
  '        ...,',
  '        [1., 1., 1.,  ..., 1., 1., 1.],',
  '        [1., 1., 1.,  ..., 1., 1., 1.],',
  '        [1., 1., 1.,  ..., 1., 1., 1.]])',
].join('\n');

test('values: integers, fractions, scientific notation, NaN and infinities as PyTorch prints them', () => {
  const cases = [
    [() => tc.tensor([1, 2, 3], { dtype: 'float32' }), 'tensor([1., 2., 3.])'],
    [() => tc.tensor([1, 2.5], { dtype: 'float32' }), 'tensor([1.0000, 2.5000])'],
    // float32 values: 0.1 is 0.100000001490116..., printed with 4 decimals
    [() => tc.tensor([0.1, 1 / 3], { dtype: 'float32' }), 'tensor([0.1000, 0.3333])'],
    [() => tc.tensor([0.1, 2.5, NaN, Infinity, -Infinity], { dtype: 'float32' }), 'tensor([0.1000, 2.5000,    nan,    inf,   -inf])'],
    [() => tc.tensor([NaN, 0], { dtype: 'float32' }), 'tensor([nan, 0.])'],
    [() => tc.tensor([1, NaN, -Infinity], { dtype: 'float32' }), 'tensor([1., nan, -inf])'],
    [() => tc.tensor([-0, 0], { dtype: 'float32' }), 'tensor([-0., 0.])'],
    [() => tc.tensor([-1.5, 2], { dtype: 'float32' }), 'tensor([-1.5000,  2.0000])'],
    [() => tc.tensor([1e-5, 1], { dtype: 'float32' }), 'tensor([1.0000e-05, 1.0000e+00])'],
    [() => tc.tensor([1, 1001], { dtype: 'float32' }), 'tensor([1.0000e+00, 1.0010e+03])'],
    [() => tc.tensor([1, 1000], { dtype: 'float32' }), 'tensor([   1., 1000.])'],
    [() => tc.tensor([123456789, 1], { dtype: 'float32' }), 'tensor([1.2346e+08, 1.0000e+00])'],
    [() => tc.tensor(7, { dtype: 'float32' }), 'tensor(7.)'],
    [() => tc.tensor(0.5, { dtype: 'float32' }), 'tensor(0.5000)'],
    [() => tc.tensor(NaN, { dtype: 'float32' }), 'tensor(nan)'],
    [() => tc.tensor([true, false]), 'tensor([ True, False])'],
    [() => tc.tensor([true, true]), 'tensor([True, True])'],
    [() => tc.tensor([[true], [false]]), 'tensor([[ True],\n        [False]])'],
    [() => tc.zeros(0, 3), 'tensor([], size=(0, 3))'],
    [() => tc.zeros(0), 'tensor([])'],
    [() => tc.tensor([], { dtype: 'bool' }), 'tensor([], dtype=torch.bool)'],
    [() => tc.tensor([[1, 2], [3, 4]], { dtype: 'float32' }), 'tensor([[1., 2.],\n        [3., 4.]])'],
    [() => tc.arange(12, { dtype: 'float32' }).reshape(2, 2, 3).div(4), [
      'tensor([[[0.0000, 0.2500, 0.5000],',
      '         [0.7500, 1.0000, 1.2500]],',
      '',
      '        [[1.5000, 1.7500, 2.0000],',
      '         [2.2500, 2.5000, 2.7500]]])',
    ].join('\n')],
  ];
  for (const [make, expected] of cases) assert.equal(repr(make), expected);
});

test('rows wrap at 80 columns and suffixes move to the next line when they do not fit', () => {
  // Width 3 ("29."), 2 columns between: (80 - 7) / 5 = 14 a line.
  assert.equal(repr(() => tc.arange(30, { dtype: 'float32' })), [
    'tensor([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11., 12., 13.,',
    '        14., 15., 16., 17., 18., 19., 20., 21., 22., 23., 24., 25., 26., 27.,',
    '        28., 29.])',
  ].join('\n'));
  // 59 characters: PyTorch counts the last line as 61 (len - rfind + 1), and
  // 61 + 2 + 18 passes 80.
  assert.equal(repr(() => tc.ones([13], { requiresGrad: true })),
    'tensor([1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1.],\n       requires_grad=True)');
  assert.equal(repr(() => tc.ones([12], { requiresGrad: true })),
    'tensor([1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1.], requires_grad=True)');
});

test('past 1000 elements the print is summarised to 3 items at each edge of every dim', () => {
  // 1000 elements are not summarised: 12 of width 4 a line.
  assert.equal(repr(() => tc.arange(1000, { dtype: 'float32' })).split('\n').length, 84);
  assert.equal(repr(() => tc.arange(2000, { dtype: 'float32' })),
    'tensor([0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 1.9970e+03, 1.9980e+03,\n        1.9990e+03])');
  assert.equal(repr(() => tc.arange(1001, { dtype: 'float32' }).add(100)), 'tensor([ 100.,  101.,  102.,  ..., 1098., 1099., 1100.])');
  assert.equal(repr(() => tc.ones(1000, 1000)), ONES_SUMMARISED);
  // The width is chosen from the elements shown only: 1e9 in the middle does not count.
  assert.equal(repr(() => tc.tensor([1, 2, 3, 4, 1e9, 4, 3, 2, 1].concat(Array(992).fill(5)), { dtype: 'float32' })),
    'tensor([1., 2., 3.,  ..., 5., 5., 5.])');
  // The same for int64: its values as str() gives them, no point.
  assert.equal(repr(() => tc.tensor([1, 2, 3, 4, 1e9, 4, 3, 2, 1].concat(Array(992).fill(5)))),
    'tensor([1, 2, 3,  ..., 5, 5, 5])');
});

test('each dtype prints as PyTorch prints it: integers without a point, dtype= for uint8, int32 and float64', () => {
  const cases = [
    [() => tc.tensor([1, -20, 300]), 'tensor([  1, -20, 300])'],
    [() => tc.tensor([[1, 2], [3, 4]], { dtype: 'int32' }), 'tensor([[1, 2],\n        [3, 4]], dtype=torch.int32)'],
    [() => tc.tensor([0, 255], { dtype: 'uint8' }), 'tensor([  0, 255], dtype=torch.uint8)'],
    [() => tc.tensor([1.5, 2], { dtype: 'float64' }), 'tensor([1.5000, 2.0000], dtype=torch.float64)'],
    [() => tc.tensor([1, 2], { dtype: 'float64' }), 'tensor([1., 2.], dtype=torch.float64)'],
    [() => tc.tensor([true, false]), 'tensor([ True, False])'],
    [() => tc.tensor(7), 'tensor(7)'],
    [() => tc.tensor(2n ** 62n), 'tensor(4611686018427387904)'],
    [() => tc.tensor([], { dtype: 'int64' }), 'tensor([], dtype=torch.int64)'],
    [() => tc.tensor([], { dtype: 'float32' }), 'tensor([])'],
    [() => tc.zeros([0, 2], { dtype: 'int32' }), 'tensor([], size=(0, 2), dtype=torch.int32)'],
    [() => tc.ones([2], { dtype: 'float64', requiresGrad: true }), 'tensor([1., 1.], dtype=torch.float64, requires_grad=True)'],
  ];
  for (const [make, text] of cases) assert.equal(repr(make), text);
});

test('a summarised print reads only the elements it shows: a 10^10-element expanded view prints at once and allocates nothing', () => {
  tc.tidy(() => {
    const view = tc.ones([1]).expand(100000, 100000);
    String(view);
    const before = tc.memory();
    assert.equal(String(view), ONES_SUMMARISED);
    assert.deepEqual(tc.memory(), before);
    // Strided views print their own elements, not the storage's order.
    assert.equal(String(tc.arange(6, { dtype: 'float32' }).reshape(2, 3).transpose(0, 1)), 'tensor([[0., 3.],\n        [1., 4.],\n        [2., 5.]])');
    assert.equal(String(tc.arange(6, { dtype: 'float32' }).narrow(0, 2, 3)), 'tensor([2., 3., 4.])');
  });
});

test('requires_grad and grad_fn as PyTorch names its autograd nodes', () => {
  tc.tidy(() => {
    const x = tc.tensor([1, 2, 3], { dtype: 'float32', requiresGrad: true });
    const cases = [
      [x, 'tensor([1., 2., 3.], requires_grad=True)'],
      [x.add(1), 'tensor([2., 3., 4.], grad_fn=<AddBackward0>)'],
      [x.sub(x), 'tensor([0., 0., 0.], grad_fn=<SubBackward0>)'],
      [x.mul(2), 'tensor([2., 4., 6.], grad_fn=<MulBackward0>)'],
      [x.div(2), 'tensor([0.5000, 1.0000, 1.5000], grad_fn=<DivBackward0>)'],
      [x.pow(2), 'tensor([1., 4., 9.], grad_fn=<PowBackward0>)'],
      [x.pow(x), 'tensor([ 1.,  4., 27.], grad_fn=<PowBackward1>)'],
      [tc.pow(2, x), 'tensor([2., 4., 8.], grad_fn=<PowBackward2>)'],
      [x.exp(), 'tensor([ 2.7183,  7.3891, 20.0855], grad_fn=<ExpBackward0>)'],
      [x.neg(), 'tensor([-1., -2., -3.], grad_fn=<NegBackward0>)'],
      [x.relu(), 'tensor([1., 2., 3.], grad_fn=<ReluBackward0>)'],
      [x.sum(), 'tensor(6., grad_fn=<SumBackward0>)'],
      [x.sum(0), 'tensor(6., grad_fn=<SumBackward1>)'],
      [x.unsqueeze(0), 'tensor([[1., 2., 3.]], grad_fn=<UnsqueezeBackward0>)'],
      [x.unsqueeze(0).squeeze(0), 'tensor([1., 2., 3.], grad_fn=<SqueezeBackward1>)'],
      [x.unsqueeze(0).squeeze(), 'tensor([1., 2., 3.], grad_fn=<SqueezeBackward0>)'],
      [x.expand(2, 3), 'tensor([[1., 2., 3.],\n        [1., 2., 3.]], grad_fn=<ExpandBackward0>)'],
      [x.view(3, 1), 'tensor([[1.],\n        [2.],\n        [3.]], grad_fn=<ViewBackward0>)'],
      [x.clone(), 'tensor([1., 2., 3.], grad_fn=<CloneBackward0>)'],
      [x.narrow(0, 1, 2), 'tensor([2., 3.], grad_fn=<SliceBackward0>)'],
      [tc.maximum(x, 2), 'tensor([2., 2., 3.], grad_fn=<MaximumBackward0>)'],
      [tc.where(tc.tensor([true, false, true]), x, 0), 'tensor([1., 0., 3.], grad_fn=<WhereBackward0>)'],
      [x.detach(), 'tensor([1., 2., 3.])'],
      [tc.noGrad(() => x.mul(2)), 'tensor([2., 4., 6.])'],
    ];
    for (const [t, expected] of cases) assert.equal(String(t), expected);
  });
});

test('util.inspect, console.log and JSON.stringify print the repr, not the module', () => {
  tc.tidy(() => {
    const t = tc.tensor([[1.5, 2]], { dtype: 'float32' });
    assert.equal(inspect(t), 'tensor([[1.5000, 2.0000]])');
    assert.equal(inspect({ t }), '{ t: tensor([[1.5000, 2.0000]]) }');
    assert.equal(JSON.stringify({ t }), '{"t":"tensor([[1.5000, 2.0000]])"}');
    assert.equal(t.toJSON(), String(t));
    // A big tensor prints in bounded time and text.
    assert.ok(inspect(tc.zeros(1000, 1000)).length < 400);
    const d = tc.ones(2);
    d.dispose();
    assert.equal(inspect(d), 'tensor(<disposed>)');
  });
});

test('deep equality (node:assert deepStrictEqual, as Jest and Vitest toEqual) compares dtype, shape and values', () => {
  tc.tidy(() => {
    nodeAssert.deepStrictEqual(tc.tensor([1, 2], { dtype: 'float32' }), tc.tensor([1, 2], { dtype: 'float32' }));
    nodeAssert.deepStrictEqual(tc.tensor([1, 2], { dtype: 'float32' }), tc.arange(1, 3, 1, { dtype: 'float32' }));
    nodeAssert.deepStrictEqual(tc.tensor([[1, 2]], { dtype: 'float32' }), tc.tensor([[1], [2]], { dtype: 'float32' }).transpose(0, 1));
    nodeAssert.deepStrictEqual({ a: [tc.tensor(3, { dtype: 'float32' })] }, { a: [tc.tensor(3, { dtype: 'float32' })] });
    nodeAssert.deepStrictEqual(tc.tensor([NaN], { dtype: 'float32' }), tc.tensor([NaN], { dtype: 'float32' }));
    for (const [a, b] of [
      [tc.tensor([1, 2], { dtype: 'float32' }), tc.tensor([1, 3], { dtype: 'float32' })],
      [tc.tensor([1, 2], { dtype: 'float32' }), tc.tensor([[1, 2]], { dtype: 'float32' })],
      [tc.tensor([1, 0], { dtype: 'float32' }), tc.tensor([true, false])],
      [tc.tensor([1, 2], { dtype: 'float32' }), tc.tensor([1, 2 + 2 ** -22], { dtype: 'float32' })],
    ])
      assert.throws(() => nodeAssert.deepStrictEqual(a, b), nodeAssert.AssertionError);
    // Loose deepEqual compares no symbol keys (Node's rule), so it cannot see values.
    // Nothing internal shows: no own string keys, and (once compared) one reader of the values.
    const t = tc.tensor([1], { dtype: 'float32' });
    assert.deepEqual(Object.keys(t), []);
    assert.equal(Object.prototype.toString.call(t), '[object Tensor]');
    assert.deepEqual(Object.keys(t), []);
    assert.equal(Object.getOwnPropertySymbols(t).length, 1);
    assert.equal(Object.prototype.toString.call(Tensor.prototype), '[object Tensor]');
    assert.equal(Object.getOwnPropertySymbols(Tensor.prototype).includes(Object.getOwnPropertySymbols(t)[0]), false);
    // A failed comparison shows the values compared, and nothing of the module.
    assert.throws(() => nodeAssert.deepStrictEqual(tc.tensor([1, 2], { dtype: 'float32' }), tc.tensor([1, 3], { dtype: 'float32' })), (error) => {
      assert.match(error.message, /values: Float32Array\(2\)/);
      assert.doesNotMatch(error.message, /HEAP|_rt|wasm/);
      return true;
    });
  });
});

test('tc.equal and tc.allclose as torch.equal and torch.allclose', () => {
  tc.tidy(() => {
    const a = tc.tensor([1, 2, 3], { dtype: 'float32' });
    assert.equal(tc.equal(a, tc.tensor([1, 2, 3], { dtype: 'float32' })), true);
    assert.equal(tc.equal(a, tc.tensor([1, 2, 4], { dtype: 'float32' })), false);
    assert.equal(tc.equal(a, tc.tensor([[1, 2, 3]], { dtype: 'float32' })), false);
    assert.equal(tc.equal(tc.tensor([NaN], { dtype: 'float32' }), tc.tensor([NaN], { dtype: 'float32' })), false);
    assert.equal(tc.equal(tc.tensor([-0], { dtype: 'float32' }), tc.tensor([0], { dtype: 'float32' })), true);
    assert.equal(tc.allclose(a, a.add(1e-6)), true);
    assert.equal(tc.allclose(a, a.add(1e-3)), false);
    assert.equal(tc.allclose(a, a.add(1e-3), { atol: 1e-2 }), true);
    assert.equal(tc.allclose(a, a.mul(1.01), { rtol: 0.02 }), true);
    // Broadcast, as torch.allclose does.
    assert.equal(tc.allclose(tc.ones(2, 3), tc.tensor(1, { dtype: 'float32' })), true);
    assert.equal(tc.allclose(tc.tensor([NaN], { dtype: 'float32' }), tc.tensor([NaN], { dtype: 'float32' })), false);
    assert.equal(tc.allclose(tc.tensor([NaN], { dtype: 'float32' }), tc.tensor([NaN], { dtype: 'float32' }), { equalNan: true }), true);
    assert.equal(tc.allclose(tc.tensor([Infinity], { dtype: 'float32' }), tc.tensor([Infinity], { dtype: 'float32' })), true);
    assert.equal(tc.allclose(tc.tensor([Infinity], { dtype: 'float32' }), tc.tensor([-Infinity], { dtype: 'float32' }), { atol: Infinity }), false);
  });
});

// Audit against torch/_tensor_str.py for what print() in programs meets
//: each expectation worked out from _Formatter, _vector_str,
// _tensor_str_with_formatter and _add_suffixes.
test('print() in programs: 3-D summaries, zeros in scientific notation, suffixes after a wrapped row', () => {
  // 10 x 10 x 11 = 1100 elements: every dim summarised to 3 + 3, the
  // outer "..." between blank lines (ndim - 1 newlines).
  const row = '[1., 1., 1.,  ..., 1., 1., 1.]';
  const block = (indent) => ['[' + row, row, row, '...', row, row, row + ']'].join(`,\n${' '.repeat(indent)}`);
  const blocks = [block(9), block(9), block(9), '...', block(9), block(9), block(9)];
  assert.equal(repr(() => tc.ones(10, 10, 11)), `tensor([${blocks.join(',\n\n        ')}])`);
  // Zero is not among the values that choose the notation, but is written in it.
  assert.equal(repr(() => tc.tensor([0, 1e-5, -2], { dtype: 'float32' })), 'tensor([ 0.0000e+00,  1.0000e-05, -2.0000e+00])');
  // Integers in floats beyond 1e8: scientific even in int mode.
  assert.equal(repr(() => tc.tensor([1e9, 0], { dtype: 'float32' })), 'tensor([1.0000e+09, 0.0000e+00])');
  // A 0-D tensor is its one element; 0-D zero has no width to match.
  assert.equal(repr(() => tc.tensor(0, { dtype: 'float32' })), 'tensor(0.)');
  assert.equal(repr(() => tc.tensor(-540, { dtype: 'float32', requiresGrad: true }).sum()), 'tensor(-540., grad_fn=<SumBackward0>)');
  // Wrapped rows: the suffix goes on the last line when it fits there.
  assert.equal(repr(() => tc.arange(20, { dtype: 'float32', requiresGrad: true }).mul(1)), [
    'tensor([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11., 12., 13.,',
    '        14., 15., 16., 17., 18., 19.], grad_fn=<MulBackward0>)',
  ].join('\n'));
  // Empty: size= for anything but one dim, then dtype= for anything but float32.
  assert.equal(repr(() => tc.zeros([2, 0, 3], { dtype: 'int64' })), 'tensor([], size=(2, 0, 3), dtype=torch.int64)');
  assert.equal(repr(() => tc.zeros([0], { requiresGrad: true })), 'tensor([], requires_grad=True)');
});
