// How shapes and numbers are written: PyTorch's own spellings, so that what
// the playground shows can be pasted back into Python.
import { OPS as TABLE } from 'tensorcast';
import type { DType } from 'tensorcast';
import { kindOf } from './dtypes.js';
import type { Op } from './state.js';

export function formatShape(shape: readonly number[]): string {
  if (shape.length === 1) return `(${shape[0]},)`;
  return `(${shape.join(', ')})`;
}

export function torchSize(shape: readonly number[]): string {
  return `torch.Size([${shape.join(', ')}])`;
}

const TORCH_NAMES = new Map<string, string>(TABLE.map((info) => [info.name, info.torch.slice(info.torch.lastIndexOf('.') + 1)]));

/** The op's name as PyTorch spells it ('floorDivide_' is 'floor_divide_'), from the op table's torch field; a name the table lacks as it is. */
export function torchName(op: string): string {
  return TORCH_NAMES.get(op) ?? op;
}

/** The call as PyTorch spells it: torch.add(a, b), a.add_(b), torch.floor_divide(a, b), torch.where(c, a, b); alpha when it is not 1. */
export function opCall(op: Op, alpha = 1): string {
  if (op === 'where') return 'torch.where(c, a, b)';
  const extra = alpha === 1 ? '' : `, alpha=${formatValue(alpha, false)}`;
  const name = torchName(op);
  return op.endsWith('_') ? `a.${name}(b${extra})` : `torch.${name}(a, b${extra})`;
}

/** A shape as the list PyTorch prints in messages: [1, 3, 1]. */
export function listShape(shape: readonly number[]): string {
  return `[${shape.join(', ')}]`;
}

export function formatValue(value: number, bool: boolean): string {
  if (bool) return value !== 0 ? 'True' : 'False';
  if (Number.isNaN(value)) return 'nan';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  if (Number.isInteger(value) && Math.abs(value) < 1e6) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1e6 || abs < 1e-3) return value.toExponential(2);
  // Four significant digits, without trailing zeros: 0.3333, 12.5.
  return String(Number(value.toPrecision(4)));
}

/**
 * An element of a tensor of this dtype: True/False for bool, every digit of
 * an integer (an int32 that wrapped round is shown as it is, not as
 * 1.41e+9), a float as formatValue writes it.
 */
export function formatElement(value: number, dtype: DType): string {
  const kind = kindOf(dtype);
  return kind === 'integer' ? String(value) : formatValue(value, kind === 'bool');
}

export function formatCount(n: number): string {
  return Number.isFinite(n) && n < 1e15 ? n.toLocaleString('en-US') : n.toExponential(2);
}

/** The user's text shortened for echoing in a message (the full text is still used). */
export function echo(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${formatCount(text.length)} characters)`;
}
