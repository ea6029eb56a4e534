// The playground's model (web/src/model: TypeScript, no DOM) for node:test.
// esbuild bundles the modules a test names into one ES module in a
// temporary folder; 'tensorcast' stays the package in dist/ (the same
// instance the tests' helpers load), so the model runs on the real core.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = pathToFileURL(join(root, 'dist/index.js')).href;

/** Imports web/src/model/<name>.ts for each name, as one module: loadModel(['fixes', 'compute']). */
export async function loadModel(names) {
  const entry = names.map((n) => `export * from './${n}.ts';`).join('\n');
  const out = await build({
    stdin: { contents: entry, resolveDir: join(root, 'web/src/model'), loader: 'ts', sourcefile: 'model-entry.ts' },
    bundle: true, format: 'esm', platform: 'node', write: false, logLevel: 'silent',
    plugins: [{
      name: 'tensorcast-from-dist',
      setup(b) {
        b.onResolve({ filter: /^tensorcast$/ }, () => ({ path: dist, external: true }));
      },
    }],
  });
  const dir = mkdtempSync(join(tmpdir(), 'tc-model-'));
  const file = join(dir, 'model.mjs');
  writeFileSync(file, out.outputFiles[0].text);
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
