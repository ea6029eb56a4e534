// The puzzle set (web/puzzles/*.json) as the module `virtual:tensorcast-puzzles`:
// every file read and checked at build time (a broken file stops the build
// with the field and what is wrong: docs/puzzles.md), in the order of their
// numbers, as the ShippedEntry list of web/src/model/puzzle-set.ts.
//
// Note [Answer-free build]: with TC_SOLUTIONS=hide in the environment of
// the build, no puzzle ships its reference's code: each ships
// `reference: null` and `solved`, the reference's results on PUZZLE_SET's
// draws, made here by running the package (dist/) in Node with the
// checker's own solve(). The wrong answers never ship in either build.
// The page checks answers against `solved` with the same verdicts
// (tests/web/no-solutions-build.test.js builds both ways and greps the
// answer-free output for every reference).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { init, REGISTRY } from '../dist/index.js';
import { solve } from './src/model/puzzle-check.js';
import { readEntry } from './src/model/puzzle-file.js';
import type { Drill, Puzzle } from './src/model/puzzle-file.js';
import { PUZZLE_SET } from './src/model/puzzle-set.js';
import type { ShippedEntry } from './src/model/puzzle-set.js';

const ID = 'virtual:tensorcast-puzzles';
const RESOLVED = `\0${ID}`;
const DIR = fileURLToPath(new URL('./puzzles/', import.meta.url));
// Python builtins a puzzle may allow, beside the library's names.
const BUILTINS = ['range', 'len', 'sum', 'min', 'max', 'abs'];

/** Whether the set ships its solutions ('show') or only their results ('hide'): Note [Answer-free build]. */
export type Solutions = 'show' | 'hide';

/** TC_SOLUTIONS as the build reads it: unset or 'show', or 'hide'; anything else stops the build. */
export function solutionsFromEnv(value = process.env.TC_SOLUTIONS): Solutions {
  if (value === undefined || value === '' || value === 'show') return 'show';
  if (value === 'hide') return 'hide';
  throw new Error(`TC_SOLUTIONS=${value}: use TC_SOLUTIONS=hide for a build without solutions (docs/puzzles.md), or leave it unset`);
}

/** Each file of the set, read as docs/puzzles.md says (throws naming the file and field of the first broken one). */
export function readPuzzleFiles(dir = DIR): (Puzzle | Drill)[] {
  const names = new Set([...REGISTRY.map((e) => e.name), ...BUILTINS]);
  return readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((file) => {
    try {
      return readEntry(JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')), (n) => names.has(n));
    } catch (e) {
      throw new Error(`web/puzzles/${file}: ${(e as Error).message}`);
    }
  });
}

/** The set's entries as a build with solutions shown ships them: each puzzle's reference, no results. */
export function readPuzzleSet(dir = DIR): ShippedEntry[] {
  return readPuzzleFiles(dir).map((entry): ShippedEntry => {
    if (entry.kind === 'drill') return { kind: 'drill', drill: entry };
    const { reference, wrong: _wrong, ...puzzle } = entry;
    return { kind: 'puzzle', puzzle, reference, solved: null };
  });
}

/**
 * The set's entries as the build ships them (Note [Answer-free build]).
 * With 'hide', runs every reference in the package on PUZZLE_SET's draws;
 * a reference that fails there stops the build.
 */
export async function shippedSet(solutions: Solutions, dir = DIR): Promise<ShippedEntry[]> {
  if (solutions === 'show') return readPuzzleSet(dir);
  const tc = await init();
  return readPuzzleFiles(dir).map((entry): ShippedEntry => {
    if (entry.kind === 'drill') return { kind: 'drill', drill: entry };
    const solved = solve(tc, entry, PUZZLE_SET.seed, PUZZLE_SET.count);
    const { reference: _reference, wrong: _wrong, ...puzzle } = entry;
    return { kind: 'puzzle', puzzle, reference: null, solved };
  });
}

// JSON has no Map: a signature's ranges (a Map, in the order they are
// drawn) travel as [name, range] pairs, and the module makes the Map again.
const mapsAsPairs = (_key: string, value: unknown): unknown => (value instanceof Map ? [...value] : value);

/** The module's source: the set as JSON, parsed once when the page loads it, each signature's ranges a Map again; and `solutions`, which way it was built. */
export async function puzzleModule(solutions: Solutions, dir = DIR): Promise<string> {
  const json = JSON.stringify(await shippedSet(solutions, dir), mapsAsPairs);
  return [
    `const set = JSON.parse(${JSON.stringify(json)});`,
    "for (const e of set) if (e.kind === 'puzzle') e.puzzle.signature.ranges = new Map(e.puzzle.signature.ranges);",
    'export default set;',
    `export const solutions = ${JSON.stringify(solutions)};`,
  ].join('\n');
}

export function puzzleSet(solutions: Solutions = solutionsFromEnv()): Plugin {
  return {
    name: 'tensorcast:puzzles',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    async load(id) {
      if (id !== RESOLVED) return null;
      for (const f of readdirSync(DIR)) this.addWatchFile(`${DIR}/${f}`);
      return puzzleModule(solutions);
    },
  };
}
