// A view chain typed after an operand's shape (".T", ".transpose(0, 1)",
// "[:, 1:3]", ".expand(2, -1)"): read as Python's syntax for PyTorch's view
// ops, by hand, character by character. It is never evaluated; what it
// means is done by the core's own view ops (view-apply.ts). No DOM, no core.

/** One item of an indexing expression, as Python reads it. */
export type IndexItem =
  | { kind: 'int'; value: number }
  | { kind: 'slice'; start: number | null; stop: number | null; step: number | null }
  | { kind: 'none' }
  | { kind: 'ellipsis' };

export type ViewOp =
  | { op: 'T' }
  | { op: 'mT' }
  | { op: 't' }
  | { op: 'transpose'; dim0: number; dim1: number }
  | { op: 'permute'; dims: number[] }
  | { op: 'narrow'; dim: number; start: number; length: number }
  | { op: 'expand'; sizes: number[] }
  | { op: 'view'; sizes: number[] }
  | { op: 'unsqueeze'; dim: number }
  | { op: 'squeeze'; dim: number | null }
  | { op: 'index'; items: IndexItem[] };

/** A parsed op with where it was typed, so a failure can name it. */
export type ChainLink = ViewOp & { at: number; text: string };

/** Why a chain could not be read; at is the character it stopped at (0-based). */
export type ChainError =
  | { kind: 'unexpected'; at: number; found: string }
  | { kind: 'unknown'; at: number; name: string }
  | { kind: 'arity'; at: number; name: string; expected: string; got: number }
  | { kind: 'unclosed'; at: number; bracket: string }
  | { kind: 'number'; at: number; text: string }
  | { kind: 'too-long'; at: number; limit: number };

export type ChainResult = { ok: true; links: ChainLink[] } | { ok: false; error: ChainError };

/** The methods read, and the number of integer arguments each takes (a list counts as its items). */
const METHODS: Readonly<Record<string, { min: number; max: number; list: boolean; expected: string }>> = {
  t: { min: 0, max: 0, list: false, expected: '0' },
  transpose: { min: 2, max: 2, list: false, expected: '2' },
  permute: { min: 0, max: Infinity, list: true, expected: 'n' },
  narrow: { min: 3, max: 3, list: false, expected: '3' },
  expand: { min: 0, max: Infinity, list: true, expected: 'n' },
  view: { min: 0, max: Infinity, list: true, expected: 'n' },
  unsqueeze: { min: 1, max: 1, list: false, expected: '1' },
  squeeze: { min: 0, max: 1, list: false, expected: '0–1' },
};

/** Attributes read without a call. */
const ATTRIBUTES = ['T', 'mT'] as const;

/** More ops than this is not a chain anyone types; it also bounds the work. */
export const MAX_CHAIN_LINKS = 32;

// Integers beyond this are no size or dim the playground could make.
const MAX_INT = 1e9;

class Reader {
  at = 0;
  constructor(readonly text: string) {}
  space(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at] as string)) this.at++;
  }
  peek(): string {
    this.space();
    return this.text[this.at] ?? '';
  }
  eat(ch: string): boolean {
    if (this.peek() !== ch) return false;
    this.at++;
    return true;
  }
}

class Stop {
  constructor(readonly error: ChainError) {}
}

function unexpected(r: Reader): Stop {
  r.space();
  return new Stop({ kind: 'unexpected', at: r.at, found: r.text.slice(r.at, r.at + 1) });
}

function readName(r: Reader): string {
  r.space();
  const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(r.text.slice(r.at));
  if (m === null) throw unexpected(r);
  r.at += m[0].length;
  return m[0];
}

/** An integer, or null when none starts here (the caller decides whether that is an error). */
function readInt(r: Reader): number | null {
  r.space();
  const m = /^[+-]?\s*\d+/.exec(r.text.slice(r.at));
  if (m === null) return null;
  const digits = m[0].replace(/\s/g, '');
  const value = Number(digits);
  if (!Number.isSafeInteger(value) || Math.abs(value) > MAX_INT) throw new Stop({ kind: 'number', at: r.at, text: digits });
  r.at += m[0].length;
  return value;
}

