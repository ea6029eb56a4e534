// The cases every runner runs (jest/, jest-cjs/ and vitest/equality.spec.*):
// toEqual on tensors compares values, and one comparison fails on purpose.
// CommonJS, so that Jest's default mode can load it too; each runner passes
// the init() of the entry it loads (ES modules or the CommonJS file).
'use strict';

exports.defineCases = function defineCases(test, expect, init) {
  const ready = init();

  test('toEqual compares dtype, shape and values', async () => {
    const tc = await ready;
    expect(tc.tensor([1, 2], { dtype: 'float32' })).toEqual(tc.arange(1, 3, 1, { dtype: 'float32' }));
    expect({ w: [tc.tensor([[1, 2]], { dtype: 'float32' })] }).toEqual({ w: [tc.tensor([[1], [2]], { dtype: 'float32' }).transpose(0, 1)] });
    expect(tc.tensor([1, 2], { dtype: 'float32' })).not.toEqual(tc.tensor([1, 3], { dtype: 'float32' }));
    expect(tc.tensor([1, 2], { dtype: 'float32' })).not.toEqual(tc.tensor([[1, 2]], { dtype: 'float32' }));
    expect(tc.tensor([1, 0], { dtype: 'float32' })).not.toEqual(tc.tensor([true, false]));
    expect(tc.tensor([1, 2], { dtype: 'float32' })).toStrictEqual(tc.tensor([1, 2], { dtype: 'float32' }));
  });

  test('a failing toEqual', async () => {
    const tc = await ready;
    expect(tc.tensor([1, 2], { dtype: 'float32' })).toEqual(tc.tensor([1, 3], { dtype: 'float32' }));
  });
};
