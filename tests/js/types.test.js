// The types a strict TypeScript user gets, from the installed tarball: every
// example of the package's README (bindings/README.md) compiles under
// --strict, with lib es2022 alone (no DOM, no Node types); the misuses that
// would only fail at run time are type errors.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { packedApp } from './packed-app.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const tsc = join(root, 'node_modules/.bin/tsc');
const OPTIONS = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--lib', 'es2022', '--types', ''];
let work;
let app;

before(async () => {
  ({ work, app } = await packedApp('tensorcast-types-'));
});

after(() => rm(work, { recursive: true, force: true }));

// Each ```js block of the README as a module: its imports first, its code in
// a block of its own, after declarations of what the README's prose leaves
// to the reader (the instance, and tensors named in passing).
export function readmeModules(readme) {
  const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
  return blocks.map((code) => {
    const lines = code.split('\n');
    const imports = lines.filter((l) => /^import /.test(l));
    const body = lines.filter((l) => !/^import /.test(l));
    return [
      ...imports,
      "import type { Tensor, Tensorcast } from 'tensorcast';",
      'declare const tc: Tensorcast;',
      'declare const a: Tensor, b: Tensor, x: Tensor, loss: Tensor;',
      'declare const bytes: Uint8Array;',
      // lib es2022 has no console (it is the DOM's, and Node's).
      'declare const console: { log(...args: unknown[]): void };',
      '{',
      ...body,
      '}',
      'export {};',
    ].join('\n');
  });
}

test('every README example compiles under --strict with lib es2022 only', async () => {
  const modules = readmeModules(await readFile(join(root, 'bindings/README.md'), 'utf8'));
  assert.ok(modules.length >= 7, `${modules.length} examples`);
  const files = [];
  for (const [i, text] of modules.entries()) {
    files.push(`readme-${i}.ts`);
    await writeFile(join(app, files[i]), text);
  }
  await run(tsc, [...OPTIONS, ...files], { cwd: app }).catch((error) => assert.fail(error.stdout));
});

test('what used to compile and throw at run time is a type error; what works is typed', async () => {
  await writeFile(join(app, 'good.ts'), `
    import { init, type Tensor } from 'tensorcast';
    declare const console: { log(...args: unknown[]): void };
    const tc = await init();
    const t: Tensor = tc.ones(2, 3, { requiresGrad: true });
    tc.zeros(2, { requiresGrad: false }); tc.ones([2, 3], { requiresGrad: true });
    tc.tensor([[1, 2], [3, 4]], { dtype: 'float32' }); tc.tensor(new Float32Array(4)); tc.tensor([true, false]); tc.tensor(7, { dtype: 'float32' });
    const rows = t.toArray<number[][]>();
    const n: number = rows[0]![1]!;
    const kept: Tensor = tc.tidy(() => t.mul(2));
    const pair: [Tensor, number] = tc.tidy(() => [t.sum(), 1] as [Tensor, number]);
    tc.explain.op('add', t, 1);
    // The in-place forms return the tensor written to (PyTorch's Tensor methods).
    const w: Tensor = tc.ones(3).eq_(1).pow_(2).ge_(tc.ones(3));
    tc.explain.op('lt_', w, 0);
    await init({ wasmUrl: { href: 'file:///x.wasm' } }).catch(() => null);
    console.log(n, kept, pair);
  `);
  await run(tsc, [...OPTIONS, 'good.ts'], { cwd: app }).catch((error) => assert.fail(error.stdout));
  const bad = [
    ["tc.tensor('abc', { dtype: 'float32' });", 'TS2345'],
    ['tc.tidy(async () => tc.ones(2));', 'TS2322'],
    ['tc.noGrad(() => Promise.resolve(1));', 'TS2322'],
    ["tc.explain.op('addd', tc.ones(2), 1);", 'TS2345'],
    ['tc.ones(2, { requiresGrad: true }, 3);', 'TS2345'],
    ["tc.ones(2).add('one');", 'TS2345'],
    // PyTorch has no maximum_ or minimum_, and neither has the package.
    ['tc.ones(2).maximum_(1);', 'TS2551'],
    ["tc.explain.op('minimum_', tc.ones(2), 1);", 'TS2345'],
  ];
  // `using`, where the user's lib has Disposable.
  await writeFile(join(app, 'using.ts'), `
    import { init } from 'tensorcast';
    const tc = await init();
    function f(): number[] { using t = tc.ones(3); return t.shape; }
    f();
  `);
  await run(tsc, [...OPTIONS.map((o, i) => (OPTIONS[i - 1] === '--lib' ? 'es2022,esnext.disposable' : o)), 'using.ts'], { cwd: app })
    .catch((error) => assert.fail(error.stdout));
  for (const [line, code] of bad) {
    await writeFile(join(app, 'bad.ts'), `import { init } from 'tensorcast';\nconst tc = await init();\n${line}\n`);
    await assert.rejects(run(tsc, [...OPTIONS, 'bad.ts'], { cwd: app }), (error) => {
      assert.match(error.stdout, new RegExp(`bad\\.ts\\(3,\\d+\\): error ${code}`), line);
      return true;
    }, line);
  }
});
