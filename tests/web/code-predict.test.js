// Predict in the code mode (web/src/model/code-predict.ts): the questions
// come from the run's record (each tensor a line binds on its first run,
// each .grad a backward() fills, the failing line's error), and typed
// answers are checked by the two-shape mode's Predictions.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tc } from '../js/helpers.js';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/program', 'model/predict', 'model/code-predict');

const PROGRAM = [
  'import torch',
  'x = torch.ones(4, 1)',
  'w = torch.zeros(3, requires_grad=True)',
  'for i in range(2):',
  '    y = x * w',
  '    n = y.shape[0]',
  'y.sum().backward()',
  'z = y @ x',
].join('\n');

test('the questions of a run: first runs only, tensors only, gradients, the failing line', () => {
  const run = web.runProgram(tc, PROGRAM);
  const qs = web.codeQuestions(run);
  assert.deepEqual(qs.map((q) => [q.line, q.subject, q.question.answer]), [
    [2, 'x', { kind: 'shape', shape: [4, 1] }],
    [3, 'w', { kind: 'shape', shape: [3] }],
    [5, 'y', { kind: 'shape', shape: [4, 3] }],
    [7, 'w.grad', { kind: 'shape', shape: [3] }],
    [8, null, { kind: 'error' }],
  ]);
  assert.equal(new Set(qs.map((q) => q.question.id)).size, qs.length);
  // a program that cannot be read asks nothing about its error
  assert.deepEqual(web.codeQuestions(web.runProgram(tc, 'x = (')), []);
});

test('typed answers, right and wrong, and the score', () => {
  const qs = web.codeQuestions(web.runProgram(tc, PROGRAM));
  const p = new web.Predictions();
  const byLine = (line, subject) => qs.find((q) => q.line === line && q.subject === subject).question;
  assert.equal(p.giveTyped(tc, byLine(2, 'x'), '(4, 1)').right, true);
  assert.equal(p.giveTyped(tc, byLine(5, 'y'), '4 3').right, true);
  assert.equal(p.giveTyped(tc, byLine(7, 'w.grad'), '(4, 3)').right, false);
  assert.equal(p.giveTyped(tc, byLine(3, 'w'), 'three'), null);
  assert.equal(p.give(byLine(8, null), { kind: 'error' }).right, true);
  assert.deepEqual(web.codeScore(qs, (id) => p.get(id)), { asked: 5, answered: 4, right: 3 });
});

test("a tensor's dtype, asked beside its shape, in torch's names and aliases", () => {
  const qs = web.codeQuestions(web.runProgram(tc, 'import torch\nx = torch.arange(3)\ny = x / 2\nz = x > 1'));
  const q = (subject) => qs.find((c) => c.subject === subject);
  assert.deepEqual(qs.map((c) => [c.subject, c.dtype]), [['x', 'int64'], ['y', 'float32'], ['z', 'bool']]);
  for (const typed of ['int64', 'torch.int64', ' Long ', 'torch.long']) assert.equal(web.dtypeGuessRight(q('x'), typed), true, typed);
  assert.equal(web.dtypeGuessRight(q('y'), 'int64'), false);
  assert.equal(web.dtypeGuessRight(q('y'), 'torch.float'), true);
  assert.equal(web.dtypeGuessRight(q('z'), 'bool'), true);
  assert.equal(web.dtypeGuessRight(q('x'), 'integer'), null);
});
