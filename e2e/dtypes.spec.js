// Each operand's dtype: a labelled menu beside its shape, kept in the link,
// and PyTorch's dtype decision beside the alignment, in both languages,
// with PyTorch's refusals (bool - bool, a float result written into an
// integer a) in its own words.
import { expect, test } from '@playwright/test';
import { open, settled, watch } from './helpers.js';

test('int64 a + float32 b: the menus, the statements, the result and the link', async ({ page }) => {
  const problems = watch(page);
  await open(page, 'a=2,3&b=3&op=add&view=align&lang=en');
  await page.getByLabel('dtype of a').selectOption('int64');
  await page.getByLabel('dtype of b').selectOption('float32');
  await settled(page);
  const block = page.getByTestId('promotion');
  await expect(block.getByRole('heading')).toHaveText('Dtypes: how PyTorch picks the result’s type');
  await expect(block.locator('li')).toHaveText([
    'a is int64, a tensor with dims.',
    'b is float32, a tensor with dims.',
    'a and b (both tensors with dims) promote together: a float outranks an integer, so the common dtype is float32.',
    'add computes in float32 and returns float32.',
    'Before the loop, a is converted to float32.',
  ]);
  await expect(page.getByTestId('result-shape')).toHaveText('torch.Size([2, 3])');
  await expect(page.getByTestId('result-dtype')).toHaveCount(0);
  await expect(page).toHaveURL(/[#&]da=int64(&|$)/);
  await expect(page).not.toHaveURL(/db=/);
  expect(problems).toEqual([]);
});

test('bool - bool: PyTorch refuses it, in its own words', async ({ page }) => {
  await open(page, 'a=3&b=3&op=sub&view=align&lang=en');
  await page.getByLabel('dtype of a').selectOption('bool');
  await page.getByLabel('dtype of b').selectOption('bool');
  await settled(page);
  const message = 'Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead.';
  await expect(page.getByTestId('error')).toHaveText(message);
  const refused = page.getByTestId('promotion').locator('li[data-kind="refused"]');
  await expect(refused).toContainText('PyTorch refuses this call.');
  await expect(refused.locator('code')).toHaveText(message);
  // The verdict's why is about dtypes, not an in-place shape.
  await expect(page.locator('section.verdict')).toContainText('The shapes broadcast, so this refusal is about the operands’ dtypes or values');
  await expect(page.locator('section.verdict')).not.toContainText('can never change the shape');
  // A bool operand's values are True and False.
  await expect(page.getByTestId('fill-a').locator('option:checked')).toHaveText('True, False, … alternating');
});

test('a link opens on its dtypes; an int64 a cannot take a float result in place, an int64 b makes it fit', async ({ page }) => {
  await open(page, 'a=2,3&b=3&op=add_&da=int64&view=align&lang=en');
  await expect(page.getByLabel('dtype of a')).toHaveValue('int64');
  await expect(page.getByLabel('dtype of b')).toHaveValue('float32');
  const message = "result type Float can't be cast to the desired output type Long";
  await expect(page.getByTestId('error')).toHaveText(message);
  const refused = page.getByTestId('promotion').locator('li[data-kind="inplace-refused"]');
  await expect(refused).toContainText('a.add_(b) would have to write its float32 result into a, which keeps its dtype, int64. A float cannot go into an integer tensor without losing its fraction');
  await expect(refused.locator('code')).toHaveText(message);
  // The verdict's why is the dtype's, not a shape's.
  await expect(page.locator('section.verdict')).toContainText('A float cannot go into an integer tensor');
  await expect(page.locator('section.verdict')).not.toContainText('can never change the shape');

  await page.getByLabel('dtype of b').selectOption('int64');
  await settled(page);
  await expect(page.getByTestId('error')).toHaveCount(0);
  await expect(page.getByTestId('promotion').locator('li[data-kind="inplace"]')).toHaveText('a.add_(b) writes into a, which keeps its dtype, int64: the result already is int64.');
  await expect(page.getByTestId('result-dtype')).toHaveText('dtype=torch.int64');
  await expect(page).toHaveURL(/da=int64&db=int64/);
  await page.reload();
  await expect(page.getByLabel('dtype of b')).toHaveValue('int64');
  await expect(page.getByTestId('promotion').locator('li[data-kind="inplace"]')).toBeVisible();
});

test('integer values are drawn as integers, and the gradient view says which operand gets no gradient', async ({ page }) => {
  await open(page, 'a=2,3&b=3&op=mul&da=int64&fa=custom&va=1,-2,3,4,5,6&view=grad&lang=en');
  await expect(page.getByTestId('grad-without')).toHaveText(/^a is int64: only floating-point tensors can require grad, so a gets no gradient\./);
  // b's gradient is a summed over dim 0.
  await expect(page.getByTestId('grad-b')).toHaveText('5, 3, 9');
  await open(page, 'a=2,3&b=3&op=mul&da=int64&db=int32&fa=custom&va=1,-2,3,4,5,6&view=strides&lang=en');
  const drawn = await page.getByTestId('diagram').locator('text').allTextContents();
  expect(drawn).toContain('-2');
  expect(drawn.some((t) => /^-?\d+\.0$/.test(t))).toBe(false);
  // An int32 product that wraps round is drawn with every digit, as PyTorch prints it.
  await open(page, 'a=1&b=1&op=mul&da=int32&db=int32&fa=custom&va=100000&fb=custom&vb=100000&view=strides&lang=en');
  await expect(page.getByTestId('diagram').locator('text', { hasText: /^1410065408$/ })).toHaveCount(1);
  await open(page, 'a=3&b=3&op=add&da=int32&db=int64&view=grad&lang=en');
  await expect(page.getByTestId('caption')).toHaveText('No backward pass to step through: no input is a floating-point tensor, so nothing requires grad.');
  await expect(page.getByTestId('grad-none')).toHaveText('a is int32 and b is int64, and only floating-point tensors can require grad. So nothing records the op, and out (int64) has no gradient to pass back.');
});

test('zh: the menus and the statements in Chinese', async ({ page }) => {
  await open(page, 'a=2,3&b=()&op=add&da=int64&db=float64&view=align&lang=zh');
  await expect(page.getByLabel('a 的 dtype')).toHaveValue('int64');
  const block = page.getByTestId('promotion');
  await expect(block.getByRole('heading')).toHaveText('dtype：PyTorch 如何决定结果的类型');
  await expect(block.locator('li').first()).toHaveText('a 是 int64，有维度的张量。');
  await expect(block.locator('li[data-kind="across"]')).toHaveText('b（0 维张量，float64）带来了更高的一种数（浮点数），高于 a（有维度的张量，int64）：较低的类别只有这样才起作用，这时由它决定。公共 dtype 是 float64。');
});

test('phone: each dtype menu fits the screen and keeps its label', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await open(page, 'a=2,3&b=3&op=add&da=uint8&view=align&lang=en');
  for (const name of ['a', 'b']) {
    const menu = page.getByLabel(`dtype of ${name}`);
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThanOrEqual(24);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
