// The URL state (web/src/model/url.ts, props.ts): the hash a state is
// written as, byte for byte (links already shared must keep opening the
// same view), and how any hash, hostile or hand-edited, is read back.
// e2e/url.spec.js drives the same code through the page.
import assert from 'node:assert/strict';
import test from 'node:test';
import { loadWeb } from './bundle.js';

const { MAX_LINK_FIELD, DEFAULT_STATE, INPUT_FIELDS, PROPS, hashFromState, playgroundLink, readState, stateFromHash } =
  await loadWeb('model/limits', 'model/props', 'model/url');

// Every field away from its default; the order of the keys is the order links have always had.
const EVERYTHING = {
  a: '(5, 3)', b: 'torch.empty(3)', c: '[3,1]', op: 'where', alpha: '2.5',
  fa: 'random', fb: 'custom', fc: 'ones', va: '1, 2', vb: '[[1, 2], [3, 4]]', vc: 'True',
  ta: '.T', tb: '.transpose(0, 1)', tc: '[0]',
  seed: 42, loss: 'weighted', view: 'grad', step: 3, lang: 'zh', theme: 'dark', predict: '1', da: 'int64', db: 'bool', mode: 'code',
};
const EVERYTHING_HASH =
  // The link version first (web/src/model/link-version.ts): links from before it have no v and read the same.
  '#v=1&a=(5,%203)&b=torch.empty(3)&c=[3,1]&op=where&alpha=2.5&fa=random&fb=custom&fc=ones' +
  '&va=1,%202&vb=[[1,%202],%20[3,%204]]&vc=True&ta=.T&tb=.transpose(0,%201)&tc=[0]&loss=weighted&theme=dark&seed=42&view=grad&step=3&lang=zh' +
  // Predict mode came later: its key goes at the end, so older links are written as they were; the dtypes later still.
  '&predict=1&da=int64&db=bool' +
  // The code mode last of all (its program is in keys of its own: web/src/model/code-link.ts).
  '&mode=code';

test('the defaults make the shortest link: the shapes, the op, the view and the language', () => {
  assert.equal(hashFromState(DEFAULT_STATE), '#v=1&a=5,3,4,1&b=3,1,1&op=add&view=align&lang=en');
});

test('every field away from its default is written, in the order links have always had', () => {
  assert.equal(hashFromState(EVERYTHING), EVERYTHING_HASH);
  assert.deepEqual(stateFromHash(EVERYTHING_HASH), EVERYTHING);
  assert.deepEqual(stateFromHash(EVERYTHING_HASH.replace('#v=1&', '#')), EVERYTHING);
});

test("where's condition is written whenever the op is where, even at its default", () => {
  assert.equal(hashFromState({ ...DEFAULT_STATE, op: 'where' }), '#v=1&a=5,3,4,1&b=3,1,1&c=3,1&op=where&view=align&lang=en');
  assert.equal(hashFromState({ ...DEFAULT_STATE, c: '2' }), '#v=1&a=5,3,4,1&b=3,1,1&c=2&op=add&view=align&lang=en');
});

test('step 0 is written (only "the last step", null, is left out)', () => {
  assert.equal(hashFromState({ ...DEFAULT_STATE, step: 0 }), '#v=1&a=5,3,4,1&b=3,1,1&op=add&view=align&step=0&lang=en');
});

test('text is cut to the link limit, written and read', () => {
  const long = '1,'.repeat(MAX_LINK_FIELD);
  assert.equal(stateFromHash(`#a=${long}`).a, long.slice(0, MAX_LINK_FIELD));
  assert.ok(hashFromState({ ...DEFAULT_STATE, va: long }).includes(`&va=${long.slice(0, MAX_LINK_FIELD)}&`));
});

test('unknown or malformed values fall back to the base state, field by field', () => {
  const base = { ...DEFAULT_STATE, lang: 'zh', step: 2, seed: 9 };
  const read = stateFromHash('#op=matmul&fa=zeros&loss=mean&view=&lang=fr&theme=blue&seed=-1&step=two&a=2,2', base);
  assert.deepEqual(read, { ...base, a: '2,2' });
  // A number is whole and at most 9 digits; spaces around it are fine.
  assert.equal(stateFromHash('#seed=%207%20&step=1234567890').seed, 7);
  assert.equal(stateFromHash('#seed=1.5').seed, DEFAULT_STATE.seed);
  assert.equal(stateFromHash('#step=1234567890', base).step, 2);
  // An empty hash changes nothing; text may be empty.
  assert.deepEqual(stateFromHash('', base), base);
  assert.equal(stateFromHash('#b=', base).b, '');
});

test('readState reads any key → value source, such as element attributes', () => {
  const attributes = new Map([['op', 'mul_'], ['step', '0'], ['theme', 'light'], ['title', 'ignored']]);
  assert.deepEqual(readState((key) => attributes.get(key) ?? null), { ...DEFAULT_STATE, op: 'mul_', step: 0, theme: 'light' });
});

test('the table: one entry per field, each default one its property can take', () => {
  const keys = PROPS.map((p) => p.key);
  assert.equal(new Set(keys).size, keys.length);
  assert.deepEqual(Object.keys(DEFAULT_STATE), keys);
  for (const prop of PROPS) {
    if (prop.kind === 'enum') assert.ok(prop.options.includes(prop.default), prop.key);
    if (prop.kind === 'text') assert.equal(typeof prop.default, 'string', prop.key);
    if (prop.kind === 'number') assert.equal(Number.isInteger(prop.default), true, prop.key);
  }
  // What the core computes with: a change of view, step, language or theme recomputes nothing.
  assert.deepEqual([...INPUT_FIELDS].sort(), ['a', 'alpha', 'b', 'c', 'da', 'db', 'fa', 'fb', 'fc', 'loss', 'op', 'seed', 'ta', 'tb', 'tc', 'va', 'vb', 'vc']);
});

test('each property reads back what a link writes for it', () => {
  const other = { text: 'x, [1]', enum: null, number: 123456789, 'nullable number': 0 };
  for (const prop of PROPS) {
    const value = prop.kind === 'enum' ? prop.options.find((o) => o !== prop.default) : other[prop.kind];
    const state = { ...DEFAULT_STATE, [prop.key]: value };
    assert.deepEqual(stateFromHash(hashFromState(state)), state, prop.key);
  }
});

// The compact embed's "open in the playground" link (e2e/compact.spec.js follows it on the page).
test('a playground link: beside the script, only http(s), with the state hash the URL code writes and reads', () => {
  assert.equal(playgroundLink('./', 'file:///course/tensorcast-playground.js', DEFAULT_STATE), null);
  assert.equal(playgroundLink('data:text/html,x', 'https://a.example/', DEFAULT_STATE), null);
  assert.equal(playgroundLink('http://[', 'https://a.example/', DEFAULT_STATE), null);
  const made = playgroundLink('./', 'https://a.example/lib/x.js', { ...DEFAULT_STATE, b: '2,1', step: 1 });
  assert.equal(made.startsWith('https://a.example/lib/#'), true);
  assert.deepEqual(stateFromHash(new URL(made).hash), { ...DEFAULT_STATE, b: '2,1', step: 1 });
});
