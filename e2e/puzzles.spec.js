// The puzzle view (web/src/puzzle-view.ts): the set's list, a puzzle solved
// and failed (the failing test case, and the answer's run opened at the
// wrong line in the program views), hints, the solution after three
// checks (none with solutions=hide), progress and drafts kept across
// reloads, exported and imported as a file, the message when storage is
// blocked, and the result a course page reads (the tensorcast:result event,
// and the postMessage from inside an iframe). Screenshots at phone and
// laptop sizes, in both languages, for a person to look at.
import { mkdir, readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { open, pasteCode, ready, watch } from './helpers.js';

const OUTER_SIG = 'def outer(a: float32[n], b: float32[m]) -> float32[n, m]';
const RIGHT = `${OUTER_SIG}:\n    return a[:, None] * b`;
// The table transposed: right shape and dtype, wrong values (fails on the first square test case, n = m = 5).
const TRANSPOSED = `${OUTER_SIG}:\n    return a[None, :] * b[:, None]`;

// Every tensorcast:result the page hears, kept on window for the test to read.
const LISTEN = () => {
  window.results = [];
  document.addEventListener('tensorcast:result', (e) => window.results.push(e.detail));
};

async function openPuzzle(page, hash) {
  await open(page, hash);
  await expect(page.locator('.cm-content')).toBeVisible();
}

async function answer(page, code) {
  await pasteCode(page, code);
  await page.getByTestId('puzzle-check').click();
  await expect(page.getByTestId('puzzle-result')).toBeVisible();
}

test('the list: one item per puzzle and drill, unsolved at first; a drill links to its own route', async ({ page }) => {
  const problems = watch(page);
  // The way in: the header's link on the full page, in the page's language.
  await open(page, 'lang=zh');
  await expect(page.getByTestId('open-puzzles')).toHaveText('去做谜题 →');
  await open(page, '');
  await page.getByTestId('open-puzzles').click();
  await expect(page).toHaveURL(/#v=1&view=puzzles&lang=en$/);
  const items = page.getByTestId('puzzle-item');
  await expect(items).toHaveCount(24);
  await expect(page.locator('[data-testid="puzzle-item"][data-kind="drill"]')).toHaveCount(8);
  await expect(page.locator('[data-testid="puzzle-item"][data-solved="true"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="puzzle-item"][data-id="sum-over-a-dim"] a')).toHaveAttribute('href', '#v=1&drill=sum-over-a-dim&lang=en');
  // The list's way to the printable worksheets (worksheet.spec.js prints them).
  const print = page.getByTestId('puzzle-print').locator('a');
  await expect(print).toHaveCount(2);
  await expect(print.nth(0)).toHaveAttribute('href', './worksheet.html#v=1&set=puzzles&lang=en');
  await expect(print.nth(1)).toHaveAttribute('href', './worksheet.html#v=1&set=drills&lang=en');
  await page.locator('[data-testid="puzzle-item"][data-id="outer"] a').click();
  await expect(page.getByTestId('puzzle-title')).toHaveText('Outer product');
  await expect(page.locator('.cm-content')).toContainText(`${OUTER_SIG}:`);
  // With solutions hidden, the worksheets print no key either.
  await open(page, 'view=puzzles&lang=en&solutions=hide');
  await expect(print.nth(0)).toHaveAttribute('href', './worksheet.html#v=1&set=puzzles&lang=en&key=0');
  await print.nth(1).click();
  await expect(page.getByTestId('worksheet-item').first()).toBeVisible();
  await expect(page.getByTestId('worksheet-key-item')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('solving a puzzle: passed on all 20 test cases, the elements report, the result event, solved in the list after a reload', async ({ page }) => {
  const problems = watch(page);
  await page.addInitScript(LISTEN);
  await openPuzzle(page, 'puzzle=outer');
  await answer(page, RIGHT);
  await expect(page.getByTestId('puzzle-result')).toHaveAttribute('data-passed', 'true');
  await expect(page.getByTestId('puzzle-result')).toContainText('all 20 test cases');
  // On the largest test case (5, 5): the product's 25 elements, as the reference's (the None-index is a view).
  await expect(page.getByTestId('puzzle-elements')).toContainText('allocates 25 elements on the largest test case; the reference allocates 25');
  expect(await page.evaluate(() => window.results)).toEqual([{ kind: 'puzzle', id: 'outer', passed: true, attempts: 1, hintsUsed: 0 }]);
  await page.reload();
  await ready(page);
  await expect(page.locator('.cm-content')).toContainText('return a[:, None] * b');
  await expect(page.getByTestId('puzzle-solved')).toHaveAttribute('data-solved', 'true');
  await page.getByTestId('puzzle-back').click();
  await expect(page.locator('[data-testid="puzzle-item"][data-id="outer"]')).toHaveAttribute('data-solved', 'true');
  await expect(page.locator('[data-testid="puzzle-item"][data-solved="true"]')).toHaveCount(1);
  expect(problems).toEqual([]);
});

test('a later puzzle may call an earlier passing answer: dot written with sum(-1) serves matvec', async ({ page }) => {
  const problems = watch(page);
  await openPuzzle(page, 'puzzle=matvec&lang=en');
  await expect(page.getByTestId('puzzle-rules')).not.toContainText('earlier puzzles');
  await openPuzzle(page, 'puzzle=dot&lang=en');
  await answer(page, 'def dot(a, b):\n    return (a * b).sum(-1)');
  await expect(page.getByTestId('puzzle-result')).toHaveAttribute('data-passed', 'true');
  await openPuzzle(page, 'puzzle=matvec&lang=en');
  await expect(page.getByTestId('puzzle-rules')).toContainText('Your answers to earlier puzzles may be called too: dot.');
  await answer(page, 'def matvec(A, v):\n    return dot(A, v)');
  await expect(page.getByTestId('puzzle-result')).toHaveAttribute('data-passed', 'true');
  expect(problems).toEqual([]);
});

test('failing a puzzle: the failing test case as inputs / yours / expected, and the wrong line opened in the program views, in en and zh', async ({ page }) => {
  const problems = watch(page);
  await page.addInitScript(LISTEN);
  await openPuzzle(page, 'puzzle=outer');
  await answer(page, TRANSPOSED);
  const result = page.getByTestId('puzzle-result');
  await expect(result).toHaveAttribute('data-passed', 'false');
  await expect(result).toHaveAttribute('data-kind', 'values');
  await expect(page.getByTestId('puzzle-failure')).toHaveText('The shape and dtype are right, but some values differ from the expected ones.');
  await expect(page.getByTestId('case-sizes')).toHaveText('n = 5, m = 5');
  await expect(page.getByTestId('case-inputs').locator('pre')).toHaveCount(2);
  await expect(page.getByTestId('case-inputs')).toContainText('a = tensor([');
  await expect(page.getByTestId('case-yours')).toContainText('tensor([[');
  await expect(page.getByTestId('case-expected')).toContainText('tensor([[');
  expect(await page.getByTestId('case-yours').textContent()).not.toEqual(await page.getByTestId('case-expected').textContent());
  // The answer's program: import torch, the def, then the body from line 3: its graph, with line 3 picked.
  const views = page.getByTestId('puzzle-views');
  await expect(views.getByTestId('program-graph')).toBeVisible();
  await expect(views.locator('[data-pick="3"][aria-pressed="true"]').first()).toBeVisible();
  // The inputs are the graph's named first boxes, with their shapes (not "shape not recorded").
  await expect(views.getByTestId('program-graph')).toContainText('a');
  await expect(views.getByTestId('program-graph')).not.toContainText('shape not recorded');
  expect(await page.evaluate(() => window.results)).toEqual([{ kind: 'puzzle', id: 'outer', passed: false, attempts: 1, hintsUsed: 0 }]);

  // A shape failure, worded in Chinese from the same structured failure.
  await page.getByTestId('lang').click();
  await answer(page, `${OUTER_SIG}:\n    return a * b`);
  await expect(page.getByTestId('puzzle-failure')).toHaveText('结果的形状是 (0,)，预期是 (0, 0)。');
  await expect(page.getByTestId('puzzle-title')).toHaveText('外积');
  expect(page.url()).toContain('#v=1&puzzle=outer&lang=zh');
  // A call the puzzle does not allow: the rule, with its line.
  await answer(page, `${OUTER_SIG}:\n    return torch.outer(a, b)`);
  await expect(page.getByTestId('puzzle-failure')).toHaveText('这道谜题不允许用 torch.outer（允许的是：[] *）。');
  expect(problems).toEqual([]);
});

test('hints one at a time, counted in the result; the solution after three checks; none with solutions=hide', async ({ page }) => {
  const problems = watch(page);
  await page.addInitScript(LISTEN);
  await openPuzzle(page, 'puzzle=outer');
  await expect(page.getByTestId('puzzle-hint')).toHaveCount(0);
  await page.getByTestId('puzzle-next-hint').click();
  await expect(page.getByTestId('puzzle-hint')).toHaveCount(1);
  await expect(page.getByTestId('puzzle-hint')).toContainText('a[:, None] has shape (n, 1).');
  await page.getByTestId('puzzle-next-hint').click();
  await expect(page.getByTestId('puzzle-hint')).toHaveCount(2);
  await expect(page.getByTestId('puzzle-next-hint')).toHaveCount(0);

  await expect(page.getByTestId('solution-later')).toHaveText('The solution can be shown after 3 more checks.');
  await answer(page, TRANSPOSED);
  await expect(page.getByTestId('solution-later')).toHaveText('The solution can be shown after 2 more checks.');
  await page.getByTestId('puzzle-check').click();
  await page.getByTestId('puzzle-check').click();
  await expect(page.getByTestId('puzzle-solution')).toHaveCount(0);
  await page.getByTestId('puzzle-show-solution').click();
  await expect(page.getByTestId('puzzle-solution')).toHaveText(RIGHT);
  const results = await page.evaluate(() => window.results);
  expect(results.map((r) => [r.attempts, r.hintsUsed, r.passed])).toEqual([[1, 2, false], [2, 2, false], [3, 2, false]]);

  // The same progress, with solutions turned off by the link: nothing about a solution.
  await open(page, 'puzzle=outer&solutions=hide');
  await expect(page.getByTestId('puzzle-hint')).toHaveCount(2);
  await expect(page.getByTestId('puzzle-check')).toBeVisible();
  await expect(page.getByTestId('puzzle-solution-box')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('progress exported to a file and imported from one; a file of another kind is refused with a message', async ({ page }, info) => {
  const problems = watch(page);
  await openPuzzle(page, 'puzzle=outer');
  await answer(page, RIGHT);
  const [saved] = await Promise.all([page.waitForEvent('download'), page.getByTestId('progress-export').click()]);
  expect(saved.suggestedFilename()).toBe('tensorcast-progress-tensorcast.json');
  const file = info.outputPath('progress.json');
  await saved.saveAs(file);
  const data = JSON.parse(await readFile(file, 'utf8'));
  expect(data.puzzles.outer).toEqual({ solved: true, attempts: 1, hints: 0, draft: 'return a[:, None] * b', answer: 'return a[:, None] * b' });

  // Another browser: nothing kept; the file brings the progress and the draft back.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await ready(page);
  await expect(page.getByTestId('puzzle-solved')).toHaveAttribute('data-solved', 'false');
  await expect(page.locator('.cm-content')).not.toContainText('return a[:, None] * b');
  await page.getByTestId('progress-import').setInputFiles(file);
  await expect(page.getByTestId('progress-notice')).toHaveText('Progress imported.');
  await expect(page.getByTestId('puzzle-solved')).toHaveAttribute('data-solved', 'true');
  await expect(page.locator('.cm-content')).toContainText('return a[:, None] * b');

  await page.getByTestId('progress-import').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": 1}') });
  await expect(page.getByTestId('progress-notice')).toHaveText('That file is not a progress file exported here.');
  await expect(page.getByTestId('puzzle-solved')).toHaveAttribute('data-solved', 'true');
  expect(problems).toEqual([]);
});

test('storage blocked (the localStorage getter throws, as in a sandboxed frame): a clear message, and checking still works', async ({ page }) => {
  const problems = watch(page);
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('The document is sandboxed', 'SecurityError'); } });
  });
  await page.addInitScript(LISTEN);
  await openPuzzle(page, 'puzzle=outer');
  await expect(page.getByTestId('storage-blocked')).toHaveText(/cannot use the browser’s storage/);
  await answer(page, RIGHT);
  await expect(page.getByTestId('puzzle-result')).toHaveAttribute('data-passed', 'true');
  expect(await page.evaluate(() => window.results)).toEqual([{ kind: 'puzzle', id: 'outer', passed: true, attempts: 1, hintsUsed: 0 }]);
  expect(problems).toEqual([]);
});

test('inside an iframe: the course page receives each check by postMessage', async ({ page, baseURL }) => {
  // A course page on the same server, holding the puzzle in a frame and keeping what it is told.
  await page.route('**/course-page.html', (route) => route.fulfill({
    contentType: 'text/html',
    body: `<!doctype html><title>course</title><iframe id="tc" src="index.html#puzzle=outer" style="width:1200px;height:900px"></iframe>
      <script>window.told = []; addEventListener('message', (e) => { if (e.data && e.data.type === 'tensorcast:result') window.told.push(e.data); });</script>`,
  }));
  await page.goto(`${baseURL}/course-page.html`);
  const frame = page.frameLocator('#tc');
  await expect(frame.locator('.cm-content')).toBeVisible({ timeout: 30_000 });
  await frame.getByTestId('puzzle-next-hint').click();
  await frame.locator('.cm-content').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('def outer(a, b):\n    return a[:, None] * b');
  await frame.getByTestId('puzzle-check').click();
  await expect(frame.getByTestId('puzzle-result')).toHaveAttribute('data-passed', 'true');
  await expect.poll(() => page.evaluate(() => window.told)).toEqual([
    { type: 'tensorcast:result', kind: 'puzzle', id: 'outer', passed: true, attempts: 1, hintsUsed: 1 },
  ]);
});

test('a course page embeds one puzzle with attributes: puzzle="outer" solutions="hide", and hears the result event', async ({ page, baseURL }) => {
  const problems = watch(page);
  await page.route('**/course-element.html', (route) => route.fulfill({
    contentType: 'text/html',
    body: `<!doctype html><title>course</title><script type="module" src="./tensorcast-playground.js"></script>
      <tensorcast-playground puzzle="outer" solutions="hide"></tensorcast-playground>
      <script>window.results = []; document.addEventListener('tensorcast:result', (e) => window.results.push(e.detail));</script>`,
  }));
  await page.goto(`${baseURL}/course-element.html`);
  await expect(page.locator('.cm-content')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('puzzle-title')).toHaveText('Outer product');
  for (let i = 0; i < 3; i++) await answer(page, TRANSPOSED);
  // Three failed checks would offer the solution; the attribute turned it off.
  await expect(page.getByTestId('puzzle-solution-box')).toHaveCount(0);
  expect(await page.evaluate(() => window.results.map((r) => [r.id, r.passed, r.attempts]))).toEqual([['outer', false, 1], ['outer', false, 2], ['outer', false, 3]]);
  expect(problems).toEqual([]);
});

test('solved with the keyboard alone: type in the editor, Tab to Check, Enter; every stop has a visible focus ring', async ({ page }) => {
  await openPuzzle(page, 'puzzle=outer');
  await page.locator('.cm-content').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('def outer(a, b):\nreturn a[:, None] * b');
  const focused = () => page.evaluate(() => {
    const el = document.querySelector('tensorcast-playground').shadowRoot.activeElement;
    const style = getComputedStyle(el);
    return { id: el.getAttribute('data-testid'), outline: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  await page.keyboard.press('Tab');
  const check = await focused();
  expect(check.id).toBe('puzzle-check');
  expect(check.outline).not.toBe('none');
  expect(check.width).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('puzzle-result')).toHaveAttribute('data-passed', 'true');
  for (const id of ['puzzle-next-hint', 'puzzle-show-solution', 'progress-export']) {
    await page.keyboard.press('Tab');
    const f = await focused();
    expect(f.id).toBe(id);
    expect(f.outline, `focus ring on ${id}`).not.toBe('none');
  }
});

test('prints how long a check takes in the page (click to the result drawn), passing and failing', async ({ page }) => {
  await openPuzzle(page, 'puzzle=outer');
  // Median of 7 clicks on Check, each timed until the page has drawn its result.
  const median = () => page.evaluate(async () => {
    const el = document.querySelector('tensorcast-playground');
    const button = el.shadowRoot.querySelector('[data-testid="puzzle-check"]');
    const ms = [];
    for (let i = 0; i < 7; i++) {
      const t0 = performance.now();
      button.click();
      await el.updateComplete;
      ms.push(performance.now() - t0);
    }
    return ms.sort((a, b) => a - b)[3];
  });
  await pasteCode(page, RIGHT);
  const passing = await median();
  await expect(page.getByTestId('puzzle-result')).toHaveAttribute('data-passed', 'true');
  await pasteCode(page, TRANSPOSED);
  const failing = await median();
  await expect(page.getByTestId('puzzle-result')).toHaveAttribute('data-passed', 'false');
  await expect(page.getByTestId('puzzle-views').getByTestId('program-graph')).toBeVisible();
  console.log(`puzzle check in the page (outer), median of 7: passing (20 test cases) ${passing.toFixed(1)} ms; failing on the 3rd test case, with its run and the program views drawn, ${failing.toFixed(1)} ms`);
});

test('a link to a puzzle the set does not have says so', async ({ page }) => {
  await open(page, 'puzzle=no-such-puzzle');
  await expect(page.getByTestId('puzzle-not-found')).toContainText('“no-such-puzzle”');
  await expect(page.getByTestId('puzzle-back')).toHaveAttribute('href', '#v=1&view=puzzles&lang=en');
});

// --- screenshots: the list and a failed puzzle, at a phone's and a laptop's size, in both languages; the puzzle also dark.
const SIZES = { phone: { width: 390, height: 844 }, laptop: { width: 1366, height: 768 } };
const DIR = new URL('./screenshots/puzzles/', import.meta.url);
for (const [size, viewport] of Object.entries(SIZES))
  for (const lang of ['en', 'zh'])
    test(`screenshots ${size} ${lang}`, async ({ page }) => {
      await mkdir(DIR, { recursive: true });
      await page.setViewportSize(viewport);
      await open(page, `view=puzzles&lang=${lang}`);
      await expect(page.getByTestId('puzzle-item')).toHaveCount(24);
      await page.screenshot({ path: new URL(`list-${size}-${lang}.png`, DIR).pathname, fullPage: true });
      await openPuzzle(page, `puzzle=outer&lang=${lang}&theme=light`);
      await page.getByTestId('puzzle-next-hint').click();
      await answer(page, TRANSPOSED);
      for (const theme of ['light', 'dark']) {
        await page.getByTestId('theme').selectOption(theme);
        await expect(page.locator('tensorcast-playground').locator('.app')).toHaveAttribute('data-theme', theme);
        await expect(page.getByTestId('puzzle-views').getByTestId('program-graph')).toBeVisible();
        // No text wider than the page (a phone never scrolls sideways).
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await page.screenshot({ path: new URL(`puzzle-${size}-${lang}-${theme}.png`, DIR).pathname, fullPage: true });
      }
    });
