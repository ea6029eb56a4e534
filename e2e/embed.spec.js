// The example course page: two <tensorcast-playground> elements loaded by
// one script tag (the full one and a compact one), each with its own state
// from its attributes; neither touches the page's URL.
import { expect, test } from '@playwright/test';
import { core, ready, watch } from './helpers.js';

test('the embed page shows two independent playgrounds set by their attributes', async ({ page }) => {
  const problems = watch(page);
  await page.goto('/embed.html');
  await ready(page, '#lesson-align');
  await ready(page, '#lesson-strides');
  const first = page.locator('#lesson-align');
  const second = page.locator('#lesson-strides');
  await expect(first.getByTestId('result-shape')).toHaveText('torch.Size([5, 3, 4, 1])');
  await expect(first.locator('h1')).toHaveText('Broadcasting, step by step');
  await expect(first.getByTestId('tab-align')).toHaveAttribute('aria-selected', 'true');
  // The second is compact (e2e/compact.spec.js): no title, no inputs, in Chinese.
  await expect(second).toHaveAttribute('compact', '');
  await expect(second.locator('h1')).toHaveCount(0);
  await expect(second.getByTestId('tab-strides')).toHaveText('步长');
  await expect(second.getByTestId('tab-strides')).toHaveAttribute('aria-selected', 'true');

  // Stepping one leaves the other alone, and the page URL has no hash.
  await first.getByTestId('reset').click();
  await expect(first.getByTestId('step-count')).toHaveText('Step 1 of 7');
  await expect(second.getByTestId('step-count')).toHaveText('第 5 步，共 5 步');
  expect(new URL(page.url()).hash).toBe('');

  // Keys act on the playground that has focus only.
  await second.getByTestId('reset').focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expect(second.getByTestId('step-count')).toHaveText('第 2 步，共 5 步');
  await expect(first.getByTestId('step-count')).toHaveText('Step 1 of 7');

  // A course page can change the attributes later.
  await page.evaluate(() => document.querySelector('#lesson-align').setAttribute('b', '3,2,1'));
  const tc = await core();
  const expected = tc.explain.broadcast([5, 3, 4, 1], [3, 2, 1]).error;
  await expect(first.getByTestId('error')).toHaveText(expected);
  await page.evaluate(() => document.querySelector('#lesson-align').setAttribute('lang', 'zh'));
  await expect(first.locator('h1')).toHaveText('广播机制，一步一步看');
  expect(problems).toEqual([]);
});

test('the embed page loads the component with one script, served with the strict CSP', async ({ page }) => {
  const response = await page.goto('/embed.html');
  expect(response.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
  const scripts = await page.evaluate(() => [...document.scripts].map((s) => ({ src: new URL(s.src).pathname, inline: s.text.trim() !== '' })));
  expect(scripts).toEqual([{ src: '/tensorcast-playground.js', inline: false }]);
});
