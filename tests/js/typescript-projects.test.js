// The packed package's types as TypeScript projects of every kind see them:
// "Are the types wrong?" (@arethetypeswrong/cli) and publint clean on the
// tarball; an ES module project and a CommonJS one, each under module
// node16, nodenext and moduleResolution bundler, type-check a consumer with
// --strict under the oldest TypeScript the package README supports and the
// current ones; the CommonJS project's compiled output runs. The tools and
// the TypeScript versions are tests/package-tools' (its own package.json:
// versions the root's would clash with).
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
const tools = join(root, 'tests/package-tools/node_modules');
let work;
let tarball;

before(async () => {
  work = await mkdtemp(join(tmpdir(), 'tensorcast-ts-projects-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: join(root, 'dist') });
  tarball = join(work, JSON.parse(stdout)[0].filename);
});

after(() => rm(work, { recursive: true, force: true }));

test('"Are the types wrong?" finds no problem in the tarball, for node10, node16 from CommonJS and from ES modules, and bundlers', async () => {
  // The .wasm subpaths are assets (for new URL() and bundlers' asset
  // handling), not modules: attw would report that they resolve to no types.
  const { stdout } = await run(process.execPath, [join(tools, '@arethetypeswrong/cli/dist/index.js'), tarball, '--format', 'json',
    '--exclude-entrypoints', './tensorcast.wasm', './tensorcast-nosimd.wasm', './tensorcast-noprograms.wasm', './playground'], { maxBuffer: 1 << 26 })
    .catch((error) => error); // exit status 1 when it finds problems: the JSON lists them
  const { analysis, problems } = JSON.parse(stdout);
  assert.deepEqual(problems, {});
  // Which file each resolution reaches: CommonJS declarations for require.
  const root = analysis.entrypoints['.'].resolutions;
  const reached = Object.fromEntries(Object.entries(root).map(([kind, r]) => [kind, [r.resolution?.fileName, r.implementationResolution?.fileName]]));
  assert.deepEqual(reached, {
    node10: ['/node_modules/tensorcast/index.d.ts', '/node_modules/tensorcast/index.js'],
    'node16-cjs': ['/node_modules/tensorcast/index.d.cts', '/node_modules/tensorcast/index.cjs'],
    'node16-esm': ['/node_modules/tensorcast/index.d.ts', '/node_modules/tensorcast/index.js'],
    bundler: ['/node_modules/tensorcast/index.d.ts', '/node_modules/tensorcast/index.js'],
  });
});

// The element's entry is an ES module only (a page's, a bundler's, a site
// generator's import): node10 and require() (which attw reports as no
// resolution and CJSResolvesToESM) are the resolutions it is not for.
test('"Are the types wrong?" finds no problem in tensorcast/playground, an ES module entry (node16 from ES modules, bundlers)', async () => {
  const { stdout } = await run(process.execPath, [join(tools, '@arethetypeswrong/cli/dist/index.js'), tarball, '--format', 'json',
    '--entrypoints', './playground'], { maxBuffer: 1 << 26 })
    .catch((error) => error);
  const { analysis, problems } = JSON.parse(stdout);
  const esm = Object.values(problems).flat().filter((p) => p.resolutionKind === undefined || ['node16-esm', 'bundler'].includes(p.resolutionKind));
  assert.deepEqual(esm, []);
  const resolutions = analysis.entrypoints['./playground'].resolutions;
  assert.deepEqual([resolutions['node16-esm'], resolutions.bundler].map((r) => [r.resolution?.fileName, r.implementationResolution?.fileName]), [
    ['/node_modules/tensorcast/playground/tensorcast-playground.d.ts', '/node_modules/tensorcast/playground/tensorcast-playground.js'],
    ['/node_modules/tensorcast/playground/tensorcast-playground.d.ts', '/node_modules/tensorcast/playground/tensorcast-playground.js'],
  ]);
});

test('publint --strict finds nothing to report in the tarball', async () => {
  const { stdout } = await run(process.execPath, [join(tools, 'publint/src/cli.js'), 'run', tarball, '--strict', '--level', 'suggestion'])
    .catch((error) => assert.fail(error.stdout + error.stderr));
  assert.match(stdout, /All good!/);
});

// A consumer that runs as an ES module and as CommonJS alike (no top-level
// await), using the parts of the types older TypeScript might read
// differently: accessors with setters (grad, requiresGrad), generics,
// unions, the error class. The @ts-expect-error lines fail the compile if
// the types were missing or `any` (TS2578: unused directive).
const CONSUMER = `
import { init, TensorcastError, type Tensor, type BroadcastTrace } from 'tensorcast';

export async function main(): Promise<string> {
  const tc = await init();
  const a: Tensor = tc.ones([2, 3], { requiresGrad: true });
  a.mul(2).sum().backward();
  const grad: Tensor | null = a.grad;
  a.grad = null;
  a.requiresGrad = false;
  const rows = tc.tidy(() => a.add(1, { alpha: 2 }).toArray<number[][]>());
  const trace: BroadcastTrace = tc.explain.broadcast([5, 1, 4, 1], [3, 1, 1]);
  let kind = '';
  try { tc.ones([2]).add(tc.ones([3])); } catch (e) { if (e instanceof TensorcastError) kind = e.kind; }
  // @ts-expect-error add takes a tensor or a number
  void (() => tc.ones([2]).add('one'));
  // @ts-expect-error shape is read-only
  void (() => { a.shape = [1]; });
  return JSON.stringify({ rows, grad: grad === null ? null : grad.toArray(), result: trace.result, kind, after: a.grad });
}
`;

// Each project kind and the TypeScript versions checking it: the oldest the
// README supports (4.7 is the first with module node16 and nodenext, 5.0 the
// first with moduleResolution bundler) and the current ones (the last 5.x,
// and the root's, TypeScript 7). 4.7 to 5.9 check every project of theirs in
// one process each (runners/type-check.cjs: `tsc -p` without a process and a
// parse of lib.dom.d.ts per project); TypeScript 7, native, is run as tsc.
const CURRENT_TSC = join(root, 'node_modules/.bin/tsc');
const TSC = {
  '4.7': join(tools, 'typescript-4.7'),
  '5.0': join(tools, 'typescript-5.0'),
  '5.9': join(tools, 'typescript-5.9'),
  current: null,
};
const MODES = {
  node16: { module: 'node16', moduleResolution: 'node16', versions: ['4.7', '5.9', 'current'] },
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext', versions: ['4.7', '5.9', 'current'] },
  bundler: { module: 'esnext', moduleResolution: 'bundler', versions: ['5.0', '5.9', 'current'] },
};
const TYPES = ['module', 'commonjs'];

async function project(type) {
  const dir = join(work, type);
  await mkdir(dir);
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: `app-${type}`, private: true, type }));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: dir });
  await writeFile(join(dir, 'consumer.ts'), CONSUMER);
  for (const [mode, { module, moduleResolution }] of Object.entries(MODES)) {
    const compilerOptions = { strict: true, module, moduleResolution, target: 'es2022', lib: ['es2022', 'dom'], types: [], outDir: `out-${mode}` };
    await writeFile(join(dir, `tsconfig.${mode}.json`), JSON.stringify({ compilerOptions, files: ['consumer.ts'] }));
  }
  return dir;
}

