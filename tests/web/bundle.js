// The playground's modules are TypeScript (web/src); Node runs DOM-free ones
// once esbuild (a dev dependency) has bundled them into one ES module.
// 'tensorcast' stays the package in dist/ (the very module the package's
// tests load, so one core instance), and other packages (lit) resolve from
// the repository's node_modules: the bundle is written under it.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = pathToFileURL(join(root, 'dist/index.js')).href;
const cache = join(root, 'node_modules/.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'tc-web-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let count = 0;

/** Imports the modules of web/src named by their paths without .ts ('model/fixes', 'i18n/en', '../puzzles-plugin') as one module. */
export async function loadWeb(...paths) {
  const outfile = join(dir, `bundle-${count++}.mjs`);
  await build({
    stdin: {
      contents: paths.map((p) => `export * from './${p}.ts';`).join('\n'),
      resolveDir: join(root, 'web/src'),
      loader: 'ts',
      sourcefile: 'web-entry.ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    logLevel: 'error',
    packages: 'external',
    plugins: [{
      name: 'tensorcast-from-dist',
      setup(b) {
        b.onResolve({ filter: /^tensorcast$/ }, () => ({ path: dist, external: true }));
        // web/'s build-time modules (puzzles-plugin.ts) import the package by its path
        b.onResolve({ filter: /(^|\/)dist\/index\.js$/ }, () => ({ path: dist, external: true }));
      },
    }],
  });
  return import(pathToFileURL(outfile).href);
}

/** Imports web/src/model/<name>.ts. */
export const loadModel = (name) => loadWeb(`model/${name}`);
