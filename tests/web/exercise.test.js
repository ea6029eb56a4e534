// A teacher's exercise by link (web/src/model/exercise.ts): goals and
// editable lines round-trip through the link's text exactly, broken text
// is refused rather than guessed, and a goal is checked from the run's
// record.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tc } from '../js/helpers.js';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/program', 'model/exercise', 'model/model', 'model/url', 'exercise-page');
const modelAt = (hash) => new web.PlaygroundModel(tc, web.stateFromHash(hash));

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

test('two-shape parts round-trip; a patch loses the fields of the parts not given', () => {
  for (const parts of [['b'], ['a', 'op'], ['a', 'b', 'c', 'op', 'da', 'db'], ['db'], []]) assert.deepEqual(web.parseParts(web.formatParts(parts)), parts);
  // Written in SHAPE_PARTS' order whatever order they were given in.
  assert.equal(web.formatParts(['op', 'b']), 'b,op');
  assert.equal(web.formatParts([]), 'none');
  assert.deepEqual(web.parseParts('op,b'), ['b', 'op']);
  for (const bad of ['', 'a,a', 'x', 'a,,b', 'A', 'a, b', '3-5']) assert.equal(web.parseParts(bad), null, bad);
  assert.deepEqual(web.allowedPatch({ a: '2', b: '3', tb: '.T', op: 'mul', lang: 'zh', da: 'int64' }, ['b']), { b: '3', tb: '.T', lang: 'zh' });
  assert.deepEqual([...web.lockedFields(['a', 'b', 'c', 'op', 'da', 'db'])], []);
});

test('an exercise read from a link: what each mode takes, and what it reports and ignores', () => {
  const read = (hash, mode) => {
    const params = new URLSearchParams(hash);
    return web.readExercise((k) => params.get(k), mode);
  };
  assert.deepEqual(read('goal=shape.d.4x3&edit=3-5,8', 'code'), { exercise: { goal: { kind: 'shape', name: 'd', shape: [4, 3] }, edit: { mode: 'code', lines: [[3, 5], [8, 8]] } }, problems: [] });
  assert.deepEqual(read('goal=grad.b.1x3&edit=b,db', 'shapes'), { exercise: { goal: { kind: 'grad', name: 'b', shape: [1, 3] }, edit: { mode: 'shapes', parts: ['b', 'db'] } }, problems: [] });
  // No edit: everything may be edited; no goal: no exercise and nothing to say.
  assert.deepEqual(read('goal=runs', 'shapes').exercise.edit, { mode: 'shapes', parts: ['a', 'b', 'c', 'op', 'da', 'db'] });
  assert.deepEqual(read('goal=runs', 'code').exercise.edit, { mode: 'code', lines: [] });
  assert.deepEqual(read('a=3', 'code'), { exercise: null, problems: [] });
  const refused = (key, text) => ({ kind: 'value', key, text, instead: null });
  // Broken text, a goal the mode cannot check, an edit of the other mode, an edit without a goal.
  assert.deepEqual(read('goal=shape.d.4x&edit=3', 'code'), { exercise: null, problems: [refused('goal', 'shape.d.4x'), refused('edit', '3')] });
  assert.deepEqual(read('goal=shape.d.4x3', 'shapes'), { exercise: null, problems: [refused('goal', 'shape.d.4x3')] });
  assert.deepEqual(read('goal=grad.c.3', 'shapes').problems, [refused('goal', 'grad.c.3')]);
  assert.deepEqual(read('goal=runs&edit=3-5', 'shapes'), { exercise: { goal: { kind: 'runs' }, edit: { mode: 'shapes', parts: ['a', 'b', 'c', 'op', 'da', 'db'] } }, problems: [refused('edit', '3-5')] });
  assert.deepEqual(read('goal=runs&edit=b', 'code').problems, [refused('edit', 'b')]);
  assert.deepEqual(read('edit=3', 'code'), { exercise: null, problems: [refused('edit', '3')] });
  // A predict goal in either mode (the code mode's is scored by its predict switch).
  assert.deepEqual(read('goal=predict', 'code'), { exercise: { goal: { kind: 'predict' }, edit: { mode: 'code', lines: [] } }, problems: [] });
  assert.deepEqual(read('goal=predict', 'shapes').exercise.goal, { kind: 'predict' });
  // What the page writes, it reads back: the link's keys and the element's attributes.
  for (const [exercise, mode] of [
    [{ goal: { kind: 'shape', name: 'd', shape: [4, 3] }, edit: { mode: 'code', lines: [[3, 3], [5, 9]] } }, 'code'],
    [{ goal: { kind: 'grad', name: 'w', shape: [] }, edit: { mode: 'code', lines: [] } }, 'code'],
    [{ goal: { kind: 'shape', name: 'out', shape: [0, 2] }, edit: { mode: 'shapes', parts: ['b', 'op'] } }, 'shapes'],
    [{ goal: { kind: 'predict' }, edit: { mode: 'shapes', parts: ['a', 'b', 'c', 'op', 'da', 'db'] } }, 'shapes'],
    [{ goal: { kind: 'predict' }, edit: { mode: 'shapes', parts: [] } }, 'shapes'],
  ]) {
    const part = web.exerciseLinkPart(exercise);
    assert.deepEqual(read(part.slice(1), mode), { exercise, problems: [] }, part);
    const attrs = new Map(web.exerciseAttributes(exercise));
    assert.deepEqual(web.readExercise((k) => attrs.get(k) ?? null, mode), { exercise, problems: [] });
  }
  assert.equal(web.exerciseLinkPart({ goal: { kind: 'runs' }, edit: { mode: 'shapes', parts: ['b'] } }), '&goal=runs&edit=b');
  assert.equal(web.exerciseLinkPart({ goal: { kind: 'predict' }, edit: { mode: 'shapes', parts: [] } }), '&goal=predict&edit=none');
  assert.equal(web.exerciseLinkPart({ goal: { kind: 'predict' }, edit: { mode: 'shapes', parts: ['a', 'b', 'c', 'op', 'da', 'db'] } }), '&goal=predict');
  assert.equal(web.exerciseLinkPart(null), '');
});

