// A program's line in the views shows the program's own values (Note [Call
// values] in src/lang/program.h; web/src/model/line-op.ts): the operands,
// the result, the strides view's storage and reads, the gradient, the
// in-place check and a failed broadcast's fixes all start from what the
// program held, never from values made up for the views, and the op is not
// run again (its trace is the program's own object). Expected values come
// from PyTorch (tests/js/fixtures/call-values, make_fixtures.py).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { init } from '../../dist/index.js';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/line-op', 'model/program', 'model/model', 'model/props');
const tc = await init();
const CASES = JSON.parse(readFileSync(new URL('../js/fixtures/call-values/call-values.json', import.meta.url), 'utf8'));
const number = (c) => (c === 'nan' ? NaN : c === 'inf' ? Infinity : c === '-inf' ? -Infinity : c);
const numbers = (list) => list.map(number);
const caseNamed = (name) => CASES.find((c) => c.name === name);

/** The code mode's model showing `line` of `code`, as the page opens it (code-mode.ts, playground.ts). */
function opened(code, line, view = 'align') {
  const program = web.runProgram(tc, code, line);
  const statement = web.statementAt(program, line);
  const lineOp = web.lineOp(statement);
  assert.ok(lineOp !== null, `line ${line} opens an op`);
  const model = new web.PlaygroundModel(tc, { ...web.DEFAULT_STATE, mode: 'code', view });
  model.showLine(lineOp, web.lineState(lineOp));
  return { program, statement, lineOp, model, c: model.computation };
}

test('x + torch.tensor([10., 20.]): the views show 1, 2, 3, 4 and 10, 20 and 11, 22, 13, 24, never 0..3', () => {
  const fixture = caseNamed('broadcast add');
  const { statement, c } = opened(fixture.code, fixture.line);
  assert.deepEqual(c.operands.map((o) => [...o.values]), fixture.inputs.map((t) => numbers(t.values)));
  assert.deepEqual([...c.run.values], numbers(fixture.outputs[0].values));
  // The program's trace object itself: the op did not run again.
  assert.equal(c.run.trace, statement.traces.find((e) => e.kind === 'op'));
  assert.equal(c.run.fromProgram, true);
  for (const o of c.operands) assert.notDeepEqual([...o.values], o.values.map((_, i) => i), `${o.name} is not arange`);
  assert.equal(c.error, null);
  assert.deepEqual(c.resultShape, fixture.outputs[0].shape);
});

test('the strides view reads the program\'s storage: a transposed operand, a slice with an offset, a number', () => {
  for (const name of ['a transposed operand and a number', 'a slice with an offset', 'broadcast add']) {
    const fixture = caseNamed(name);
    const { c } = opened(fixture.code, fixture.line, 'strides');
    const s = c.strides;
    fixture.inputs.forEach((t, i) => {
      const input = s.inputs[i];
      assert.deepEqual([input.strides, input.offset], [t.strides, t.offset], `${name}: ${i}`);
      assert.deepEqual([...input.storage], numbers(t.cells), `${name}: storage ${i}`);
      assert.deepEqual([...input.read], numbers(t.read), `${name}: reads ${i}`);
      // Each read is the storage cell the op's expanded strides point at.
      assert.deepEqual([...input.cell].map((k) => input.storage[k]), [...input.read], `${name}: cells ${i}`);
    });
    assert.deepEqual([...s.out.values], numbers(fixture.outputs[0].values), name);
    assert.deepEqual(s.out.strides, fixture.outputs[0].strides, name);
  }
  // x.T * 2: the 2 is the op's second operand, a number, as the trace says.
  const { c } = opened(caseNamed('a transposed operand and a number').code, 3, 'strides');
  assert.deepEqual(c.operands.map((o) => [o.shape, o.dtype, [...o.values]]), [[[2, 2], 'float32', [1, 3, 2, 4]], [[], 'int64', [2]]]);
});

