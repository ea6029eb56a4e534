// The smallest module using a wasm SIMD instruction (i8x16.popcnt, which only
// the final SIMD proposal has, so engines with the early draft say no too).
// From wasm-feature-detect (Apache-2.0).
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15,
  253, 98, 11,
]);

/** Whether this engine runs wasm SIMD (128-bit) code. */
export function hasWasmSimd(): boolean {
  try {
    return WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}
