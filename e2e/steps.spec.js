// Stepping through the explicit list of steps: buttons, keyboard shortcuts,
// play, and what each step reveals in the alignment diagram.
import { expect, test } from '@playwright/test';
import { core, open, settled, withOwnPage } from './helpers.js';

const verdicts = (page) => page.locator('[data-testid="diagram"] text').filter({ hasText: /^(= equal|1 → stretched|\+ missing|✗ mismatch)$/ });

test('alignment: one step per column from the right, forward and back', async ({ page }) => {
  const tc = await core();
  const trace = tc.explain.broadcast([5, 3, 4, 1], [3, 1, 1]);
  // typed, pad, one per dim of the trace, verdict
  const total = 2 + trace.dims.length + 1;
  await open(page, 'a=5,3,4,1&b=3,1,1&op=add&view=align&step=0&lang=en');
  const count = page.getByTestId('step-count');
  const caption = page.getByTestId('caption');
  await expect(count).toHaveText(`Step 1 of ${total}`);
  await expect(caption).toContainText('lined up on the right');
  await expect(verdicts(page)).toHaveCount(0);
  // No ghost 1s before the padding step: b's missing dim is blank.
  await expect(page.locator('[data-testid="diagram"] g:not([data-layer^="legend"]) > rect[stroke-dasharray]')).toHaveCount(4);

  await page.getByTestId('next').click();
  await expect(count).toHaveText(`Step 2 of ${total}`);
  await expect(caption).toContainText('b has fewer dims');

  for (let k = 0; k < trace.dims.length; k++) {
    await page.getByTestId('next').click();
    await expect(count).toHaveText(`Step ${3 + k} of ${total}`);
    await expect(verdicts(page)).toHaveCount(k + 1);
    const t = trace.dims[k].trailing;
    await expect(caption).toContainText(`Dim ${trace.dims[k].dim} (the ${t}${['th', 'st', 'nd', 'rd'][t] ?? 'th'} from the right)`);
  }
  await page.getByTestId('next').click();
  await expect(count).toHaveText(`Step ${total} of ${total}`);
  await expect(caption).toContainText('torch.Size([5, 3, 4, 1])');
  // At the end, Next is disabled and the key does nothing.
  await expect(page.getByTestId('next')).toBeDisabled();
  await page.getByTestId('play').focus();
  await page.keyboard.press('ArrowRight');
  await expect(count).toHaveText(`Step ${total} of ${total}`);

  await page.getByTestId('prev').click();
  await expect(count).toHaveText(`Step ${total - 1} of ${total}`);
  await expect(verdicts(page)).toHaveCount(trace.dims.length);
  await page.getByTestId('reset').click();
  await expect(count).toHaveText(`Step 1 of ${total}`);
  await expect(page).toHaveURL(/step=0/);
});

test('a failing broadcast stops at the failing column, as PyTorch does', async ({ page }) => {
  const tc = await core();
  const trace = tc.explain.broadcast([5, 2, 4, 1], [3, 1, 1]);
  await open(page, 'a=5,2,4,1&b=3,1,1&op=add&view=align&lang=en');
  await expect(page.getByTestId('step-count')).toHaveText(`Step ${trace.dims.length + 3} of ${trace.dims.length + 3}`);
  await expect(verdicts(page).filter({ hasText: '✗ mismatch' })).toHaveCount(1);
  // The column left of the failure is never checked, and says so in words.
  await expect(page.locator('[data-testid="diagram"] text').filter({ hasText: 'not checked' })).toHaveCount(1);
  // Colour is not the only signal: the conflicting cells are hatched too.
  expect(await page.locator('[data-testid="diagram"] g:not([data-layer^="legend"]) > rect[fill^="url(#"]').count()).toBe(3);
  await page.getByTestId('prev').click();
  await expect(page.getByTestId('caption')).toContainText('PyTorch stops here');
});

test('keyboard shortcuts: arrows, Home, End, P and the view digits', async ({ page }) => {
  await open(page, 'a=5,3,4,1&b=3,1,1&op=add&view=align&step=0&lang=en');
  const count = page.getByTestId('step-count');
  // On the full page the keys work before anything has focus.
  await page.keyboard.press('ArrowRight');
  await expect(count).toHaveText('Step 2 of 7');
  await page.keyboard.press('ArrowLeft');
  await expect(count).toHaveText('Step 1 of 7');
  await page.getByTestId('next').focus();
  await page.keyboard.press('ArrowRight');
  await expect(count).toHaveText('Step 2 of 7');
  await page.keyboard.press('End');
  await expect(count).toHaveText('Step 7 of 7');
  await page.keyboard.press('ArrowLeft');
  await expect(count).toHaveText('Step 6 of 7');
  await page.keyboard.press('Home');
  await expect(count).toHaveText('Step 1 of 7');
  await page.keyboard.press('2');
  await expect(page.getByTestId('tab-strides')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('1');
  await expect(page.getByTestId('tab-align')).toHaveAttribute('aria-selected', 'true');
  // Typing in a field is never taken as a shortcut.
  await page.getByTestId('shape-a').focus();
  await page.keyboard.press('End');
  await page.keyboard.type('2');
  await expect(page.getByTestId('shape-a')).toHaveValue('5,3,4,12');
  await expect(page.getByTestId('tab-align')).toHaveAttribute('aria-selected', 'true');
});

test('play advances to the last step and stops; pressing it at the end starts over', async ({ browser }) => {
  // See Note [A clock needs a context of its own] in helpers.js.
  await withOwnPage(browser, async (page) => {
    await page.clock.install();
    await open(page, 'a=5,3,4,1&b=3,1,1&op=add&view=align&step=0&lang=en');
    const count = page.getByTestId('step-count');
    const play = page.getByTestId('play');
    await play.click();
    await expect(play).toHaveAttribute('aria-pressed', 'true');
    await page.clock.runFor(1500);
    await expect(count).toHaveText('Step 2 of 7');
    await page.clock.runFor(20_000);
    await expect(count).toHaveText('Step 7 of 7');
    await expect(play).toHaveAttribute('aria-pressed', 'false');
    await play.click();
    await expect(count).toHaveText('Step 1 of 7');
    await play.click();
    await expect(play).toHaveAttribute('aria-pressed', 'false');
    await settled(page);
  });
});

test('the view tabs follow the ARIA tabs pattern', async ({ page }) => {
  await open(page, 'a=5,3,4,1&b=3,1,1&op=add&view=align&lang=en');
  await page.getByTestId('tab-align').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('tab-strides')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('tab-strides')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('tab-inplace')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/view=inplace/);
  // The step counter belongs to the view: each has its own list of steps.
  await expect(page.getByTestId('step-count')).toHaveText('Step 4 of 4');
});
