// The printable worksheet's model (web/src/model/worksheet.ts): what a link
// asks for, how the items fall onto sheets (Note [Worksheet sheets]), and
// each drill line's answers as the core computes them, against PyTorch's
// (tests/web/fixtures/puzzles/drills.json, made by make_drills.py).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { tc } from '../js/helpers.js';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/worksheet', 'model/program', '../puzzles-plugin');
const DIR = join(fileURLToPath(new URL('../..', import.meta.url)), 'web/puzzles');
const FIXTURE = JSON.parse(readFileSync(new URL('fixtures/puzzles/drills.json', import.meta.url), 'utf8'));
const set = web.readPuzzleSet(DIR);

test('a link: set, language, some ids, no key; what cannot be used is named', () => {
  assert.deepEqual(web.parseWorksheetHash(''), { options: { set: 'puzzles', lang: 'en', ids: null, key: true }, ignored: [] });
  const o = web.parseWorksheetHash('#set=drills&lang=zh&ids=a, b,&key=0');
  assert.deepEqual(o, { options: { set: 'drills', lang: 'zh', ids: ['a', 'b'], key: false }, ignored: [] });
  assert.equal(web.formatWorksheetHash(o.options), '#v=1&set=drills&lang=zh&ids=a,b&key=0');
  assert.deepEqual(web.parseWorksheetHash(web.formatWorksheetHash(o.options)), o);
  assert.deepEqual(web.parseWorksheetHash('#set=all&lang=fr&key=yes&color=red').ignored, ['set=all', 'lang=fr', 'key=yes', 'color=red']);
});

test('the items of a set, all or some in the order asked, and the ids the set lacks', () => {
  const all = web.parseWorksheetHash('#set=puzzles').options;
  const puzzles = web.worksheetItems(set, all).items;
  assert.deepEqual(puzzles.map(web.itemId), set.filter((e) => e.kind === 'puzzle').map((e) => e.puzzle.id));
  const drills = web.worksheetItems(set, { ...all, set: 'drills' }).items;
  assert.deepEqual(drills.map(web.itemId), set.filter((e) => e.kind === 'drill').map((e) => e.drill.id));
  const some = web.worksheetItems(set, { ...all, ids: ['eye', 'outer', 'nope', 'eye', 'sum-over-a-dim'] });
  assert.deepEqual(some.items.map(web.itemId), ['eye', 'outer']);
  assert.deepEqual(some.unknown, ['nope', 'sum-over-a-dim']);
  assert.deepEqual(puzzles.slice(0, 1).map(web.itemLink), ['./#puzzle=add-bias']);
  assert.deepEqual(drills.slice(0, 1).map(web.itemLink), ['./#drill=sum-over-a-dim']);
});

test('sheets: the questions, then the key on sheets of its own; none in a build without solutions', () => {
  assert.deepEqual(web.sheets([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]);
  assert.deepEqual(web.sheets([], 4), []);
  assert.equal(web.pageCount('puzzles', 16, true), 6 + 2);
  assert.equal(web.pageCount('puzzles', 17, true), 6 + 3);
  assert.equal(web.pageCount('drills', 8, true), 8 / 2 + 8 / 4);
  assert.equal(web.pageCount('drills', 8, false), 4);
  const o = web.parseWorksheetHash('').options;
  assert.equal(web.hasKey(o, true), true);
  assert.equal(web.hasKey(o, false), false);
  assert.equal(web.hasKey({ ...o, key: false }, true), false);
  assert.equal(web.answerRows(1), 2);
  assert.equal(web.answerRows(null), 6);
  assert.equal(web.boxChars('(2, 3, 4)'), 13);
  assert.equal(web.boxChars(null), 10);
  const ask = (shape, dtype) => ({ label: 'x', shape, dtype });
  assert.deepEqual(web.drillBoxChars([{ line: 1, text: '', asks: [ask('(2, 3, 4)', 'float32'), ask(null, null)] }, { line: 2, text: '', asks: [] }]), { shape: 13, dtype: 11 });
  assert.deepEqual(web.drillBoxChars([]), { shape: 10, dtype: 10 });
});

test("each drill line's answers are the core's, and PyTorch's", () => {
  const drills = set.filter((e) => e.kind === 'drill').map((e) => e.drill);
  assert.ok(drills.length >= 8);
  const tuple = (s) => (s.length === 1 ? `(${s[0]},)` : `(${s.join(', ')})`);
  for (const d of drills) {
    const lines = web.drillLines(web.runProgram(tc, d.program));
    assert.deepEqual(lines.map((l) => l.text), d.program.replace(/\n+$/, '').split('\n'), d.id);
    const got = lines.flatMap((l) => l.asks.map((a) => [l.line, a.label, a.shape]));
    // PyTorch's: [line, name or null, shape or the error's type]; a .grad's name is 'w.grad' in both
    const want = FIXTURE[d.id].answers.map(([line, name, shape]) => {
      if (name !== null) return [line, name, tuple(shape)];
      // the failing line: labelled with the name it assigns, so that its box looks like the others
      const text = lines[line - 1].text;
      return [line, /^\s*([A-Za-z_]\w*)\s*=[^=]/.exec(text)?.[1] ?? '', null];
    });
    assert.deepEqual(got, want, d.id);
    for (const l of lines) for (const a of l.asks) assert.equal(a.dtype === null, a.shape === null, `${d.id}:${l.line}`);
  }
});
