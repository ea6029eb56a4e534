// A student's progress through a puzzle set (web/src/model/progress.ts):
// kept across visits in storage, exported and imported as a file, and
// still working (in memory, saying so) when storage is blocked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/progress');

class MemoryStorage {
  items = new Map();
  getItem(k) { return this.items.has(k) ? this.items.get(k) : null; }
  setItem(k, v) { this.items.set(k, String(v)); }
}

test('progress survives a new visit: attempts, solved, hints, drafts; the result a course page gets', () => {
  const storage = new MemoryStorage();
  const a = new web.Progress(storage, 'core');
  assert.deepEqual(a.checked('outer', false), { kind: 'puzzle', id: 'outer', passed: false, attempts: 1, hintsUsed: 0 });
  a.hint('outer');
  assert.deepEqual(a.checked('outer', true), { kind: 'puzzle', id: 'outer', passed: true, attempts: 2, hintsUsed: 1 });
  a.checked('outer', false);  // solved stays solved
  a.draft('eye', 'return torch.arange(n)');
  const b = new web.Progress(storage, 'core');
  assert.deepEqual(b.get('outer'), { solved: true, attempts: 3, hints: 1, draft: '' });
  assert.equal(b.get('eye').draft, 'return torch.arange(n)');
  assert.deepEqual(b.get('never'), { solved: false, attempts: 0, hints: 0, draft: '' });
  assert.equal(b.blocked, false);
  // another set is kept apart
  assert.equal(new web.Progress(storage, 'course-2').get('outer').attempts, 0);
  // a draft is bounded
  b.draft('eye', 'x'.repeat(web.MAX_DRAFT + 5));
  assert.equal(b.get('eye').draft.length, web.MAX_DRAFT);
});

test('export and import: the same progress on another device; other files refused, changing nothing', () => {
  const a = new web.Progress(new MemoryStorage(), 'core');
  a.checked('dot', true);
  const file = a.exportText();
  const b = new web.Progress(new MemoryStorage(), 'core');
  b.checked('eye', false);
  assert.equal(b.importText(file), null);
  assert.equal(b.get('dot').solved, true);
  assert.equal(b.get('eye').attempts, 0);
  assert.equal(b.importText('{'), 'not-json');
  assert.equal(b.importText('{"format":"other"}'), 'not-progress');
  assert.equal(new web.Progress(null, 'other').importText(file), 'other-set');
  const bad = JSON.parse(file);
  bad.puzzles.dot.attempts = -1;
  assert.equal(b.importText(JSON.stringify(bad)), 'not-progress');
  assert.equal(b.get('dot').solved, true);
});

test('blocked storage: progress lasts the visit, and says it is not kept', () => {
  const throwing = { getItem() { throw new Error('SecurityError'); }, setItem() { throw new Error('SecurityError'); } };
  for (const storage of [null, throwing]) {
    const p = new web.Progress(storage, 'core');
    assert.equal(p.blocked, true);
    p.checked('dot', true);
    assert.equal(p.get('dot').solved, true);
  }
  // storage that fills up after a while
  let writes = 0;
  const full = { getItem: () => null, setItem() { if (++writes > 1) throw new Error('QuotaExceededError'); } };
  const p = new web.Progress(full, 'core');
  p.checked('dot', false);
  assert.equal(p.blocked, false);
  p.checked('dot', true);
  assert.equal(p.blocked, true);
  assert.equal(p.get('dot').attempts, 2);
  // stored text this version cannot read starts empty
  const junk = new MemoryStorage();
  junk.setItem('tensorcast:puzzles:core', 'not json');
  assert.equal(new web.Progress(junk, 'core').get('dot').attempts, 0);
});
