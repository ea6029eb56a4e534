// The code mode: a program typed into the editor runs on the
// core as it is typed; each line's names show with shape and dtype beside
// it, print() below, the failing line with PyTorch's message and the fixes
// of a broadcast; a click opens a line's op in the two-shape mode's views;
// the program travels in the link and in the embed element. Hostile text
// stays text. Values asserted are PyTorch's, worked by hand in comments.
import { mkdir } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { expect, test } from '@playwright/test';
import { EXAMPLE_PROGRAM, core, open, openCode, pasteCode, ready, settled, watch } from './helpers.js';

// w.grad[j] = sum over i, k of d[i, j, k] = 4 * (x[0, j] + x[1, j]) - 2 * (10 + 20 + 30 + 40)
//           = 4 * [3, 5, 7] - 200 = [-188, -180, -172], as PyTorch prints a [3, 1] float tensor.
const EXAMPLE_PRINTED = 'tensor([[-188.],\n        [-180.],\n        [-172.]])';

const FAILING = `import torch
a = torch.ones(5, 3)
b = torch.ones(5)
c = a + b
`;

const el = (page) => page.locator('tensorcast-playground');

/** Replaces the editor's text as a person pasting it would (a paste event with the text on its clipboard). */
async function paste(page, code) {
  await pasteCode(page, code);
}

const inline = (page, text) => page.getByTestId('inline-value').filter({ hasText: text });
const lineOf = (page, text) => page.locator('.cm-line', { hasText: text }).first();

