// The package README's JavaScript examples (bindings/README.md, every
// ```js block of its sections) as the module `virtual:tensorcast-api-examples`,
// which the site's API page (web/api.html, src/api-examples.ts) runs.
//
// Note [Examples bundled, never evaluated]: each block becomes a function
// written into the bundle at build time: the page shows the block's text
// and runs the function compiled from that very text, so the two are one
// source, and nothing is evaluated from text at run time (the page's policy
// forbids it: web/csp.ts). So that a reader sees what each line gives, every
// top-level expression statement `expr;` becomes `await show(line, async ()
// => (expr));`, which records the value (or the error it throws) against
// the line it ends on; declarations, assignments, loops and try blocks run as written,
// and `console` is the page's recorder. A top-level import (only of
// 'tensorcast') is hoisted into the module. Blocks that cannot run in a page
// as written are left out, each with its reason (SKIPPED).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'vite';
import type { Plugin } from 'vite';

const ID = 'virtual:tensorcast-api-examples';
const RESOLVED = `\0${ID}`;
const README = fileURLToPath(new URL('../bindings/README.md', import.meta.url));

/** Sections whose js blocks are not run, and why (shown nowhere: a build-time choice, stated here). */
export const SKIPPED: Readonly<Record<string, string>> = {
  // init({ wasmUrl: '/assets/tensorcast.wasm' }) fetches a path this site does not serve, and `bytes` is the reader's own.
  Loading: 'names a file and bytes of the reader\'s own',
  // The element's section imports 'tensorcast/playground': a page's element, which this page's examples do not draw.
  'The element: `<tensorcast-playground>`': 'defines the page element, shown by the playground pages themselves',
};

/** One runnable block: its section's heading, its text as the README has it, and its code as the bundle runs it. */
export interface ExampleSource {
  section: string;
  text: string;
  /** The function body: the text with its expression statements recorded and its imports removed. */
  body: string;
  /** What its imports named, from 'tensorcast'. */
  imports: string[];
}

/** The js blocks of readme, by the `## ` section each is in, skipped sections left out. */
export function readBlocks(readme: string): { section: string; text: string }[] {
  const out: { section: string; text: string }[] = [];
  let section = '';
  const lines = readme.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.startsWith('## ')) section = line.slice(3).trim();
    if (line !== '```js') continue;
    const end = lines.indexOf('```', i + 1);
    if (end < 0) throw new Error(`api-examples: the js block at README line ${i + 1} is not closed`);
    if (!(section in SKIPPED)) out.push({ section, text: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return out;
}

/** The 1-based line of offset in text. */
const lineAt = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

/** A block as the bundle runs it (throws naming the section for an import of anything but 'tensorcast'). */
export function transformBlock(section: string, text: string): ExampleSource {
  const ast = parseAst(text);
  const imports: string[] = [];
  const edits: { start: number; end: number; with: string }[] = [];
  for (const s of ast.body) {
    if (s.type === 'ImportDeclaration') {
      if (s.source.value !== 'tensorcast') throw new Error(`api-examples: "${section}" imports ${String(s.source.value)}; only 'tensorcast' is bundled`);
      for (const sp of s.specifiers) {
        if (sp.type !== 'ImportSpecifier' || sp.imported.type !== 'Identifier' || sp.imported.name !== sp.local.name)
          throw new Error(`api-examples: "${section}" imports other than by name ({ init })`);
        imports.push(sp.local.name);
      }
      edits.push({ start: s.start, end: s.end, with: '' });
    } else if (s.type === 'ExpressionStatement' && s.expression.type !== 'AssignmentExpression') {
      const expr = text.slice(s.expression.start, s.expression.end);
      edits.push({ start: s.start, end: s.end, with: `await show(${lineAt(text, s.end)}, async () => (${expr}));` });
    }
  }
  let body = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) body = body.slice(0, e.start) + e.with + body.slice(e.end);
  return { section, text, body, imports };
}

/** The virtual module's code: EXAMPLES, each { section, text, run(tc, show, console) }. */
export function examplesModule(readme: string): string {
  const blocks = readBlocks(readme).map((b) => transformBlock(b.section, b.text));
  if (blocks.length === 0) throw new Error('api-examples: the README has no js block to run');
  const names = [...new Set(blocks.flatMap((b) => b.imports))].sort();
  // The block sits in a block of its own, so that its `const tc = await init()` may shadow the parameter.
  const entries = blocks.map((b) =>
    `  { section: ${JSON.stringify(b.section)}, text: ${JSON.stringify(b.text)},\n` +
    `    run: async (tc, show, console) => {\n{\n${b.body}\n}\n} },`);
  return [
    names.length > 0 ? `import { ${names.join(', ')} } from 'tensorcast';` : '',
    'export const EXAMPLES = [',
    ...entries,
    '];',
    '',
  ].join('\n');
}

export function apiExamples(readme = README): Plugin {
  return {
    name: 'tensorcast:api-examples',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      this.addWatchFile(readme);
      return examplesModule(readFileSync(readme, 'utf8'));
    },
  };
}
