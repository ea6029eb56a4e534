// The gradient view of a program's line shows the gradients the program's
// own backward pass computed through the line's call (Note [Call
// gradients] in src/lang/program.h; programGradient in
// web/src/model/gradient.ts), never a backward run again on a loss made up
// for the view; an operand without a gradient, or a line no backward pass
// ran through, is said in words. Expected values come from PyTorch
// (tests/js/fixtures/call-grads, make_fixtures.py).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { init } from '../../dist/index.js';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/line-op', 'model/program', 'model/model', 'model/props', 'i18n/en', 'i18n/zh');
const tc = await init();
const CASES = JSON.parse(readFileSync(new URL('../js/fixtures/call-grads/call-grads.json', import.meta.url), 'utf8'));
const caseNamed = (start) => {
  const found = CASES.find((c) => c.name.startsWith(start));
  assert.ok(found, start);
  return found;
};

/** The call of the fixture's op on its line, as tc.run records it when asked about the line. */
function recorded(fixture) {
  const program = tc.run(fixture.code, { valuesAt: fixture.line });
  try {
    const statement = program.statements.find((s) => s.line === fixture.line);
    return statement.calls.find((c) => c.op === fixture.op);
  } finally {
    program.dispose();
  }
}

/** The gradient view's data for the fixture's line, as the code mode opens it. */
function gradientOf(fixture) {
  const program = web.runProgram(tc, fixture.code, fixture.line);
  const line = web.lineOp(web.statementAt(program, fixture.line), program);
  const model = new web.PlaygroundModel(tc, { ...web.DEFAULT_STATE, mode: 'code', view: 'grad' });
  model.showLine(line, web.lineState(line));
  return { line, g: model.computation.gradient, model };
}

const flat = (v) => {
  // a recorded tensor's values in row-major order
  const out = [];
  const numel = v.shape.reduce((p, n) => p * n, 1);
  const index = v.shape.map(() => 0);
  for (let i = 0; i < numel; i++) {
    out.push(v.cells[v.offset + index.reduce((at, k, d) => at + k * v.strides[d], 0)]);
    for (let d = v.shape.length - 1; d >= 0; d--) {
      if (++index[d] < v.shape[d]) break;
      index[d] = 0;
    }
  }
  return out;
};

test('tc.run records, for the asked line, the gradients PyTorch computes through its call', () => {
  for (const fixture of CASES) {
    const call = recorded(fixture);
    assert.ok(call, fixture.name);
    if (fixture.grads === null) {
      assert.equal(call.grads, null, fixture.name);
      continue;
    }
    assert.deepEqual([call.grads.result.shape, flat(call.grads.result)], [fixture.grads.result.shape, fixture.grads.result.values], fixture.name);
    fixture.grads.inputs.forEach((expected, i) => {
      const incoming = call.grads.inputs[i];
      const reduced = call.grads.reduced[i];
      if (expected === null) {
        assert.equal(incoming, null, `${fixture.name}: input ${i}`);
        assert.equal(reduced, null, `${fixture.name}: input ${i}`);
        return;
      }
      assert.deepEqual([incoming.shape, flat(incoming)], [expected.incoming.shape, expected.incoming.values], `${fixture.name}: input ${i}`);
      assert.deepEqual([reduced.shape, flat(reduced)], [expected.reduced.shape, expected.reduced.values], `${fixture.name}: input ${i}`);
    });
  }
});

test('another line asked about, or none: no call hands back gradients', () => {
  const fixture = caseNamed('the first example');
  for (const options of [undefined, { valuesAt: 5 }]) {
    const program = tc.run(fixture.code, options);
    try {
      for (const s of program.statements) for (const c of s.calls) if (s.line === fixture.line) assert.equal(c.grads, null);
    } finally {
      program.dispose();
    }
  }
});

test('the first example\'s line 7: w receives -188, -180, -172 as print(w.grad) says; d gets no gradient, in words', () => {
  const fixture = caseNamed('the first example');
  const { g } = gradientOf(fixture);
  assert.equal(g.ok, true);
  assert.deepEqual(g.program, { line: 8, source: 'loss.backward()' });
  // a is d (no requires_grad), b is w
  assert.deepEqual(g.inputs.map((i) => i.name), ['b']);
  assert.deepEqual(g.without, [{ name: 'a', dtype: 'float32', reason: 'requires-grad' }]);
  const [b] = g.inputs;
  const expected = fixture.grads.inputs[1];
  assert.deepEqual([...b.incoming.values], expected.incoming.values);
  assert.deepEqual([...b.grad.values], expected.reduced.values);
  assert.deepEqual([...g.dOut.values], fixture.grads.result.values);
  // The stages between: the leading dim summed, then the size-1 dim: their last is what w received.
  assert.deepEqual(b.afterLeading.shape, [1, 3, 4]);
  assert.deepEqual([...b.afterOnes.values], expected.reduced.values);
  for (const m of [web.en, web.zh]) assert.match(m.grad.notRequired(['a']), /requires_grad=True/);
});

test('a weighted loss, a result used twice, backward on the same line, x * x: the record\'s numbers, not out.sum()\'s', () => {
  for (const start of ['a weighted loss', 'a result used twice', 'backward on the same line', 'x * x']) {
    const fixture = caseNamed(start);
    const { g, line } = gradientOf(fixture);
    assert.equal(g.ok, true, start);
    assert.deepEqual([...g.dOut.values], fixture.grads.result.values, start);
    const byName = new Map(g.inputs.map((i) => [i.name, i]));
    line.operands.forEach((o, k) => {
      const expected = fixture.grads.inputs[o.input];
      const input = byName.get(['a', 'b'][k]);
      if (expected === null) {
        assert.equal(input, undefined, `${start}: operand ${k}`);
        return;
      }
      assert.deepEqual([...input.incoming.values], expected.incoming.values, `${start}: operand ${k}`);
      assert.deepEqual([input.grad.shape, [...input.grad.values]], [expected.reduced.shape, expected.reduced.values], `${start}: operand ${k}`);
    });
  }
});

test('a line no backward pass ran through: why, in words, and no gradient drawn', () => {
  let { g, model } = gradientOf(caseNamed('no backward after the line'));
  assert.deepEqual([g.ok, g.noBackward, g.lines, g.notRecorded], [false, true, [], false]);
  assert.deepEqual(model.steps.map((s) => s.kind), ['no-grad']);
  ({ g } = gradientOf(caseNamed('a backward that does not reach the line')));
  assert.deepEqual([g.ok, g.lines, g.notRecorded], [false, [5], false]);
  // Nothing on the line requires grad: autograd did not record it.
  ({ g } = gradientOf({ code: 'import torch\nx = torch.ones(2)\ny = x * torch.ones(3, 1)\n', line: 3 }));
  assert.deepEqual([g.ok, g.notRecorded], [false, true]);
  assert.deepEqual(g.without.map((w) => [w.name, w.reason]), [['a', 'requires-grad'], ['b', 'requires-grad']]);
  for (const m of [web.en, web.zh]) {
    assert.match(m.grad.noBackward([]), /backward\(\)/);
    assert.match(m.grad.noBackward([5]), /5/);
  }
});
