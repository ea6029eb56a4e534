// Screenshots of every view, and of the compact embed, in both languages and
// both themes, for a person to look at (e2e/screenshots/, not committed): a
// teacher projects these.
// Each is taken once its view shows what it should.
import { mkdir } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { open, ready } from './helpers.js';

const DIR = new URL('./screenshots/', import.meta.url);

// Where a screenshot is taken: the full page at a hash, or the course
// page's compact embed with its attributes set; each gives what to shoot.
const fullPage = (hash) => async (page, lang, theme) => {
  await open(page, `${hash}&lang=${lang}&theme=${theme}`);
  return page;
};
const compactEmbed = (attrs) => async (page, lang, theme) => {
  await page.goto('/course.html');
  await ready(page, '#lesson-strides');
  await page.evaluate((set) => {
    const el = document.querySelector('#lesson-strides');
    for (const [k, v] of Object.entries(set)) el.setAttribute(k, v);
    return el.updateComplete;
  }, { ...attrs, lang, theme });
  return page.locator('#lesson-strides');
};

const VIEWS = {
  // A column being checked, mid-walk.
  align: { show: fullPage('a=5,3,4,1&b=3,1,1&op=add&view=align&step=3'), check: (at) => expect(at.getByTestId('caption')).toContainText(/2/) },
  // A failing column with its message and a fix.
  'align-error': { show: fullPage('a=2,3&b=2&op=add&view=align'), check: (at) => expect(at.locator('button.fix').first()).toBeVisible() },
  strides: {
    show: fullPage('a=5,1,4,1&b=3,1,1&op=add&view=strides'),
    check: async (at) => {
      await at.locator('[data-testid="diagram"] text[data-key="out:17"]').hover();
      await expect(at.getByTestId('reads')).not.toBeEmpty();
    },
  },
  grad: { show: fullPage('a=2,1,3&b=4,1&op=mul&loss=weighted&view=grad'), check: (at) => expect(at.getByTestId('grad-b')).toBeVisible() },
  inplace: { show: fullPage('a=1,3,1&b=3,1,7&op=add_&view=inplace'), check: (at) => expect(at.getByTestId('error')).toBeVisible() },
  // The compact embed as a lesson projects it: mid-walk through the strides,
  // and a failing broadcast with its message.
  compact: { show: compactEmbed({ view: 'strides', step: '1' }), check: (at) => expect(at.getByTestId('result-shape')).toBeVisible() },
  'compact-error': { show: compactEmbed({ b: '3,2,1', view: 'align', step: '3' }), check: (at) => expect(at.getByTestId('error')).toBeVisible() },
};

for (const [name, { show, check }] of Object.entries(VIEWS)) {
  for (const lang of ['en', 'zh']) {
    for (const theme of ['light', 'dark']) {
      test(`screenshot ${name} ${lang} ${theme}`, async ({ page }) => {
        await mkdir(DIR, { recursive: true });
        await page.setViewportSize({ width: 1280, height: 900 });
        const at = await show(page, lang, theme);
        await check(at);
        await at.screenshot({ path: new URL(`${name}-${lang}-${theme}.png`, DIR).pathname, ...(at === page ? { fullPage: true } : {}) });
      });
    }
  }
}

test('screenshot of the course page', async ({ page }) => {
  await mkdir(DIR, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/course.html');
  await expect(page.locator('#lesson-strides').getByTestId('result-shape')).toBeVisible();
  await page.screenshot({ path: new URL('course.png', DIR).pathname, fullPage: true });
});
