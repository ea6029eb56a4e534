// The iframe page (web/public/embed.html: <tensorcast-playground sync-hash
// frame>): its hash is a playground link plus the element's own attributes
// and hide=; it posts its height to the page holding it, which the recipe's
// few lines (recipes/lms/size-frames.js) turn into the frame's height; it
// never adds history entries (the course page's Back button stays the
// course page's); and "Copy iframe" gives the code of a frame at the state
// shown. e2e/recipes/lms.spec.js opens it in a sandboxed frame.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { open, openCode, EXAMPLE_PROGRAM, watch } from './helpers.js';

const SIZE_FRAMES = readFileSync(new URL('../recipes/lms/size-frames.js', import.meta.url), 'utf8');

/** Waits until the iframe page's playground has loaded the core and rendered. */
async function frameReady(frame) {
  await expect.poll(() => frame.evaluate(() => document.querySelector('tensorcast-playground')?.playground != null), { timeout: 30_000 }).toBe(true);
}

const LECTURE = 'v=1&a=5,1,4,1&b=3,1,1&op=add&view=strides&lang=zh&compact&lock&steps=2-4&large&fit=75vh&hide=lang';

test('the iframe page takes the element attributes from its hash, keeps them in the hash it rewrites, and adds no history entry', async ({ page }) => {
  const problems = watch(page);
  await page.goto(`/embed.html#${LECTURE}`);
  const el = page.locator('tensorcast-playground');
  await expect.poll(() => el.evaluate((e) => e.playground != null), { timeout: 30_000 }).toBe(true);
  for (const flag of ['compact', 'lock', 'large']) await expect(el).toHaveAttribute(flag, '');
  await expect(el).toHaveAttribute('steps', '2-4');
  await expect(el).toHaveAttribute('fit', '75vh');
  await expect(el).toHaveAttribute('hide', 'lang');
  // compact: the summary line; lock: no tabs; steps 2-4: the player starts at step 2 and stops at 4; hide=lang.
  await expect(page.locator('h1')).toHaveCount(0);
  await expect(page.getByTestId('tab-strides')).toHaveCount(0);
  await expect(page.getByTestId('lang')).toBeHidden();
  await expect(page.getByTestId('open-full')).toBeVisible();
  await expect(page.getByTestId('step-count')).toHaveText(/^第 4 步/);
  const entries = await page.evaluate(() => history.length);
  await page.getByTestId('reset').click();
  await expect(page.getByTestId('step-count')).toHaveText(/^第 2 步/);
  await page.getByTestId('next').click();
  await expect(page.getByTestId('step-count')).toHaveText(/^第 3 步/);
  // The state's keys are rewritten (the step), the element's stay, in place.
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('#v=1&a=5,1,4,1&b=3,1,1&op=add&view=strides&step=2&lang=zh&compact&lock&large&steps=2-4&fit=75vh&hide=lang');
  expect(await page.evaluate(() => history.length)).toBe(entries);
  // Reloaded (an LMS page shown again), the frame opens where it was.
  await page.reload();
  await expect.poll(() => el.evaluate((e) => e.playground != null), { timeout: 30_000 }).toBe(true);
  await expect(page.getByTestId('step-count')).toHaveText(/^第 3 步/);
  await expect(el).toHaveAttribute('compact', '');
  // A hash without the element's keys takes them away again (a link followed inside the frame).
  await page.evaluate(() => { location.hash = '#v=1&a=2,3&b=3&op=mul&view=align&lang=en'; });
  await expect(page.getByTestId('tab-align')).toHaveAttribute('aria-selected', 'true');
  for (const flag of ['compact', 'lock', 'large', 'steps', 'fit', 'hide']) await expect(el).not.toHaveAttribute(flag, /.*/);
  await expect(page.getByTestId('result-shape')).toHaveText('torch.Size([2, 3])');
  expect(problems).toEqual([]);
});

