// Loading: one shared instance for init(), separate ones for explicit
// options (bytes, URLs, a forced build), SIMD detection choosing the file,
// streaming compile over HTTP, clear errors when the .wasm is missing or
// broken, and tensors refusing to cross instances.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { init, TensorcastError } from 'tensorcast';
import { tc, throwsTc } from './helpers.js';
import { hasWasmSimd } from '../../dist/simd.js';

const dist = new URL('../../dist/', import.meta.url);
// A worked example of docs/examples.md, computed by an instance.
const computeExample = (t) =>
  t.tidy(() => t.tensor([[1, 2, 3], [4, 5, 6]]).add(t.tensor([1, 2, 3])).toArray());
const EXAMPLE = [[2, 4, 6], [5, 7, 9]];

async function rejectsTc(promise, kind, message) {
  await assert.rejects(promise, (error) => {
    assert.ok(error instanceof TensorcastError, String(error));
    assert.equal(error.kind, kind);
    assert.match(error.message, message);
    return true;
  });
}

test('init() loads once: every call gets the same instance', async () => {
  const [x, y] = await Promise.all([init(), init()]);
  assert.equal(x, tc);
  assert.equal(y, tc);
  assert.equal(await init({}), tc, 'empty options are no options');
});

test('this engine has wasm SIMD, so the SIMD build runs by default', () => {
  assert.equal(hasWasmSimd(), true);
  assert.equal(tc.simd, true);
  assert.match(tc.explain.op('add', 1.5, 2.5).trace.kernel, /wasmsimd/);
});

test('init({ simd: false }) runs the plain build, as an engine without SIMD would', async () => {
  const plain = await init({ simd: false });
  assert.notEqual(plain, tc);
  assert.equal(plain.simd, false);
  assert.deepEqual(computeExample(plain), EXAMPLE);
  assert.match(plain.explain.op('add', 1.5, 2.5).trace.kernel, /__scalar_/);
});

