// Predict mode (predict=1): every answer stays hidden until the learner has
// predicted it, then the step shows it and says whether the prediction was
// right. And in either mode, no step shows what only a later step explains.
// That no preset's title gives its answer away: tests/web/presets.test.js.
import { expect, test } from '@playwright/test';
import { core, open, ready, settled, torchSize, watch } from './helpers.js';

// (4,1) + (3,) gives (4, 3): a shape neither input has, so finding it in the page means it was shown.
const HASH = 'a=4,1&b=3&op=add&view=align&predict=1&lang=en';
const RESULT = [4, 3];

/** Everything the element holds as text, drawn or not: its shadow tree's text, SVG included. */
const pageText = (page, within = '.app') => page.evaluate((s) => document.querySelector('tensorcast-playground').shadowRoot.querySelector(s).textContent, within);
/** The text shown: the same without the parts of other steps, drawn ahead and hidden (diagram/stage.ts). */
const shownText = (page, within = '.app') => page.evaluate((selector) => {
  const root = document.querySelector('tensorcast-playground').shadowRoot.querySelector(selector).cloneNode(true);
  for (const hidden of root.querySelectorAll('[data-hidden]')) hidden.remove();
  return root.textContent;
}, within);

async function expectHidden(page, shape) {
  const text = await pageText(page);
  expect(text).not.toContain(torchSize(shape));
  expect(text).not.toContain(`(${shape.join(', ')})`);
  await expect(page.getByTestId('result-shape')).toHaveCount(0);
}

const count = (page) => page.getByTestId('step-count');

test('predict=1: the result is nowhere in the page before the prediction, in any view', async ({ page }) => {
  const problems = watch(page);
  await open(page, HASH);
  await expect(page.getByTestId('result-hidden')).toBeVisible();
  await expectHidden(page, RESULT);
  // Stepping on stops at the first question; the steps before it show nothing of the answer either.
  for (let k = 0; k < 6; k++) await page.keyboard.press('ArrowRight');
  await expect(count(page)).toHaveText('Step 3 of 5');
  await expect(page.getByTestId('next')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('predict-equal')).toBeVisible();
  await expectHidden(page, RESULT);
  // End (the last step) is held at the question too.
  await page.keyboard.press('End');
  await expect(count(page)).toHaveText('Step 3 of 5');
  // A link to a later step opens at the first question instead.
  await open(page, `${HASH}&step=4`);
  await expect(count(page)).toHaveText('Step 3 of 5');
  await expectHidden(page, RESULT);

  for (const view of ['strides', 'grad', 'inplace']) {
    await open(page, HASH.replace('view=align', `view=${view}`));
    for (let k = 0; k < 6; k++) await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('predict-shape')).toBeVisible();
    await expectHidden(page, RESULT);
  }
  expect(problems).toEqual([]);
});

test('a wrong prediction, then a right one: each step reveals and says which', async ({ page }) => {
  const tc = await core();
  const trace = tc.explain.broadcast([4, 1], [3]);
  expect(trace.dims.map((d) => d.rule)).toEqual(['one', 'missing']);
  await open(page, `${HASH}&step=2`);
  const verdicts = page.locator('[data-testid="diagram"] text').filter({ hasText: /^(= equal|1 → stretched|\+ missing|✗ mismatch)$/ });
  await expect(page.getByTestId('caption')).toContainText('Dim 1 (the 1st from the right): a is 1 and b is 3.');
  await expect(verdicts).toHaveCount(0);

  // Wrong: "equal" where a 1 is stretched.
  await page.getByTestId('predict-equal').click();
  const feedback = page.getByTestId('predict-feedback');
  await expect(feedback).toHaveAttribute('data-right', 'false');
  await expect(feedback).toContainText('Not quite. You said “= equal”. Dim 1: 1 → stretched.');
  await expect(page.getByTestId('caption')).toContainText('a is 1, so it is stretched to 3');
  await expect(verdicts).toHaveCount(1);
  await expect(page.getByTestId('predict-equal')).toHaveCount(0);

  // Right: the missing dim counts as a 1, stretched.
  await page.getByTestId('next').click();
  await page.getByTestId('predict-stretched').click();
  await expect(feedback).toHaveAttribute('data-right', 'true');
  await expect(feedback).toContainText('Right.');

  // The result: text that is not a shape is refused with a message, and nothing is revealed.
  await page.getByTestId('next').click();
  await expect(count(page)).toHaveText('Step 5 of 5');
  await page.getByTestId('predict-shape').fill('4;3');
  await page.getByTestId('predict-check').click();
  await expect(page.getByTestId('predict-problem')).toContainText('“4;3” is not a shape');
  await expectHidden(page, RESULT);
  await page.getByTestId('predict-shape').fill('[4, 3]');
  await page.getByTestId('predict-check').click();
  await expect(feedback).toHaveAttribute('data-right', 'true');
  await expect(feedback).toContainText(`The result is ${torchSize(RESULT)}.`);
  await expect(page.getByTestId('result-shape')).toHaveText(torchSize(RESULT));
  // The prediction is taken once; going back shows how it went, not the question again.
  await page.getByTestId('prev').click();
  await expect(feedback).toContainText('Right.');
  await expect(page.getByTestId('predict-stretched')).toHaveCount(0);
});