test('two-shape goals are read from what the core computed for the state', () => {
  const check = (goal, hash) => web.checkShapesGoal(goal, modelAt(hash).computation);
  const out43 = { kind: 'shape', name: 'out', shape: [4, 3] };
  assert.deepEqual(check({ kind: 'runs' }, 'a=4,3&b=3,1'), { met: false, why: 'op-error' });
  assert.deepEqual(check(out43, 'a=4,3&b=3,1'), { met: false, why: 'op-error' });
  assert.deepEqual(check({ kind: 'runs' }, 'a=4,3&b=1,3'), { met: true });
  assert.deepEqual(check(out43, 'a=4,3&b=1,3'), { met: true });
  assert.deepEqual(check(out43, 'a=4,1&b=1,3&op=mul'), { met: true });
  assert.deepEqual(check(out43, 'a=2,4,3&b=3'), { met: false, why: 'shape', name: 'out', shape: [2, 4, 3] });
  assert.deepEqual(check(out43, 'a=4,x&b=3'), { met: false, why: 'inputs' });
  // b.grad: the gradient's reduction to b's shape, as the page's gradient view computes it.
  assert.deepEqual(check({ kind: 'grad', name: 'b', shape: [1, 3] }, 'a=4,3&b=1,3&op=mul'), { met: true });
  assert.deepEqual(check({ kind: 'grad', name: 'b', shape: [1, 3] }, 'a=4,3&b=4,1&op=mul'), { met: false, why: 'shape', name: 'b', shape: [4, 1] });
  // An integer operand cannot require grad: no .grad to read.
  assert.deepEqual(check({ kind: 'grad', name: 'b', shape: [3] }, 'a=4,3&b=3&db=int64'), { met: false, why: 'no-grad', name: 'b' });
  // Too big for the page to run: PyTorch would run it, and the shape is known.
  assert.deepEqual(check({ kind: 'shape', name: 'out', shape: [100000, 100000] }, 'a=100000,1&b=100000'), { met: true });
});

