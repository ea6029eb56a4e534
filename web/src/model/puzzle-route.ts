// The puzzle view's routes and the answer as its editor holds it. Small
// and DOM-free: the playground's own chunk reads the route from the hash
// (to know whether to load the puzzle view at all), and the puzzle view
// (web/src/puzzle-view.ts, a chunk of its own) does the rest.
//
//   #v=1&view=puzzles        the list of the set (v: Note [Link versions])
//   #v=1&puzzle=outer        one puzzle
//   &solutions=hide          no "show the solution" (also the element's solutions="hide")
//   &lang=zh, &theme=dark    as in any link
import { VERSION_PART } from './link-version.js';
import type { Lang, Theme } from './state.js';

export type PuzzleRoute = { kind: 'list' } | { kind: 'puzzle'; id: string };

/** Longer than any id of the set (docs/puzzles.md): a link's text is cut there before it is shown. */
const MAX_ID = 64;

/** The route a hash names, or null when it names none (the two-shape and code modes' own links). */
export function puzzleRoute(hash: string): PuzzleRoute | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const id = params.get('puzzle');
  // An id that could never be one still opens the puzzle route, which says the set has no such puzzle.
  if (id !== null) return { kind: 'puzzle', id: id.slice(0, MAX_ID) };
  return params.get('view') === 'puzzles' ? { kind: 'list' } : null;
}

/** The link or the element's attribute says solutions=hide. */
export function solutionsHidden(hash: string, attribute: string | null): boolean {
  return new URLSearchParams(hash.replace(/^#/, '')).get('solutions') === 'hide' || attribute === 'hide';
}

/** The hash of a route, after the link version (Note [Link versions]), with the language (always, as every link has it), the theme and solutions=hide when they are not the defaults. */
export function puzzleHash(route: PuzzleRoute, opts: { lang: Lang; theme: Theme; hide: boolean }): string {
  const parts = [VERSION_PART, route.kind === 'list' ? 'view=puzzles' : `puzzle=${encodeURIComponent(route.id)}`];
  if (opts.hide) parts.push('solutions=hide');
  parts.push(`lang=${opts.lang}`);
  if (opts.theme !== 'auto') parts.push(`theme=${opts.theme}`);
  return `#${parts.join('&')}`;
}

/**
 * "Show the solution" is offered after this many checks that did not pass
 * (or once the puzzle is solved): a student tries a few times first, and
 * is not left stuck. Three: one to meet the puzzle, one after the hints, one more.
 */
export const SOLUTION_AFTER = 3;

/** Checks still to go before the solution may be shown (0: it may). */
export function checksBeforeSolution(attempts: number, solved: boolean): number {
  return solved ? 0 : Math.max(0, SOLUTION_AFTER - attempts);
}

/** What the editor starts with: the puzzle's def line, and the body (a draft's, or empty) under it, indented. */
export function answerText(signatureText: string, body: string): string {
  const lines = body === '' ? [''] : body.split('\n');
  return `${signatureText}:\n${lines.map((l) => (l === '' ? '    ' : `    ${l}`)).join('\n')}`;
}

/**
 * The body the checker runs, from what the editor holds: the lines under
 * the first def line (the def line is never read, so that editing it
 * changes nothing), with their common indentation taken off. Without a def
 * line, the whole text is the body.
 */
export function answerBody(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const def = lines.findIndex((l) => /^\s*def\b/.test(l));
  const body = def < 0 ? lines : lines.slice(def + 1);
  const indents = body.filter((l) => l.trim() !== '').map((l) => (/^[ \t]*/.exec(l) as RegExpExecArray)[0].length);
  const cut = indents.length === 0 ? 0 : Math.min(...indents);
  return body.map((l) => l.slice(Math.min(cut, (/^[ \t]*/.exec(l) as RegExpExecArray)[0].length))).join('\n').replace(/\s+$/, '');
}