test('a failing broadcast: "it raises an error" is the answer, then PyTorch’s message shows', async ({ page }) => {
  const tc = await core();
  const expected = tc.explain.broadcast([2, 3], [2]).error;
  await open(page, 'a=2,3&b=2&op=add&view=strides&predict=1&lang=en');
  await expect(page.getByTestId('error')).toHaveCount(0);
  await expect(page.getByTestId('caption')).toContainText('what does torch.add(a, b) give?');
  await page.getByTestId('predict-shape').fill('2,3');
  await page.getByTestId('predict-check').click();
  await expect(page.getByTestId('predict-feedback')).toContainText('Not quite. You said (2, 3). PyTorch raises an error');
  await expect(page.getByTestId('error')).toHaveText(expected);
});

test('the gradient view asks each .grad shape at the step that draws it', async ({ page }) => {
  await open(page, 'a=2,1,3&b=4,1&op=mul&view=grad&predict=1&lang=en');
  await expect(page.getByTestId('diagram')).toHaveCount(0);
  await page.getByTestId('predict-shape').fill('2,4,3');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('predict-feedback')).toHaveAttribute('data-right', 'true');
  // a (2,1,3): its size-1 dim is summed at step 4, which asks a.grad's shape before drawing it.
  await page.getByTestId('next').click();
  await page.getByTestId('next').click();
  await page.getByTestId('next').click();
  await expect(count(page)).toHaveText('Step 4 of 5');
  await expect(page.getByTestId('next')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('caption')).toContainText('a.grad is about to appear');
  // Nothing in the panel, drawn or drawn ahead, gives a.grad's shape (2, 1, 3) or its values.
  expect(await pageText(page, '#panel')).not.toContain('(2, 1, 3)');
  await expect(page.getByTestId('grad-a')).toHaveCount(0);
  await page.getByTestId('predict-shape').fill('(2, 4, 3)');
  await page.getByTestId('predict-check').click();
  await expect(page.getByTestId('predict-feedback')).toContainText('Not quite. You said (2, 4, 3). a.grad has shape (2, 1, 3).');
  await expect(page.getByTestId('grad-a')).toBeVisible();
  await expect(page.getByTestId('grad-b')).toHaveCount(0);
  // b (4,1): a dim added in front, so its .grad comes with the view, at the last step.
  await page.getByTestId('next').click();
  await expect(page.getByTestId('caption')).toContainText('b.grad is about to appear');
  await page.getByTestId('predict-shape').fill('4,1');
  await page.getByTestId('predict-check').click();
  await expect(page.getByTestId('predict-feedback').last()).toHaveAttribute('data-right', 'true');
  await expect(page.getByTestId('grad-b')).toBeVisible();
});

test('keyboard only: step, predict, and go on', async ({ page }) => {
  await open(page, HASH);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  // The question takes the keyboard: its first choice has focus.
  const focused = () => page.evaluate(() => document.querySelector('tensorcast-playground').shadowRoot.activeElement?.getAttribute('data-testid') ?? null);
  await expect.poll(focused).toBe('predict-equal');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('predict-feedback')).toHaveAttribute('data-right', 'true');
  await expect.poll(focused).toBe('predict-outcome');
  await page.keyboard.press('ArrowRight');
  await expect.poll(focused).toBe('predict-equal');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect.poll(focused).toBe('predict-shape');
  await page.keyboard.type('(4, 3)');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('predict-feedback')).toContainText('Right.');
  await expect(page.getByTestId('result-shape')).toHaveText(torchSize(RESULT));
  await expect(count(page)).toHaveText('Step 5 of 5');
});

