// Writes the CommonJS declarations of the package (dist/**/*.d.cts) from the
// ES module ones tsc wrote (dist/**/*.d.ts); bindings/build-dist.sh runs it.
//
// Note [Two declaration trees]
// The package is "type": "module", so TypeScript reads every .d.ts in it as
// an ES module; `require('tensorcast')` reaches index.cjs, a CommonJS file.
// A CommonJS TypeScript project (module node16/nodenext) that imports the
// package must be given CommonJS declarations, or it fails with TS1479 ("the
// referenced file is an ECMAScript module") and "Are the types wrong?"
// reports "Masquerading as ESM". The CommonJS declarations are the same
// text as the ES module ones, as .d.cts files whose relative imports name
// .cjs files (which resolve to those .d.cts): a second tree beside the
// first, reached through the "require" condition's "types". Not one tree
// for both: a .d.cts that re-exports the .d.ts would import an ES module
// from CommonJS (TS1479 again), and the CommonJS copy's Tensor is in fact
// another class than the ES modules' (not an instanceof it), which two
// trees say and one would hide.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// A relative module specifier ending in .js, in quotes: './tensor.js',
// '../x.js'. tsc writes every import of a declaration this way (bindings'
// tsconfig, module resolution "bundler" with .js specifiers in the sources).
const RELATIVE_JS = /(['"])(\.{1,2}\/[^'"\n]*)\.js\1/g;

/** The .d.cts text for a .d.ts text: relative .js specifiers become .cjs. */
export function cjsDeclaration(text) {
  return text.replace(RELATIVE_JS, '$1$2.cjs$1');
}

/** Writes a .d.cts beside every .d.ts under dir (recursively); returns how many. */
export function writeCjsDeclarations(dir) {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) count += writeCjsDeclarations(path);
    else if (entry.name.endsWith('.d.ts')) {
      writeFileSync(path.replace(/\.d\.ts$/, '.d.cts'), cjsDeclaration(readFileSync(path, 'utf8')));
      count += 1;
    }
  }
  return count;
}

if (import.meta.url === `file://${process.argv[1]}`) writeCjsDeclarations(process.argv[2] ?? 'dist');
