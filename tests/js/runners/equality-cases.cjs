// The cases every runner runs (jest/, jest-cjs/ and vitest/equality.spec.*):
// toEqual on tensors compares values, and one comparison fails on purpose.
// CommonJS, so that Jest's default mode can load it too; each runner passes
// the init() of the entry it loads (ES modules or the CommonJS file).
'use strict';

exports.defineCases = function defineCases(test, expect, init) {
  const ready = init();

  test('toEqual compares dtype, shape and values', async () => {
    const tc = await ready;
    expect(tc.tensor([1, 2])).toEqual(tc.arange(1, 3));
    expect({ w: [tc.tensor([[1, 2]])] }).toEqual({ w: [tc.tensor([[1], [2]]).transpose(0, 1)] });
    expect(tc.tensor([1, 2])).not.toEqual(tc.tensor([1, 3]));
    expect(tc.tensor([1, 2])).not.toEqual(tc.tensor([[1, 2]]));
    expect(tc.tensor([1, 0])).not.toEqual(tc.tensor([true, false]));
    expect(tc.tensor([1, 2])).toStrictEqual(tc.tensor([1, 2]));
  });

  test('a failing toEqual', async () => {
    const tc = await ready;
    expect(tc.tensor([1, 2])).toEqual(tc.tensor([1, 3]));
  });
};