test('the gradient view differentiates the program\'s values: x * b gives x.grad = b and b.grad = x.sum(0), as PyTorch does', () => {
  const fixture = caseNamed('broadcast mul, with its gradients');
  const { c } = opened(fixture.code, fixture.line, 'grad');
  const g = c.gradient;
  assert.equal(g.ok, true);
  assert.deepEqual(g.inputs.map((i) => [...i.grad.values]), fixture.grads);
});

test('torch.add(x, b, alpha=2): the result, and b.grad = 2 * 2, with the program\'s alpha from the op\'s trace', () => {
  const fixture = caseNamed('add with alpha, with its gradients');
  const { c } = opened(fixture.code, fixture.line, 'grad');
  assert.equal(c.run.trace.alpha, '2');
  assert.equal(c.alpha, 2);
  assert.deepEqual([...c.run.values], numbers(fixture.outputs[0].values));
  assert.deepEqual(c.gradient.inputs.map((i) => [...i.grad.values]), fixture.grads);
});

test('in place, int64, bool, nan and inf: the program\'s values before and after', () => {
  const inplace = caseNamed('in place: the input before, the output after');
  let { c } = opened(inplace.code, inplace.line);
  assert.equal(c.op, 'add_');
  assert.deepEqual(c.operands.map((o) => [...o.values]), inplace.inputs.map((t) => numbers(t.values)));
  assert.deepEqual([...c.run.values], numbers(inplace.outputs[0].values));
  const ints = caseNamed('int64 and bool');
  ({ c } = opened(ints.code, ints.line));
  assert.deepEqual(c.operands.map((o) => [o.dtype, [...o.values]]), ints.inputs.map((t) => [t.dtype, numbers(t.values)]));
  assert.deepEqual([c.run.dtype, [...c.run.values]], [ints.outputs[0].dtype, numbers(ints.outputs[0].values)]);
  const nan = caseNamed('nan and inf');
  ({ c } = opened(nan.code, nan.line));
  assert.deepEqual([...c.run.values], numbers(nan.outputs[0].values));
});

test('a line that raised in its broadcast: the program\'s operands, PyTorch\'s message, and fixes made from the program\'s values', () => {
  const code = 'import torch\nx = torch.tensor([[1., 2., 3.], [4., 5., 6.]])\nb = torch.tensor([7., 8.])\ny = x + b\n';
  const { program, c } = opened(code, 4);
  assert.equal(c.run.trace, null);
  assert.equal(c.error, program.error.message);
  assert.deepEqual(c.operands.map((o) => [...o.values]), [[1, 2, 3, 4, 5, 6], [7, 8]]);
  assert.equal(c.fixMode, 'error');
  assert.ok(c.fixes.length > 0);
});

test('a tensor the program handed back no values of (past 4096 cells): shapes and strides, no made-up values', () => {
  const code = 'import torch\nx = torch.ones(65, 64)\ny = x + torch.ones(64)\n';
  const { c } = opened(code, 3, 'strides');
  assert.equal(c.valuesOnlyMissing, true);
  assert.equal(c.blocker.kind, 'operand');
  assert.equal(c.blocker.operand.problem.kind, 'not-kept');
  assert.equal(c.operands[0].values, null);
  assert.deepEqual(c.strides.inputs[0].strides, [64, 1]);
  assert.equal(c.strides.inputs[0].storage, null);
  assert.deepEqual(c.resultShape, [65, 64]);
});

test('another line with the same shapes shows its own values; the two-shape mode shows its own inputs again', () => {
  const code = 'import torch\nx = torch.tensor([1., 2.])\ny = x + x\nz = y + y\n';
  const program = web.runProgram(tc, code, 3);
  const model = new web.PlaygroundModel(tc, { ...web.DEFAULT_STATE, mode: 'code' });
  const three = web.lineOp(web.statementAt(program, 3));
  model.showLine(three, web.lineState(three));
  assert.deepEqual([...model.computation.run.values], [2, 4]);
  const again = web.runProgram(tc, code, 4);
  const four = web.lineOp(web.statementAt(again, 4));
  assert.equal(model.showLine(four, web.lineState(four)), true);
  assert.deepEqual([...model.computation.run.values], [4, 8]);
  model.update({ mode: 'shapes' });
  assert.equal(model.computation.fromProgram, false);
});
