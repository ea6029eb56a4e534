// A puzzle's signature and the draws its checker runs on (Note [Puzzle
// draws]). The signature is one line, a Python def whose annotations say
// each input's dtype and named dims, and the result's:
//
//   def outer(a: float32[n], b: float32[m]) -> float32[n, m]
//   def bincount(x: int64[n] in range(m), m: int) -> int64[m]
//
// with each dim's sizes (and each int's values) as a range over integers:
//
//   { "n": "range(1, 7)", "m": "range(0, 5)" }
//
// The grammar, one rule per line (names are Python's; a bound is an
// integer, a dim or int named before it, or that name plus or minus an
// integer):
//
//   signature := 'def' NAME '(' param (',' param)* ')' '->' type
//   param     := NAME ':' type
//   type      := DTYPE '[' [dim (',' dim)*] ']' ['in' range] | 'int' | 'float' | 'bool'
//   dim       := NAME | INTEGER
//   range     := 'range(' bound [',' bound] ')'
//   bound     := INTEGER | NAME [('+' | '-') INTEGER]
//
// Pure data in, pure data out: no tensors, no DOM, so that a puzzle file is
// checked (web/src/model/puzzle-file.ts) and its draws are reproduced from
// the seed anywhere.
import { seededIntegers } from './random.js';

export const TENSOR_DTYPES = ['float32', 'float64', 'int64', 'int32', 'bool'] as const;
export type PuzzleDType = (typeof TENSOR_DTYPES)[number];

/** A bound of a range: a number, or a name (a dim or an int input) plus an offset. */
export type Bound = { value: number } | { name: string; plus: number };

/** range(start, stop): start included, stop not, as Python's. */
export interface IntRange {
  start: Bound;
  stop: Bound;
}

export type InputType =
  | { kind: 'tensor'; dtype: PuzzleDType; dims: (string | number)[]; values: IntRange | null }
  | { kind: 'int' | 'float' | 'bool' };

export interface Param {
  name: string;
  type: InputType;
}

export interface Signature {
  name: string;
  params: Param[];
  result: InputType;
  /** Each dim's sizes, and each int input's values, by name, in the order they are drawn. */
  ranges: Map<string, IntRange>;
}

/** A signature that cannot be read: what is wrong, and where in its text (0-based). */
export class SignatureError extends Error {
  constructor(message: string, readonly at: number) {
    super(message);
    this.name = 'SignatureError';
  }
}

interface Token {
  text: string;
  kind: 'name' | 'int' | 'op' | 'end';
  at: number;
}

function tokens(text: string): Token[] {
  const token = /\s*(?:([A-Za-z_]\w*)|(\d+)|(->|[()[\]:,+-]))/y;
  const out: Token[] = [];
  let at = 0;
  for (;;) {
    const rest = text.slice(at);
    const start = at + rest.length - rest.trimStart().length;
    if (start >= text.length) break;
    token.lastIndex = at;
    const m = token.exec(text);
    if (m === null) throw new SignatureError(`unexpected character '${text[start]}'`, start);
    const kind = m[1] !== undefined ? 'name' : m[2] !== undefined ? 'int' : 'op';
    out.push({ text: (m[1] ?? m[2] ?? m[3]) as string, kind, at: start });
    at = token.lastIndex;
  }
  out.push({ text: '', kind: 'end', at: text.length });
  return out;
}

class Reader {
  private i = 0;
  constructor(private readonly toks: Token[]) {}
  peek(): Token {
    return this.toks[this.i] as Token;
  }
  next(): Token {
    return this.toks[this.i++] as Token;
  }
  fail(message: string): never {
    const t = this.peek();
    throw new SignatureError(`${message}, found ${t.kind === 'end' ? 'the end' : `'${t.text}'`}`, t.at);
  }
  expect(text: string): void {
    if (this.peek().text !== text || this.peek().kind === 'end') this.fail(`expected '${text}'`);
    this.next();
  }
  name(what: string): string {
    if (this.peek().kind !== 'name') this.fail(`expected ${what}`);
    return this.next().text;
  }
  accept(text: string): boolean {
    if (this.peek().kind === 'end' || this.peek().text !== text) return false;
    this.next();
    return true;
  }
}

