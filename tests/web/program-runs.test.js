// A program whose lines run many times (web/src/model/program-runs.ts): the
// program at one of its steps, as the code mode shows it, and each line's
// runs for the inline values and the stepper.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tc } from '../js/helpers.js';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/program', 'model/program-runs', 'model/code-overlay');

const LOOP = [
  'import torch',
  'w = torch.ones(3, requires_grad=True)',
  'for k in range(3):',
  '    x = torch.ones(k + 1)',
  '    loss = (w * x.sum()).sum()',
  '    loss.backward()',
  '    print(k)',
  'print("done")',
].join('\n');

test('a snapshot is each line\'s latest run up to the step, and what print() had written by then', () => {
  const run = web.runProgram(tc, LOOP);
  assert.equal(run.error, null);
  // 2 lines, then 3 iterations of the header and 4 lines, then the last print
  assert.equal(run.statements.length, 2 + 3 * 5 + 1);
  const whole = web.snapshot(run, null);
  assert.deepEqual(whole.statements.map((s) => [s.line, s.run]), [[1, 0], [2, 0], [3, 2], [4, 2], [5, 2], [6, 2], [7, 2], [8, 0]]);
  assert.equal(whole.printed, '0\n1\n2\ndone\n');
  // just after line 5 of the second iteration: line 6 and 7 stand at the first
  const at = run.statements.findIndex((s) => s.line === 5 && s.run === 1);
  const mid = web.snapshot(run, at);
  assert.deepEqual(mid.statements.map((s) => [s.line, s.run]), [[1, 0], [2, 0], [6, 0], [7, 0], [3, 1], [4, 1], [5, 1]]);
  assert.equal(mid.printed, '0\n');
  assert.equal(web.statementAt(mid, 4).names.x.shape[0], 2);
  // the backward steps are those of the steps shown, their calls counted among the snapshot's
  const calls = mid.statements.flatMap((s) => s.calls);
  assert.ok(mid.backward.length > 0);
  for (const step of mid.backward) {
    assert.ok(step.call === null || calls[step.call] !== undefined);
    if (step.call !== null) assert.ok(calls[step.call].line === 5 || calls[step.call].line === 4, `call ${step.call}`);
  }
  assert.ok(mid.backward.length < run.backward.length);
});

test('the runs of a line, and the inline values that say how often it ran and how its shape changed', () => {
  const run = web.runProgram(tc, LOOP);
  const runs = web.runsAt(run, 4);
  assert.equal(runs.steps.length, 3);
  assert.deepEqual(runs.shapes, ['[1]', '[2]', '[3]']);
  assert.equal(runs.detailed, 3);
  const overlay = web.overlayFor(web.snapshot(run, null), null, null, null, run);
  assert.equal(overlay.inline.get(4), 'x: [3] float32   (×3: [1] → [2] → [3])');
  assert.equal(overlay.inline.get(5), 'loss: [] float32   (×3)');
  assert.equal(web.runsAt(run, 8).steps.length, 1);
});

test('the values of one run of a line: valuesRun, and holdsValuesOf on the snapshot at that run', () => {
  const run = web.runProgram(tc, LOOP, 4, {}, 1);
  const at = run.statements.findIndex((s) => s.line === 4 && s.run === 1);
  const mid = web.snapshot(run, at);
  assert.equal(web.holdsValuesOf(mid, 4), true);
  assert.equal(web.holdsValuesOf(web.snapshot(run, null), 4), false);
  const call = web.statementAt(mid, 4).calls[0];
  assert.deepEqual(call.outputValues[0].cells, [1, 1]);
});
