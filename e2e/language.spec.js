// All text in English or Chinese, switched on the page; PyTorch's messages
// stay verbatim in English with an explanation in the chosen language.
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

test('every step of every view has its caption in both languages', async ({ page }) => {
  const cjk = /[\u4e00-\u9fff]/;
  for (const view of ['align', 'strides', 'grad', 'inplace']) {
    await open(page, `a=5,1,4,1&b=3,1,1&op=add&view=${view}&lang=zh`);
    const count = Number((await page.getByTestId('step-count').textContent()).match(/共 (\d+) 步/)[1]);
    expect(count).toBeGreaterThan(2);
    for (let step = 0; step < count; step++) {
      const captions = {};
      for (const lang of ['zh', 'en']) {
        await page.evaluate(([s, l]) => {
          location.hash = `#a=5,1,4,1&b=3,1,1&op=add&view=${location.hash.match(/view=(\w+)/)[1]}&step=${s}&lang=${l}`;
        }, [step, lang]);
        await expect(page.locator('.app')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
        captions[lang] = await page.getByTestId('caption').textContent();
      }
      expect(captions.zh, `${view} step ${step}`).toMatch(cjk);
      expect(captions.en, `${view} step ${step}`).not.toMatch(cjk);
      expect(captions.en.length).toBeGreaterThan(20);
    }
  }
});
