// The offline site (`npm run build:site`, scripts/build-site.sh): the
// playground's build (vite.config.ts: the page with its code mode and
// examples, the worksheet, the element's one file) written to web/site/,
// plus the API page (api.html: the package README's examples, run in the
// page; api-examples-plugin.ts), bundled on its own as the worksheet is
// (separate-page.ts). Every path is relative (base './'), so the folder
// works wherever it is served (/, /course/tensorcast/); it asks nothing of
// another origin (e2e/site.spec.js fails every such request). No compressed
// copies: a teacher copies the folder as it is.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { PluginOption, UserConfig } from 'vite';
import { apiExamples } from './api-examples-plugin.js';
import { separatePage } from './separate-page.js';
import playground from './vite.config.js';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
const base = playground as UserConfig;

const named = (p: PluginOption): string | undefined =>
  p !== null && typeof p === 'object' && 'name' in p ? p.name : undefined;

export default defineConfig({
  ...base,
  plugins: [
    ...(base.plugins ?? []).filter((p) => named(p) !== 'tensorcast:precompress'),
    separatePage(() => ({
      root: base.root,
      base: './',
      resolve: base.resolve,
      logLevel: 'warn',
      plugins: [apiExamples()],
      build: { target: 'es2022', rolldownOptions: { input: { api: here('api.html') } } },
    })),
  ],
  build: { ...base.build, outDir: here('site') },
});
