// The puzzle set (web/puzzles/*.json) as the module `virtual:tensorcast-puzzles`:
// every file read and checked at build time (a broken file stops the build
// with the field and what is wrong: docs/puzzles.md), in the order of their
// numbers, as the ShippedEntry list of web/src/model/puzzle-set.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { REGISTRY } from '../dist/index.js';
import { readEntry } from './src/model/puzzle-file.js';
import type { ShippedEntry } from './src/model/puzzle-set.js';

const ID = 'virtual:tensorcast-puzzles';
const RESOLVED = `\0${ID}`;
const DIR = fileURLToPath(new URL('./puzzles/', import.meta.url));
// Python builtins a puzzle may allow, beside the library's names.
const BUILTINS = ['range', 'len', 'sum', 'min', 'max', 'abs'];

/** The set's entries, each file read as docs/puzzles.md says (throws naming the file and field of the first broken one). */
export function readPuzzleSet(dir = DIR): ShippedEntry[] {
  const names = new Set([...REGISTRY.map((e) => e.name), ...BUILTINS]);
  return readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((file): ShippedEntry => {
    let entry;
    try {
      entry = readEntry(JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')), (n) => names.has(n));
    } catch (e) {
      throw new Error(`web/puzzles/${file}: ${(e as Error).message}`);
    }
    if (entry.kind === 'drill') return { kind: 'drill', drill: entry };
    const { reference, wrong: _wrong, ...puzzle } = entry;
    return { kind: 'puzzle', puzzle, reference, solved: null };
  });
}

/**
 * The module's text: the entries as JSON, parsed as the page loads it. A
 * signature's ranges are a Map, which JSON does not hold: written as its
 * entries, and made a Map again by the parse.
 */
export function puzzleModule(entries: ShippedEntry[]): string {
  const json = JSON.stringify(entries, (_key, v: unknown) => (v instanceof Map ? { $map: [...v] } : v));
  return `export default JSON.parse(${JSON.stringify(json)}, (_key, v) => (v !== null && typeof v === 'object' && Array.isArray(v.$map) ? new Map(v.$map) : v));`;
}

export function puzzleSet(): Plugin {
  return {
    name: 'tensorcast:puzzles',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      for (const f of readdirSync(DIR)) this.addWatchFile(`${DIR}/${f}`);
      return puzzleModule(readPuzzleSet());
    },
  };
}
