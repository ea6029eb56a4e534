// Phones and laptops: at 390x844 with touch nothing scrolls sideways in any
// preset, view or language (4-D shapes and long error texts included), a
// diagram wider than its box opens at its left end, showing its row labels,
// and keeps the reader's scroll from step to step, a tap inspects an output cell,
// and the keyboard hint is hidden; at 1366x768 the diagram of a failing case
// starts on the first screen.
import { expect, test } from '@playwright/test';
import { PRESETS } from '../web/src/model/presets.ts';
import { DEFAULT_STATE } from '../web/src/model/props.ts';
import { hashFromState } from '../web/src/model/url.ts';
import { open, settled } from './helpers.js';

const VIEWS = ['align', 'strides', 'grad', 'inplace'];
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

// Beyond the presets: a 4-D broadcast, a 6-D failure, shapes that cannot be read and an over-long value text.
const EXTRA = [
  { a: '8,1,6,1', b: '7,1,5', op: 'add' },
  { a: '5,2,4,1,7,8', b: '3,1,1,9,9,9', op: 'mul' },
  { a: 'torch.empty(5,3,4,1,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9)', b: '((((((((((((((((((((((((((', op: 'add' },
  { a: '2,3', b: '3', op: 'add', fa: 'custom', va: `${'12345678901234567890'.repeat(8)},x` },
];

const states = () => [...PRESETS.map((p) => ({ ...p.state })), ...EXTRA];

/** Shows a state by its hash (the page follows hashchange), and waits for the render. */
async function show(page, state) {
  await page.evaluate((h) => { location.hash = h; }, hashFromState({ ...DEFAULT_STATE, ...state }).slice(1));
  await page.waitForFunction((h) => {
    const el = document.querySelector('tensorcast-playground');
    return el.playground !== null && new URLSearchParams(h).get('view') === el.playground.state.view && new URLSearchParams(h).get('a') === el.playground.state.a;
  }, hashFromState({ ...DEFAULT_STATE, ...state }).slice(1));
  await settled(page);
}

const measure = (page) =>
  page.evaluate(() => {
    const root = document.querySelector('tensorcast-playground').shadowRoot;
    const box = root.querySelector('[data-testid="diagram"]');
    return {
      page: document.scrollingElement.scrollWidth,
      diagram: box === null ? null : { left: box.scrollLeft, width: box.scrollWidth, client: box.clientWidth, top: box.getBoundingClientRect().top },
    };
  });

