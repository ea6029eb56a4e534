// The iframe page's own keys (web/src/model/frame-options.ts): the element
// attributes its hash gives, written back after the state's keys, hide='s
// names, and the rules that hide each. e2e/embed-frame.spec.js drives the
// page itself.
import assert from 'node:assert/strict';
import test from 'node:test';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/frame-options', 'model/link-problems');

const NONE = { compact: null, lock: null, large: null, steps: null, fit: null, hide: null, 'playground-url': null };

test('the element attributes a hash gives: flags by their key (0 or false: off), values as given', () => {
  assert.deepEqual(web.frameAttributes('#v=1&a=2,3&b=3&op=add&lang=en'), NONE);
  assert.deepEqual(web.frameAttributes('#a=2&compact&lock=1&large=0&steps=2-4&fit=75vh&hide=lang,share&playground-url=https%3A%2F%2Fexample.org%2F'), {
    ...NONE, compact: '', lock: '', steps: '2-4', fit: '75vh', hide: 'lang,share', 'playground-url': 'https://example.org/',
  });
  assert.equal(web.frameAttributes('#compact=false').compact, null);
});

test('written after a link, the attributes read back as they were', () => {
  const attrs = { ...NONE, compact: '', large: '', steps: '2-4', fit: '60vh', hide: 'title,lang', 'playground-url': 'https://example.org/tc/?x=1&y=2' };
  const part = web.framePart(attrs);
  assert.equal(part, '&compact&large&steps=2-4&fit=60vh&hide=title,lang&playground-url=https%3A%2F%2Fexample.org%2Ftc%2F%3Fx%3D1%26y%3D2');
  assert.deepEqual(web.frameAttributes(`#v=1&a=2&b=3${part}`), attrs);
  assert.equal(web.framePart(NONE), '');
});

test('hide= names: known ones in order and once, the others said (cut to a sane length)', () => {
  assert.deepEqual(web.readHide(null), { names: [], unknown: [] });
  assert.deepEqual(web.readHide(' lang, share,,lang ,frobnicate'), { names: ['lang', 'share'], unknown: ['frobnicate'] });
  // Object's own keys are no control.
  assert.deepEqual(web.readHide('constructor,toString,__proto__'), { names: [], unknown: ['constructor', 'toString', '__proto__'] });
  assert.equal(web.readHide('x'.repeat(500)).unknown[0].length, 40);
  assert.deepEqual(web.embedProblems({ steps: null, fit: null, playgroundUrl: null, hide: ['frobnicate'] }), [{ kind: 'value', key: 'hide', text: 'frobnicate', instead: null }]);
});

test('each name has its rule, scoped to the frame that names it', () => {
  const rules = web.hideRules();
  for (const [name, selectors] of Object.entries(web.HIDEABLE)) {
    for (const s of selectors.split(', ')) assert.ok(rules.includes(`.app[data-hide~="${name}"] ${s}`), `${name}: ${s}`);
  }
  assert.equal(rules.split('\n').length, Object.keys(web.HIDEABLE).length);
});
