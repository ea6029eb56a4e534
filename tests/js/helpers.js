// Shared by the tests: the default instance, an exact-error assertion, and a
// naive broadcasting reference to compute expected values independently of
// the core (index arithmetic straight from the rule, no strides or plans).
import assert from 'node:assert/strict';
import { init, TensorcastError } from 'tensorcast';

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

export function numel(shape) {
  return shape.reduce((a, b) => a * b, 1);
}

/** Values 1..n (or from `start`) in a tensor of the shape, computed in JS. */
export function iota(shape, start = 1) {
  return Array.from({ length: numel(shape) }, (_, i) => start + i);
}

/** The broadcast shape by the rule, in JS; throws on a mismatch. */
export function broadcastRef(...shapes) {
  const ndim = Math.max(0, ...shapes.map((s) => s.length));
  const out = [];
  for (let i = 0; i < ndim; i++) {
    let size = 1;
    for (const s of shapes) {
      const d = s.length - ndim + i;
      const v = d >= 0 ? s[d] : 1;
      if (v !== 1) {
        if (size !== 1 && size !== v) throw new Error('mismatch');
        size = v;
      }
    }
    out.push(size);
  }
  return out;
}

/** f applied elementwise to broadcast operands given as { values, shape }. */
export function elementwiseRef(f, ...operands) {
  const shape = broadcastRef(...operands.map((o) => o.shape));
  const out = [];
  const index = new Array(shape.length).fill(0);
  for (let flat = 0; flat < numel(shape); flat++) {
    let rest = flat;
    for (let d = shape.length - 1; d >= 0; d--) {
      index[d] = rest % shape[d];
      rest = Math.floor(rest / shape[d]);
    }
    const args = operands.map(({ values, shape: s }) => {
      let at = 0;
      for (let d = 0; d < s.length; d++) {
        const i = s[d] === 1 ? 0 : index[shape.length - s.length + d];
        at = at * s[d] + i;
      }
      return values[at];
    });
    out.push(f(...args));
  }
  return { values: out, shape };
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
