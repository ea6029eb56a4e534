// theme="inherit" (web/src/model/host-scheme.ts): the element takes the host
// page's scheme from the signals course sites give, the most specific first
// (MkDocs Material's data-md-color-scheme on <body>, Docusaurus' data-theme
// on <html>, CSS color-scheme), and the reader's system when none says.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/host-scheme', 'model/props', 'model/url', 'i18n/en', 'i18n/zh');

const page = (over) => ({ mdColorScheme: null, dataTheme: null, colorScheme: 'normal', prefersDark: false, ...over });

test('MkDocs Material: slate is dark and default light, whatever the system prefers', () => {
  assert.equal(web.hostIsDark(page({ mdColorScheme: 'slate' })), true);
  assert.equal(web.hostIsDark(page({ mdColorScheme: 'default', prefersDark: true })), false);
  // It comes first: a Material site that also says data-theme or color-scheme is read by its palette.
  assert.equal(web.hostIsDark(page({ mdColorScheme: 'default', dataTheme: 'dark', colorScheme: 'dark' })), false);
  assert.equal(web.hostIsDark(page({ mdColorScheme: 'slate', dataTheme: 'light', colorScheme: 'light' })), true);
});

test('Docusaurus: data-theme dark or light, before the CSS color-scheme and the system', () => {
  assert.equal(web.hostIsDark(page({ dataTheme: 'dark' })), true);
  assert.equal(web.hostIsDark(page({ dataTheme: 'light', colorScheme: 'dark', prefersDark: true })), false);
});

test('a scheme name a page made up says nothing: the next signal decides', () => {
  // A Material site may define schemes of its own ("youtube"); values that are object keys stay unknown too.
  for (const name of ['youtube', 'constructor', '__proto__', 'toString', '', 'Slate', 'DARK'])
    for (const prefersDark of [false, true]) {
      assert.equal(web.hostIsDark(page({ mdColorScheme: name, dataTheme: name, prefersDark })), prefersDark, name);
      assert.equal(web.hostIsDark(page({ mdColorScheme: name, colorScheme: 'dark' })), true, name);
    }
});

test('CSS color-scheme: one scheme decides; none, or both, leave it to the reader\'s system', () => {
  for (const prefersDark of [false, true]) {
    assert.equal(web.hostIsDark(page({ colorScheme: 'dark', prefersDark })), true);
    assert.equal(web.hostIsDark(page({ colorScheme: 'only dark', prefersDark })), true);
    assert.equal(web.hostIsDark(page({ colorScheme: ' Light ', prefersDark })), false);
    for (const open of ['normal', 'light dark', 'dark light', '', 'only light dark'])
      assert.equal(web.hostIsDark(page({ colorScheme: open, prefersDark })), prefersDark, open);
  }
});

test('the theme attribute and a link take inherit, and the catalogues name it in both languages', () => {
  assert.equal(web.readState((key) => (key === 'theme' ? 'inherit' : null), web.DEFAULT_STATE).theme, 'inherit');
  assert.equal(web.stateFromHash('#a=2&b=2&theme=inherit', web.DEFAULT_STATE).theme, 'inherit');
  assert.equal(web.en.ui.themes.inherit, 'page');
  assert.equal(web.zh.ui.themes.inherit, '跟随页面');
});
