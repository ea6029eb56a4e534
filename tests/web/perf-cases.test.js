// What the playground's model computes for the cases e2e/perf.spec.js
// times (tests/web/perf-cases.js): each one's result is the broadcast the
// core computes, and each view has steps to click through, from the first
// step the timed links open on.
import assert from 'node:assert/strict';
import test from 'node:test';
import { tc } from '../js/helpers.js';
import { loadWeb } from './bundle.js';
import { PERF_CASES, PERF_CASES_SHORT, perfHash } from './perf-cases.js';

const { PlaygroundModel, stateFromHash } = await loadWeb('model/model', 'model/url');

test('the shortened run times cases of the full one: two operands and three', () => {
  for (const c of PERF_CASES_SHORT) assert.ok(PERF_CASES.includes(c));
  assert.deepEqual(PERF_CASES_SHORT.map((c) => (c.c === undefined ? 2 : 3)), [2, 3]);
});

for (const perfCase of PERF_CASES) {
  const { a, b, c } = perfCase;
  const shape = c === undefined ? tc.broadcastShapes(a, b) : tc.broadcastShapes(c, a, b);
  test(`${perfHash(perfCase, '…')}: the result ${JSON.stringify(shape)}, at most 4,096 elements, and steps in every view`, () => {
    assert.ok(shape.reduce((p, s) => p * s, 1) <= 4096);
    for (const view of ['align', 'strides', 'grad', 'inplace']) {
      const model = new PlaygroundModel(tc, stateFromHash(perfHash(perfCase, view)));
      assert.deepEqual(model.computation.resultShape, shape, view);
      assert.equal(model.stepIndex, 0, view);
      assert.ok(model.steps.length > 1, `${view}: ${model.steps.length} steps`);
      assert.ok(model.steps.every((s) => s.kind !== 'problem'), view);
    }
  });
}
