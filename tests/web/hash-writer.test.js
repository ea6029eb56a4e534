// The URL writer of the playground (web/src/hash-writer.ts) with the
// browser's location and history stood in for: a hash that came from
// outside (a link followed, Back) while a write waited is never written over
// with the old state; that was a race the e2e run met under load.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadWeb } from './bundle.js';

const { HashWriter, DEFAULT_STATE, hashFromState } = await loadWeb('hash-writer', 'model/props', 'model/url');

function browser(hash) {
  const calls = [];
  globalThis.location = { hash };
  globalThis.history = {
    state: null,
    pushState: (_s, _t, h) => { calls.push(['push', h]); globalThis.location.hash = h; },
    replaceState: (_s, _t, h) => { calls.push(['replace', h]); globalThis.location.hash = h; },
  };
  return calls;
}

const en = { ...DEFAULT_STATE, a: '4,3', b: '3', lang: 'en' };
const zh = { ...en, lang: 'zh' };

test('a waiting write does not put the old state back over a hash that came from outside', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const calls = browser(hashFromState(en));
  let state = { ...en, a: '5,3' };
  const writer = new HashWriter(() => state);
  writer.schedule('replace');
  globalThis.location.hash = hashFromState(zh); // the browser followed a link; its hashchange is still queued
  t.mock.timers.tick(200);
  assert.deepEqual(calls, []);
  // The hashchange reaches the page: the state follows the URL, and writing works again.
  writer.moved();
  state = zh;
  writer.schedule('push');
  assert.deepEqual(calls, []); // nothing to write: the URL already says zh
  state = { ...zh, a: '6,3' };
  writer.schedule('push');
  assert.deepEqual(calls, [['push', hashFromState(state)]]);
});

test('a write waiting when the hashchange arrives is dropped: the link\'s hash stays (a route the state does not hold)', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const calls = browser(hashFromState(en));
  const state = { ...en, a: '5,3' };
  const writer = new HashWriter(() => state);
  writer.schedule('replace');
  // A link to another view of the page (#view=puzzles) followed, and its hashchange handled, before the timer fires.
  globalThis.location.hash = '#view=puzzles&lang=en';
  writer.moved();
  t.mock.timers.tick(200);
  assert.deepEqual(calls, []);
  assert.equal(globalThis.location.hash, '#view=puzzles&lang=en');
});

test('typing makes one entry, rewritten until the field is committed', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const calls = browser(hashFromState(en));
  let state = en;
  const writer = new HashWriter(() => state);
  for (const a of ['5', '5,', '5,3']) {
    state = { ...en, a };
    writer.schedule('typing');
    t.mock.timers.tick(200);
  }
  assert.deepEqual(calls.map(([kind]) => kind), ['push', 'replace', 'replace']);
  writer.commit();
  state = { ...en, a: '6' };
  writer.schedule('typing');
  t.mock.timers.tick(200);
  assert.deepEqual(calls.map(([kind]) => kind), ['push', 'replace', 'replace', 'push']);
});
