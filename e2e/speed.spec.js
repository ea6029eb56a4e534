// What makes the page quick on a phone (npm run lighthouse measures it;
// timings are never asserted): the wasm and the script sent compressed with
// the same CSP as every response, the wasm fetched once, after the title and
// the introduction are drawn (Note [The core after the first paint]).
import { expect, test } from '@playwright/test';
import { CONTENT_TYPES } from '../web/content-types.ts';
import { CSP } from '../web/csp.ts';
import { ready, watch } from './helpers.js';

test('the core and the script come compressed, with the CSP, and the wasm is fetched once, after the first paint', async ({ page }) => {
  const problems = watch(page);
  const responses = [];
  page.on('response', (r) => responses.push(r));
  await page.goto('/');
  await ready(page);
  const wasm = responses.filter((r) => r.url().endsWith('.wasm'));
  expect(wasm.map((r) => r.url())).toHaveLength(1);
  // Nothing in the <head> asks for it: it would share the phone's bandwidth with the script.
  await expect(page.locator('link[rel="preload"]')).toHaveCount(0);
  const script = responses.find((r) => r.url().endsWith('/tensorcast-playground.js'));
  for (const r of [wasm[0], script]) {
    const headers = await r.allHeaders();
    expect(['br', 'gzip']).toContain(headers['content-encoding']);
    expect(headers['content-security-policy']).toBe(CSP);
  }
  expect((await wasm[0].allHeaders())['content-type']).toBe('application/wasm');
  expect(problems).toEqual([]);
});

test('the compressed copies hold the same bytes as the files', async ({ request }) => {
  const script = await (await request.get('/tensorcast-playground.js')).text();
  const href = script.match(/assets\/tensorcast-[\w-]+\.wasm/)?.[0];
  expect(href).toBeTruthy();
  const plain = await request.get(`/${href}`, { headers: { 'Accept-Encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  for (const encoding of ['br', 'gzip']) {
    const packed = await request.get(`/${href}`, { headers: { 'Accept-Encoding': encoding } });
    expect(packed.headers()['content-encoding']).toBe(encoding);
    expect(packed.headers()['content-security-policy']).toBe(CSP);
    // The client decodes what it was sent.
    expect(Buffer.compare(await packed.body(), await plain.body())).toBe(0);
    // Of the type Vite's own server sends the plain file with (web/content-types.ts).
    expect(packed.headers()['content-type']).toBe(plain.headers()['content-type']);
  }
  // The page too, which the plain static server of e2e/csp.spec.js sends with the same table's type.
  const page = { plain: await request.get('/index.html', { headers: { 'Accept-Encoding': 'identity' } }), packed: await request.get('/index.html', { headers: { 'Accept-Encoding': 'br' } }) };
  expect(page.packed.headers()['content-encoding']).toBe('br');
  expect(page.packed.headers()['content-type']).toBe(CONTENT_TYPES['.html']);
  expect(page.plain.headers()['content-type'].replace(/\s/g, '')).toBe(CONTENT_TYPES['.html'].replace(/\s/g, ''));
});

test('while the core loads, the title and introduction show, and a language picked then is kept', async ({ page }) => {
  const problems = watch(page);
  let release = () => {};
  const held = new Promise((resolve) => (release = resolve));
  await page.route('**/*.wasm', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/#a=2,3&b=3');
  await expect(page.getByRole('status')).toBeVisible();
  await expect(page.locator('h1')).toHaveText('Broadcasting, step by step');
  const intro = await page.locator('p.intro').elementHandle();
  await page.getByTestId('lang').click();
  await expect(page.locator('h1')).toHaveText('广播机制，一步一步看');
  release();
  await ready(page);
  await expect(page.getByTestId('diagram')).toBeVisible();
  await expect(page.locator('h1')).toHaveText('广播机制，一步一步看');
  // The introduction drawn while loading is the one that stays.
  expect(await intro.evaluate((p) => p.isConnected)).toBe(true);
  await expect.poll(() => page.url()).toContain('lang=zh');
  expect(page.url()).toContain('a=2,3');
  expect(problems).toEqual([]);
});
