// The installed package in a browser: a tiny Vite app (e2e/package/app) that
// imports 'tensorcast' from an npm-packed tarball, runs worked examples on the
// page and in a module Web Worker, under a Content-Security-Policy without
// 'unsafe-eval'. Built by `vite build` and served by `vite preview`, and
// served by Vite's dev server (Vite 8's with no config, Vite 7's with the
// package README's optimizeDeps.exclude); with the SIMD build and the plain one.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { build, createServer, preview } from 'vite';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
let work;
let app;

test.beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'tensorcast-vite-'));
  app = join(work, 'app');
  await cp(fileURLToPath(new URL('app', import.meta.url)), app, { recursive: true });
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: join(root, 'dist') });
  const [packed] = JSON.parse(stdout);
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(work, packed.filename)], { cwd: app });
});

test.afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

// What app/examples.js returns, from docs/examples.md.
const expected = (simd) => ({
  simd,
  c: [[2, 4, 6], [5, 7, 9]],
  error: {
    name: 'TensorcastError',
    kind: 'shape',
    message: 'The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1',
  },
  aGrad: [1, 1, 1],
  bGrad: [3],
  product: [[3, 4], [6, 8]],
});

// Loads the page and returns what it wrote, every failed request and how
// each .wasm was served.
async function visit(page, url) {
  const failed = [];
  const wasm = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    if (new URL(response.url()).pathname.endsWith('.wasm'))
      wasm.push({ name: new URL(response.url()).pathname.split('/').pop(), type: response.headers()['content-type'] });
  });
  await page.goto(url);
  const result = page.locator('#result');
  await expect(result).not.toHaveText('loading', { timeout: 60_000 });
  return { ...JSON.parse(await result.textContent()), failed, wasm };
}

async function checkBoth(page, base) {
  const withSimd = await visit(page, base);
  expect(withSimd).toMatchObject({ page: expected(true), worker: expected(true), violations: [], failed: [] });
  // Fetched as application/wasm, so compiled while streaming.
  expect(withSimd.wasm.length).toBeGreaterThan(0);
  for (const w of withSimd.wasm) {
    expect(w.name).toMatch(/^tensorcast(-[\w-]+)?\.wasm$/);
    expect(w.name).not.toMatch(/nosimd/);
    expect(w.type).toBe('application/wasm');
  }
  const plain = await visit(page, `${base}?simd=0`);
  expect(plain).toMatchObject({ page: expected(false), worker: expected(false), violations: [], failed: [] });
  expect(plain.wasm.some((w) => /nosimd/.test(w.name))).toBe(true);
}

test('vite build + vite preview: page and worker, SIMD and plain', async ({ page }) => {
  await build({ root: app, logLevel: 'warn' });
  const server = await preview({ root: app, preview: { host: '127.0.0.1', port: 4300, strictPort: false } });
  try {
    await checkBoth(page, server.resolvedUrls.local[0]);
  } finally {
    await server.close();
  }
});

test('the Vite dev server finds the .wasm too', async ({ page }) => {
  const server = await createServer({ root: app, server: { host: '127.0.0.1', port: 4400, strictPort: false } });
  await server.listen();
  try {
    await checkBoth(page, server.resolvedUrls.local[0]);
  } finally {
    await server.close();
  }
});

test("Vite 7's dev server with the README's optimizeDeps.exclude: page and worker", async ({ page }) => {
  const vite7 = await import(new URL('../../tests/bundlers/node_modules/vite7/dist/node/index.js', import.meta.url).href);
  const server = await vite7.createServer({
    root: app,
    cacheDir: join(work, 'vite7-cache'),
    optimizeDeps: { exclude: ['tensorcast'] },
    server: { host: '127.0.0.1', port: 4450, strictPort: false },
  });
  await server.listen();
  try {
    await checkBoth(page, server.resolvedUrls.local[0]);
  } finally {
    await server.close();
  }
});
