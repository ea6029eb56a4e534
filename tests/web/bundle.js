// The playground's model modules are TypeScript (web/src/model); Node runs
// them once esbuild (a dev dependency) has bundled each into a temporary
// ES module. Only DOM-free modules are loaded this way.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tc-web-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Imports web/src/model/<name>.ts. */
export async function loadModel(name) {
  const outfile = join(dir, `${name}.mjs`);
  await build({
    entryPoints: [join(root, 'web/src/model', `${name}.ts`)],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outfile,
    logLevel: 'error',
  });
  return import(pathToFileURL(outfile).href);
}
