// The code mode runs programs in a Web Worker (web/src/program-runner.ts,
// Note [Programs off the page's thread]): a 4000 x 4000 matmul does not
// block typing, Stop ends it, an edit cancels it; a half-typed line keeps
// the last good output and graph, faded; on a phone a tapped line scrolls to
// its views and closes the keyboard. Times are printed, never asserted.
import { mkdir } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { expect, test } from '@playwright/test';
import { EXAMPLE_PROGRAM, openCode, pasteCode, watch } from './helpers.js';

const HEAVY = 'import torch\nx = torch.randn(4000, 4000)\ny = x @ x\n';
const program = (page) => page.evaluate(() => {
  const p = document.querySelector('tensorcast-playground').program;
  return { run: p.run === null ? null : { code: p.run.code, ok: p.run.ok, error: p.run.error }, status: p.status, offThread: p.offThread, startups: p.startups, runs: p.runs };
});
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

test('a 4000x4000 matmul runs in the worker: the page keeps drawing frames, clicks and keys land while it runs, and Stop ends it', async ({ page }) => {
  const problems = watch(page);
  await openCode(page, 'lang=en');
  // One run at load: its program, once.
  expect(await program(page)).toMatchObject({ offThread: true, runs: 1 });
  await pasteCode(page, HEAVY);
  await expect(page.getByTestId('run-stop')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('run-time')).toContainText('Running:');
  // A second of the run: the page's thread draws every frame (the longest gap between two is printed).
  const frameGaps = await page.evaluate(() => new Promise((resolve) => {
    const frames = [];
    const tick = (t) => {
      frames.push(t);
      if (t - frames[0] < 1000) requestAnimationFrame(tick);
      else resolve(frames.slice(1).map((x, i) => x - frames[i]));
    };
    requestAnimationFrame(tick);
  }));
  // A click while it runs: the language changes at once, and the run goes on (it is not an edit).
  let t0 = Date.now();
  await page.getByTestId('lang').click();
  await expect(page.getByTestId('run-time')).toContainText('正在运行');
  const clickMs = Date.now() - t0;
  expect((await program(page)).status?.kind).toBe('running');
  // A key while it runs: it lands in the editor; being an edit, it ends the run (the record is still the first program's).
  await page.locator('.cm-content').press('ControlOrMeta+End');
  t0 = Date.now();
  await page.keyboard.type('#');
  await expect(page.locator('.cm-line', { hasText: /^#$/ })).toHaveCount(1);
  const keyMs = Date.now() - t0;
  expect((await program(page)).run.code).not.toContain('4000');
  const typed = ' typed after it';
  const lags = [];
  for (const key of typed) {
    const t = Date.now();
    await page.keyboard.type(key);
    lags.push(Date.now() - t);
  }
  await expect(page.locator('.cm-line', { hasText: `#${typed}` })).toHaveCount(1);
  console.log(`while a 4000x4000 matmul ran: frames every ${median(frameGaps).toFixed(1)} ms for a second (longest gap ${Math.max(...frameGaps).toFixed(0)} ms); ` +
    `a click answered in ${clickMs} ms, a key landed in ${keyMs} ms; then ${typed.length} keys, median ${median(lags)} ms a key (worst ${Math.max(...lags)}) ` +
    `(Playwright's round trips included); load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`);

  // After a pause in typing the heavy code runs again; Stop ends it.
  await expect(page.getByTestId('run-stop')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('run-stop').click();
  await expect(page.getByTestId('run-again')).toBeVisible();
  await expect(page.getByTestId('run-status')).toContainText('秒后停止');
  const stopped = await program(page);
  expect(stopped.status.kind).toBe('stopped');
  expect(stopped.run.code).not.toContain('4000');
  // Run again starts it afresh, and can be stopped again.
  await page.getByTestId('run-again').click();
  await expect(page.getByTestId('run-stop')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('run-stop').click();
  await expect(page.getByTestId('run-again')).toBeVisible();
  expect(problems).toEqual([]);
});

test('the .wasm is fetched once: the program workers are made from the page\'s compiled module', async ({ page }) => {
  const wasm = [];
  page.on('request', (r) => { if (r.url().endsWith('.wasm')) wasm.push(r.url()); });
  await openCode(page);
  // A cancelled run ends its worker; the next ones start more (the spare, and the spare's spare).
  await pasteCode(page, HEAVY);
  await expect(page.getByTestId('run-stop')).toBeVisible({ timeout: 20_000 });
  await pasteCode(page, 'import torch\nz = torch.ones(3)\n');
  await expect(page.getByTestId('inline-value').filter({ hasText: 'z: [3] float32' })).toHaveCount(1);
  // The spare's spare reports its start when it is ready, which under load can be after the small program's answer.
  await expect.poll(async () => (await program(page)).startups.length).toBeGreaterThanOrEqual(3);
  expect(wasm.length, wasm.join(', ')).toBe(1);
});

test('an edit cancels the run in flight: a small program\'s shapes come at once, not after the matmul', async ({ page }) => {
  const problems = watch(page);
  await openCode(page);
  await pasteCode(page, HEAVY);
  await expect(page.getByTestId('run-stop')).toBeVisible({ timeout: 20_000 });
  const started = Date.now();
  await pasteCode(page, 'import torch\nz = torch.ones(3)\nprint(z * 2)\n');
  await expect(page.getByTestId('inline-value').filter({ hasText: 'z: [3] float32' })).toHaveCount(1);
  await expect(page.getByTestId('printed')).toHaveText('tensor([2., 2., 2.])');
  const after = Date.now() - started;
  const state = await program(page);
  expect(state.run.code).toBe('import torch\nz = torch.ones(3)\nprint(z * 2)\n');
  expect(state.status).toBeNull();
  await expect(page.getByTestId('run-status')).toHaveCount(0);
  // A worker ready to take over: its start (the compiled module instantiated again) is what a cancel would wait for without a spare.
  console.log(`an edit during the matmul: the new program's shapes after ${after} ms; a program worker is ready ${median(state.startups).toFixed(0)} ms after it is made ` +
    `(median of ${state.startups.length}: ${state.startups.map((t) => t.toFixed(0)).join(', ')}), which a cancel without a spare would add`);
  expect(problems).toEqual([]);
});

test('a half-typed line keeps the last good output and graph, faded, and the page does not collapse', async ({ page }) => {
  const problems = watch(page);
  await openCode(page, 'lang=en');
  await pasteCode(page, `${EXAMPLE_PROGRAM.trimEnd()}\nc = x - x.mean(1)\n`);
  await expect(page.getByTestId('printed')).toContainText('tensor(');
  const printed = await page.getByTestId('printed').textContent();
  await expect(page.locator('.whole')).not.toHaveClass(/faded/);
  const height = await page.evaluate(() => document.scrollingElement.scrollHeight);
  // Delete the closing bracket: the line is half typed, the code cannot be read.
  await page.locator('.cm-line', { hasText: 'c = x - x.mean(1)' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await expect(page.getByTestId('code-error')).toContainText('SyntaxError');
  await expect(page.getByTestId('printed')).toHaveText(printed);
  await expect(page.locator('section.printed')).toHaveClass(/faded/);
  await expect(page.locator('section.whole')).toHaveClass(/faded/);
  await expect(page.getByTestId('stand-in')).toHaveText('Faded: from the last run that could read the code.');
  await expect(page.getByTestId('program-views').locator('svg').first()).toBeVisible();
  const typing = await page.evaluate(() => document.scrollingElement.scrollHeight);
  expect(typing, 'the page keeps its length').toBeGreaterThanOrEqual(height * 0.9);
  // The bracket back: the output is the program's own again, not faded.
  await page.keyboard.type(')');
  await expect(page.getByTestId('stand-in')).toHaveCount(0);
  await expect(page.locator('section.printed')).not.toHaveClass(/faded/);
  await expect(page.getByTestId('printed')).toHaveText(printed);
  expect(problems).toEqual([]);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tapped line scrolls to its views and closes the keyboard (the editor gives up focus)', async ({ page }) => {
    const problems = watch(page);
    await openCode(page, 'lang=en');
    await pasteCode(page, EXAMPLE_PROGRAM);
    const line = page.locator('.cm-line', { hasText: 'd = x[:, :, None] - y' }).first();
    await expect(line).toHaveClass(/cm-tc-openable/);
    await line.tap();
    const heading = page.getByTestId('line-op');
    await expect(heading).toContainText('Line 5');
    await expect(heading).toBeInViewport();
    await expect.poll(() => page.evaluate(() => {
      const root = document.querySelector('tensorcast-playground').shadowRoot;
      return root.activeElement?.classList.contains('cm-content') ?? false;
    })).toBe(false);
    expect(problems).toEqual([]);
  });
});

// ---- screenshots of what the worker changed, for a person to look at (not committed)

const SHOTS = new URL('./screenshots/worker/', import.meta.url);
for (const [w, h, device] of [[390, 844, 'phone'], [1366, 768, 'laptop']]) {
  for (const lang of ['en', 'zh']) {
    test(`screenshots: ${device}, ${lang}`, async ({ browser, baseURL }) => {
      await mkdir(SHOTS, { recursive: true });
      const phone = device === 'phone';
      const context = await browser.newContext({ baseURL, viewport: { width: w, height: h }, hasTouch: phone, isMobile: phone });
      const page = await context.newPage();
      const shot = (name) => page.screenshot({ path: new URL(`${name}-${device}-${lang}.png`, SHOTS).pathname });
      await openCode(page, `lang=${lang}`);
      // A long run: its time, the moving bar and Stop; then stopped.
      await pasteCode(page, HEAVY);
      await expect(page.getByTestId('run-stop')).toBeVisible({ timeout: 20_000 });
      await page.locator('.cm-content').blur();
      await shot('running');
      await page.getByTestId('run-stop').click();
      await expect(page.getByTestId('run-again')).toBeVisible();
      await shot('stopped');
      // A half-typed line: the last good output and graph stay, faded.
      await pasteCode(page, EXAMPLE_PROGRAM);
      await expect(page.getByTestId('printed')).toContainText('tensor(');
      await pasteCode(page, `${EXAMPLE_PROGRAM.trimEnd()}\nc = x - x.mean(1\n`);
      await expect(page.getByTestId('stand-in')).toBeVisible();
      await page.locator('.cm-content').blur();
      await page.getByTestId('stand-in').scrollIntoViewIfNeeded();
      await shot('half-typed');
      // A tapped line (phone) or a clicked one: its views in sight.
      await pasteCode(page, EXAMPLE_PROGRAM);
      const line = page.locator('.cm-line', { hasText: 'd = x[:, :, None] - y' }).first();
      await expect(line).toHaveClass(/cm-tc-openable/);
      if (phone) await line.tap();
      else await line.click();
      await expect(page.getByTestId('line-op')).toBeInViewport();
      await page.waitForTimeout(400);
      await shot('tapped');
      await context.close();
    });
  }
}
