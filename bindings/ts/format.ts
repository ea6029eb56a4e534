// PyTorch's repr of a tensor (torch/_tensor_str.py with the default print
// options: precision 4, threshold 1000, edgeitems 3, linewidth 80), for
// anything that can say its shape and read one element: the package's
// toString() and util.inspect, and any later print(). It knows nothing of
// wasm: the caller hands it an element reader, so a summarised tensor of a
// million elements (or a 10^10-element expanded view) reads only the
// elements it shows.

import type { DType } from './generated/traces.js';

const PRECISION = 4;
const THRESHOLD = 1000;
const EDGEITEMS = 3;
const LINEWIDTH = 80;

/** What the formatter needs of a tensor. */
export interface Printable {
  readonly shape: readonly number[];
  readonly dtype: DType;
  /** The element at this multi-index (one index per dim): a BigInt for int64, 0/1 for bool. */
  at(index: readonly number[]): number | bigint;
  /** PyTorch's grad_fn class name (e.g. 'AddBackward0'), or null for a leaf. */
  readonly gradFn: string | null;
  readonly requiresGrad: boolean;
}

// --- numbers as Python's format() writes them, from the exact binary value

const TEN = 10n;

// One buffer for every decompose(): a DataView made per number was most of
// the time of printing a 1,000-element tensor.
const BITS = new DataView(new ArrayBuffer(8));

// x = m * 2^e exactly, for finite x > 0.
function decompose(x: number): [bigint, number] {
  BITS.setFloat64(0, x);
  const hi = BITS.getUint32(0);
  const lo = BITS.getUint32(4);
  const exponent = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (exponent === 0) return [mantissa, -1074];
  mantissa |= 1n << 52n;
  return [mantissa, exponent - 1075];
}

// round(x * 10^shift) for finite x > 0, ties to even (Python rounds the
// exact value so; JavaScript's toFixed rounds ties up: 0.03125 -> "0.0313"
// where Python writes "0.0312").
function scaledRound(x: number, shift: number): bigint {
  const [m, e] = decompose(x);
  let num = m;
  let den = 1n;
  if (e >= 0) num <<= BigInt(e);
  else den <<= BigInt(-e);
  if (shift >= 0) num *= TEN ** BigInt(shift);
  else den *= TEN ** BigInt(-shift);
  const q = num / den;
  const twice = (num % den) * 2n;
  if (twice > den || (twice === den && (q & 1n) === 1n)) return q + 1n;
  return q;
}

function nonFinite(x: number): string | null {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  return null;
}

function sign(x: number): string {
  return x < 0 || Object.is(x, -0) ? '-' : '';
}

/** Python's f"{x:.{digits}f}". */
export function formatFixed(x: number, digits: number): string {
  const special = nonFinite(x);
  if (special !== null) return special;
  const a = Math.abs(x);
  const text = (a === 0 ? 0n : scaledRound(a, digits)).toString().padStart(digits + 1, '0');
  const point = text.length - digits;
  return sign(x) + (digits === 0 ? text : `${text.slice(0, point)}.${text.slice(point)}`);
}

/** Python's f"{x:.{digits}e}": one digit, a point, `digits` digits, e±XX. */
export function formatExponential(x: number, digits: number): string {
  const special = nonFinite(x);
  if (special !== null) return special;
  const a = Math.abs(x);
  let exponent = 0;
  let q = 0n;
  if (a !== 0) {
    exponent = Math.floor(Math.log10(a));
    // log10 may be off by one near powers of ten; the exact digits decide.
    for (;;) {
      q = scaledRound(a, digits - exponent);
      if (q >= TEN ** BigInt(digits + 1)) exponent++;
      else if (q < TEN ** BigInt(digits)) exponent--;
      else break;
    }
  }
  const text = q.toString().padStart(digits + 1, '0');
  const mantissa = digits === 0 ? text : `${text[0]}.${text.slice(1)}`;
  const e = Math.abs(exponent).toString().padStart(2, '0');
  return `${sign(x)}${mantissa}e${exponent < 0 ? '-' : '+'}${e}`;
}

// --- _Formatter: one width and one notation for every element shown

class Formatter {
  private intMode = true;
  private sciMode = false;
  private readonly floating: boolean;
  private readonly bool: boolean;
  readonly width: number = 1;

  constructor(dtype: DType, values: readonly (number | bigint)[]) {
    let width = 1;
    this.bool = dtype === 'bool';
    this.floating = dtype === 'float32' || dtype === 'float64';
    if (!this.floating) {
      // Integers and bools: str() of each, right-aligned (PyTorch's _Formatter).
      for (const v of values) width = Math.max(width, this.text(v).length);
      this.width = width;
      return;
    }
    const finite = (values as number[]).filter((v) => Number.isFinite(v) && v !== 0);
    if (finite.length === 0) return;
    let min = Infinity;
    let max = 0;
    for (const v of finite) {
      min = Math.min(min, Math.abs(v));
      max = Math.max(max, Math.abs(v));
    }
    this.intMode = finite.every((v) => v === Math.ceil(v));
    const wide = max / min > 1000 || max > 1e8;
    if (this.intMode) {
      this.sciMode = wide;
      for (const v of finite)
        width = Math.max(width, wide ? formatExponential(v, PRECISION).length : formatFixed(v, 0).length + 1);
    } else {
      this.sciMode = wide || min < 1e-4;
      for (const v of finite)
        width = Math.max(width, (this.sciMode ? formatExponential(v, PRECISION) : formatFixed(v, PRECISION)).length);
    }
    this.width = width;
  }

