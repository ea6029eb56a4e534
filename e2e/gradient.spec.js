// The gradient view's numbers are the API's: each input's .grad, computed in
// Node with the package for the same values, op and loss, must equal what
// the page draws; and the reduction steps are the core's backward trace.
// The captions and the core's calls the view writes from that trace, and
// the bool-result texts for every comparison, are
// tests/web/view-texts.test.js.
import { expect, test } from '@playwright/test';
import { core, open } from './helpers.js';

// Cells are written as PyTorch prints: inf, -inf and nan included.
const SPECIAL = { inf: Infinity, '-inf': -Infinity, nan: NaN };
const shapeText = (shape) => (shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`);
const number = (text) => (text in SPECIAL ? SPECIAL[text] : Number(text));

async function drawn(page, key) {
  const cells = await page.locator(`[data-testid="diagram"] text[data-key^="${key}:"]`).evaluateAll((els) =>
    els.map((e) => [Number(e.getAttribute('data-key').split(':')[1]), e.textContent]));
  return cells.map(([flat, text]) => [flat, number(text)]);
}

test('a broadcast input’s gradient is summed: A=[1,2,3], B=[1], (A+B).sum().backward() gives A.grad=[1,1,1], B.grad=[3]', async ({ page }) => {
  await open(page, 'lang=en');
  await page.getByTestId('preset').selectOption('grad');
  await expect(page.getByTestId('grad-a')).toHaveText('1, 1, 1');
  await expect(page.getByTestId('grad-b')).toHaveText('3');
  expect(await drawn(page, 'grad-b')).toEqual([[0, 3]]);
  await page.getByTestId('reset').click();
  await expect(page.getByTestId('caption')).toContainText('loss = out.sum()');
});

for (const { op, loss, a, b, c = [1, 3] } of [
  { op: 'mul', loss: 'weighted', a: [5, 1, 4, 1], b: [3, 1, 1] },
  { op: 'sub', loss: 'sum', a: [2, 3], b: [3] },
  { op: 'div', loss: 'weighted', a: [4, 1], b: [1, 3] },
  { op: 'where', loss: 'weighted', a: [3], b: [2, 1], c: [1, 3] },
]) {
  test(`${op} with ${loss} loss: every drawn gradient equals the API's .grad`, async ({ page }) => {
    const tc = await core();
    const expected = tc.tidy(() => {
      // The page's values: arange for a and b, True/False alternating for the condition.
      const ta = tc.arange(a.reduce((p, s) => p * s, 1), { dtype: 'float32' }).reshape(a).detach();
      const tb = tc.arange(b.reduce((p, s) => p * s, 1), { dtype: 'float32' }).reshape(b).detach();
      const A = tc.tensor(ta.data(), { dtype: 'float32', shape: a, requiresGrad: true });
      const B = tc.tensor(tb.data(), { dtype: 'float32', shape: b, requiresGrad: true });
      const cond = tc.tensor(Array.from({ length: c.reduce((p, s) => p * s, 1) }, (_, i) => i % 2 === 0), { shape: c });
      const out = op === 'where' ? tc.where(cond, A, B) : A[op](B);
      const l = loss === 'sum' ? out.sum() : out.mul(tc.arange(1, out.numel + 1, 1, { dtype: 'float32' }).reshape(out.shape)).sum();
      tc.explain.backward(l);
      return { a: Array.from(A.grad.data()), b: Array.from(B.grad.data()) };
    });
    const cPart = op === 'where' ? `&c=${c.join(',')}` : '';
    await open(page, `a=${a.join(',')}&b=${b.join(',')}${cPart}&op=${op}&view=grad&loss=${loss}&lang=en`);
    const near = (x, y) => (Number.isNaN(x) && Number.isNaN(y)) || x === y || Math.abs(x - y) <= 1e-3 * Math.max(1, Math.abs(y));
    for (const name of ['a', 'b']) {
      const cells = await drawn(page, `grad-${name}`);
      expect(cells.length).toBe(expected[name].length);
      for (const [flat, value] of cells) expect(near(value, expected[name][flat]), `${name}.grad[${flat}] = ${value}, API says ${expected[name][flat]}`).toBe(true);
    }
  });
}

