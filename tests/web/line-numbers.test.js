// A Python number in a program's op is drawn as that number (b = 2.5), and
// the dtype block says it is a plain number whose category stands as
// float32 (a float), int64 (an int) or bool, as PyTorch promotes it: `x *
// 2.5` on int64 is float32, never float64. Expected dtypes and values come
// from PyTorch (tests/js/fixtures/line-numbers, make_fixtures.py).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { init } from '../../dist/index.js';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/line-op', 'model/program', 'model/model', 'model/props', 'i18n/en', 'i18n/zh');
const tc = await init();
const CASES = JSON.parse(readFileSync(new URL('../js/fixtures/line-numbers/line-numbers.json', import.meta.url), 'utf8'));

function opened(code, line) {
  const program = web.runProgram(tc, code, line);
  const statement = web.statementAt(program, line);
  const lineOp = web.lineOp(statement, program);
  const model = new web.PlaygroundModel(tc, { ...web.DEFAULT_STATE, mode: 'code', view: 'align' });
  model.showLine(lineOp, web.lineState(lineOp));
  return { program, statement, lineOp, c: model.computation };
}

test('a Python number is an operand drawn as itself, with its category\'s dtype in the dtype block', () => {
  for (const fixture of CASES) {
    const { program, statement, lineOp, c } = opened(fixture.code, fixture.line);
    const number = lineOp.operands.find((o) => o.number !== null);
    assert.ok(number, fixture.name);
    assert.equal(Number(number.number), fixture.number, fixture.name);
    assert.equal(c.operands[1].number, number.number, fixture.name);
    assert.deepEqual([c.run.dtype, [...c.run.values]], [fixture.dtype, fixture.values.map(Number)], fixture.name);
    const statements = c.promotion;
    const b = statements.find((s) => s.kind === 'operand' && s.name === 'b');
    assert.deepEqual(b.number, { text: number.number, dtype: fixture.numberDtype }, fixture.name);
    assert.equal(statements.find((s) => s.kind === 'rule').result, fixture.dtype, fixture.name);
    // The heading's "b is 2.5".
    assert.deepEqual(web.operandSources(program, statement), ['x', number.number], fixture.name);
  }
});

test('the words: x * 2.5 on int64 says b is 2.5, a float standing as float32, in en and zh', () => {
  const [fixture] = CASES;
  const { c } = opened(fixture.code, fixture.line);
  const b = c.promotion.find((s) => s.kind === 'operand' && s.name === 'b');
  assert.equal(web.en.promotion.number('b', b.number.text, b.number.dtype), 'b is 2.5, a plain Python number: only its kind counts (a float, which stands as float32).');
  assert.equal(web.zh.promotion.number('b', b.number.text, b.number.dtype), 'b 是 2.5，一个普通的 Python 数字：只看它是哪一种数（浮点数，按 float32 算）。');
  assert.doesNotMatch(web.en.promotion.number('b', '2.5', 'float32'), /float64/);
});
