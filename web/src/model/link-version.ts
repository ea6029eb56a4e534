// The version key every link the playground writes starts with (#v=1&a=…).
//
// Note [Link versions]
// ~~~~~~~~~~~~~~~~~~~~
// A link a teacher put in a course must open the same state years later,
// whatever the playground has become. So every link the page makes (the
// address bar's hash, "Copy link", "Copy embed code", "Copy iframe", the
// compact embed's "Open in the playground", the puzzle routes and drills,
// the links to the worksheet) says which version of the link format wrote
// it: v=1, first. A later version that changes what a key means (renames
// it, reads its text another way) bumps LINK_VERSION and reads a link by
// the version it names: v=1 (and a link with no v, written before the key
// existed: it is read exactly as v=1) keeps today's meaning. So the
// printed worksheet's short links, typed by hand from paper
// (./#puzzle=outer), may leave v out and still last.
// tests/web/link-versions.test.js holds this version's links as fixtures,
// each with the state it opens; a later version adds its own fixtures and
// never edits these.
//
// A link that names a version this playground does not know (one written by
// a later playground, opened in an older copy: an offline build, say) is
// read as this version reads links, and the page says so (a ValueProblem on
// the key v), since some of its keys may mean something else.
import type { ValueProblem } from './url.js';

export const VERSION_KEY = 'v';

/** The version of the link format this playground writes. */
export const LINK_VERSION = 1;

/** What a hash's key list starts with. */
export const VERSION_PART = `${VERSION_KEY}=${LINK_VERSION}`;

/** The versions this playground reads as their writers meant them ('' is a link from before the key). */
const KNOWN: readonly string[] = ['1'];

/** The version key's text names a version this playground reads. */
export function knownVersion(text: string): boolean {
  return KNOWN.includes(text);
}

/** The problem with a link's version key: null when it has none or names a version this playground reads. */
export function versionProblem(params: URLSearchParams): ValueProblem | null {
  const text = params.get(VERSION_KEY);
  return text === null || knownVersion(text) ? null : { kind: 'value', key: VERSION_KEY, text, instead: String(LINK_VERSION) };
}
