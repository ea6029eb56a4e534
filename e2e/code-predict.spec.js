// The code mode's predict switch (Note [Predicting a program] in
// web/src/code-mode-predict.ts): each line's shape and dtype hidden until
// the student answers, right or wrong with the engine's answer, the dims
// summed into a .grad, the score; turned on by the switch, a link
// (predict=1) or the element's attribute. Drills by link (#drill=ID).
// The answers asserted are PyTorch's: x * w of (4, 1) and (3,) is (4, 3),
// w.grad sums its dim 0 (tests/web/fixtures/summed, made with PyTorch),
// and (4, 3) @ (4, 1) raises.
import { mkdir } from 'node:fs/promises';
import { deflateRawSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { open, openCode, settled, watch } from './helpers.js';

const PROGRAM = `import torch
x = torch.ones(4, 1)
w = torch.ones(3, requires_grad=True)
y = x * w
loss = y.sum()
loss.backward()
z = y @ x
`;

/** The program as a link packs it (code-link.ts: deflate-raw, base64url). */
const packed = (code) => deflateRawSync(Buffer.from(code, 'utf8')).toString('base64url');

const inline = (page) => page.getByTestId('inline-value');

/** Answers the open question: fields by name ('shape', 'dtype', 'dims'), or error. */
async function answer(page, fields) {
  const form = page.getByTestId('code-predict-question');
  await expect(form).toBeVisible();
  if (fields === 'error') {
    await page.getByTestId('code-predict-error').click();
    return;
  }
  for (const [name, text] of Object.entries(fields)) await page.getByTestId(`code-predict-${name}`).fill(text);
  await page.getByTestId('code-predict-check').click();
}

const feedback = (page) => page.getByTestId('code-predict-feedback');

test('predict by link: lines hidden until answered, right and wrong with the engine\'s answer, the summed dims, the score', async ({ page }) => {
  const problems = watch(page);
  await openCode(page, `lang=en&predict=1&code=${packed(PROGRAM)}`);
  await expect(page.getByTestId('code-predict')).toBeVisible();
  // Nothing of the program is shown before the first answer: no shapes, no output, no graph, no error.
  await expect(page.getByTestId('code-predict-question')).toHaveAttribute('data-line', '2');
  await expect(inline(page)).toHaveCount(0);
  await expect(page.getByTestId('code-error')).toHaveCount(0);
  await expect(page.getByTestId('error-note')).toHaveCount(0);
  await expect(page.getByTestId('program-views')).toBeHidden();
  // Right: x is (4, 1), float32; its line's shapes show, the next line's do not.
  await answer(page, { shape: '4, 1', dtype: 'float32' });
  await expect(feedback(page).nth(0)).toHaveAttribute('data-right', 'true');
  await expect(feedback(page).nth(0)).toContainText('x is torch.Size([4, 1]), torch.float32.');
  await expect(inline(page)).toHaveCount(1);
  await expect(inline(page).first()).toContainText('x:');
  // An unreadable dtype is said so, and nothing is counted.
  await answer(page, { shape: '(3,)', dtype: 'floaty' });
  await expect(page.getByTestId('code-predict-problem')).toContainText('“floaty” is not a dtype');
  await expect(feedback(page)).toHaveCount(1);
  // Wrong: w is (3,), not (1, 3): the engine's answer is shown.
  await answer(page, { shape: '(1, 3)', dtype: 'torch.float' });
  await expect(feedback(page).nth(1)).toHaveAttribute('data-right', 'false');
  await expect(feedback(page).nth(1)).toContainText('Not quite.');
  await expect(feedback(page).nth(1)).toContainText('w is torch.Size([3]), torch.float32.');
  await answer(page, { shape: '4 3', dtype: 'float32' });
  await answer(page, { shape: '()', dtype: 'float32' });
  // The backward line: which dims of the (4, 3) gradient are summed into w.grad, and its shape.
  const question = page.getByTestId('code-predict-question');
  await expect(question).toHaveAttribute('data-line', '6');
  await expect(question).toContainText('The gradient reaches w with shape (4, 3). Which of its dims are summed into w.grad');
  await answer(page, { dims: '0', shape: '(3,)', dtype: 'float32' });
  await expect(feedback(page).nth(4)).toHaveAttribute('data-right', 'true');
  await expect(feedback(page).nth(4)).toContainText('dim 0 of (4, 3) is summed into w.grad, which is torch.Size([3]).');
  // The last line raises: the student says so, and sees PyTorch's message.
  await expect(question).toHaveAttribute('data-line', '7');
  await answer(page, 'error');
  await expect(feedback(page).nth(5)).toHaveAttribute('data-right', 'true');
  await expect(feedback(page).nth(5)).toContainText('RuntimeError: mat1 and mat2 shapes cannot be multiplied (4x3 and 4x1)');
  const score = page.getByTestId('code-predict-score');
  await expect(score).toHaveText('Score: 5 of 6 right.');
  expect(await page.locator('tensorcast-playground').evaluate((el) => el.predictScore)).toEqual({ asked: 6, answered: 6, right: 5 });
  // Everything shows at the end.
  await expect(page.getByTestId('program-views')).toBeVisible();
  await expect(page.getByTestId('error-note')).toBeVisible();
  // Why: a line answered opens in the views that explain it.
  await page.getByTestId('code-predict-why').nth(2).click();
  await expect(page.getByTestId('line-op')).toContainText('y = x * w');
  await expect(page.getByTestId('diagram')).toBeVisible();
  expect(new URL(page.url()).hash).toContain('predict=1');
  // Start over asks again.
  await page.getByTestId('code-predict-again').click();
  await expect(feedback(page)).toHaveCount(0);
  await expect(inline(page)).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('predict by the switch and by the attribute; off shows every line again', async ({ page }) => {
  await openCode(page, `lang=en&code=${packed(PROGRAM)}`);
  await expect(inline(page)).not.toHaveCount(0);
  await expect(page.getByTestId('code-predict')).toHaveCount(0);
  await page.getByTestId('predict-mode').check();
  await expect(page.getByTestId('code-predict-question')).toHaveAttribute('data-line', '2');
  await expect(inline(page)).toHaveCount(0);
  await expect(page).toHaveURL(/[#&]predict=1/);
  // The views of a line not answered yet say so.
  await page.locator('.cm-line', { hasText: 'y = x * w' }).click();
  await expect(page.getByTestId('line-hidden')).toHaveText('A line’s views open once you have answered its question.');
  await expect(page.getByTestId('diagram')).toHaveCount(0);
  await page.getByTestId('predict-mode').uncheck();
  await expect(page.getByTestId('code-predict')).toHaveCount(0);
  await expect(inline(page)).not.toHaveCount(0);
  await expect(page).not.toHaveURL(/predict=1/);
  // The element's attribute says the same, and the link follows it.
  await page.locator('tensorcast-playground').evaluate((el) => el.setAttribute('predict', '1'));
  await expect(page.getByTestId('code-predict-question')).toBeVisible();
  await expect(page).toHaveURL(/[#&]predict=1/);
  // The two-shape mode's predict is the same switch: back there, its result is hidden until predicted.
  await page.getByTestId('mode-shapes').click();
  await expect(page.getByTestId('result-hidden')).toBeVisible();
});

// ---- drills by link (#drill=ID): web/puzzles/22-gradient-of-a-broadcast.json

const DRILL = 'gradient-of-a-broadcast';

/** Opens a drill link, keeping every tensorcast:result event the element sends. */
async function openDrill(page, hash) {
  await page.addInitScript(() => {
    window.results = [];
    document.addEventListener('tensorcast:result', (e) => window.results.push(e.detail));
  });
  await open(page, hash);
  await drillShown(page);
}

/** Waits for the drill's program to have run in the editor (the core, the predict chunk and the set load first). */
async function drillShown(page) {
  await page.waitForFunction(() => {
    const p = document.querySelector('tensorcast-playground')?.program;
    return p != null && p.editorReady && p.run !== null && p.run.code.includes('loss.backward()');
  }, null, { timeout: 30_000 });
}

/** The drill's five questions, answered as PyTorch would (tests/web/fixtures/puzzles/drills.json); wrong: w's shape said as (1, 3). */
async function answerDrill(page, wrong = false) {
  await answer(page, { shape: '(4, 1)', dtype: 'float32' });
  await answer(page, { shape: wrong ? '(1, 3)' : '(3,)', dtype: 'float32' });
  await answer(page, { shape: '(4, 3)', dtype: 'float32' });
  await answer(page, { shape: '()', dtype: 'float32' });
  await answer(page, { dims: '0', shape: '(3,)', dtype: 'float32' });
}

test('a drill by link: statement, hints, predict on, its score kept in progress and sent as a tensorcast:result event', async ({ page }) => {
  const problems = watch(page);
  await openDrill(page, `drill=${DRILL}&lang=en`);
  // The page ran the drill's program once, not also the default program it would show without the link.
  expect(await page.evaluate(() => document.querySelector('tensorcast-playground').program.runs)).toBe(1);
  await expect(page.getByTestId('drill')).toContainText('The gradient of a broadcast weight');
  await expect(page.getByTestId('drill-statement')).toContainText('d2l.ai, section 2.5');
  await expect(page.getByTestId('predict-mode')).toBeChecked();
  await expect(page.getByTestId('mode-code')).toHaveAttribute('aria-pressed', 'true');
  await expect(inline(page)).toHaveCount(0);
  // Hints one at a time.
  await expect(page.getByTestId('drill-hint')).toHaveCount(0);
  await page.getByTestId('drill-show-hint').click();
  await expect(page.getByTestId('drill-hint')).toHaveCount(1);
  await expect(page.getByTestId('drill-hint')).toContainText('Hint 1 of 2: A gradient always has the shape of the tensor it belongs to.');
  await answerDrill(page);
  await expect(page.getByTestId('code-predict-score')).toHaveText('Score: 5 of 5 right. Every prediction right.');
  await expect(page.getByTestId('drill-result')).toHaveAttribute('data-passed', 'true');
  expect(await page.evaluate(() => window.results)).toEqual([{ kind: 'drill', id: DRILL, passed: true, attempts: 1, hintsUsed: 1, score: { right: 5, of: 5 } }]);
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('tensorcast:puzzles:tensorcast')));
  expect(kept.puzzles[DRILL]).toMatchObject({ solved: true, attempts: 1, hints: 1 });
  await expect(page).toHaveURL(new RegExp(`[#&]drill=${DRILL}`));
  // Again, with a wrong answer: not passed, the second attempt; solved stays.
  await page.getByTestId('code-predict-again').click();
  await answerDrill(page, true);
  await expect(page.getByTestId('code-predict-score')).toHaveText('Score: 4 of 5 right.');
  await expect(page.getByTestId('drill-result')).toHaveAttribute('data-passed', 'false');
  expect((await page.evaluate(() => window.results))[1]).toEqual({ kind: 'drill', id: DRILL, passed: false, attempts: 2, hintsUsed: 1, score: { right: 4, of: 5 } });
  // Reloaded, the link opens the drill again, with the hint it had shown.
  await page.reload();
  await drillShown(page);
  await expect(page.getByTestId('drill-hint')).toHaveCount(1);
  await expect(page.getByTestId('code-predict-question')).toHaveAttribute('data-line', '2');
  expect(problems).toEqual([]);
});

test('a drill in a frame posts its result to the parent page', async ({ page }) => {
  await page.goto('/');
  const origin = new URL(page.url()).origin;
  // A course page holding the drill in an iframe, listening for messages (added by the test: the page's CSP refuses inline scripts).
  await page.setContent(`<iframe id="drill" src="${origin}/#drill=${DRILL}&lang=zh" width="1200" height="1600"></iframe>`);
  await page.evaluate(() => {
    window.messages = [];
    addEventListener('message', (e) => window.messages.push(e.data));
  });
  const frame = page.frameLocator('#drill');
  await expect(frame.getByTestId('code-predict-question')).toHaveAttribute('data-line', '2', { timeout: 30_000 });
  await answerDrill(frame, true);
  await expect(frame.getByTestId('drill-result')).toHaveAttribute('data-passed', 'false');
  await expect.poll(() => page.evaluate(() => window.messages)).toEqual([
    { type: 'tensorcast:result', kind: 'drill', id: DRILL, passed: false, attempts: 1, hintsUsed: 0, score: { right: 4, of: 5 } },
  ]);
});

test('a drill link to no drill says so; the landing page loads neither the set nor the predict switch\'s code', async ({ page }) => {
  const loaded = [];
  page.on('request', (r) => loaded.push(r.url()));
  const chunks = () => loaded.map((u) => /(drill-set|code-predict-kit)-[^/]*\.js$/.exec(u)?.[1]).filter((c) => c !== undefined);
  await open(page, '');
  await settled(page);
  await openCode(page, 'lang=zh');
  expect(chunks()).toEqual([]);
  await open(page, 'drill=no-such-drill&lang=zh');
  await expect(page.getByTestId('drill-missing')).toContainText('没有名为“no-such-drill”的预测题。');
  expect(chunks().sort()).toEqual(['code-predict-kit', 'drill-set']);
});

// ---- screenshots, for a person to look at (not committed)

const SHOTS = new URL('./screenshots/code-predict/', import.meta.url);
for (const [w, h, device] of [[390, 844, 'phone'], [1366, 768, 'laptop']]) {
  for (const lang of ['en', 'zh']) {
    test(`screenshots: ${device}, ${lang}`, async ({ page }) => {
      await mkdir(SHOTS, { recursive: true });
      await page.setViewportSize({ width: w, height: h });
      // The Chinese shots in the dark theme, to see both.
      const theme = lang === 'zh' ? '&theme=dark' : '';
      await openCode(page, `lang=${lang}${theme}&predict=1&code=${packed(PROGRAM)}`);
      await answer(page, { shape: '4, 1', dtype: 'float32' });
      await answer(page, { shape: '(1, 3)', dtype: 'float32' });
      await answer(page, { shape: '4 3', dtype: 'float32' });
      await answer(page, { shape: '()', dtype: 'float32' });
      await settled(page);
      await page.screenshot({ path: new URL(`asking-${device}-${lang}.png`, SHOTS).pathname, fullPage: true });
      await answer(page, { dims: '0', shape: '(3,)', dtype: 'float32' });
      await answer(page, 'error');
      await expect(page.getByTestId('code-predict-score')).toBeVisible();
      await settled(page);
      await page.screenshot({ path: new URL(`score-${device}-${lang}.png`, SHOTS).pathname, fullPage: true });
      await openDrill(page, `drill=gradient-of-a-bias&lang=${lang}${theme}`);
      await page.getByTestId('drill-show-hint').click();
      await answer(page, { shape: '(5, 3)', dtype: 'float32' });
      await settled(page);
      await page.screenshot({ path: new URL(`drill-${device}-${lang}.png`, SHOTS).pathname, fullPage: true });
    });
  }
}
