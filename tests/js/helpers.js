// Shared by the tests: the default instance, an exact-error assertion, test
// data and a float32 comparison. Expected values come from the naive
// reference (tests/reference/naive.js), which the soak uses too.
import assert from 'node:assert/strict';
import { init, TensorcastError } from 'tensorcast';
import { numelOf } from '../reference/naive.js';

export const tc = await init();

/** fn must throw a TensorcastError of this kind and exact message (or matching a RegExp). */
export function throwsTc(fn, kind, message) {
  assert.throws(fn, (error) => {
    assert.ok(error instanceof TensorcastError, `not a TensorcastError: ${error}`);
    assert.ok(error instanceof Error);
    assert.equal(error.kind, kind, `kind of: ${error.message}`);
    if (message instanceof RegExp) assert.match(error.message, message);
    else if (message !== undefined) assert.equal(error.message, message);
    return true;
  });
}

/** Values 1..n (or from `start`) in a tensor of the shape, computed in JS. */
export function iota(shape, start = 1) {
  return Array.from({ length: numelOf(shape) }, (_, i) => start + i);
}

/** Float32 results against a double-precision expectation. */
export function assertClose(actual, expected, rtol = 2e-6) {
  assert.equal(actual.length, expected.length, 'length');
  for (let i = 0; i < expected.length; i++) {
    const e = expected[i];
    const a = actual[i];
    if (Number.isNaN(e)) {
      assert.ok(Number.isNaN(a), `[${i}]: expected NaN, got ${a}`);
    } else if (!Number.isFinite(e)) {
      assert.equal(a, e, `[${i}]`);
    } else {
      const tol = rtol * Math.max(1, Math.abs(e)) + 1e-30;
      assert.ok(Math.abs(a - e) <= tol, `[${i}]: expected ${e}, got ${a}`);
    }
  }
}
