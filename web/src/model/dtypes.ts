// What the playground needs to know of a dtype: its kind (PyTorch's order
// bool < integer < float, Note [Type promotion] in src/promotion.h), and a
// tensor's values as plain numbers for drawing (an int64 tensor's data() is
// a BigInt64Array; the playground's integers are small, so a number holds
// them exactly).
import type { DType, Tensor } from 'tensorcast';

export type DTypeKind = 'bool' | 'integer' | 'float';

export function kindOf(dtype: DType): DTypeKind {
  if (dtype === 'bool') return 'bool';
  return dtype === 'float32' || dtype === 'float64' ? 'float' : 'integer';
}

const RANK: Readonly<Record<DTypeKind, number>> = { bool: 0, integer: 1, float: 2 };

/** Whether `from`'s kind is higher than `to`'s (float over integer over bool). */
export function outranks(from: DType, to: DType): boolean {
  return RANK[kindOf(from)] > RANK[kindOf(to)];
}

/**
 * Whether PyTorch's in-place arithmetic writes a `from` result into a `to`
 * tensor (c10::canCast): never into a lower kind, so no float into an
 * integer or bool and no integer into bool; within a kind, always.
 */
export function canCast(from: DType, to: DType): boolean {
  return !outranks(from, to);
}

/** Only floating-point tensors can require grad (PyTorch's rule, the core's too). */
export function differentiable(dtype: DType): boolean {
  return kindOf(dtype) === 'float';
}

/** Numbers as the views draw them: one array type per dtype, int64 read into a Float64Array. */
export type Numbers = Float32Array | Float64Array | Int32Array | Uint8Array;

export function numbersOf(t: Tensor): Numbers {
  const data: unknown = t.data();
  if (data instanceof BigInt64Array) return Float64Array.from(data, (v) => Number(v));
  return data as Numbers;
}

/** Numbers given as a list (a program's values, line-op.ts) in the array numbersOf gives for the dtype. */
export function numbersIn(dtype: DType, values: readonly number[]): Numbers {
  switch (dtype) {
    case 'float32': return Float32Array.from(values);
    case 'int32': return Int32Array.from(values);
    case 'uint8': case 'bool': return Uint8Array.from(values);
    default: return Float64Array.from(values);
  }
}
