// The drills of the puzzle set (web/puzzles, kind 'drill'), for the
// #drill=ID route. Its own module so that the set is loaded only when a
// drill is opened (playground.ts imports this lazily): the landing page's
// first paint does not carry it.
import entries from 'virtual:tensorcast-puzzles';
import type { Drill } from './model/puzzle-file.js';

/** The drill of the set with this id, or null. */
export function findDrill(id: string): Drill | null {
  for (const e of entries) if (e.kind === 'drill' && e.drill.id === id) return e.drill;
  return null;
}