  private text(v: number | bigint): string {
    return this.bool ? (v !== 0 ? 'True' : 'False') : String(v);
  }

  format(value: number | bigint): string {
    if (!this.floating) return this.text(value).padStart(this.width);
    const v = value as number;
    let text: string;
    if (this.sciMode) text = formatExponential(v, PRECISION);
    else if (this.intMode) text = formatFixed(v, 0) + (Number.isFinite(v) ? '.' : '');
    else text = formatFixed(v, PRECISION);
    return text.padStart(this.width);
  }
}

// --- which elements are shown

// The indices of a dim of this size that a summarised print shows
// (-1 stands for the "..." between the edges).
function shown(size: number, summarize: boolean): number[] {
  const all = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i);
  if (!summarize || size <= 2 * EDGEITEMS) return all(size);
  return [...all(EDGEITEMS), -1, ...all(EDGEITEMS, size - EDGEITEMS)];
}

// Every element shown, in row-major order (get_summarized_data).
function shownValues(p: Printable, summarize: boolean): (number | bigint)[] {
  const out: (number | bigint)[] = [];
  const index: number[] = [];
  const walk = (dim: number): void => {
    if (dim === p.shape.length) {
      out.push(p.at(index));
      return;
    }
    for (const i of shown(p.shape[dim] as number, summarize)) {
      if (i < 0) continue;
      index[dim] = i;
      walk(dim + 1);
    }
    index.length = dim;
  };
  walk(0);
  return out;
}

// _tensor_str_with_formatter and _vector_str.
function body(p: Printable, f: Formatter, summarize: boolean, indent: number, index: number[]): string {
  const dim = index.length;
  const ndim = p.shape.length;
  if (ndim === 0) return f.format(p.at([]));
  const size = p.shape[dim] as number;
  if (dim === ndim - 1) {
    const perLine = Math.max(1, Math.floor((LINEWIDTH - indent) / (f.width + 2)));
    const items = shown(size, summarize).map((i) => (i < 0 ? ' ...' : f.format(p.at([...index, i]))));
    const lines: string[] = [];
    for (let i = 0; i < items.length; i += perLine) lines.push(items.slice(i, i + perLine).join(', '));
    return `[${lines.join(`,\n${' '.repeat(indent + 1)}`)}]`;
  }
  const slices = shown(size, summarize).map((i) =>
    i < 0 ? '...' : body(p, f, summarize, indent + 1, [...index, i]));
  return `[${slices.join(`,${'\n'.repeat(ndim - dim - 1)}${' '.repeat(indent + 1)}`)}]`;
}

// Python's str(tuple(shape)).
function pythonTuple(shape: readonly number[]): string {
  return shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
}

// _add_suffixes: each suffix on the last line if it fits in 80 columns.
function addSuffixes(text: string, suffixes: readonly string[], indent: number): string {
  let out = text;
  // As PyTorch counts it (len - rfind("\n") + 1, so 2 more than the line
  // when there is no newline).
  let last = text.length - text.lastIndexOf('\n') + 1;
  for (const suffix of suffixes) {
    if (last + suffix.length + 2 > LINEWIDTH) {
      out += `,\n${' '.repeat(indent)}${suffix}`;
      last = indent + suffix.length;
    } else {
      out += `, ${suffix}`;
      last += suffix.length + 2;
    }
  }
  return `${out})`;
}

/** PyTorch's repr(tensor), e.g. "tensor([1., 2.], requires_grad=True)". */
export function formatTensor(p: Printable): string {
  const prefix = 'tensor(';
  const indent = prefix.length;
  const numel = p.shape.reduce((a, b) => a * b, 1);
  const suffixes: string[] = [];
  let text: string;
  if (numel === 0) {
    if (p.shape.length !== 1) suffixes.push(`size=${pythonTuple(p.shape)}`);
    // No element shows the dtype: every one but the default is named.
    if (p.dtype !== 'float32') suffixes.push(`dtype=torch.${p.dtype}`);
    text = '[]';
  } else {
    const summarize = numel > THRESHOLD;
    const f = new Formatter(p.dtype, shownValues(p, summarize));
    text = body(p, f, summarize, indent, []);
    // float32 (the default), int64 and bool are what PyTorch guesses from
    // the printed values; the rest is named.
    if (p.dtype !== 'float32' && p.dtype !== 'int64' && p.dtype !== 'bool') suffixes.push(`dtype=torch.${p.dtype}`);
  }
  if (p.gradFn !== null) suffixes.push(`grad_fn=<${p.gradFn}>`);
  else if (p.requiresGrad) suffixes.push('requires_grad=True');
  return addSuffixes(prefix + text, suffixes, indent);
}
