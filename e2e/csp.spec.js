// The playground works under
//   default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'
// which the preview server sends with every response (web/vite.config.ts)
// and every built page (index.html, and course.html copied from web/public)
// carries in a <meta> (web/csp-meta.ts), both from web/csp.ts. Violations
// are collected in the page; a probe page that breaks the policy shows the
// collector works.
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { CSP, CSP_META, HEADER_ONLY } from '../web/csp.ts';
import { open, ready, watch } from './helpers.js';
import { serveStatic } from './static-server.js';

/** Whether an inline script put into the page runs (the policy's script-src allows none). */
const inlineRuns = (page) => page.evaluate(async () => {
  const script = document.createElement('script');
  script.textContent = 'window.inlineRan = true';
  document.head.append(script);
  await new Promise((resolve) => setTimeout(resolve, 50));
  return window.inlineRan === true;
});

/** The policy of a page's <meta http-equiv="Content-Security-Policy">, or null. */
const metaPolicy = (html) => /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/i.exec(html)?.[1] ?? null;

async function collectViolations(page) {
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}

test('every view, the fixes and both exports run under the strict CSP without a violation', async ({ page }) => {
  const problems = watch(page);
  await collectViolations(page);
  const response = await page.goto('/#a=5,2,4,1&b=3,1,1&op=add&view=inplace&lang=en');
  expect(response.headers()['content-security-policy']).toBe(CSP);
  await page.waitForFunction(() => document.querySelector('tensorcast-playground')?.playground != null);
  await expect(page.getByTestId('error')).toBeVisible();
  await page.getByTestId('shape-a').fill('5,1,4,1');
  for (const view of ['strides', 'grad', 'inplace', 'align']) {
    await page.getByTestId(`tab-${view}`).click();
    await expect(page.getByTestId('diagram')).toBeVisible();
  }
  await page.getByTestId('theme').selectOption('dark');
  const download = page.waitForEvent('download');
  await page.getByTestId('export-png').click();
  expect((await download).suggestedFilename()).toMatch(/\.png$/);
  const svg = page.waitForEvent('download');
  await page.getByTestId('export-svg').click();
  expect((await svg).suggestedFilename()).toMatch(/\.svg$/);
  expect(await page.evaluate(() => window.violations)).toEqual([]);
  expect(problems).toEqual([]);
});

test('a page breaking the same policy is caught (the check can fail)', async ({ page }) => {
  await collectViolations(page);
  await page.route('**/csp-probe.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': CSP },
      body: '<!doctype html><p>probe</p><script>document.title = "ran"</script>',
    }));
  await open(page);
  await page.goto('/csp-probe.html');
  await expect.poll(() => page.evaluate(() => window.violations.length)).toBeGreaterThan(0);
  expect(await page.title()).not.toBe('ran');
});

/** Every HTML page of the build, by its name in web/dist. */
const builtPages = () => readdirSync(new URL('../web/dist/', import.meta.url), { recursive: true })
  .filter((name) => name.endsWith('.html'));

test('every built page carries the header\'s policy in a <meta>, before anything it governs', async ({ request }) => {
  const pages = builtPages();
  // The playground and the course page web/public/course.html, which Vite copies as it is.
  expect(pages).toEqual(expect.arrayContaining(['index.html', 'course.html']));
  for (const name of pages) {
    const html = readFileSync(new URL(`../web/dist/${name}`, import.meta.url), 'utf8');
    expect(metaPolicy(html), name).toBe(CSP_META);
    expect(html.match(/http-equiv="Content-Security-Policy"/gi), name).toHaveLength(1);
    // Right after the charset: a <meta> policy governs only what comes after it.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf('Content-Security-Policy'), name).toBeLessThan(Math.min(...['<script', '<link'].map((t) => head.indexOf(t)).filter((i) => i >= 0)));
    // What the preview server sends is the same page, with the header.
    const served = await request.get(name === 'index.html' ? '/' : `/${name}`);
    expect(served.headers()['content-security-policy'], name).toBe(CSP);
    expect(metaPolicy(await served.text()), name).toBe(CSP_META);
  }
  // The two agree: the meta is the header's policy without the directives a meta cannot carry (none today).
  const directives = (policy) => policy.split(';').map((d) => d.trim()).filter(Boolean);
  expect(directives(CSP_META)).toEqual(directives(CSP).filter((d) => !HEADER_ONLY.includes(d.split(' ')[0])));
  expect(CSP_META).toBe(CSP);
});

