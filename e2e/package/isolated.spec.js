// The package's threaded module in a browser (Note [The threaded module],
// bindings/ts/threads.ts): dist/ served as it is (no bundler: a bundle keeps
// the single-threaded modules) by a small server of this spec, once with
// the two headers that make a page cross-origin isolated and once without,
// under a strict Content-Security-Policy. Isolated, init() takes the
// threaded module with a thread per core, at most 4 (Note [Threads by
// default]), and an op split between the threads gives the bits one thread
// gives; without the headers the page gets the single-threaded module.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const dist = fileURLToPath(new URL('../../dist', import.meta.url));
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; img-src 'self' data:";

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>threads</title></head>
<body><pre id="result">loading</pre><script type="module" src="./main.js"></script></body></html>`;

// What the page computes: init() as a user calls it, one thread for
// comparison, and ops past the pool's threshold (64k elements).
const MAIN = `import { init } from './tensorcast/index.js';
const out = { isolated: self.crossOriginIsolated === true, cores: navigator.hardwareConcurrency };
try {
  const tc = await init();
  const one = await init({ threads: 1 });
  out.threads = tc.threads;
  out.oneThreads = one.threads;
  const data = new Float32Array(512 * 512);
  for (let i = 0; i < data.length; i++) data[i] = Math.sin(i) * 3;
  const ops = (t) => {
    const a = t.tensor(data, { shape: [512, 512] });
    const rows = a.mul(a.t()).add(a.exp()).sum(1);
    const product = a.matmul(a);
    const soft = a.softmax(1);
    return [rows, product, soft].map((x) => Array.from(x.data()));
  };
  const [split, single] = [ops(tc), ops(one)];
  out.same = split.map((values, k) => values.length > 0 && values.every((v, i) => Object.is(v, single[k][i])));
} catch (error) {
  out.error = String(error);
}
document.getElementById('result').textContent = JSON.stringify(out);
`;

let server;
let base;

test.beforeAll(async () => {
  server = createServer(async (request, response) => {
    const url = new URL(request.url, 'http://localhost');
    const [, mode, ...rest] = url.pathname.split('/');
    const headers = { 'Content-Security-Policy': CSP, 'Cache-Control': 'no-store' };
    if (mode === 'isolated') {
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
    }
    const file = rest.join('/');
    let body;
    if (file === '' || file === 'index.html') body = PAGE;
    else if (file === 'main.js') body = MAIN;
    else if (file.startsWith('tensorcast/')) {
      const path = normalize(join(dist, file.slice('tensorcast/'.length)));
      if (!path.startsWith(dist)) body = undefined;
      else body = await readFile(path).catch(() => undefined);
    }
    if (body === undefined || (mode !== 'isolated' && mode !== 'plain')) {
      response.writeHead(404).end();
      return;
    }
    const type = TYPES[extname(file || 'index.html')] ?? 'application/octet-stream';
    response.writeHead(200, { ...headers, 'Content-Type': type }).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function visit(page, path) {
  const wasm = [];
  const failed = [];
  const errors = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    if (response.url().endsWith('.wasm')) wasm.push(response.url().split('/').pop());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${base}${path}`);
  const result = page.locator('#result');
  await expect(result).not.toHaveText('loading', { timeout: 60_000 });
  return { ...JSON.parse(await result.textContent()), wasm, failed, errors };
}

test('a cross-origin isolated page: init() takes the threaded module, a thread per core up to 4, the bits of one thread', async ({ page }) => {
  const r = await visit(page, '/isolated/');
  expect(r.error).toBeUndefined();
  expect(r.isolated).toBe(true);
  expect(r.threads).toBe(Math.min(r.cores, 4));
  expect(r.oneThreads).toBe(1);
  expect(r.same).toEqual([true, true, true]);
  expect(r.failed).toEqual([]);
  expect(r.errors).toEqual([]);
  if (r.cores > 1) expect(r.wasm).toContain('tensorcast-threads.wasm');
});

test('the same page without the headers: the single-threaded module', async ({ page }) => {
  const r = await visit(page, '/plain/');
  expect(r.error).toBeUndefined();
  expect(r.isolated).toBe(false);
  expect(r.threads).toBe(1);
  expect(r.same).toEqual([true, true, true]);
  expect(r.failed).toEqual([]);
  expect(r.wasm).not.toContain('tensorcast-threads.wasm');
});
