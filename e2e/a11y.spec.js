// Keyboard access with visible focus, names for screen readers, and meaning
// never carried by colour alone.
import { expect, test } from '@playwright/test';
import { open } from './helpers.js';

const focusedTestId = (page) =>
  page.evaluate(() => {
    const el = document.querySelector('tensorcast-playground').shadowRoot.activeElement;
    return el?.getAttribute('data-testid') ?? el?.id ?? el?.tagName ?? null;
  });

test('Tab reaches every control in order, with a visible focus ring', async ({ page }) => {
  // A step in the middle: at an end, Previous or Next is disabled and out of the Tab order.
  await open(page, 'a=5,1,4,1&b=3,1,1&op=add&view=strides&step=1&lang=en');
  await page.getByTestId('copy-link').focus();
  const seen = [];
  for (let i = 0; i < 40; i++) {
    const id = await focusedTestId(page);
    seen.push(id);
    const outline = await page.evaluate(() => {
      const el = document.querySelector('tensorcast-playground').shadowRoot.activeElement;
      const style = getComputedStyle(el);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(outline.style, `focus ring on ${id}`).not.toBe('none');
    expect(outline.width, `focus ring on ${id}`).toBeGreaterThanOrEqual(2);
    if (id === 'diagram') break;
    await page.keyboard.press('Tab');
  }
  for (const id of ['copy-link', 'copy-embed', 'lang', 'theme', 'preset', 'op', 'alpha', 'shape-a', 'fill-a', 'shape-b', 'fill-b', 'tab-strides', 'reset', 'prev', 'play', 'next', 'speed', 'export-svg', 'export-png', 'export-all-svg', 'export-all-png', 'diagram'])
    expect(seen, `Tab reaches ${id}`).toContain(id);
  // The other tabs are reached with the arrow keys, not Tab (one stop for the tab list).
  expect(seen).not.toContain('tab-align');
});

test('every control has a name a screen reader can read', async ({ page }) => {
  for (const hash of ['a=2,3&b=3&c=2,1&op=where&fc=custom&vc=1,0&view=grad&lang=en', 'a=2,3&b=2&op=add&fa=random&view=align&lang=zh']) {
    await open(page, hash);
    const unnamed = await page.evaluate(() => {
      const root = document.querySelector('tensorcast-playground').shadowRoot;
      return [...root.querySelectorAll('input, select, textarea, button, [role="tab"], [tabindex="0"]')]
        .filter((el) => {
          const labelled = (el.labels?.length ?? 0) > 0 || el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby');
          return !labelled && el.textContent.trim() === '';
        })
        .map((el) => el.outerHTML.slice(0, 80));
    });
    expect(unnamed).toEqual([]);
  }
});

test('diagrams carry a title and a description; steps and hover are announced', async ({ page }) => {
  await open(page, 'a=5,1,4,1&b=3,1,1&op=add&view=strides&lang=en');
  // One image for screen readers; the sheets the drawing is stacked on are hidden from them.
  const svg = page.locator('[data-testid="diagram"] svg[role="img"]');
  await expect(svg).toHaveCount(1);
  const sheets = await page.locator('[data-testid="diagram"] svg:not([role="img"])').evaluateAll((els) => els.map((e) => e.getAttribute('aria-hidden')));
  expect(sheets.length).toBeGreaterThan(0);
  expect(sheets.every((h) => h === 'true')).toBe(true);
  await expect(svg.locator('title')).toHaveText('Strides diagram');
  await expect(svg.locator('desc')).toHaveText(await page.getByTestId('caption').textContent());
  await expect(page.getByTestId('caption')).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByTestId('reads')).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByTestId('tab-strides')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[role="tabpanel"]')).toHaveAttribute('aria-labelledby', 'tab-strides');
});

test('colour is never the only signal: words, dashes and hatching mark every state', async ({ page }) => {
  await open(page, 'a=5,2,4,1&b=3,1,1&op=add&view=align&lang=en');
  const diagram = page.getByTestId('diagram');
  // Verdicts in words, the missing dim dashed, the conflict hatched.
  for (const word of ['= equal', '1 → stretched', '✗ mismatch', 'not checked'])
    await expect(diagram.locator('text').filter({ hasText: word })).toHaveCount(1);
  await expect(diagram.locator('rect[stroke-dasharray]').first()).toBeVisible();
  expect(await diagram.locator('g:not([data-layer^="legend"]) > rect[fill^="url(#tc-hatch)"]').count()).toBe(3);
  // The legend says what each look means.
  for (const word of ['equal sizes', 'the size kept', 'a 1, stretched', 'missing dim (a ghost 1)', 'mismatch', 'dim being checked'])
    await expect(diagram.locator('g[data-layer^="legend"] text').filter({ hasText: word })).toHaveCount(1);
  // Zero strides are hatched in the diagram and spelled out in the table.
  await page.getByTestId('shape-a').fill('5,1,4,1');
  await page.getByTestId('tab-strides').click();
  expect(await diagram.locator('rect[fill^="url(#tc-hatch)"]').count()).toBe(3);
  await expect(page.locator('mark.zero .sr').first()).toHaveText(', stride 0: the same cell is read again');
});

test('Previous and Next are disabled at the ends, and focus stays on the player', async ({ page }) => {
  await open(page, 'a=5,3,4,1&b=3,1,1&op=add&view=align&step=0&lang=en');
  const prev = page.getByTestId('prev');
  const next = page.getByTestId('next');
  await expect(prev).toBeDisabled();
  await expect(next).toBeEnabled();
  await next.focus();
  for (let k = 0; k < 6; k++) await page.keyboard.press('Enter');
  await expect(page.getByTestId('step-count')).toHaveText('Step 7 of 7');
  await expect(next).toBeDisabled();
  await expect(prev).toBeEnabled();
  // The disabled button lost focus to the other one: the keys go on working.
  expect(await focusedTestId(page)).toBe('prev');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('step-count')).toHaveText('Step 6 of 7');
  await page.keyboard.press('Home');
  await expect(prev).toBeDisabled();
});

