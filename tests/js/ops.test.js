// Elementwise ops against the naive JS reference, over shape pairs that
// exercise every broadcasting case (equal, a 1 yielding, missing dims, 0-D,
// size 0) and both operand orders.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BINARY, COMPARE, UNARY, elementwise } from '../reference/naive.js';
import { assertClose, iota, tc, throwsTc } from './helpers.js';

const PAIRS = [
  [[2, 3], [3]],
  [[2, 3], [2, 1]],
  [[5, 1, 4, 1], [3, 1, 1]],
  [[1], [3, 1, 7]],
  [[], [2, 3]],
  [[4, 1], [4]],
  [[0], [1]],
  [[2, 0, 3], [2, 1, 3]],
  [[3, 1], [1, 3]],
];

// Mixed signs and fractions, exactly representable in float32.
function values(shape, seed) {
  return iota(shape).map((i) => ((i * 7 + seed) % 11) / 4 - 1.25);
}

for (const [sa, sb] of PAIRS) {
  for (const [x, y] of [[sa, sb], [sb, sa]]) {
    test(`binary ops on [${x}] and [${y}] match the reference`, () => {
      tc.tidy(() => {
        const va = values(x, 1);
        const vb = values(y, 5).map((v) => (v === 0 ? 0.5 : v));
        const a = tc.tensor(va, { dtype: 'float32', shape: x });
        const b = tc.tensor(vb, { dtype: 'float32', shape: y });
        for (const [name, f] of Object.entries(BINARY)) {
          // alpha 1, add's and sub's default (the other ops take none).
          const expected = elementwise((p, q) => f(p, q, 1), { values: va, shape: x }, { values: vb, shape: y });
          const method = a[name](b);
          const functional = tc[name](a, b);
          assert.deepEqual(method.shape, expected.shape, name);
          assert.equal(method.dtype, 'float32');
          assertClose(method.data(), expected.values, name === 'pow' ? 1e-5 : 2e-6);
          assert.deepEqual(functional.data(), method.data(), `${name}: functional form`);
        }
        for (const [name, f] of Object.entries(COMPARE)) {
          const expected = elementwise(f, { values: va, shape: x }, { values: vb, shape: y });
          const out = a[name](b);
          assert.equal(out.dtype, 'bool', name);
          assert.ok(out.data() instanceof Uint8Array);
          assert.deepEqual(Array.from(out.data()), expected.values, name);
        }
      });
    });
  }
}

test('unary ops match the reference on float32 values', () => {
  tc.tidy(() => {
    const v = [-2.5, -1, -0, 0, 0.25, 1, 3, 10];
    const t = tc.tensor(v, { dtype: 'float32', shape: [2, 4] });
    for (const [name, f] of Object.entries(UNARY)) {
      const out = t[name]();
      assert.deepEqual(out.shape, [2, 4]);
      assertClose(out.data(), v.map(f), 1e-6);
      assert.deepEqual(tc[name](t).data(), out.data());
    }
  });
});

test('numbers are operands on either side, booleans count as 0 and 1', () => {
  tc.tidy(() => {
    const a = tc.tensor([[1, 2, 3], [4, 5, 6]], { dtype: 'float32' });
    assert.deepEqual(a.add(1.5).toArray(), [[2.5, 3.5, 4.5], [5.5, 6.5, 7.5]]);
    assert.deepEqual(tc.sub(10, a).toArray(), [[9, 8, 7], [6, 5, 4]]);
    assert.deepEqual(tc.mul(2, 3).shape, []);
    assert.equal(tc.mul(2, 3).item(), 6);
    assert.deepEqual(a.mul(true).toArray(), [[1, 2, 3], [4, 5, 6]]);
    assert.deepEqual(a.gt(3).toArray(), [[false, false, false], [true, true, true]]);
    assert.ok(Number.isNaN(a.add(NaN).data()[0]));
    assert.equal(a.div(0).data()[0], Infinity);
  });
});

test('where(condition, a, b) broadcasts all three and takes numbers', () => {
  tc.tidy(() => {
    const cond = tc.tensor([true, false, true]);
    const a = tc.tensor([[1], [2]], { dtype: 'float32' });
    const out = tc.where(cond, a, -1);
    assert.deepEqual(out.shape, [2, 3]);
    assert.deepEqual(out.toArray(), [[1, -1, 1], [2, -1, 2]]);
    throwsTc(() => tc.where(tc.ones([3]), a, 0), 'type',
      'where expected condition to be a boolean tensor, but got a tensor with dtype Float');
    throwsTc(() => tc.where(cond, tc.ones([2]), 0), 'shape',
      'The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0');
  });
});

test('bool tensors are promoted to float32 in arithmetic', () => {
  tc.tidy(() => {
    const b = tc.tensor([true, false]);
    assert.equal(b.dtype, 'bool');
    const sum = b.add(tc.tensor([1, 1], { dtype: 'float32' }));
    assert.equal(sum.dtype, 'float32');
    assert.deepEqual(sum.toArray(), [2, 1]);
  });
});

test('a result that could never fit in wasm memory fails before allocating, and the module goes on', () => {
  tc.tidy(() => {
    const before = tc.memory();
    throwsTc(() => tc.ones([65536, 1]).add(tc.ones([1, 65536])), 'memory',
      /^out of memory: a tensor of shape \[65536, 65536\] of 4294967296 elements needs 4294967296 x 4 bytes, more than the \d+ bytes tensorcast may allocate$/);
    throwsTc(() => tc.zeros([1 << 20, 1 << 20]), 'memory', /^out of memory: a tensor of shape \[1048576, 1048576\]/);
    assert.ok(tc.memory().heapSize <= before.heapSize + (1 << 20), 'nothing large was allocated');
    assert.deepEqual(tc.ones([2]).add(1).toArray(), [2, 2]);
  });
});
