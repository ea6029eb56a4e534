// A page built on its own and written beside the playground's files. Two
// inputs of one build share their common modules through a common chunk:
// the worksheet (worksheet.html) and the web component would then both
// import one, and tensorcast-playground.js, which a course page loads as
// one file with a single script tag, would stop being one file. So the
// page is bundled by a build of its own (nothing written), before the
// playground's, and its files are handed to the playground's bundle as
// assets: the page's <meta> policy (csp-meta.ts) and the compressed copies
// (precompress.ts) are then made for them as for every other file. A file
// of the same name is already in the bundle (the core's .wasm, named by its
// content's hash) is the same file, and is left as the bundle has it.
import type { InlineConfig, Plugin, Rolldown } from 'vite';
import { build } from 'vite';

interface Written {
  fileName: string;
  source: string | Uint8Array;
}

/** The plugin that adds the page's files, which `config` (an inline config whose input is the page) builds. */
export function separatePage(config: () => InlineConfig): Plugin {
  let files: Written[] = [];
  return {
    name: 'tensorcast:separate-page',
    apply: 'build',
    async buildStart() {
      const c = config();
      const result = await build({ ...c, configFile: false, publicDir: false, build: { ...c.build, write: false, emptyOutDir: false } });
      const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
      files = outputs.flatMap((o) => o.output).map((f) => ({ fileName: f.fileName, source: f.type === 'chunk' ? f.code : f.source }));
    },
    generateBundle(_options, bundle) {
      for (const f of files) if (!(f.fileName in bundle)) this.emitFile({ type: 'asset', fileName: f.fileName, source: f.source });
    },
  };
}
