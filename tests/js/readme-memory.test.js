// The package README's Memory section, run as written (its first js block,
// read from bindings/README.md so that the two cannot drift): its loops of
// 10,000 iterations leave tc.memory() where it was, in tensors and bytes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { init } from 'tensorcast';

const readme = readFileSync(new URL('../../bindings/README.md', import.meta.url), 'utf8');

/** The first ```js block after the heading `## name`. */
function firstBlock(section) {
  const start = readme.indexOf(`\n## ${section}\n`);
  assert.ok(start >= 0, `the README has a ${section} section`);
  const block = /```js\n([\s\S]*?)```/.exec(readme.slice(start));
  assert.ok(block, `the ${section} section has a js block`);
  return block[1];
}

test("the README's memory loops run 10,000 iterations each and leave tc.memory() as it was", async () => {
  const code = firstBlock('Memory');
  assert.match(code, /i < 10000/);
  const tc = await init({ simd: false });
  const warnings = [];
  tc.onWarning((w) => warnings.push(w.message));
  const before = tc.memory();
  const after = new Function('tc', `${code}\nreturn tc.memory();`)(tc);
  assert.deepEqual(warnings, []);
  assert.equal(after.tensors, before.tensors);
  assert.equal(after.bytes, before.bytes);
  assert.ok(after.heapUsed - before.heapUsed < 2 ** 20, `heapUsed ${before.heapUsed} -> ${after.heapUsed}`);
});

test('the check above fails on a loop that keeps what tidy returns (the README had one)', async () => {
  const tc = await init({ simd: false });
  const before = tc.memory().tensors;
  const a = tc.ones([3]);
  for (let i = 0; i < 10000; i++) tc.tidy(() => a.add(a).mul(2));
  assert.equal(tc.memory().tensors, before + 10001);
});
