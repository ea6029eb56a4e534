// Tensors over the playground's size cap (web/src/model/limits.ts): their
// values are not made, but everything that does not need them still is:
// shapes, strides and expanded strides, the iteration plan, the gradient's
// reduction. The page's numbers are checked against the package in Node,
// which makes the real tensors there.
import { expect, test } from '@playwright/test';
import { en } from '../web/src/i18n/en.ts';
import { zh } from '../web/src/i18n/zh.ts';
import { core, open } from './helpers.js';

test.use({ viewport: { width: 1366, height: 768 } });

const list = (xs) => `(${xs.join(', ')})`;
const shape = (xs) => (xs.length === 1 ? `(${xs[0]},)` : list(xs));

/** The strides table as text: one row per operand, [name, shape, strides, expanded, offset]. */
async function stridesTable(page) {
  const rows = await page.locator('table.strides tbody tr').evaluateAll((trs) =>
    trs.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent.replace(/\s+/g, ' ').trim())));
  // A 0 carries a spoken mark (strides.zeroMark); the numbers alone here.
  return rows.map((r) => r.map((c) => c.replaceAll(`, ${en.strides.zeroMark}`, '')));
}

test('64,3,128,128 + 3,1,1 (per-channel normalisation): strides, expanded strides and the plan are the core’s', async ({ page }) => {
  await open(page, 'a=64,3,128,128&b=3,1,1&op=add&view=strides&lang=en');
  const tc = await core();
  const { trace } = tc.tidy(() => {
    const run = tc.explain.op('add', tc.zeros([64, 3, 128, 128]), tc.zeros([3, 1, 1]));
    return { trace: run.trace };
  });
  const [out, a, b] = trace.operands;
  expect(await stridesTable(page)).toEqual([
    ['out', shape(out.shape), list(out.strides), list(out.strides), '0'],
    ['a', shape(a.shape), list(a.strides), list(a.expandedStrides), '0'],
    ['b', shape(b.shape), list(b.strides), list(b.expandedStrides), '0'],
  ]);
  // Never an empty stride list, never "0 cells" for a.
  const diagram = page.getByTestId('diagram');
  await expect(diagram.locator('text').filter({ hasText: `${en.strides.storage('a')} · ${en.strides.cells(3145728)}` })).toHaveCount(1);
  await expect(diagram.locator('text').filter({ hasText: /· 0 cells/ })).toHaveCount(0);
  await expect(diagram.locator('text').filter({ hasText: en.fixes.large.notDrawn('1,048,576') })).toHaveCount(1);
  // The plan's five steps, and its loops as the core planned them.
  await expect(page.getByTestId('step-count')).toHaveText('Step 5 of 5');
  for (let k = trace.plan.shape.length - 1; k >= 0; k--)
    await expect(diagram.locator('text').filter({ hasText: `for i${k} in range(${trace.plan.shape[k]}):` })).toHaveCount(1);
  // The kernel's name is a detail line under the diagram; the caption tells TensorIterator's idea.
  await expect(page.getByTestId('kernel-detail')).toContainText(trace.kernel);
  // The expand step names every input's strides before and after.
  await page.getByTestId('reset').click();
  await page.getByTestId('next').click();
  await expect(page.getByTestId('caption')).toContainText(`a ${list(a.strides)} → ${list(a.expandedStrides)}, b ${list(b.strides)} → ${list(b.expandedStrides)}`);
  await expect(diagram.locator('text').filter({ hasText: en.fixes.large.gridsNotDrawn('1,048,576') })).toHaveCount(1);
  await expect(page.locator('.notice')).toContainText('so its values are not drawn; shapes, strides and the gradient’s reduction still are');
});

