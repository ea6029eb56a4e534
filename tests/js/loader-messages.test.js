// What init() says when a bundler or server leaves the .wasm behind: the
// answer that came back where the .wasm should be (an HTML page, other
// bytes, a file that is not WebAssembly) and what to configure (Vite's
// optimizeDeps.exclude, Next.js's serverExternalPackages, wasmUrl), each
// reproduced: a server answering as Vite's dev server does, bundles that
// have no import.meta.url, a server bundle whose URL is a web path.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { init, TensorcastError } from 'tensorcast';
import { notWasmError } from '../../dist/loader.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const PAGE = '<!doctype html>\n<html><head><title>app</title></head><body></body></html>\n';
const VITE_FIX =
  "Vite's dev server pre-bundled tensorcast into node_modules/.vite without its .wasm files (Vite 7 and earlier do): " +
  "add optimizeDeps: { exclude: ['tensorcast'] } to vite.config.js (or .ts) and restart the dev server";
const GIVEN_FIX = 'wasmUrl must be where your server serves tensorcast.wasm (or tensorcast-nosimd.wasm), copied from node_modules/tensorcast/';

async function loadError(options) {
  let caught;
  await assert.rejects(init(options), (error) => {
    caught = error;
    return true;
  });
  assert.ok(caught instanceof TensorcastError, String(caught));
  assert.equal(caught.kind, 'load');
  return caught.message;
}

let server;
let origin;
before(async () => {
  // As a dev server answers a file it does not have: its index.html, 200.
  server = createServer((request, response) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/api/tensorcast.wasm') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{"error":"no such route"}');
    } else if (path === '/untyped/tensorcast.wasm') {
      response.end(PAGE);
    } else {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end(PAGE);
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
});
after(() => new Promise((resolve) => server.close(resolve)));

test("Vite's pre-bundled copy fetching node_modules/.vite/deps/tensorcast.wasm gets index.html: names optimizeDeps.exclude", async () => {
  const url = `${origin}/node_modules/.vite/deps/tensorcast.wasm`;
  assert.equal(
    await loadError({ wasmUrl: url }),
    `could not load the tensorcast wasm module: ${url} answered with an HTML page (Content-Type text/html), not the .wasm; ${VITE_FIX}`,
  );
});

test('a wasmUrl answered with an HTML page, typed or not: says so and what wasmUrl must be', async () => {
  const url = `${origin}/assets/tensorcast.wasm`;
  assert.equal(
    await loadError({ wasmUrl: url }),
    `could not load the tensorcast wasm module: ${url} answered with an HTML page (Content-Type text/html), not the .wasm; ${GIVEN_FIX}`,
  );
  const untyped = `${origin}/untyped/tensorcast.wasm`;
  assert.equal(
    await loadError({ wasmUrl: untyped }),
    `could not load the tensorcast wasm module: ${untyped} answered with an HTML page (Content-Type none), not the .wasm; ${GIVEN_FIX}`,
  );
});

test('other bytes than WebAssembly: their size, first bytes and Content-Type', async () => {
  const url = `${origin}/api/tensorcast.wasm`;
  assert.equal(
    await loadError({ wasmUrl: url }),
    `could not load the tensorcast wasm module: ${url} answered with 25 bytes that are not WebAssembly ` +
      `(they start with 7b 22 65 72, not 00 61 73 6d; Content-Type application/json), not the .wasm; ${GIVEN_FIX}`,
  );
});

test('a file that is not WebAssembly (a path under Node)', async () => {
  const readme = join(root, 'dist', 'README.md');
  const { size } = await stat(readme);
  assert.equal(
    await loadError({ wasmUrl: readme }),
    `could not load the tensorcast wasm module: ${readme} holds ${size} bytes that are not WebAssembly ` +
      `(they start with 23 20 74 65, not 00 61 73 6d), not the .wasm; ${GIVEN_FIX}`,
  );
});

test("the package's own URL answered with HTML (a server without the .wasm): copy the files or pass wasmUrl; its own file damaged", () => {
  // Only a browser fetches the package's own URL; the message is the same function's.
  const error = notWasmError('https://example.org/assets/tensorcast.wasm', 'text/html; charset=utf-8', new TextEncoder().encode(PAGE), false);
  assert.equal(
    error.message,
    'could not load the tensorcast wasm module: https://example.org/assets/tensorcast.wasm answered with an HTML page ' +
      "(Content-Type text/html; charset=utf-8), not the .wasm; your server does not serve tensorcast.wasm next to the package's " +
      'index.js: copy tensorcast.wasm and tensorcast-nosimd.wasm from node_modules/tensorcast/ to where it serves them ' +
      'and pass that URL as init({ wasmUrl })',
  );
  // Under Node the package reads its own file: damaged, not misserved.
  assert.equal(
    notWasmError('/app/node_modules/tensorcast/tensorcast.wasm', undefined, new Uint8Array(0), false).message,
    'could not load the tensorcast wasm module: /app/node_modules/tensorcast/tensorcast.wasm holds 0 bytes that are not WebAssembly ' +
      "(they start with nothing, not 00 61 73 6d), not the .wasm; the package's own file is damaged: install tensorcast again",
  );
  assert.equal(notWasmError('x', 'application/wasm', new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), false), null);
});

