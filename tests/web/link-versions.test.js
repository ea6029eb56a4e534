// Links last (web/src/model/link-version.ts, Note [Link versions]): every
// link this playground writes starts with its version, v=1, and a link of
// version 1 opens what it opened when it was made. fixtures/links-v1.json
// holds links the v=1 playground wrote (the two-shape mode, the code mode's
// programs, exercises, puzzles, drills, the iframe page's attributes, the
// printable worksheet), each
// with what it opened then; it is never rewritten. A link without v (made
// before the key existed) opens the same as with v=1.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { opens, web } from './link-opens.js';

const FIXTURES = JSON.parse(readFileSync(new URL('./fixtures/links-v1.json', import.meta.url), 'utf8'));

test('the fixtures are links of version 1, of every kind the page writes', () => {
  assert.ok(FIXTURES.length >= 15);
  for (const { link } of FIXTURES) assert.match(new URL(link).hash, /^#v=1&/);
  const opened = FIXTURES.map((f) => f.opens);
  assert.ok(opened.some((o) => o.state.mode === 'code' && o.code !== null));
  assert.ok(opened.some((o) => o.exercise !== null));
  assert.ok(opened.some((o) => o.route !== null));
  assert.ok(opened.some((o) => o.drill !== null));
  assert.ok(opened.some((o) => o.frame?.hide != null));
  assert.ok(opened.some((o) => o.options?.set === 'drills'));
});

for (const { what, link, opens: then } of FIXTURES) {
  test(`a v=1 link opens what it opened when it was made: ${what}`, async () => {
    assert.deepEqual(await opens(link), then);
  });

  test(`the same link without v opens the same: ${what}`, async () => {
    assert.deepEqual(await opens(link.replace('#v=1&', '#')), then);
  });
}

test('this playground writes version 1', () => {
  assert.equal(web.LINK_VERSION, 1);
  assert.equal(web.hashFromState(web.DEFAULT_STATE), '#v=1&a=5,3,4,1&b=3,1,1&op=add&view=align&lang=en');
});

test('a link from a later version is read as version 1 reads it, and the page says so', async () => {
  const link = FIXTURES[2].link;
  const later = await opens(link.replace('#v=1&', '#v=7&'));
  assert.deepEqual(later.state, FIXTURES[2].opens.state);
  assert.deepEqual(later.problems, [{ kind: 'value', key: 'v', text: '7', instead: '1' }]);
});