// Every (project, mode, version) check, two processes at a time: for each
// project kind, the failures' output ([] when all pass), and the version
// each TypeScript said it is.
async function typeCheckAll(dirs) {
  const failures = Object.fromEntries(TYPES.map((type) => [type, []]));
  const versions = {};
  const configs = (version) => TYPES.flatMap((type) => Object.entries(MODES)
    .filter(([, { versions: v }]) => v.includes(version)).map(([mode]) => ({ type, mode, config: join(dirs[type], `tsconfig.${mode}.json`) })));
  const failed = ({ type, mode }, version, output) => failures[type].push(`TypeScript ${version}, ${mode}:\n${output}`);
  const jobs = Object.entries(TSC).flatMap(([version, dir]) => (dir
    ? [async () => {
        const checks = configs(version);
        const { stdout } = await run(process.execPath, [join(root, 'tests/js/runners/type-check.cjs'), dir, ...checks.map((c) => c.config)], { maxBuffer: 1 << 24 });
        const report = JSON.parse(stdout);
        versions[version] = report.version;
        for (const c of checks) if (report.results[c.config] !== '') failed(c, version, report.results[c.config]);
      }]
    : [async () => { versions[version] = (await run(CURRENT_TSC, ['--version'])).stdout.match(/Version (\S+)/)[1]; },
       ...configs(version).map((c) => () => run(CURRENT_TSC, ['-p', c.config, '--noEmit'], { cwd: dirs[c.type] })
         .catch((error) => failed(c, version, error.stdout + error.stderr)))]));
  const next = async () => {
    for (let job = jobs.shift(); job !== undefined; job = jobs.shift()) await job();
  };
  await Promise.all([next(), next()]);
  return { failures, versions };
}

// Both projects are checked in one go (the first test to ask starts it).
let checked;
const typeChecks = () => (checked ??= Promise.all(TYPES.map(project))
  .then((made) => typeCheckAll(Object.fromEntries(TYPES.map((type, i) => [type, made[i]])))));

test('TypeScript: the oldest supported and the current ones type-check an ES module consumer under node16, nodenext and bundler, --strict', async () => {
  const { failures, versions } = await typeChecks();
  assert.deepEqual(failures.module, []);
  assert.deepEqual(['4.7', '5.0', '5.9'].map((v) => versions[v].match(/^\d+\.\d+/)[0]), ['4.7', '5.0', '5.9']);
  // The oldest versions checked are the ones the README promises.
  const readme = (await readFile(join(root, 'bindings/README.md'), 'utf8')).replace(/\s+/g, ' ');
  assert.match(readme, /TypeScript 4\.7 or later .*?; `moduleResolution` `bundler` needs 5\.0/);
});

test('TypeScript: a CommonJS project gets the CommonJS declarations (no TS1479) under the same versions and modes, and its compiled require() runs', async () => {
  const { failures } = await typeChecks();
  assert.deepEqual(failures.commonjs, []);
  // The current TypeScript's output for module node16 is CommonJS, which
  // require()s the package's CommonJS entry.
  const dir = join(work, 'commonjs');
  await run(CURRENT_TSC, ['-p', 'tsconfig.node16.json'], { cwd: dir }).catch((error) => assert.fail(error.stdout));
  const js = await readFile(join(dir, 'out-node16/consumer.js'), 'utf8');
  assert.match(js, /require\("tensorcast"\)/);
  const { stdout } = await run(process.execPath, ['-e', `require('./out-node16/consumer.js').main().then(console.log)`], { cwd: dir });
  assert.deepEqual(JSON.parse(stdout), { rows: [[3, 3, 3], [3, 3, 3]], grad: [[2, 2, 2], [2, 2, 2]], result: [5, 3, 4, 1], kind: 'shape', after: null });
});
