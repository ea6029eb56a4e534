// The playground as one HTML file (web/site/tensorcast-offline.html), for a
// classroom without a network: opened from disk (file://), it needs no
// server and no other file. vite-plugin-singlefile inlines the scripts and
// styles; every asset, the core's two .wasm files included (not the one
// without programs: LEAN below), is inlined as a
// data: URL (its recommended config: assetsInlineLimit always true), which
// the package's loader fetches as it would a file (dist/loader.js).
//
// Note [Programs in the offline file]: a page opened from file:// has an
// opaque origin; Chromium starts no worker from a file: URL, nor a module
// worker from a blob: URL, but it does start a classic worker from a blob:
// URL. So this build puts src/program-spawn-inline.ts in place of
// src/program-spawn.ts: the program worker is bundled as a classic script
// (format iife), carried by the page as text (Vite's `?worker&inline`) and
// started from a blob: URL. Programs then run off the page's thread as on
// the served site, with the same budget and Stop. The worker is given the
// page's compiled module (tc.wasmModule), so its copy of the package names
// no .wasm (noWasmNames): it would be the .wasm inlined a second time. Where
// no worker can start even so, the runner falls back to the page's thread
// with the package's default work budget (program-runner.ts), which keeps
// every run short: the page never hangs.
//
// The file carries a policy of its own (offline-csp.ts): no source but the
// file itself, data: URLs and the worker's blob:, so the browser refuses any
// request to the network or another file, whatever a script would ask.
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

// The package's names for its .wasm files, as the built files write them:
// Emscripten's glue names the SIMD one in a branch the loader never takes
// (it passes locateFile: dist/loader.js); the loader names both.
const GLUE = { file: '/dist/wasm-glue.js', names: ['new URL("tensorcast.wasm",import.meta.url).toString()'] };
const LOADER = {
  file: '/dist/loader.js',
  names: ["new URL('./tensorcast.wasm', import.meta.url)", "new URL('./tensorcast-nosimd.wasm', import.meta.url)"],
};
// The module without programs is not carried (Note [The module without
// programs] in bindings/ts/loader.ts): its line goes, so that the page's
// init({ programs: false }) gets the module with them (tc.programs is true
// there), and the file is not 650 kB heavier for a module it can do without.
const LEAN = /if \(!programs\)\s*return new URL\('\.\/tensorcast-noprograms\.wasm', import\.meta\.url\);/g;
const NO_WASM = "(() => { throw new Error('the offline file\\'s program worker has no .wasm of its own: init({ wasmModule })'); })()";

/** A plugin that removes the names of .wasm files listed in files, each of which must be found once (else the build stops). */
function noWasmNames(files: { file: string; names: string[] }[]): Plugin {
  return {
    name: 'tensorcast:no-wasm-names',
    transform(code, id) {
      const f = files.find((x) => id.endsWith(x.file));
      if (f === undefined) return null;
      let out = code;
      for (const name of f.names) {
        if (out.split(name).length !== 2) throw new Error(`no-wasm-names: ${f.file} names a .wasm other than as ${name}`);
        out = out.replace(name, f === GLUE ? '""' : NO_WASM);
      }
      return out;
    },
  };
}

/** A plugin that removes the loader's line for the module without programs (LEAN), which must be found once. */
function withoutLeanModule(): Plugin {
  return {
    name: 'tensorcast:without-lean-module',
    transform(code, id) {
      if (!id.endsWith(LOADER.file)) return null;
      if (code.match(LEAN)?.length !== 1) throw new Error(`without-lean-module: ${LOADER.file} does not name the module without programs once as ${LEAN}`);
      return code.replace(LEAN, '');
    },
  };
}

/** The page's favicon as a data: URL and the offline policy after its charset. */
function offlinePage(): Plugin {
  const icon = `data:image/svg+xml;base64,${readFileSync(here('public/favicon.svg')).toString('base64')}`;
  return {
    name: 'tensorcast:offline-page',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle);
      if (files.some((name) => name.includes('program-worker'))) throw new Error(`offline-page: a program worker file was written (${files.join(', ')}); it belongs inlined`);
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
  resolve: {
    alias: [
      ...Object.entries(base.resolve?.alias ?? {}).map(([find, replacement]) => ({ find, replacement: replacement as string })),
      { find: /^\.\/program-spawn\.js$/, replacement: here('src/program-spawn-inline.ts') },
    ],
  },
  worker: { format: 'iife', plugins: () => [withoutLeanModule(), noWasmNames([GLUE, LOADER])] },
  logLevel: 'warn',
  publicDir: false,
  plugins: [puzzleSet(), withoutLeanModule(), noWasmNames([GLUE]), offlinePage(), viteSingleFile({ outputFileName: 'tensorcast-offline.html' })],
  build: {
    outDir: here('site'),
    // The site's build (site.config.ts) has written the folder; this adds one file to it.
    emptyOutDir: false,
    target: 'es2022',
    rolldownOptions: { input: { index: here('index.html') } },
  },
});
