// The graph and backward views of a program, in the code mode:
// the first preset's example drawn as tensors and calls (the index a view sharing
// x's storage, then the broadcast subtraction), the backward pass stepped
// through one reduction at a time with w's gradient summed from [2, 3, 4] to
// [3, 1], and a click (or Enter) on a tensor picking its line. Screenshots
// at phone and laptop sizes in both languages, for a person to look at.
import { mkdir } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { EXAMPLE_PROGRAM, openCode, watch } from './helpers.js';

async function paste(page, code) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(code);
}

const graph = (page) => page.getByTestId('program-graph');
const startsWith = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
/** A part of the graph, by the start of its description: what a screen reader hears after its name (Note [Graph parts' names]). */
const described = (page, start) => graph(page).locator('g[role="button"]').filter({ has: page.locator('desc', { hasText: startsWith(start) }) });
/** A tensor's box, by the start of its description ("d: shape (2, 3, 4), ..."). */
const tensorNode = described;
const picked = (page) => page.evaluate(() => document.querySelector('tensorcast-playground').program.picked);

test('the first preset’s example as a graph: the index a view of x, then the broadcast subtraction', async ({ page }) => {
  const problems = watch(page);
  await openCode(page);
  await paste(page, EXAMPLE_PROGRAM);
  await expect(graph(page)).toBeVisible();
  await expect(tensorNode(page, 'x: shape (2, 3), float32, made on line 3')).toHaveCount(1);
  await expect(tensorNode(page, 'y: shape (4,), float32, made on line 4')).toHaveCount(1);
  // x[:, :, None] has no name: its code names it; it shares x's storage.
  await expect(tensorNode(page, 'x[:, :, None]: shape (2, 3, 1), float32, made on line 5; shares its storage with')).toHaveCount(1);
  await expect(tensorNode(page, 'd: shape (2, 3, 4), float32, made on line 5')).toHaveCount(1);
  await expect(tensorNode(page, 'w: shape (3, 1), float32, made on line 6')).toHaveCount(1);
  await expect(tensorNode(page, 'loss: shape (), float32, made on line 7')).toHaveCount(1);
  // The calls of line 5: the index (a view of x) and the subtraction of y.
  const calls = graph(page).locator('g[role="button"][data-testid^="call-"]');
  await expect(calls.first()).toBeVisible();
  const labels = await calls.evaluateAll((gs) => gs.map((g) => g.querySelector('desc').textContent));
  expect(labels).toContain('[:, :, None] on line 5: x → x[:, :, None] (a view: the same storage)');
  expect(labels).toContain('- on line 5: x[:, :, None] and y → d');
  // Before backward() is stepped through, no gradient is drawn.
  await expect(graph(page).locator('g[data-layer="gradient"]')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('stepping through the backward pass: w’s gradient summed over dims 0 and 2 to (3, 1)', async ({ page }) => {
  const problems = watch(page);
  await openCode(page);
  await paste(page, EXAMPLE_PROGRAM);
  const back = page.getByTestId('program-backward');
  await expect(back).toBeVisible();
  const caption = page.getByTestId('backward-caption');
  const next = page.getByTestId('backward-next');
  await expect(page.getByTestId('backward-prev')).toBeDisabled();
  await next.click();
  await expect(caption).toContainText('Line 8: loss.backward() starts the backward pass');
  await expect(graph(page).locator('g[data-layer="gradient"]')).toHaveCount(1);
  // Then the gradient goes back through each op that needs one, in the order the core ran them.
  const items = page.getByTestId('backward-steps').locator('button');
  const texts = await items.allTextContents();
  expect(texts[0]).toBe('line 8 · loss.backward()');
  expect(texts).toContain('mul → w: (2, 3, 4) → (3, 1)');
  expect(texts.at(-1)).toBe('w.grad (3, 1)');
  const mul = texts.indexOf('mul → w: (2, 3, 4) → (3, 1)');
  while (!(await items.nth(mul).getAttribute('aria-current'))) await next.click();
  await expect(caption).toContainText('hands w a gradient of shape (2, 3, 4); w itself has shape (3, 1)');
  await expect(caption).toContainText('w: dim 0 was added on the left by broadcasting');
  await expect(caption).toContainText('w: dim 2 had size 1 in w and was stretched');
  await expect(caption).toContainText('The core runs grad.sum((0, 2), keepdim=True).view(3, 1)');
  await expect(caption).toContainText('this gradient is stored as w.grad');
  // The stages, as the gradient view draws them: (2, 3, 4) -> (1, 3, 4) -> (1, 3, 1) -> (3, 1).
  const strip = page.getByTestId('backward-strip');
  for (const t of ['grad (2, 3, 4)', 'sum(0, keepdim=True)', '(1, 3, 4)', 'sum(2, keepdim=True)', '(1, 3, 1)', 'view(3, 1)', 'w.grad (3, 1)'])
    await expect(strip.locator('text', { hasText: t }).first()).toBeVisible();
  // On the graph, sum_to sits on the arrow from w into the multiplication.
  await expect(graph(page).locator('g[data-layer="gradient"] text', { hasText: 'sum_to (2, 3, 4) → (3, 1)' })).toHaveCount(1);
  // The keys step too: ← goes back one step.
  await items.nth(mul).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(items.nth(mul - 1)).toHaveAttribute('aria-current', 'step');
  await expect(items.nth(mul - 1)).toBeFocused();
  // The last step: each leaf's .grad, drawn on its box.
  await items.last().click();
  await expect(caption).toContainText('Each leaf that requires grad holds its gradient: w.grad (3, 1).');
  await expect(graph(page).locator('g[data-layer="gradient"]')).toHaveCount(1);
  await expect(graph(page).locator('text', { hasText: '.grad (3, 1)' })).toHaveCount(1);
  await expect(next).toBeDisabled();
  expect(problems).toEqual([]);
});

test('clicking a tensor picks its line; Enter on one does too, and the arrow keys move between them', async ({ page }) => {
  const problems = watch(page);
  await openCode(page);
  await paste(page, EXAMPLE_PROGRAM);
  await page.locator('.cm-content').blur();
  await tensorNode(page, 'd: shape').click();
  await expect.poll(() => picked(page)).toBe(5);
  await expect(tensorNode(page, 'd: shape')).toHaveAttribute('aria-pressed', 'true');
  // The graph is one stop in the tab order, on the picked line's first part.
  await expect(graph(page).locator('g[role="button"][tabindex="0"]')).toHaveCount(1);
  const w = tensorNode(page, 'w: shape');
  await w.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => picked(page)).toBe(6);
  await expect(tensorNode(page, 'w: shape')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  // After w (line 6) in reading order: the op that made d * w, on line 7.
  await expect(graph(page).locator('g[role="button"]:focus')).toHaveAccessibleDescription(/on line 7/);
  expect(problems).toEqual([]);
});

test('a failing program: the graph up to the line before it, and PyTorch’s message', async ({ page }) => {
  const problems = watch(page);
  await openCode(page);
  await paste(page, `import torch
a = torch.ones(5, 3)
b = torch.ones(5)
c = a + b
`);
  await expect(page.getByTestId('graph-error')).toHaveText('Line 4 raised an error (its message is above), so the graph stops before it.');
  // The error's box, with the arrows of what the failing line read.
  await expect(graph(page).locator('g[data-layer="error"] text', { hasText: '✗ line 4' })).toHaveCount(1);
  await expect(tensorNode(page, 'a: shape (5, 3)')).toHaveCount(1);
  await expect(tensorNode(page, 'b: shape (5,)')).toHaveCount(1);
  await expect(described(page, 'c:')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('drawing the graph of a 30-line program: printed, not asserted', async ({ page }) => {
  const problems = watch(page);
  await openCode(page);
  // 30 lines: x, then 29 ops on the tensors before them, and a backward() at the end.
  const lines = ['import torch', 'x = torch.ones(4, 3, requires_grad=True)', 'b = torch.arange(3.)'];
  for (let i = 0; i < 26; i++) lines.push(`t${i} = ${i === 0 ? 'x' : `t${i - 1}`} * b + ${i % 3 === 0 ? 'x' : 'b'}`);
  lines.push('t25.sum().backward()');
  await paste(page, `${lines.join('\n')}\n`);
  await expect(tensorNode(page, 't25: shape (4, 3)')).toHaveCount(1);
  const times = await page.evaluate(() => performance.getEntriesByName('tensorcast:program-graph').map((e) => e.duration));
  expect(times.length).toBeGreaterThan(0);
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`program graph, 30 lines: drawn in ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms (median of ${times.length} mounts, max ${sorted.at(-1).toFixed(1)})`);
  expect(problems).toEqual([]);
});

// ---- screenshots, for a person to look at (not committed)

const SHOTS = new URL('./screenshots/program-graph/', import.meta.url);
for (const [w, h, device] of [[390, 844, 'phone'], [1366, 768, 'laptop']]) {
  for (const lang of ['en', 'zh']) {
    test(`screenshots: ${device}, ${lang}`, async ({ page }) => {
      const problems = watch(page);
      await mkdir(SHOTS, { recursive: true });
      await page.setViewportSize({ width: w, height: h });
      await openCode(page, `lang=${lang}`);
      await paste(page, EXAMPLE_PROGRAM);
      await page.locator('.cm-content').blur();
      await expect(graph(page)).toBeVisible();
      // The page must not scroll sideways: the graph fits, or scrolls in its own box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
      // The code mode's box for the views stays while the graph inside it is drawn again.
      const views = page.getByTestId('program-views');
      await expect(page.getByTestId('backward-steps')).toBeVisible();
      await views.screenshot({ path: new URL(`graph-${device}-${lang}.png`, SHOTS).pathname });
      const items = page.getByTestId('backward-steps').locator('button');
      await items.filter({ hasText: 'mul → w' }).click();
      await expect(page.getByTestId('backward-strip')).toBeVisible();
      await views.screenshot({ path: new URL(`backward-${device}-${lang}.png`, SHOTS).pathname });
      await page.screenshot({ path: new URL(`page-${device}-${lang}.png`, SHOTS).pathname, fullPage: true });
      expect(problems).toEqual([]);
    });
  }
}
