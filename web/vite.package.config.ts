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
// the folder works as a bundler takes it, as a CDN serves it (one
// <script type="module" src=".../playground/tensorcast-playground.js">, from any origin) and
// served from any sub-path. Only the entry has a fixed name,
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
      page = replace(page, /<script type="module" src="\.\/src\/element\.ts"><\/script>/, '<script type="module" src="./tensorcast-playground.js"></script>');
      page = replace(page, /<link rel="stylesheet" href="\.\/page\.css" \/>/, `<style>\n${readFileSync(here('page.css'), 'utf8')}</style>`);
      page = replace(page, /\s*<link rel="icon"[^>]*>/, '');
      this.emitFile({ type: 'asset', fileName: 'index.html', source: page });
    },
  };
}

export default defineConfig({
  root: here('.'),
  base: './',
  logLevel: 'warn',
  publicDir: false,
  plugins: [puzzleSet(), playgroundPage()],
  worker: { format: 'es', rolldownOptions: core },
  build: {
    outDir: here('../dist/playground'),
    emptyOutDir: true,
    assetsDir: '',
    target: 'es2022',
    // A package's files: the consumer's bundler or the CDN minifies and compresses.
    reportCompressedSize: false,
    rolldownOptions: { input: { element: here('src/element.ts') }, preserveEntrySignatures: 'strict', ...core },
  },
});
