// The plain page / LMS recipe (recipes/lms/): a course page holding
// tensorcast's iframe page (embed.html) in frames with sandbox="allow-scripts",
// as Canvas and Moodle do. The frames' pages run with an opaque origin: no
// storage, nothing same-origin, every request cross-origin (the host sends
// Access-Control-Allow-Origin: *, as a CDN does). The two-shape playground,
// the code mode and a puzzle work there (the puzzle says progress cannot be
// kept, and still checks), each frame posts its height, which the recipe's
// size-frames.js makes the frame's, and its results reach the course page.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { serveStatic } from '../static-server.js';
import { pasteCode, watch } from '../helpers.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SHOTS = fileURLToPath(new URL('../screenshots/embed/', import.meta.url));
const OUTER_SIG = 'def outer(a: float32[n], b: float32[m]) -> float32[n, m]';

let site;
let dir;

test.beforeAll(async () => {
  // The recipe as a teacher would put it online: its page, and tensorcast (web/dist) under tc/.
  dir = mkdtempSync(path.join(tmpdir(), 'tc-recipe-lms-'));
  for (const file of ['index.html', 'size-frames.js']) cpSync(path.join(root, 'recipes/lms', file), path.join(dir, file));
  cpSync(path.join(root, 'web/dist'), path.join(dir, 'tc'), { recursive: true, filter: (src) => !/\.(br|gz)$/.test(src) });
  // The same page in Chinese, for the screenshots.
  const page = readFileSync(path.join(dir, 'index.html'), 'utf8');
  writeFileSync(path.join(dir, 'zh.html'), page.replaceAll('lang=en', 'lang=zh').replace('<html lang="en">', '<html lang="zh-CN">'));
  site = await serveStatic(dir, { base: '/course/', headers: { 'Access-Control-Allow-Origin': '*' } });
});

