// The site's API page (web/api.html): the package README's js blocks
// compiled at build time into functions (web/api-examples-plugin.ts, Note
// [Examples bundled, never evaluated]) and what each line gave, as the page
// shows it (model/api-run.ts, model/show-value.ts). Here every block runs
// in Node on an instance of its own, as the page runs it: no line throws
// unless the README says it throws, and where the README's comment on a
// line is a value, it is the value the line gave. e2e/site.spec.js runs
// the same bundle in Chromium.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { init, Tensor } from 'tensorcast';
import { loadWeb } from './bundle.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(root, 'bindings/README.md'), 'utf8');
const { SKIPPED, examplesModule, readBlocks, transformBlock, runExample, showValue, showThrown, MAX_SHOWN } =
  await loadWeb('../api-examples-plugin', 'model/api-run', 'model/show-value');

const isTensor = (v) => v instanceof Tensor;
const dir = mkdtempSync(join(root, 'node_modules/.cache/tc-api-examples-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The virtual module as the build makes it, importable here ('tensorcast' the package in dist/). */
async function bundled(text) {
  const file = join(dir, `examples-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, examplesModule(text).replace("from 'tensorcast'", `from '${pathToFileURL(join(root, 'dist/index.js')).href}'`));
  return (await import(pathToFileURL(file).href)).EXAMPLES;
}

test('a block: imports hoisted, each expression statement recorded on its last line, the rest as written', () => {
  const text = "import { init } from 'tensorcast';\n// é, 字: offsets count UTF-16\nconst a = 1;\na + 1;\nlet b;\nb = 2;\nfor (const i of [1]) i;\n[\n  a,\n];";
  const { body, imports } = transformBlock('S', text);
  assert.deepEqual(imports, ['init']);
  assert.equal(body, '\n// é, 字: offsets count UTF-16\nconst a = 1;\nawait show(4, async () => (a + 1));\nlet b;\nb = 2;\nfor (const i of [1]) i;\nawait show(10, async () => ([\n  a,\n]));');
});

test('a block importing anything but tensorcast, or by another name, stops the build', () => {
  assert.throws(() => transformBlock('S', "import fs from 'node:fs';"), /"S" imports node:fs; only 'tensorcast' is bundled/);
  assert.throws(() => transformBlock('S', "import { init as go } from 'tensorcast';"), /"S" imports other than by name/);
});

test("the README's js blocks, by section; Loading's left out (SKIPPED), ```javascript and ```sh never read", () => {
  const sections = readBlocks(readme).map((b) => b.section);
  assert.deepEqual([...new Set(sections)], ['From install to a gradient', 'The API by example', 'Memory', 'Errors', 'Warnings', 'Traces', 'Programs']);
  assert.ok(!sections.includes('Loading') && 'Loading' in SKIPPED);
  assert.ok(readBlocks('## A\n```js\nx;\n```\n## Loading\n```js\ny;\n```\n').length === 1);
  assert.throws(() => readBlocks('## A\n```js\nx;\n'), /not closed/);
});

/** The README's comment on line n (1-based) of text: after its `//`, or on the comment line under it. */
function comment(lines, n) {
  const own = lines[n - 1].split('// ')[1];
  if (own !== undefined) return own;
  const next = lines[n]?.trim();
  return next?.startsWith('// ') ? next.slice(3) : '';
}

test('every example runs in Node: a line throws only where the README says so, and a value the README writes is the one shown', async () => {
  const examples = await bundled(readme);
  const shared = await init();
  let agreeing = 0;
  for (const ex of examples) {
    const tc = await init({ wasmModule: shared.wasmModule });
    const shown = await runExample(ex, tc, isTensor);
    const lines = ex.text.split('\n');
    assert.ok(shown.length > 0, `${ex.section}: shows nothing`);
    for (const s of shown) {
      const said = s.line === null ? '' : comment(lines, s.line);
      if (s.kind === 'throws') assert.match(said, /throws/, `${ex.section} line ${s.line} threw ${s.text}`);
      // A comment that is a value (a number, string, array, true/false/null), not a tensor's values in words.
      if (s.kind === 'value' && !s.text.startsWith('tensor(') && /^([-\d'"[]|true|false|null)/.test(said)) {
        assert.ok(said.startsWith(s.text), `${ex.section} line ${s.line}: the README says ${said}, the line gives ${s.text}`);
        agreeing++;
      }
    }
  }
  assert.ok(agreeing >= 30, `${agreeing} lines whose comment is their value`);
});

test("the first example logs x.grad as the README's comment says; Errors' catch logs the kind and PyTorch's text", async () => {
  const examples = await bundled(readme);
  const first = await runExample(examples[0], await init(), isTensor);
  assert.deepEqual(first, [{ line: 5, kind: 'log', text: 'tensor([1., 1., 1.])' }]);
  const errors = await runExample(examples.find((e) => e.section === 'Errors'), await init({ simd: false }), isTensor);
  assert.deepEqual(errors, [{ line: null, kind: 'log', text: 'shape The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1' }]);
});

test('a block that throws outside a recorded line stops there and says so', async () => {
  const [ex] = await bundled('## S\n```js\nconst t = tc.ones([2]);\nt.shape;\nconst u = t.view([3]);\nu.shape;\n```\n');
  const shown = await runExample(ex, await init({ simd: false }), isTensor);
  assert.deepEqual(shown.map((s) => [s.line, s.kind]), [[2, 'value'], [null, 'throws']]);
  assert.match(shown[1].text, /^TensorcastError: shape '\[3\]' is invalid for input of size 2/);
});

test('showValue: what a reader of the README expects, bounded', () => {
  const t = (v) => showValue(v, isTensor);
  assert.equal(t('float32'), "'float32'");
  assert.equal(t("name 'x'"), `"name 'x'"`);
  assert.equal(t('a\nb'), "'a\\nb'");
  assert.equal(t(2n ** 62n), '4611686018427387904n');
  assert.equal(t(-0), '-0');
  assert.equal(t(new Float32Array([1, 2.5])), 'Float32Array [1, 2.5]');
  assert.equal(t(new BigInt64Array([3n])), 'BigInt64Array [3n]');
  assert.equal(t({ a: [1, { b: null }], 'x-y': undefined }), "{ a: [1, { b: null }], 'x-y': undefined }");
  assert.equal(t([[[[[1]]]]]), '[[[[[…]]]]]');
  assert.equal(t(new Map()), 'Map {}');
  assert.equal(t(Array(3000).fill(1)).length, MAX_SHOWN);
  assert.ok(t(Array(3000).fill(1)).endsWith('…'));
  assert.equal(showThrown(new TypeError('x')), 'TypeError: x');
  assert.equal(showThrown('s'), 'throw s');
});
