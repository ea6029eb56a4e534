// The code mode explains the student's own lines: a failing in-place line
// opens the In-place view; fixes are edits of the program (the line it
// makes, applied with one click, undone by the editor's undo); lines that
// run but are likely wrong get an amber chip with the reason; an in-place
// write changes the boxes of its storage in the graph; the backward steps
// show the gradient values the program computed. The fixes and values are
// PyTorch's (tests/js/fixtures/program-fixes, backward-steps).
import { mkdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { EXAMPLE_PROGRAM, openCode, pasteCode, watch } from './helpers.js';

const preset = (file) => readFileSync(new URL(`../web/presets/${file}`, import.meta.url), 'utf8').replace(/^(#\s*(en|zh)\s*:.*\n)+/, '');
const INPLACE = preset('06-in-place.py');
const MEAN = preset('12-normalise-by-mean.py');
const OUTER = preset('13-outer-product-trap.py');
const MATMUL = 'import torch\nx = torch.ones(2, 3)\nW = torch.ones(4, 3)\ny = x @ W\nprint(y.shape)\n';
const SHARED = 'import torch\nx = torch.zeros(2, 3)\ncol = x[:, 1]\ncol += 5\nprint(x)\n';

/** Replaces the editor's text as a person pasting it would. */
async function paste(page, code) {
  await pasteCode(page, code);
  await page.waitForFunction((text) => document.querySelector('tensorcast-playground').program?.run?.code === text, code);
}

const editorText = (page) => page.evaluate(() => document.querySelector('tensorcast-playground').program.code);

test('the in-place example’s failing line opens the In-place view, and its fix is the line assigned back', async ({ page }) => {
  const problems = watch(page);
  await openCode(page, 'lang=en');
  await paste(page, INPLACE);
  await expect(page.getByTestId('line-op')).toContainText('b.add_(torch.ones(3, 1, 7))');
  await expect(page.getByTestId('tab-inplace')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('diagram')).toBeVisible();
  await expect(page.getByTestId('error')).toContainText('output with shape [1, 3, 1] doesn\'t match the broadcast shape [3, 3, 7]');
  await expect(page.getByTestId('program-fix')).toHaveCount(1);
  await expect(page.getByTestId('program-fix')).toContainText('line 11: b = b.add(torch.ones(3, 1, 7)) → (3, 3, 7)');
  await expect(page.getByTestId('line-no-op')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('a fix edits the program in one click, keepdim first; Undo and Ctrl+Z take it back', async ({ page }) => {
  const problems = watch(page);
  await openCode(page, 'lang=en');
  await paste(page, MEAN);
  const fixes = page.getByTestId('program-fix');
  await expect(fixes.first()).toContainText('line 6: m2 = x.mean(dim=1, keepdim=True) → (2, 3)');
  await expect(fixes.nth(1)).toContainText('line 7: y = x / m2.unsqueeze(-1) → (2, 3)');
  await fixes.first().click();
  await expect.poll(() => editorText(page)).toContain('m2 = x.mean(dim=1, keepdim=True)');
  await expect(page.getByTestId('fix-applied')).toContainText('Line 6 is edited.');
  await expect(page.getByTestId('code-error')).toHaveCount(0);
  await page.getByTestId('fix-undo').click();
  await expect.poll(() => editorText(page)).toBe(MEAN);
  await expect(page.getByTestId('fix-applied')).toHaveCount(0);
  // The editor's own undo takes a fix back too.
  await page.getByTestId('program-fix').nth(1).click();
  await expect.poll(() => editorText(page)).toContain('y = x / m2.unsqueeze(-1)');
  await page.locator('.cm-content').focus();
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => editorText(page)).toBe(MEAN);
  expect(problems).toEqual([]);
});

test('a refused matrix product offers x @ W.T as an edit, in both languages', async ({ page }) => {
  await openCode(page, 'lang=zh');
  await paste(page, MATMUL);
  await expect(page.getByTestId('call-explained').getByTestId('program-fix')).toContainText('第 4 行： y = x @ W.T → (2, 4)');
  await page.getByTestId('lang').click();
  const fix = page.getByTestId('call-explained').getByTestId('program-fix');
  await expect(fix).toContainText('line 4: y = x @ W.T → (2, 4)');
  await fix.click();
  await expect.poll(() => editorText(page)).toContain('y = x @ W.T\n');
  await expect(page.getByTestId('printed')).toContainText('torch.Size([2, 4])');
});

test('lines that run but are likely wrong get an amber chip and the reason, not green', async ({ page }) => {
  await openCode(page, 'lang=en');
  await paste(page, OUTER);
  const line = page.locator('.cm-line', { hasText: 'diff = pred - target' });
  await expect(line.getByTestId('inline-value')).toHaveClass(/cm-tc-warn/);
  await expect(page.getByTestId('warning-note')).toContainText('Likely an outer product by mistake');
  const fine = page.locator('.cm-line', { hasText: 'pred = torch.tensor' }).getByTestId('inline-value');
  const colour = (l) => l.evaluate((e) => getComputedStyle(e).backgroundColor);
  expect(await colour(line.getByTestId('inline-value'))).not.toBe(await colour(fine));
  await paste(page, SHARED);
  await expect(page.getByTestId('warning-note')).toContainText('writes into col, which shares its storage with x: x changes too');
  await page.getByTestId('lang').click();
  await expect(page.getByTestId('warning-note')).toContainText('共用同一块存储');
});

test('col += 5 changes x in the graph: the same boxes, marked changed', async ({ page }) => {
  await openCode(page, 'lang=en');
  await paste(page, SHARED);
  const graph = page.getByTestId('program-graph');
  await expect(graph.locator('[data-testid^="node-"]')).toHaveCount(2);
  // What a screen reader hears after each box's name (Note [Graph parts' names]).
  const node = (name) => graph.locator('[data-testid^="node-"]').filter({ has: page.locator('desc', { hasText: new RegExp(`^${name}:`) }) });
  await expect(node('x')).toHaveAccessibleDescription(/changed on line 4 through col, which shares its storage \(col \+= 5\)/);
  await expect(node('col')).toHaveAccessibleDescription(/changed in place on line 4/);
});

test('the backward steps show the gradient values the program computed', async ({ page }) => {
  const problems = watch(page);
  await openCode(page, 'lang=en');
  await paste(page, EXAMPLE_PROGRAM);
  const back = page.getByTestId('program-backward');
  await back.getByRole('button', { name: /→ w[:：]/ }).click();
  // Stepping into the pass asks the run about its line: the values come with it.
  await expect(page.getByTestId('line-backward')).toContainText('Line 8 runs the backward pass');
  const values = page.getByTestId('backward-values');
  await expect(values).toContainText('What w.grad receives, (3, 1):');
  await expect(values).toContainText('[[-188], [-180], [-172]]');
  await expect(values).toContainText('The gradient as it arrives, (2, 3, 4):');
  expect(problems).toEqual([]);
});

// ---- screenshots, for a person to look at (not committed)

const SHOTS = new URL('./screenshots/program-fixes/', import.meta.url);
for (const [w, h, device] of [[390, 844, 'phone'], [1366, 768, 'laptop']]) {
  for (const lang of ['en', 'zh']) {
    test(`screenshots: ${device}, ${lang}`, async ({ page }) => {
      await mkdir(SHOTS, { recursive: true });
      await page.setViewportSize({ width: w, height: h });
      await openCode(page, `lang=${lang}`);
      const shot = async (name, at) => {
        await page.locator('.cm-content').blur();
        if (at !== undefined) await page.getByTestId(at).first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: new URL(`${name}-${device}-${lang}.png`, SHOTS).pathname, fullPage: true });
      };
      await paste(page, INPLACE);
      await expect(page.getByTestId('program-fix')).toHaveCount(1);
      await shot('inplace', 'line-op');
      await paste(page, MEAN);
      await expect(page.getByTestId('program-fix').first()).toBeVisible();
      await shot('fixes', 'program-fixes');
      await page.getByTestId('program-fix').first().click();
      await expect(page.getByTestId('fix-applied')).toBeVisible();
      await shot('applied', 'fix-applied');
      await paste(page, MATMUL);
      await shot('matmul-fix', 'call-explained');
      await paste(page, OUTER);
      await expect(page.getByTestId('warning-note')).toBeVisible();
      await shot('amber');
      await paste(page, SHARED);
      // The graph of new code is drawn when the page is next idle: the shot waits for it.
      await expect(page.getByTestId('program-graph').locator('[data-testid^="node-"] desc', { hasText: /^col/ })).toHaveCount(1);
      await shot('shared-graph', 'program-graph');
      await paste(page, EXAMPLE_PROGRAM);
      await page.getByTestId('program-backward').getByRole('button', { name: /→ w[:：]/ }).click();
      await expect(page.getByTestId('backward-values')).toBeVisible();
      await shot('backward-values', 'backward-values');
    });
  }
}

// A construct the subset leaves out stops the
// program at its statement; the lines before it run, as in Python (Note
// [Refused constructs] in src/lang/parser.cpp).
test('a class on line 4: lines 1-3 run and print, the error names line 4', async ({ page }) => {
  const problems = watch(page);
  await openCode(page, 'lang=en');
  await paste(page, 'import torch\nx = torch.ones(2)\nprint(x * 2)\nclass A:\n    pass\n');
  await expect(page.getByTestId('printed')).toHaveText('tensor([2., 2.])');
  await expect(page.getByTestId('code-error')).toContainText('Line 4 raised:');
  await expect(page.locator('.cm-tc-error')).toHaveText('class A:');
  expect(problems).toEqual([]);
});
