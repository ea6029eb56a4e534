// The state as URL parameters (#a=5,3,4,1&b=3,1,1&op=add&view=align&step=2&lang=zh)
// and back. Reading accepts anything: unknown values fall back to defaults,
// so a hand-edited or hostile link still opens a working page.
import { MAX_LINK_FIELD } from './limits.js';
import { DEFAULT_STATE, FILLS, LANGS, LOSSES, OPS, THEMES, VIEWS } from './state.js';
import type { State } from './state.js';

type Reader = (key: string) => string | null;

const TEXT_KEYS = ['a', 'b', 'c', 'alpha', 'va', 'vb', 'vc'] as const;

function oneOf<T extends string>(options: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (options as readonly string[]).includes(value) ? (value as T) : fallback;
}

function wholeNumber(value: string | null, fallback: number | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return fallback;
  return Number(value.trim());
}

/** A state from any key → value source (URL parameters, element attributes). */
export function readState(get: Reader, base: Readonly<State> = DEFAULT_STATE): State {
  const state: State = { ...base };
  for (const key of TEXT_KEYS) {
    const value = get(key);
    if (value !== null) state[key] = value.slice(0, MAX_LINK_FIELD);
  }
  state.op = oneOf(OPS, get('op'), base.op);
  state.fa = oneOf(FILLS, get('fa'), base.fa);
  state.fb = oneOf(FILLS, get('fb'), base.fb);
  state.fc = oneOf(FILLS, get('fc'), base.fc);
  state.loss = oneOf(LOSSES, get('loss'), base.loss);
  state.view = oneOf(VIEWS, get('view'), base.view);
  state.lang = oneOf(LANGS, get('lang'), base.lang);
  state.theme = oneOf(THEMES, get('theme'), base.theme);
  state.seed = wholeNumber(get('seed'), base.seed) ?? base.seed;
  state.step = get('step') === null ? base.step : wholeNumber(get('step'), base.step);
  return state;
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

/** The hash for a state: the core fields always, the others when not default. */
export function hashFromState(state: Readonly<State>): string {
  const parts: string[] = [];
  const put = (key: string, value: string): void => {
    parts.push(`${key}=${encode(value.slice(0, MAX_LINK_FIELD))}`);
  };
  put('a', state.a);
  put('b', state.b);
  if (state.op === 'where' || state.c !== DEFAULT_STATE.c) put('c', state.c);
  put('op', state.op);
  if (state.alpha !== DEFAULT_STATE.alpha) put('alpha', state.alpha);
  for (const key of ['fa', 'fb', 'fc', 'va', 'vb', 'vc', 'loss', 'theme'] as const)
    if (state[key] !== DEFAULT_STATE[key]) put(key, state[key]);
  if (state.seed !== DEFAULT_STATE.seed) put('seed', String(state.seed));
  put('view', state.view);
  if (state.step !== null) put('step', String(state.step));
  put('lang', state.lang);
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
