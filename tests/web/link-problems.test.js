// What a link or an embedding page asks for that the playground cannot show
// as asked (web/src/model/link-problems.ts, url.ts, code-link.ts): every
// fallback is reported, with what the page shows instead, and the notice's
// texts say it in both languages. And the exported SVG's text rule
// (Note [Text in exported SVG], web/src/diagram/svg.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/url', 'model/link-problems', 'model/props', 'model/limits', 'diagram/svg', 'i18n/en', 'i18n/zh');

test('a hash\'s keys that cannot be used are each reported, with the value used instead', () => {
  const { state, problems } = web.stateFromHashChecked('#a=2,3&b=3&op=frobnicate&view=3d&lang=fr&step=two&seed=-5&mode=sql&theme=dark&da=float16');
  assert.equal(state.op, 'add');
  assert.equal(state.view, 'align');
  assert.equal(state.theme, 'dark');
  assert.deepEqual(problems, [
    { kind: 'value', key: 'op', text: 'frobnicate', instead: 'add' },
    { kind: 'value', key: 'seed', text: '-5', instead: '1' },
    { kind: 'value', key: 'view', text: '3d', instead: 'align' },
    // No step: the last one, which a link says by leaving the key out.
    { kind: 'value', key: 'step', text: 'two', instead: null },
    { kind: 'value', key: 'lang', text: 'fr', instead: 'en' },
    { kind: 'value', key: 'da', text: 'float16', instead: 'float32' },
    { kind: 'value', key: 'mode', text: 'sql', instead: 'shapes' },
  ]);
});

test('a link that the playground wrote has no problems; a shape too long for a link is cut, and says so', () => {
  const state = { ...web.DEFAULT_STATE, a: '2,3', op: 'mul', view: 'grad', step: 2, seed: 9, mode: 'code', da: 'int64', predict: '1' };
  const read = web.stateFromHashChecked(web.hashFromState(state));
  assert.deepEqual(read.problems, []);
  assert.deepEqual(read.state, state);
  const long = '1,'.repeat(web.MAX_LINK_FIELD);
  const cut = web.stateFromHashChecked(`#a=${long}`);
  assert.equal(cut.state.a.length, web.MAX_LINK_FIELD);
  assert.deepEqual(cut.problems, [{ kind: 'cut', key: 'a', length: long.length, kept: web.MAX_LINK_FIELD }]);
});

test('attributes read by the same table: the base state supplies what is used instead', () => {
  const attrs = { op: 'mul', view: 'sideways', lang: 'zh' };
  const { state, problems } = web.readStateChecked((key) => attrs[key] ?? null, { ...web.DEFAULT_STATE, view: 'strides' });
  assert.equal(state.view, 'strides');
  assert.deepEqual(problems, [{ kind: 'value', key: 'view', text: 'sideways', instead: 'strides' }]);
});

test('an embed\'s own attributes: steps that name no range, a fit length of no unit the page reads, a playground-url that is not http(s)', () => {
  const none = { steps: null, fit: null, playgroundUrl: null };
  assert.deepEqual(web.embedProblems(none), []);
  assert.deepEqual(web.embedProblems({ steps: '2-4', fit: '75vh', playgroundUrl: { text: 'https://x.org/', usable: true } }), []);
  // fit with no value is "fit to the width", not a problem.
  assert.deepEqual(web.embedProblems({ ...none, fit: '' }), []);
  for (const steps of ['0', '4-2', 'two', '1-', '9999999'])
    assert.deepEqual(web.embedProblems({ ...none, steps }), [{ kind: 'value', key: 'steps', text: steps, instead: null }], steps);
  for (const fit of ['75%', 'huge', '-3px', '1e3px'])
    assert.deepEqual(web.embedProblems({ ...none, fit }), [{ kind: 'value', key: 'fit', text: fit, instead: '' }], fit);
  assert.deepEqual(web.embedProblems({ ...none, playgroundUrl: { text: 'javascript:alert(1)', usable: false } }),
    [{ kind: 'value', key: 'playground-url', text: 'javascript:alert(1)', instead: null }]);
});

test('a step past the view\'s last is shown as the last, and said; a step inside it, or none, is not a problem', () => {
  assert.deepEqual(web.stepProblems(99, 5), [{ kind: 'value', key: 'step', text: '99', instead: '4' }]);
  assert.deepEqual(web.stepProblems(5, 5), [{ kind: 'value', key: 'step', text: '5', instead: '4' }]);
  assert.deepEqual(web.stepProblems(4, 5), []);
  assert.deepEqual(web.stepProblems(null, 5), []);
  assert.deepEqual(web.stepProblems(3, 0), []);
});

test('the notice\'s texts, in both languages, name the key, the value and what is shown instead', () => {
  assert.equal(web.en.link.value('op=frobnicate', 'op=add'), '“op=frobnicate” cannot be used here, so the playground shows op=add instead.');
  assert.equal(web.zh.link.value('op=frobnicate', 'op=add'), '“op=frobnicate”无法使用，演示改用 op=add。');
  assert.equal(web.en.link.value('steps="0"', null), '“steps="0"” cannot be used here, so the playground ignores it.');
  assert.equal(web.zh.link.value('steps="0"', null), '“steps="0"”无法使用，演示忽略了它。');
  assert.equal(web.zh.link.cut('a', '8,192', '4,096'), 'a 有 8,192 个字符，演示只读取前 4,096 个。');
  for (const m of [web.en, web.zh])
    for (const problem of ['characters', 'damaged', 'not-text', 'too-long']) {
      const text = m.link.codeProblem(problem, '1,048,576');
      assert.ok(text.length > 10 && !/undefined|null/.test(text), `${m.lang} ${problem}: ${text}`);
      if (problem === 'too-long') assert.match(text, /1,048,576/);
    }
  assert.notEqual(web.en.link.codeProblem('damaged', '1'), web.en.link.codeProblem('characters', '1'));
});

test('exported SVG text: C0 controls become their Control Pictures, one character for one; what XML cannot hold becomes U+FFFD', () => {
  assert.equal(web.xmlText('a\u0000b\u0001c\u001bd\u001f'), 'a\u2400b\u2401c\u241bd\u241f');
  // Tab, line feed and carriage return are XML characters and stay.
  assert.equal(web.xmlText('\t\n\r'), '\t\n\r');
  assert.equal(web.xmlText('x\ud800y\udc00z\ufffe\uffff'), 'x\ufffdy\ufffdz\ufffd\ufffd');
  // A pair stays a pair; markup characters are the serialiser's to escape, not changed here.
  assert.equal(web.xmlText('😀 <&> ]]> \u007f \u0085'), '😀 <&> ]]> \u007f \u0085');
  for (const text of ['\u0000', '\ud83d', 'é\u0007']) assert.equal(web.xmlText(text).length, text.length);
});