test.describe('phone', () => {
  test.use(PHONE);

  test('nothing scrolls sideways, and wide diagrams open showing their row labels', async ({ page }) => {
    test.setTimeout(300_000);
    await open(page, 'lang=en');
    let scrolled = 0;
    for (const lang of ['en', 'zh']) {
      for (const state of states()) {
        for (const view of VIEWS) {
          await show(page, { ...state, view, lang, step: null });
          const m = await measure(page);
          const what = `${lang} ${JSON.stringify(state)} ${view}`;
          expect(m.page, what).toBeLessThanOrEqual(390);
          if (m.diagram !== null && m.diagram.width > m.diagram.client) {
            scrolled++;
            expect(m.diagram.left, what).toBe(0);
          }
        }
      }
    }
    // Wide diagrams were there to scroll.
    expect(scrolled).toBeGreaterThan(20);
  });

  test('the alignment diagram opens showing its row labels, and keeps the reader\'s scroll from step to step', async ({ page }) => {
    await open(page, 'a=8,1,6,1&b=7,1,5&op=add&view=align&lang=en');
    const diagram = page.getByTestId('diagram');
    await page.getByTestId('reset').tap();
    const box = await diagram.evaluate((b) => ({ left: b.scrollLeft, width: b.scrollWidth, client: b.clientWidth, x: b.getBoundingClientRect().left }));
    expect(box.width, 'wider than the phone: there is something to scroll').toBeGreaterThan(box.client);
    expect(box.left).toBe(0);
    // Each row's label ("a (8, 1, 6, 1)", "b (7, 1, 5)", "result") is inside the box, not cut off on its left.
    const labels = await diagram.evaluate((b) => [...b.querySelectorAll('text')].filter((t) => /^(a +\(|b +\(|result$)/.test(t.textContent.trim()))
      .map((t) => { const r = t.getBoundingClientRect(); return { text: t.textContent.trim().replace(/ +/g, ' '), left: r.left, right: r.right }; }));
    expect(labels.map((l) => l.text)).toEqual(['a (8, 1, 6, 1)', 'b (7, 1, 5)', 'result']);
    for (const l of labels) expect(l.left, l.text).toBeGreaterThanOrEqual(box.x);
    for (const l of labels) expect(l.right, l.text).toBeLessThanOrEqual(box.x + box.client);
    await page.getByTestId('next').tap();
    expect(await diagram.evaluate((b) => b.scrollLeft)).toBe(0);
    await diagram.evaluate((b) => { b.scrollLeft = b.scrollWidth; });
    const scrolled = await diagram.evaluate((b) => b.scrollLeft);
    await page.getByTestId('next').tap();
    expect(await diagram.evaluate((b) => b.scrollLeft)).toBe(scrolled);
  });

  test('a tap inspects an output cell; touch shows the tap hint, not the keys', async ({ page }) => {
    await open(page, 'a=5,1,4,1&b=3,1,1&op=add&view=strides&lang=en');
    const reads = page.getByTestId('reads');
    await expect(reads).toHaveText('');
    const cell = page.locator('[data-testid="diagram"] text[data-key="out:5"]');
    await cell.scrollIntoViewIfNeeded();
    await cell.tap();
    await expect(reads).toContainText('out[0, 1, 1, 0] = ');
    await expect(page.locator('[data-testid="diagram"] rect[data-hl="on"][data-key="out:5"]')).toHaveCount(1);
    // Lifting the finger leaves the cell inspected.
    await page.waitForTimeout(100);
    await expect(reads).toContainText('out[0, 1, 1, 0] = ');
    await expect(page.locator('.keys')).toBeHidden();
    await expect(page.locator('.aside.hover-only')).toBeHidden();
    await expect(page.locator('.aside.touch-only')).toHaveText('Tap an output cell to see which cell of each input it reads.');
  });
});

test.describe('laptop', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the diagram of a failing case starts on the first screen', async ({ page }) => {
    await open(page, 'lang=en');
    let failing = 0;
    for (const lang of ['en', 'zh']) {
      for (const preset of PRESETS) {
        for (const view of VIEWS) {
          await show(page, { ...preset.state, view, lang, step: null });
          if ((await page.getByTestId('error').count()) === 0) continue;
          const m = await measure(page);
          if (m.diagram === null) continue;
          failing++;
          expect(m.diagram.top, `${lang} ${preset.id} ${view}`).toBeLessThan(768);
          expect(await page.evaluate(() => scrollY)).toBe(0);
        }
      }
    }
    expect(failing).toBeGreaterThan(10);
  });

  test('a mouse shows the keys and the hover hint, not the tap hint', async ({ page }) => {
    await open(page, 'a=5,1,4,1&b=3,1,1&op=add&view=strides&lang=zh');
    await expect(page.locator('.keys')).toBeVisible();
    await expect(page.locator('.aside.hover-only')).toBeVisible();
    await expect(page.locator('.aside.touch-only')).toBeHidden();
  });
});

// The first render comes in stages (web/src/first-screen.ts), each drawn after the one before
// is painted and below or beside it: each part arrives in a later frame than the one before,
// and once on the page it never moves (no layout shift from the stages).
const PARTS = ['.lead', 'section.verdict', '#panel', '[data-testid="diagram"]', '[data-testid="reads"]'];
for (const [size, viewport] of Object.entries({ phone: PHONE.viewport, laptop: { width: 1366, height: 768 } }))
  test(`the first render's stages arrive frame after frame and move nothing drawn before them, ${size}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.addInitScript((parts) => {
      const seen = {};
      let frame = 0;
      window.partsSeen = seen;
      const look = () => {
        frame++;
        const root = document.querySelector('tensorcast-playground')?.shadowRoot;
        for (const selector of parts) {
          const el = root?.querySelector(selector);
          if (el == null) continue;
          const r = el.getBoundingClientRect();
          seen[selector] ??= { frame, at: new Set() };
          seen[selector].at.add(`${Math.round(r.left + scrollX)},${Math.round(r.top + scrollY)}`);
        }
        if (window.partsDone !== true) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    }, PARTS);
    await open(page, 'a=5,1,4,1&b=3,1,1&op=add&view=strides&lang=en');
    // The last stage is rendered: two more frames see it laid out.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const seen = await page.evaluate(() => {
      window.partsDone = true;
      return Object.fromEntries(Object.entries(window.partsSeen).map(([k, v]) => [k, { frame: v.frame, at: [...v.at] }]));
    });
    expect(Object.keys(seen).sort()).toEqual([...PARTS].sort());
    for (const selector of PARTS) expect(seen[selector].at, `${selector} stays where it was first drawn`).toHaveLength(1);
    // The inputs, then the verdict, the views' panel, the diagram and (with the tables) what a pointer reads.
    const frames = PARTS.map((selector) => seen[selector].frame);
    for (let i = 1; i < frames.length; i++) expect(frames[i], `${PARTS[i]} after ${PARTS[i - 1]} (${frames.join(', ')})`).toBeGreaterThan(frames[i - 1]);
  });
