// A line of several calls opens on the one a student means (the @ of
// q @ k.transpose(-2, -1) / 3 ** 0.5, the - of x - x.mean(1)) and lists
// the others to pick; a call the elementwise views do not draw (matmul,
// reductions, indexing, cat and stack) is explained from its trace, and a
// (2x3) @ (4x3) refused by PyTorch gets the "did you mean W.T" hint.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { init } from '../../dist/index.js';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/line-op', 'model/program', 'model/call-explain', 'views/call-panel', 'i18n/en', 'i18n/zh');
const tc = await init();

function line(code, at) {
  const program = web.runProgram(tc, code, at);
  const statement = web.statementAt(program, at);
  const choices = web.lineChoices(program, statement);
  return { program, statement, choices, meant: web.meantCall(program, statement, choices) };
}

const ATTENTION = 'import torch\nq = torch.arange(6.).reshape(1, 2, 3)\nk = torch.ones(1, 4, 3)\nscores = q @ k.transpose(-2, -1) / 3 ** 0.5\n';

test('q @ k.transpose(-2, -1) / 3 ** 0.5 opens the matmul, and the division can be picked', () => {
  const { program, statement, choices, meant } = line(ATTENTION, 4);
  assert.deepEqual(choices.map((c) => [c.text, c.kind]), [['q @ k.transpose(-2, -1)', 'matmul'], ['q @ k.transpose(-2, -1) / 3 ** 0.5', 'elementwise']]);
  assert.equal(statement.calls[meant].op, 'matmul');
  const e = web.explainCall(program, statement.calls[meant]);
  assert.deepEqual([e.kind, e.a, e.b, e.out, e.trace.k], ['matmul', [1, 2, 3], [1, 3, 4], [1, 2, 4], 3]);
  const words = web.explanationLines(web.en, e, ['q', 'k.transpose(-2, -1)']);
  assert.match(words.join(' '), /dim 2 of a and dim 1 of b, both of size 3/);
  // The division, picked: the elementwise views open on it, with the number as a number.
  const div = choices[1].index;
  const op = web.lineOp(statement, program, div);
  assert.equal(op.op, 'div');
  assert.deepEqual(op.operands.map((o) => o.number), [null, '1.7320508075688772']);
});

test('x - x.mean(1) opens the subtraction; the mean is a reduction that says which dim goes and what keepdim would keep', () => {
  const { program, statement, choices, meant } = line('import torch\nx = torch.tensor([[1., 2., 3.], [2., 4., 6.]])\nc = x - x.mean(1, keepdim=True)\nd = x.mean(1)\n', 3);
  assert.equal(statement.calls[meant].op, 'sub');
  assert.deepEqual(choices.map((c) => c.kind), ['reduction', 'elementwise']);
  const mean = line(program.code, 4);
  const e = web.explainCall(mean.program, mean.statement.calls[mean.meant]);
  assert.deepEqual([e.kind, e.op, e.input, e.dims, e.keepdim, e.out], ['reduction', 'mean', [2, 3], [1], false, [2]]);
  assert.match(web.explanationLines(web.en, e, []).join(' '), /keepdim=True gives \(2, 1\)/);
  assert.match(web.explanationLines(web.zh, e, []).join(' '), /keepdim=True 得到 \(2, 1\)/);
});

test('(2x3) @ (4x3): PyTorch refuses it, and the hint is x @ W.T', () => {
  const { program, statement, meant } = line('import torch\nx = torch.ones(2, 3)\nW = torch.ones(4, 3)\ny = x @ W\n', 4);
  assert.match(program.error.message, /mat1 and mat2 shapes cannot be multiplied \(2x3 and 4x3\)/);
  const e = web.explainCall(program, statement.calls[meant]);
  assert.deepEqual([e.kind, e.transpose], ['matmul-failed', 'b']);
  const words = web.explanationLines(web.en, e, ['x', 'W']).join(' ');
  assert.match(words, /Did you mean x @ W\.T\? Transposed, that operand is \(3, 4\)/);
  // And it runs so: the hint is checked by running the edited line.
  assert.equal(web.runProgram(tc, program.code.replace('x @ W', 'x @ W.T'), null).error, null);
});

test('an index, a cat and a stack are explained from their traces and shapes', () => {
  const code = 'import torch\nq = torch.ones(2, 3)\nz = q[0, :, None]\nc = torch.cat([q, q], dim=1)\ns = torch.stack([q, q], dim=2)\nt = torch.stack([q, q], dim=1)\n';
  let { program, statement, meant } = line(code, 3);
  let e = web.explainCall(program, statement.calls[meant]);
  assert.deepEqual([e.kind, e.trace.view, e.out], ['index', true, [3, 1]]);
  ({ program, statement, meant } = line(code, 4));
  e = web.explainCall(program, statement.calls[meant]);
  assert.deepEqual([e.op, e.dim, e.out], ['cat', 1, [2, 6]]);
  ({ program, statement, meant } = line(code, 5));
  e = web.explainCall(program, statement.calls[meant]);
  assert.deepEqual([e.op, e.dim, e.out], ['stack', 2, [2, 3, 2]]);
  // (2, 2, 3) from two (2, 3): dim 0 or dim 1, the shapes do not say which, so the words name none.
  ({ program, statement, meant } = line(code, 6));
  e = web.explainCall(program, statement.calls[meant]);
  assert.deepEqual([e.op, e.dim], ['stack', null]);
});
