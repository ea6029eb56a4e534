// The playground as one HTML file (web/site/tensorcast-offline.html), for a
// classroom without a network: opened from disk (file://), it needs no
// server and no other file. vite-plugin-singlefile inlines the scripts and
// styles; every asset, the core's two .wasm files included, is inlined as a
// data: URL (its recommended config: assetsInlineLimit always true), which
// the package's loader fetches as it would a file (dist/loader.js).
//
// Note [Programs in the offline file]: a page opened from file:// has an
// opaque origin, and Chromium makes no worker from a file: URL; the file
// carries no worker script either (offlinePage drops its chunk). So
// the program runner (program-runner.ts) finds that no worker can be made
// and runs programs on the page's thread, with the package's default work
// budget (5 x 10^8 units, about 175 ms of the slowest ops: docs/limits.md):
// each run is short, a loop that never ends stops at maxSteps, and a
// program past the budget stops with the limit's message on its line; the
// page never hangs. What it loses is the worker's larger budget and Stop.
//
// The file carries a policy of its own (offline-csp.ts): no source but the
// file itself and data: URLs, so the browser refuses any request to the
// network or another file, whatever a script would ask.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { Plugin, UserConfig } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';
import { OFFLINE_CSP } from './offline-csp.js';
import { puzzleSet } from './puzzles-plugin.js';
import playground from './vite.config.js';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
const base = playground as UserConfig;

// Emscripten's glue names the SIMD .wasm itself, in a branch the package's
// loader never takes (it passes locateFile: dist/loader.js); inlined, that
// name would be a second copy of the .wasm (3.8 MB of base64).
const GLUE_WASM = 'new URL("tensorcast.wasm",import.meta.url).toString()';

/**
 * The page's favicon as a data: URL, the offline policy after its charset,
 * no program worker's chunk (Note [Programs in the offline file]), and the
 * glue's dead name of the .wasm left out.
 */
function offlinePage(): Plugin {
  const icon = `data:image/svg+xml;base64,${readFileSync(here('public/favicon.svg')).toString('base64')}`;
  return {
    name: 'tensorcast:offline-page',
    transform(code, id) {
      if (!id.endsWith('/dist/wasm-glue.js')) return null;
      if (code.split(GLUE_WASM).length !== 2) throw new Error(`offline-page: wasm-glue.js names the .wasm other than as ${GLUE_WASM}`);
      return code.replace(GLUE_WASM, '""');
    },
    generateBundle(_options, bundle) {
      const workers = Object.keys(bundle).filter((name) => /(^|\/)program-worker-[\w-]+\.js$/.test(name));
      if (workers.length !== 1) throw new Error(`offline-page: expected one program worker chunk, found ${workers.length}`);
      for (const name of workers) delete bundle[name];
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace('href="./favicon.svg"', `href="${icon}"`)
          .replace(/<meta charset="utf-8"\s*\/?>/i, (c) => `${c}\n    <meta http-equiv="Content-Security-Policy" content="${OFFLINE_CSP}" />`),
    },
  };
}

export default defineConfig({
  root: base.root,
  base: './',
  resolve: base.resolve,
  worker: base.worker,
  logLevel: 'warn',
  publicDir: false,
  plugins: [puzzleSet(), offlinePage(), viteSingleFile({ outputFileName: 'tensorcast-offline.html' })],
  build: {
    outDir: here('site'),
    // The site's build (site.config.ts) has written the folder; this adds one file to it.
    emptyOutDir: false,
    target: 'es2022',
    rolldownOptions: { input: { index: here('index.html') } },
  },
});
