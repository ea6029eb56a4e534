// The gradient view's numbers are the API's: each input's .grad, computed in
// Node with the package for the same values, op and loss, must equal what
// the page draws; and the reduction steps are the core's backward trace.
import { expect, test } from '@playwright/test';
import { core, open } from './helpers.js';

// Cells are written as PyTorch prints: inf, -inf and nan included.
const SPECIAL = { inf: Infinity, '-inf': -Infinity, nan: NaN };
const number = (text) => (text in SPECIAL ? SPECIAL[text] : Number(text));

async function drawn(page, key) {
  const cells = await page.locator(`[data-testid="diagram"] text[data-key^="${key}:"]`).evaluateAll((els) =>
    els.map((e) => [Number(e.getAttribute('data-key').split(':')[1]), e.textContent]));
  return cells.map(([flat, text]) => [flat, number(text)]);
}

test('the seeds: A=[1,2,3], B=[1], (A+B).sum().backward() gives A.grad=[1,1,1], B.grad=[3]', async ({ page }) => {
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
      const ta = tc.arange(a.reduce((p, s) => p * s, 1)).reshape(a).detach();
      const tb = tc.arange(b.reduce((p, s) => p * s, 1)).reshape(b).detach();
      const A = tc.tensor(ta.data(), { shape: a, requiresGrad: true });
      const B = tc.tensor(tb.data(), { shape: b, requiresGrad: true });
      const cond = tc.tensor(Array.from({ length: c.reduce((p, s) => p * s, 1) }, (_, i) => i % 2 === 0), { shape: c });
      const out = op === 'where' ? tc.where(cond, A, B) : A[op](B);
      const l = loss === 'sum' ? out.sum() : out.mul(tc.arange(1, out.numel + 1).reshape(out.shape)).sum();
      const { steps } = tc.explain.backward(l);
      return {
        a: Array.from(A.grad.data()),
        b: Array.from(B.grad.data()),
        steps: steps.filter((s) => s.inputId === A.id || s.inputId === B.id).map((s) => ({ leading: s.leadingDims, ones: s.onesDims })),
      };
    });
    const cPart = op === 'where' ? `&c=${c.join(',')}` : '';
    await open(page, `a=${a.join(',')}&b=${b.join(',')}${cPart}&op=${op}&view=grad&loss=${loss}&lang=en`);
    const near = (x, y) => (Number.isNaN(x) && Number.isNaN(y)) || x === y || Math.abs(x - y) <= 1e-3 * Math.max(1, Math.abs(y));
    for (const name of ['a', 'b']) {
      const cells = await drawn(page, `grad-${name}`);
      expect(cells.length).toBe(expected[name].length);
      for (const [flat, value] of cells) expect(near(value, expected[name][flat]), `${name}.grad[${flat}] = ${value}, API says ${expected[name][flat]}`).toBe(true);
    }
    // The captions of the reduction steps name the dims from the core's trace.
    await page.getByTestId('reset').click();
    await page.getByTestId('next').click();
    await page.getByTestId('next').click();
    const leading = page.getByTestId('caption');
    for (const [i, name] of ['a', 'b'].entries()) {
      const dims = expected.steps[i].leading;
      await expect(leading).toContainText(dims.length > 0 ? `${name}: dims ${dims.join(', ')} were added in front` : `${name}: nothing to do`);
    }
    await page.getByTestId('next').click();
    for (const [i, name] of ['a', 'b'].entries()) {
      const dims = expected.steps[i].ones;
      await expect(leading).toContainText(dims.length > 0 ? `${name}: dims ${dims.join(', ')} had size 1` : `${name}: nothing to do`);
    }
  });
}

test('an in-place op on a leaf that requires grad shows the core’s refusal', async ({ page }) => {
  await open(page, 'a=3&b=3&op=add_&view=grad&lang=en');
  await expect(page.locator('.problem code.message')).toHaveText('a leaf Variable that requires grad is being used in an in-place operation.');
});

test('a comparison has no gradient, in the core’s words', async ({ page }) => {
  await open(page, 'a=3&b=3&op=lt&view=grad&lang=en');
  await expect(page.locator('.problem code.message')).toHaveText('element 0 of tensors does not require grad and does not have a grad_fn');
});
