// A tensor's storage as its dtype's typed array: one place that knows
// which typed array holds which dtype (bool and uint8 as bytes, int64 as
// BigInt64Array), for filling new tensors and reading them back; and
// whether a typed array the caller gave still has its values.
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


const DECODER = new TextDecoder();

/**
 * The UTF-8 text the core wrote at [address, address + length) of its
 * memory. Browsers refuse to decode a view of shared memory (the threaded
 * module's: Note [The threaded module] in threads.ts), so that is copied first.
 */
export function textAt(heap: Uint8Array, address: number, length: number): string {
  const view = heap.subarray(address, address + length);
  const shared = typeof SharedArrayBuffer !== 'undefined' && view.buffer instanceof SharedArrayBuffer;
  return DECODER.decode(shared ? view.slice() : view);
}

/**
 * Whether a typed array's buffer is detached: transferred (postMessage,
 * structuredClone, ArrayBuffer.transfer) or the memory of a wasm module
 * that has grown since. It then reads as empty, yet has no values: not
 * data, whatever its length says. Only an empty view can be one, so the
 * test costs nothing on real data (a view cannot be made on a detached
 * buffer: that is the test where ArrayBuffer has no `detached`).
 */
export function isDetached(view: ArrayBufferView): boolean {
  if (view.byteLength !== 0) return false;
  const buffer = view.buffer as ArrayBufferLike & { detached?: unknown };
  if (typeof buffer.detached === 'boolean') return buffer.detached;
  try {
    new Uint8Array(buffer);
    return false;
  } catch {
    return true;
  }
}

/** What a function that refuses a detached view says of it (`where`: "at dim 1", "given as data"). */
export function detachedMessage(view: ArrayBufferView, where: string): string {
  return `the ${view.constructor.name} ${where} has a detached ArrayBuffer (transferred, or the memory of a WebAssembly module that has grown since): it has no values to read; copy the data before transferring it`;
}
