// Writing tensor()'s data into a new tensor's storage, as its dtype's
// typed array (no copy of the data in between).
import { fail } from './args.js';
import type { DType } from './generated/traces.js';
import { fillNested } from './nested.js';
import type { Leaf, TypedSource } from './nested.js';
import type { TypedData } from './typed-view.js';

/** A typed array into a view that holds its values exactly (nested.ts, typedDType). */
export function writeTyped(view: TypedData, typed: TypedSource): void {
  if (view instanceof BigInt64Array && !(typed instanceof BigInt64Array)) {
    for (let i = 0; i < typed.length; i++) view[i] = BigInt(typed[i] as number);
  } else {
    (view as { set(a: ArrayLike<number | bigint>): void }).set(typed);
  }
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** A number leaf that Python would have written as an int (nested.ts, inferDType). */
function isInt(v: number): boolean {
  return Number.isSafeInteger(v) && !Object.is(v, -0);
}

function checkedBigInt(v: bigint): bigint {
  if (v < INT64_MIN || v > INT64_MAX) fail('value', 'Overflow when unpacking long');
  return v;
}

/**
 * The leaves of nested data split by kind, for an integer dtype's checks:
 * ints and bools into `ints`, floats into `floats`, `isFloat` saying which.
 */
export function writeMixedLeaves(ints: BigInt64Array, floats: Float64Array, isFloat: Uint8Array, data: unknown, shape: readonly number[]): void {
  fillNested(data, shape, 'tensor', (i, v) => {
    const float = typeof v === 'number' && !isInt(v);
    isFloat[i] = float ? 1 : 0;
    floats[i] = float ? (v as number) : 0;
    ints[i] = float ? 0n : typeof v === 'bigint' ? checkedBigInt(v) : BigInt(Number(v));
  });
}

/**
 * The leaves of nested data into a view of bool (nonzero is true, NaN
 * too), int64 (ints and bools only: tensor() sends anything else through
 * writeMixedLeaves), float32 or float64 (rounded to nearest).
 */
export function writeLeaves(view: TypedData, data: unknown, shape: readonly number[]): void {
  if (view instanceof BigInt64Array) {
    fillNested(data, shape, 'tensor', (i, v) => {
      view[i] = typeof v === 'bigint' ? checkedBigInt(v) : BigInt(typeof v === 'boolean' ? Number(v) : v);
    });
  } else if (view instanceof Uint8Array) {
    fillNested(data, shape, 'tensor', (i, v: Leaf) => {
      view[i] = (typeof v === 'bigint' ? v !== 0n : typeof v === 'boolean' ? v : v !== 0) ? 1 : 0;
    });
  } else {
    const numbers = view as Float32Array | Float64Array | Int32Array;
    fillNested(data, shape, 'tensor', (i, v: Leaf) => {
      numbers[i] = typeof v === 'number' ? v : Number(v);
    });
  }
}
