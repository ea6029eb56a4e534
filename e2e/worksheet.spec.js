// The printable worksheet (web/worksheet.html): each set printed to PDF in
// both languages has the pages its layout promises (Note [Worksheet
// sheets] in web/src/model/worksheet.ts: 3 puzzles or 2 drills a sheet,
// then the key, 8 puzzles or 4 drills a sheet, starting on a page of its
// own), no item runs past its block, the drills' key is the engine's and
// agrees with PyTorch's, and a build without solutions prints no key.
// Screenshots and PDF pages rendered to PNG go to e2e/screenshots/worksheet/
// for a person to look at.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { build } from 'vite';
import { serveStatic } from './static-server.js';
import { watch } from './helpers.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHOTS = join(ROOT, 'e2e/screenshots/worksheet');
const SET = readdirSync(join(ROOT, 'web/puzzles')).filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(ROOT, 'web/puzzles', f), 'utf8')));
const COUNT = { puzzles: SET.filter((e) => e.kind !== 'drill').length, drills: SET.filter((e) => e.kind === 'drill').length };
// The layout's items per A4 page: questions, key.
const PER_PAGE = { puzzles: [3, 8], drills: [2, 4] };
const pagesOf = (set, key) => Math.ceil(COUNT[set] / PER_PAGE[set][0]) + (key ? Math.ceil(COUNT[set] / PER_PAGE[set][1]) : 0);
const DRILLS = JSON.parse(readFileSync(join(ROOT, 'tests/web/fixtures/puzzles/drills.json'), 'utf8'));
const hasPoppler = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Pages in a PDF that Chromium wrote: its page objects. */
const pdfPages = (pdf) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;

async function openSheet(page, hash, base = '') {
  await page.goto(`${base}/worksheet.html${hash}`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
}

/** Under print media: each item's and each sheet's content fits in its box. */
async function overflows(page) {
  await page.emulateMedia({ media: 'print' });
  const over = await page.evaluate(() => [...document.querySelectorAll('.sheet, .item, .band')]
    .filter((e) => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1)
    .map((e) => `${e.className} ${e.getAttribute('data-id') ?? ''}: ${e.scrollHeight} > ${e.clientHeight} or ${e.scrollWidth} > ${e.clientWidth}`));
  await page.emulateMedia({ media: null });
  return over;
}

for (const set of ['puzzles', 'drills'])
  for (const lang of ['en', 'zh'])
    test(`${set} in ${lang}: printed to PDF, ${pagesOf(set, true)} A4 pages, the key from a page of its own`, async ({ page }) => {
      const problems = watch(page);
      await page.setViewportSize({ width: 1366, height: 768 });
      await openSheet(page, `#set=${set}&lang=${lang}`);
      await expect(page.getByTestId('worksheet-item')).toHaveCount(COUNT[set]);
      await expect(page.getByTestId('worksheet-key-item')).toHaveCount(COUNT[set]);
      const sheets = page.getByTestId('worksheet-sheet');
      await expect(sheets).toHaveCount(pagesOf(set, true));
      // the key's first sheet follows the questions' last
      const keyFirst = Math.ceil(COUNT[set] / PER_PAGE[set][0]);
      await expect(sheets.nth(keyFirst)).toHaveClass(/key-sheet/);
      await expect(sheets.nth(keyFirst - 1)).not.toHaveClass(/key-sheet/);
      expect(await overflows(page)).toEqual([]);
      // the page's language and a CJK face for Chinese
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang === 'zh' ? 'zh-CN' : 'en');
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      expect(pdfPages(pdf)).toBe(pagesOf(set, true));
      await mkdir(SHOTS, { recursive: true });
      const file = join(SHOTS, `${set}-${lang}.pdf`);
      writeFileSync(file, pdf);
      if (hasPoppler) {
        // A4 at 600 x 848 (72 dpi): the first page and the key's first
        const text = (p) => execFileSync('pdftotext', ['-f', String(p), '-l', String(p), '-layout', file, '-'], { encoding: 'utf8' });
        expect(text(keyFirst + 1)).toContain(lang === 'zh' ? '参考答案' : 'Answer key');
        expect(text(keyFirst)).not.toContain(lang === 'zh' ? '参考答案' : 'Answer key');
        for (const p of [1, keyFirst + 1]) execFileSync('pdftoppm', ['-png', '-r', '72', '-f', String(p), '-l', String(p), '-singlefile', file, join(SHOTS, `${set}-${lang}-pdf-page${p}`)]);
        // the Chinese text is set in a CJK face the PDF embeds
        if (lang === 'zh') expect(execFileSync('pdffonts', [file], { encoding: 'utf8' })).toMatch(/CJK|Hei|YaHei|PingFang|Song|Ming|Gothic/i);
      }
      expect(problems).toEqual([]);
    });

