// The drills of web/puzzles (kind 'drill'): what the code mode's predict
// switch asks about each line (web/src/model/code-predict.ts) is what
// PyTorch 1.13 answers, line by line (tests/web/fixtures/puzzles/drills.json,
// made by make_drills.py): each tensor's shape, each .grad's, the line
// that raises.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { tc } from '../js/helpers.js';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/puzzle-file', 'model/program', 'model/code-predict');
const DIR = new URL('../../web/puzzles/', import.meta.url);
const FIXTURE = JSON.parse(readFileSync(new URL('fixtures/puzzles/drills.json', import.meta.url), 'utf8'));
const drills = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort()
  .map((f) => web.readEntry(JSON.parse(readFileSync(new URL(f, DIR), 'utf8')), () => true))
  .filter((e) => e.kind === 'drill');

test("every drill asks what PyTorch answers, line by line", () => {
  assert.ok(drills.length >= 8);
  assert.deepEqual(Object.keys(FIXTURE).sort(), drills.map((d) => d.id).sort(), 'a drill without fixtures: run make_drills.py');
  for (const d of drills) {
    assert.equal(FIXTURE[d.id].program, d.program, `${d.id}: the program changed since make_drills.py ran`);
    const qs = web.codeQuestions(web.runProgram(tc, d.program));
    const ours = qs.map((q) => [q.line, q.subject, q.question.answer.kind === 'error' ? 'error' : q.question.answer.shape]);
    const theirs = FIXTURE[d.id].answers.map(([line, subject, a]) => [line, subject, subject === null ? 'error' : a]);
    const key = (r) => JSON.stringify(r);
    assert.deepEqual(ours.map(key).sort(), theirs.map(key).sort(), d.id);
    assert.ok(qs.length >= 4, `${d.id}: ${qs.length} questions`);
  }
});