test('predict=1 round-trips through the URL, the switch and the embed attribute', async ({ page }) => {
  await open(page, HASH);
  await expect(page).toHaveURL(/predict=1/);
  await expect(page.getByTestId('predict-mode')).toBeChecked();
  await page.getByTestId('predict-mode').uncheck();
  await expect(page).not.toHaveURL(/predict=/);
  await expect(page.getByTestId('result-shape')).toHaveText(torchSize(RESULT));
  await page.getByTestId('predict-mode').check();
  await expect(page).toHaveURL(/predict=1/);
  await expect(page.getByTestId('result-shape')).toHaveCount(0);
  // Turning it on starts again from the first step.
  await expect(count(page)).toHaveText('Step 1 of 5');
  await page.reload();
  await ready(page);
  await expect(page.getByTestId('predict-mode')).toBeChecked();
  await expect(page.getByTestId('result-hidden')).toBeVisible();

  // The embed element takes it as an attribute; the compact one hides its result too.
  await page.goto('/course.html');
  await ready(page, '#lesson-strides');
  await page.evaluate(() => {
    const el = document.querySelector('#lesson-strides');
    el.setAttribute('predict', '1');
    return el.updateComplete;
  });
  await settled(page, '#lesson-strides');
  const embed = page.locator('#lesson-strides');
  await expect(embed.getByTestId('summary')).toContainText('→ ?');
  await expect(embed.getByTestId('result-shape')).toHaveCount(0);
  // Turned on, it starts over: step 1 shows the storages, step 2 asks before it expands them.
  await expect(embed.getByTestId('step-count')).toHaveText('第 1 步，共 5 步');
  await embed.getByTestId('next').click();
  await expect(embed.getByTestId('predict-shape')).toBeVisible();
  await embed.getByTestId('predict-shape').fill('5,3,4,1');
  await embed.getByTestId('predict-check').click();
  await expect(embed.getByTestId('summary')).toContainText(torchSize([5, 3, 4, 1]));
});

test('in Chinese: the question, the choices and the outcome', async ({ page }) => {
  await open(page, HASH.replace('lang=en', 'lang=zh') + '&step=2');
  await expect(page.getByTestId('caption')).toContainText('第 1 维（从右数第 1 个）：a 是 1，b 是 3。');
  await page.getByTestId('predict-error').click();
  await expect(page.getByTestId('predict-feedback')).toContainText('✗ 不太对。你的答案：“✗ 报错”。第 1 维：1 → 扩展。');
});

test('normal mode: no step shows what a later step explains', async ({ page }) => {
  // Gradient: step 1 draws d loss / d out only; the .grad shapes and the core's calls come with their steps.
  await open(page, 'a=2,1,3&b=4,1&op=mul&view=grad&step=0&lang=en');
  await expect(count(page)).toHaveText('Step 1 of 5');
  const text = await shownText(page, '#panel');
  for (const t of ['a.grad', 'b.grad', '(4, 1)', '(2, 1, 3)']) expect(text).not.toContain(t);
  await expect(page.getByTestId('grad-a')).toHaveCount(0);
  await expect(page.getByTestId('call-b')).toHaveCount(0);
  await page.getByTestId('reset').click();
  await page.keyboard.press('End');
  await expect(page.getByTestId('grad-b')).toBeVisible();
  await expect(page.getByTestId('call-b')).toBeVisible();

  // Strides: step 1 shows the storages and their strides, not the expanded strides nor the output.
  await open(page, 'a=4,1&b=3&op=add&view=strides&step=0&lang=en');
  const table = page.locator('table.strides');
  await expect(table).not.toContainText('expanded strides');
  await expect(table.locator('tbody th')).toHaveText(['a', 'b']);
  await page.getByTestId('next').click();
  await expect(table).toContainText('expanded strides');
  await expect(table.locator('tbody th')).toHaveText(['out', 'a', 'b']);
});
