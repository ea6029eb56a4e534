// The offline site (npm run build:site, scripts/build-site.sh; scripts/build.sh
// makes it before the tests): web/site/ served from / and from a sub-path,
// every request to another origin aborted and counted, the playground, its
// code mode (programs in the worker) and examples, the worksheet and the API
// page (the package README's examples, run in the page) all work, and
// nothing was asked of another origin; and web/site/tensorcast-offline.html
// opened from disk (file://) with the network off: the playground and the
// code mode work, programs run in the worker the file carries (Note
// [Programs in the offline file], web/single-file.config.ts), Stop ends a
// long run and an endless loop stops at its limit; its policy refuses
// nothing the page does; and where no worker starts, programs run on the
// page's thread within the package's budget, and the page never hangs.
// Screenshots in e2e/screenshots/offline/.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { OFFLINE_CSP } from '../web/offline-csp.ts';
import { pasteCode, ready, watch } from './helpers.js';
import { serveStatic } from './static-server.js';

const SITE = fileURLToPath(new URL('../web/site/', import.meta.url));
const OFFLINE = `${SITE}tensorcast-offline.html`;
const SHOTS = new URL('./screenshots/offline/', import.meta.url);
const VIEWPORTS = { phone: { width: 390, height: 844 }, laptop: { width: 1366, height: 768 } };
const PRINTED = 'tensor([[-188.],\n        [-180.],\n        [-172.]])';

// A context of its own for each test: these tests take the context offline
// and route it, which a context reused from test to test
// (playwright.config.js) would carry into the next test.
test.use({ reuseContext: false });

test.beforeAll(() => {
  for (const file of ['index.html', 'worksheet.html', 'api.html', 'tensorcast-offline.html'])
    if (!existsSync(`${SITE}${file}`)) throw new Error(`web/site/${file} is missing: run npm run build:site (scripts/build.sh runs it)`);
});

/**
 * The site served from base; every request to another origin is aborted
 * and kept in `outside`, every request at all in `asked`.
 */
async function serve(context, base) {
  const server = await serveStatic(SITE, { base });
  const outside = [];
  const asked = [];
  context.on('request', (r) => asked.push(r.url()));
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === server.origin) return route.continue();
    outside.push(url);
    return route.abort('internetdisconnected');
  });
  return { ...server, outside, asked, at: `${server.origin}${base}` };
}

/** The code mode's program state, as e2e/worker.spec.js reads it. */
const program = (page) => page.evaluate(() => {
  const p = document.querySelector('tensorcast-playground').program;
  return { run: p.run === null ? null : { ok: p.run.ok, error: p.run.error?.message ?? null }, status: p.status?.kind ?? null, offThread: p.offThread };
});

/** Waits for the code mode's editor and a finished run of the program it shows. */
async function codeReady(page) {
  await ready(page);
  await page.waitForFunction(() => {
    const p = document.querySelector('tensorcast-playground').program;
    return p !== null && p.editorReady && p.run !== null;
  }, null, { timeout: 30_000 });
}

/** Picks one of the code mode's examples from its menu and waits for its run. */
async function pickExample(page, id) {
  const before = await page.evaluate(() => document.querySelector('tensorcast-playground').program.code);
  await page.getByTestId('code-preset').selectOption(id);
  await page.waitForFunction((old) => {
    const p = document.querySelector('tensorcast-playground').program;
    return p.code !== old && p.run?.code === p.code;
  }, before);
  expect(await program(page)).toMatchObject({ run: { ok: true } });
  await expect(page.getByTestId('code-preset')).toHaveValue(id);
  await expect(page.getByTestId('inline-value').first()).toBeVisible();
}

/** Runs every example of the API page and returns what each shows: [{ section, state, shown: [{ kind, text, line }] }]. */
async function runApiPage(page) {
  await page.getByTestId('run-all').click();
  const examples = page.getByTestId('example');
  await expect(examples.first()).toBeVisible();
  const n = await examples.count();
  for (let i = 0; i < n; i++) await expect(examples.nth(i)).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  return examples.evaluateAll((els) => els.map((el) => ({
    section: el.dataset.section,
    state: el.dataset.state,
    shown: [...el.querySelectorAll('[data-testid="shown"]')].map((s) => ({
      kind: s.dataset.kind,
      text: s.textContent,
      line: s.closest('li').dataset.line ? s.closest('li').textContent : '',
    })),
  })));
}

