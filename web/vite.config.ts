// The playground's build: the page (index.html), the printable worksheet
// (worksheet.html, built on its own: separate-page.ts), and the web
// component as one file with a stable name (tensorcast-playground.js) that a
// course page loads with a single script tag (public/course.html shows it).
// The package is taken from the repo's own build (dist/), the same files npm
// would ship.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { CSP } from './csp.js';
import { cspMeta } from './csp-meta.js';
import { precompress } from './precompress.js';
import { puzzleSet } from './puzzles-plugin.js';
import { separatePage } from './separate-page.js';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// What the playground's build and the worksheet's (separate-page.ts) share.
const shared = {
  root: here('.'),
  base: './',
  resolve: { alias: { tensorcast: here('../dist/index.js') } },
};

export default defineConfig({
  ...shared,
  // The worksheet (worksheet.html, src/worksheet.ts) is bundled on its own, so that it shares
  // no chunk with the web component; its files join this build's (separate-page.ts).
  plugins: [
    separatePage(() => ({
      ...shared,
      logLevel: 'warn',
      plugins: [puzzleSet()],
      build: { target: 'es2022', rolldownOptions: { input: { worksheet: here('worksheet.html') } } },
    })),
    cspMeta(),
    precompress(),
    puzzleSet(),
  ],
  server: { fs: { allow: [here('..')] } },
  // The program worker (program-runner.ts) as an ES module chunk of its own: the package it
  // bundles reads import.meta.url, which a classic (iife) worker does not have.
  worker: { format: 'es' },
  // Served with the strict policy of the issue, so every page load (npm
  // start and the e2e run) proves the playground needs nothing more; every
  // built page carries it too, in a <meta> (csp-meta.ts), for a host that
  // sends no header.
  preview: { headers: { 'Content-Security-Policy': CSP } },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      input: {
        index: here('index.html'),
        // The element's module itself, which defines it (src/define-element.ts).
        element: here('src/define-element.ts'),
      },
      output: {
        entryFileNames: (chunk) =>
          chunk.name === 'element' ? 'tensorcast-playground.js' : 'assets/[name]-[hash].js',
      },
    },
  },
});
