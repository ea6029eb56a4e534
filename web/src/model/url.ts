// The state as URL parameters (#a=5,3,4,1&b=3,1,1&op=add&view=align&step=2&lang=zh)
// and back. Reading accepts anything: unknown values fall back to defaults,
// so a hand-edited or hostile link still opens a working page, and each
// fallback is reported (ValueProblem) for the page to say so.
import { MAX_LINK_FIELD } from './limits.js';
import { VERSION_PART, versionProblem } from './link-version.js';
import { DEFAULT_STATE, PROPS } from './props.js';
import type { Prop } from './props.js';
import type { State } from './state.js';

type Reader = (key: string) => string | null;
type Value = State[keyof State];

function wholeNumber(text: string): number | null {
  return /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null;
}

/**
 * A key whose text a link or an attribute gave could not be used as given;
 * the page says so (model/link-problems.ts) rather than quietly showing
 * something else.
 */
export type ValueProblem =
  /** Not a value the key takes: instead is the text used in its place (null: the key is left out). */
  | { kind: 'value'; key: string; text: string; instead: string | null }
  /** Longer than MAX_LINK_FIELD: only the first kept characters are used. */
  | { kind: 'cut'; key: string; length: number; kept: number };

/** A property's value from its text (the fallback when there is none), and what was wrong with the text. */
function readValue(prop: Prop, text: string | null, fallback: Value): { value: Value; problem: ValueProblem | null } {
  if (text === null) return { value: fallback, problem: null };
  const refused = { value: fallback, problem: { kind: 'value', key: prop.key, text, instead: fallback === null ? null : String(fallback) } as const };
  switch (prop.kind) {
    case 'text':
      return {
        value: text.slice(0, MAX_LINK_FIELD),
        problem: text.length > MAX_LINK_FIELD ? { kind: 'cut', key: prop.key, length: text.length, kept: MAX_LINK_FIELD } : null,
      };
    case 'enum':
      return (prop.options as readonly string[]).includes(text) ? { value: text as Value, problem: null } : refused;
    case 'number':
    case 'nullable number': {
      const n = wholeNumber(text);
      return n === null ? refused : { value: n, problem: null };
    }
  }
}

/** A state from any key → value source (URL parameters, element attributes), and the keys whose text was not used as given. */
export function readStateChecked(get: Reader, base: Readonly<State> = DEFAULT_STATE): { state: State; problems: ValueProblem[] } {
  const read = PROPS.map((prop) => ({ key: prop.key, ...readValue(prop, get(prop.key), base[prop.key]) }));
  return {
    state: Object.fromEntries(read.map((r) => [r.key, r.value])) as unknown as State,
    problems: read.flatMap((r) => (r.problem === null ? [] : [r.problem])),
  };
}

/** A state from any key → value source (URL parameters, element attributes). */
export function readState(get: Reader, base: Readonly<State> = DEFAULT_STATE): State {
  return readStateChecked(get, base).state;
}

export function stateFromHash(hash: string, base?: Readonly<State>): State {
  return stateFromHashChecked(hash, base).state;
}

/** The same, with the keys whose text was not used as given. */
export function stateFromHashChecked(hash: string, base?: Readonly<State>): { state: State; problems: ValueProblem[] } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const read = readStateChecked((key) => params.get(key), base);
  // Every version this playground knows reads the state's keys as version 1 does (Note [Link versions]).
  const version = versionProblem(params);
  return version === null ? read : { state: read.state, problems: [version, ...read.problems] };
}

// Commas, brackets and spaces stay readable in a shared link.
function encode(value: string): string {
  return encodeURIComponent(value)
    .replace(/%2C/gi, ',')
    .replace(/%5B/gi, '[')
    .replace(/%5D/gi, ']');
}

/** The hash for a state: the link version (Note [Link versions]), then each property always, or when not default, as the table says. */
export function hashFromState(state: Readonly<State>): string {
  const parts = [VERSION_PART, ...PROPS.filter((p) => p.link === 'always' || state[p.key] !== p.default || p.needed?.(state) === true)
    .map((p) => `${p.key}=${encode(String(state[p.key]).slice(0, MAX_LINK_FIELD))}`)];
  return `#${parts.join('&')}`;
}

/**
 * A link to the full playground showing state: page (resolved against base,
 * its own hash replaced) with the state's hash. null unless it is an http(s)
 * address, so a page cannot be made to link to javascript: or data: URLs.
 */
export function playgroundLink(page: string, base: string, state: Readonly<State>): string | null {
  let url: URL;
  try {
    url = new URL(page, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = hashFromState(state);
  return url.href;
}
