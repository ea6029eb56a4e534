// The reveal.js recipe (recipes/revealjs): a lecture whose slides hold
// <tensorcast-playground> elements, served as a teacher deploys it (the
// slides, reveal.js' dist/ and the element's files in one folder). Its
// traps: reveal scales each slide to the window with a CSS transform, so the
// pointer must still land on the cell under it (and the offset sum beside
// it), at any window size; reveal takes the arrow keys and a finger's swipes
// for its slides, so a focused or touched element must keep them; and
// reveal lays a slide out once, so an element that grows after its core has
// loaded must still fit on it.
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { serveStatic } from '../static-server.js';
import { expectTipByCell, ready, watch } from '../helpers.js';
import { copyElement, root } from './element-files.js';

const recipe = join(root, 'recipes/revealjs');
let work;
let server;

test.beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'tensorcast-revealjs-'));
  await cp(join(recipe, 'index.html'), join(work, 'index.html'));
  // reveal.js from the recipe's own package.
  const reveal = join(recipe, 'node_modules/reveal.js/dist');
  if (!existsSync(reveal)) throw new Error(`${reveal} is missing: scripts/setup.sh installs it (npm ci --prefix recipes/revealjs)`);
  await cp(reveal, join(work, 'reveal.js'), { recursive: true });
  await copyElement(join(work, 'tensorcast'));
  server = await serveStatic(work, { base: '/lecture/' });
});

