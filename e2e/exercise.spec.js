// "Make an exercise" (web/src/exercise-page.ts, views/exercise.ts): a
// teacher makes an exercise from a code state and from a two-shape state
// through the form, the link it gives opens the page as that exercise: the
// locked part cannot be edited, the tick shows when the goal is met and not
// before, and the page sends its tensorcast:result event (result-event.ts).
// A broken goal or edit in a link is reported and ignored. Screenshots in
// e2e/screenshots/exercise/ (not committed), for a person to look at.
import { expect, test } from '@playwright/test';
import { open, openCode, pasteCode, settled, watch } from './helpers.js';

const PROGRAM = `import torch
x = torch.ones(4, 1)
w = torch.ones(5)
d = x * w
`;

const el = (page) => page.locator('tensorcast-playground');
const code = (page) => page.evaluate(() => document.querySelector('tensorcast-playground').program.code);
const lineOf = (page, n) => page.locator('.cm-line').nth(n - 1);

/** Collects the tensorcast:result events the page sends, from its first moment. */
async function listen(page) {
  await page.addInitScript(() => {
    window.results = [];
    document.addEventListener('tensorcast:result', (e) => window.results.push(e.detail));
  });
}
const results = (page) => page.evaluate(() => window.results);

/** Waits for the code mode's run of the editor's text. */
async function ran(page) {
  await page.waitForFunction(() => {
    const p = document.querySelector('tensorcast-playground').program;
    return p !== null && p.editorReady && p.run !== null && p.run.code === p.code;
  });
  await settled(page);
}

/** From the code state PROGRAM: only line 3 may be edited, and d must end with shape (4, 3). */
async function makeCodeExercise(page) {
  await openCode(page, 'lang=en');
  await pasteCode(page, PROGRAM);
  await expect.poll(() => code(page)).toBe(PROGRAM);
  await ran(page);
  await page.getByTestId('make-exercise').click();
  await expect(page.getByTestId('exercise-maker')).toBeVisible();
  // The form starts from what the program shows: its last tensor and that tensor's shape.
  await expect(page.getByTestId('exercise-name')).toHaveValue('d');
  await expect(page.getByTestId('exercise-shape')).toHaveValue('(4, 5)');
  await expect(page.getByTestId('exercise-already-met')).toBeVisible();
  await page.getByTestId('exercise-lines').fill('3-');
  await expect(page.getByTestId('exercise-link')).toHaveCount(0);
  await page.getByTestId('exercise-lines').fill('3');
  await page.getByTestId('exercise-shape').fill('4, 3');
  await expect(page.getByTestId('exercise-already-met')).toHaveCount(0);
  const link = await page.getByTestId('exercise-link').inputValue();
  const embed = await page.getByTestId('exercise-embed').inputValue();
  expect(link).toMatch(/&goal=shape\.d\.4x3&edit=3$/);
  expect(embed).toContain('goal="shape.d.4x3" edit="3"');
  return { link, embed };
}