function bound(r: Reader): Bound {
  const negative = r.accept('-');
  if (r.peek().kind === 'int') return { value: (negative ? -1 : 1) * Number(r.next().text) };
  if (negative) r.fail('expected an integer');
  const name = r.name('an integer or a name');
  let plus = 0;
  if (r.peek().text === '+' || r.peek().text === '-') {
    const sign = r.next().text === '-' ? -1 : 1;
    if (r.peek().kind !== 'int') r.fail('expected an integer');
    plus = sign * Number(r.next().text);
  }
  return { name, plus };
}

function range(r: Reader): IntRange {
  if (r.name("'range'") !== 'range') r.fail("expected 'range'");
  r.expect('(');
  const first = bound(r);
  const range = r.accept(',') ? { start: first, stop: bound(r) } : { start: { value: 0 }, stop: first };
  r.expect(')');
  return range;
}

function type(r: Reader): InputType {
  const at = r.peek().at;
  const word = r.name('a dtype or int, float, bool');
  if (word === 'int' || word === 'float' || word === 'bool') return { kind: word };
  if (!(TENSOR_DTYPES as readonly string[]).includes(word))
    throw new SignatureError(`unknown type '${word}' (known: ${TENSOR_DTYPES.join(', ')}, int, float, bool)`, at);
  r.expect('[');
  const dims: (string | number)[] = [];
  if (!r.accept(']')) {
    do {
      const t = r.next();
      if (t.kind === 'name') dims.push(t.text);
      else if (t.kind === 'int') dims.push(Number(t.text));
      else throw new SignatureError(`expected a dim (a name or a size), found '${t.text}'`, t.at);
    } while (r.accept(','));
    r.expect(']');
  }
  const values = r.accept('in') ? range(r) : null;
  return { kind: 'tensor', dtype: word as PuzzleDType, dims, values };
}

/**
 * Reads `text` (the def line) and `ranges` (each dim's and int's range, as
 * text). Throws a SignatureError saying what is wrong: the grammar, a dim
 * or int without a range, a range naming what is not drawn before it, a
 * name given twice.
 */
export function parseSignature(text: string, ranges: Readonly<Record<string, string>>): Signature {
  const r = new Reader(tokens(text));
  r.expect('def');
  const name = r.name('the function name');
  r.expect('(');
  const params: Param[] = [];
  do {
    const at = r.peek().at;
    const p = r.name('a parameter name');
    if (params.some((q) => q.name === p)) throw new SignatureError(`parameter '${p}' is given twice`, at);
    r.expect(':');
    params.push({ name: p, type: type(r) });
  } while (r.accept(','));
  r.expect(')');
  r.expect('->');
  const result = type(r);
  if (r.peek().kind !== 'end') r.fail('expected the end of the signature');

  // Ranges in the order given; each one's bounds name only what comes before it.
  const drawn = new Map<string, IntRange>();
  for (const [key, source] of Object.entries(ranges)) {
    let parsed: IntRange;
    try {
      const rr = new Reader(tokens(source));
      parsed = range(rr);
      if (rr.peek().kind !== 'end') rr.fail('expected the end of the range');
    } catch (e) {
      if (e instanceof SignatureError) throw new SignatureError(`range of '${key}': ${e.message}`, e.at);
      throw e;
    }
    for (const b of [parsed.start, parsed.stop])
      if ('name' in b && !drawn.has(b.name))
        throw new SignatureError(`range of '${key}' names '${b.name}', which has no range before it`, 0);
    drawn.set(key, parsed);
  }
  const needs = new Set<string>();
  for (const p of params) {
    if (p.type.kind === 'int') needs.add(p.name);
    if (p.type.kind === 'tensor') for (const d of p.type.dims) if (typeof d === 'string') needs.add(d);
  }
  if (result.kind === 'tensor') for (const d of result.dims) if (typeof d === 'string') needs.add(d);
  const named = new Set(needs);  // a name a values range uses is drawn too, though no dim has it
  for (const p of params)
    if (p.type.kind === 'tensor' && p.type.values !== null)
      for (const b of [p.type.values.start, p.type.values.stop]) if ('name' in b) named.add(b.name);
  for (const n of needs) if (!drawn.has(n)) throw new SignatureError(`'${n}' has no range: give its sizes, e.g. "${n}": "range(1, 6)"`, 0);
  for (const key of drawn.keys()) if (!named.has(key)) throw new SignatureError(`a range for '${key}', which the signature does not name`, 0);
  for (const p of params)
    if (p.type.kind === 'tensor' && p.type.values !== null)
      for (const b of [p.type.values.start, p.type.values.stop])
        if ('name' in b && !drawn.has(b.name)) throw new SignatureError(`the values of '${p.name}' name '${b.name}', which has no range`, 0);
  return { name, params, result, ranges: drawn };
}

