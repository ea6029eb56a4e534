// Values typed by hand: numbers (True/False for a bool operand, whole
// numbers for an integer one) separated by
// commas, spaces or full-width commas; brackets are ignored so that a pasted
// nested list ([[1, 2], [3, 4]]) reads as its elements in row-major order.
// The count, and an integer's range (uint8: 0 to 255), are checked by the
// core when the tensor is made.
import type { DTypeKind } from './dtypes.js';

export type ValuesResult = { values: number[]; error: null } | { values: null; error: { token: string } };

const BOOLS: Readonly<Record<string, number>> = { true: 1, false: 0, True: 1, False: 0 };

// Python's spellings too: inf, -inf, nan.
const SPECIAL: Readonly<Record<string, number>> = { inf: Infinity, '+inf': Infinity, '-inf': -Infinity, nan: NaN, '-nan': NaN };

function numberOf(token: string): number | null {
  const named = BOOLS[token] ?? SPECIAL[token.toLowerCase()];
  if (named !== undefined) return named;
  const value = Number(token);
  return Number.isNaN(value) ? null : value;
}

/** Whether a value can be an element of a tensor of this kind as typed (PyTorch would truncate 2.5 silently: the page asks). */
function fits(value: number, kind: DTypeKind): boolean {
  if (kind === 'bool') return value === 0 || value === 1;
  return kind === 'float' || Number.isInteger(value);
}

export function parseValues(text: string, kind: DTypeKind): ValuesResult {
  const tokens = text.replace(/[[\]()（）【】]/g, ' ').split(/[\s,，;；]+/).filter((t) => t !== '');
  const values: number[] = [];
  for (const token of tokens) {
    const value = numberOf(token);
    if (value === null || !fits(value, kind)) return { values: null, error: { token } };
    values.push(value);
  }
  return { values, error: null };
}
