// The download a page pays for the core: the SIMD .wasm and its glue,
// gzipped as a server sends them (bench/size.js measures the same files
// for the bench's size row). The target is 250 kB, level with tfjs
// (SIZE_LIMIT_BYTES, bench/targets.js), and is missed (bench/notes.md, "Where the bytes are": the ops'
// own code gzips to more than that). This budget keeps the module from
// growing back unnoticed: a change that passes it must say why, here and
// in bench/notes.md.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');
const gzipped = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

// 576,835 + 10,364 bytes when it was set (gzip -9, Node's zlib).
const BUDGET_BYTES = 600_000;

test('the SIMD module and its glue stay within their gzipped budget', () => {
  const bytes = gzipped('tensorcast.wasm') + gzipped('wasm-glue.js');
  assert.ok(bytes <= BUDGET_BYTES, `tensorcast.wasm + wasm-glue.js: ${bytes} bytes gzipped, over the budget of ${BUDGET_BYTES}`);
});

// init({ programs: false })'s module (Note [The module without programs],
// bindings/ts/loader.ts): 487,270 + 10,437 bytes when it was set. Its own
// budget, so that the interpreter's code cannot creep into it unnoticed
// (through a binding other than tc.run's that reaches the parser).
const NO_PROGRAMS_BUDGET_BYTES = 505_000;

test('the module without programs stays within its gzipped budget, well under the one with them', () => {
  const lean = gzipped('tensorcast-noprograms.wasm') + gzipped('wasm-glue.js');
  const full = gzipped('tensorcast.wasm') + gzipped('wasm-glue.js');
  assert.ok(lean <= NO_PROGRAMS_BUDGET_BYTES, `tensorcast-noprograms.wasm + glue: ${lean} bytes gzipped, over the budget of ${NO_PROGRAMS_BUDGET_BYTES}`);
  assert.ok(full - lean >= 60_000, `the interpreter is only ${full - lean} bytes gzipped of the module: is it still left out?`);
});

test('the fallback without SIMD stays within the same budget', () => {
  const bytes = gzipped('tensorcast-nosimd.wasm') + gzipped('wasm-glue.js');
  assert.ok(bytes <= BUDGET_BYTES, `tensorcast-nosimd.wasm + glue: ${bytes} bytes gzipped, over the budget of ${BUDGET_BYTES}`);
});