test('in the output grid, Up and Down move by a row, Left and Right by a cell', async ({ page }) => {
  await open(page, 'a=2,3&b=3&op=add&view=strides&lang=en');
  const on = (flat) => expect(page.locator(`[data-testid="diagram"] rect[data-hl="on"][data-key="out:${flat}"]`)).toHaveCount(1);
  const reads = page.getByTestId('reads');
  await page.getByTestId('diagram').focus();
  await on(0);
  await page.keyboard.press('ArrowDown');
  await on(3);
  await expect(reads).toContainText('out[1, 0] = ');
  await page.keyboard.press('ArrowRight');
  await on(4);
  await page.keyboard.press('ArrowUp');
  await on(1);
  await expect(reads).toContainText('out[0, 1] = ');
  // No row above the first: Up stays.
  await page.keyboard.press('ArrowUp');
  await on(1);
  await page.keyboard.press('End');
  await on(5);
  await page.keyboard.press('ArrowDown');
  await on(5);
  // The step did not change: the grid took the arrows.
  await expect(page.getByTestId('step-count')).toHaveText('Step 5 of 5');
});

test('the verdict is announced once typing pauses, only when it changed', async ({ page }) => {
  await open(page, 'a=5,2,4,1&b=3,1,1&op=add&view=align&lang=en');
  // The verdict itself is not a live region (it would speak on every keystroke); one hidden region is.
  await expect(page.locator('[role="alert"]')).toHaveCount(0);
  await expect(page.locator('.verdict[aria-live], .verdict [aria-live]')).toHaveCount(0);
  const region = page.getByTestId('announce');
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region).toHaveText('');
  await region.evaluate((el) => {
    window.announced = [];
    new MutationObserver(() => window.announced.push(el.textContent)).observe(el, { childList: true, characterData: true, subtree: true });
  });
  const b = page.getByTestId('shape-b');
  // Keystrokes that come back to the same error: nothing to announce.
  await b.press('End');
  await b.pressSequentially('97', { delay: 30 });
  await b.press('Backspace');
  await b.press('Backspace');
  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => window.announced)).toEqual([]);
  // Several keystrokes to a new error: one announcement, of the last one.
  await b.fill('3,1,1');
  await b.pressSequentially(',5', { delay: 30 });
  await b.press('Backspace');
  await b.pressSequentially('6', { delay: 30 });
  const error = (await page.getByTestId('error').textContent()).trim();
  await expect.poll(() => page.evaluate(() => window.announced.length)).toBe(1);
  await page.waitForTimeout(1200);
  expect(await page.evaluate(() => window.announced)).toEqual([`Error (PyTorch’s message) ${error}`]);
  // A result is announced as one.
  await b.fill('1');
  await expect(region).toHaveText('Result: torch.Size([5, 2, 4, 1])');
});

