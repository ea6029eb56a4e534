// Fixes offered for a failing column (or a suspicious outer product) are
// each checked with the core before they are shown; applying one is one
// click, and the page then shows what the package says for the new inputs.
// The core's answers for the rewrites tried and refused, and the words of a
// fix's meaning, are checked without a page in tests/web/fixes.test.js.
import { expect, test } from '@playwright/test';
import { en } from '../web/src/i18n/en.ts';
import { zh } from '../web/src/i18n/zh.ts';
import { operandsOf } from '../web/src/model/state.ts';
import { core, open, shown, torchSize } from './helpers.js';

/** The package's answer for the page's current inputs, read from the fields. */
async function answerFor(page) {
  const tc = await core();
  const op = await page.getByTestId('op').inputValue();
  const shapes = {};
  for (const name of operandsOf(op)) shapes[name] = tc.parseShape(await page.getByTestId(`shape-${name}`).inputValue());
  return tc.tidy(() => {
    const tensors = operandsOf(op).map((n) => (n === 'c' ? tc.zeros(shapes[n]).eq(0) : tc.zeros(shapes[n])));
    const run = tc.explain.op(op, ...tensors);
    return run.error !== null ? { result: null, error: run.error } : { result: torchSize(run.result.shape), error: null };
  });
}

async function applyEach(page, hash, expectedCodes, outer = false) {
  await open(page, hash);
  const buttons = page.locator('button.fix');
  const codes = (await buttons.locator('code').allTextContents());
  expect(codes).toEqual(expectedCodes);
  for (let i = 0; i < codes.length; i++) {
    await open(page, hash);
    const label = await page.locator('button.fix').nth(i).textContent();
    await page.locator('button.fix').nth(i).click();
    const answer = await answerFor(page);
    expect(answer.error, `${codes[i]} must make it work`).toBeNull();
    expect(await shown(page)).toEqual(answer);
    // The button announced the result it now gives.
    expect(label).toContain(answer.result.replace(/^torch\.Size\(\[(.*)\]\)$/, (_, dims) => (dims.split(', ').length === 1 ? `(${dims},)` : `(${dims})`)));
    if (outer) await expect(page.locator('.note.outer')).toHaveCount(0);
  }
}

test('(2,3) + (2,): b.unsqueeze(-1) and a.transpose(0, 1) are offered and work', async ({ page }) => {
  await applyEach(page, 'a=2,3&b=2&op=add&view=align&lang=en', ['b.unsqueeze(-1)', 'a.transpose(0, 1)']);
  await open(page, 'a=2,3&b=2&op=add&view=align&lang=en');
  await page.getByRole('button', { name: /Apply b\.unsqueeze\(-1\)/ }).click();
  await expect(page.getByTestId('shape-b')).toHaveValue('2,1');
  await expect(page).toHaveURL(/b=2,1/);
});

test('a transposed operand keeps its values, as the core transposed them', async ({ page }) => {
  await open(page, 'a=2,3&b=2&op=add&view=strides&lang=en');
  await page.getByRole('button', { name: /Apply a\.transpose\(0, 1\)/ }).click();
  await expect(page.getByTestId('fill-a')).toHaveValue('custom');
  await expect(page.getByTestId('values-a')).toHaveValue('0, 3, 1, 4, 2, 5');
});

test('(3,) + (3,1): the outer product is flagged, with fixes that keep one value per element', async ({ page }) => {
  await open(page, 'a=3&b=3,1&op=add&view=align&lang=en');
  await expect(page.locator('.note.outer')).toContainText('both inputs are stretched (a along dim 0; b along dim 1)');
  await applyEach(page, 'a=3&b=3,1&op=add&view=align&lang=en', ['a.unsqueeze(-1)', 'b.squeeze(1)', 'b.transpose(0, 1)'], true);
});

