// Hovering (or focusing) an output element in the strides view marks the
// storage cell of each input it reads. The page's answer is checked against
// the core's own expanded strides: cell = offset + sum(index * stride).
import { expect, test } from '@playwright/test';
import { core, open } from './helpers.js';

/** The expanded strides the engine used for a (5,1,4,1) + (3,1,1) add, from the op's trace. */
async function tracedStrides(aShape, bShape) {
  const tc = await core();
  return tc.tidy(() => {
    const run = tc.explain.op('add', tc.zeros(aShape), tc.zeros(bShape));
    return run.trace.operands;
  });
}

function cellOf(flat, outShape, operand) {
  let rest = flat;
  let cell = operand.offset;
  for (let d = outShape.length - 1; d >= 0; d--) {
    cell += (rest % outShape[d]) * operand.expandedStrides[d];
    rest = Math.floor(rest / outShape[d]);
  }
  return cell;
}

const marked = (page, prefix) =>
  page.locator(`[data-testid="diagram"] rect[data-hl="on"][data-key^="${prefix}"]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));

test('hovering each output element marks the cells the core’s strides select', async ({ page }) => {
  const [out, a, b] = await tracedStrides([5, 1, 4, 1], [3, 1, 1]);
  expect(b.expandedStrides).toContain(0);
  await open(page, 'a=5,1,4,1&b=3,1,1&op=add&view=strides&lang=en');
  const numel = out.shape.reduce((p, s) => p * s, 1);
  for (let flat = 0; flat < numel; flat += 7) {
    await page.locator(`[data-testid="diagram"] text[data-key="out:${flat}"]`).hover();
    expect(await marked(page, 'a:s:')).toEqual([`a:s:${cellOf(flat, out.shape, a)}`]);
    expect(await marked(page, 'b:s:')).toEqual([`b:s:${cellOf(flat, out.shape, b)}`]);
    expect(await marked(page, 'out:')).toEqual([`out:${flat}`]);
    await expect(page.getByTestId('reads')).toContainText(`a’s storage at index ${cellOf(flat, out.shape, a)} (`);
    await expect(page.getByTestId('reads')).toContainText(`b’s storage at index ${cellOf(flat, out.shape, b)} (`);
  }
  // A stride of 0 reuses a cell: the other output elements reading it are marked as the same cell.
  await page.locator('[data-testid="diagram"] text[data-key="out:0"]').hover();
  const same = await page.locator('[data-testid="diagram"] rect[data-hl="same"][data-key^="b:e:"]').count();
  const readers = Array.from({ length: numel }, (_, f) => cellOf(f, out.shape, b)).filter((c) => c === cellOf(0, out.shape, b)).length;
  expect(same).toBe(readers - 1);
  await expect(page.getByTestId('reads')).toContainText(`shared by ${readers} output elements`);

  // Anywhere in a cell counts, not only its number: its corner, found from the outline hover drew.
  await page.locator('[data-testid="diagram"] text[data-key="out:9"]').hover();
  const box = await page.locator('[data-testid="diagram"] rect[data-hl="on"][data-key="out:9"]').boundingBox();
  await page.mouse.move(0, 0);
  await expect(page.getByTestId('reads')).toBeEmpty();
  await page.mouse.move(box.x + 3, box.y + 3);
  expect(await marked(page, 'out:')).toEqual(['out:9']);
  expect(await marked(page, 'b:s:')).toEqual([`b:s:${cellOf(9, out.shape, b)}`]);
});

test('the output grid is reachable by keyboard and announces what each cell reads', async ({ page }) => {
  const [out, a, b] = await tracedStrides([2, 3], [3]);
  await open(page, 'a=2,3&b=3&op=add&view=strides&lang=en');
  const diagram = page.getByTestId('diagram');
  await diagram.focus();
  expect(await marked(page, 'out:')).toEqual(['out:0']);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect(await marked(page, 'out:')).toEqual(['out:3']);
  expect(await marked(page, 'a:s:')).toEqual([`a:s:${cellOf(3, out.shape, a)}`]);
  expect(await marked(page, 'b:s:')).toEqual([`b:s:${cellOf(3, out.shape, b)}`]);
  await expect(page.getByTestId('reads')).toHaveText(/^out\[1, 0\] = 3 reads a’s storage at index 3 \(value 3\) and b’s storage at index 0 \(value 0, shared by 2 output elements\)\.$/);
  // The arrows moved the cell, not the step.
  await expect(page.getByTestId('step-count')).toHaveText('Step 5 of 5');
});

test('the stride table marks every 0 in words as well as colour', async ({ page }) => {
  const [, , b] = await tracedStrides([5, 3, 4, 1], [3, 1, 1]);
  await open(page, 'a=5,3,4,1&b=3,1,1&op=add&view=strides&lang=en');
  const row = page.locator('table.strides tr').filter({ has: page.locator('th', { hasText: /^b$/ }) });
  await expect(row.locator('td').nth(2)).toHaveText(new RegExp(`^\\(${b.expandedStrides.map((s) => (s === 0 ? '0, stride 0: the same cell is read again' : String(s))).join(', ')}\\)$`));
  await expect(row.locator('mark.zero')).toHaveCount(b.expandedStrides.filter((s) => s === 0).length);
});

test('the inner-loop step names the core’s kernel in a detail line, and says when it runs two rows per pass', async ({ page }) => {
  const tc = await core();
  const kernelOf = (a, b) => tc.tidy(() => tc.explain.op('add', tc.zeros(a), tc.zeros(b)).trace);
  for (const [a, b, lang, twoRows] of [
    [[3, 8], [8], 'en', 'two output rows per pass'],
    [[3, 8], [8], 'zh', '两行'],
    [[3, 8], [3, 1], 'en', null],
  ]) {
    const trace = kernelOf(a, b);
    expect(trace.kernelRows).toBe(twoRows === null ? 1 : 2);
    await open(page, `a=${a.join(',')}&b=${b.join(',')}&op=add&view=strides&step=0&lang=${lang}`);
    await page.keyboard.press('End');
    const caption = page.getByTestId('caption');
    await expect(page.getByTestId('kernel-detail')).toContainText(trace.kernel);
    if (twoRows === null) await expect(caption).not.toContainText(lang === 'en' ? 'two output rows' : '两行');
    else await expect(caption).toContainText(twoRows);
  }
});