test('the predict goal: every question answered and right', () => {
  assert.equal(web.predictMet(null), false);
  assert.equal(web.predictMet({ asked: 0, answered: 0, right: 0 }), false);
  assert.equal(web.predictMet({ asked: 3, answered: 2, right: 2 }), false);
  assert.equal(web.predictMet({ asked: 3, answered: 3, right: 2 }), false);
  assert.equal(web.predictMet({ asked: 3, answered: 3, right: 3 }), true);
  const model = modelAt('a=4,1&b=3&op=add&view=align&predict=1');
  const score = web.shapesPredictScore(model);
  assert.ok(score.asked > 1);
  assert.deepEqual(score, { asked: score.asked, answered: 0, right: 0 });
  // Every question answered with the core's own answer: met.
  for (let i = 0; i < model.steps.length; i++) {
    model.goTo(i);
    for (const q of model.questionsAt(i)) model.predictions.give(q, q.kind === 'result' ? q.answer : { kind: 'verdict', verdict: q.answer });
  }
  assert.deepEqual(web.shapesPredictScore(model), { asked: score.asked, answered: score.asked, right: score.asked });
});

test('the form: what it makes, which field is wrong, and how attempts are counted', () => {
  assert.deepEqual(web.readFormShape('(4, 3)'), [4, 3]);
  assert.deepEqual(web.readFormShape('4x3'), [4, 3]);
  assert.deepEqual(web.readFormShape('(3,)'), [3]);
  assert.deepEqual(web.readFormShape('()'), []);
  for (const bad of ['4,,3', 'a', '-1', '4.5']) assert.equal(web.readFormShape(bad), null, bad);
  const form = { lines: '3-5, 8', parts: ['op', 'b'], kind: 'shape', name: 'd', shape: '4, 3' };
  assert.deepEqual(web.formExercise(form, 'code'), { goal: { kind: 'shape', name: 'd', shape: [4, 3] }, edit: { mode: 'code', lines: [[3, 5], [8, 8]] } });
  assert.deepEqual(web.formExercise(form, 'shapes'), { goal: { kind: 'shape', name: 'out', shape: [4, 3] }, edit: { mode: 'shapes', parts: ['b', 'op'] } });
  assert.deepEqual(web.formExercise({ ...form, lines: '5-3' }, 'code'), { bad: 'lines' });
  assert.deepEqual(web.formExercise({ ...form, name: '2d' }, 'code'), { bad: 'name' });
  assert.deepEqual(web.formExercise({ ...form, kind: 'grad', name: 'c' }, 'shapes'), { bad: 'name' });
  assert.deepEqual(web.formExercise({ ...form, shape: '4,x' }, 'code'), { bad: 'shape' });
  // Attempts (Note [Exercise attempts]): the state opened is none; an event at the first and at each change of verdict.
  const page = new web.ExercisePage();
  page.open({ goal: { kind: 'shape', name: 'out', shape: [4, 3] }, edit: { mode: 'shapes', parts: ['b'] } });
  const at = (hash) => {
    const model = modelAt(hash);
    return page.attempt(model, null, page.verdict(model, null, null), null);
  };
  assert.equal(at('a=4,3&b=3,1'), null);
  assert.deepEqual(at('a=4,3&b=4'), { kind: 'exercise', id: 'shape.out.4x3', passed: false, attempts: 1, hintsUsed: 0 });
  assert.equal(at('a=4,3&b=5'), null);
  assert.equal(at('a=4,3&b=5'), null);
  assert.deepEqual(at('a=4,3&b=3'), { kind: 'exercise', id: 'shape.out.4x3', passed: true, attempts: 3, hintsUsed: 0 });
  assert.equal(page.attemptCount, 3);
});
