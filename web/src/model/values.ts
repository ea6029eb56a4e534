// Values typed by hand: numbers (or True/False for a condition) separated by
// commas, spaces or full-width commas; brackets are ignored so that a pasted
// nested list ([[1, 2], [3, 4]]) reads as its elements in row-major order.
// The count is checked by the core when the tensor is made.

export type ValuesResult = { values: number[]; error: null } | { values: null; error: { token: string } };

const BOOLS: Readonly<Record<string, number>> = { true: 1, false: 0, True: 1, False: 0 };

export function parseValues(text: string, bool: boolean): ValuesResult {
  const tokens = text.replace(/[[\]()（）【】]/g, ' ').split(/[\s,，;；]+/).filter((t) => t !== '');
  const values: number[] = [];
  for (const token of tokens) {
    const named = BOOLS[token];
    const value = named !== undefined ? named : Number(token);
    if (!Number.isFinite(value) && !/^[-+]?(inf|infinity|nan)$/i.test(token)) return { values: null, error: { token } };
    values.push(Number.isNaN(value) ? parseSpecial(token) : value);
    if (bool && value !== 0 && value !== 1) return { values: null, error: { token } };
  }
  return { values, error: null };
}

// Number() reads "Infinity" but not Python's "inf" or "nan".
function parseSpecial(token: string): number {
  const t = token.toLowerCase().replace(/^\+/, '');
  if (t === 'nan' || t === '-nan') return Number.NaN;
  return t.startsWith('-') ? -Infinity : Infinity;
}