/** Call arguments: integers, or one tuple/list of them for the methods that take sizes or dims. */
function readArgs(r: Reader, list: boolean): number[] {
  const open = r.at - 1;
  const args: number[] = [];
  if (r.eat(')')) return args;
  const bracket = r.peek();
  if (list && (bracket === '(' || bracket === '[')) {
    r.at++;
    const close = bracket === '(' ? ')' : ']';
    if (!r.eat(close)) {
      for (;;) {
        const v = readInt(r);
        if (v === null) throw r.at >= r.text.length ? new Stop({ kind: 'unclosed', at: open, bracket: bracket }) : unexpected(r);
        args.push(v);
        if (r.eat(close)) break;
        if (!r.eat(',')) throw r.at >= r.text.length ? new Stop({ kind: 'unclosed', at: open, bracket: bracket }) : unexpected(r);
        if (r.eat(close)) break;
      }
    }
    r.eat(',');
    if (!r.eat(')')) throw r.at >= r.text.length ? new Stop({ kind: 'unclosed', at: open, bracket: '(' }) : unexpected(r);
    return args;
  }
  for (;;) {
    const v = readInt(r);
    if (v === null) throw r.at >= r.text.length ? new Stop({ kind: 'unclosed', at: open, bracket: '(' }) : unexpected(r);
    args.push(v);
    if (r.eat(')')) return args;
    if (!r.eat(',')) throw r.at >= r.text.length ? new Stop({ kind: 'unclosed', at: open, bracket: '(' }) : unexpected(r);
    if (r.eat(')')) return args;
  }
}

function method(name: string, args: number[], at: number): ViewOp {
  const spec = METHODS[name];
  if (spec === undefined) throw new Stop({ kind: 'unknown', at, name });
  if (args.length < spec.min || args.length > spec.max) throw new Stop({ kind: 'arity', at, name, expected: spec.expected, got: args.length });
  const [x = 0, y = 0, z = 0] = args;
  switch (name) {
    case 't':
      return { op: 't' };
    case 'transpose':
      return { op: 'transpose', dim0: x, dim1: y };
    case 'permute':
      return { op: 'permute', dims: args };
    case 'narrow':
      return { op: 'narrow', dim: x, start: y, length: z };
    case 'expand':
      return { op: 'expand', sizes: args };
    case 'view':
      return { op: 'view', sizes: args };
    case 'unsqueeze':
      return { op: 'unsqueeze', dim: x };
    default:
      return { op: 'squeeze', dim: args.length === 0 ? null : x };
  }
}

/** One item between commas inside [ ]: an int, a slice, None or "...". */
function readIndexItem(r: Reader): IndexItem {
  r.space();
  if (r.text.startsWith('...', r.at)) {
    r.at += 3;
    return { kind: 'ellipsis' };
  }
  if (r.text.startsWith('None', r.at) && !/[A-Za-z0-9_]/.test(r.text[r.at + 4] ?? '')) {
    r.at += 4;
    return { kind: 'none' };
  }
  const start = readInt(r);
  if (r.peek() !== ':') {
    if (start === null) throw unexpected(r);
    return { kind: 'int', value: start };
  }
  r.at++;
  const stop = readInt(r);
  let step: number | null = null;
  if (r.eat(':')) step = readInt(r);
  return { kind: 'slice', start, stop, step };
}

function readIndex(r: Reader): IndexItem[] {
  const open = r.at - 1;
  const items: IndexItem[] = [];
  for (;;) {
    if (r.peek() === '') throw new Stop({ kind: 'unclosed', at: open, bracket: '[' });
    items.push(readIndexItem(r));
    if (r.eat(']')) return items;
    if (!r.eat(',')) throw r.peek() === '' ? new Stop({ kind: 'unclosed', at: open, bracket: '[' }) : unexpected(r);
    if (r.eat(']')) return items;
  }
}

function readLink(r: Reader): ViewOp {
  if (r.eat('[')) return { op: 'index', items: readIndex(r) };
  if (!r.eat('.')) throw unexpected(r);
  r.space();
  const at = r.at;
  const name = readName(r);
  if (r.eat('(')) {
    // T and mT are attributes: ".T()" is an error in Python too.
    if ((ATTRIBUTES as readonly string[]).includes(name)) throw new Stop({ kind: 'unexpected', at: r.at - 1, found: '(' });
    return method(name, readArgs(r, METHODS[name]?.list ?? false), at);
  }
  if (name === 'T' || name === 'mT') return { op: name };
  if (METHODS[name] !== undefined) throw new Stop({ kind: 'unexpected', at: r.at, found: r.text.slice(r.at, r.at + 1) });
  throw new Stop({ kind: 'unknown', at, name });
}

/** The chain as typed; empty text is the empty chain (the operand as it is). */
export function parseChain(text: string): ChainResult {
  const r = new Reader(text);
  const links: ChainLink[] = [];
  try {
    while (r.peek() !== '') {
      const start = r.at;
      if (links.length === MAX_CHAIN_LINKS) throw new Stop({ kind: 'too-long', at: start, limit: MAX_CHAIN_LINKS });
      const link = readLink(r);
      links.push({ ...link, at: start, text: text.slice(start, r.at).trim() });
    }
  } catch (e) {
    if (e instanceof Stop) return { ok: false, error: e.error };
    throw e;
  }
  return { ok: true, links };
}
