// Predict in the code mode (web/src/model/code-predict.ts): the questions
// come from the run's record (each tensor a line binds on its first run,
// each .grad a backward() fills, the failing line's error), and typed
// answers are checked by the two-shape mode's Predictions.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
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

// The dims summed into a .grad (Note [Summed into a .grad] in
// web/src/model/code-predict.ts): PyTorch 1.13 says each leaf's .grad shape
// and the broadcast shape its gradient arrived in (tests/web/fixtures/summed,
// made by make_summed.py); the dims summed are the difference of the two.
const SUMMED = JSON.parse(readFileSync(new URL('fixtures/summed/summed.json', import.meta.url), 'utf8'));

test('which dims are summed into a .grad, as PyTorch says', () => {
  assert.ok(SUMMED.length >= 8);
  let asked = 0;
  for (const { program, leaves } of SUMMED) {
    const qs = web.codeQuestions(web.runProgram(tc, program));
    for (const [name, want] of Object.entries(leaves)) {
      const q = qs.find((c) => c.subject === `${name}.grad`);
      assert.ok(q !== undefined, `${name}.grad in ${program}`);
      assert.equal(q.line, want.line);
      assert.deepEqual(q.question.answer, { kind: 'shape', shape: want.grad }, program);
      // Only a gradient that was summed asks which dims (a plain .grad question otherwise).
      if (want.dims === null || want.dims.length === 0) assert.equal(q.summed, null, `${name}: ${program}`);
      else {
        assert.deepEqual(q.summed, { from: want.from, dims: want.dims }, `${name}: ${program}`);
        asked++;
      }
    }
  }
  assert.ok(asked >= 7, `${asked} summed questions`);
});

test('the summed question: dims as typed, right and wrong, with the shape', () => {
  const program = SUMMED.find((c) => c.leaves.x !== undefined && c.leaves.w !== undefined).program;
  const qs = web.codeQuestions(web.runProgram(tc, program));
  const x = qs.find((q) => q.subject === 'x.grad');
  for (const [typed, dims] of [['0, 2', [0, 2]], ['(2, 0)', [0, 2]], ['[0 -1]', [0, 2]], ['0，2', [0, 2]], ['none', []], ['()', []]])
    assert.deepEqual(web.parseDims(typed, 3), dims, typed);
  for (const bad of ['', 'zero', '3', '-4', '0.5']) assert.equal(web.parseDims(bad, 3), null, bad);
  const answer = (shape, dims, dtype = 'float32') => web.checkCodeAnswer(tc, x, { error: false, shape, dtype, dims });
  assert.equal(answer('(4, 1)', '0, 2').right, true);
  const wrongDims = answer('(4, 1)', '0');
  assert.deepEqual([wrongDims.right, wrongDims.shapeRight, wrongDims.dimsRight], [false, true, false]);
  const wrongShape = answer('(4,)', '0, 2');
  assert.deepEqual([wrongShape.right, wrongShape.shapeRight, wrongShape.dimsRight], [false, false, true]);
  assert.deepEqual(answer('(4, 1)', 'first'), { unreadable: 'dims' });
  assert.deepEqual(answer('four', '0'), { unreadable: 'shape' });
  assert.deepEqual(answer('(4, 1)', '0, 2', 'floaty'), { unreadable: 'dtype' });
  assert.equal(web.checkCodeAnswer(tc, x, { error: true, shape: '', dtype: '', dims: '' }).right, false);
});

test('answers in order, once each, forgotten when the program changes', () => {
  const run = web.runProgram(tc, PROGRAM);
  const qs = web.codeQuestions(run);
  const answers = new web.CodeAnswers();
  answers.follow(run.code);
  assert.equal(answers.open(qs), qs[0]);
  assert.equal(answers.give(tc, qs, { error: false, shape: '4 1', dtype: 'torch.float', dims: '' }).right, true);
  assert.equal(answers.open(qs), qs[1]);
  assert.equal(answers.give(tc, qs, { error: false, shape: '3', dtype: 'int64', dims: '' }).right, false);
  assert.equal(answers.give(tc, qs, { error: false, shape: 'x', dtype: 'float32', dims: '' }), null);
  assert.deepEqual(answers.unreadable, { id: qs[2].question.id, field: 'shape', text: 'x' });
  assert.deepEqual(web.codeScore(qs, (id) => answers.get(id)), { asked: 5, answered: 2, right: 1 });
  answers.follow(run.code);
  assert.equal(answers.open(qs), qs[2]);
  answers.follow(`${run.code}\n`);
  assert.equal(answers.open(qs), qs[0]);
});

test('a drill link: the id as the set writes them, anything else is no drill', async () => {
  const { drillFromHash } = await loadWeb('model/code-link');
  assert.equal(drillFromHash('#drill=gradient-of-a-bias&lang=zh'), 'gradient-of-a-bias');
  assert.equal(drillFromHash('lang=en&drill=sum-over-a-dim'), 'sum-over-a-dim');
  for (const bad of ['#drill=', '#drill=../x', '#drill=Upper', '#drill=a--b', `#drill=${'a'.repeat(101)}`, '#puzzle=outer'])
    assert.equal(drillFromHash(bad), null, bad);
});
