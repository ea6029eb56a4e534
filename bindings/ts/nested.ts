// Nested JS arrays <-> flat row-major values plus a shape, as torch.tensor()
// and tolist() do, with PyTorch's message for ragged input.
import { describe, fail } from './args.js';
import { MAX_DIMS } from './generated/limits.js';
import type { DType } from './generated/traces.js';
import { detachedMessage, isDetached } from './typed-view.js';

function isSequence(value: unknown): value is ArrayLike<unknown> {
  return Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));
}

// Refuses a typed array on a detached buffer; `what` says where it is.
function checkAttached(view: ArrayBufferView, fn: string, what: string): void {
  if (isDetached(view)) fail('type', `${fn}(): ${detachedMessage(view, what)}`);
}

/** A typed array tensor() reads, with the dtype it keeps (as torch.from_numpy does). */
export type TypedSource =
  | Float32Array
  | Float64Array
  | Int8Array
  | Uint8Array
  | Uint8ClampedArray
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | BigInt64Array;

/** What tensor() was given, before any value is copied. */
export interface Source {
  shape: number[];
  /** A typed array: its values, copied in one go. */
  typed: TypedSource | null;
}

/**
 * The dtype a typed array keeps: its own where tensorcast has it; the
 * smallest that holds every value where it has not (Int8Array, Int16Array,
 * Uint16Array -> int32; Uint32Array -> int64).
 */
export function typedDType(typed: TypedSource): DType {
  if (typed instanceof Float32Array) return 'float32';
  if (typed instanceof Float64Array) return 'float64';
  if (typed instanceof BigInt64Array) return 'int64';
  if (typed instanceof Uint8Array || typed instanceof Uint8ClampedArray) return 'uint8';
  if (typed instanceof Uint32Array) return 'int64';
  return 'int32';
}

/**
 * The shape of tensor()'s data, read down the first elements as
 * torch.tensor() does: [[1, 2, 3], [4, 5, 6]] -> [2, 3]; a number or
 * boolean -> [] (0-dimensional). Nothing is copied yet: the core checks the
 * size first, so absurd input (2^33 elements, a cyclic array) is refused
 * with its message instead of exhausting JavaScript's memory or stack.
 */
export function readSource(data: unknown, fn: string): Source {
  if (typeof data === 'number' || typeof data === 'boolean' || typeof data === 'bigint') return { shape: [], typed: null };
  if (data instanceof BigUint64Array)
    fail('type', `${fn}(): BigUint64Array has no tensorcast dtype (uint64 is not supported); use a BigInt64Array`);
  if (ArrayBuffer.isView(data) && isSequence(data)) {
    checkAttached(data, fn, 'given as data');
    return { shape: [data.length], typed: data as unknown as TypedSource };
  }
  if (!Array.isArray(data))
    fail('type', `${fn}(): data must be a number, a boolean, a BigInt, a (nested) array or a typed array, not ${describe(data)}`);
  const shape: number[] = [];
  let level: unknown = data;
  for (; isSequence(level); level = level[0]) {
    if (shape.length === MAX_DIMS) fail('value', `tensorcast supports at most ${MAX_DIMS} dimensions, got ${depthOf(level, MAX_DIMS)}`);
    shape.push(level.length);
    if (level.length === 0) break;
  }
  return { shape, typed: null };
}

// How deep nesting goes below `level` (at depth `from`), counted only so
// far: a cyclic array never ends.
const DEPTH_SHOWN = 64;
function depthOf(level: unknown, from: number): string {
  let depth = from;
  for (; isSequence(level) && depth <= DEPTH_SHOWN; level = level.length > 0 ? level[0] : undefined) depth++;
  return depth > DEPTH_SHOWN ? `more than ${DEPTH_SHOWN}` : String(depth);
}

/** A leaf of tensor()'s data. */
export type Leaf = number | boolean | bigint;

/**
 * Calls put(index, leaf) for the leaves of nested `data` of `shape` in
 * row-major order, checking that every branch has the shape (PyTorch's
 * message for ragged input) and every leaf is a number, a boolean or a
 * BigInt.
 */
export function fillNested(
  data: unknown,
  shape: readonly number[],
  fn: string,
  put: (i: number, v: Leaf) => void,
  onSequence?: (node: ArrayLike<unknown>) => void,
): void {
  let at = 0;
  const visit = (node: unknown, dim: number): void => {
    if (dim === shape.length) {
      if (typeof node === 'number' || typeof node === 'boolean' || typeof node === 'bigint') put(at++, node);
      else fail('type', `${fn}(): expected a number, a boolean or a BigInt at dim ${dim}, got ${describe(node)}`);
      return;
    }
    if (!isSequence(node))
      fail('type', `${fn}(): expected a sequence at dim ${dim}, got ${describe(node)}`);
    if (node instanceof BigUint64Array) fail('type', `${fn}(): BigUint64Array has no tensorcast dtype (uint64 is not supported); use a BigInt64Array`);
    if (ArrayBuffer.isView(node)) checkAttached(node, fn, `at dim ${dim}`);
    if (node.length !== shape[dim])
      fail('value', `expected sequence of length ${shape[dim]} at dim ${dim} (got ${node.length})`);
    onSequence?.(node);
    for (let i = 0; i < node.length; i++) visit(node[i], dim + 1);
  };
  visit(data, 0);
}

/**
 * The dtype torch.tensor() infers from the leaves (PyTorch promotes the
 * kinds it meets: bool < int < float): bool when all are booleans, int64
 * when all are safe integers (a JavaScript number cannot say 2.0 from 2:
 * an integral number counts as Python's int) or BigInts, else float32.
 */
export function inferDType(data: unknown, shape: readonly number[], fn: string): DType {
  let kind = 0;  // 0 bool, 1 int, 2 float
  fillNested(data, shape, fn, (_i, v) => {
    if (typeof v === 'number') kind = Math.max(kind, Number.isSafeInteger(v) && !Object.is(v, -0) ? 1 : 2);
    else if (typeof v === 'bigint') kind = Math.max(kind, 1);
  }, (node) => {
    // A typed array inside nested data counts by its type, as a NumPy array does.
    if (ArrayBuffer.isView(node)) kind = Math.max(kind, node instanceof Float32Array || node instanceof Float64Array ? 2 : 1);
  });
  return kind === 0 && shape.reduce((a, b) => a * b, 1) > 0 ? 'bool' : kind === 1 ? 'int64' : kind === 2 ? 'float32' : emptyDType(data);
}

// An empty list is float32, as torch.tensor([]) is; a 0-D boolean is bool.
function emptyDType(data: unknown): DType {
  return typeof data === 'boolean' ? 'bool' : 'float32';
}

export type Nested = number | boolean | bigint | Nested[];

/** What tensor() reads: a number, boolean or BigInt (0-D), nested arrays of them, or a typed array (1-D). */
export type TensorData = number | boolean | bigint | readonly TensorData[] | TypedSource;

/** A function's return type, unless it is a Promise (tidy, noGrad and withBroadcastPolicy run synchronous code only). */
export type NotPromise<T> = T extends PromiseLike<unknown> ? never : T;

/** The inverse: like tolist(), booleans for a bool tensor. */
export function unflatten(values: ArrayLike<number | bigint>, shape: readonly number[], bool: boolean): Nested {
  let at = 0;
  const build = (dim: number): Nested => {
    if (dim === shape.length) {
      const v = values[at++] as number | bigint;
      return bool ? v !== 0 : v;
    }
    const out = new Array<Nested>(shape[dim] as number);
    for (let i = 0; i < out.length; i++) out[i] = build(dim + 1);
    return out;
  };
  return build(0);
}
