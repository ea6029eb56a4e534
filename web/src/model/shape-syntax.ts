// Shapes as a person copies them from code, a paper or a traceback:
// "4,3", "4 3", "4x3", "4×3", "(4, 3)", "[4, 3]", "torch.Size([4, 3])", and
// named dims ("B,3,H,W") whose values are asked for separately. Read here,
// in the page, so that the core's parser (src/parse_shape.cpp) keeps its
// one plain syntax; what this reads is handed to it as "4,3".

import { MAX_DIMS } from 'tensorcast';

/** One dim: a size, or a name still waiting for its value. */
export type Dim = number | string;

export type ShapeReading =
  | { ok: true; dims: Dim[] }
  | { ok: false; at: number; problem: 'empty' | 'unexpected' | 'negative' | 'fraction' | 'too-large' | 'unclosed' };

// Sizes above this are not shapes anyone has; they also keep every number exact.
const MAX_SIZE = 2 ** 40;
const MAX_TEXT = 400;

// The full-width forms a Chinese keyboard types, read as their ASCII twins (as the core does).
function fold(text: string): string {
  return text.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ').replace(/\u3001/g, ',');
}

/** Reads one shape; positions in problems count characters from 1. */
export function readShape(typed: string): ShapeReading {
  if (typed.length > MAX_TEXT) return { ok: false, at: MAX_TEXT + 1, problem: 'too-large' };
  const text = fold(typed);
  let pos = 0;
  const fail = (problem: Extract<ShapeReading, { ok: false }>['problem']): ShapeReading => ({ ok: false, at: pos + 1, problem });
  const space = (): void => {
    while (pos < text.length && /\s/.test(text[pos] as string)) pos++;
  };
  space();
  if (pos >= text.length) return fail('empty');
  // torch.Size([4, 3]), torch.empty(4, 3), torch.zeros((4, 3)): the call's brackets hold the shape.
  const call = /^torch\.[A-Za-z_]+\s*\(/.exec(text.slice(pos));
  const closers: string[] = [];
  if (call !== null) {
    pos += call[0].length;
    closers.push(')');
  }
  space();
  if (text[pos] === '(' || text[pos] === '[') {
    closers.push(text[pos] === '(' ? ')' : ']');
    pos++;
  }
  const dims: Dim[] = [];
  for (;;) {
    const before = pos;
    space();
    const ch = text[pos];
    if (ch === undefined || ch === closers[closers.length - 1]) break;
    // Spaces alone also separate dims ("4 3"); an x after a space is still "4 x 3".
    const spaced = pos > before && ch !== 'x' && /^[\dA-Za-z_]$/.test(ch);
    if (dims.length > 0 && !spaced) {
      // Between dims: a comma, an x or ×, or a *; a trailing comma is Python's one-dim tuple.
      if (!/^[,x×*]$/.test(ch)) return fail('unexpected');
      pos++;
      space();
      const after = text[pos];
      if (ch === ',' && (after === undefined || after === closers[closers.length - 1])) break;
    }
    const rest = text.slice(pos);
    const start = pos;
    const number = /^\d+/.exec(rest);
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
    if (number !== null) {
      if (rest[number[0].length] === '.') {
        pos += number[0].length;
        return fail('fraction');
      }
      const value = Number(number[0]);
      if (value > MAX_SIZE) return fail('too-large');
      dims.push(value);
      pos += number[0].length;
    } else if (name !== null) {
      dims.push(name[0]);
      pos += name[0].length;
    } else {
      return fail(rest.startsWith('-') ? 'negative' : 'unexpected');
    }
    if (dims.length > MAX_DIMS) {
      pos = start;
      return fail('too-large');
    }
  }
  for (const closer of closers.reverse()) {
    space();
    if (text[pos] !== closer) return fail('unclosed');
    pos++;
  }
  space();
  if (pos < text.length) return fail('unexpected');
  return { ok: true, dims };
}

/** The names a shape still needs values for, in order, each once. */
export function namesOf(dims: readonly Dim[]): string[] {
  return [...new Set(dims.filter((d): d is string => typeof d === 'string'))];
}

/** A size typed for a named dim: a whole number, or null. */
export function readSize(text: string): number | null {
  const t = fold(text).trim();
  return /^\d{1,13}$/.test(t) && Number(t) <= MAX_SIZE ? Number(t) : null;
}

/** The shape with each name replaced by its value; null while a name has none. */
export function resolveShape(dims: readonly Dim[], values: Readonly<Record<string, number | null | undefined>>): number[] | null {
  const out: number[] = [];
  for (const d of dims) {
    const v = typeof d === 'number' ? d : values[d];
    if (v === null || v === undefined) return null;
    out.push(v);
  }
  return out;
}

/** The text the core's parser reads (as fixes write it): "4,3", and "()" for 0-D. */
export function coreText(shape: readonly number[]): string {
  return shape.length === 0 ? '()' : shape.join(',');
}
