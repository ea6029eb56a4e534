// A student holding a traceback: the paste box reads PyTorch's message,
// fills in the shapes it gives (marking the sizes it had to guess), asks
// only for what is missing, and the page then shows the very message that
// was pasted. The matrix product is read and explained, not run.
import { expect, test } from '@playwright/test';
import { open, settled, shown, watch } from './helpers.js';

const SIZE = 'The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1';
const TRACEBACK = `Traceback (most recent call last):
  File "/home/student/train.py", line 12, in <module>
    y = x + w
        ~~^~~
RuntimeError: ${SIZE}`;
const INPLACE = "output with shape [3, 1] doesn't match the broadcast shape [3, 4]";
const EXPAND = 'The expanded size of the tensor (3) must match the existing size (2) at non-singleton dimension 1.  Target sizes: [2, 3].  Tensor sizes: [2, 2]';
const MATMUL = 'mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)';

async function paste(page, text) {
  const box = page.getByTestId('paste-box');
  if ((await box.getAttribute('open')) === null) await box.locator('summary').click();
  await page.getByTestId('paste').fill(text);
  await settled(page);
}

test('a whole traceback with the size message: guesses marked, applied, the same message back', async ({ page }) => {
  const problems = watch(page);
  await open(page, 'a=5,3,4,1&b=3,1,1&op=mul&view=align&lang=en');
  await paste(page, TRACEBACK);
  const read = page.getByTestId('paste-read');
  await expect(read).toContainText(`RuntimeError: ${SIZE}`);
  await expect(read).toContainText('at dim 1 of the result (counted from the left, from 0), tensor a has size 2 and tensor b has size 3');
  await expect(page.getByTestId('paste-a')).toHaveValue('1,2');
  await expect(page.getByTestId('paste-b')).toHaveValue('1,3');
  await expect(page.getByTestId('paste-a')).toHaveClass(/guess/);
  await expect(page.getByTestId('paste-b-note')).toHaveText('guess');
  // mul fails the same way: the op chosen stays.
  await expect(read).toContainText('shown as torch.mul(a, b)');
  await expect(page.getByTestId('paste-check')).toHaveCount(0);
  await page.getByTestId('paste-apply').click();
  await expect(page.getByTestId('shape-a')).toHaveValue('1,2');
  await expect(page.getByTestId('shape-b')).toHaveValue('1,3');
  expect((await shown(page)).error).toBe(SIZE);
  await expect(page.getByTestId('paste-check')).toHaveText(/gives the same message/);
  // The guesses stay marked in the shape fields while they are shown.
  await expect(page.locator('.guess-a.guess-b #shape-a')).toHaveCount(1);
  await page.getByTestId('shape-a').fill('4,2');
  await expect(page.locator('.guess-a, .guess-b')).toHaveCount(0);
  // Showing the pasted shapes was one history entry (the edit after it another): Back twice returns.
  await page.getByTestId('shape-a').press('Tab');
  await expect(page).toHaveURL(/a=4,2/);
  await page.goBack();
  await expect(page.getByTestId('shape-a')).toHaveValue('1,2');
  await page.goBack();
  await expect(page.getByTestId('shape-a')).toHaveValue('5,3,4,1');
  await expect(page.getByTestId('op')).toHaveValue('mul');
  expect(problems).toEqual([]);
});

test('named dims over the guesses: only the names are asked for, and the sizes must fit the message', async ({ page }) => {
  await open(page, 'a=5,3,4,1&b=3,1,1&op=add&view=align&lang=en');
  await paste(page, `RuntimeError: ${SIZE}`);
  await page.getByTestId('paste-a').fill('B,2');
  await page.getByTestId('paste-b').fill('(B, 3)');
  await expect(page.getByTestId('paste-a')).not.toHaveClass(/guess/);
  await expect(page.getByTestId('paste-a-note')).toHaveText('from the message');
  await expect(page.getByTestId('paste-name-B')).toHaveCount(1);
  await expect(page.getByTestId('paste-apply')).toBeDisabled();
  await page.getByTestId('paste-name-B').fill('8');
  await page.getByTestId('paste-name-B').press('Enter');
  await expect(page.getByTestId('shape-a')).toHaveValue('8,2');
  await expect(page.getByTestId('shape-b')).toHaveValue('8,3');
  await expect(page.getByTestId('paste-check')).toHaveText(/gives the same message/);
  // A shape that no longer says what the message said is flagged, not hidden.
  await page.getByTestId('paste-b').fill('torch.Size([8, 2])');
  await page.getByTestId('paste-apply').click();
  await expect(page.getByTestId('shape-b')).toHaveValue('8,2');
  await expect(page.getByTestId('paste-check')).toHaveText(/give no error/);
  await page.getByTestId('paste-b').fill('8x5x3');
  await page.getByTestId('paste-apply').click();
  await expect(page.getByTestId('shape-b')).toHaveValue('8,5,3');
  await expect(page.getByTestId('paste-check')).toHaveText(/different message/);
  // Text that is no shape says where it stops, and nothing is applied.
  await page.getByTestId('paste-a').fill('8,,2');
  await expect(page.getByTestId('paste-a-note')).toHaveText('cannot read this shape (at character 3)');
  await expect(page.getByTestId('paste-apply')).toBeDisabled();
});

