// The in-place view shows each op's real in-place form, from the core's op
// table (PyTorch's Tensor methods): eq_ for eq, pow_ for pow; add_ stands
// in only for maximum, minimum and where, which PyTorch has no in-place
// form of. A comparison written into a keeps a's dtype. The texts for
// every op, in both languages, are tests/web/view-texts.test.js; the page
// shows them here for one op of each kind.
import { expect, test } from '@playwright/test';
import { open } from './helpers.js';

for (const op of ['pow']) {
  test(`${op}: the view runs ${op}_ itself, with no stand-in`, async ({ page }) => {
    await open(page, `a=2,3&b=3&op=${op}&view=inplace&lang=en`);
    await expect(page.getByText(`a.${op}_(b) writes the result into a itself`)).toBeVisible();
    await expect(page.getByTestId('inplace-stand-in')).toHaveCount(0);
    await expect(page.getByText('has no in-place form')).toHaveCount(0);
  });
}

test('a comparison written into a keeps float32: 1 where it holds, 0 elsewhere', async ({ page }) => {
  await open(page, 'a=2,3&b=3&op=eq_&view=inplace&lang=en');
  await expect(page.getByTestId('inplace-dtype')).toHaveText('a.eq_(b) is a comparison written into a: a keeps its dtype float32, so each element becomes 1 where the comparison holds and 0 where it does not (PyTorch casts the bool result to a’s dtype).');
});

test('a comparison that cannot keep a’s shape fails with PyTorch’s message and says nothing of dtypes', async ({ page }) => {
  await open(page, 'a=1,3,1&b=3,1,7&op=lt_&view=inplace&lang=en');
  await expect(page.getByTestId('error')).toHaveText("output with shape [1, 3, 1] doesn't match the broadcast shape [3, 3, 7]");
  await expect(page.getByTestId('inplace-dtype')).toHaveCount(0);
});

for (const op of ['where']) {
  test(`${op}: PyTorch has no ${op}_, and the view says so truthfully (en and zh)`, async ({ page }) => {
    await open(page, `a=2,3&b=3&op=${op}&view=inplace&lang=en`);
    await expect(page.getByTestId('inplace-stand-in')).toHaveText(`PyTorch has no ${op}_ (${op} has no in-place form), so this view shows add_.`);
    await open(page, `a=2,3&b=3&op=${op}&view=inplace&lang=zh`);
    await expect(page.getByTestId('inplace-stand-in')).toHaveText(`PyTorch 没有 ${op}_（${op} 没有原地版本），因此本视图显示 add_。`);
  });
}
