// The Sphinx recipe (recipes/sphinx/): the project built by Debian's Sphinx
// with the element copied into _static/ as its README says, served under
// /course/. Both ways of writing the element: raw HTML (what a Jupyter
// Book page writes too) and the project's small `tensorcast` directive,
// whose body is a program. And theme="inherit" on a Sphinx page: the
// reader's system where the theme says nothing else (alabaster with the
// recipe's dark CSS), html's data-theme as the PyData theme of Jupyter Book
// sets it, CSS color-scheme; each followed live.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { serveStatic } from '../static-server.js';
import { core } from '../helpers.js';
import { SHOTS, copyElement, expectScheme, recipeCopy, rendersAndSteps, run, watchSite } from './course-site.js';

const BASE = '/course/';
const sites = {};

/**
 * Builds the recipe as a teacher would: the element in _static/tensorcast/,
 * then `sphinx -W` (a warning fails). lang 'zh': the project in Chinese
 * (`-D language=zh_CN`, which the directive passes on to its elements) and
 * lang="zh" on the raw-HTML element.
 */
function build(lang) {
  const copy = recipeCopy('sphinx');
  copyElement(path.join(copy.dir, '_static/tensorcast'));
  const args = ['-m', 'sphinx', '-W', '-q', '-b', 'html', '.', '_build/html'];
  if (lang === 'zh') {
    const index = path.join(copy.dir, 'index.rst');
    writeFileSync(index, readFileSync(index, 'utf8').replace('<tensorcast-playground ', '<tensorcast-playground lang="zh" '));
    args.push('-D', 'language=zh_CN');
  }
  run('/usr/bin/python3', args, copy.dir);
  return copy;
}

test.beforeAll(async () => {
  for (const lang of ['en', 'zh']) {
    const copy = build(lang);
    sites[lang] = { copy, server: await serveStatic(path.join(copy.dir, '_build/html'), { base: BASE }) };
  }
});

test.afterAll(async () => {
  for (const { copy, server } of Object.values(sites)) {
    await server.close();
    copy.remove();
  }
});

const url = (lang, page = '') => `${sites[lang].server.origin}${BASE}${page}`;

test('raw HTML: the element renders and steps', async ({ page }) => {
  const problems = watchSite(page);
  await page.goto(url('en'));
  await rendersAndSteps(page, '#lesson-align', { steps: 7 });
  await expect(page.locator('#lesson-align').getByTestId('result-shape')).toHaveText('torch.Size([5, 3, 4, 1])');
  expect(problems).toEqual([]);
});

test('the directive: its options become attributes, its body the program the element runs', async ({ page }) => {
  const problems = watchSite(page);
  await page.goto(url('en', 'program.html'));
  const el = page.locator('#lesson-program');
  await expect(el).toHaveAttribute('lang', 'en');
  await expect(el).toHaveAttribute('theme', 'inherit');
  await page.waitForFunction(() => {
    const p = document.querySelector('#lesson-program')?.program;
    return p != null && p.editorReady && p.run !== null;
  }, null, { timeout: 30_000 });
  const code = readFileSync(new URL('../../recipes/sphinx/program.rst', import.meta.url), 'utf8')
    .split('\n').filter((line) => line.startsWith('   ') && !line.startsWith('   :')).map((line) => line.slice(3)).join('\n').trim();
  const shown = await el.evaluate((e) => ({ code: e.program.code, printed: e.program.run.printed, ok: e.program.run.ok }));
  // The directive's body, and what the package's own run of it prints: the element ran it.
  const tc = await core();
  expect(shown).toEqual({ code: `${code}\n`, printed: tc.run(shown.code).printed, ok: true });
  expect(shown.printed).not.toBe('');
  expect(problems).toEqual([]);
});

test('theme="inherit" on a Sphinx page: the system, then data-theme (Jupyter Book, Furo) and color-scheme, each live', async ({ page }) => {
  const problems = watchSite(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(url('en'));
  await rendersAndSteps(page, '#lesson-align', { steps: 7 });
  await expectScheme(page, '#lesson-align', 'light');
  // alabaster says nothing but the recipe's color-scheme (light dark): the system decides, and the page goes with it.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectScheme(page, '#lesson-align', 'dark');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(22, 24, 29)');
  await page.emulateMedia({ colorScheme: 'light' });
  await expectScheme(page, '#lesson-align', 'light');
  // The PyData Sphinx theme (Jupyter Book's) switches by data-theme on <html>, as its toggle does here.
  await page.evaluate(() => { document.documentElement.dataset.theme = 'dark'; });
  await expectScheme(page, '#lesson-align', 'dark');
  await page.evaluate(() => { document.documentElement.dataset.theme = 'light'; });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectScheme(page, '#lesson-align', 'light');
  await page.evaluate(() => { delete document.documentElement.dataset.theme; });
  await expectScheme(page, '#lesson-align', 'dark');
  // Furo says it on <body>; its "auto" leaves it to the system.
  await page.evaluate(() => { document.body.dataset.theme = 'light'; });
  await expectScheme(page, '#lesson-align', 'light');
  await page.evaluate(() => { document.body.dataset.theme = 'auto'; });
  await expectScheme(page, '#lesson-align', 'dark');
  await page.evaluate(() => { delete document.body.dataset.theme; });
  // A page that says one scheme in CSS: that one, whatever the system prefers.
  await page.evaluate(() => { document.documentElement.style.colorScheme = 'light'; });
  await expectScheme(page, '#lesson-align', 'light');
  await page.evaluate(() => { document.documentElement.style.colorScheme = 'only dark'; });
  await expectScheme(page, '#lesson-align', 'dark');
  expect(problems).toEqual([]);
});

for (const lang of ['en', 'zh']) {
  test(`screenshots at laptop size, ${lang}, light and dark`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(url(lang));
      await rendersAndSteps(page, '#lesson-align', { steps: 7, lang });
      await expectScheme(page, '#lesson-align', scheme);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(SHOTS, `sphinx-laptop-${lang}-${scheme}.png`) });
      await page.goto(url(lang, 'program.html'));
      await page.waitForFunction(() => document.querySelector('#lesson-program')?.program?.run != null, null, { timeout: 30_000 });
      await expectScheme(page, '#lesson-program', scheme);
      await page.screenshot({ path: path.join(SHOTS, `sphinx-program-laptop-${lang}-${scheme}.png`) });
    }
  });
}