// Each name hide= takes and a control it hides (docs/course-kit.md lists them).
const HIDDEN = {
  title: 'h1', lang: '[data-testid="lang"]', theme: '[data-testid="theme"]', mode: '[data-testid="mode-code"]',
  predict: '[data-testid="predict-mode"]', share: '[data-testid="copy-iframe"]', exercise: '[data-testid="make-exercise"]',
  export: '[data-testid="export-svg"]', examples: '[data-testid="preset"]', paste: '[data-testid="paste-box"]',
  tabs: '[data-testid="tab-align"]', speed: '[data-testid="speed"]', keys: '.keys', puzzles: '[data-testid="open-puzzles"]',
};

// What a name hides with its control: the introduction holds the link to the puzzles.
const WITH = { title: ['puzzles'] };

test('hide= takes away each named control, and only those; a name it does not know is said', async ({ page }) => {
  const base = 'v=1&a=2,3&b=3&op=add&view=align&lang=en';
  await page.goto(`/embed.html#${base}`);
  await expect.poll(() => page.evaluate(() => document.querySelector('tensorcast-playground')?.playground != null), { timeout: 30_000 }).toBe(true);
  for (const selector of Object.values(HIDDEN)) await expect(page.locator(selector).first(), selector).toBeVisible();
  for (const [name, selector] of Object.entries(HIDDEN)) {
    await page.evaluate((h) => { location.hash = h; }, `#${base}&hide=${name}`);
    await expect(page.locator(selector).first(), name).toBeHidden();
    // The others stay.
    for (const [other, shown] of Object.entries(HIDDEN)) if (other !== name && !(WITH[name] ?? []).includes(other)) await expect(page.locator(shown).first(), `${other} with hide=${name}`).toBeVisible();
  }
  // The player is never hidden; the keys still step.
  await page.evaluate((h) => { location.hash = h; }, `#${base}&hide=${Object.keys(HIDDEN).join(',')}`);
  for (const selector of Object.values(HIDDEN)) await expect(page.locator(selector).first()).toBeHidden();
  await expect(page.getByTestId('next')).toBeVisible();
  // A name that names no control: the page says so, and hides what it knows.
  await page.goto('about:blank');
  await page.goto(`/embed.html#${base}&hide=lang,frobnicate`);
  await expect(page.getByTestId('link-notice')).toContainText('frobnicate');
  await expect(page.getByTestId('lang')).toBeHidden();
});

test('the iframe page tells its parent its height, and the recipe\'s lines size the frame to it', async ({ page, baseURL }) => {
  await page.route('**/holder.html', (route) => route.fulfill({
    contentType: 'text/html',
    body: `<!doctype html><title>course</title><p>Lesson</p>
      <iframe id="tc" src="embed.html#v=1&a=5,3,4,1&b=3,1,1&op=add&view=align&lang=en" title="tensorcast" style="width: 1000px; height: 150px; border: 0"></iframe>
      <script>window.heights = []; addEventListener('message', (e) => { if (e.data && e.data.type === 'tensorcast:height') window.heights.push(e.data.height); });</script>
      <script>${SIZE_FRAMES}</script>`,
  }));
  await page.goto(`${baseURL}/holder.html`);
  const frame = page.frames().find((f) => f.url().includes('embed.html'));
  await frameReady(frame);
  const frameHeight = () => page.locator('#tc').evaluate((f) => f.getBoundingClientRect().height);
  const contentHeight = () => frame.evaluate(() => Math.ceil(document.querySelector('tensorcast-playground').getBoundingClientRect().bottom));
  // The frame grows from 150 px to the whole playground: nothing left to scroll inside it.
  await expect.poll(async () => Math.abs((await frameHeight()) - (await contentHeight()))).toBeLessThanOrEqual(1);
  expect(await frameHeight()).toBeGreaterThan(500);
  expect(await frame.evaluate(() => document.documentElement.scrollHeight <= innerHeight + 1)).toBe(true);
  const before = await frameHeight();
  // The playground gets shorter (compact, by its hash): a new message, and the frame follows.
  await frame.evaluate(() => { location.hash = '#v=1&a=3&b=3&op=add&view=align&lang=en&compact'; });
  await expect.poll(frameHeight).toBeLessThan(before - 50);
  await expect.poll(async () => Math.abs((await frameHeight()) - (await contentHeight()))).toBeLessThanOrEqual(1);
  const heights = await page.evaluate(() => window.heights);
  expect(heights.length).toBeGreaterThanOrEqual(2);
  expect(heights.every((h) => Number.isInteger(h) && h > 0)).toBe(true);
  // Stepping inside the frame leaves the course page's history alone.
  const entries = await page.evaluate(() => history.length);
  const inFrame = page.frameLocator('#tc');
  await inFrame.getByTestId('reset').click();
  await inFrame.getByTestId('next').click();
  await inFrame.getByTestId('next').click();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => history.length)).toBe(entries);
});

