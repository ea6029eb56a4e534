// The MkDocs Material recipe (recipes/mkdocs/): the project built by
// Debian's mkdocs with the element copied in as its README says, served
// under /course/. Material's instant navigation swaps a page's content
// without reloading it: the element must come back, once defined, on every
// page it is navigated to; and theme="inherit" follows the site's palette
// toggle (data-md-color-scheme on <body>), whatever the system prefers.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { serveStatic } from '../static-server.js';
import { watch } from '../helpers.js';
import { SHOTS, copyElement, expectScheme, recipeCopy, rendersAndSteps, run } from './course-site.js';

const BASE = '/course/';
const sites = {};

/**
 * Builds the recipe as a teacher would: the element in docs/tensorcast/,
 * then `mkdocs build --strict` (a warning fails). lang 'zh': the same site
 * with Material's Chinese texts and the elements in Chinese (what a course
 * in Chinese changes: `language: zh` and lang="zh" on each element).
 */
function build(lang) {
  const copy = recipeCopy('mkdocs');
  copyElement(path.join(copy.dir, 'docs/tensorcast'));
  if (lang === 'zh') {
    const config = path.join(copy.dir, 'mkdocs.yml');
    writeFileSync(config, readFileSync(config, 'utf8').replace('language: en', 'language: zh'));
    for (const page of ['index.md', 'strides.md']) {
      const file = path.join(copy.dir, 'docs', page);
      writeFileSync(file, readFileSync(file, 'utf8').replaceAll('<tensorcast-playground ', '<tensorcast-playground lang="zh" '));
    }
  }
  run('mkdocs', ['build', '--strict', '--site-dir', 'site'], copy.dir);
  return copy;
}

test.beforeAll(async () => {
  for (const lang of ['en', 'zh']) {
    const copy = build(lang);
    sites[lang] = { copy, server: await serveStatic(path.join(copy.dir, 'site'), { base: BASE }) };
  }
});

test.afterAll(async () => {
  for (const { copy, server } of Object.values(sites)) {
    await server.close();
    copy.remove();
  }
});

const url = (lang, page = '') => `${sites[lang].server.origin}${BASE}${page}`;

test('the element renders and steps, and survives instant navigation away and back', async ({ page }) => {
  const problems = watch(page);
  await page.goto(url('en'));
  await rendersAndSteps(page, '#lesson-align', { steps: 7 });
  // A mark on the window: a full reload would lose it, instant navigation keeps it.
  await page.evaluate(() => { window.tcNotReloaded = true; });
  for (let round = 0; round < 2; round++) {
    await page.locator('.md-nav__link', { hasText: 'Strides' }).first().click();
    await expect(page).toHaveURL(url('en', 'strides/'));
    await rendersAndSteps(page, '#lesson-strides', { steps: 5 });
    await page.locator('.md-nav__link', { hasText: 'Broadcasting' }).first().click();
    await expect(page).toHaveURL(url('en'));
    await rendersAndSteps(page, '#lesson-align', { steps: 7 });
  }
  // And the browser's Back button, which instant navigation answers too.
  await page.goBack();
  await expect(page).toHaveURL(url('en', 'strides/'));
  await rendersAndSteps(page, '#lesson-strides', { steps: 5 });
  expect(await page.evaluate(() => window.tcNotReloaded)).toBe(true);
  // One element on the page (the old page's are gone with its content), one script tag, defined once.
  expect(await page.locator('tensorcast-playground').count()).toBe(1);
  expect(await page.locator('script[src$="tensorcast-playground.js"]').count()).toBe(1);
  // A second define (the script run again) would have thrown: watch() collects page errors.
  expect(problems).toEqual([]);
});

test('theme="inherit" follows the palette toggle, over the system\'s preference, on every page', async ({ page }) => {
  const problems = watch(page);
  // The system asks for dark; the site shows its first palette, light ("default").
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(url('en'));
  await rendersAndSteps(page, '#lesson-align', { steps: 7 });
  await expect(page.locator('body')).toHaveAttribute('data-md-color-scheme', 'default');
  await expectScheme(page, '#lesson-align', 'light');
  const toggle = page.locator('form[data-md-component="palette"] label:visible');
  await toggle.click();
  await expect(page.locator('body')).toHaveAttribute('data-md-color-scheme', 'slate');
  await expectScheme(page, '#lesson-align', 'dark');
  // The next page opens in the scheme the reader picked, and follows it there.
  await page.locator('.md-nav__link', { hasText: 'Strides' }).first().click();
  await rendersAndSteps(page, '#lesson-strides', { steps: 5 });
  await expectScheme(page, '#lesson-strides', 'dark');
  await toggle.click();
  await expect(page.locator('body')).toHaveAttribute('data-md-color-scheme', 'default');
  await expectScheme(page, '#lesson-strides', 'light');
  expect(problems).toEqual([]);
});

// Waits for the page's finite animations. A transition the page replaces (Material restyles its header as the
// palette changes) cancels the old one, whose `finished` then rejects with AbortError: settle, then look again.
async function animationsEnded(page) {
  await page.evaluate(async () => {
    for (let round = 0; round < 20; round++) {
      const running = document.getAnimations().filter(
        (a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) return;
      await Promise.allSettled(running.map((a) => a.finished));
    }
  });
}

for (const lang of ['en', 'zh']) {
  test(`screenshots at laptop size, ${lang}, light and dark`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(url(lang));
    await rendersAndSteps(page, '#lesson-align', { steps: 7, lang });
    for (const scheme of ['light', 'dark']) {
      if (scheme === 'dark') await page.locator('form[data-md-component="palette"] label:visible').click();
      await expectScheme(page, '#lesson-align', scheme);
      // The page's top: its title, its text and the element's first screen, in the site's frame.
      await page.evaluate(() => window.scrollTo(0, 0));
      // Material's header shows the page's title once scrolled past it: back at the top, the site's name, its fade ended.
      await expect(page.locator('.md-header__title')).not.toHaveClass(/md-header__title--active/);
      await animationsEnded(page);
      await page.screenshot({ path: path.join(SHOTS, `mkdocs-laptop-${lang}-${scheme}.png`) });
    }
  });
}
