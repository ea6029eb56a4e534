// All text in English or Chinese, switched on the page; PyTorch's messages
// stay verbatim in English with an explanation in the chosen language.
// Every step's caption in both languages: tests/web/captions.test.js.
import { expect, test } from '@playwright/test';
import { PRESETS } from '../web/src/model/presets.ts';
import { open } from './helpers.js';

const MESSAGE = 'The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1';

test('the switch changes every text but PyTorch’s message', async ({ page }) => {
  await open(page, 'a=5,2,4,1&b=3,1,1&op=add&view=align&lang=en');
  await expect(page.locator('h1')).toHaveText('Broadcasting, step by step');
  await expect(page.getByTestId('tab-strides')).toHaveText('Strides');
  await expect(page.locator('.problem')).toContainText('At dim 1 (the 3rd from the right)');
  await page.getByTestId('lang').click();
  await expect(page.locator('h1')).toHaveText('广播机制，一步一步看');
  await expect(page.getByTestId('tab-strides')).toHaveText('步长');
  await expect(page.getByTestId('error')).toHaveText(MESSAGE);
  await expect(page.locator('.problem')).toContainText('在第 1 维（从右数第 3 个）');
  await expect(page.getByTestId('step-count')).toHaveText('第 6 步，共 6 步');
  await expect(page.getByTestId('caption')).toHaveText('广播在第 1 维失败；它左边的维度不再检查。');
  await expect(page.locator('[data-testid="diagram"] text').filter({ hasText: '✗ 不匹配' })).toHaveCount(1);
  await expect(page.locator('.app')).toHaveAttribute('lang', 'zh-CN');
  await expect(page).toHaveURL(/lang=zh/);
  // The preset menu shows the Chinese titles.
  const titles = await page.getByTestId('preset').locator('option').allTextContents();
  expect(titles.slice(1)).toEqual(PRESETS.map((p) => p.title.zh));
  await page.getByTestId('lang').click();
  await expect(page.locator('h1')).toHaveText('Broadcasting, step by step');
});

test('sentences built from pieces read as each language writes them', async ({ page }) => {
  // Two operands stretched at one dim: "both" / 都, and each language's own colon after "Result".
  const where = 'c=3,1&a=3&b=1&op=where&view=align&step=2';
  await open(page, `${where}&lang=zh`);
  await expect(page.getByTestId('caption')).toHaveText('第 1 维（从右数第 1 个）：c 和 b 都是 1，被扩展为 3（不复制数据），结果为 3。');
  await expect(page.locator('.result')).toHaveText('结果：torch.Size([3, 3])');
  await open(page, `${where}&lang=en`);
  await expect(page.getByTestId('caption')).toHaveText('Dim 1 (the 1st from the right): c and b are both 1, so they are stretched to 3 without copying: the result is 3.');
  await expect(page.locator('.result')).toHaveText('Result: torch.Size([3, 3])');
  // A failing dim: one clause per operand, separated by ， in Chinese.
  await open(page, 'a=5,2,4,1&b=3,1,1&op=add&view=align&lang=zh');
  await expect(page.locator('.problem')).toContainText('在第 1 维（从右数第 3 个），a 是 2，b 是 3。');
  // A storage cell is named by its index, never by a Chinese ordinal.
  await open(page, 'a=2,3&b=3&op=add&view=strides&lang=zh');
  await page.locator('[data-testid="diagram"] text[data-key="out:3"]').hover();
  await expect(page.getByTestId('reads')).toHaveText('out[1, 0] = 3，读取 a 存储中下标 3 的单元（值为 3）和 b 存储中下标 0 的单元（值为 0，2 个输出元素共用）。');
});