test('Copy iframe gives a frame with a title at the state shown, which opens that state', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, 'a=5,2,4,1&b=3,1,1&op=mul&view=strides&step=0&lang=zh');
  await page.getByTestId('copy-iframe').click();
  await expect(page.getByTestId('share-status')).toHaveText('已复制。');
  const code = await page.evaluate(() => navigator.clipboard.readText());
  expect(code).toBe(`<iframe src="${baseURL}/embed.html#v=1&amp;a=5,2,4,1&amp;b=3,1,1&amp;op=mul&amp;view=strides&amp;step=0&amp;lang=zh" ` +
    'title="tensorcast：PyTorch 广播机制，一步一步看" width="100%" height="720" style="border: 0" loading="lazy"></iframe>');
  await page.route('**/pasted.html', (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><meta charset="utf-8"><title>course</title>${code}` }));
  await page.goto(`${baseURL}/pasted.html`);
  const frame = page.frameLocator('iframe');
  await expect(page.locator('iframe')).toHaveAttribute('title', 'tensorcast：PyTorch 广播机制，一步一步看');
  await expect(frame.getByTestId('tab-strides')).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  await expect(frame.getByTestId('step-count')).toHaveText('第 1 步，共 1 步');
  const shown = page.frames().find((f) => f.url().includes('embed.html'));
  expect(await shown.evaluate(() => { const s = document.querySelector('tensorcast-playground').playground.state; return [s.a, s.b, s.op]; })).toEqual(['5,2,4,1', '3,1,1', 'mul']);
});

test('Copy iframe in the code mode: the frame opens the program', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openCode(page);
  await page.getByTestId('copy-iframe').click();
  const code = await page.evaluate(() => navigator.clipboard.readText());
  const src = code.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&');
  expect(src).toMatch(/\/embed\.html#v=1&.*&mode=code&code=[A-Za-z0-9_-]+$/);
  await page.goto('about:blank');
  await page.goto(src.replace(baseURL, ''));
  await expect.poll(() => page.evaluate(() => document.querySelector('tensorcast-playground')?.program?.code), { timeout: 30_000 }).toBe(EXAMPLE_PROGRAM);
  await expect(page.getByTestId('printed')).toBeVisible({ timeout: 30_000 });
});

test('an exercise\'s Copy iframe: the frame opens the exercise, locked as made', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, 'a=4,3&b=3,1&op=add&view=align&lang=en');
  await page.getByTestId('make-exercise').click();
  await page.getByTestId('exercise-shape').fill('4, 3');
  await page.getByTestId('exercise-copy-iframe').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^<iframe src=/);
  const code = await page.evaluate(() => navigator.clipboard.readText());
  const src = code.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&');
  expect(src).toBe(`${baseURL}/embed.html#v=1&a=4,3&b=3,1&op=add&view=align&lang=en&goal=shape.out.4x3&edit=b`);
  await page.goto('about:blank');
  await page.goto(src);
  await expect(page.getByTestId('exercise-goal-text')).toHaveText('Make the result’s shape (4, 3).', { timeout: 30_000 });
  await expect(page.getByTestId('exercise-edit-text')).toHaveText('You may change the shape of b; the rest is locked.');
});
