// A teacher's exercise by link (web/src/model/exercise.ts): goals and
// editable lines round-trip through the link's text exactly, broken text
// is refused rather than guessed, and a goal is checked from the run's
// record.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tc } from '../js/helpers.js';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/program', 'model/exercise');

test('goals and edit ranges round-trip through the link; broken ones are refused', () => {
  const goals = [
    { kind: 'runs' }, { kind: 'predict' },
    { kind: 'shape', name: 'd', shape: [2, 3, 4] }, { kind: 'shape', name: 's', shape: [] },
    { kind: 'grad', name: 'w', shape: [3] }, { kind: 'shape', name: 'big_name2', shape: [0, 10] },
  ];
  for (const g of goals) assert.deepEqual(web.parseGoal(web.formatGoal(g)), g);
  assert.equal(web.formatGoal(goals[2]), 'shape.d.2x3x4');
  assert.equal(web.formatGoal(goals[3]), 'shape.s.');
  for (const bad of ['', 'run', 'shape', 'shape.d', 'shape.2d.3', 'shape.d.3x', 'shape.d.-1', 'grad.w.3.5x', 'shape.d.99999999999999999999', 'size.d.3'])
    assert.equal(web.parseGoal(bad), null, bad);
  for (const r of [[[3, 5]], [[1, 1], [4, 7]], [[2, 2]]]) assert.deepEqual(web.parseEdit(web.formatEdit(r)), r);
  assert.equal(web.formatEdit([[1, 1], [4, 7]]), '1,4-7');
  for (const bad of ['', '0', '3-2', '4,2', '1-3,3', 'a', '1-', '1234567']) assert.equal(web.parseEdit(bad), null, bad);
  assert.equal(web.editable([[2, 3]], 3), true);
  assert.equal(web.editable([[2, 3]], 4), false);
  assert.equal(web.editable([], 40), true);
});

test('a goal is met or not by what the run recorded', () => {
  const run = (code) => web.runProgram(tc, code);
  const ok = run('import torch\nx = torch.ones(4, 1)\nw = torch.ones(3, requires_grad=True)\nd = x * w\nd.sum().backward()\nd = d[0]');
  assert.deepEqual(web.checkGoal({ kind: 'runs' }, ok), { met: true });
  // the last shape the name was given
  assert.deepEqual(web.checkGoal({ kind: 'shape', name: 'd', shape: [3] }, ok), { met: true });
  assert.deepEqual(web.checkGoal({ kind: 'shape', name: 'd', shape: [4, 3] }, ok), { met: false, why: 'shape', name: 'd', shape: [3] });
  assert.deepEqual(web.checkGoal({ kind: 'grad', name: 'w', shape: [3] }, ok), { met: true });
  assert.deepEqual(web.checkGoal({ kind: 'grad', name: 'x', shape: [4, 1] }, ok), { met: false, why: 'no-grad', name: 'x' });
  assert.deepEqual(web.checkGoal({ kind: 'shape', name: 'e', shape: [] }, ok), { met: false, why: 'unbound', name: 'e' });
  assert.deepEqual(web.checkGoal({ kind: 'shape', name: 'n', shape: [] }, run('n = 3')), { met: false, why: 'not-tensor', name: 'n' });
  assert.deepEqual(web.checkGoal({ kind: 'runs' }, run('import torch\nx = torch.ones(2)\ny = x @ torch.ones(3)')), { met: false, why: 'error', line: 3 });
});