test("the drills' key: each line's shape and dtype from the engine's run, as PyTorch gives them", async ({ page }) => {
  await openSheet(page, '#set=drills&lang=en');
  const tuple = (s) => (s.length === 1 ? `(${s[0]},)` : `(${s.join(', ')})`);
  for (const [id, { answers }] of Object.entries(DRILLS)) {
    const n = SET.filter((e) => e.kind === 'drill').findIndex((d) => d.id === id);
    const item = page.getByTestId('worksheet-key-item').nth(n);
    for (const [line, name, shape] of answers) {
      const li = item.locator('ol.key > li').nth(line - 1);
      if (name === null) await expect(li.locator('.ans[data-shape="error"]')).toContainText(`error (${shape})`);
      else await expect(li.locator(`.ans[data-label="${name}"]`)).toHaveAttribute('data-shape', tuple(shape));
    }
  }
  // the questions' boxes: one per answer, as the key has them
  await expect(page.getByTestId('worksheet-item').locator('.box:not(.dtype)')).toHaveCount(Object.values(DRILLS).reduce((n, d) => n + d.answers.length, 0));
});

test('a link per item to the playground, some items by id, what the link got wrong, and Print', async ({ page }) => {
  const problems = watch(page);
  await openSheet(page, '#set=puzzles&lang=en&ids=outer,eye,nope&key=0&colour=red');
  await expect(page.getByTestId('worksheet-item')).toHaveCount(2);
  await expect(page.getByTestId('worksheet-key-item')).toHaveCount(0);
  await expect(page.locator('.notices')).toContainText('“nope”');
  await expect(page.locator('.notices')).toContainText('“colour=red”');
  const link = page.getByTestId('worksheet-item').first().locator('.link a');
  const href = await link.getAttribute('href');
  expect(new URL(href).pathname + new URL(href).hash).toBe('/#puzzle=outer');
  await expect(link).toHaveText(href.replace(/^http:\/\//, ''));
  expect(await page.pdf({ preferCSSPageSize: true }).then(pdfPages)).toBe(1);
  // the key's switch puts the key back; the language switch keeps the rest
  await page.getByLabel('Answer key').check();
  await expect(page.getByTestId('worksheet-key-item')).toHaveCount(2);
  await page.getByRole('link', { name: '中文' }).click();
  await expect(page.locator('.band h1')).toContainText('张量谜题');
  await expect(page.getByTestId('worksheet-item')).toHaveCount(2);
  // Print opens the browser's print dialog
  await page.evaluate(() => {
    window.printed = 0;
    window.print = () => { window.printed++; };
  });
  await page.getByRole('button', { name: '打印' }).click();
  expect(await page.evaluate(() => window.printed)).toBe(1);
  // following an item's link opens that puzzle in the playground
  await link.click();
  // (the playground rewrites the hash once it has loaded: the link version first, keys of its own after)
  await expect(page).toHaveURL(/\/#v=1&puzzle=outer(&|$)/);
  await expect(page.getByTestId('puzzle-title')).toBeVisible();
  expect(problems).toEqual([]);
});

for (const [w, h] of [[1366, 768], [390, 844]])
  for (const lang of ['en', 'zh'])
    test(`screenshots at ${w}x${h} in ${lang}`, async ({ page }) => {
      await page.setViewportSize({ width: w, height: h });
      for (const set of ['puzzles', 'drills']) {
        await openSheet(page, `#set=${set}&lang=${lang}`);
        // nothing runs off the side on a phone
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
        await mkdir(SHOTS, { recursive: true });
        await page.screenshot({ path: join(SHOTS, `${set}-${lang}-${w}x${h}.png`) });
      }
      await page.emulateMedia({ colorScheme: 'dark' });
      await openSheet(page, `#set=drills&lang=${lang}`);
      await page.screenshot({ path: join(SHOTS, `drills-${lang}-${w}x${h}-dark.png`) });
    });

test.describe('a build without solutions', () => {
  let dir;
  let server;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    dir = mkdtempSync(join(tmpdir(), 'tc-worksheet-'));
    const before = process.env.TC_SOLUTIONS;
    process.env.TC_SOLUTIONS = 'hide';
    try {
      await build({ configFile: join(ROOT, 'web/vite.config.ts'), logLevel: 'error', build: { outDir: dir } });
    } finally {
      if (before === undefined) delete process.env.TC_SOLUTIONS;
      else process.env.TC_SOLUTIONS = before;
    }
    server = await serveStatic(dir);
  });
  test.afterAll(async () => {
    await server?.close();
    if (dir !== undefined && existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  });

  for (const set of ['puzzles', 'drills'])
    test(`${set}: no key, ${pagesOf(set, false)} pages, and the notice says why`, async ({ page }) => {
      const problems = watch(page);
      await openSheet(page, `#set=${set}&lang=en`, server.origin);
      await expect(page.getByTestId('worksheet-item')).toHaveCount(COUNT[set]);
      await expect(page.getByTestId('worksheet-key-item')).toHaveCount(0);
      await expect(page.getByLabel('Answer key')).toHaveCount(0);
      await expect(page.locator('.notices')).toContainText('without solutions');
      expect(pdfPages(await page.pdf({ preferCSSPageSize: true }))).toBe(pagesOf(set, false));
      // a link asking for the key gets none
      await openSheet(page, `#set=${set}&lang=en&key=1`, server.origin);
      await expect(page.getByTestId('worksheet-key-item')).toHaveCount(0);
      const text = await page.locator('body').innerText();
      for (const p of SET) if (p.reference !== undefined) expect(text).not.toContain(p.reference.replace(/^return /, ''));
      expect(problems).toEqual([]);
    });
});