// Runs a script that loads the package under Node, printing the error.
async function nodeError(script, env = {}) {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: root, env: { ...process.env, ...env } });
  return JSON.parse(stdout);
}
const PRINT_ERROR = `.then(() => console.log('null'), (e) => console.log(JSON.stringify({ name: e.name, kind: e.kind, message: e.message })))`;

// Turbopack's stand-in for URL in a Next.js server bundle (its runtime's
// relativeURL): an instanceof URL whose href is the web path it emitted.
const relativeUrlAs = (path) => `
  const RealURL = URL;
  globalThis.URL = function URL(input, base) {
    if (String(input).endsWith('.wasm')) {
      Object.defineProperty(this, 'href', { value: '${path}' });
      Object.defineProperty(this, 'protocol', { value: '' });
      return;
    }
    return new RealURL(input, base);
  };
  globalThis.URL.prototype = RealURL.prototype;`;

test("a Next.js server bundle (the .wasm's URL a /_next/ path under Node): names serverExternalPackages", async () => {
  const path = '/_next/static/media/tensorcast.26yjsildo74z9.wasm';
  const script = `${relativeUrlAs(path)}\n const { init } = await import('tensorcast');\n init()${PRINT_ERROR};`;
  const expected = {
    name: 'TensorcastError',
    kind: 'load',
    message:
      `could not load the tensorcast wasm module: a bundler made its location ${path}, a path of a web server, which Node cannot read; ` +
      "Next.js bundled tensorcast for the server: add serverExternalPackages: ['tensorcast'] to next.config.js (or .mjs, .ts), so that the server loads tensorcast from node_modules",
  };
  assert.deepEqual(await nodeError(script), expected);
  // Its server sets NEXT_RUNTIME, whatever the path.
  const other = '/assets/tensorcast.wasm';
  const underNext = await nodeError(`${relativeUrlAs(other)}\n const { init } = await import('tensorcast');\n init()${PRINT_ERROR};`, { NEXT_RUNTIME: 'nodejs' });
  assert.equal(underNext.message, expected.message.replace(path, other));
  const elsewhere = await nodeError(`${relativeUrlAs(other)}\n const { init } = await import('tensorcast');\n init()${PRINT_ERROR};`);
  assert.equal(
    elsewhere.message,
    `could not load the tensorcast wasm module: a bundler made its location ${other}, a path of a web server, which Node cannot read; ` +
      'leave tensorcast out of your server bundle (mark it external), or pass init({ wasmUrl }) with the path of node_modules/tensorcast/tensorcast.wasm',
  );
});

test("an iife or CommonJS bundle without wasmUrl (no import.meta.url): names wasmUrl, not 'Invalid URL'", async (t) => {
  const work = await mkdtemp(join(tmpdir(), 'tensorcast-bundle-'));
  t.after(() => rm(work, { recursive: true, force: true }));
  await writeFile(join(work, 'app.js'), `import { init } from ${JSON.stringify(join(root, 'dist/index.js'))};\ninit()${PRINT_ERROR};\n`);
  const expected = {
    name: 'TensorcastError',
    kind: 'load',
    message:
      'could not load the tensorcast wasm module: this bundle has no import.meta.url to find tensorcast.wasm by (an iife or CommonJS bundle): ' +
      'pass init({ wasmUrl }) with the URL of tensorcast.wasm, copied from node_modules/tensorcast/ to where your server serves it, ' +
      'or init({ wasmBinary }) with its bytes',
  };
  for (const format of ['iife', 'cjs']) {
    const out = join(work, `app.${format}.cjs`);
    // The package's ES modules, as a bundler for the web takes them.
    await run(join(root, 'node_modules/.bin/esbuild'), [join(work, 'app.js'), '--bundle', `--format=${format}`, '--platform=browser', '--log-level=error', `--outfile=${out}`], { cwd: root });
    const { stdout } = await run(process.execPath, [out]);
    assert.deepEqual(JSON.parse(stdout), expected, format);
  }
});
