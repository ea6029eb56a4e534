// The Docusaurus recipe (recipes/docusaurus): the course site built by
// Docusaurus itself (npm, the recipe's own package.json) with tensorcast
// installed from the packed tarball. The build renders every page in Node
// (SSR), importing the client module's `import 'tensorcast/playground'`
// there: it must not throw. Served from the site's sub-path (/course/), each
// page's elements render and step in Chromium, in English and in Chinese.
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { serveStatic } from '../static-server.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const recipe = join(root, 'recipes/docusaurus');
const shots = join(root, 'e2e/screenshots/element');
let work;
let site;

// The site's build takes minutes on a loaded machine.
test.describe.configure({ timeout: 900_000 });

test.beforeAll(async () => {
  test.setTimeout(900_000);
  work = await mkdtemp(join(tmpdir(), 'tensorcast-docusaurus-'));
  // tensorcast as `npm install tensorcast` puts it, in a folder above the
  // site's (the site's node_modules is the recipe's, linked, not copied).
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: join(root, 'dist') });
  await writeFile(join(work, 'package.json'), JSON.stringify({ name: 'course', private: true }));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', join(work, JSON.parse(stdout)[0].filename)], { cwd: work });
  site = join(work, 'site');
  await mkdir(site);
  for (const f of ['docs', 'src', 'static', 'docusaurus.config.js', 'package.json']) await cp(join(recipe, f), join(site, f), { recursive: true });
  await symlink(join(recipe, 'node_modules'), join(site, 'node_modules'));
  // Docusaurus keeps webpack's cache in node_modules/.cache (the recipe's, shared by every
  // build through the link): a build killed halfway left one whose server render failed
  // ("Cannot read properties of undefined (reading 'id')" in DocItem). Each build starts without it.
  await rm(join(recipe, 'node_modules/.cache'), { recursive: true, force: true });
  await run(join(site, 'node_modules/.bin/docusaurus'), ['build', '--out-dir', 'build'], { cwd: site, maxBuffer: 1 << 26, env: buildEnv() });
});

/** The environment of a teacher's shell: none of the test runner's Node options (its module loader), which break Docusaurus' server render. */
function buildEnv() {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  for (const key of Object.keys(env)) if (key.startsWith('PW_') || key.startsWith('PLAYWRIGHT_')) delete env[key];
  return env;
}

test.afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** Records what must not happen on the page: errors, failed requests. */
function watch(page) {
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
  return problems;
}

const LESSONS = [
  { lang: 'en', path: '/course/', result: 'torch.Size([5, 3, 4, 1])', step: (n, total) => `Step ${n} of ${total}`, tab: 'Strides' },
  { lang: 'zh', path: '/course/zh/', result: 'torch.Size([5, 3, 4, 1])', step: (n, total) => `第 ${n} 步，共 ${total} 步`, tab: '步长' },
];

for (const lesson of LESSONS) {
  test(`the built ${lesson.lang} lesson: its HTML holds the elements (SSR), which render and step in the browser`, async ({ page }) => {
    // The server-rendered HTML: the elements with their attributes, before any script ran.
    const html = await readFile(join(site, 'build', lesson.path.replace('/course', ''), 'index.html'), 'utf8');
    expect(html.match(/<tensorcast-playground compact=""( fit="")? a="5,3,4,1" b="3,1,1" op="add" view="(align|strides)" lang="(en|zh)"( theme="inherit")?>/g)).toHaveLength(2);
    const server = await serveStatic(join(site, 'build'), { base: '/course/' });
    try {
      const problems = watch(page);
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(`${server.origin}${lesson.path}`);
      const [align, strides] = [page.locator('tensorcast-playground').nth(0), page.locator('tensorcast-playground').nth(1)];
      for (const el of [align, strides]) await expect(el.getByTestId('result-shape')).toHaveText(lesson.result, { timeout: 60_000 });
      await expect(strides.getByTestId('tab-strides')).toHaveText(lesson.tab);
      // Stepping: the buttons, then the keys, on the first element only.
      const count = align.getByTestId('step-count');
      const other = await strides.getByTestId('step-count').textContent();
      await align.getByTestId('reset').click();
      const total = Number((await count.textContent()).match(/\d+/g)[1]);
      await expect(count).toHaveText(lesson.step(1, total));
      await align.getByTestId('next').click();
      await expect(count).toHaveText(lesson.step(2, total));
      await page.keyboard.press('ArrowRight');
      await expect(count).toHaveText(lesson.step(3, total));
      await expect(strides.getByTestId('step-count')).toHaveText(other);
      await mkdir(shots, { recursive: true });
      await page.screenshot({ path: join(shots, `docusaurus-laptop-${lesson.lang}.png`), fullPage: true });
      // theme="inherit" (the first element) follows the site's light/dark switch (data-theme on <html>); the second keeps its own.
      const scheme = (el) => el.locator('.app').getAttribute('data-theme');
      expect([await scheme(align), await scheme(strides)]).toEqual(['light', 'light']);
      // The site's switch goes round its modes (system, light, dark): pressed until the site is dark, then light.
      const switchTo = async (scheme) => {
        for (let i = 0; i < 3 && (await page.locator('html').getAttribute('data-theme')) !== scheme; i++)
          await page.locator('button[aria-label*="dark and light mode"]').click({ timeout: 15_000 });
        await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      };
      await switchTo('dark');
      await expect(align.locator('.app')).toHaveAttribute('data-theme', 'dark');
      expect(await scheme(strides)).toBe('light');
      await switchTo('light');
      await expect(align.locator('.app')).toHaveAttribute('data-theme', 'light');
      // The site's own navigation (React swaps the page, no reload) to the other lesson and back:
      // new elements, defined once, render again.
      const elsewhere = LESSONS.find((l) => l !== lesson);
      await page.evaluate(() => { window.notReloaded = true; });
      await page.getByRole('link', { name: elsewhere.lang === 'zh' ? '中文' : 'Lesson', exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname.replace(/\/$/, '')).toBe(elsewhere.path.replace(/\/$/, ''));
      await expect(page.locator('tensorcast-playground').nth(0).getByTestId('tab-strides')).toHaveText(elsewhere.tab, { timeout: 60_000 });
      await page.goBack();
      await expect(page.locator('tensorcast-playground').nth(1).getByTestId('tab-strides')).toHaveText(lesson.tab, { timeout: 60_000 });
      await expect(page.locator('tensorcast-playground').nth(0).getByTestId('result-shape')).toHaveText(lesson.result);
      expect(await page.evaluate(() => window.notReloaded)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await server.close();
    }
  });
}
