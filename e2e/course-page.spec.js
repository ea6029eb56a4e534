// The example course page: two <tensorcast-playground> elements loaded by
// one script tag (the full one and a compact one), each with its own state
// from its attributes; neither touches the page's URL.
import { expect, test } from '@playwright/test';
import { core, ready, watch, withOwnPage } from './helpers.js';

test('the course page shows two independent playgrounds set by their attributes', async ({ page }) => {
  const problems = watch(page);
  await page.goto('/course.html');
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

test('the attribute tc (the view chain of where\'s condition) is only that: set after the core loaded, the element keeps working', async ({ page }) => {
  const problems = watch(page);
  await page.goto('/course.html');
  await ready(page, '#lesson-align');
  const el = page.locator('#lesson-align');
  await page.evaluate(() => {
    const e = document.querySelector('#lesson-align');
    for (const [k, v] of [['op', 'where'], ['a', '2,3'], ['b', '3'], ['c', '3,2'], ['tc', '.T']]) e.setAttribute(k, v);
  });
  await expect(el.getByTestId('result-shape')).toHaveText('torch.Size([2, 3])');
  await el.getByTestId('shape-b').fill('2,1');
  await expect(el.getByTestId('result-shape')).toHaveText('torch.Size([2, 3])');
  await el.getByTestId('tab-strides').click();
  await expect(el.getByTestId('diagram')).toBeVisible();
  // The code mode runs its programs with the element's core.
  await page.evaluate(() => document.querySelector('#lesson-align').setAttribute('code', 'import torch\nprint(torch.ones(2, 3).sum())\n'));
  await el.getByTestId('mode-code').click();
  await expect(el.getByTestId('printed')).toContainText('tensor(6.)');
  expect(problems).toEqual([]);
});

test('the course page loads the component with one script, served with the strict CSP', async ({ page }) => {
  const response = await page.goto('/course.html');
  expect(response.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
  const scripts = await page.evaluate(() => [...document.scripts].map((s) => ({ src: new URL(s.src).pathname, inline: s.text.trim() !== '' })));
  expect(scripts).toEqual([{ src: '/tensorcast-playground.js', inline: false }]);
});

const LECTURE = '#lesson-lecture';

test('a lecture embed is locked to its view and its step range', async ({ browser }) => {
  // See Note [A clock needs a context of its own] in helpers.js.
  await withOwnPage(browser, async (page) => {
    const problems = watch(page);
    await page.goto('/course.html');
    await ready(page, LECTURE);
    const el = page.locator(LECTURE);
    const count = el.getByTestId('step-count');
    // No tabs to leave the view; it opens on the last step of its range, not of the view.
    await expect(el.locator('[role="tab"]')).toHaveCount(0);
    await expect(count).toHaveText('Step 4 of 5');
    await expect(el.getByTestId('next')).toBeDisabled();
    await expect(el.getByTestId('prev')).toBeEnabled();
    await el.getByTestId('reset').click();
    await expect(count).toHaveText('Step 2 of 5');
    await expect(el.getByTestId('prev')).toBeDisabled();
    // The keys keep to the range and the view.
    await el.getByTestId('play').focus();
    for (const key of ['ArrowLeft', 'Home', '1', '3']) await page.keyboard.press(key);
    await expect(count).toHaveText('Step 2 of 5');
    expect(await el.evaluate((e) => e.playground.state.view)).toBe('strides');
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'End']) await page.keyboard.press(key);
    await expect(count).toHaveText('Step 4 of 5');
    // Play starts again from the range's first step and stops at its last.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 10_000);
    await el.getByTestId('play').click();
    await expect(count).toHaveText('Step 2 of 5');
    await page.clock.runFor(1400 * 5);
    await expect(count).toHaveText('Step 4 of 5');
    await expect(el.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
    // A page can move the range later.
    await el.evaluate((e) => e.setAttribute('steps', '1-2'));
    await expect(count).toHaveText('Step 2 of 5');
    await expect(el.getByTestId('next')).toBeDisabled();
    await el.evaluate((e) => e.removeAttribute('steps'));
    await el.getByTestId('next').click();
    await expect(count).toHaveText('Step 3 of 5');
    expect(problems).toEqual([]);
  });
});

/** The rendered size, in CSS px, of the smallest number in the diagram's cells. */
const smallestNumber = (diagram) => diagram.evaluate((box) => Math.min(...[...box.querySelectorAll('text[data-key]')]
  .filter((t) => /^-?\d/.test(t.textContent.trim())).map((t) => parseFloat(getComputedStyle(t).fontSize) * (t.getBoundingClientRect().height / t.getBBox().height))));

test('the projector embed (large fit="75vh") is readable from the back of a room: its numbers are at least 24 px at 1366x768', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/course.html');
  await ready(page, LECTURE);
  const el = page.locator(LECTURE);
  const diagram = el.getByTestId('diagram');
  for (const step of ['Step 4 of 5', 'Step 3 of 5', 'Step 2 of 5']) {
    await expect(el.getByTestId('step-count')).toHaveText(step);
    const px = await smallestNumber(diagram);
    console.log(`projector embed at 1366x768, ${step}: the smallest number in a cell is drawn ${px.toFixed(1)} px high`);
    expect(px, step).toBeGreaterThanOrEqual(24 - 0.01);
    // The box keeps to the height asked (75% of 768 px) and scrolls within it.
    expect(await diagram.evaluate((b) => b.getBoundingClientRect().height)).toBeLessThanOrEqual(576 + 2);
    if (step !== 'Step 2 of 5') await el.getByTestId('prev').click();
  }
});

test('fit scales the diagram to the width and height given; large makes it bigger; hover still finds the cells', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 800 });
  await page.goto('/course.html');
  await ready(page, LECTURE);
  const el = page.locator(LECTURE);
  const diagram = el.getByTestId('diagram');
  const fitOf = () => diagram.evaluate((box) => {
    const view = box.querySelector('.viewport');
    return { scale: view.getBoundingClientRect().width / view.offsetWidth, scrolls: box.scrollWidth > box.clientWidth, height: box.getBoundingClientRect().height, width: box.clientWidth, drawn: view.getBoundingClientRect().width };
  });
  // Large with fit="75vh": scaled down only as far as its numbers stay 24 px; then the box keeps to 75% of 800 px and scrolls.
  let fit = await fitOf();
  expect(await smallestNumber(diagram)).toBeGreaterThanOrEqual(24 - 0.01);
  expect(fit.height).toBeLessThanOrEqual(600 + 2);
  // Large text in the lecture hall.
  expect(await el.locator('.caption').evaluate((c) => parseFloat(getComputedStyle(c).fontSize))).toBeGreaterThanOrEqual(27);
  // The pointer lands on the cell under it in the scaled drawing.
  await el.getByTestId('reset').click();
  await el.getByTestId('next').click();
  await el.locator('[data-testid="diagram"] text[data-key="out:5"]').hover();
  await expect(el.getByTestId('reads')).toContainText('out[0, 1, 1, 0] = ');
  // Fit without large: scaled down to the width and the height given, never scrolling.
  await el.evaluate((e) => { e.removeAttribute('large'); return e.updateComplete; });
  fit = await fitOf();
  expect(fit.scale).toBeLessThan(1);
  expect(fit.scrolls).toBe(false);
  expect(fit.height).toBeLessThanOrEqual(600 + 2);
  expect(fit.drawn).toBeLessThanOrEqual(fit.width + 0.5);
  // Neither: the diagram as drawn.
  await el.evaluate((e) => { e.removeAttribute('fit'); return e.updateComplete; });
  expect((await fitOf()).scale).toBeCloseTo(1, 5);
});