// Note [Puzzle draws]: a checker compares an answer with the reference
// exactly (shape, dtype, every value), so the values drawn are small
// integers (-5 to 5 unless the signature says otherwise), stored in the
// input's dtype: sums, products and differences of them are exact in
// float32 whatever order an answer computes them in, and an exact
// comparison fails only a wrong answer. The sizes of a draw come from the
// seed; the first draws are the edges, each dim at the smallest size its
// range allows (0 where it allows 0), then 1, then the largest.

/** One input's value in a draw: a tensor as its dtype, shape and values (row-major), or a number. */
export type DrawnValue = { dtype: PuzzleDType; shape: number[]; values: number[] } | number | boolean;

export interface Draw {
  /** The sizes and ints drawn, by name. */
  sizes: Record<string, number>;
  inputs: Record<string, DrawnValue>;
}

const DEFAULT_VALUES: IntRange = { start: { value: -5 }, stop: { value: 6 } };

function resolve(b: Bound, sizes: Record<string, number>): number {
  return 'value' in b ? b.value : (sizes[b.name] as number) + b.plus;
}

/**
 * `count` draws from `seed` (the same for the same seed, anywhere): the
 * edges first (each range's smallest, 1 where the range holds it, its
 * largest), then seeded sizes. A range left empty by the sizes before it
 * (range(0, n) with n = 0) throws: the puzzle's ranges must allow it.
 */
export function draws(sig: Signature, seed: number, count: number): Draw[] {
  const out: Draw[] = [];
  const edges: ('low' | 'one' | 'high')[] = ['low', 'one', 'high'];
  for (let i = 0; i < count; i++) {
    const s = (seed + Math.imul(i, 0x9e3779b9)) >>> 0;
    const pick = seededIntegers(s, sig.ranges.size, 0, 2 ** 30);
    const sizes: Record<string, number> = {};
    let k = 0;
    for (const [name, r] of sig.ranges) {
      const lo = resolve(r.start, sizes);
      const hi = resolve(r.stop, sizes) - 1;
      if (hi < lo) throw new SignatureError(`the range of '${name}' is empty when ${JSON.stringify(sizes)}`, 0);
      const edge = edges[i];
      sizes[name] = edge === 'low' ? lo : edge === 'high' ? hi : edge === 'one' ? Math.min(Math.max(1, lo), hi) : lo + ((pick[k] as number) % (hi - lo + 1));
      k++;
    }
    const inputs: Record<string, DrawnValue> = {};
    sig.params.forEach((p, j) => {
      const t = p.type;
      if (t.kind === 'int') inputs[p.name] = sizes[p.name] as number;
      else if (t.kind === 'float') inputs[p.name] = seededIntegers(s + 7919 * (j + 1), 1, -5, 5)[0] as number;
      else if (t.kind === 'bool') inputs[p.name] = (seededIntegers(s + 7919 * (j + 1), 1, 0, 1)[0] as number) === 1;
      else if (t.kind === 'tensor') {
        const shape = t.dims.map((d) => (typeof d === 'number' ? d : (sizes[d] as number)));
        const n = shape.reduce((a, b) => a * b, 1);
        const r = t.values ?? DEFAULT_VALUES;
        const lo = t.dtype === 'bool' ? 0 : resolve(r.start, sizes);
        const hi = t.dtype === 'bool' ? 1 : resolve(r.stop, sizes) - 1;
        if (n > 0 && hi < lo) throw new SignatureError(`the values of '${p.name}' have an empty range when ${JSON.stringify(sizes)}`, 0);
        inputs[p.name] = { dtype: t.dtype, shape, values: Array.from(seededIntegers(s + 7919 * (j + 1), n, lo, hi)) };
      }
    });
    out.push({ sizes, inputs });
  }
  return out;
}
