// Tensors of 0 to 6 dims are drawn (3-D and up as labelled slices), size-0
// tensors are shown as such, and large ones are summarised.
import { expect, test } from '@playwright/test';
import { MAX_DRAWN_ELEMENTS } from '../web/src/model/limits.ts';
import { open } from './helpers.js';

const diagram = (page) => page.getByTestId('diagram');
const outCells = (page) => diagram(page).locator('text[data-key^="out:"]');

test('a 0-dim tensor is one cell, labelled as a scalar', async ({ page }) => {
  await open(page, 'a=()&b=()&op=add&view=strides&lang=en');
  await expect(page.getByTestId('result-shape')).toHaveText('torch.Size([])');
  await expect(outCells(page)).toHaveCount(1);
  await expect(diagram(page).locator('text').filter({ hasText: '0-dim (a scalar)' })).toHaveCount(3);
});

test('a size-0 tensor is shown as empty, not as missing', async ({ page }) => {
  await open(page, 'a=(0,)&b=(1,)&op=add&view=strides&lang=en');
  await expect(page.getByTestId('result-shape')).toHaveText('torch.Size([0])');
  await expect(diagram(page).locator('text').filter({ hasText: 'empty: shape (0,) has 0 elements' })).toHaveCount(3);
  await expect(diagram(page).locator('text').filter({ hasText: 'a’s storage · 0 cells' })).toHaveCount(1);
  await page.getByTestId('tab-grad').click();
  await expect(page.getByTestId('grad-a')).toHaveText('');
});

for (const [shape, slices] of [
  [[2, 3], 0],
  [[2, 2, 3], 2],
  [[2, 2, 2, 3], 4],
  [[2, 2, 2, 2, 3], 8],
  [[2, 2, 2, 2, 2, 3], 16],
]) {
  test(`${shape.length}-D ${shape.join('x')}: every element drawn, in ${slices || 'no'} labelled slices`, async ({ page }) => {
    await open(page, `a=${shape.join(',')}&b=1&op=add&view=strides&lang=en`);
    const numel = shape.reduce((p, s) => p * s, 1);
    await expect(outCells(page)).toHaveCount(numel);
    const flats = await outCells(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-key').slice(4))));
    expect(flats.sort((x, y) => x - y)).toEqual(Array.from({ length: numel }, (_, i) => i));
    if (slices > 0) {
      // One label per index of the dim just before the matrix, per slice above it.
      const last = shape.length - 3;
      const labels = await diagram(page).locator('text').filter({ hasText: new RegExp(`^d${last}=\\d+$`) }).count();
      expect(labels).toBe(3 * slices);
      await expect(diagram(page).locator('text').filter({ hasText: `out[${shape.slice(0, -2).map((_, d) => `d${d}`).join(', ')}, :, :]` })).toHaveCount(1);
    }
  });
}

test('a large tensor is summarised: first and last indices, with gaps', async ({ page }) => {
  await open(page, 'a=64,64&b=64&op=add&view=strides&lang=en');
  const drawn = await outCells(page).count();
  expect(drawn).toBeGreaterThan(0);
  expect(drawn).toBeLessThanOrEqual(MAX_DRAWN_ELEMENTS);
  const flats = await outCells(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-key').slice(4))));
  expect(flats).toContain(0);
  expect(flats).toContain(64 * 64 - 1);
  await expect(diagram(page).locator('text').filter({ hasText: '⋱' }).first()).toBeVisible();
  // The hover mapping still names the true element.
  await diagram(page).locator(`text[data-key="out:${64 * 64 - 1}"]`).hover();
  await expect(page.getByTestId('reads')).toContainText('out[63, 63] = 4158 reads a’s storage at index 4095 (value 4095) and b’s storage at index 63 (value 63, shared by 64 output elements)');
});
