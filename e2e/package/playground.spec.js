// The element from the packed tarball (tensorcast/playground), as a course
// site gets it: imported by a Vite app; loaded with one script tag from
// another origin (a CDN, with the CORS header a CDN sends); and imported in
// Node by a site build whose page is then served from a sub-path
// (/course/tc/). Each page shows the element, steps it, and runs a program
// in its code mode; the .wasm is the core's own, fetched once.
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { build, preview } from 'vite';
import { init } from '../../dist/index.js';
import { serveStatic } from '../static-server.js';
import { freshProject, run } from './recipes.js';

const PROGRAM = 'import torch\nx = torch.ones(2, 3)\nprint(x.sum(0).shape)';
// Every page names no icon, so Chromium asks for none (a 404 would count as a failure).
const HEAD = '<meta charset="utf-8"><link rel="icon" href="data:,">';
const escape = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/\n/g, '&#10;');
// Two elements: a compact one in the two-shape mode, one in the code mode.
const ELEMENTS = `
  <tensorcast-playground id="shapes" compact a="5,3,4,1" b="3,1,1" op="add" view="align" lang="en"></tensorcast-playground>
  <tensorcast-playground id="code" code="${escape(PROGRAM)}" lang="en"></tensorcast-playground>`;

let project;
test.beforeAll(async () => {
  project = await freshProject('tensorcast-playground-');
});
test.afterAll(async () => {
  await rm(project.work, { recursive: true, force: true });
});

/** Records what a page must not do (errors, failed requests) and every .wasm it fetched. */
function watch(page) {
  const seen = { problems: [], wasm: [] };
  page.on('pageerror', (e) => seen.problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && seen.problems.push(`console: ${m.text()}`));
  page.on('requestfailed', (r) => seen.problems.push(`failed: ${r.url()} (${r.failure()?.errorText})`));
  page.on('response', (r) => {
    if (r.status() >= 400) seen.problems.push(`${r.status()} ${r.url()}`);
    if (new URL(r.url()).pathname.endsWith('.wasm')) seen.wasm.push(r.url());
  });
  return seen;
}

/** The page's two elements render, step, and run the program; nothing failed, one .wasm fetched. */
async function checkPage(page, seen) {
  const tc = await init();
  const shapes = page.locator('#shapes');
  await expect(shapes.getByTestId('result-shape')).toHaveText('torch.Size([5, 3, 4, 1])', { timeout: 60_000 });
  await shapes.getByTestId('reset').click();
  const count = shapes.getByTestId('step-count');
  const first = await count.textContent();
  await shapes.getByTestId('next').click();
  await expect(count).not.toHaveText(first);
  await expect(count).toHaveText(/^Step 2 of \d+$/);
  const expected = tc.run(PROGRAM);
  await expect(page.locator('#code').getByTestId('printed')).toHaveText(expected.printed, { timeout: 60_000 });
  expected.dispose();
  expect(seen.problems).toEqual([]);
  expect(seen.wasm.length).toBe(1);
  expect(seen.wasm[0]).toMatch(/\/tensorcast(-[\w-]+)?\.wasm$/);
  // One of the elements opens on a program, so both draw with the core that runs them (Note [Two cores on the page]).
  expect(seen.wasm[0]).not.toMatch(/nosimd|noprograms/);
}

test('a Vite app that imports tensorcast/playground for its effect (sideEffects keeps it) builds and shows the element', async ({ page }) => {
  const app = join(project.work, 'vite-app');
  await mkdir(app);
  await writeFile(join(app, 'index.html'), `<!doctype html><html><head>${HEAD}<script type="module" src="./main.js"></script></head><body>${ELEMENTS}</body></html>`);
  await writeFile(join(app, 'main.js'), "import 'tensorcast/playground';\n");
  // The project's node_modules, found from the app's folder.
  await cp(join(project.app, 'package.json'), join(app, 'package.json'));
  await run('ln', ['-s', join(project.app, 'node_modules'), join(app, 'node_modules')]);
  await build({ root: app, logLevel: 'warn' });
  const built = await readdir(join(app, 'dist/assets'));
  // The core's .wasm files, once each (the element shares them), and the program worker.
  const wasm = built.filter((f) => f.endsWith('.wasm'));
  expect(wasm).toHaveLength(3);
  expect(wasm.filter((f) => f.startsWith('tensorcast-nosimd-'))).toHaveLength(1);
  expect(wasm.filter((f) => f.startsWith('tensorcast-noprograms-'))).toHaveLength(1);
  expect(built.filter((f) => /program-worker/.test(f)), built.join(' ')).toHaveLength(1);
  const server = await preview({ root: app, logLevel: 'warn', preview: { host: '127.0.0.1', port: 0 } });
  try {
    const seen = watch(page);
    await page.goto(server.resolvedUrls.local[0]);
    await checkPage(page, seen);
  } finally {
    await server.close();
  }
});

