// Undo through the browser: applying a fix, choosing an example or an op,
// and committing a typed shape are each one history entry, so Back returns
// to the shapes before and Forward goes again; typing is not an entry per
// keystroke. An applied fix leaves its line to copy where its button was.
import { expect, test } from '@playwright/test';
import { open, ready, settled, shown } from './helpers.js';

const length = (page) => page.evaluate(() => history.length);

// A tab of its own: a page reused from test to test (playwright.config.js)
// carries the other tests' entries, and history.length stops at 50.
test.use({ reuseContext: false });

test('a fix: its line to copy, focus on Copy, Back undoes it and Forward redoes it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, 'a=2,3&b=2&op=add&view=align&lang=en');
  const before = await length(page);
  await page.getByRole('button', { name: /Apply b\.unsqueeze\(-1\)/ }).click();
  await expect(page.getByTestId('shape-b')).toHaveValue('2,1');
  await expect(page).toHaveURL(/b=2,1/);
  expect(await length(page)).toBe(before + 1);
  await expect(page.getByTestId('fix-line')).toHaveText('b = b.unsqueeze(-1)');
  await expect(page.getByTestId('applied-fix')).toContainText('The browser’s Back button undoes it.');
  await expect(page.getByTestId('copy-fix')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('copy-status')).toHaveText('Copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('b = b.unsqueeze(-1)');

  await page.goBack();
  await expect(page.getByTestId('shape-b')).toHaveValue('2');
  await expect(page).toHaveURL(/b=2&/);
  expect((await shown(page)).error).toBe('The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1');
  await expect(page.getByTestId('applied-fix')).toHaveCount(0);
  await page.goForward();
  await expect(page.getByTestId('shape-b')).toHaveValue('2,1');
  expect((await shown(page)).result).toBe('torch.Size([2, 3])');
});

test('the out-of-place fix for an in-place op: its call to copy, and Back returns to add_', async ({ page }) => {
  await open(page, 'a=1,3,1&b=3,1,7&op=add_&view=align&lang=en');
  await page.getByRole('button', { name: /Apply a\.add\(b\)/ }).click();
  await expect(page.getByTestId('op')).toHaveValue('add');
  await expect(page.getByTestId('fix-line')).toHaveText('a.add(b)');
  await expect(page.getByTestId('copy-fix')).toBeFocused();
  await page.goBack();
  await expect(page.getByTestId('op')).toHaveValue('add_');
});

test('without clipboard permission the line is selected for Ctrl+C', async ({ page }) => {
  await open(page, 'a=2,3&b=2&op=add&view=align&lang=en');
  await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } }));
  await page.getByRole('button', { name: /Apply b\.unsqueeze\(-1\)/ }).click();
  await page.getByTestId('copy-fix').click();
  await expect(page.getByTestId('copy-status')).toContainText('press Ctrl+C');
  expect(await page.evaluate(() => getSelection().toString())).toBe('b = b.unsqueeze(-1)');
});

test('typing a shape is one entry when committed, not one per keystroke', async ({ page }) => {
  await open(page, 'a=5,3,4,1&b=3,1,1&op=add&view=align&lang=en');
  const before = await length(page);
  const field = page.getByTestId('shape-a');
  await field.fill('');
  await field.pressSequentially('2,3,4,1', { delay: 150 });
  await expect(page).toHaveURL(/a=2,3,4,1/);
  await field.press('Tab');
  await settled(page);
  expect(await length(page)).toBe(before + 1);
  // The next field's typing is an entry of its own.
  await page.getByTestId('shape-b').fill('4,1');
  await page.getByTestId('shape-b').press('Tab');
  await expect(page).toHaveURL(/b=4,1/);
  expect(await length(page)).toBe(before + 2);
  await page.goBack();
  await expect(page.getByTestId('shape-b')).toHaveValue('3,1,1');
  await expect(page.getByTestId('shape-a')).toHaveValue('2,3,4,1');
  await page.goBack();
  await expect(page.getByTestId('shape-a')).toHaveValue('5,3,4,1');
});

test('an example and an op are entries; stepping through the steps is not', async ({ page }) => {
  await open(page, 'a=5,3,4,1&b=3,1,1&op=add&view=align&lang=en');
  const before = await length(page);
  await page.getByTestId('preset').selectOption('mismatch');
  await expect(page.getByTestId('shape-a')).toHaveValue('5,2,4,1');
  await expect(page).toHaveURL(/a=5,2,4,1/);
  await page.getByTestId('op').selectOption('mul');
  await expect(page).toHaveURL(/op=mul/);
  await page.getByTestId('op').selectOption('mul');
  await page.getByTestId('preset').selectOption('trailing');
  await expect(page).toHaveURL(/a=5,3,4,1/);
  await page.getByTestId('prev').click();
  await page.getByTestId('prev').click();
  await expect(page).toHaveURL(/step=\d/);
  expect(await length(page)).toBe(before + 3);
  await page.getByTestId('next').click();
  await page.getByTestId('next').click();
  await expect(page).not.toHaveURL(/step=/);
  expect(await length(page)).toBe(before + 3);
  await page.goBack();
  await expect(page.getByTestId('op')).toHaveValue('mul');
  await expect(page.getByTestId('shape-a')).toHaveValue('5,2,4,1');
  await page.goBack();
  await expect(page.getByTestId('op')).toHaveValue('add');
  await page.goBack();
  await expect(page.getByTestId('shape-a')).toHaveValue('5,3,4,1');
  await expect(page).toHaveURL(/a=5,3,4,1&b=3,1,1&op=add/);
});

test('on a course page (no sync-hash) a fix shows its line but promises no Back, and the URL stays', async ({ page }) => {
  await page.goto('/course.html');
  await ready(page, '#lesson-align');
  const first = page.locator('#lesson-align');
  await page.evaluate(() => {
    const el = document.querySelector('#lesson-align');
    el.setAttribute('a', '2,3');
    el.setAttribute('b', '2');
  });
  const before = await length(page);
  await first.getByRole('button', { name: /Apply b\.unsqueeze\(-1\)/ }).click();
  await expect(first.getByTestId('fix-line')).toHaveText('b = b.unsqueeze(-1)');
  await expect(first.getByTestId('copy-fix')).toBeFocused();
  await expect(first.getByTestId('applied-fix')).not.toContainText('Back');
  await page.waitForTimeout(300);
  expect(await length(page)).toBe(before);
  expect(new URL(page.url()).hash).toBe('');
});
