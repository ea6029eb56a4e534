// The cases both runners run (jest/ and vitest/equality.spec.js): toEqual on
// tensors compares values, and one comparison fails on purpose.
import { init } from 'tensorcast';

const tc = await init();

export function defineCases(test, expect) {
  test('toEqual compares dtype, shape and values', () => {
    expect(tc.tensor([1, 2])).toEqual(tc.arange(1, 3));
    expect({ w: [tc.tensor([[1, 2]])] }).toEqual({ w: [tc.tensor([[1], [2]]).transpose(0, 1)] });
    expect(tc.tensor([1, 2])).not.toEqual(tc.tensor([1, 3]));
    expect(tc.tensor([1, 2])).not.toEqual(tc.tensor([[1, 2]]));
    expect(tc.tensor([1, 0])).not.toEqual(tc.tensor([true, false]));
    expect(tc.tensor([1, 2])).toStrictEqual(tc.tensor([1, 2]));
  });

  test('a failing toEqual', () => {
    expect(tc.tensor([1, 2])).toEqual(tc.tensor([1, 3]));
  });
}
