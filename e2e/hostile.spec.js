// Hostile and absurd input typed into every field leaves the page usable,
// with a message; and valid input afterwards works again.
import { expect, test } from '@playwright/test';
import { core, open, settled, watch } from './helpers.js';

const MEGABYTE = 'x'.repeat(1 << 20);
const message = (page) => page.getByTestId('error').or(page.locator('.notice')).first();

async function usable(page, field, valid, expectedResult) {
  await page.getByTestId(field).fill(valid);
  await expect(page.getByTestId('result-shape')).toHaveText(expectedResult);
}

const SHAPES = [
  { text: MEGABYTE, says: "cannot read shape: 'x' where a size was expected at position 1" },
  { text: '-1,2', says: 'a negative size' },
  { text: '1.5,2', says: 'a fractional size' },
  { text: Array(17).fill('1').join(','), says: 'at most 16 dimensions' },
  { text: '99999999999999999999', says: 'too large to represent' },
  { text: '', says: 'an empty shape' },
  { text: '<b>x</b>', says: "'<' where a size was expected" },
  { text: '5,\u00003', says: 'cannot read shape' },
  { text: '（5，3）🙂', says: 'cannot read shape' },
];

for (const field of ['shape-a', 'shape-b', 'shape-c']) {
  test(`${field}: hostile text gets the core’s message and the page stays usable`, async ({ page }) => {
    const problems = watch(page);
    await open(page, `a=2,3&b=3&c=2,1&op=${field === 'shape-c' ? 'where' : 'add'}&view=align&lang=en`);
    for (const { text, says } of SHAPES) {
      await page.getByTestId(field).fill(text);
      await settled(page);
      await expect(page.getByTestId('error')).toContainText(says);
      // Echoed text is cut short; the field keeps all of it.
      expect((await page.getByTestId('error').textContent()).length).toBeLessThan(400);
      await expect(page.getByTestId(field)).toHaveValue(text.replace('\u0000', '\u0000'));
    }
    await usable(page, field, field === 'shape-c' ? '2,1' : '2,3', 'torch.Size([2, 3])');
    expect(problems).toEqual([]);
  });
}

test('huge shapes: 100000,1 with 1,100000 is shown without values, with a message', async ({ page }) => {
  const problems = watch(page);
  await open(page, 'a=2,3&b=3&op=add&view=strides&lang=en');
  await page.getByTestId('shape-a').fill('100000,1');
  await page.getByTestId('shape-b').fill('1,100000');
  await expect(page.getByTestId('result-shape')).toHaveText('torch.Size([100000, 100000])');
  await expect(page.locator('.notice')).toContainText('The result would have 10,000,000,000 elements (37 GB)');
  // Strides come from the core's views even when the op is too big to run.
  const tc = await core();
  const expanded = tc.tidy(() => tc.zeros([100000, 1]).broadcastTo([100000, 100000]).stride());
  await expect(page.locator('table.strides tr').filter({ has: page.locator('th', { hasText: /^a$/ }) }).locator('td').nth(2)).toHaveText(new RegExp(`^\\(${expanded[0]}, 0`));
  for (const view of ['align', 'grad', 'inplace']) {
    await page.getByTestId(`tab-${view}`).click();
    await expect(page.getByTestId('result-shape')).toHaveText('torch.Size([100000, 100000])');
  }
  await page.getByTestId('shape-a').fill('1000000000');
  await expect(page.locator('.notice')).toContainText('a has 1,000,000,000 elements');
  await usable(page, 'shape-a', '2,1', 'torch.Size([2, 100000])');
  expect(problems).toEqual([]);
});

test('alpha: text, NaN, infinity and a megabyte are refused with a message', async ({ page }) => {
  await open(page, 'a=2,3&b=3&op=add&view=align&lang=en');
  for (const text of [MEGABYTE, 'NaN', '1e400', 'two', '']) {
    await page.getByTestId('alpha').fill(text);
    await expect(page.getByTestId('error')).toContainText('alpha must be a number');
    expect((await page.getByTestId('error').textContent()).length).toBeLessThan(400);
  }
  await page.getByTestId('alpha').fill('-0.5');
  await expect(page.getByTestId('result-shape')).toHaveText('torch.Size([2, 3])');
});

for (const name of ['a', 'b', 'c']) {
  test(`values of ${name}: junk, a megabyte and the wrong count get a message`, async ({ page }) => {
    await open(page, `a=2,3&b=3&c=2,1&op=where&f${name}=custom&v${name}=1&view=align&lang=en`);
    const field = page.getByTestId(`values-${name}`);
    for (const [text, says] of [
      [MEGABYTE, `Values of ${name}: “${'x'.repeat(120)}…`],
      // Brackets separate values (a pasted nested list reads as its elements), so the first bad token is shown.
      ['<script>alert(1)</script>', `Values of ${name}: “<script>alert”`],
      [name === 'c' ? '1, 0, 1' : '1, 2', 'needs'],
      [name === 'c' ? '2, 0' : 'one, two', `Values of ${name}: “`],
    ]) {
      await field.fill(text);
      await expect(message(page)).toContainText(says);
    }
    const count = name === 'a' ? 6 : name === 'b' ? 3 : 2;
    await field.fill(Array.from({ length: count }, (_, i) => (name === 'c' ? i % 2 : i)).join(', '));
    await expect(page.getByTestId('result-shape')).toHaveText('torch.Size([2, 3])');
  });
}

test('seed: out-of-range numbers are ignored and the values stay seeded', async ({ page }) => {
  await open(page, 'a=2,3&b=3&op=add&fa=random&seed=7&view=strides&lang=en');
  const before = await page.locator('[data-testid="diagram"] text[data-key^="out:"]').allTextContents();
  for (const text of ['-5', '1e99', '0.5']) {
    await page.getByTestId('seed').fill(text);
    await settled(page);
  }
  await expect(page).toHaveURL(/seed=7/);
  expect(await page.locator('[data-testid="diagram"] text[data-key^="out:"]').allTextContents()).toEqual(before);
  await page.getByTestId('seed').fill('8');
  await expect(page).toHaveURL(/seed=8/);
  expect(await page.locator('[data-testid="diagram"] text[data-key^="out:"]').allTextContents()).not.toEqual(before);
});

test('7 to 16 dims are aligned and computed, and grids say they are not drawn', async ({ page }) => {
  await open(page, `a=${Array(16).fill(1).join(',')}&b=2,2,2,2,2,2,2&op=add&view=align&lang=en`);
  await expect(page.getByTestId('result-shape')).toHaveText(`torch.Size([${[...Array(9).fill(1), ...Array(7).fill(2)].join(', ')}])`);
  await expect(page.locator('[data-testid="diagram"] text').filter({ hasText: /^dim 15$/ })).toHaveCount(1);
  await page.getByTestId('tab-strides').click();
  await expect(page.locator('[data-testid="diagram"] text').filter({ hasText: '16 dims: grids are drawn up to 6 dims' })).toHaveCount(3);
});
