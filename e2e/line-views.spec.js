// A program's line in the views shows what the program did: the gradient
// view draws the gradients the program's own backward pass computed (the
// first example's w receives -188, -180, -172, as print(w.grad) says), an
// operand without requires_grad is said to get none, and a line no
// backward pass ran through says why. Values asserted are PyTorch's
// (tests/js/fixtures/call-grads).
import { mkdir } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { EXAMPLE_PROGRAM, openCode, pasteCode, watch } from './helpers.js';

/** Replaces the editor's text as a person pasting it would. */
async function paste(page, code) {
  await pasteCode(page, code);
  await page.waitForFunction((text) => document.querySelector('tensorcast-playground').program?.run?.code === text, code);
}

const lineOf = (page, text) => page.locator('.cm-line', { hasText: text }).first();

test('the first example\'s loss line: the gradient view draws the program\'s gradients, and says d has none', async ({ page }) => {
  const problems = watch(page);
  await openCode(page, 'lang=en');
  await paste(page, EXAMPLE_PROGRAM);
  await lineOf(page, 'loss = (d * w)').click();
  await expect(page.getByTestId('line-op')).toContainText('Line 7');
  await page.getByTestId('tab-grad').click();
  await expect(page.getByTestId('diagram')).toBeVisible();
  // The view opens on its last step: what w received, the numbers print(w.grad) printed.
  await expect(page.getByTestId('grad-b')).toHaveText('-188, -180, -172');
  await expect(page.getByTestId('grad-a')).toHaveCount(0);
  await expect(page.getByTestId('grad-not-required')).toContainText('a does not require grad');
  await expect(page.getByTestId('caption')).toContainText('the gradients the program’s backward pass computed');
  // The first step: d loss / d out as the backward pass of line 8 brought it (all ones: loss is a sum).
  await page.getByTestId('reset').click();
  await expect(page.getByTestId('caption')).toContainText('backward pass of line 8 (loss.backward())');
  expect(problems).toEqual([]);
});

test('a line no backward pass ran through says why, in both languages', async ({ page }) => {
  await openCode(page, 'lang=zh');
  await paste(page, 'import torch\nx = torch.tensor([1., 2.], requires_grad=True)\ny = x * torch.tensor([3., 4.])\nprint(y)\n');
  await lineOf(page, 'y = x *').click();
  await page.getByTestId('tab-grad').click();
  await expect(page.getByTestId('grad-no-backward')).toContainText('没有调用 backward()');
  await page.getByTestId('lang').click();
  await expect(page.getByTestId('grad-no-backward')).toContainText('calls no backward() after it');
});

const ATTENTION = 'import torch\nq = torch.arange(6.).reshape(1, 2, 3)\nk = torch.ones(1, 4, 3)\nscores = q @ k.transpose(-2, -1) / 3 ** 0.5\n';

test('a line of several calls opens the matmul; the division can be picked, and opens the views', async ({ page }) => {
  const problems = watch(page);
  await openCode(page, 'lang=en');
  await paste(page, ATTENTION);
  await lineOf(page, 'scores =').click({ position: { x: 4, y: 4 } });
  await expect(page.getByTestId('call-explained')).toHaveAttribute('data-kind', 'matmul');
  await expect(page.getByTestId('call-explained')).toContainText('dim 2 of a and dim 1 of b, both of size 3');
  await expect(page.getByTestId('line-call')).toHaveCount(2);
  await expect(page.getByTestId('line-call').first()).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('line-call').nth(1).click();
  await expect(page.getByTestId('call-explained')).toHaveCount(0);
  await expect(page.getByTestId('result-shape')).toHaveText('torch.Size([1, 2, 4])');
  await expect(page.getByTestId('line-operands')).toContainText('b is 1.7320508075688772');
  expect(problems).toEqual([]);
});

test('(2x3) @ (4x3): PyTorch\'s error, and the hint x @ W.T', async ({ page }) => {
  await openCode(page, 'lang=zh');
  await paste(page, 'import torch\nx = torch.ones(2, 3)\nW = torch.ones(4, 3)\ny = x @ W\n');
  await expect(page.getByTestId('call-explained')).toHaveAttribute('data-kind', 'matmul-failed');
  await expect(page.getByTestId('call-explained')).toContainText('你是想写 x @ W.T 吗？');
  await page.getByTestId('lang').click();
  await expect(page.getByTestId('call-explained')).toContainText('Did you mean x @ W.T?');
});

// ---- screenshots, for a person to look at (not committed)

const SHOTS = new URL('./screenshots/line-views/', import.meta.url);
for (const [w, h, device] of [[390, 844, 'phone'], [1366, 768, 'laptop']]) {
  for (const lang of ['en', 'zh']) {
    test(`screenshots: ${device}, ${lang}`, async ({ page }) => {
      await mkdir(SHOTS, { recursive: true });
      await page.setViewportSize({ width: w, height: h });
      await openCode(page, `lang=${lang}`);
      await paste(page, EXAMPLE_PROGRAM);
      await lineOf(page, 'loss = (d * w)').click();
      await page.getByTestId('tab-grad').click();
      await expect(page.getByTestId('diagram')).toBeVisible();
      await page.locator('.cm-content').blur();
      await page.getByTestId('line-op').scrollIntoViewIfNeeded();
      await page.screenshot({ path: new URL(`grad-${device}-${lang}.png`, SHOTS).pathname, fullPage: true });
      await paste(page, 'import torch\nx = torch.tensor([1, 2, 3])\ny = x * 2.5\n');
      await lineOf(page, 'y = x * 2.5').click({ position: { x: 4, y: 4 } });
      await page.getByTestId('tab-align').click();
      await page.locator('.cm-content').blur();
      await page.screenshot({ path: new URL(`number-${device}-${lang}.png`, SHOTS).pathname, fullPage: true });
      await paste(page, ATTENTION);
      await lineOf(page, 'scores =').click({ position: { x: 4, y: 4 } });
      await expect(page.getByTestId('call-explained')).toBeVisible();
      await page.locator('.cm-content').blur();
      await page.screenshot({ path: new URL(`matmul-${device}-${lang}.png`, SHOTS).pathname, fullPage: true });
      await paste(page, 'import torch\nx = torch.ones(2, 3)\nW = torch.ones(4, 3)\ny = x @ W\n');
      await expect(page.getByTestId('call-explained')).toBeVisible();
      await page.locator('.cm-content').blur();
      await page.screenshot({ path: new URL(`matmul-error-${device}-${lang}.png`, SHOTS).pathname, fullPage: true });
    });
  }
}
