// The puzzle set as the page receives it (web/puzzles-plugin.ts writes it
// at build time): each puzzle with its reference, or, in a build made with
// solutions hidden, with the reference's results on the set's draws in its
// place, so that the page can check answers without holding a solution.
// No DOM.
import type { Drill } from './puzzle-file.js';
import type { Checkable, Solved } from './puzzle-check.js';

/**
 * The draws every answer of this set is checked on. Fixed, so that a build
 * with solutions hidden can ship the reference's results, and a failing
 * draw shown today is the one shown tomorrow. tests/web/puzzle-check.test.js
 * and tests/web/fixtures/puzzles/dump-draws.mjs use the same two numbers.
 */
export const PUZZLE_SET = { id: 'tensorcast', seed: 20261128, count: 20 } as const;

export type ShippedEntry =
  | { kind: 'drill'; drill: Drill }
  | {
      kind: 'puzzle';
      puzzle: Checkable;
      /** The reference's body; null in a build with solutions hidden. */
      reference: string | null;
      /** The reference's results on PUZZLE_SET's draws; null when the page makes them itself from `reference`. */
      solved: Solved | null;
    };
