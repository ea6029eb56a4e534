// The notebook recipe (recipes/notebook/lesson.ipynb): cells whose output
// is <tensorcast-playground>, by IPython.display.HTML. The notebook is
// committed without outputs; the spec executes it in the Python kernel and
// exports it to HTML with Debian's nbconvert, as a teacher publishes a
// lesson (the element's files copied beside the page), then opens the page:
// every element in it comes from a cell the kernel ran.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { serveStatic } from '../static-server.js';
import { core, ready, torchSize, watch } from '../helpers.js';
import { copyElement, root } from './element-files.js';

const run = promisify(execFile);
const notebook = join(root, 'recipes/notebook/lesson.ipynb');
let work;
let server;

test.beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'tensorcast-notebook-'));
  await cp(notebook, join(work, 'lesson.ipynb'));
  // The kernel runs in the notebook's folder. PYDEVD_DISABLE_FILE_VALIDATION
  // quiets the debugger's warning about Python's frozen modules on stderr.
  await run('/usr/bin/jupyter-nbconvert', ['--to', 'html', '--execute', 'lesson.ipynb', '--output', 'index'], {
    cwd: work,
    env: { ...process.env, PYDEVD_DISABLE_FILE_VALIDATION: '1' },
  });
  await copyElement(join(work, 'tensorcast'));
  server = await serveStatic(work, { base: '/course/lesson-3/' });
});

test.afterAll(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

// Debian's nbconvert points the page's MathJax and require.js at
// file:///usr/share/javascript, which a served page may not load; the lesson
// uses neither (and the element does not look for an AMD loader). The page
// names no icon, so the browser asks the server's root for one.
const DEBIAN_SCRIPTS = /^Not allowed to load local resource: file:\/\/\/usr\/share\/javascript\/(mathjax\/MathJax|requirejs\/require\.min)\.js/;

/** What must never happen on the page (helpers.js' watch), less the console errors of the two page scripts above and the icon. */
function watchLesson(page) {
  const watched = watch(page);
  const errors = [];
  page.on('console', (m) => {
    if (m.type() !== 'error' || DEBIAN_SCRIPTS.test(m.text()) || m.location().url === `${server.origin}/favicon.ico`) return;
    errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  return () => [...watched.filter((p) => !p.startsWith('console: ')), ...errors];
}

test('the committed notebook has no outputs: what the page shows, the kernel made', async () => {
  const cells = JSON.parse(await readFile(notebook, 'utf8')).cells.filter((c) => c.cell_type === 'code');
  expect(cells.length).toBe(3);
  for (const cell of cells) {
    expect(cell.outputs).toEqual([]);
    expect(cell.execution_count).toBeNull();
  }
  const executed = await readFile(join(work, 'index.html'), 'utf8');
  // nbconvert writes the output of the two playground(...) cells into the page.
  expect(executed.match(/<tensorcast-playground [^>]*>/g)).toEqual([
    '<tensorcast-playground id="lesson-align" a="5,3,4,1" b="3,1,1" op="add" view="align" compact lang="en">',
    '<tensorcast-playground id="lesson-strides" a="3,1" b="4" op="add" view="strides" compact lang="zh">',
  ]);
});

test('the exported notebook shows each cell’s element in its output; they render and step', async ({ page }) => {
  const problems = watchLesson(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`${server.origin}/course/lesson-3/index.html`);
  await ready(page, '#lesson-align');
  await ready(page, '#lesson-strides');
  await expect(page.locator('.jp-OutputArea-output tensorcast-playground')).toHaveCount(2);
  const tc = await core();
  const first = page.locator('#lesson-align');
  await expect(first.getByTestId('result-shape')).toHaveText(torchSize(tc.explain.broadcast([5, 3, 4, 1], [3, 1, 1]).result));
  // The buttons, then the keys of the element that has focus.
  await first.getByTestId('reset').click();
  await expect(first.getByTestId('step-count')).toHaveText('Step 1 of 7');
  await first.getByTestId('next').click();
  await expect(first.getByTestId('step-count')).toHaveText('Step 2 of 7');
  await page.keyboard.press('End');
  await expect(first.getByTestId('step-count')).toHaveText('Step 7 of 7');

  // The second, in Chinese: pointing at an output cell marks it and says what it reads.
  const second = page.locator('#lesson-strides');
  await expect(second.getByTestId('result-shape')).toHaveText(torchSize(tc.explain.broadcast([3, 1], [4]).result));
  await expect(second.getByTestId('tab-strides').or(second.getByTestId('step-count')).first()).toContainText('步');
  await second.locator('[data-testid="diagram"] text[data-key="out:6"]').hover();
  const marked = await second.locator('[data-testid="diagram"] rect[data-hl="on"][data-key^="out:"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
  expect(marked).toEqual(['out:6']);
  await expect(second.getByTestId('reads')).toContainText('out[1, 2]');
  expect(problems()).toEqual([]);
});

for (const [lang, id] of [['en', '#lesson-align'], ['zh', '#lesson-strides']]) {
  test(`screenshot: the exported notebook at laptop size (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${server.origin}/course/lesson-3/index.html`);
    await ready(page, id);
    const el = page.locator(id);
    await el.scrollIntoViewIfNeeded();
    await page.evaluate((s) => document.querySelector(s).closest('.jp-Cell').scrollIntoView(), id);
    await page.screenshot({ path: `e2e/screenshots/recipes-slides/notebook-laptop-${lang}.png` });
  });
}