test.afterAll(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** Opens the lecture at its first slide and waits for reveal. */
async function openLecture(page) {
  await page.goto(`${server.origin}/lecture/`);
  await page.waitForFunction(() => window.Reveal?.isReady() === true);
}

const slide = (page) => page.evaluate(() => window.Reveal.getIndices().h);

/**
 * Runs move (a key press, a call of reveal's) and waits until the slide
 * transition it starts has ended: till then the slide is still sliding in,
 * and a cell is not yet where it stays.
 */
async function toSlide(page, move) {
  await page.evaluate(() => {
    window.slideMoved = new Promise((done) => window.Reveal.on('slidetransitionend', done, { once: true }));
  });
  await move();
  await page.evaluate(() => window.slideMoved.then(() => undefined));
}

/** The slide shown fits reveal's slide size (960 × 700): nothing spills off the screen. */
async function expectFits(page) {
  const { height, config } = await page.evaluate(() => ({ height: document.querySelector('.reveal .slides section.present').offsetHeight, config: window.Reveal.getConfig().height }));
  expect(height).toBeLessThanOrEqual(config);
}

/** The output cells the diagram of the element marks as pointed at. */
const markedOut = (el) =>
  el.locator('[data-testid="diagram"] rect[data-hl="on"][data-key^="out:"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));

// Two windows reveal scales the 960 × 700 slide differently for: up on a
// projector's 1920 × 1080, down in a small window.
for (const size of [{ width: 1920, height: 1080, scaled: (s) => s > 1.3 }, { width: 800, height: 600, scaled: (s) => s < 0.9 }]) {
  test(`on a slide scaled to a ${size.width} × ${size.height} window, the pointer marks the cell under it`, async ({ page }) => {
    const problems = watch(page);
    await page.setViewportSize({ width: size.width, height: size.height });
    await openLecture(page);
    const scale = await page.evaluate(() => window.Reveal.getScale());
    expect(size.scaled(scale)).toBe(true);
    // Nothing focused: → is reveal's, to the slide with the strides diagram
    // (drawn while the slide was hidden, and fitted once shown).
    await toSlide(page, () => page.keyboard.press('ArrowRight'));
    expect(await slide(page)).toBe(1);
    await ready(page, '#strides');
    const el = page.locator('#strides');
    const cells = await el.locator('[data-testid="diagram"] text[data-key^="out:"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
    expect(cells.length).toBe(12);
    await expectFits(page);
    for (const key of cells) {
      // The centre of the cell's number where the browser draws it, transforms and all, once it
      // stays there (hover waits for that: the diagram is fitted anew when its slide is shown).
      await el.locator(`[data-testid="diagram"] text[data-key="${key}"]`).hover();
      expect(await markedOut(el)).toEqual([key]);
      await expectTipByCell(el, key, 12 * scale);
      // Near the corner of the outline hover drew, away from the number: the same cell.
      const outline = await el.locator(`[data-testid="diagram"] rect[data-hl="on"][data-key="${key}"]`).boundingBox();
      await page.mouse.move(0, 0);
      await expect(el.getByTestId('reads')).toBeEmpty();
      await page.mouse.move(outline.x + outline.width * 0.2, outline.y + outline.height * 0.2);
      expect(await markedOut(el)).toEqual([key]);
      await page.mouse.move(outline.x + outline.width * 0.8, outline.y + outline.height * 0.8);
      expect(await markedOut(el)).toEqual([key]);
      await expect(el.getByTestId('reads')).toContainText(`out[`);
    }
    // With the line saying what the cell reads, too.
    await expectFits(page);
    expect(problems).toEqual([]);
  });
}

test('a focused element takes the arrow keys; the keys it does not use change slides', async ({ page }) => {
  const problems = watch(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await openLecture(page);
  await toSlide(page, () => page.evaluate(() => window.Reveal.slide(2)));
  await ready(page, '#align');
  const el = page.locator('#align');
  const count = el.getByTestId('step-count');
  await el.getByTestId('reset').click();
  await expect(count).toHaveText('Step 1 of 7');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(count).toHaveText('Step 3 of 7');
  await page.keyboard.press('ArrowLeft');
  await expect(count).toHaveText('Step 2 of 7');
  await page.keyboard.press('End');
  await expect(count).toHaveText('Step 7 of 7');
  await expectFits(page);
  // At its last step → still belongs to the element: the slide stays.
  await page.keyboard.press('ArrowRight');
  await expect(count).toHaveText('Step 7 of 7');
  expect(await slide(page)).toBe(2);
  // A clicker's Page Down (the element does not use it) goes on to the next slide.
  await page.keyboard.press('PageDown');
  await expect.poll(() => slide(page)).toBe(3);
  // Back on the slide, nothing in it focused: the arrows are reveal's again.
  await page.keyboard.press('PageUp');
  await expect.poll(() => slide(page)).toBe(2);
  await page.locator('.reveal .slides section.present h3').click();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => slide(page)).toBe(1);
  await expect(count).toHaveText('Step 7 of 7');
  expect(problems).toEqual([]);
});

test('an element that is drawn after reveal laid out its slide stays on the slide', async ({ page }) => {
  const problems = watch(page);
  await page.setViewportSize({ width: 800, height: 600 });
  // The core arrives late (a slow network): reveal lays the slide out around an element not drawn yet.
  await page.route('**/*.wasm', async (route) => {
    await new Promise((done) => setTimeout(done, 1500));
    await route.continue();
  });
  await page.goto(`${server.origin}/lecture/#/1`);
  await page.waitForFunction(() => window.Reveal?.isReady() === true);
  await ready(page, '#strides');
  const el = page.locator('#strides');
  await el.locator('[data-testid="diagram"] text[data-key="out:11"]').hover();
  // Drawn, with the line saying what the cell reads: all of it on the slide, and so in the window.
  await expectFits(page);
  const box = await el.evaluate((e) => e.getBoundingClientRect().toJSON());
  expect(box.top).toBeGreaterThanOrEqual(0);
  expect(box.bottom).toBeLessThanOrEqual(600);
  expect(await markedOut(el)).toEqual(['out:11']);
  expect(problems).toEqual([]);
});

/** A finger swiping 300 px to the left from (x, y), as to the next slide. */
async function swipeLeft(cdp, x, y) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= 5; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x - i * 60, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test('on a touch screen a tap inspects a cell, and a swipe on the element leaves the slide (data-prevent-swipe)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const page = await context.newPage();
  const problems = watch(page);
  await openLecture(page);
  await toSlide(page, () => page.evaluate(() => window.Reveal.slide(1)));
  await ready(page, '#strides');
  const el = page.locator('#strides');
  const box = await el.locator('[data-testid="diagram"] text[data-key="out:5"]').boundingBox();
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.touchscreen.tap(x, y);
  expect(await markedOut(el)).toEqual(['out:5']);
  const cdp = await context.newCDPSession(page);
  // Each touch event is handled before the next is sent: reveal has seen the swipe when it returns.
  await swipeLeft(cdp, x, y);
  expect(await slide(page)).toBe(1);
  // The same swipe on the slide's title is reveal's: the next slide (not the one after it).
  const title = await page.locator('.reveal .slides section.present h3').boundingBox();
  await swipeLeft(cdp, title.x + title.width / 2, title.y + title.height / 2);
  await expect.poll(() => slide(page)).toBe(2);
  expect(problems).toEqual([]);
  await context.close();
});

for (const lang of ['en', 'zh']) {
  test(`screenshot: the strides slide at laptop size, a cell pointed at (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await openLecture(page);
    await toSlide(page, () => page.evaluate(() => window.Reveal.slide(1)));
    await ready(page, '#strides');
    const el = page.locator('#strides');
    await el.evaluate((e, l) => e.setAttribute('lang', l), lang);
    await expect(el.getByTestId('tab-strides').or(el.getByTestId('step-count')).first()).toBeVisible();
    await el.locator('[data-testid="diagram"] text[data-key="out:9"]').hover();
    expect(await markedOut(el)).toEqual(['out:9']);
    await page.screenshot({ path: `e2e/screenshots/recipes-slides/revealjs-laptop-${lang}.png` });
  });
}