test.afterAll(async () => {
  await site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The frame whose src has the text, once its playground has loaded the core. */
async function frameWith(page, text) {
  await expect.poll(() => page.frames().some((f) => f.url().includes(text)), { timeout: 30_000 }).toBe(true);
  const frame = page.frames().find((f) => f.url().includes(text));
  await expect.poll(() => frame.evaluate(() => document.querySelector('tensorcast-playground')?.playground != null), { timeout: 30_000 }).toBe(true);
  return frame;
}

test('in sandboxed frames (opaque origin, no storage) the playground, the code mode and a puzzle work, and each frame fits its content', async ({ page }) => {
  const problems = watch(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  // Each result a frame posts, as a course page would keep it.
  await page.addInitScript(() => {
    window.told = [];
    addEventListener('message', (e) => { if (e.data?.type === 'tensorcast:result') window.told.push({ origin: e.origin, ...e.data }); });
  });
  await page.goto(`${site.origin}/course/`);
  const frames = page.locator('iframe');
  await expect(frames).toHaveCount(3);
  for (const f of await frames.all()) {
    await expect(f).toHaveAttribute('sandbox', 'allow-scripts');
    await expect(f).toHaveAttribute('title', /^tensorcast: /);
  }

  // 1. The compact two-shape playground: renders, steps; the sandbox is real (opaque origin, storage refused).
  const shapes = await frameWith(page, 'compact');
  expect(await shapes.evaluate(() => origin)).toBe('null');
  expect(await shapes.evaluate(() => { try { localStorage.length; return 'storage'; } catch { return 'refused'; } })).toBe('refused');
  await expect(shapes.getByTestId('tab-strides')).toHaveAttribute('aria-selected', 'true');
  await expect(shapes.getByTestId('lang')).toBeHidden();
  // A sandbox without allow-popups opens no tab: the recipe hides the link that would.
  await expect(shapes.getByTestId('open-full')).toBeHidden();
  await shapes.getByTestId('reset').click();
  await expect(shapes.getByTestId('step-count')).toHaveText(/^Step 1 of \d+$/);
  await shapes.getByTestId('next').click();
  await expect(shapes.getByTestId('step-count')).toHaveText(/^Step 2 of \d+$/);
  await expect(shapes.locator('.app svg').first()).toBeVisible();

  // 2. The code mode: the example runs (on the page's thread if no worker may start), its output printed; a line opens its views.
  const code = await frameWith(page, 'mode=code');
  await expect(code.getByTestId('printed')).toContainText('tensor([[0.0900, 0.2447, 0.6652]', { timeout: 30_000 });
  // A sandboxed page may not start a worker from the host's URL (its origin is opaque): programs run on its own thread.
  expect(await code.evaluate(() => document.querySelector('tensorcast-playground').program.offThread)).toBe(false);
  await expect(code.locator('h1')).toBeHidden();
  await expect(code.getByTestId('copy-link')).toBeHidden();
  await code.locator('.cm-line', { hasText: 'e = (logits - m).exp()' }).first().click();
  await expect(code.getByTestId('line-op')).toContainText('e = (logits - m).exp()');
  await expect(code.getByTestId('result-shape')).toHaveText('torch.Size([2, 3])');

  // 3. The puzzle: it says progress cannot be kept, and still checks, and the course page hears the result.
  const puzzle = await frameWith(page, 'puzzle=outer');
  await expect(puzzle.getByTestId('storage-blocked')).toBeVisible({ timeout: 30_000 });
  await expect(puzzle.getByTestId('puzzle-title')).toHaveText('Outer product');
  await pasteCode(page, `${OUTER_SIG}:\n    return a[None, :] * b[:, None]`, puzzle);
  await puzzle.getByTestId('puzzle-check').click();
  await expect(puzzle.getByTestId('puzzle-result')).toHaveAttribute('data-passed', 'false');
  await pasteCode(page, `${OUTER_SIG}:\n    return a[:, None] * b`, puzzle);
  await puzzle.getByTestId('puzzle-check').click();
  await expect(puzzle.getByTestId('puzzle-result')).toHaveAttribute('data-passed', 'true');
  await expect.poll(() => page.evaluate(() => window.told.map((t) => [t.origin, t.id, t.passed, t.attempts]))).toEqual([['null', 'outer', false, 1], ['null', 'outer', true, 2]]);

  // Every frame is as tall as what it shows (size-frames.js), so none scrolls inside.
  for (const [i, frame] of [shapes, code, puzzle].entries()) {
    await expect.poll(async () => {
      const outer = await frames.nth(i).evaluate((f) => f.clientHeight);
      const inner = await frame.evaluate(() => Math.ceil(document.querySelector('tensorcast-playground').getBoundingClientRect().bottom));
      return Math.abs(outer - inner);
    }, { message: `frame ${i + 1}` }).toBeLessThanOrEqual(1);
  }
  // What the sandbox refuses is said by the page itself (the storage notice), never an uncaught error.
  expect(problems).toEqual([]);
});

for (const [lang, file] of [['en', ''], ['zh', 'zh.html']]) {
  for (const [size, viewport] of [['phone', { width: 390, height: 844 }], ['laptop', { width: 1366, height: 768 }]]) {
    test(`screenshot: the LMS page, ${size}, ${lang}`, async ({ page }) => {
      mkdirSync(SHOTS, { recursive: true });
      await page.setViewportSize(viewport);
      await page.goto(`${site.origin}/course/${file}`);
      const shapes = await frameWith(page, 'compact');
      await frameWith(page, 'mode=code');
      const puzzle = await frameWith(page, 'puzzle=outer');
      await expect(puzzle.getByTestId('storage-blocked')).toBeVisible({ timeout: 30_000 });
      await expect(shapes.locator('.app svg').first()).toBeVisible();
      // Chromium paints a frame only where the window shows it: the window is made as tall as the page (the width is the device's).
      const tall = () => page.evaluate(() => document.documentElement.scrollHeight);
      let height = 0;
      while (height !== (height = await tall())) {
        await page.setViewportSize({ width: viewport.width, height });
        await page.waitForTimeout(300);
      }
      await page.screenshot({ path: path.join(SHOTS, `lms-${size}-${lang}.png`), fullPage: true });
    });
  }
}
