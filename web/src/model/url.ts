// The state as URL parameters (#a=5,3,4,1&b=3,1,1&op=add&view=align&step=2&lang=zh)
// and back. Reading accepts anything: unknown values fall back to defaults,
// so a hand-edited or hostile link still opens a working page.
import { MAX_LINK_FIELD } from './limits.js';
import { DEFAULT_STATE, PROPS } from './props.js';
import type { Prop } from './props.js';
import type { State } from './state.js';

type Reader = (key: string) => string | null;
type Value = State[keyof State];

function wholeNumber(text: string): number | null {
  return /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null;
}

/** A property's value from its text; the fallback when the text is not one it can take. */
function readValue(prop: Prop, text: string | null, fallback: Value): Value {
  if (text === null) return fallback;
  switch (prop.kind) {
    case 'text':
      return text.slice(0, MAX_LINK_FIELD);
    case 'enum':
      return (prop.options as readonly string[]).includes(text) ? (text as Value) : fallback;
    case 'number':
    case 'nullable number':
      return wholeNumber(text) ?? fallback;
  }
}

/** A state from any key → value source (URL parameters, element attributes). */
export function readState(get: Reader, base: Readonly<State> = DEFAULT_STATE): State {
  const entries = PROPS.map((prop) => [prop.key, readValue(prop, get(prop.key), base[prop.key])]);
  return Object.fromEntries(entries) as unknown as State;
}

export function stateFromHash(hash: string, base?: Readonly<State>): State {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return readState((key) => params.get(key), base);
}

// Commas, brackets and spaces stay readable in a shared link.
function encode(value: string): string {
  return encodeURIComponent(value)
    .replace(/%2C/gi, ',')
    .replace(/%5B/gi, '[')
    .replace(/%5D/gi, ']');
}

/** The hash for a state: each property always, or when not default, as the table says. */
export function hashFromState(state: Readonly<State>): string {
  const parts = PROPS.filter((p) => p.link === 'always' || state[p.key] !== p.default || p.needed?.(state) === true)
    .map((p) => `${p.key}=${encode(String(state[p.key]).slice(0, MAX_LINK_FIELD))}`);
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
