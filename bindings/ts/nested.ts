// Nested JS arrays <-> flat row-major values plus a shape, as torch.tensor()
// and tolist() do, with PyTorch's message for ragged input.
import { describe, fail } from './args.js';
import { MAX_DIMS } from './generated/limits.js';

function isSequence(value: unknown): value is ArrayLike<unknown> {
  return Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));
}

function isBigIntArray(value: unknown): boolean {
  return value instanceof BigInt64Array || value instanceof BigUint64Array;
}


/** What tensor() was given, before any value is copied. */
export interface Source {
  shape: number[];
  /** A typed array: its values, copied in one go. */
  typed: ArrayLike<number> | null;
  /** The first leaf is a boolean (every leaf must be, for a bool tensor). */
  bool: boolean;
}

/**
 * The shape of tensor()'s data, read down the first elements as
 * torch.tensor() does: [[1, 2, 3], [4, 5, 6]] -> [2, 3]; a number or
 * boolean -> [] (0-dimensional). Nothing is copied yet: the core checks the
 * size first, so absurd input (2^33 elements, a cyclic array) is refused
 * with its message instead of exhausting JavaScript's memory or stack.
 */
export function readSource(data: unknown, fn: string): Source {
  if (typeof data === 'number') return { shape: [], typed: [data], bool: false };
  if (typeof data === 'boolean') return { shape: [], typed: [data ? 1 : 0], bool: true };
  if (isBigIntArray(data)) fail('type', `${fn}(): BigInt arrays are not supported; use a Float32Array or numbers`);
  if (ArrayBuffer.isView(data) && isSequence(data))
    return { shape: [data.length], typed: data as ArrayLike<number>, bool: false };
  if (!Array.isArray(data))
    fail('type', `${fn}(): data must be a number, a boolean, a (nested) array or a typed array, not ${describe(data)}`);
  const shape: number[] = [];
  let level: unknown = data;
  for (; isSequence(level); level = level[0]) {
    if (shape.length === MAX_DIMS) fail('value', `tensorcast supports at most ${MAX_DIMS} dimensions, got ${depthOf(level, MAX_DIMS)}`);
    shape.push(level.length);
    if (level.length === 0) break;
  }
  return { shape, typed: null, bool: typeof level === 'boolean' };
}

// How deep nesting goes below `level` (at depth `from`), counted only so
// far: a cyclic array never ends.
const DEPTH_SHOWN = 64;
function depthOf(level: unknown, from: number): string {
  let depth = from;
  for (; isSequence(level) && depth <= DEPTH_SHOWN; level = level.length > 0 ? level[0] : undefined) depth++;
  return depth > DEPTH_SHOWN ? `more than ${DEPTH_SHOWN}` : String(depth);
}

/**
 * Writes the leaves of nested `data` of `shape` in row-major order through
 * put(index, value), checking that every branch has the shape (PyTorch's
 * message for ragged input) and every leaf is a number or a boolean.
 * Returns whether a number was among the leaves.
 */
export function fillNested(data: unknown, shape: readonly number[], fn: string, put: (i: number, v: number) => void): boolean {
  let at = 0;
  let sawNumber = false;
  const visit = (node: unknown, dim: number): void => {
    if (dim === shape.length) {
      if (typeof node === 'number') {
        sawNumber = true;
        put(at++, node);
      } else if (typeof node === 'boolean') {
        put(at++, node ? 1 : 0);
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
  return sawNumber;
}

export type Nested = number | boolean | Nested[];

/** What tensor() reads: a number or boolean (0-D), nested arrays of them, or a typed array (1-D). */
export type TensorData =
  | number
  | boolean
  | readonly TensorData[]
  | Float32Array
  | Float64Array
  | Int8Array
  | Uint8Array
  | Uint8ClampedArray
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array;

/** A function's return type, unless it is a Promise (tidy, noGrad and withBroadcastPolicy run synchronous code only). */
export type NotPromise<T> = T extends PromiseLike<unknown> ? never : T;

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
