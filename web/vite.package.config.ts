// The element as the npm package ships it: `tensorcast/playground`, built
// into dist/playground/ by bindings/build-dist.sh after the core.
//
// Note [The element beside the core]: the element's modules import the core
// as '../index.js', the package's own entry one folder up, never a copy of
// it: a page that uses the core and the element loads one core and one .wasm,
// the core's versions always match the element's (one package, one version),
// and an app that never imports 'tensorcast/playground' bundles none of it.
// The files are flat in dist/playground/ (the program worker too), named by
// content, and find one another and the .wasm through import.meta.url, so
// the folder works as a bundler takes it, as a CDN serves it (one <script
// type="module" src=".../playground/tensorcast-playground.js">, from any
// origin) and served from any sub-path. Only the entry has a fixed name,
// tensorcast-playground.js, the name web/dist gives it too: the embed code
// the element copies names the script beside it by that name (share.ts), and
// its "Open in the playground" link goes to the page beside it (full-link.ts),
// which this build writes as index.html.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import { puzzleSet } from './puzzles-plugin.js';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// The core, kept out of the element's files and imported from beside them.
const core = {
  external: ['tensorcast'],
  output: {
    paths: { tensorcast: '../index.js' },
    entryFileNames: (chunk: { name: string }) => (chunk.name === 'element' ? 'tensorcast-playground.js' : '[name]-[hash].js'),
    chunkFileNames: '[name]-[hash].js',
    assetFileNames: '[name]-[hash][extname]',
  },
};

/**
 * The full playground page beside the script: web/index.html with the built
 * script in place of its source and page.css (a few lines) inlined; no icon.
 * Throws when web/index.html no longer has the lines it replaces.
 */
function playgroundPage(): Plugin {
  const replace = (text: string, from: RegExp, to: string): string => {
    if (!from.test(text)) throw new Error(`vite.package.config: web/index.html has no ${from}`);
    return text.replace(from, to);
  };
  return {
    name: 'tensorcast:package-page',
    apply: 'build',
    generateBundle() {
      let page = readFileSync(here('index.html'), 'utf8');
      page = replace(page, /<script type="module" src="\.\/src\/define-element\.ts"><\/script>/, '<script type="module" src="./tensorcast-playground.js"></script>');
      page = replace(page, /<link rel="stylesheet" href="\.\/page\.css" \/>/, `<style>\n${readFileSync(here('page.css'), 'utf8')}</style>`);
      // No icon file in the package, and none asked of the host (a 404 in its log).
      page = replace(page, /<link rel="icon"[^>]*>/, '<link rel="icon" href="data:," />');
      this.emitFile({ type: 'asset', fileName: 'index.html', source: page });
    },
  };
}

// Vite writes the program worker's URL (program-runner.ts) as
// new URL(new URL(`program-worker-….js`, import.meta.url).href, '' + import.meta.url),
// which no bundler reads as a worker: the app that bundles the element would
// leave the worker's file out. Written back as the pattern bundlers look for.
const WORKER_URL = /new URL\(new URL\(`(program-worker-[\w-]+\.js)`,import\.meta\.url\)\.href,``\+import\.meta\.url\)/g;

/** The program worker's URL as bundlers find workers by; throws when the build no longer writes the pattern above. */
function workerUrlForBundlers(): Plugin {
  return {
    name: 'tensorcast:worker-url',
    apply: 'build',
    // After minification, which writes the pattern as matched here.
    generateBundle(_options, bundle) {
      let found = 0;
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !WORKER_URL.test(file.code)) continue;
        found += 1;
        file.code = file.code.replace(WORKER_URL, 'new URL("$1",import.meta.url)');
      }
      if (found !== 1) throw new Error(`vite.package.config: the program worker's URL found in ${found} chunks, not one: see WORKER_URL`);
    },
  };
}

// Vite wraps a dynamic import in its preload helper (a module of its own,
// which reads `document` when it loads and names this build's file names
// for bundlers to ask for), even with modulePreload off. The entry must
// read no DOM global in Node (Note [Element entry without a DOM]): its one
// dynamic import is written back unwrapped, and the helper's import goes.
// (At this point of the build the list of files to preload may still be
// Vite's placeholder, __VITE_PRELOAD__.)
const ENTRY_PRELOAD = /^import\{(\w+) as (\w+)\}from"\.\/preload-helper-[\w-]+\.js";(.*)$/s;

/** The entry's dynamic import without Vite's preload helper; throws when the entry no longer has the shape above. */
function entryWithoutPreload(): Plugin {
  return {
    name: 'tensorcast:entry-without-preload',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = bundle['tensorcast-playground.js'];
      const match = entry?.type === 'chunk' ? ENTRY_PRELOAD.exec(entry.code) : null;
      if (entry?.type !== 'chunk' || match === null) throw new Error('vite.package.config: the entry does not import the preload helper as expected: see ENTRY_PRELOAD');
      const [, , local, rest] = match as unknown as [string, string, string, string];
      const call = new RegExp(`${local}\\(\\(\\)=>(import\\(\`\\.\\/define-element-[\\w-]+\\.js\`\\)\\.then\\(\\w+=>\\w+\\.defineElement\\(\\)\\)),(?:\\[\\]|__VITE_PRELOAD__),import\\.meta\\.url\\)`);
      if (!call.test(rest)) throw new Error(`vite.package.config: the entry's dynamic import is not wrapped as expected (see entryWithoutPreload): ${rest}`);
      entry.code = rest.replace(call, '$1');
      if (entry.code.includes(`${local}(()=>`)) throw new Error('vite.package.config: the entry still calls the preload helper');
      entry.imports = entry.imports.filter((f) => !f.startsWith('preload-helper-'));
    },
  };
}

export default defineConfig({
  root: here('.'),
  base: './',
  logLevel: 'warn',
  publicDir: false,
  plugins: [puzzleSet(), playgroundPage(), workerUrlForBundlers(), entryWithoutPreload()],
  worker: { format: 'es', rolldownOptions: core },
  build: {
    outDir: here('../dist/playground'),
    emptyOutDir: true,
    assetsDir: '',
    target: 'es2022',
    // A package's files: the consumer's bundler or the CDN minifies and compresses.
    reportCompressedSize: false,
    // No preload list of this build's file names in the entry: an app that
    // bundles the element renames the files, and the list would ask its
    // server for names it does not have; its bundler preloads its own.
    modulePreload: false,
    rolldownOptions: { input: { element: here('src/element.ts') }, preserveEntrySignatures: 'strict', ...core },
  },
});