test('in place: a(1,3,1).add_(b(3,1,7)) offers the out-of-place op, which gives (3,3,7)', async ({ page }) => {
  await open(page, 'a=1,3,1&b=3,1,7&op=add_&view=inplace&lang=en');
  const fix = page.locator('button.fix').first();
  await expect(fix.locator('code')).toHaveText('a.add(b)');
  await fix.click();
  await expect(page.getByTestId('op')).toHaveValue('add');
  await expect(page.getByTestId('result-shape')).toHaveText('torch.Size([3, 3, 7])');
});

test('no fix is invented when none works: (5,2,4,1) + (3,1,1)', async ({ page }) => {
  await open(page, 'a=5,2,4,1&b=3,1,1&op=add&view=align&lang=en');
  await expect(page.locator('button.fix')).toHaveCount(0);
  await expect(page.locator('.problem')).toContainText('No unsqueeze, squeeze, reshape with 1s or transpose of a single operand makes these shapes broadcast');
});

// Note [Ranking fixes] and [Outer products in disguise] in web/src/model/fixes.ts.

test('x - x.mean(1), (4,3) - (4,): b.unsqueeze(-1) first, the transpose last and said to reorder, and keepdim offered', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  for (const [lang, m] of [['en', en], ['zh', zh]]) {
    await open(page, `a=4,3&b=4&op=sub&view=align&lang=${lang}`);
    await expect(page.locator('button.fix code')).toHaveText(['b.unsqueeze(-1)', 'a.transpose(0, 1)']);
    await expect(page.getByTestId('fix-meaning')).toHaveText([m.fixes.meaning.pairs('a', 'b', 'row'), m.fixes.meaning.reorders('a')]);
    // The meaning is the button's description, for a screen reader too.
    await expect(page.locator('button.fix').first()).toHaveAccessibleDescription(m.fixes.meaning.pairs('a', 'b', 'row'));
    await expect(page.getByTestId('keepdim')).toHaveText(m.fixes.keepdim('b', 'a', 1, '(4, 1)'));
  }
});

test('an outer product in disguise is not offered: where(c(3,2), a(3,), b(3,2)) offers a.unsqueeze(-1), not a.reshape(3, 1, 1)', async ({ page }) => {
  await applyEach(page, 'c=3,2&a=3&b=3,2&op=where&view=align&lang=en', ['a.unsqueeze(-1)']);
  await open(page, 'c=3,2&a=3&b=3,2&op=where&view=align&lang=en');
  await expect(page.getByTestId('fix-meaning')).toHaveText([en.fixes.meaning.pairs('b', 'a', 'row')]);
});

test('(2,0) + (2,2): b.unsqueeze(-1) would give (2, 2, 0), larger in rank than both: no fix, and the page says none works', async ({ page }) => {
  await open(page, 'a=2,0&b=2,2&op=add&view=align&lang=en');
  await expect(page.locator('button.fix')).toHaveCount(0);
  await expect(page.locator('.problem')).toContainText('No unsqueeze, squeeze, reshape with 1s or transpose of a single operand makes these shapes broadcast');
});

test('the out-of-place op for a(1,3,1).add_(b(3,1,7)) says its result is larger than every input, in both languages', async ({ page }) => {
  for (const [lang, m] of [['en', en], ['zh', zh]]) {
    await open(page, `a=1,3,1&b=3,1,7&op=add_&view=inplace&lang=${lang}`);
    await expect(page.getByTestId('fix-meaning').first()).toHaveText(m.fixes.meaning.outOfPlace(true));
  }
});

test('PyTorch’s documented (5,1,4,1) + (3,1,1) is called an outer product, not a bug, with a gentle elementwise hint', async ({ page }) => {
  for (const [lang, words, hint] of [['en', 'This is an outer product', 'If you meant one value per element'], ['zh', '这是外积', '如果你想要的是逐元素运算']]) {
    await open(page, `a=5,1,4,1&b=3,1,1&op=add&view=align&lang=${lang}`);
    const note = page.locator('.note.outer');
    await expect(note).toContainText(words);
    await expect(note).toContainText(hint);
    await expect(note).not.toContainText(/bug/i);
  }
});