test('a code exercise: made through the form, its link locks the other lines, the tick comes when d has shape (4, 3)', async ({ page }) => {
  const problems = watch(page);
  await listen(page);
  const { link } = await makeCodeExercise(page);
  await page.goto('about:blank');
  await page.goto(link);
  await ran(page);
  await expect(page.getByTestId('exercise-goal-text')).toHaveText('Make d a tensor of shape (4, 3) at the end of the program.');
  await expect(page.getByTestId('exercise-edit-text')).toHaveText('You may edit line 3; the other lines are locked.');
  // Not met yet: no tick, and why.
  await expect(page.getByTestId('exercise-status')).toContainText('Not yet.');
  await expect(page.getByTestId('exercise-why')).toHaveText('d has shape (4, 5).');
  await expect(page.getByTestId('exercise-met')).toHaveCount(0);
  await expect(page.locator('.cm-line[data-locked]')).toHaveCount(4);
  // A locked line refuses typing, deleting and pasting; the code stays the teacher's.
  await lineOf(page, 4).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' + 1');
  await page.keyboard.press('Backspace');
  await lineOf(page, 2).click();
  await page.keyboard.press('Home');
  await page.keyboard.press('Delete');
  await lineOf(page, 1).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Delete');
  await pasteCode(page, 'import torch\nd = torch.ones(4, 3)\n');
  await ran(page);
  expect(await code(page)).toBe(PROGRAM);
  await expect(page.getByTestId('exercise-met')).toHaveCount(0);
  expect(await results(page)).toEqual([]);
  // The allowed line: w = torch.ones(5) becomes w = torch.ones(3).
  await lineOf(page, 3).click();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.type('3');
  await expect.poll(() => code(page)).toBe(PROGRAM.replace('ones(5)', 'ones(3)'));
  await ran(page);
  await expect(page.getByTestId('exercise-met')).toBeVisible();
  await expect(page.getByTestId('exercise-status')).toContainText('Goal met');
  await expect.poll(() => results(page)).toEqual([{ kind: 'exercise', id: 'shape.d.4x3', passed: true, attempts: 1, hintsUsed: 0 }]);
  // A new line typed in the editable line moves the locked lines down with it: they stay locked.
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('w = torch.ones(7)');
  await ran(page);
  await expect(page.locator('.cm-line[data-locked]')).toHaveCount(4);
  await expect(page.getByTestId('exercise-met')).toHaveCount(0);
  await expect(page.getByTestId('exercise-why')).toHaveText('d has shape (4, 7).');
  // The verdict changed back: one more event, not met, with every run of a new program counted.
  await expect.poll(async () => (await results(page)).length).toBe(2);
  const [, second] = await results(page);
  expect(second.passed).toBe(false);
  expect(second.attempts).toBeGreaterThan(1);
  // The exercise stays in the page's own link, with the student's program.
  await expect(page).toHaveURL(/&goal=shape\.d\.4x3&edit=3/);
  expect(problems).toEqual([]);
});

test('the code exercise\'s embed code: the element opens as the same exercise, its other lines locked', async ({ page }) => {
  const problems = watch(page);
  await listen(page);
  const { embed } = await makeCodeExercise(page);
  const tag = embed.slice(embed.indexOf('<tensorcast-playground')).replace('<tensorcast-playground', '<tensorcast-playground id="emb"');
  await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), tag);
  const emb = page.locator('#emb');
  await page.waitForFunction(() => {
    const p = document.querySelector('#emb').program;
    return p !== null && p.editorReady && p.run !== null && p.run.code === p.code;
  });
  await expect(emb.getByTestId('exercise-goal-text')).toHaveText('Make d a tensor of shape (4, 3) at the end of the program.');
  await expect(emb.locator('.cm-line[data-locked]')).toHaveCount(4);
  await expect(emb.getByTestId('exercise-why')).toHaveText('d has shape (4, 5).');
  const line3 = emb.locator('.cm-line').nth(2);
  await line3.click();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.type('3');
  await expect(emb.getByTestId('exercise-met')).toBeVisible();
  await expect.poll(() => results(page)).toEqual([{ kind: 'exercise', id: 'shape.d.4x3', passed: true, attempts: 1, hintsUsed: 0 }]);
  expect(problems).toEqual([]);
});

test('a two-shape exercise: only b may change, the tick comes when the result is (4, 3)', async ({ page, context }) => {
  const problems = watch(page);
  await listen(page);
  await open(page, 'a=4,3&b=3,1&op=add&view=align&lang=en');
  await page.getByTestId('make-exercise').click();
  await expect(page.getByTestId('exercise-part-b')).toBeChecked();
  await expect(page.getByTestId('exercise-part-a')).not.toBeChecked();
  await page.getByTestId('exercise-shape').fill('4, 3');
  const link = await page.getByTestId('exercise-link').inputValue();
  expect(link).toMatch(/&goal=shape\.out\.4x3&edit=b$/);
  // The copy buttons put the same texts on the clipboard, as the page's own copy buttons do.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('exercise-copy-link').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await page.getByTestId('exercise-copy-embed').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(await page.getByTestId('exercise-embed').inputValue());
  expect(await page.getByTestId('exercise-embed').inputValue()).toContain('a="4,3" b="3,1" op="add" view="align" lang="en" goal="shape.out.4x3" edit="b"');
  await page.goto('about:blank');
  await page.goto(link);
  await settled(page);
  await expect(page.getByTestId('exercise-goal-text')).toHaveText('Make the result’s shape (4, 3).');
  await expect(page.getByTestId('exercise-edit-text')).toHaveText('You may change the shape of b; the rest is locked.');
  await expect(page.getByTestId('exercise-why')).toHaveText('The op raises an error.');
  await expect(page.getByTestId('exercise-met')).toHaveCount(0);
  // What the teacher locked: disabled, and the examples menu with it.
  for (const id of ['shape-a', 'dtype-a', 'dtype-b', 'op', 'preset', 'view-a']) await expect(page.getByTestId(id)).toBeDisabled();
  await expect(page.getByTestId('shape-b')).toBeEnabled();
  // A wrong try first: (3,) broadcasts with (4, 3), to (4, 3)? No: b=4 fails again; then 3 meets it.
  await page.getByTestId('shape-b').fill('4');
  await settled(page);
  await expect(page.getByTestId('exercise-met')).toHaveCount(0);
  await expect.poll(() => results(page)).toEqual([{ kind: 'exercise', id: 'shape.out.4x3', passed: false, attempts: 1, hintsUsed: 0 }]);
  await page.getByTestId('shape-b').fill('1,3');
  await settled(page);
  await expect(page.getByTestId('exercise-met')).toBeVisible();
  await expect.poll(async () => (await results(page))[1]).toEqual({ kind: 'exercise', id: 'shape.out.4x3', passed: true, attempts: 2, hintsUsed: 0 });
  expect(problems).toEqual([]);
});

