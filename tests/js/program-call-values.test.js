// The values a program's calls hand back (Note [Call values] in
// src/lang/program.h): tc.run(code, { valuesAt: line }) gives the calls of
// that line's statement each tensor's geometry and storage cells, inputs as
// the call found them and outputs as it left them, as PyTorch has them
// (tests/js/fixtures/call-values, written by PyTorch itself); numbers
// among an op's operands are in its trace; other lines hand back nothing;
// a big tensor hands back no cells, and asking changes nothing else.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { tc, throwsTc } from './helpers.js';

const CASES = JSON.parse(readFileSync(new URL('fixtures/call-values/call-values.json', import.meta.url), 'utf8'));

function withRun(code, options, check) {
  const p = tc.run(code, options);
  try {
    return check(p);
  } finally {
    p.dispose();
  }
}

// PyTorch's cells as numbers: 'nan', 'inf' and '-inf' are how the fixture writes those.
const number = (c) => (c === 'nan' ? NaN : c === 'inf' ? Infinity : c === '-inf' ? -Infinity : c);

function sameTensor(actual, expected, where) {
  assert.deepEqual(
    { shape: actual.shape, strides: actual.strides, offset: actual.offset, dtype: actual.dtype, complete: actual.complete },
    { shape: expected.shape, strides: expected.strides, offset: expected.offset, dtype: expected.dtype, complete: true }, where);
  assert.deepEqual(actual.cells, expected.cells.map(number), `${where}: cells`);
}

test('each tensor of the asked line\'s call, as PyTorch has it: geometry and storage cells, inputs before the line and outputs after', () => {
  assert.ok(CASES.length >= 6);
  for (const c of CASES) {
    withRun(c.code, { valuesAt: c.line }, (p) => {
      assert.equal(p.error, null, `${c.name}: ${p.error?.message}`);
      const statement = p.statements.find((s) => s.line === c.line);
      const call = statement.calls.find((k) => k.op === c.op);
      assert.ok(call, `${c.name}: a call ${c.op}`);
      assert.equal(call.inputValues.length, call.inputs.length, c.name);
      assert.equal(call.outputValues.length, call.outputs.length, c.name);
      c.inputs.forEach((t, i) => sameTensor(call.inputValues[i], t, `${c.name}: input ${i}`));
      c.outputs.forEach((t, i) => sameTensor(call.outputValues[i], t, `${c.name}: output ${i}`));
    });
  }
});

test('a number among an op\'s operands is in its trace; a tensor has none there', () => {
  withRun('import torch\nx = torch.ones(2)\ny = x * 2\nz = x - 0.25\nw = x + True\nv = x + x\n', undefined, (p) => {
    const numbers = p.statements.slice(2).map((s) => s.traces.find((e) => e.kind === 'op').promotion.operands.map((o) => o.number));
    assert.deepEqual(numbers, [[null, '2'], [null, '0.25'], [null, '1'], [null, null]]);
  });
});

test('add\'s and sub\'s alpha is in the op\'s trace; other ops have none', () => {
  withRun('import torch\nx = torch.ones(2)\na = torch.add(x, x, alpha=2)\nb = x.sub(x, alpha=0.5)\nc = x + x\nd = x * x\nx.add_(x, alpha=-3)\n', undefined, (p) => {
    assert.deepEqual(p.statements.slice(2).map((s) => s.traces.find((e) => e.kind === 'op').alpha), ['2', '0.5', '1', null, '-3']);
  });
});

test('only the asked line\'s calls hand back values; a multi-line statement is asked by any of its lines', () => {
  const code = 'import torch\nx = torch.ones(2, 2)\ny = (x +\n     x)\nz = y * y\n';
  for (const [line, holding] of [[undefined, null], [2, 2], [4, 3], [5, 5], [99, null]]) {
    withRun(code, line === undefined ? undefined : { valuesAt: line }, (p) => {
      for (const s of p.statements)
        for (const call of s.calls) {
          const held = call.inputValues.length + call.outputValues.length > 0;
          assert.equal(held, s.line === holding, `valuesAt ${line}: line ${s.line}'s ${call.op}`);
        }
    });
  }
});

test('a tensor past 4096 cells hands back none, and a line at most 65536 in all; asking changes nothing else', () => {
  const code = 'import torch\nb = torch.ones(64, 64)\nc = b + 1\nd = torch.ones(65, 64) + 1\n' +
    `e = ${Array.from({ length: 20 }, () => 'b').join(' + ')}\n`;
  withRun(code, { valuesAt: 3 }, (p) => {
    const call = p.statements[2].calls[0];
    assert.deepEqual([call.inputValues[0].complete, call.inputValues[0].cells.length], [true, 4096]);
  });
  withRun(code, { valuesAt: 4 }, (p) => {
    const add = p.statements[3].calls.find((k) => k.op === 'add');
    assert.deepEqual(add.inputValues.map((v) => [v.complete, v.cells.length, v.shape]), [[false, 0, [65, 64]]]);
  });
  withRun(code, { valuesAt: 5 }, (p) => {
    // 19 adds, each 3 tensors of 4096 cells: the line's 65536 run out after 16 of them.
    const held = p.statements[4].calls.flatMap((k) => [...k.inputValues, ...k.outputValues]);
    assert.equal(held.length, 57);
    assert.equal(held.filter((v) => v.complete).length, 16);
    assert.deepEqual(held.slice(16).map((v) => v.cells.length), new Array(41).fill(0));
  });
  const plain = tc.run(code);
  const asked = tc.run(code, { valuesAt: 5 });
  try {
    assert.equal(asked.work, plain.work);
    assert.equal(asked.printed, plain.printed);
    assert.deepEqual(asked.statements.map((s) => s.traces), plain.statements.map((s) => s.traces));
  } finally {
    plain.dispose();
    asked.dispose();
  }
});

test('valuesAt is checked as the limits are', () => {
  throwsTc(() => tc.run('x = 1', { valuesAt: 'a' }), 'type', "run(): argument 'valuesAt' must be an integer, not string");
  throwsTc(() => tc.run('x = 1', { valuesAt: 0 }), 'value', 'run(): valuesAt must be at least 1, not 0');
  withRun('import torch\nx = torch.ones(1) + 1\n', { valuesAt: 2 ** 40 }, (p) => assert.deepEqual(p.statements[1].calls[1].inputValues, []));
});
