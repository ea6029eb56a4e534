// The state lives in the URL hash: every change made on the page is written
// there, and opening that URL (or navigating to another hash) shows the same
// view. Whatever a link carries is shown as text, never parsed as HTML.
// How a hash is written and read without a page: tests/web/url-state.test.js.
import { expect, test } from '@playwright/test';
import { PROPS } from '../web/src/model/props.ts';
import { open, ready, watch } from './helpers.js';

test('changes made on the page round-trip through the URL', async ({ page }) => {
  await open(page, 'a=5,3,4,1&b=3,1,1&op=add&view=align&lang=en');
  await page.getByTestId('shape-a').fill('torch.empty(5,2,4,1)');
  await page.getByTestId('op').selectOption('mul');
  await page.getByTestId('fill-b').selectOption('random');
  await page.getByTestId('seed').fill('42');
  await page.getByTestId('tab-grad').click();
  await page.getByTestId('loss').selectOption('weighted');
  await page.getByTestId('shape-a').fill('5,1,4,1');
  await page.getByTestId('reset').click();
  await page.getByTestId('next').click();
  await page.getByTestId('theme').selectOption('dark');
  await page.getByTestId('lang').click();
  // The URL is rewritten once changes pause.
  await expect(page).toHaveURL(/lang=zh/);
  const url = page.url();
  const hash = new URL(url).hash;
  expect(hash).toContain('a=5,1,4,1');
  expect(hash).toContain('op=mul');
  expect(hash).toContain('fb=random');
  expect(hash).toContain('seed=42');
  expect(hash).toContain('loss=weighted');
  expect(hash).toContain('view=grad');
  expect(hash).toContain('step=1');
  expect(hash).toContain('theme=dark');
  expect(hash).toContain('lang=zh');
  const before = {
    count: await page.getByTestId('step-count').textContent(),
    caption: await page.getByTestId('caption').textContent(),
    result: await page.getByTestId('result-shape').textContent(),
    // What is drawn: the parts of other steps are in the diagram too, hidden.
    grads: await page.locator('[data-testid="diagram"] svg:not([data-hidden]) > g > text').allTextContents(),
  };

  const fresh = await page.context().newPage();
  await fresh.goto(url);
  await fresh.waitForFunction(() => document.querySelector('tensorcast-playground')?.playground != null);
  await expect(fresh.getByTestId('shape-a')).toHaveValue('5,1,4,1');
  await expect(fresh.getByTestId('op')).toHaveValue('mul');
  await expect(fresh.getByTestId('seed')).toHaveValue('42');
  await expect(fresh.getByTestId('theme')).toHaveValue('dark');
  await expect(fresh.getByTestId('step-count')).toHaveText(before.count);
  await expect(fresh.getByTestId('caption')).toHaveText(before.caption);
  await expect(fresh.getByTestId('result-shape')).toHaveText(before.result);
  expect(await fresh.locator('[data-testid="diagram"] svg:not([data-hidden]) > g > text').allTextContents()).toEqual(before.grads);
  expect(new URL(fresh.url()).hash).toBe(hash);
});

test('navigating to another hash updates the page', async ({ page }) => {
  await open(page, 'a=5,3,4,1&b=3,1,1&op=add&view=align&lang=en');
  await page.evaluate(() => {
    location.hash = '#a=2,3&b=2,4&op=add&view=align&lang=en';
  });
  await expect(page.getByTestId('error')).toHaveText('The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1');
  await expect(page.getByTestId('shape-b')).toHaveValue('2,4');
});

test('a link with step=2 opens on that step', async ({ page }) => {
  await open(page, 'a=5,3,4,1&b=3,1,1&op=add&view=align&step=2&lang=zh');
  await expect(page.getByTestId('step-count')).toHaveText('第 3 步，共 7 步');
  await expect(page.getByTestId('caption')).toContainText('第 3 维');
});

test('HTML injected through the URL is shown as text', async ({ page }) => {
  const problems = watch(page);
  const payload = '<img src=x onerror="alert(1)"><script>alert(2)</script><b id=bold>x</b>';
  const quoted = encodeURIComponent(payload);
  await open(page, `a=${quoted}&b=${quoted}&op=add&fa=custom&va=${quoted}&view=align&lang=en`);
  await expect(page.getByTestId('shape-a')).toHaveValue(payload);
  await expect(page.getByTestId('shape-b')).toHaveValue(payload);
  const error = page.getByTestId('error');
  await expect(error).toContainText("'<' where a size was expected");
  // Nothing of the payload became an element, in the page or the component.
  const injected = await page.evaluate(() => {
    const root = document.querySelector('tensorcast-playground').shadowRoot;
    return [document, root].map((r) => r.querySelectorAll('img, script:not([type="module"]), b#bold').length);
  });
  expect(injected).toEqual([0, 0]);
  // Other state in the link is ignored when it is not one of the known values.
  await page.goto(`/#a=3&b=3&op=${quoted}&view=${quoted}&lang=${quoted}&step=${quoted}`);
  await page.waitForFunction(() => document.querySelector('tensorcast-playground')?.playground != null);
  await expect(page.getByTestId('result-shape')).toHaveText('torch.Size([3])');
  await expect(page.getByTestId('tab-align')).toHaveAttribute('aria-selected', 'true');
  expect(problems).toEqual([]);
});

test('the element observes an attribute for every property', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  const observed = await page.evaluate(() => customElements.get('tensorcast-playground').observedAttributes);
  expect(observed).toEqual(expect.arrayContaining(PROPS.map((p) => p.key)));
});
