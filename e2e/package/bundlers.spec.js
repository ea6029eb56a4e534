// The installed package through the bundlers the Vite app does not cover:
// esbuild (ES module and iife output), Rollup and webpack 5, each with no
// plugin or config for the .wasm beyond what the package README says (copy
// the .wasm files next to an esbuild or Rollup bundle; webpack emits them
// itself), served under a strict Content-Security-Policy in Chromium. And
// the forgetful loop in Chromium: warned early, then the helpful error.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import nodeResolve from '@rollup/plugin-node-resolve';
import { rollup } from 'rollup';
import webpack from 'webpack';
import { CONTENT_TYPES } from '../../web/content-types.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
let work;
let app;

const html = (script) => `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'">
<link rel="icon" href="data:,"></head><body><pre id="result">loading</pre>${script}</body></html>`;

test.beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'tensorcast-bundlers-'));
  app = join(work, 'app');
  await mkdir(app);
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  await cp(fileURLToPath(new URL('bundled/page.js', import.meta.url)), join(app, 'page.js'));
  await cp(fileURLToPath(new URL('app/examples.js', import.meta.url)), join(app, 'examples.js'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: join(root, 'dist') });
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(work, JSON.parse(stdout)[0].filename)], { cwd: app });
});

test.afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function serve(dir, fn) {
  const server = createServer(async (req, res) => {
    const path = join(dir, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    try {
      const body = await readFile(path.endsWith('/') ? join(path, 'index.html') : path);
      res.writeHead(200, { 'Content-Type': CONTENT_TYPES[extname(path) || '.html'] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await fn(`http://127.0.0.1:${server.address().port}/`);
  } finally {
    server.close();
  }
}

async function visit(page, url) {
  const failed = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(url);
  await expect(page.locator('#result')).not.toHaveText('loading', { timeout: 90_000 });
  return { ...JSON.parse(await page.locator('#result').textContent()), failed };
}

const expected = {
  simd: true,
  c: [[2, 4, 6], [5, 7, 9]],
  error: { name: 'TensorcastError', kind: 'shape', message: 'The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1' },
  aGrad: [1, 1, 1],
  bGrad: [3],
  product: [[3, 4], [6, 8]],
  failed: [],
};

// The README's copy step for bundlers that leave the .wasm behind.
const copyWasm = (out) => Promise.all(['tensorcast.wasm', 'tensorcast-nosimd.wasm'].map((f) => cp(join(app, 'node_modules/tensorcast', f), join(out, f))));

async function esbuildEsm() {
  const out = join(app, 'out-esm');
  await run(join(root, 'node_modules/.bin/esbuild'), ['page.js', '--bundle', '--format=esm', '--log-level=error', `--outfile=${join(out, 'page.js')}`], { cwd: app });
  await copyWasm(out);
  await writeFile(join(out, 'index.html'), html('<script type="module" src="page.js"></script>'));
  return out;
}

test('esbuild, ES module output, the .wasm copied beside the bundle', async ({ page }) => {
  await serve(await esbuildEsm(), async (url) => expect(await visit(page, url)).toEqual(expected));
});

test('esbuild, iife output (a classic script, no import.meta.url): wasmUrl given', async ({ page }) => {
  const out = join(app, 'out-iife');
  await run(join(root, 'node_modules/.bin/esbuild'), ['page.js', '--bundle', '--format=iife', '--log-level=error', `--outfile=${join(out, 'page.js')}`], { cwd: app });
  await copyWasm(out);
  await writeFile(join(out, 'index.html'), html('<script src="page.js" data-wasm="tensorcast.wasm"></script>'));
  await serve(out, async (url) => expect(await visit(page, url)).toEqual(expected));
});

test('Rollup with node-resolve, the .wasm copied beside the bundle', async ({ page }) => {
  const out = join(app, 'out-rollup');
  const bundle = await rollup({ input: join(app, 'page.js'), plugins: [nodeResolve({ rootDir: app })], onwarn: () => {} });
  await bundle.write({ dir: out, format: 'es' });
  await copyWasm(out);
  await writeFile(join(out, 'index.html'), html('<script type="module" src="page.js"></script>'));
  await serve(out, async (url) => expect(await visit(page, url)).toEqual(expected));
});

test('webpack 5 with no config: it emits the .wasm itself', async ({ page }) => {
  const out = join(app, 'out-webpack');
  const stats = await new Promise((resolve, reject) =>
    webpack({ mode: 'production', context: app, entry: './page.js', output: { path: out, filename: 'page.js' } }, (error, s) => (error ? reject(error) : resolve(s))));
  expect(stats.hasErrors(), stats.toString('errors-only')).toBe(false);
  expect((await readdir(out)).filter((f) => f.endsWith('.wasm')).length).toBeGreaterThan(0);
  await writeFile(join(out, 'index.html'), html('<script src="page.js"></script>'));
  await serve(out, async (url) => expect(await visit(page, url)).toEqual(expected));
});

test('the forgetful loop in Chromium: warned early, then a helpful TensorcastError, not a crash', async ({ page }) => {
  await serve(await esbuildEsm(), async (url) => {
    const r = await visit(page, `${url}?forget=1`);
    expect(r.failed).toEqual([]);
    expect(r.warnedAt).not.toBeNull();
    expect(r.warnedAt).toBeLessThan(200);
    expect(r.failedAt).toBeGreaterThan(r.warnedAt);
    expect(r.isTensorcastError).toBe(true);
    expect(r.kind).toBe('memory');
    expect(r.message).toMatch(/^out of memory: .*\. \d+ tensors are alive \(\d\.\d\d GB of tensor storage\), \d+ of them made outside any tidy\(\); most were made by (add|mul) \(\d+\), (add|mul) \(\d+\), ones \(2\)\. Free tensors you no longer need/);
  });
});
