// The URL state without a page: the hash a state is written as, byte for
// byte (links already shared must keep opening the same view), and how any
// hash, hostile or hand-edited, is read back. Runs in Node on the model's
// own source; e2e/url.spec.js drives the same code through the page.
import { expect, test } from '@playwright/test';
import { MAX_LINK_FIELD } from '../web/src/model/limits.ts';
import { DEFAULT_STATE, INPUT_FIELDS, PROPS } from '../web/src/model/props.ts';
import { hashFromState, readState, stateFromHash } from '../web/src/model/url.ts';
import { ready } from './helpers.js';

// Every field away from its default; the order of the keys is the order links have always had.
const EVERYTHING = {
  a: '(5, 3)', b: 'torch.empty(3)', c: '[3,1]', op: 'where', alpha: '2.5',
  fa: 'random', fb: 'custom', fc: 'ones', va: '1, 2', vb: '[[1, 2], [3, 4]]', vc: 'True',
  ta: '.T', tb: '.transpose(0, 1)', tc: '[0]',
  seed: 42, loss: 'weighted', view: 'grad', step: 3, lang: 'zh', theme: 'dark', predict: '1', da: 'int64', db: 'bool', mode: 'code',
};
const EVERYTHING_HASH =
  '#a=(5,%203)&b=torch.empty(3)&c=[3,1]&op=where&alpha=2.5&fa=random&fb=custom&fc=ones' +
  '&va=1,%202&vb=[[1,%202],%20[3,%204]]&vc=True&ta=.T&tb=.transpose(0,%201)&tc=[0]&loss=weighted&theme=dark&seed=42&view=grad&step=3&lang=zh' +
  // Predict mode came later: its key goes at the end, so older links are written as they were; the dtypes later still.
  '&predict=1&da=int64&db=bool' +
  // The code mode last of all (its program is in keys of its own: web/src/model/code-link.ts).
  '&mode=code';

test('the defaults make the shortest link: the shapes, the op, the view and the language', () => {
  expect(hashFromState(DEFAULT_STATE)).toBe('#a=5,3,4,1&b=3,1,1&op=add&view=align&lang=en');
});

test('every field away from its default is written, in the order links have always had', () => {
  expect(hashFromState(EVERYTHING)).toBe(EVERYTHING_HASH);
  expect(stateFromHash(EVERYTHING_HASH)).toEqual(EVERYTHING);
});

test("where's condition is written whenever the op is where, even at its default", () => {
  expect(hashFromState({ ...DEFAULT_STATE, op: 'where' })).toBe('#a=5,3,4,1&b=3,1,1&c=3,1&op=where&view=align&lang=en');
  expect(hashFromState({ ...DEFAULT_STATE, c: '2' })).toBe('#a=5,3,4,1&b=3,1,1&c=2&op=add&view=align&lang=en');
});

test('step 0 is written (only "the last step", null, is left out)', () => {
  expect(hashFromState({ ...DEFAULT_STATE, step: 0 })).toBe('#a=5,3,4,1&b=3,1,1&op=add&view=align&step=0&lang=en');
});

test('text is cut to the link limit, written and read', () => {
  const long = '1,'.repeat(MAX_LINK_FIELD);
  expect(stateFromHash(`#a=${long}`).a).toBe(long.slice(0, MAX_LINK_FIELD));
  expect(hashFromState({ ...DEFAULT_STATE, va: long })).toContain(`&va=${long.slice(0, MAX_LINK_FIELD)}&`);
});

test('unknown or malformed values fall back to the base state, field by field', () => {
  const base = { ...DEFAULT_STATE, lang: 'zh', step: 2, seed: 9 };
  const read = stateFromHash('#op=matmul&fa=zeros&loss=mean&view=&lang=fr&theme=blue&seed=-1&step=two&a=2,2', base);
  expect(read).toEqual({ ...base, a: '2,2' });
  // A number is whole and at most 9 digits; spaces around it are fine.
  expect(stateFromHash('#seed=%207%20&step=1234567890').seed).toBe(7);
  expect(stateFromHash('#seed=1.5').seed).toBe(DEFAULT_STATE.seed);
  expect(stateFromHash('#step=1234567890', base).step).toBe(2);
  // An empty hash changes nothing; text may be empty.
  expect(stateFromHash('', base)).toEqual(base);
  expect(stateFromHash('#b=', base).b).toBe('');
});

test('readState reads any key → value source, such as element attributes', () => {
  const attributes = new Map([['op', 'mul_'], ['step', '0'], ['theme', 'light'], ['title', 'ignored']]);
  expect(readState((key) => attributes.get(key) ?? null)).toEqual({ ...DEFAULT_STATE, op: 'mul_', step: 0, theme: 'light' });
});

test('the table: one entry per field, each default one its property can take', () => {
  const keys = PROPS.map((p) => p.key);
  expect(new Set(keys).size).toBe(keys.length);
  expect(Object.keys(DEFAULT_STATE)).toEqual(keys);
  for (const prop of PROPS) {
    if (prop.kind === 'enum') expect(prop.options, prop.key).toContain(prop.default);
    if (prop.kind === 'text') expect(typeof prop.default, prop.key).toBe('string');
    if (prop.kind === 'number') expect(Number.isInteger(prop.default), prop.key).toBe(true);
  }
  // What the core computes with: a change of view, step, language or theme recomputes nothing.
  expect([...INPUT_FIELDS].sort()).toEqual(['a', 'alpha', 'b', 'c', 'da', 'db', 'fa', 'fb', 'fc', 'loss', 'op', 'seed', 'ta', 'tb', 'tc', 'va', 'vb', 'vc']);
});

test('each property reads back what a link writes for it', () => {
  const other = { text: 'x, [1]', enum: null, number: 123456789, 'nullable number': 0 };
  for (const prop of PROPS) {
    const value = prop.kind === 'enum' ? prop.options.find((o) => o !== prop.default) : other[prop.kind];
    const state = { ...DEFAULT_STATE, [prop.key]: value };
    expect(stateFromHash(hashFromState(state)), prop.key).toEqual(state);
  }
});

test('the element observes an attribute for every property', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  const observed = await page.evaluate(() => customElements.get('tensorcast-playground').observedAttributes);
  expect(observed).toEqual(expect.arrayContaining(PROPS.map((p) => p.key)));
});
