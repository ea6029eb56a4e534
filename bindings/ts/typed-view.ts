// A tensor's storage as its dtype's typed array: one place that knows
// which typed array holds which dtype (bool and uint8 as bytes, int64 as
// BigInt64Array), for filling new tensors and reading them back.
import type { DType } from './generated/traces.js';

/**
 * What data() returns for each dtype: bool and uint8 as Uint8Array (bool
 * as 0 and 1), int32 as Int32Array, int64 as BigInt64Array (exact beyond
 * 2^53), float32 as Float32Array, float64 as Float64Array.
 */
export type TypedData = Uint8Array | Int32Array | BigInt64Array | Float32Array | Float64Array;

/** `count` elements of `dtype` at `address` (bool and uint8 as bytes). */
export function typedView(buffer: ArrayBufferLike, address: number, dtype: DType, count: number): TypedData {
  switch (dtype) {
    case 'bool':
    case 'uint8':
      return new Uint8Array(buffer, address, count);
    case 'int32':
      return new Int32Array(buffer, address, count);
    case 'int64':
      return new BigInt64Array(buffer, address, count);
    case 'float64':
      return new Float64Array(buffer, address, count);
    default:
      return new Float32Array(buffer, address, count);
  }
}


const BYTES: Record<DType, number> = { bool: 1, uint8: 1, int32: 4, int64: 8, float32: 4, float64: 8 };

/** Everything from `address` to the end of memory, as `dtype` (for reading through strides). */
export function viewToEnd(buffer: ArrayBufferLike, address: number, dtype: DType): TypedData {
  return typedView(buffer, address, dtype, Math.floor((buffer.byteLength - address) / BYTES[dtype]));
}