test('each view’s diagram has a hidden table of what it shows', async ({ page }) => {
  await open(page, 'a=5,1,4,1&b=3,1,1&op=add&view=align&step=2&lang=en');
  const table = page.getByTestId('diagram-table');
  const rows = () => table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
  // Hidden from the eye, there for a screen reader.
  expect(await table.evaluate((t) => t.parentElement.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
  await expect(table.locator('caption')).toHaveText('Alignment diagram as a table, step 3 of 7');
  await expect(table.locator('thead th')).toHaveText(['dim 0 (−4)', 'dim 1 (−3)', 'dim 2 (−2)', 'dim 3 (−1)']);
  expect(await rows()).toEqual([
    ['a', '5', '1', '4', '1'],
    ['b', 'missing (counts as 1)', '3', '1', '1'],
    ['result', '—', '—', '—', '1'],
    ['rule', 'not checked yet', 'not checked yet', 'not checked yet', '= equal'],
  ]);
  await page.getByTestId('tab-strides').click();
  expect((await rows()).map((r) => r.slice(0, 4))).toEqual([
    ['a', '(5, 1, 4, 1)', '(4, 4, 1, 1)', '(4, 0, 1, 1)'],
    ['b', '(3, 1, 1)', '(1, 1, 1)', '(0, 1, 0, 1)'],
    ['out', '(5, 3, 4, 1)', '(12, 4, 1, 1)', '(12, 4, 1, 1)'],
  ]);
  await page.getByTestId('tab-grad').click();
  expect((await rows()).map((r) => r.slice(0, 5))).toEqual([
    ['a', '(5, 3, 4, 1)', 'none', '1', '(5, 1, 4, 1)'],
    ['b', '(5, 3, 4, 1)', '0', '2', '(3, 1, 1)'],
  ]);
  await page.getByTestId('tab-inplace').click();
  await expect(table.locator('caption')).toHaveText('In-place diagram as a table, step 4 of 4');
  expect((await rows()).at(-1)).toEqual(['fits in a', '✓ fits', '✗ differs', '✓ fits', '✓ fits']);
});

test('the speed control sets play’s pace', async ({ page }) => {
  await open(page, 'a=5,3,4,1&b=3,1,1&op=add&view=align&step=0&lang=zh');
  // Time stands still but for runFor.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 10_000);
  const count = page.getByTestId('step-count');
  await page.getByTestId('speed').selectOption('fast');
  await page.getByTestId('play').click();
  await page.clock.runFor(1450);
  await expect(count).toHaveText('第 3 步，共 7 步');
  await page.getByTestId('speed').selectOption('slow');
  await page.clock.runFor(1450);
  await expect(count).toHaveText('第 3 步，共 7 步');
  await page.clock.runFor(1400);
  await expect(count).toHaveText('第 4 步，共 7 步');
  await expect(page.getByTestId('speed').locator('option')).toHaveText(['慢', '中', '快']);
});