test('without SIMD support the loader picks tensorcast-nosimd.wasm (WebAssembly.validate says no)', async () => {
  const script = `
    WebAssembly.validate = () => false;
    const { init } = await import('tensorcast');
    const tc = await init();
    const sum = tc.tensor([[1, 2, 3], [4, 5, 6]], { dtype: 'float32' }).add(tc.tensor([1, 2, 3], { dtype: 'float32' })).toArray();
    console.log(JSON.stringify({ simd: tc.simd, sum }));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
  });
  assert.deepEqual(JSON.parse(stdout), { simd: false, sum: EXAMPLE });
});

test('init({ wasmBinary }) and init({ wasmUrl }) load what they are given', async () => {
  const fromBytes = await init({ wasmBinary: await readFile(new URL('tensorcast.wasm', dist)) });
  assert.equal(fromBytes.simd, true, 'simd reports the module that runs');
  assert.deepEqual(computeExample(fromBytes), EXAMPLE);
  const fromArrayBuffer = await init({ wasmBinary: (await readFile(new URL('tensorcast-nosimd.wasm', dist))).buffer });
  assert.equal(fromArrayBuffer.simd, false);
  const fromFileUrl = await init({ wasmUrl: new URL('tensorcast-nosimd.wasm', dist) });
  assert.equal(fromFileUrl.simd, false);
  const fromPath = await init({ wasmUrl: fileURLToPath(new URL('tensorcast.wasm', dist)) });
  assert.equal(fromPath.simd, true);
  assert.deepEqual(computeExample(fromPath), EXAMPLE);
});

test('init({ wasmModule: tc.wasmModule }) is a separate instance on the same compiled module', async () => {
  const first = await init({ simd: false });
  assert.ok(first.wasmModule instanceof WebAssembly.Module);
  const second = await init({ wasmModule: first.wasmModule });
  assert.equal(second.wasmModule, first.wasmModule, 'the module it was given, not a copy');
  assert.equal(second.simd, false, 'simd reports the module that runs');
  assert.deepEqual(computeExample(second), EXAMPLE);
  // Its own memory: a tensor of one is not the other's.
  const t = first.ones([2]);
  await rejectsTc(Promise.resolve().then(() => second.add(t, t)), 'instance', /./);
  await rejectsTc(init({ wasmModule: new Uint8Array([0, 97, 115, 109]) }), 'type', /^init\(\): option 'wasmModule' must be a WebAssembly.Module$/);
});

test('a missing or broken .wasm is a TensorcastError of kind "load", and init() can be retried', async () => {
  await rejectsTc(init({ wasmUrl: '/nonexistent/tensorcast.wasm' }), 'load', /ENOENT/);
  await rejectsTc(init({ wasmBinary: new Uint8Array([1, 2, 3]) }), 'load', /^could not load the tensorcast wasm module: /);
  await rejectsTc(init({ wasmBinary: 'bytes' }), 'type', /wasmBinary/);
  await rejectsTc(init({ simd: 'yes' }), 'type', /simd/);
  await rejectsTc(init({ wasmPath: 'x' }), 'type', /^init\(\): unknown option 'wasmPath'/);
  assert.deepEqual(computeExample(await init()), EXAMPLE);
});

let server;
let origin;
before(async () => {
  // A static server for dist/, with and without the application/wasm type.
  server = createServer(async (request, response) => {
    const url = new URL(request.url, 'http://localhost');
    try {
      const body = await readFile(new URL(url.pathname.replace(/^\/(plain|typed)\//, ''), dist));
      response.writeHead(200, url.pathname.startsWith('/typed/') ? { 'Content-Type': 'application/wasm' } : {});
      response.end(body);
    } catch {
      response.writeHead(404).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
});
after(() => new Promise((resolve) => server.close(resolve)));

test('over HTTP: streaming compile with application/wasm, a fallback without it, HTTP errors', async () => {
  const streaming = WebAssembly.instantiateStreaming;
  let streamedCalls = 0;
  WebAssembly.instantiateStreaming = (...args) => {
    streamedCalls++;
    return streaming(...args);
  };
  try {
    const streamed = await init({ wasmUrl: `${origin}/typed/tensorcast.wasm` });
    assert.deepEqual(computeExample(streamed), EXAMPLE);
    assert.equal(streamedCalls, 1);
    const buffered = await init({ wasmUrl: new URL(`${origin}/plain/tensorcast-nosimd.wasm`) });
    assert.equal(buffered.simd, false);
    assert.deepEqual(computeExample(buffered), EXAMPLE);
    assert.equal(streamedCalls, 1, 'no streaming without the application/wasm type');
  } finally {
    WebAssembly.instantiateStreaming = streaming;
  }
  await rejectsTc(init({ wasmUrl: `${origin}/typed/missing.wasm` }), 'load', /^could not load http:\/\/127\.0\.0\.1:\d+\/typed\/missing\.wasm: HTTP 404$/);
});

test('instances are separate: a tensor cannot cross, settings do not leak', async () => {
  const other = await init({ simd: false });
  const mine = tc.ones([2]);
  const theirs = other.ones([2]);
  const crossing = /belongs to another tensorcast instance; each init\(\) with options loads its own module, and tensors cannot move between them$/;
  throwsTc(() => other.add(mine, 1), 'instance', crossing);
  throwsTc(() => mine.add(theirs), 'instance', crossing);
  throwsTc(() => other.explain.op('add', mine, 1), 'instance', crossing);
  throwsTc(() => theirs.expandAs(mine), 'instance', crossing);
  other.setBroadcastPolicy('raise');
  try {
    assert.deepEqual(tc.tidy(() => tc.ones([2, 2]).add(tc.ones([2])).shape), [2, 2]);
    throwsTc(() => other.ones([2, 2]).add(other.ones([2])), 'policy');
  } finally {
    other.setBroadcastPolicy('allow');
  }
  assert.deepEqual(mine.add(1).toArray(), [2, 2]);
  mine.dispose();
  theirs.dispose();
});