test('served by a plain static host that sends no header, the page still runs under its policy, and works', async ({ page }) => {
  const host = await serveStatic();
  try {
    const problems = watch(page);
    await collectViolations(page);
    const response = await page.goto(`${host.origin}/#a=5,2,4,1&b=3,1,1&op=add&view=strides&lang=en`);
    expect(response.headers()['content-security-policy']).toBeUndefined();
    await page.waitForFunction(() => document.querySelector('tensorcast-playground')?.playground != null, null, { timeout: 30_000 });
    // Enforced: an inline script is refused (script-src has no 'unsafe-inline'), and the refusal is reported as a violation.
    expect(await inlineRuns(page)).toBe(false);
    await expect.poll(() => page.evaluate(() => window.violations)).toEqual([expect.stringMatching(/^script-src-elem inline/)]);
    // The probe's own refusal is logged to the console too; from here on, nothing may be.
    await expect.poll(() => problems.length).toBe(1);
    problems.length = 0;
    await page.evaluate(() => { window.violations = []; });
    // And the page works under it: the core compiled (wasm-unsafe-eval), the views, the code mode's editor and its run.
    await expect(page.getByTestId('error')).toContainText('must match');
    await page.getByTestId('shape-a').fill('5,1,4,1');
    await expect(page.getByTestId('result-shape')).toHaveText('torch.Size([5, 3, 4, 1])');
    await page.getByTestId('mode-code').click();
    await page.waitForFunction(() => document.querySelector('tensorcast-playground').program?.editorReady === true);
    await expect(page.getByTestId('inline-value').first()).toBeVisible();
    const svg = page.waitForEvent('download');
    await page.getByTestId('mode-shapes').click();
    await page.getByTestId('export-svg').click();
    expect((await svg).suggestedFilename()).toMatch(/\.svg$/);
    expect(await page.evaluate(() => window.violations)).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await host.close();
  }
});

test('served by a plain static host, the course page course.html runs under the same policy, and its playgrounds work', async ({ page }) => {
  const host = await serveStatic();
  try {
    const problems = watch(page);
    await collectViolations(page);
    const response = await page.goto(`${host.origin}/course.html`);
    expect(response.headers()['content-security-policy']).toBeUndefined();
    for (const id of ['#lesson-align', '#lesson-strides', '#lesson-lecture']) await ready(page, id);
    expect(await inlineRuns(page)).toBe(false);
    await expect.poll(() => page.evaluate(() => window.violations)).toEqual([expect.stringMatching(/^script-src-elem inline/)]);
    await expect.poll(() => problems.length).toBe(1);
    problems.length = 0;
    await page.evaluate(() => { window.violations = []; });
    const first = page.locator('#lesson-align');
    await expect(first.getByTestId('result-shape')).toHaveText('torch.Size([5, 3, 4, 1])');
    await first.getByTestId('shape-a').fill('2,1');
    await expect(first.getByTestId('result-shape')).toHaveText('torch.Size([3, 2, 1])');
    await first.getByTestId('tab-strides').click();
    await expect(first.getByTestId('diagram')).toBeVisible();
    expect(await page.evaluate(() => window.violations)).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await host.close();
  }
});

test('the static host\'s check can fail: the same page without its <meta> runs an inline script', async ({ page }) => {
  const host = await serveStatic();
  try {
    const html = readFileSync(new URL('../web/dist/index.html', import.meta.url), 'utf8').replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/i, '');
    expect(metaPolicy(html)).toBeNull();
    await page.route(`${host.origin}/`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
    await page.goto(`${host.origin}/`);
    expect(await inlineRuns(page)).toBe(true);
  } finally {
    await host.close();
  }
});