test('the mode switch: the code mode beside the two-shape mode, which stays as it was', async ({ page }) => {
  const problems = watch(page);
  await open(page, 'a=4,3&b=3&op=mul&view=strides&lang=en');
  await expect(page.getByTestId('mode-shapes')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('mode-code').click();
  await expect(page.getByTestId('mode-code')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.cm-content')).toBeVisible();
  await expect(page.getByTestId('shape-a')).toHaveCount(0);
  await expect(page).toHaveURL(/[#&]mode=code/);
  // The editor opens on the first preset's example (the first preset).
  await page.waitForFunction(() => document.querySelector('tensorcast-playground').program?.code.startsWith('import torch'));
  await expect(page.getByTestId('code-preset')).toHaveValue('broadcast-and-backward');
  // Back returns to the two-shape mode with its state; its link has no trace of the code mode.
  await page.goBack();
  await expect(page.getByTestId('shape-a')).toHaveValue('4,3');
  await expect(page.getByTestId('mode-shapes')).toHaveAttribute('aria-pressed', 'true');
  expect(new URL(page.url()).hash).toBe('#v=1&a=4,3&b=3&op=mul&view=strides&lang=en');
  // The language switch works in the code mode too.
  await page.getByTestId('mode-code').click();
  await page.getByTestId('lang').click();
  await expect(page.getByTestId('mode-code')).toHaveText('代码');
  await expect(page.locator('.cm-content')).toHaveAttribute('aria-label', 'PyTorch 代码');
  expect(problems).toEqual([]);
});

test('the code mode\'s controls have names, and Tab leaves the editor', async ({ page }) => {
  await openCode(page, 'lang=zh');
  await lineOf(page, 'd = x[:, :, None] - y').click();
  await expect(page.getByTestId('line-op')).toBeVisible();
  const unnamed = await page.evaluate(() => {
    const root = document.querySelector('tensorcast-playground').shadowRoot;
    return [...root.querySelectorAll('input, select, textarea, button, [role="tab"], [tabindex="0"], [contenteditable="true"]')]
      .filter((el) => {
        const labelled = (el.labels?.length ?? 0) > 0 || el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby');
        return !labelled && el.textContent.trim() === '';
      })
      .map((el) => el.outerHTML.slice(0, 80));
  });
  expect(unnamed).toEqual([]);
  await expect(page.locator('.cm-content')).toHaveAttribute('aria-label', 'PyTorch 代码');
  // Tab is the page's: it moves on from the editor instead of typing a tab into the code.
  await page.locator('.cm-content').focus();
  const code = await page.evaluate(() => document.querySelector('tensorcast-playground').program.code);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.querySelector('tensorcast-playground').shadowRoot.activeElement?.classList.contains('cm-content'))).toBe(false);
  expect(await page.evaluate(() => document.querySelector('tensorcast-playground').program.code)).toBe(code);
});

test('typing a program shows each line\'s names with shape and dtype, and what print() wrote', async ({ page }) => {
  const problems = watch(page);
  await openCode(page);
  await paste(page, EXAMPLE_PROGRAM);
  await expect(inline(page, 'x: [2, 3] float32')).toHaveCount(1);
  await expect(inline(page, 'y: [4] float32')).toHaveCount(1);
  await expect(inline(page, 'd: [2, 3, 4] float32')).toHaveCount(1);
  await expect(inline(page, 'w: [3, 1] float32')).toHaveCount(1);
  await expect(inline(page, 'loss: [] float32')).toHaveCount(1);
  await expect(inline(page, 'w.grad: [3, 1] float32')).toHaveCount(1);
  await expect(page.getByTestId('printed')).toHaveText(EXAMPLE_PRINTED);
  // Each value sits on its statement's line.
  await expect(lineOf(page, 'd = x[:, :, None] - y').getByTestId('inline-value')).toHaveText('d: [2, 3, 4] float32');

  // Typing on: a new line's shape appears, the others stay.
  await page.locator('.cm-content').press('ControlOrMeta+End');
  await page.keyboard.type('e = d.sum(dim=2, keepdim=True)');
  await expect(inline(page, 'e: [2, 3, 1] float32')).toHaveCount(1);
  await expect(page.getByTestId('code-error')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('the failing line is marked with PyTorch\'s message, and a broadcast error offers the fixes', async ({ page }) => {
  const problems = watch(page);
  await openCode(page);
  await paste(page, FAILING);
  const tc = await core();
  const message = tc.explain.broadcast([5, 3], [5]).error;
  expect(message).toBe('The size of tensor a (3) must match the size of tensor b (5) at non-singleton dimension 1');
  await expect(page.getByTestId('error-note')).toHaveText(`RuntimeError: ${message}`);
  await expect(page.locator('.cm-tc-error')).toHaveText('c = a + b');
  // The lines before it keep their results.
  await expect(inline(page, 'a: [5, 3] float32')).toHaveCount(1);
  await expect(inline(page, 'b: [5] float32')).toHaveCount(1);
  // The views open on the failing broadcast, with the two-shape mode's fixes (b.unsqueeze(1) among them).
  await expect(page.getByTestId('line-op')).toHaveText('Line 4: c = a + b');
  // The views' a and b are the program's a and b: nothing to say about them.
  await expect(page.getByTestId('line-operands')).toHaveCount(0);
  await expect(page.getByTestId('error')).toHaveText(message);
  await expect(page.locator('button.fix').filter({ hasText: 'unsqueeze' }).first()).toBeVisible();
  // Fixing the line clears the mark.
  await lineOf(page, 'c = a + b').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Home');
  await page.keyboard.insertText('#');
  await expect(page.getByTestId('error-note')).toHaveCount(0);
  await expect(page.locator('.cm-tc-error')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('a syntax error and an unsupported construct name their line', async ({ page }) => {
  await openCode(page);
  await paste(page, 'import torch\nx = torch.ones(2)\nclass A:\n    pass\n');
  await expect(page.locator('.cm-tc-error')).toHaveText('class A:');
  await expect(page.getByTestId('code-error')).toContainText('Line 3 raised:');
  await paste(page, 'import torch\nx = (1 +\n');
  await expect(page.getByTestId('code-error')).toContainText('SyntaxError');
});

// A training loop as a course writes it: each line says how often it ran, and the
// stepper walks the views and the inline values through the runs of a line.
const LOOP_PROGRAM = [
  'import torch',
  'w = torch.zeros(3, requires_grad=True)',
  'for epoch in range(3):',
  '    x = torch.ones(epoch + 1, 1)',
  '    loss = (x * w).sum()',
  '    loss.backward()',
  '    with torch.no_grad():',
  '        w -= 0.1 * w.grad',
  '    w.grad = None',
  '    print(f"epoch {epoch}: loss {loss.item():.2f}")',
].join('\n');

test('a loop: inline values count the runs, and the stepper shows each run of a line', async ({ page }) => {
  const problems = watch(page);
  await openCode(page);
  await paste(page, LOOP_PROGRAM);
  await expect(page.getByTestId('printed')).toHaveText('epoch 0: loss 0.00\nepoch 1: loss -0.60\nepoch 2: loss -2.70');
  await expect(inline(page, 'x: [3, 1] float32   (×3: [1, 1] → [2, 1] → [3, 1])')).toHaveCount(1);
  await lineOf(page, 'x * w').click();
  await expect(page.getByTestId('run-of')).toContainText('Run 3 of 3');
  await expect(page.getByTestId('line-op')).toHaveText('Line 5: loss = (x * w).sum()');
  await page.getByTestId('run-previous').click();
  await expect(page.getByTestId('run-of')).toContainText('Run 2 of 3');
  // the program as it stood after the second run of line 5: x of that run, the print of the first
  await expect(inline(page, 'x: [2, 1] float32')).toHaveCount(1);
  await expect(page.getByTestId('printed')).toHaveText('epoch 0: loss 0.00');
  // the graph too: the product of that run is (2, 3)
  await expect(page.getByTestId('program-views')).toContainText('(2, 3)');
  await page.getByTestId('run-previous').click();
  await expect(page.getByTestId('run-previous')).toBeDisabled();
  await page.getByTestId('run-next').click();
  await page.getByTestId('run-next').click();
  await expect(page.getByTestId('run-next')).toBeDisabled();
  await expect(page.getByTestId('run-of')).toContainText('Run 3 of 3');
  // The run stepped to is in the link: opened, the page shows that run again.
  await page.getByTestId('run-previous').click();
  await expect(page.getByTestId('run-of')).toContainText('Run 2 of 3');
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('&line=5&run=2');
  const hash = await page.evaluate(() => location.hash);
  await page.goto('about:blank');
  await open(page, hash.slice(1));
  await expect(page.getByTestId('run-of')).toContainText('Run 2 of 3');
  await expect(inline(page, 'x: [2, 1] float32')).toHaveCount(1);
  await expect(page.getByTestId('printed')).toHaveText('epoch 0: loss 0.00');
  expect(problems).toEqual([]);
});

test('clicking a line opens its op in the alignment, strides, gradient and in-place views', async ({ page }) => {
  const problems = watch(page);
  await openCode(page);
  await paste(page, EXAMPLE_PROGRAM);
  await expect(inline(page, 'd: [2, 3, 4] float32')).toHaveCount(1);
  await expect(page.getByTestId('pick-hint')).toBeVisible();
  await lineOf(page, 'd = x[:, :, None] - y').click();
  await expect(page.getByTestId('line-op')).toContainText('Line 5: d = x[:, :, None] - y');
  await expect(page.getByTestId('line-operands')).toHaveText('In the views, a is x[:, :, None] and b is y.');
  // The views draw x[:, :, None] - y: shapes (2, 3, 1) and (4,), as the two-shape mode would.
  await expect(page.getByTestId('result-shape')).toHaveText('torch.Size([2, 3, 4])');
  const state = await page.evaluate(() => document.querySelector('tensorcast-playground').playground.state);
  expect([state.a, state.b, state.op]).toEqual(['2,3,1', '4', 'sub']);
  await page.getByTestId('tab-strides').click();
  await expect(page.getByTestId('diagram')).toBeVisible();
  // Nothing on line 5 requires grad: the gradient view says so rather than drawing a made-up backward pass.
  await page.getByTestId('tab-grad').click();
  await expect(page.getByTestId('grad-no-backward')).toBeVisible();
  await page.getByTestId('tab-inplace').click();
  await expect(page.getByTestId('caption')).not.toBeEmpty();
  // A click on a line without such an op is for editing: the views stay. Ctrl+Enter picks any line, and says so.
  await lineOf(page, 'x = torch.arange').click();
  await expect(page.getByTestId('line-op')).toContainText('Line 5');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('line-no-op')).toContainText('Line 3');
  await lineOf(page, 'loss = (d * w)').click();
  await page.keyboard.press('Home');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('line-op')).toContainText('Line 7');
  expect(await page.evaluate(() => document.querySelector('tensorcast-playground').playground.state.op)).toBe('mul');
  expect(problems).toEqual([]);
});

test('a picked line\'s views show the program\'s own values, not arange', async ({ page }) => {
  const problems = watch(page);
  await openCode(page);
  // y = x + [10, 20]: 1 + 10, 2 + 20, 3 + 10, 4 + 20 = 11, 22, 13, 24.
  await paste(page, 'import torch\nx = torch.tensor([[1., 2.], [3., 4.]])\ny = x + torch.tensor([10., 20.])\n');
  await expect(inline(page, 'y: [2, 2] float32')).toHaveCount(1);
  await lineOf(page, 'y = x +').click();
  await expect(page.getByTestId('line-op')).toContainText('Line 3');
  await page.getByTestId('tab-strides').click();
  // The strides table's storage column: each operand's storage and the result's values.
  const storage = (row) => page.getByTestId('diagram-table').locator('tr', { has: page.locator(`th:text-is("${row}")`) }).locator('td').last();
  await expect(storage('a')).toHaveText('1, 2, 3, 4');
  await expect(storage('b')).toHaveText('10, 20');
  await expect(storage('out')).toHaveText('11, 22, 13, 24');
  const shown = await page.evaluate(() => {
    const c = document.querySelector('tensorcast-playground').playground.computation;
    return { operands: c.operands.map((o) => [...o.values]), out: [...c.run.values], fromProgram: c.fromProgram };
  });
  expect(shown).toEqual({ operands: [[1, 2, 3, 4], [10, 20]], out: [11, 22, 13, 24], fromProgram: true });
  // No backward pass: no gradient is drawn (e2e/line-views.spec.js draws the program's own).
  await page.getByTestId('tab-grad').click();
  await expect(page.getByTestId('grad-no-backward')).toBeVisible();
  expect(problems).toEqual([]);
});

test('the program and its picked line travel in the link', async ({ page, context }) => {
  await openCode(page);
  await paste(page, EXAMPLE_PROGRAM);
  await lineOf(page, 'd = x[:, :, None] - y').click();
  await expect(page).toHaveURL(/[#&]code=[A-Za-z0-9_-]+/);
  await expect(page).toHaveURL(/[#&]line=5/);
  await expect(page).toHaveURL(/[#&]mode=code/);
  const url = page.url();
  const other = await context.newPage();
  await other.goto(url);
  await ready(other);
  await other.waitForFunction(() => document.querySelector('tensorcast-playground').program?.run != null);
  expect(await other.evaluate(() => document.querySelector('tensorcast-playground').program.code)).toBe(EXAMPLE_PROGRAM);
  await expect(inline(other, 'd: [2, 3, 4] float32')).toHaveCount(1);
  await expect(other.getByTestId('line-op')).toContainText('Line 5');
  await expect(other.getByTestId('result-shape')).toHaveText('torch.Size([2, 3, 4])');
  // Back to the two-shape mode: its link is the one it always was, without the program.
  await other.getByTestId('mode-shapes').click();
  await expect(other.getByTestId('shape-a')).toBeVisible();
  await expect(other).not.toHaveURL(/code=/);
  // A link whose program is not one the page wrote opens the code mode all the same.
  await other.goto('/#mode=code&code=%3Cimg%20src%3Dx%3E&line=abc');
  await ready(other);
  await other.waitForFunction(() => document.querySelector('tensorcast-playground').program?.run != null);
  await expect(other.locator('.cm-content')).toBeVisible();
  await other.close();
});

test('copy link and copy embed code carry the program', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openCode(page);
  const program = 'import torch\na = torch.ones(2, 1) + torch.ones(3)  # "quotes" & <tags>\n';
  await paste(page, program);
  await expect(inline(page, 'a: [2, 3] float32')).toHaveCount(1);
  await expect(page).toHaveURL(/[#&]code=/);
  await page.getByTestId('copy-link').click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(link).hash).toMatch(/&mode=code&code=[A-Za-z0-9_-]+$/);
  await page.getByTestId('copy-embed').click();
  const code = await page.evaluate(() => navigator.clipboard.readText());
  expect(code).toContain('mode="code"');
  expect(code).toContain('code="import torch\na = torch.ones(2, 1) + torch.ones(3)  # &quot;quotes&quot; &amp; &lt;tags&gt;\n"');
  // Pasted into a page, it shows the same program.
  const origin = new URL(page.url()).origin;
  await page.setContent(`<!doctype html><base href="${origin}/">${code}`);
  await page.waitForFunction(() => document.querySelector('tensorcast-playground')?.program?.run != null, null, { timeout: 30_000 });
  expect(await page.evaluate(() => document.querySelector('tensorcast-playground').program.code)).toBe(program);
  await expect(inline(page, 'a: [2, 3] float32')).toHaveCount(1);
});

test('the embed element takes a program from its code attribute or a <script type="text/plain"> child', async ({ page }) => {
  const problems = watch(page);
  await page.goto('/course.html');
  await ready(page, '#lesson-align');
  await page.evaluate(() => {
    const one = document.createElement('tensorcast-playground');
    one.id = 'by-attribute';
    one.setAttribute('code', 'import torch\na = torch.ones(4, 1)\nb = a * torch.arange(3.)\n');
    const two = document.createElement('tensorcast-playground');
    two.id = 'by-script';
    two.setAttribute('lang', 'zh');
    const script = document.createElement('script');
    script.type = 'text/plain';
    script.textContent = '\n      import torch\n      q = torch.ones(2, 5, 8)\n      s = q @ q.transpose(-2, -1)\n    ';
    two.append(script);
    document.body.append(one, two);
  });
  for (const id of ['#by-attribute', '#by-script']) {
    await ready(page, id);
    await page.waitForFunction((s) => document.querySelector(s).program?.run != null && document.querySelector(s).program.editorReady, id);
  }
  await expect(page.locator('#by-attribute').getByTestId('inline-value').filter({ hasText: 'b: [4, 3] float32' })).toHaveCount(1);
  await expect(page.locator('#by-script').getByTestId('inline-value').filter({ hasText: 's: [2, 5, 5] float32' })).toHaveCount(1);
  await expect(page.locator('#by-script').getByTestId('mode-code')).toHaveText('代码');
  // The page's own indentation is gone: the program reads as Python.
  expect(await page.evaluate(() => document.querySelector('#by-script').program.code)).toBe('import torch\nq = torch.ones(2, 5, 8)\ns = q @ q.transpose(-2, -1)\n');
  // A course page can change the program later.
  await page.evaluate(() => document.querySelector('#by-attribute').setAttribute('code', 'import torch\nz = torch.zeros(7)\n'));
  await expect(page.locator('#by-attribute').getByTestId('inline-value').filter({ hasText: 'z: [7] float32' })).toHaveCount(1);
  expect(new URL(page.url()).hash).toBe('');
  expect(problems).toEqual([]);
});

test('the examples menu loads each preset program', async ({ page }) => {
  await openCode(page);
  const menu = page.getByTestId('code-preset');
  const options = await menu.locator('option').evaluateAll((os) => os.map((o) => o.value).filter((v) => v !== ''));
  expect(options.length).toBeGreaterThanOrEqual(10);
  await menu.selectOption('pairwise-distances');
  await page.waitForFunction(() => document.querySelector('tensorcast-playground').program.code.includes('import torch'));
  await expect(page.getByTestId('inline-value').first()).toBeVisible();
  await expect(menu).toHaveValue('pairwise-distances');
  // A link may name a preset by its slug.
  await openCode(page, 'preset=softmax');
  await expect(menu).toHaveValue('softmax');
});

test('hostile code stays text and the page stays usable', async ({ page }) => {
  const problems = watch(page);
  await openCode(page);
  const root = el(page);
  const imgs = () => page.evaluate(() => document.querySelector('tensorcast-playground').shadowRoot.querySelectorAll('img, iframe, object').length);
  // Markup in a comment, in a statement and in print(): shown as the characters typed.
  await paste(page, 'import torch\nx = torch.ones(2)  # <img src=x onerror="window.pwned=1">\n<img src=x onerror="window.pwned=2">\n');
  await expect(page.getByTestId('code-error')).toBeVisible();
  await expect(page.locator('.cm-line', { hasText: '<img src=x onerror="window.pwned=2">' })).toHaveCount(1);
  expect(await imgs()).toBe(0);
  expect(await page.evaluate(() => window.pwned)).toBeUndefined();

  // A megabyte, deep nesting and a huge tensor: each an error on its line, the editor still answers.
  const cases = [
    { code: `import torch\nx = ${'1 + '.repeat(260_000)}1\n`, what: 'a megabyte' },
    { code: `import torch\nx = ${'('.repeat(5000)}1${')'.repeat(5000)}\n`, what: 'deep nesting' },
    { code: 'import torch\nx = torch.ones(100000, 100000)\n', what: 'a huge tensor' },
  ];
  for (const { code, what } of cases) {
    await paste(page, code);
    await expect(page.getByTestId('code-error'), what).toBeVisible({ timeout: 20_000 });
    await paste(page, 'import torch\nok = torch.ones(3)\n');
    await expect(inline(page, 'ok: [3] float32'), what).toHaveCount(1);
  }
  await expect(root.getByTestId('mode-shapes')).toBeEnabled();
  expect(problems).toEqual([]);
});

test('a 30-line program\'s shapes are drawn in the frame after a keystroke (printed), and a 10,000-line paste does not hang the page', async ({ page }) => {
  await openCode(page);
  const last = () => page.evaluate(() => document.querySelector('tensorcast-playground').program.timings.at(-1) ?? null);
  // 30 lines, then one keystroke at a time: from the edit to the shapes in the editor.
  const thirty = ['import torch', ...Array.from({ length: 29 }, (_, i) => (i === 0 ? 'a0 = torch.ones(4, 3)' : `a${i} = a${i - 1} * torch.arange(3.) + ${i}`))].join('\n');
  await paste(page, `${thirty}\n`);
  await expect(inline(page, 'a28: [4, 3] float32')).toHaveCount(1);
  await page.locator('.cm-content').press('ControlOrMeta+End');
  const samples = [];
  for (let i = 0; i < 15; i++) {
    const before = (await last())?.seq ?? 0;
    await page.keyboard.type(i % 2 === 0 ? '#' : 'x');
    await page.waitForFunction((n) => {
      const t = document.querySelector('tensorcast-playground').program.timings.at(-1);
      return (t?.seq ?? 0) > n && t.drawnMs !== null;
    }, before);
    samples.push(await last());
  }
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  // tc.run runs in the program worker (web/src/program-runner.ts); shown: the answer back and the editor's marks; drawn: the whole page.
  console.log(`30 lines: edit to shapes in the editor, median ${median(samples.map((s) => s.shownMs)).toFixed(1)} ms, ` +
    `to the page drawn ${median(samples.map((s) => s.drawnMs)).toFixed(1)} ms ` +
    `(tc.run median ${median(samples.map((s) => s.runMs)).toFixed(2)} ms); frames after the keystroke: ${samples.map((s) => s.frames).join(' ')} ` +
    `(1: the next); load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`);

  // 10,000 lines: the core refuses past its statement limit; the page answers all along.
  const lines = Array.from({ length: 10_000 }, (_, i) => `v${i} = torch.ones(2, ${1 + (i % 5)})`);
  const started = Date.now();
  await paste(page, `import torch\n${lines.join('\n')}\n`);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  await page.waitForFunction(() => document.querySelector('tensorcast-playground').program.run.code.length > 100_000, null, { timeout: 30_000 });
  const answered = Date.now() - started;
  await expect(page.getByTestId('code-error')).toContainText('more than 10000 statements');
  await page.locator('.cm-content').press('ControlOrMeta+End');
  await page.keyboard.type('zz = 1');
  await expect(page.locator('.cm-line', { hasText: 'zz = 1' })).toHaveCount(1);
  const big = await last();
  console.log(`10,000 lines pasted: the page answered in ${answered} ms; a run took ${big?.runMs.toFixed(1)} ms (the next ones wait for a pause in typing)`);
});

// ---- screenshots, for a person to look at (not committed)

const SHOTS = new URL('./screenshots/code-mode/', import.meta.url);
for (const [w, h, device] of [[390, 844, 'phone'], [1366, 768, 'laptop']]) {
  for (const lang of ['en', 'zh']) {
    test(`screenshots: ${device}, ${lang}`, async ({ page }) => {
      await mkdir(SHOTS, { recursive: true });
      await page.setViewportSize({ width: w, height: h });
      await openCode(page, `lang=${lang}`);
      await paste(page, EXAMPLE_PROGRAM);
      await lineOf(page, 'd = x[:, :, None] - y').click();
      await expect(page.getByTestId('line-op')).toBeVisible();
      await page.locator('.cm-content').blur();
      await page.screenshot({ path: new URL(`example-${device}-${lang}.png`, SHOTS).pathname, fullPage: true });
      // The line's strides and gradient views, drawn with the program's values (y is 10, 20, 30, 40).
      for (const view of ['strides', 'grad']) {
        await page.getByTestId(`tab-${view}`).click();
        // Line 5 requires no grad: the gradient view says so in words (e2e/line-views.spec.js draws line 7's).
        await expect(page.getByTestId(view === 'grad' ? 'grad-no-backward' : 'diagram')).toBeVisible();
        await page.screenshot({ path: new URL(`${view}-${device}-${lang}.png`, SHOTS).pathname, fullPage: true });
      }
      await page.getByTestId('tab-align').click();
      await paste(page, FAILING);
      await expect(page.getByTestId('error-note')).toBeVisible();
      await page.locator('.cm-content').blur();
      await page.screenshot({ path: new URL(`error-${device}-${lang}.png`, SHOTS).pathname, fullPage: true });
      // A loop: each line says how often it ran; the picked line's runs, stepped back to the second.
      await paste(page, LOOP_PROGRAM);
      await lineOf(page, 'x * w').click();
      await page.getByTestId('run-previous').click();
      await expect(page.getByTestId('run-of')).toContainText(lang === 'zh' ? '第 2 次运行' : 'Run 2 of 3');
      // The runs' chips wrap with their lines: the code never scrolls sideways.
      const scroller = await page.locator('.cm-scroller').evaluate((s) => ({ width: s.scrollWidth, client: s.clientWidth, left: s.scrollLeft }));
      expect(scroller.width).toBeLessThanOrEqual(scroller.client);
      expect(scroller.left).toBe(0);
      await page.locator('.cm-content').blur();
      await page.screenshot({ path: new URL(`loop-${device}-${lang}.png`, SHOTS).pathname, fullPage: true });
    });
  }
}