test('one script tag from another origin, as a CDN serves the package (with its CORS header)', async ({ page }) => {
  const installed = join(project.app, 'node_modules/tensorcast');
  const cdn = await serveStatic(installed, { headers: { 'Access-Control-Allow-Origin': '*' } });
  const pages = join(project.work, 'course');
  await mkdir(pages);
  const script = `${cdn.origin}/playground/tensorcast-playground.js`;
  await writeFile(join(pages, 'lesson.html'), `<!doctype html><html><head>${HEAD}<script type="module" src="${script}"></script></head><body>${ELEMENTS}</body></html>`);
  const site = await serveStatic(pages);
  try {
    expect(new URL(site.origin).port).not.toBe(new URL(cdn.origin).port);
    const seen = watch(page);
    await page.goto(`${site.origin}/lesson.html`);
    await checkPage(page, seen);
    expect(new URL(seen.wasm[0]).origin).toBe(cdn.origin);
    // A framework that sets properties rather than attributes (React 19 does) changes what it shows
    // (Note [Properties are attributes] in web/src/playground.ts).
    const shapes = page.locator('#shapes');
    await shapes.evaluate((el) => { el.lang = 'zh'; el.view = 'strides'; el.b = '3,2,1'; });
    await expect(shapes.getByTestId('tab-strides')).toHaveText('步长');
    await expect(shapes.getByTestId('tab-strides')).toHaveAttribute('aria-selected', 'true');
    const tc = await init();
    await expect(shapes.getByTestId('error')).toHaveText(tc.explain.broadcast([5, 3, 4, 1], [3, 2, 1]).error);
    expect(await shapes.evaluate((el) => [el.getAttribute('lang'), el.getAttribute('view'), el.getAttribute('b')])).toEqual(['zh', 'strides', '3,2,1']);
    expect(seen.problems).toEqual([]);
  } finally {
    await site.close();
    await cdn.close();
  }
});

test('without the CORS header the same page shows no element: the test above needs what a CDN sends', async ({ page }) => {
  const cdn = await serveStatic(join(project.app, 'node_modules/tensorcast'));
  const pages = join(project.work, 'course-no-cors');
  await mkdir(pages);
  await writeFile(join(pages, 'lesson.html'), `<!doctype html><html><head>${HEAD}<script type="module" src="${cdn.origin}/playground/tensorcast-playground.js"></script></head><body>${ELEMENTS}</body></html>`);
  const site = await serveStatic(pages);
  try {
    await page.goto(`${site.origin}/lesson.html`);
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => customElements.get('tensorcast-playground') === undefined)).toBe(true);
  } finally {
    await site.close();
    await cdn.close();
  }
});

test('a site build imports tensorcast/playground in Node; its page, served from /course/tc/, loads the element with one script tag', async ({ page }) => {
  // The build: Node imports the element's entry (nothing defined, nothing
  // thrown) and the core, writes the lesson with the element and the shape
  // the core computes, and copies the package beside it.
  await writeFile(join(project.app, 'build-site.mjs'), `
    import { cp, mkdir, writeFile } from 'node:fs/promises';
    import { defined } from 'tensorcast/playground';
    import { init } from 'tensorcast';
    const tc = await init();
    const shape = tc.explain.broadcast([5, 3, 4, 1], [3, 1, 1]).result;
    await mkdir('site', { recursive: true });
    await cp('node_modules/tensorcast', 'site/tensorcast', { recursive: true });
    await writeFile('site/lesson.html', \`<!doctype html><html><head>${HEAD}
      <script type="module" src="./tensorcast/playground/tensorcast-playground.js"></script></head>
      <body><p id="built">Result: (\${shape.join(', ')}), built with the element \${(await defined) === undefined ? 'not defined' : 'defined'} in Node</p>
      ${ELEMENTS.replace(/`/g, '\\`')}</body></html>\`);
  `);
  await run(process.execPath, ['build-site.mjs'], { cwd: project.app });
  const site = await serveStatic(join(project.app, 'site'), { base: '/course/tc/' });
  try {
    const seen = watch(page);
    await page.goto(`${site.origin}/course/tc/lesson.html`);
    await expect(page.locator('#built')).toHaveText('Result: (5, 3, 4, 1), built with the element not defined in Node');
    await checkPage(page, seen);
    expect(new URL(seen.wasm[0]).pathname).toBe('/course/tc/tensorcast/tensorcast.wasm');
    // The compact element's "Open in the playground" goes to the page beside the script, which works there too.
    const link = await page.locator('#shapes').getByRole('link', { name: 'Open in the playground' }).getAttribute('href');
    expect(new URL(link).pathname).toBe('/course/tc/tensorcast/playground/');
    // Leaving the page cancels what it still loads (the program worker's modules after a run), and a
    // cancelled request is a failed one: the lesson's loads must end first to be checked at all.
    await page.waitForLoadState('networkidle');
    expect(seen.problems).toEqual([]);
    await page.goto(link);
    await expect(page.locator('tensorcast-playground').getByTestId('result-shape')).toHaveText('torch.Size([5, 3, 4, 1])', { timeout: 60_000 });
    expect(seen.problems).toEqual([]);
  } finally {
    await site.close();
  }
});
