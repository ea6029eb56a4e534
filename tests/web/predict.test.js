// Predict mode's model (web/src/model/predict.ts and the model's use of it),
// in Node: the playground's model is TypeScript without DOM, so the test
// bundles it first (bundle.js). Answers come from the core's traces, never written here, except
// where a shape is the point of the test ((4,1) + (3,) is (4, 3) in PyTorch).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tc } from '../js/helpers.js';
import { loadWeb } from './bundle.js';

const M = await loadWeb('model/predict', 'model/model', 'model/compute', 'model/steps', 'model/props');

test('a typed shape is read the ways people write it (by the core’s grammar), and nothing else is', () => {
  const read = (text) => M.parseShapeGuess(tc, text);
  for (const text of ['4,3', '(4, 3)', '[4,3]', ' [ 4 , 3 ] ', 'torch.Size([4, 3])', '4 3', '（4，3）', '(4,3,)', '4x3', '4×3'])
    assert.deepEqual(read(text), [4, 3], text);
  assert.deepEqual(read('(4,)'), [4]);
  assert.deepEqual(read('4'), [4]);
  assert.deepEqual(read('()'), []);
  assert.deepEqual(read('[]'), []);
  assert.deepEqual(read('torch.Size([])'), []);
  assert.deepEqual(read('(0,)'), [0]);
  for (const text of ['', '   ', '4;3', '(4,3', '((4,3))', '4,,3', '-1', '4.5', '1e3', 'a', '__proto__', 'constructor', '4,3)',
    'Array(4)', '99999999999999999999', Array(17).fill('1').join(',')])
    assert.equal(read(text), null, JSON.stringify(text));
});

test('a dim’s verdict as the learner names it, from the rule the core applied', () => {
  assert.equal(M.verdictOf('equal'), 'equal');
  assert.equal(M.verdictOf('one'), 'stretched');
  assert.equal(M.verdictOf('missing'), 'stretched');
  assert.equal(M.verdictOf('mismatch'), 'error');
  // Every rule the core can report has a verdict.
  assert.deepEqual(M.VERDICTS, ['equal', 'stretched', 'error']);
});

const computation = (state) => new M.Computation(tc, { ...M.DEFAULT_STATE, ...state });

test('the alignment view asks each dim’s verdict at its step and the result at the last', () => {
  const c = computation({ a: '4,1', b: '3' });
  const steps = M.stepsFor('align', c);
  const asked = steps.map((s) => M.questionsAt(s, c));
  assert.deepEqual(asked.map((qs) => qs.map((q) => q.id)), [[], [], ['dim:0'], ['dim:1'], ['result']]);
  assert.deepEqual(asked.flat().filter((q) => q.kind === 'dim').map((q) => q.answer),
    c.broadcast.dims.map((d) => M.verdictOf(d.rule)));
  const result = asked[4][0];
  assert.deepEqual(result.answer, { kind: 'shape', shape: [4, 3] });
  assert.equal(M.isRight(result, { kind: 'shape', shape: [4, 3] }), true);
  assert.equal(M.isRight(result, { kind: 'shape', shape: [3, 4] }), false);
  assert.equal(M.isRight(result, { kind: 'shape', shape: [4, 3, 1] }), false);
  assert.equal(M.isRight(result, { kind: 'error' }), false);
});

test('a failing op: the answer is an error, asked where each view would show it', () => {
  const c = computation({ a: '2,3', b: '2' });
  assert.notEqual(c.error, null);
  const q = M.resultQuestion(c);
  assert.deepEqual(q.answer, { kind: 'error' });
  assert.equal(M.isRight(q, { kind: 'error' }), true);
  assert.equal(M.isRight(q, { kind: 'shape', shape: [2, 3] }), false);
  // Strides: no expand step, so the storage step (which says the broadcast failed) asks.
  const strides = M.stepsFor('strides', c);
  assert.deepEqual(strides.map((s) => M.questionsAt(s, c).map((x) => x.id)), [['result']]);
  // Gradient: no gradient flows; its one step asks.
  assert.deepEqual(M.stepsFor('grad', c).map((s) => M.questionsAt(s, c).map((x) => x.id)), [['result']]);
  // Inputs that cannot be read have nothing to predict.
  const unreadable = computation({ a: '2,x', b: '2' });
  assert.equal(M.resultQuestion(unreadable), null);
  assert.deepEqual(M.stepsFor('align', unreadable).flatMap((s) => M.questionsAt(s, unreadable)), []);
});

