// What the API page (src/api-examples.ts) prints for a value an example's
// line gave, as a reader of the README's comments expects it: a tensor as
// PyTorch's repr (String(t)), a string in single quotes, a BigInt with its
// n, a typed array with its type's name, arrays and plain objects as
// JavaScript writes them. Bounded (MAX_SHOWN characters, SHOW_DEPTH levels):
// a trace object is large.

/** The longest text shown for one value; past it the text ends in '…'. */
export const MAX_SHOWN = 2000;
/** Objects and arrays deeper than this print as {…} and […]. */
export const SHOW_DEPTH = 4;

/** What the formatter asks of a tensor: the package's Tensor has it (its repr is toString()). */
export type IsTensor = (value: unknown) => boolean;

const TYPED = [Int8Array, Uint8Array, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array];

/** A string as Node's console writes it: in single quotes, or double ones when it has a single quote and no double. */
function quoted(text: string): string {
  const q = text.includes("'") && !text.includes('"') ? '"' : "'";
  const escaped = text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
  return q + (q === "'" ? escaped.replace(/'/g, "\\'") : escaped) + q;
}

function scalar(value: unknown): string | null {
  if (typeof value === 'string') return quoted(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (value === null || value === undefined || typeof value === 'boolean') return String(value);
  if (typeof value === 'function') return `[Function${value.name ? `: ${value.name}` : ''}]`;
  if (typeof value === 'symbol') return value.toString();
  return null;
}

function shown(value: unknown, isTensor: IsTensor, depth: number): string {
  const s = scalar(value);
  if (s !== null) return s;
  if (isTensor(value)) return String(value);
  const typed = TYPED.find((T) => value instanceof T);
  if (typed !== undefined) return `${typed.name} [${Array.from(value as ArrayLike<number | bigint>, (v) => scalar(v)).join(', ')}]`;
  if (Array.isArray(value)) return depth >= SHOW_DEPTH ? '[…]' : `[${value.map((v) => shown(v, isTensor, depth + 1)).join(', ')}]`;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  const proto = Object.getPrototypeOf(value) as object | null;
  const name = proto === null || proto === Object.prototype ? '' : `${(proto.constructor as { name?: string } | undefined)?.name ?? 'Object'} `;
  if (depth >= SHOW_DEPTH) return `${name}{…}`;
  const fields = Object.entries(value as object).map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : scalar(k)}: ${shown(v, isTensor, depth + 1)}`);
  return fields.length === 0 ? `${name}{}` : `${name}{ ${fields.join(', ')} }`;
}

/** The value as the API page shows it, at most MAX_SHOWN characters. */
export function showValue(value: unknown, isTensor: IsTensor): string {
  const text = shown(value, isTensor, 0);
  return text.length <= MAX_SHOWN ? text : `${text.slice(0, MAX_SHOWN - 1)}…`;
}

/** A thrown value as the page shows it: a TensorcastError as "TensorcastError: message", as the README writes it. */
export function showThrown(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : `throw ${String(error)}`;
}
