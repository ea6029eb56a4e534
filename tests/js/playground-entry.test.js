// 'tensorcast/playground' from the packed tarball, imported in Node as a
// site generator imports a page's modules while it renders the HTML (Note
// [Element entry without a DOM] in web/src/element.ts): it must not throw and
// must not touch window, document, customElements or HTMLElement; its types
// resolve for TypeScript through the package's "exports".
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
let work;
let app;

before(async () => {
  ({ work, app } = await packedApp('tensorcast-playground-entry-'));
});

after(() => rm(work, { recursive: true, force: true }));

// The DOM globals the element would need, each as a getter that records
// being read. customElements stays absent, as in Node: the entry asks
// whether it exists ('customElements' in globalThis), which a getter would
// answer yes; reading it where it is absent throws a ReferenceError, which
// fails the test too.
const TRAPS = `
  const touched = [];
  for (const name of ['window', 'document', 'HTMLElement', 'self', 'location'])
    if (!(name in globalThis)) Object.defineProperty(globalThis, name, { configurable: true, get() { touched.push(name); return undefined; } });
`;

test('importing tensorcast/playground in Node touches no DOM global and defines nothing; the core beside it still works', async () => {
  await writeFile(join(app, 'ssr.mjs'), `${TRAPS}
    const element = await import('tensorcast/playground');
    const defined = await element.defined;
    const byElement = [...touched];
    const { init } = await import('tensorcast');
    const tc = await init();
    console.log(JSON.stringify({ keys: Object.keys(element), defined: defined === undefined ? 'undefined' : typeof defined, touched: byElement,
      shape: tc.explain.broadcast([5, 3, 4, 1], [3, 1, 1]).result }));
  `);
  // Node 18 (the package's oldest), 20 and 22, as in tests/js/packaging.test.js.
  const nodes = [process.execPath, ...['node18', 'node22'].map((n) => join(root, 'tests/node-versions/node_modules', n, 'bin/node'))];
  for (const node of nodes) {
    const { stdout } = await run(node, ['ssr.mjs'], { cwd: app });
    assert.deepEqual(JSON.parse(stdout), { keys: ['defined'], defined: 'undefined', touched: [], shape: [5, 3, 4, 1] }, node);
  }
});

test('the trap sees a module that does touch the DOM (the test can fail)', async () => {
  // The element's own class, which extends HTMLElement when its module runs.
  const chunk = (await run('ls', [join(app, 'node_modules/tensorcast/playground')])).stdout.split('\n').find((f) => f.startsWith('define-element-'));
  // The chunk is not an export of the package: imported by its path.
  await writeFile(join(app, 'direct.mjs'), `${TRAPS}
    try { await import('./node_modules/tensorcast/playground/${chunk}'); console.log(JSON.stringify({ threw: null, touched })); }
    catch (e) { console.log(JSON.stringify({ threw: e.constructor.name, touched })); }
  `);
  const { stdout } = await run(process.execPath, ['direct.mjs'], { cwd: app });
  const { threw, touched } = JSON.parse(stdout);
  assert.equal(threw, 'TypeError');
  assert.ok(touched.includes('HTMLElement'), JSON.stringify(touched));
});

test('TypeScript finds the declarations of tensorcast/playground (nodenext and bundler resolution), with the DOM\'s types and without them', async () => {
  const tsc = join(root, 'node_modules/.bin/tsc');
  await writeFile(join(app, 'element.ts'), `
    import { defined, type ElementClass } from 'tensorcast/playground';
    const cls: ElementClass | undefined = await defined;
    // @ts-expect-error defined is a promise, not the class
    const wrong: ElementClass = defined;
    export const made = [cls === undefined ? null : new cls(), wrong];
  `);
  // The class as the DOM's registry gives it fits, in a project with the DOM's types.
  await writeFile(join(app, 'element-dom.ts'), `
    import type { ElementClass } from 'tensorcast/playground';
    const registered: ElementClass | undefined = customElements.get('tensorcast-playground');
    console.log(registered);
  `);
  for (const resolution of [['--module', 'nodenext', '--moduleResolution', 'nodenext'], ['--module', 'esnext', '--moduleResolution', 'bundler']]) {
    const options = ['--noEmit', '--strict', ...resolution, '--target', 'es2022', '--types', ''];
    await run(tsc, [...options, '--lib', 'es2022,dom', 'element.ts', 'element-dom.ts'], { cwd: app }).catch((error) => assert.fail(error.stdout));
    // A Node site build's project: no DOM types at all.
    await run(tsc, [...options, '--lib', 'es2022', 'element.ts'], { cwd: app }).catch((error) => assert.fail(error.stdout));
  }
});

test('an app that imports only the core bundles none of the element; a bare import of the element is kept, as "sideEffects" says', async () => {
  const { rollup } = await import(join(root, 'node_modules/rollup/dist/es/rollup.js'));
  const { default: resolve } = await import(join(root, 'node_modules/@rollup/plugin-node-resolve/dist/es/index.js'));
  const bundle = async (source) => {
    await writeFile(join(app, 'entry.mjs'), source);
    const built = await rollup({ input: join(app, 'entry.mjs'), plugins: [resolve({ browser: true, rootDir: app })], onwarn() {} });
    const { output } = await built.generate({ format: 'es' });
    return output.map((o) => o.code ?? '').join('\n');
  };
  const core = await bundle("import { init } from 'tensorcast';\nconsole.log(init);\n");
  assert.doesNotMatch(core, /tensorcast-playground|LitElement|customElements/);
  const element = await bundle("import 'tensorcast/playground';\n");
  assert.match(element, /customElements/);
  // With "sideEffects": false, as the core alone had it, the bundler drops that import.
  const manifestPath = join(app, 'node_modules/tensorcast/package.json');
  const manifest = await readFile(manifestPath, 'utf8');
  await writeFile(manifestPath, JSON.stringify({ ...JSON.parse(manifest), sideEffects: false }));
  try {
    assert.doesNotMatch(await bundle("import 'tensorcast/playground';\n"), /customElements/);
  } finally {
    await writeFile(manifestPath, manifest);
  }
});