test('the gradient view asks each .grad shape at the step that first draws it', () => {
  const c = computation({ a: '2,1,3', b: '4,1', op: 'mul' });
  const steps = M.stepsFor('grad', c);
  const asked = steps.map((s) => M.questionsAt(s, c).map((q) => q.id));
  assert.deepEqual(steps.map((s) => s.kind), ['forward', 'incoming', 'leading', 'ones', 'view']);
  // a's size-1 dim is summed (no view); b has a dim added in front, so its .grad is a view.
  assert.deepEqual(asked, [['result'], [], [], ['grad:a'], ['grad:b']]);
  const grads = steps.flatMap((s) => M.questionsAt(s, c)).filter((q) => q.kind === 'grad');
  assert.deepEqual(grads.map((q) => q.answer), c.gradient.inputs.map((i) => i.grad.shape));
  // An input of out's shape needs no sum: its .grad is drawn with the incoming gradients; b's comes with the view.
  const same = computation({ a: '2,3', b: '3', op: 'add' });
  assert.deepEqual(M.stepsFor('grad', same).map((s) => M.questionsAt(s, same).map((q) => q.id)), [['result'], ['grad:a'], [], [], ['grad:b']]);
});

test('the model holds at an open question, records a prediction once, and starts over on new inputs', () => {
  const model = new M.PlaygroundModel(tc, { ...M.DEFAULT_STATE, a: '4,1', b: '3', view: 'align', predict: '1' });
  // A link without a step opens at the first step in predict mode.
  assert.equal(model.stepIndex, 0);
  assert.equal(model.resultHidden, true);
  // End goes no further than the first question.
  model.goTo(model.steps.length - 1);
  assert.equal(model.stepIndex, 2);
  assert.equal(model.next(), false);
  assert.equal(model.pendingAt(2).id, 'dim:0');
  // Wrong, and the step reveals; answering again changes nothing.
  const wrong = model.predict({ kind: 'verdict', verdict: 'equal' });
  assert.equal(wrong.right, false);
  assert.equal(model.pendingAt(2), null);
  assert.equal(model.predictions.get('dim:0').right, false);
  assert.equal(model.predict({ kind: 'verdict', verdict: 'stretched' }), null);
  assert.equal(model.next(), true);
  assert.equal(model.predict({ kind: 'verdict', verdict: 'stretched' }).right, true);
  model.next();
  // Text that is not a shape is not a prediction: remembered for the message, the step stays closed.
  assert.equal(model.predict('4;3'), null);
  assert.deepEqual(model.predictions.unreadable, { id: 'result', text: '4;3' });
  assert.equal(model.resultHidden, true);
  assert.equal(model.predict('(4, 3)').right, true);
  assert.equal(model.predictions.unreadable, null);
  assert.equal(model.resultHidden, false);
  assert.equal(model.atEnd, true);
  // New inputs: the predictions go, and the walk starts over.
  model.update({ b: '1' });
  assert.equal(model.stepIndex, 0);
  assert.equal(model.predictions.get('result'), undefined);
  // Off, nothing is asked and a new view opens on its last step as before.
  model.update({ predict: '0' });
  assert.deepEqual(model.questionsAt(model.steps.length - 1), []);
  model.update({ view: 'strides' });
  assert.equal(model.atEnd, true);
  // Turned on again, it starts from the first step.
  model.update({ predict: '1' });
  assert.equal(model.stepIndex, 0);
});
