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
  await open(page, 'a=5,2,4,1&b=3,1,1&op=add&view=strides&lang=en');
  await page.getByTestId('lang').focus();
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
  for (const id of ['lang', 'theme', 'preset', 'op', 'alpha', 'shape-a', 'fill-a', 'shape-b', 'fill-b', 'tab-strides', 'reset', 'prev', 'play', 'next', 'export-svg', 'export-png', 'diagram'])
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
