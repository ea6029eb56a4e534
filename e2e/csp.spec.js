// The playground works under
//   default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'
// which the preview server sends with every response (web/vite.config.ts).
// Violations are collected in the page; a probe page that breaks the policy
// shows the collector works.
import { expect, test } from '@playwright/test';
import { CSP } from '../web/csp.ts';
import { open, watch } from './helpers.js';

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