for (const base of ['/', '/course/tensorcast/']) {
  test(`the site served from ${base}: playground, code mode and examples, worksheet, API page; nothing asked of another origin`, async ({ page, context }) => {
    const problems = watch(page);
    const site = await serve(context, base);
    try {
      // The playground's two-shape view.
      await page.goto(`${site.at}#a=5,1,4,1&b=3,1,1&op=add&lang=en`);
      await ready(page);
      await expect(page.getByTestId('result-shape')).toContainText('5, 3, 4, 1');

      // The code mode: its first example runs in the worker; another example from the menu.
      await page.goto(`${site.at}#mode=code&lang=en`);
      await codeReady(page);
      expect(await program(page)).toMatchObject({ offThread: true, run: { ok: true } });
      await expect(page.getByTestId('printed')).toHaveText(PRINTED);
      await pickExample(page, 'pairwise-distances');

      // The worksheet: the drills' key is the core's run of each drill.
      await page.goto(`${site.at}worksheet.html#set=drills&lang=en`);
      await expect(page.getByTestId('worksheet-item').first()).toBeVisible();
      await expect(page.getByTestId('worksheet-key-item').first()).toBeVisible({ timeout: 30_000 });

      // The API page: every README example runs; a line raises only where the README says it throws.
      await page.goto(`${site.at}api.html`);
      const examples = await runApiPage(page);
      expect(examples.map((e) => e.section)).toEqual(expect.arrayContaining(['From install to a gradient', 'The API by example', 'Programs']));
      expect(examples.find((e) => e.section === 'From install to a gradient').shown.map((s) => s.text)).toEqual(['tensor([1., 1., 1.])']);
      for (const e of examples) {
        expect(e.shown.length, e.section).toBeGreaterThan(0);
        for (const s of e.shown.filter((x) => x.kind === 'throws')) expect(s.line, `${e.section}: ${s.text}`).toMatch(/throws/);
      }
      expect(examples.flatMap((e) => e.shown).map((s) => s.text)).toContain("'tensor([[1., 2., 3.],\\n        [4., 5., 6.]])'");

      // Nothing asked of another origin, nor outside the base path.
      expect(site.outside).toEqual([]);
      expect(site.asked.filter((u) => !u.startsWith(site.at))).toEqual([]);
      // The counting works: a request to another origin (a navigation: the pages' policy would refuse a fetch itself) is aborted and counted.
      await expect(page.goto('https://example.com/tensorcast-probe')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
      expect(site.outside).toEqual(['https://example.com/tensorcast-probe']);
      console.log(`site from ${base}: ${site.asked.length - 1} requests, all to ${site.at}`);
      expect(problems).toEqual([]);
    } finally {
      await site.close();
    }
  });
}

/** Opens the offline file from disk with the network off; every request not to a file: or data: URL is aborted and kept. */
async function openOffline(page, context, hash) {
  await context.setOffline(true);
  const outside = [];
  const asked = [];
  context.on('request', (r) => asked.push(r.url()));
  await context.route('**', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:') || url.startsWith('data:')) return route.continue();
    outside.push(url);
    return route.abort('internetdisconnected');
  });
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(`${pathToFileURL(OFFLINE).href}#${hash}`);
  await ready(page);
  return { outside, asked };
}