test('the in-place message gives a; b is the guess; the op becomes in place', async ({ page }) => {
  await open(page, 'a=5,3,4,1&b=3,1,1&op=sub&view=align&lang=en');
  await paste(page, `Traceback (most recent call last):\n  File "a.py", line 2, in <module>\n    x.sub_(y)\nRuntimeError: ${INPLACE}\n`);
  await expect(page.getByTestId('paste-a')).toHaveValue('3,1');
  await expect(page.getByTestId('paste-a-note')).toHaveText('from the message');
  await expect(page.getByTestId('paste-b')).toHaveValue('4');
  await expect(page.locator('.guess-a, .guess-b')).toHaveCount(0);
  await expect(page.getByTestId('paste-b-note')).toHaveText('guess');
  await page.getByTestId('paste-apply').click();
  await expect(page.getByTestId('op')).toHaveValue('sub_');
  await expect(page.locator('.guess-b:not(.guess-a) #shape-b')).toHaveCount(1);
  expect((await shown(page)).error).toBe(INPLACE);
  await expect(page.getByTestId('paste-check')).toHaveText(/gives the same message/);
});

test('the expand message names both shapes: shown as a.add_(b), and the core’s expand gives it back', async ({ page }) => {
  await open(page, 'a=5,3,4,1&b=3,1,1&op=add&view=align&lang=en');
  await paste(page, `RuntimeError: ${EXPAND}`);
  await expect(page.getByTestId('paste-read')).toContainText('the target (2, 3) and the tensor (2, 2)');
  await expect(page.getByTestId('paste-a')).toHaveValue('2,3');
  await expect(page.getByTestId('paste-b')).toHaveValue('2,2');
  await expect(page.locator('.paste-shape input.guess')).toHaveCount(0);
  await page.getByTestId('paste-apply').click();
  await expect(page.getByTestId('op')).toHaveValue('add_');
  await expect(page.getByTestId('paste-check')).toContainText('gives the same message');
  await expect(page.getByTestId('paste-check')).toContainText(`The core’s b.expand(2, 3) says:${EXPAND}`);
});

test('the matrix product is read and explained, and the page sends the product to the code mode, which runs it', async ({ page }) => {
  await open(page, 'a=5,3,4,1&b=3,1,1&op=add&view=align&lang=en');
  // The page writes its link (with the version key) once it settles: the URL to compare with is that one.
  await expect(page).toHaveURL(/#v=1&/);
  const before = page.url();
  await paste(page, `RuntimeError: ${MATMUL}`);
  const m = page.getByTestId('paste-matmul');
  await expect(m).toContainText('mat1 (2×3) and mat2 (4×5)');
  await expect(m).toContainText('here 3 ≠ 4');
  await expect(m).toContainText('the layer was made for 4 (its in_features)');
  await expect(m).not.toContainText('does not run');
  await expect(page.getByTestId('paste-matmul-code')).toContainText('Code mode runs matrix products');
  await expect(page.getByTestId('paste-apply')).toHaveCount(0);
  await expect(page.getByTestId('shape-a')).toHaveValue('5,3,4,1');
  expect(page.url()).toBe(before);
});

test('text without a known error says what the box reads; hostile text is only text', async ({ page }) => {
  const problems = watch(page);
  await open(page, 'a=5,3,4,1&b=3,1,1&op=add&view=align&lang=en');
  await paste(page, 'RuntimeError: CUDA out of memory.');
  await expect(page.getByTestId('paste-none')).toContainText('No shape error this page knows');
  await paste(page, `<img src=x onerror=alert(1)>\n${'('.repeat(5000)}\nRuntimeError: The size of tensor a (<b>2</b>) must match`);
  await expect(page.getByTestId('paste-none')).toBeVisible();
  await paste(page, `${'x'.repeat(200_000)}\nRuntimeError: ${SIZE}`);
  await expect(page.getByTestId('paste-a')).toHaveValue('1,2');
  expect(problems).toEqual([]);
});

test('in Chinese: the reading, the guess marks and the matrix product', async ({ page }) => {
  await open(page, 'a=5,3,4,1&b=3,1,1&op=add&view=align&lang=zh');
  await expect(page.getByTestId('paste-box').locator('summary')).toHaveText('遇到 PyTorch 报错？粘贴到这里');
  await paste(page, `RuntimeError: ${SIZE}`);
  await expect(page.getByTestId('paste-read')).toContainText('在结果中下标为 1 的维度（从左往右数，从 0 开始），张量 a 的大小是 2，张量 b 的大小是 3');
  await expect(page.getByTestId('paste-a-note')).toHaveText('猜测');
  await page.getByTestId('paste-apply').click();
  await expect(page.getByTestId('paste-check')).toHaveText(/报错与粘贴的相同/);
  await paste(page, `RuntimeError: ${MATMUL}`);
  await expect(page.getByTestId('paste-matmul')).not.toContainText('以后再加');
  await expect(page.getByTestId('paste-matmul-code')).toContainText('“代码”模式可以运行矩阵乘法');
});

test('the shape fields take 4x3 and torch.Size([4, 3]) too; a name there gets the core’s message', async ({ page }) => {
  await open(page, 'a=5,3,4,1&b=3,1,1&op=add&view=align&lang=en');
  for (const [typed, read] of [['4x3', '(4, 3)'], ['2 × 1 × 3', '(2, 1, 3)'], ['torch.Size([4, 3])', '(4, 3)'], ['[4, 3]', '(4, 3)'], ['(4, 3)', '(4, 3)']]) {
    await page.getByTestId('shape-b').fill(typed);
    await expect(page.locator('#read-b')).toHaveText(`read as ${read}`);
  }
  await page.getByTestId('shape-b').fill('4x3');
  expect((await shown(page)).result).toBe('torch.Size([5, 3, 4, 3])');
  await page.getByTestId('shape-b').fill('B,3');
  await expect(page.getByTestId('error')).toHaveText("cannot read shape: 'B' where a size was expected at position 1");
  await page.getByTestId('shape-b').fill('4x-3');
  await expect(page.getByTestId('error')).toContainText('cannot read shape');
});