test('the leading dims stay as size 1 after their keepdim sum, until the view', async ({ page }) => {
  const tc = await core();
  // b (3,1,1) in out (5,3,4,1): dim 0 was added in front, dim 2 was 1 and stretched.
  const [step, afterLeading] = tc.tidy(() => {
    const A = tc.arange(20, { dtype: 'float32' }).reshape([5, 1, 4, 1]).detach();
    const B = tc.tensor(tc.arange(3, { dtype: 'float32' }).data(), { dtype: 'float32', shape: [3, 1, 1], requiresGrad: true });
    const { steps } = tc.explain.backward(A.add(B).sum());
    return [steps.find((s) => s.inputId === B.id), tc.ones([5, 3, 4, 1]).sum(steps.find((s) => s.inputId === B.id).leadingDims, true).shape];
  });
  expect(step.leadingDims).toEqual([0]);
  expect(step.onesDims).toEqual([2]);
  await open(page, 'a=5,1,4,1&b=3,1,1&op=add&view=grad&lang=en');
  const titles = page.locator('[data-testid="diagram"] svg:not([data-hidden]) > g > text');
  await expect(titles.filter({ hasText: `b: leading dims summed and kept as 1, shape ${shapeText(afterLeading)}` })).toHaveCount(1);
  await expect(titles.filter({ hasText: `b: size-1 dims summed, shape ${shapeText(step.keepdimShape)}` })).toHaveCount(1);
  await expect(titles.filter({ hasText: `b.grad ${shapeText(step.resultShape)}` })).toHaveCount(1);
  await expect(page.locator('[data-testid="diagram"] text').filter({ hasText: /^view\(3, 1, 1\)$/ })).toHaveCount(1);
  // Each kept 1 is drawn: the keepdim stages have as many cells as their shapes say.
  expect(await page.locator('[data-testid="diagram"] text[data-key^="g1-b:"]').count()).toBe(afterLeading.reduce((p, s) => p * s, 1));
  expect(await page.locator('[data-testid="diagram"] text[data-key^="g2-b:"]').count()).toBe(step.keepdimShape.reduce((p, s) => p * s, 1));
  // a (5,1,4,1) needs one keepdim sum and no view: its .grad is that sum, drawn once.
  await expect(titles.filter({ hasText: /^a\.grad \(5, 1, 4, 1\)$/ })).toHaveCount(1);
  await expect(page.locator('[data-testid="diagram"] text').filter({ hasText: /^view/ })).toHaveCount(1);
});

test('an in-place op on a leaf that requires grad shows the core’s refusal', async ({ page }) => {
  await open(page, 'a=3&b=3&op=add_&view=grad&lang=en');
  await expect(page.locator('.problem code.message')).toHaveText('a leaf Variable that requires grad is being used in an in-place operation.');
});

// The core's refusal ("element 0 of tensors does not require grad ...")
// says what, not why: the view says in plain words that a bool result has
// no gradient, and why a comparison has none.
for (const op of ['eq']) {
  test(`${op}: a bool result has no gradient, said in plain words (en and zh), not a raw autograd error`, async ({ page }) => {
    await open(page, `a=3&b=3&op=${op}&view=grad&lang=en`);
    await expect(page.getByTestId('grad-bool')).toHaveText(`a.${op}(b) gives a bool tensor (True or False in each element), and a bool tensor has no gradient: only floating-point tensors can require grad, so there is nothing to pass back to a or b.`);
    await expect(page.getByText('Why: a comparison is not differentiable.')).toBeVisible();
    await expect(page.getByTestId('caption')).toHaveText('No backward pass to step through: out is a bool tensor, which has no gradient.');
    await expect(page.locator('.problem code.message')).toHaveCount(0);
    await open(page, `a=3&b=3&op=${op}&view=grad&lang=zh`);
    await expect(page.getByTestId('grad-bool')).toHaveText(`a.${op}(b) 的结果是 bool 张量（每个元素为 True 或 False），而 bool 张量没有梯度：只有浮点张量才能 requires_grad，所以没有梯度可以传回 a 或 b。`);
    await expect(page.getByText('原因：比较运算不可微。')).toBeVisible();
    await expect(page.getByTestId('caption')).toHaveText('没有可以逐步查看的反向传播：out 是 bool 张量，没有梯度。');
    await expect(page.locator('.problem code.message')).toHaveCount(0);
  });
}