test('the offline file from disk, network off: playground and code mode work, programs run in its inlined worker, Stop ends a long one', async ({ page, context }) => {
  const problems = watch(page);
  const html = readFileSync(OFFLINE, 'utf8');
  expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${OFFLINE_CSP}" />`);
  // One file: no script, style or icon named by a path; the .wasm files inlined, each once.
  const tags = html.replace(/(<script[^>]*>)[\s\S]*?<\/script>/g, '$1').replace(/(<style[^>]*>)[\s\S]*?<\/style>/g, '$1');
  expect(tags.match(/<script[^>]* src=|<link[^>]* href="(?!data:)[^"]*"/g)).toBeNull();
  expect(html.match(/data:application\/wasm;base64,/g)).toHaveLength(2);
  console.log(`tensorcast-offline.html: ${(statSync(OFFLINE).size / 2 ** 20).toFixed(1)} MiB`);

  const t0 = Date.now();
  const net = await openOffline(page, context, 'a=5,1,4,1&b=3,1,1&op=add&lang=en');
  console.log(`offline file: the playground ready ${Date.now() - t0} ms after goto`);
  await expect(page.getByTestId('result-shape')).toContainText('5, 3, 4, 1');

  // The code mode: its programs run in the worker the file carries (started from a blob: URL).
  await page.goto(`${pathToFileURL(OFFLINE).href}#mode=code&lang=en`);
  await codeReady(page);
  expect(await program(page)).toMatchObject({ offThread: true, run: { ok: true } });
  await expect(page.getByTestId('printed')).toHaveText(PRINTED);
  await pickExample(page, 'softmax');

  // A long run (seconds in the worker) can be stopped, and run again.
  await pasteCode(page, 'import torch\nx = torch.randn(4000, 4000)\ny = x @ x\n');
  await expect(page.getByTestId('run-stop')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('run-stop').click();
  await expect(page.getByTestId('run-again')).toBeVisible();
  expect((await program(page)).status).toBe('stopped');
  // A loop that never ends stops at the step limit.
  await pasteCode(page, 'import torch\nwhile True:\n    x = torch.ones(2)\n');
  await page.waitForFunction(() => /statements|steps/.test(document.querySelector('tensorcast-playground').program.run?.error?.message ?? ''), null, { timeout: 10_000 });
  await page.getByTestId('lang').click();
  await expect(page.locator('tensorcast-playground .app')).toHaveAttribute('lang', 'zh-CN');
  await pasteCode(page, 'import torch\nprint(torch.ones(2) + 1)\n');
  await expect(page.getByTestId('printed')).toHaveText('tensor([2., 2.])');

  expect(net.outside).toEqual([]);
  expect(net.asked.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([]);
  expect(await page.evaluate(() => window.violations)).toEqual([]);
  expect(problems).toEqual([]);
});

test('the offline file in a browser that starts no worker: programs run on the page\'s thread, within the package\'s budget, and the page never hangs', async ({ page, context }) => {
  const problems = watch(page);
  // Every worker refused, as a browser might refuse a blob: worker from file://.
  await page.addInitScript(() => {
    window.Worker = function Worker() { throw new DOMException('no worker from this page', 'SecurityError'); };
  });
  const net = await openOffline(page, context, 'mode=code&lang=en');
  await codeReady(page);
  expect(await program(page)).toMatchObject({ offThread: false, run: { ok: true } });
  await expect(page.getByTestId('printed')).toHaveText(PRINTED);
  // Past the page's budget: the limit's message on its line, at once; an endless loop stops at its step limit.
  await pasteCode(page, 'import torch\nx = torch.randn(4000, 4000)\ny = x @ x\n');
  await page.waitForFunction(() => /work units/.test(document.querySelector('tensorcast-playground').program.run?.error?.message ?? ''), null, { timeout: 10_000 });
  await pasteCode(page, 'import torch\nwhile True:\n    x = torch.ones(2)\n');
  await page.waitForFunction(() => /statements|steps/.test(document.querySelector('tensorcast-playground').program.run?.error?.message ?? ''), null, { timeout: 10_000 });
  await page.getByTestId('lang').click();
  await expect(page.locator('tensorcast-playground .app')).toHaveAttribute('lang', 'zh-CN');
  expect(net.outside).toEqual([]);
  expect(problems).toEqual([]);
});

/** Runs the first two examples of the API page, the screenshot's worth (Run all adds the Memory loops' seconds). */
async function runTop(page) {
  for (let i = 0; i < 2; i++) {
    await page.getByTestId('example').nth(i).getByRole('button').click();
    await expect(page.getByTestId('example').nth(i)).toHaveAttribute('data-state', 'done');
  }
}

test('screenshots: the site (playground, code mode, API page) and the offline file, phone and laptop, en and zh', async ({ browser }) => {
  await mkdir(SHOTS, { recursive: true });
  const server = await serveStatic(SITE, { base: '/course/tensorcast/' });
  try {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const lang of ['en', 'zh']) {
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        await page.goto(`${server.origin}/course/tensorcast/#a=5,1,4,1&b=3,1,1&op=add&lang=${lang}`);
        await ready(page);
        await page.screenshot({ path: new URL(`site-playground-${size}-${lang}.png`, SHOTS).pathname });
        await page.goto(`${server.origin}/course/tensorcast/api.html#lang=${lang}`);
        await runTop(page);
        await page.screenshot({ path: new URL(`site-api-${size}-${lang}.png`, SHOTS).pathname });
        await context.setOffline(true);
        await page.goto(`${pathToFileURL(OFFLINE).href}#mode=code&lang=${lang}`);
        await codeReady(page);
        await page.screenshot({ path: new URL(`offline-code-${size}-${lang}.png`, SHOTS).pathname });
        await context.close();
      }
    }
    // Dark: the API page follows the system's scheme; the offline file's playground too (theme=system).
    const dark = await browser.newContext({ viewport: VIEWPORTS.laptop, colorScheme: 'dark' });
    const page = await dark.newPage();
    await page.goto(`${server.origin}/course/tensorcast/api.html#lang=en`);
    await runTop(page);
    await page.screenshot({ path: new URL('site-api-laptop-en-dark.png', SHOTS).pathname });
    await dark.setOffline(true);
    await page.goto(`${pathToFileURL(OFFLINE).href}#a=5,1,4,1&b=3,1,1&op=add&lang=zh`);
    await ready(page);
    await page.screenshot({ path: new URL('offline-playground-laptop-zh-dark.png', SHOTS).pathname });
    await dark.close();
  } finally {
    await server.close();
  }
});
