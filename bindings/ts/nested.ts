// Nested JS arrays <-> flat row-major values plus a shape, as torch.tensor()
// and tolist() do, with PyTorch's message for ragged input.
import { describe, fail } from './args.js';

export interface Flat {
  values: ArrayLike<number>;
  shape: number[];
  /** Every leaf was a boolean (and there was at least one). */
  bool: boolean;
}

function isSequence(value: unknown): value is ArrayLike<unknown> {
  return Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));
}

function isBigIntArray(value: unknown): boolean {
  return value instanceof BigInt64Array || value instanceof BigUint64Array;
}

/**
 * tensor([[1, 2, 3], [4, 5, 6]]) -> values [1..6], shape [2, 3].
 * A number or boolean gives shape [] (0-dimensional).
 */
export function flatten(data: unknown, fn: string): Flat {
  if (typeof data === 'number') return { values: [data], shape: [], bool: false };
  if (typeof data === 'boolean') return { values: [data ? 1 : 0], shape: [], bool: true };
  if (isBigIntArray(data)) fail('type', `${fn}(): BigInt arrays are not supported; use a Float32Array or numbers`);
  if (ArrayBuffer.isView(data) && isSequence(data))
    return { values: data as ArrayLike<number>, shape: [data.length], bool: false };
  if (!Array.isArray(data))
    fail('type', `${fn}(): data must be a number, a boolean, a (nested) array or a typed array, not ${describe(data)}`);
  // The shape is read down the first elements, then every branch must agree.
  const shape: number[] = [];
  for (let level: unknown = data; isSequence(level); level = level[0]) {
    shape.push(level.length);
    if (level.length === 0) break;
  }
  let numel = 1;
  for (const size of shape) numel *= size;
  const values = new Float32Array(numel);
  let at = 0;
  let sawNumber = false;
  const visit = (node: unknown, dim: number): void => {
    if (dim === shape.length) {
      if (typeof node === 'number') {
        sawNumber = true;
        values[at++] = node;
      } else if (typeof node === 'boolean') {
        values[at++] = node ? 1 : 0;
      } else {
        fail('type', `${fn}(): expected a number or a boolean at dim ${dim}, got ${describe(node)}`);
      }
      return;
    }
    if (!isSequence(node))
      fail('type', `${fn}(): expected a sequence at dim ${dim}, got ${describe(node)}`);
    if (isBigIntArray(node)) fail('type', `${fn}(): BigInt arrays are not supported`);
    if (node.length !== shape[dim])
      fail('value', `expected sequence of length ${shape[dim]} at dim ${dim} (got ${node.length})`);
    for (let i = 0; i < node.length; i++) visit(node[i], dim + 1);
  };
  visit(data, 0);
  return { values, shape, bool: numel > 0 && !sawNumber };
}

export type Nested = number | boolean | Nested[];

/** The inverse: like tolist(), booleans for a bool tensor. */
export function unflatten(values: ArrayLike<number>, shape: readonly number[], bool: boolean): Nested {
  let at = 0;
  const build = (dim: number): Nested => {
    if (dim === shape.length) {
      const v = values[at++] as number;
      return bool ? v !== 0 : v;
    }
    const out = new Array<Nested>(shape[dim] as number);
    for (let i = 0; i < out.length; i++) out[i] = build(dim + 1);
    return out;
  };
  return build(0);
}