test('an exercise offers no fix, which would be its answer: the same failing state without a goal does', async ({ page }) => {
  const problems = watch(page);
  await open(page, 'a=4,3&b=3,1&op=add&view=align&lang=en');
  await expect(page.getByTestId('error')).toBeVisible();
  expect(await page.locator('button.fix').count()).toBeGreaterThan(0);
  await open(page, 'a=4,3&b=3,1&op=add&view=align&lang=en&goal=shape.out.4x3&edit=b');
  await expect(page.getByTestId('exercise-why')).toHaveText('The op raises an error.');
  await expect(page.getByTestId('error')).toBeVisible();
  await expect(page.locator('button.fix')).toHaveCount(0);
  await expect(page.getByTestId('keepdim')).toHaveCount(0);
  // The code mode: the failing line's views show PyTorch's error and no edit of the program.
  await openCode(page, 'lang=en');
  // The hash is written after a pause (hash-writer.ts): first the example's program, then the pasted one.
  const hashNow = () => page.evaluate(() => location.hash);
  await expect.poll(hashNow).toContain('code=');
  const example = await hashNow();
  await pasteCode(page, 'import torch\nx = torch.ones(4, 3)\ny = x + torch.ones(4)\n');
  await ran(page);
  await expect(page.getByTestId('program-fix').first()).toBeVisible();
  await expect.poll(hashNow).not.toBe(example);
  const hash = await hashNow();
  await page.goto('about:blank');
  await page.goto(`/${hash}&goal=runs&edit=3`);
  await ran(page);
  await expect(page.getByTestId('exercise-goal-text')).toBeVisible();
  await expect(page.getByTestId('error')).toBeVisible();
  await expect(page.getByTestId('program-fix')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('a two-shape grad exercise from the attributes: the element reads goal and edit as a link does', async ({ page }) => {
  const problems = watch(page);
  await listen(page);
  await open(page, 'lang=en');
  await page.evaluate(() => {
    document.body.insertAdjacentHTML('beforeend', '<tensorcast-playground id="emb" a="4,3" b="4,1" op="mul" lang="en" goal="grad.b.1x3" edit="b,db"></tensorcast-playground>');
  });
  const emb = page.locator('#emb');
  await page.waitForFunction(() => document.querySelector('#emb').playground != null);
  await expect(emb.getByTestId('exercise-goal-text')).toHaveText('Make b.grad’s shape (1, 3).');
  await expect(emb.getByTestId('exercise-edit-text')).toHaveText('You may change the shape of b and b’s dtype; the rest is locked.');
  await expect(emb.getByTestId('exercise-why')).toHaveText('b.grad has shape (4, 1).');
  await emb.getByTestId('shape-b').fill('1,3');
  await expect(emb.getByTestId('exercise-met')).toBeVisible();
  await expect.poll(() => results(page)).toEqual([{ kind: 'exercise', id: 'grad.b.1x3', passed: true, attempts: 1, hintsUsed: 0 }]);
  expect(problems).toEqual([]);
});

test('inside a frame: the exercise posts its result to the parent window', async ({ page }) => {
  const problems = watch(page);
  await open(page, 'lang=en');
  await page.evaluate(() => {
    window.posted = [];
    window.addEventListener('message', (e) => window.posted.push(e.data));
    document.body.innerHTML = '<iframe id="f" style="width: 1000px; height: 700px" src="/#a=4,3&b=3,1&op=add&lang=en&goal=runs&edit=b"></iframe>';
  });
  const frame = page.frameLocator('#f');
  await expect(frame.getByTestId('exercise-goal-text')).toHaveText('Make the op run without an error.');
  await frame.getByTestId('shape-b').fill('3');
  await expect(frame.getByTestId('exercise-met')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.posted)).toEqual([{ type: 'tensorcast:result', kind: 'exercise', id: 'runs', passed: true, attempts: 1, hintsUsed: 0 }]);
  expect(problems).toEqual([]);
});

test('a broken goal or edit in a link is reported and ignored', async ({ page }) => {
  const problems = watch(page);
  await open(page, 'a=4,3&b=3&lang=en&goal=shape.d.4x&edit=zz');
  const notice = page.getByTestId('link-problem');
  await expect(notice).toHaveText(['“goal=shape.d.4x” cannot be used here, so the playground ignores it.', '“edit=zz” cannot be used here, so the playground ignores it.']);
  await expect(page.getByTestId('exercise')).toHaveCount(0);
  await expect(page.getByTestId('shape-a')).toBeEnabled();
  // A goal the two-shape mode cannot check (it names no program's d), and lines where parts are meant.
  await open(page, 'a=4,3&b=3&lang=en&goal=shape.d.4x3');
  await expect(notice).toHaveText(['“goal=shape.d.4x3” cannot be used here, so the playground ignores it.']);
  await open(page, 'a=4,3&b=3&lang=en&goal=runs&edit=3-5');
  await expect(notice).toHaveText(['“edit=3-5” cannot be used here, so the playground ignores it.']);
  await expect(page.getByTestId('exercise-edit-text')).toHaveText('You may change the shape of a, the shape of b, the op, a’s dtype and b’s dtype; the rest is locked.');
  expect(problems).toEqual([]);
});

test('a two-shape predict exercise: the answers stay hidden, the switch stays on, every answer right meets the goal', async ({ page }) => {
  const problems = watch(page);
  await listen(page);
  await open(page, 'a=4,1&b=3&op=add&view=align&lang=en&goal=predict&edit=none');
  await expect(page.getByTestId('exercise-goal-text')).toHaveText('Predict every step before it is shown, and get every answer right.');
  await expect(page.getByTestId('exercise-edit-text')).toHaveText('The inputs are locked.');
  for (const id of ['shape-a', 'shape-b', 'op']) await expect(page.getByTestId(id)).toBeDisabled();
  await expect(page.getByTestId('result-hidden')).toBeVisible();
  // Two dims and the result: none answered yet.
  await expect(page.getByTestId('exercise-score')).toHaveText('0 of 3 answered, 0 right.');
  // The predict switch stays on: turning it off would show the answers.
  await page.getByTestId('predict-mode').click();
  await settled(page);
  await expect(page.getByTestId('predict-mode')).toBeChecked();
  await expect(page.getByTestId('result-hidden')).toBeVisible();
  // Step through, answering each question with the core's answer: dim 1 and dim 0 are stretched, the result is (4, 3).
  for (let k = 0; k < 8; k++) {
    if (await page.getByTestId('predict-stretched').isVisible()) await page.getByTestId('predict-stretched').click();
    else if (await page.getByTestId('predict-shape').isVisible()) {
      await page.getByTestId('predict-shape').fill('4, 3');
      await page.getByTestId('predict-check').click();
    } else if (await page.getByTestId('next').isEnabled()) await page.getByTestId('next').click();
    await settled(page);
    if ((await page.getByTestId('exercise-met').count()) > 0) break;
    // Not before the last answer.
    await expect(page.getByTestId('exercise-score')).toHaveText(/^[0-2] of 3 answered/);
  }
  await expect(page.getByTestId('exercise-met')).toBeVisible();
  await expect(page.getByTestId('exercise-score')).toHaveText('3 of 3 answered, 3 right.');
  const sent = await results(page);
  expect(sent[0]).toEqual({ kind: 'exercise', id: 'predict', passed: false, attempts: 1, hintsUsed: 0, score: { right: 1, of: 3 } });
  expect(sent.at(-1)).toEqual({ kind: 'exercise', id: 'predict', passed: true, attempts: 3, hintsUsed: 0, score: { right: 3, of: 3 } });
  expect(sent).toHaveLength(2);
  expect(problems).toEqual([]);
});

test('a code predict exercise: the code mode\'s predict switch asks each line, every answer right meets the goal', async ({ page }) => {
  const problems = watch(page);
  await listen(page);
  await openCode(page, 'lang=en');
  await pasteCode(page, PROGRAM);
  await ran(page);
  // The form offers the goal in the code mode too, and its link turns the switch on.
  await page.getByTestId('make-exercise').click();
  await page.getByTestId('exercise-goal').selectOption('predict');
  const link = await page.getByTestId('exercise-link').inputValue();
  expect(link).toMatch(/&goal=predict$/);
  await page.goto('about:blank');
  await page.goto(link);
  await expect(page.getByTestId('exercise-goal-text')).toHaveText('Predict the shape of every line before it is shown, and get every one right.');
  await expect(page.getByTestId('link-problem')).toHaveCount(0);
  // No examples menu: an example would replace the teacher's program.
  await expect(page.getByTestId('code-preset')).toHaveCount(0);
  const answer = async (shape) => {
    await expect(page.getByTestId('code-predict-question')).toBeVisible();
    await page.getByTestId('code-predict-shape').fill(shape);
    await page.getByTestId('code-predict-dtype').fill('float32');
    await page.getByTestId('code-predict-check').click();
  };
  await answer('4, 1');
  await answer('5, 1');  // wrong: w is (5,)
  await expect(page.getByTestId('exercise-met')).toHaveCount(0);
  await answer('4, 5');
  await expect(page.getByTestId('exercise-score')).toHaveText('3 of 3 answered, 2 right.');
  await expect(page.getByTestId('exercise-met')).toHaveCount(0);
  // Start over, and every answer right this time.
  await page.getByTestId('code-predict-again').click();
  await answer('4, 1');
  await answer('5');
  await answer('4, 5');
  await expect(page.getByTestId('exercise-met')).toBeVisible();
  await expect(page.getByTestId('exercise-score')).toHaveText('3 of 3 answered, 3 right.');
  const sent = await results(page);
  expect(sent.at(-1)).toEqual({ kind: 'exercise', id: 'predict', passed: true, attempts: sent.at(-1).attempts, hintsUsed: 0, score: { right: 3, of: 3 } });
  expect(sent.filter((r) => r.passed)).toHaveLength(1);
  expect(problems).toEqual([]);
});

for (const lang of ['en', 'zh']) {
  for (const [w, h] of [[390, 844], [1366, 768]]) {
    test(`screenshots ${lang} ${w}x${h}`, async ({ page }) => {
      await page.setViewportSize({ width: w, height: h });
      const shot = (name) => page.screenshot({ path: `e2e/screenshots/exercise/${name}-${lang}-${w}x${h}.png`, fullPage: false });
      const { link } = await makeCodeExercise(page);
      if (lang === 'zh') await page.getByTestId('lang').click();
      await page.getByTestId('exercise-maker').scrollIntoViewIfNeeded();
      await shot('maker-code');
      await page.goto('about:blank');
      await page.goto(link.replace('lang=en', `lang=${lang}`));
      await ran(page);
      await shot('code-not-yet');
      await lineOf(page, 3).click();
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Shift+ArrowLeft');
      await page.keyboard.type('3');
      await ran(page);
      await expect(page.getByTestId('exercise-met')).toBeVisible();
      await shot('code-met');
      await open(page, `a=4,3&b=3,1&op=add&view=align&lang=${lang}&goal=shape.out.4x3&edit=b`);
      await shot('shapes-not-yet');
      await page.getByTestId('shape-b').fill('1,3');
      await expect(page.getByTestId('exercise-met')).toBeVisible();
      await shot('shapes-met');
      await open(page, `a=4,3&b=3,1&op=add&view=align&lang=${lang}&theme=dark&goal=grad.b.1x3&edit=b,db`);
      await shot('shapes-dark-not-yet');
    });
  }
}
