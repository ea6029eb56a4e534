// Screenshots of every view in both languages and both themes, for a person
// to look at (e2e/screenshots/, not committed): a teacher projects these.
// Each is taken once its view shows what it should.
import { mkdir } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { open } from './helpers.js';

const DIR = new URL('./screenshots/', import.meta.url);

const VIEWS = {
  // A column being checked, mid-walk.
  align: { hash: 'a=5,3,4,1&b=3,1,1&op=add&view=align&step=3', check: (page) => expect(page.getByTestId('caption')).toContainText(/2/) },
  // A failing column with its message and a fix.
  'align-error': { hash: 'a=2,3&b=2&op=add&view=align', check: (page) => expect(page.locator('button.fix').first()).toBeVisible() },
  strides: {
    hash: 'a=5,1,4,1&b=3,1,1&op=add&view=strides',
    check: async (page) => {
      await page.locator('[data-testid="diagram"] text[data-key="out:17"]').hover();
      await expect(page.getByTestId('reads')).not.toBeEmpty();
    },
  },
  grad: { hash: 'a=2,1,3&b=4,1&op=mul&loss=weighted&view=grad', check: (page) => expect(page.getByTestId('grad-b')).toBeVisible() },
  inplace: { hash: 'a=1,3,1&b=3,1,7&op=add_&view=inplace', check: (page) => expect(page.getByTestId('error')).toBeVisible() },
};

for (const [name, { hash, check }] of Object.entries(VIEWS)) {
  for (const lang of ['en', 'zh']) {
    for (const theme of ['light', 'dark']) {
      test(`screenshot ${name} ${lang} ${theme}`, async ({ page }) => {
        await mkdir(DIR, { recursive: true });
        await page.setViewportSize({ width: 1280, height: 900 });
        await open(page, `${hash}&lang=${lang}&theme=${theme}`);
        await check(page);
        await page.screenshot({ path: new URL(`${name}-${lang}-${theme}.png`, DIR).pathname, fullPage: true });
      });
    }
  }
}

test('screenshot of the embed page', async ({ page }) => {
  await mkdir(DIR, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/embed.html');
  await expect(page.locator('#lesson-strides').getByTestId('result-shape')).toBeVisible();
  await page.screenshot({ path: new URL('embed.png', DIR).pathname, fullPage: true });
});
