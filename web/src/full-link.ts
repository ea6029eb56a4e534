// Where a compact embed's "Open in the playground" link points.
import type { State } from './model/state.js';
import { hashFromState, playgroundLink } from './model/url.js';

// When the page names no playground-url: the playground's index page beside
// this script. The build puts this code in tensorcast-playground.js at the
// root of web/dist, next to index.html, so a course page on another site
// still links to the playground served with the script. A bundler that
// rewrites import.meta.url to a file: URL makes it unusable as a link; then
// "./", the folder of the page itself (playgroundLink refuses what is not
// http(s)), and on a page that is not served over http(s) either, a bare "./#…".
const HOME = './';

/** The full playground showing state; page is the element's playground-url, if any. */
export function fullLink(page: string | null, state: Readonly<State>): string {
  const named = page === null ? null : playgroundLink(page, document.baseURI, state);
  return named ?? playgroundLink(HOME, import.meta.url, state) ?? playgroundLink(HOME, document.baseURI, state) ?? `${HOME}${hashFromState(state)}`;
}
