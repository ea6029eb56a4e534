// Every preset renders with the result PyTorch gives: the expectations of
// tests/web/preset-results.js (PyTorch's answers to the worked examples of
// docs/examples.md), which tests/web/presets.test.js checks against the
// package's API in Node, so the page, the examples and the core must all
// agree.
import { expect, test } from '@playwright/test';
import { en } from '../web/src/i18n/en.ts';
import { zh } from '../web/src/i18n/zh.ts';
import { PRESETS } from '../web/src/model/presets.ts';
import { EXPECTED } from '../tests/web/preset-results.js';
import { open, shown, torchSize, watch } from './helpers.js';

for (const preset of PRESETS) {
  test(`preset ${preset.id}: ${preset.title.en}`, async ({ page }) => {
    const problems = watch(page);
    await open(page, 'lang=en');
    await page.getByTestId('preset').selectOption(preset.id);
    const want = EXPECTED[preset.id];
    const got = await shown(page);
    if ('shape' in want) {
      expect(got).toEqual({ result: torchSize(want.shape), error: null });
    } else {
      expect(got).toEqual({ result: null, error: want.error });
    }
    // The menu shows the chosen one.
    await expect(page.getByTestId('preset')).toHaveValue(preset.id);
    expect(problems).toEqual([]);
  });
}

test('the values preset adds rows: [[1,2,3],[4,5,6]] + [1,2,3] = [[2,4,6],[5,7,9]]', async ({ page }) => {
  await open(page, 'lang=en');
  await page.getByTestId('preset').selectOption('values');
  // The strides view draws the output's values, read back from the core.
  const texts = await page.locator('[data-testid="diagram"] text[data-key^="out:"]').allTextContents();
  expect(texts).toEqual(['2', '4', '6', '5', '7', '9']);
});

test("the backcompat example shows PyTorch's old UserWarning, as the core's run reported it", async ({ page }) => {
  const problems = watch(page);
  await open(page, 'lang=en');
  await page.getByTestId('preset').selectOption('backcompat');
  const note = page.locator('.verdict .note:not(.outer)');
  await expect(note).toHaveCount(1);
  await expect(note).toContainText('PyTorch before broadcasting treated both as 1-dim and gave (4, 1); now the result is (4, 4).');
  await expect(note.locator('pre')).toHaveText('UserWarning: self and other do not have the same shape, but are broadcastable, and have the same number of elements.\nChanging behavior in a backwards incompatible manner to broadcasting rather than viewing as 1-dimensional.');
  // The other views run the op again (gradients, the in-place check): the verdict keeps one note.
  for (const view of ['grad', 'inplace', 'strides', 'align']) {
    await page.getByTestId(`tab-${view}`).click();
    await expect(note).toHaveCount(1);
  }
  await page.getByTestId('lang').click();
  await expect(note).toContainText('引入广播之前');
  // Different numbers of elements: no warning.
  await page.getByTestId('shape-b').fill('3');
  await page.getByTestId('shape-a').fill('2,3');
  await expect(page.getByTestId('result-shape')).toHaveText(torchSize([2, 3]));
  await expect(note).toHaveCount(0);
  expect(problems).toEqual([]);
});

// The explanations name what a learner can look up, PyTorch's documentation,
// never material of the project's own that users have not seen.
for (const { id, text, extra } of [
  { id: 'zero-2x2', text: (m) => m.explain.zeroSize, extra: null },
  { id: 'inplace-fail', text: (m) => m.explain.oldMessage, extra: 'The expanded size of the tensor (1) must match the existing size (7) at non-singleton dimension 2.' },
]) {
  test(`preset ${id}: the explanation points to PyTorch's documentation, in both languages`, async ({ page }) => {
    await open(page, 'lang=en');
    await page.getByTestId('preset').selectOption(id);
    const problem = page.locator('.verdict .problem');
    for (const [m, docs] of [[en, 'PyTorch’s documentation (the note “Broadcasting semantics”)'], [zh, '官方文档“广播语义”']]) {
      if (m === zh) await page.getByTestId('lang').click();
      await expect(problem).toContainText(text(m));
      expect(text(m)).toContain(docs);
      if (extra !== null) await expect(problem).toContainText(extra);
      const shown = await page.locator('tensorcast-playground').evaluate((el) => el.shadowRoot.textContent);
      expect(shown).not.toMatch(/source doc|seeds|源文档/i);
    }
  });
}
