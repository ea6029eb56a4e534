// The comparisons tests/js/jest-versions.test.js runs under Jest 29 and 30
// (CommonJS and ES module mode) in a project that installed the packed
// package: each test named "fails: ..." fails on purpose, and the test
// checks what Jest prints for it. CommonJS, so that both modes can load it;
// each spec passes the init() of the entry it loads.
'use strict';

exports.defineCases = function defineCases(test, expect, init) {
  const ready = init();
  const f32 = (tc, data) => tc.tensor(data, { dtype: 'float32' });

  test('fails: toEqual of two matrices', async () => {
    const tc = await ready;
    expect(f32(tc, [[1, 2]])).toEqual(f32(tc, [[1, 3]]));
  });

  test('fails: toEqual of two vectors', async () => {
    const tc = await ready;
    expect(f32(tc, [1, 2])).toEqual(f32(tc, [1, 3]));
  });

  test('fails: toBe of two tensors', async () => {
    const tc = await ready;
    expect(f32(tc, [1, 2])).toBe(f32(tc, [1, 3]));
  });

  test('fails: toEqual of tolist()', async () => {
    const tc = await ready;
    expect(f32(tc, [[1, 2]]).toArray()).toEqual([[1, 3]]);
  });

  // The module's lists then hold a disposed tensor, and the compared one
  // has a gradient: neither is any of the diff's business.
  test('fails: toEqual inside an object, after a dispose, with a gradient', async () => {
    const tc = await ready;
    tc.ones(2).dispose();
    const w = tc.tensor([1, 2], { dtype: 'float32', requiresGrad: true });
    w.mul(2).sum().backward();
    expect({ w }).toEqual({ w: f32(tc, [1, 3]) });
  });

  test('fails: toEqual of a disposed tensor', async () => {
    const tc = await ready;
    const t = f32(tc, [1, 2]);
    t.dispose();
    expect(t).toEqual(f32(tc, [1, 2]));
  });

  test('a failed comparison leaves both tensors as they were and makes no tensor', async () => {
    const tc = await ready;
    const a = f32(tc, [[1, 2], [3, 4]]);
    const b = f32(tc, [[1, 2], [3, 5]]);
    const before = tc.memory().tensors;
    let message = '';
    try {
      expect(a).toEqual(b);
    } catch (e) {
      message = e.message;
    }
    expect(message).toMatch(/Expected/);
    expect(tc.memory().tensors).toBe(before);
    expect([a.isDisposed, b.isDisposed]).toEqual([false, false]);
    expect(a.toArray()).toEqual([[1, 2], [3, 4]]);
    expect(a.mT.toArray()).toEqual([[1, 3], [2, 4]]);
    // The class a printed diff names, from the CommonJS copy too.
    expect(a.constructor.name).toBe('Tensor');
  });

  test('equal tensors pass toEqual', async () => {
    const tc = await ready;
    expect({ w: [f32(tc, [[1, 2]])] }).toEqual({ w: [f32(tc, [[1], [2]]).transpose(0, 1)] });
  });
};
