// What the puzzle view reads and writes, without a page: its routes
// (web/src/model/puzzle-route.ts), the answer taken from the editor's text,
// when the solution may be shown, and the set as the build's module
// `virtual:tensorcast-puzzles` hands it to the page (web/puzzles-plugin.ts):
// signatures whole (their ranges a Map again), every reference checkable.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { tc } from '../js/helpers.js';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/puzzle-route', 'model/puzzle-check', 'model/puzzle-set', 'i18n/puzzle-texts');
const plugin = await loadWeb('../puzzles-plugin');

test('routes: the list, a puzzle, nothing else; solutions=hide from the link or the attribute', () => {
  assert.deepEqual(web.puzzleRoute('#view=puzzles'), { kind: 'list' });
  assert.deepEqual(web.puzzleRoute('#view=puzzles&lang=zh'), { kind: 'list' });
  assert.deepEqual(web.puzzleRoute('#puzzle=outer&lang=zh'), { kind: 'puzzle', id: 'outer' });
  // puzzle= wins over a view, and a hash of the other modes is no puzzle route
  assert.deepEqual(web.puzzleRoute('#view=align&puzzle=eye'), { kind: 'puzzle', id: 'eye' });
  assert.equal(web.puzzleRoute('#a=5,3&b=3&view=align'), null);
  assert.equal(web.puzzleRoute('#mode=code&drill=sum-over-a-dim'), null);
  assert.equal(web.puzzleRoute(''), null);
  // an id no puzzle has still opens the route (which says so), cut to a sane length
  assert.equal(web.puzzleRoute(`#puzzle=${'x'.repeat(500)}`).id.length, 64);

  assert.equal(web.solutionsHidden('#puzzle=outer&solutions=hide', null), true);
  assert.equal(web.solutionsHidden('#puzzle=outer', 'hide'), true);
  assert.equal(web.solutionsHidden('#puzzle=outer&solutions=show', null), false);
  assert.equal(web.solutionsHidden('', null), false);

  assert.equal(web.puzzleHash({ kind: 'puzzle', id: 'outer' }, { lang: 'zh', theme: 'auto', hide: true }), '#v=1&puzzle=outer&solutions=hide&lang=zh');
  assert.equal(web.puzzleHash({ kind: 'list' }, { lang: 'en', theme: 'dark', hide: false }), '#v=1&view=puzzles&lang=en&theme=dark');
  for (const hash of ['#puzzle=outer&solutions=hide&lang=zh', '#view=puzzles&lang=en'])
    assert.equal(web.solutionsHidden(hash, null), hash.includes('hide'));
});

test('the answer: the def line filled in above the body, the body read back from under it whatever its indentation', () => {
  const sig = 'def outer(a: float32[n], b: float32[m]) -> float32[n, m]';
  assert.equal(web.answerText(sig, ''), `${sig}:\n    `);
  assert.equal(web.answerText(sig, 'c = a[:, None]\nreturn c * b'), `${sig}:\n    c = a[:, None]\n    return c * b`);
  for (const body of ['return a[:, None] * b', 'c = a[:, None]\n\nreturn c * b', 'if True:\n    x = a\nreturn x'])
    assert.equal(web.answerBody(web.answerText(sig, body)), body);
  // the def line is not read: edited or typed short, the body is the same
  assert.equal(web.answerBody('def outer(a, b):\n        return a[:, None] * b\n'), 'return a[:, None] * b');
  assert.equal(web.answerBody('  return a * b'), 'return a * b');
  assert.equal(web.answerBody('def f(x):\r\n\treturn x'), 'return x');
  assert.equal(web.answerBody(`${sig}:\n    `), '');
});

test('the solution is offered after three checks that did not pass, or at once when solved', () => {
  assert.equal(web.SOLUTION_AFTER, 3);
  assert.deepEqual([0, 1, 2, 3, 7].map((n) => web.checksBeforeSolution(n, false)), [3, 2, 1, 0, 0]);
  assert.equal(web.checksBeforeSolution(1, true), 0);
  const t = web.puzzleTexts('en');
  assert.equal(t.solutionAfter(1), 'The solution can be shown after 1 more check.');
  assert.equal(web.puzzleTexts('zh').solutionAfter(2), '再检查 2 次之后，可以显示参考答案。');
});

test('the set as the build hands it to the page: signatures whole, and each reference passes its own check', async () => {
  const module = await plugin.puzzleModule('show', fileURLToPath(new URL('../../web/puzzles/', import.meta.url)));
  const { default: entries } = await import(`data:text/javascript,${encodeURIComponent(module)}`);
  assert.equal(entries.length, 24);
  const puzzles = entries.filter((e) => e.kind === 'puzzle');
  assert.equal(puzzles.length, 16);
  const { seed, count } = web.PUZZLE_SET;
  for (const e of puzzles) {
    assert.ok(e.puzzle.signature.ranges instanceof Map, `${e.puzzle.id}: ranges`);
    assert.equal(e.solved, null);
    const solved = web.solve(tc, { ...e.puzzle, reference: e.reference, wrong: [] }, seed, count);
    const r = web.checkAnswer(tc, e.puzzle, web.answerBody(web.answerText(e.puzzle.signatureText, e.reference)), solved);
    assert.equal(r.passed, true, `${e.puzzle.id}: ${r.failure === null ? '' : web.puzzleTexts('en').failure(r.failure.reason)}`);
  }
});
