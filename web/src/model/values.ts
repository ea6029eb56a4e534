// Values typed by hand: numbers (or True/False for a condition) separated by
// commas, spaces or full-width commas; brackets are ignored so that a pasted
// nested list ([[1, 2], [3, 4]]) reads as its elements in row-major order.
// The count is checked by the core when the tensor is made.

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

export function parseValues(text: string, bool: boolean): ValuesResult {
  const tokens = text.replace(/[[\]()（）【】]/g, ' ').split(/[\s,，;；]+/).filter((t) => t !== '');
  const values: number[] = [];
  for (const token of tokens) {
    const value = numberOf(token);
    if (value === null || (bool && value !== 0 && value !== 1)) return { values: null, error: { token } };
    values.push(value);
  }
  return { values, error: null };
}