test('64,3,128,128 + 3,1,1: the gradient view steps through the reduction, with no values', async ({ page }) => {
  await open(page, 'a=64,3,128,128&b=3,1,1&op=add&view=grad&lang=en');
  const tc = await core();
  const step = tc.tidy(() => {
    const a = tc.zeros([64, 3, 128, 128], { requiresGrad: true });
    const b = tc.zeros([3, 1, 1], { requiresGrad: true });
    return tc.explain.backward(a.add(b).sum()).steps.find((s) => s.inputId === b.id);
  });
  await expect(page.getByTestId('step-count')).toHaveText('Step 5 of 5');
  await expect(page.getByTestId('caption')).not.toContainText(en.ui.blocked);
  await expect(page.getByTestId('caption')).toContainText('These are the shapes of the .grad tensors; their values are not drawn.');
  await expect(page.getByTestId('call-b')).toHaveText(`grad.sum((${[...step.leadingDims, ...step.onesDims].join(', ')}), keepdim=True).view(3, 1, 1)`);
  await expect(page.getByTestId('call-a')).toHaveText('grad');
  await expect(page.getByTestId('grad-b')).toHaveText(en.fixes.large.gradValues);
  const diagram = page.getByTestId('diagram');
  await expect(diagram.locator('text').filter({ hasText: /^b\.grad \(3, 1, 1\)$/ })).toHaveCount(1);
  await expect(diagram.locator('text').filter({ hasText: `${list(step.keepdimShape)} · 3 values, not drawn` })).toHaveCount(1);
  await expect(diagram.locator('text').filter({ hasText: '(64, 3, 128, 128) · 3,145,728 values, not drawn' }).first()).toBeVisible();
  // Stepping: the leading dims are summed at step 3, as the core's trace says.
  await page.getByTestId('reset').click();
  await page.getByTestId('next').click();
  await page.getByTestId('next').click();
  await expect(page.getByTestId('caption')).toContainText('b: dim 0 was added on the left by broadcasting');
});

test('a billion elements (1000,1000,1000 + 1000,1): strides and the reduction, no plan, and the page says why', async ({ page }) => {
  await open(page, 'a=1000,1000,1000&b=1000,1&op=mul&view=strides&lang=en');
  const rows = await stridesTable(page);
  expect(rows.map((r) => r.slice(0, 4))).toEqual([
    ['out', '(1000, 1000, 1000)', '(1000000, 1000, 1)', '(1000000, 1000, 1)'],
    ['a', '(1000, 1000, 1000)', '(1000000, 1000, 1)', '(1000000, 1000, 1)'],
    ['b', '(1000, 1)', '(1, 1)', '(0, 1, 0)'],
  ]);
  await expect(page.getByTestId('step-count')).toHaveText('Step 2 of 2');
  await expect(page.getByTestId('caption')).toContainText(en.fixes.large.noPlan('8,388,608'));
  await page.getByTestId('tab-grad').click();
  await expect(page.getByTestId('call-b')).toHaveText('grad.sum((0, 2), keepdim=True).view(1000, 1)');
});

test('in Chinese: the same numbers, and the words of the Chinese catalogue', async ({ page }) => {
  await open(page, 'a=64,3,128,128&b=3,1,1&op=add&view=strides&lang=zh');
  await expect(page.getByTestId('diagram').locator('text').filter({ hasText: zh.fixes.large.notDrawn('1,048,576') })).toHaveCount(1);
  await expect(page.getByTestId('step-count')).toHaveText('第 5 步，共 5 步');
  await page.getByTestId('tab-grad').click();
  await expect(page.getByTestId('grad-b')).toHaveText(zh.fixes.large.gradValues);
  await expect(page.getByTestId('call-b')).toHaveText('grad.sum((0, 2, 3), keepdim=True).view(3, 1, 1)');
});

test('an in-place op too big to run: its gradient and in-place views say so, and ask for no change', async ({ page }) => {
  await open(page, 'a=64,3,128,128&b=3,1,1&op=add_&view=grad&lang=en');
  await expect(page.getByTestId('caption')).toHaveText(en.fixes.large.noSteps);
  await page.getByTestId('tab-inplace').click();
  await expect(page.getByTestId('caption')).toHaveText(en.fixes.large.noSteps);
  await page.getByTestId('tab-strides').click();
  await expect(page.getByTestId('step-count')).toHaveText('Step 5 of 5');
});
