// Puzzle files (web/puzzles/*.json, web/src/model/puzzle-file.ts): every
// file of the set reads, and a broken file of every kind is refused with
// the field and what is wrong.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { REGISTRY } from '../../dist/index.js';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/puzzle-file');
const DIR = new URL('../../web/puzzles/', import.meta.url);
const NAMES = new Set([...REGISTRY.map((e) => e.name), 'range', 'len', 'sum', 'min', 'max', 'abs']);
const known = (name) => NAMES.has(name);
const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();
const read = (f) => JSON.parse(readFileSync(new URL(f, DIR), 'utf8'));

test('every puzzle and drill of the set reads; ids are unique and match their file names', () => {
  assert.ok(files.length >= 24);
  const ids = new Set();
  for (const f of files) {
    const p = web.readEntry(read(f), known);
    assert.equal(f.replace(/^\d+-/, '').replace(/\.json$/, ''), p.id, f);
    assert.ok(!ids.has(p.id), `${p.id} twice`);
    ids.add(p.id);
  }
});

test('a broken drill names the field and what is wrong', () => {
  const good = read(files.find((f) => read(f).kind === 'drill'));
  const cases = [
    [{ ...good, kind: 'quiz' }, "kind: must be 'drill' (a drill) or absent (a puzzle), not \"quiz\""],
    [{ ...good, program: '' }, 'program: is empty'],
    [{ ...good, reference: 'return x' }, 'reference: is not a field of a drill (fields: id, kind, difficulty, title, statement, program, hints)'],
  ];
  for (const [file, message] of cases) assert.throws(() => web.readEntry(file, known), { name: 'PuzzleFileError', message });
});

test('a broken puzzle file names the field and what is wrong', () => {
  const good = read(files[0]);
  const broken = (change) => {
    const copy = structuredClone(good);
    change(copy);
    return copy;
  };
  const cases = [
    [[1], 'puzzle: must be an object, not an array'],
    [broken((p) => { p.tittle = p.title; }), 'tittle: is not a field of a puzzle (fields: id, difficulty, title, statement, signature, ranges, allowed, maxLines, reference, hints, wrong)'],
    [broken((p) => { delete p.id; }), 'id: is missing'],
    [broken((p) => { p.id = 'Add Bias'; }), "id: 'Add Bias' must be lowercase words joined by '-' (it goes in links: #puzzle=Add Bias)"],
    [broken((p) => { p.difficulty = 6; }), 'difficulty: must be an integer from 1 to 5, not 6'],
    [broken((p) => { p.title = 'Add a bias'; }), 'title: must be an object, not a string'],
    [broken((p) => { delete p.title.zh; }), 'title.zh: is missing'],
    [broken((p) => { p.statement.fr = 'x'; }), "statement: has 'fr'; a text is given in 'en' and 'zh'"],
    [broken((p) => { p.statement.en = '  '; }), 'statement.en: is empty'],
    [broken((p) => { p.signature = 'def f(x: float32[n]) -> float32[n]'; }), "signature: a range for 'k', which the signature does not name (at character 1)"],
    [broken((p) => { p.ranges.n = 4; }), 'ranges.n: must be a string, not a number'],
    [broken((p) => { p.allowed = ['+', 'addd']; }), "allowed[1]: 'addd' is neither an operator (+ - * / // % ** @ [] == != < <= > >= & | ^ ~) nor a name tensorcast knows"],
    [broken((p) => { p.maxLines = 0; }), 'maxLines: must be an integer of at least 1, not 0'],
    [broken((p) => { p.reference = 'y = x\nreturn y + b'; }), 'reference: has 2 lines, more than maxLines (1)'],
    [broken((p) => { p.hints = [{ en: 'a' }]; }), 'hints[0].zh: is missing'],
    [broken((p) => { p.kind = 'drill'; }), "signature: is not a field of a drill (fields: id, kind, difficulty, title, statement, program, hints)"],
    [broken((p) => { p.kind = 'quiz'; }), "kind: must be 'drill' (a drill) or absent (a puzzle), not \"quiz\""],
    [broken((p) => { p.wrong = [{ answer: 'return x', fails: 'wrong' }]; }), "wrong[0].fails: must be one of 'rule', 'lines', 'error', 'type', 'shape', 'dtype', 'values', not \"wrong\""],
  ];
  for (const [file, message] of cases)
    assert.throws(() => web.readEntry(file, known), (e) => {
      assert.ok(e instanceof web.PuzzleFileError, String(e));
      assert.equal(e.message, message);
      return true;
    });
});
