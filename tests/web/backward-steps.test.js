// The backward view shows each step's gradient values beside its shapes,
// from the program's record only (Note [Call gradients] in
// src/lang/program.h: ProgramCall.steps of a backward() the run was asked
// about, or ProgramCall.grads of the asked line's calls), never computed
// again. Expected values come from PyTorch 1.13
// (tests/js/fixtures/backward-steps, make_fixtures.py).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { init } from '../../dist/index.js';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/program-graph', 'model/program', 'model/operands', 'views/program-backward', 'i18n/en', 'i18n/zh');
const tc = await init();
const CASES = JSON.parse(readFileSync(new URL('../js/fixtures/backward-steps/backward-steps.json', import.meta.url), 'utf8'));

const flat = (v) => web.stridedValues(v.cells, v.shape, v.strides, v.offset);

/** The last step of the graph's backward passes whose input is bound to name. */
function stepTo(graph, name) {
  const steps = web.backwardPlaySteps(graph).filter((s) => s.kind === 'reduce' && graph.backward[s.pass].steps[s.index].step.name === name);
  assert.ok(steps.length > 0, name);
  return steps[steps.length - 1];
}

test('a backward() asked about hands back each step’s numbers, one per reduce-grad event, as PyTorch computes them', () => {
  for (const c of CASES) {
    const program = web.runProgram(tc, c.code, c.line);
    const call = web.statementAt(program, c.line).calls.find((k) => k.op.endsWith('backward'));
    assert.equal(call.steps.length, call.traces.filter((e) => e.kind === 'reduce-grad').length, c.name);
    const graph = web.programGraph(program);
    for (const [name, want] of Object.entries(c.steps)) {
      const v = web.stepValues(program, graph, stepTo(graph, name));
      assert.ok(v, `${c.name}: ${name}`);
      assert.deepEqual(v.incoming.shape, want.incoming.shape, `${c.name}: ${name} incoming`);
      assert.deepEqual(flat(v.incoming), want.incoming.values, `${c.name}: ${name} incoming`);
      assert.deepEqual(v.reduced.shape, want.reduced.shape, `${c.name}: ${name} reduced`);
      assert.deepEqual(flat(v.reduced), want.reduced.values, `${c.name}: ${name} reduced`);
    }
    assert.equal(web.passHasValues(program, graph, 0), true);
  }
});

test('the step’s values in words: what arrives, and what the input receives when it was summed', () => {
  const c = CASES[0];
  const program = web.runProgram(tc, c.code, c.line);
  const graph = web.programGraph(program);
  const step = stepTo(graph, 'w');
  const rows = web.stepValueRows(web.en, graph, step, web.stepValues(program, graph, step));
  assert.equal(rows.length, 2);
  assert.equal(rows[0].label, 'The gradient as it arrives, (2, 3, 4):');
  assert.equal(rows[1].label, 'What w.grad receives, (3, 1):');
  // PyTorch's w.grad, as nested lists.
  const [a, b, d] = c.steps.w.reduced.values;
  assert.equal(rows[1].text, `[[${a}], [${b}], [${d}]]`);
  assert.match(rows[0].text, /^\[\[\[-10, -20, -30, -40\], /);
  const zh = web.stepValueRows(web.zh, graph, step, web.stepValues(program, graph, step));
  assert.equal(zh[1].label, 'w.grad 得到的值，形状 (3, 1)：');
  // Too many elements to list: the shape alone.
  assert.equal(web.valuesText({ ...c.steps.w.reduced, shape: [web.MAX_LISTED + 1], strides: [1], offset: 0, dtype: 'float32', complete: true, cells: new Array(web.MAX_LISTED + 1).fill(0) }), null);
});

test('a run not asked about the backward() line holds no step numbers, but the asked line’s own (Note [Call gradients])', () => {
  const c = CASES[0];
  const none = web.runProgram(tc, c.code);
  const g = web.programGraph(none);
  assert.equal(web.stepValues(none, g, stepTo(g, 'w')), null);
  assert.equal(web.passHasValues(none, g, 0), false);
  // Asked about loss = (d * w).sum(): the mul's gradients reach w's step, the same numbers.
  const asked = web.runProgram(tc, c.code, 7);
  const ga = web.programGraph(asked);
  const v = web.stepValues(asked, ga, stepTo(ga, 'w'));
  assert.deepEqual(flat(v.reduced), c.steps.w.reduced.values);
  assert.deepEqual(flat(v.incoming), c.steps.w.incoming.values);
});
