// The documented limits (docs/limits.md), reached through the package: a
// result larger than the wasm module's memory, more dimensions than the
// maximum, sizes whose product overflows int64, a megabyte of shape text.
// Each is a TensorcastError with a clear message, raised before anything is
// allocated (so the wasm memory does not grow), and the module computes
// correctly afterwards. The native side of the same limits is
// tests/core/limits_test.cpp.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { init } from 'tensorcast';
import { elementwise, numelOf } from '../reference/naive.js';
import { iota, tc, throwsTc } from './helpers.js';

/** docs/limits.md and README ("Choices where PyTorch was silent"): tc::kMaxDims. */
const MAX_DIMS = 16;
/** The most the wasm module's memory may grow to (-sMAXIMUM_MEMORY=4GB). */
const WASM_MAX = 2 ** 32;

// [2, 3] + [3] against the naive reference: the module still computes.
function assertComputes() {
  const a = { values: iota([2, 3]), shape: [2, 3] };
  const b = { values: iota([3], 10), shape: [3] };
  const want = elementwise((x, y) => x + y, a, b);
  tc.tidy(() => {
    const got = tc.tensor(a.values, { dtype: 'float32', shape: a.shape }).add(tc.tensor(b.values, { dtype: 'float32' }));
    assert.deepEqual(got.shape, want.shape);
    assert.deepEqual(Array.from(got.data()), want.values);
  });
}

// A refusal that allocated nothing: live tensors, tensor bytes and the wasm
// memory size are where they were, and the module still computes.
function refusedBeforeAllocating(fn, kind, message) {
  const before = tc.memory();
  throwsTc(fn, kind, message);
  const after = tc.memory();
  assert.equal(after.tensors, before.tensors, 'live tensors');
  assert.equal(after.bytes, before.bytes, 'tensor bytes');
  assert.equal(after.heapSize, before.heapSize, 'the wasm memory grew');
  assertComputes();
}

const escape = (s) => s.replace(/[[\]()]/g, '\\$&');

/** PyTorch-style out-of-memory message for a result of this shape and element size. */
function outOfMemory(shape, bytesPerElement) {
  const n = numelOf(shape);
  return new RegExp(
    `^out of memory: a tensor of shape ${escape(`[${shape.join(', ')}]`)} of ${n} elements needs ${n} x ${bytesPerElement} bytes, more than the (\\d+) bytes tensorcast may allocate$`,
  );
}

test('a result larger than the module memory ([100000, 1] + [1, 100000]) is refused before allocating', () => {
  const tall = tc.ones([100000, 1]);
  const wide = tc.ones([1, 100000]);
  const shape = [100000, 100000];
  const floats = outOfMemory(shape, 4);
  refusedBeforeAllocating(() => tall.add(wide), 'memory', floats);
  refusedBeforeAllocating(() => tc.mul(tall, wide), 'memory', floats);
  const yes = tc.tensor([true]);
  refusedBeforeAllocating(() => tc.where(yes, tall, wide), 'memory', floats);
  // A bool result needs one byte an element, still too many.
  refusedBeforeAllocating(() => tall.gt(wide), 'memory', outOfMemory(shape, 1));
  // Copies of a view that repeats one cell 10^10 times.
  const huge = tc.ones([1]).expand(...shape);
  refusedBeforeAllocating(() => huge.contiguous(), 'memory', floats);
  refusedBeforeAllocating(() => huge.clone(), 'memory', floats);
  refusedBeforeAllocating(() => huge.exp(), 'memory', floats);
  refusedBeforeAllocating(() => tc.zeros(shape), 'memory', floats);
  refusedBeforeAllocating(() => tc.full(shape, 1), 'memory', floats);
  refusedBeforeAllocating(() => tc.arange(1e12, { dtype: 'float32' }), 'memory', outOfMemory([1e12], 4));
  // Recording a graph does not change that.
  const leaf = tc.ones([100000, 1], { requiresGrad: true });
  refusedBeforeAllocating(() => leaf.mul(wide), 'memory', floats);
  // The limit the message quotes is the module's: 4 GiB less what the
  // module used before its first tensor.
  let limit = 0;
  try {
    tall.add(wide);
  } catch (e) {
    limit = Number(floats.exec(e.message)[1]);
  }
  assert.ok(limit < WASM_MAX && limit > WASM_MAX - 64 * 2 ** 20, `limit ${limit}`);
  // tc.explain reports it instead of throwing.
  tc.tidy(() => assert.match(tc.explain.op('add', tall, wide).error, floats));
  for (const t of [tall, wide, yes, huge, leaf]) t.dispose();
});

test('views and sums of a 10^10-element view need no memory, and are exact', () => {
  const before = tc.memory();
  tc.tidy(() => {
    const shape = [100000, 100000];
    const huge = tc.ones([1]).expand(...shape);
    assert.equal(huge.numel, numelOf(shape));
    assert.deepEqual(huge.reshape(-1).shape, [numelOf(shape)]);
    assert.equal(huge.sum().item(), numelOf(shape));
    assert.deepEqual(Array.from(huge.sum(1).narrow(0, 0, 3).data()), new Array(3).fill(shape[1]));
  });
  assert.equal(tc.memory().heapSize, before.heapSize, 'the wasm memory grew');
  assert.equal(tc.memory().bytes, before.bytes);
});

test('a tensor under the limit that the allocator cannot place is refused, and the module keeps working', async () => {
  // In a fresh module dlmalloc cannot grow the heap by 2^31 bytes or more in
  // one step, so a 2.15 GB tensor, under the 4 GiB limit, gets NULL from
  // malloc: the path every allocation failure takes (std::bad_alloc caught,
  // a TensorcastError raised). Nothing is touched, so it costs nothing. Were
  // the limit lowered to 2^31, the same call would be refused by the limit
  // check instead; either way a clear 'memory' error.
  const fresh = await init({ simd: false });
  const n = 537_500_000;
  assert.ok(n * 4 > 2 ** 31);
  throwsTc(() => fresh.zeros([n]), 'memory', new RegExp(`^out of memory: (could not allocate ${n * 4} bytes for a tensor of shape \\[${n}\\]|a tensor of shape \\[${n}\\] .* bytes tensorcast may allocate)$`));
  assert.deepEqual(fresh.memory().tensors, 0);
  assert.deepEqual(fresh.memory().bytes, 0);
  fresh.tidy(() => assert.deepEqual(fresh.tensor([1, 2]).add(fresh.tensor([[10], [20]])).toArray(), [[11, 12], [21, 22]]));
});

test(`${MAX_DIMS} dimensions work; ${MAX_DIMS + 1} are refused by every route that makes a shape`, () => {
  const ones = (n) => new Array(n).fill(1);
  const before = tc.memory();
  tc.tidy(() => {
    const t = tc.zeros(ones(MAX_DIMS));
    assert.equal(t.add(tc.ones(new Array(MAX_DIMS).fill(2))).ndim, MAX_DIMS);
    assert.equal(t.permute([...ones(MAX_DIMS).keys()].reverse()).ndim, MAX_DIMS);
    assert.equal(t.sum(0, true).ndim, MAX_DIMS);
    assert.deepEqual(tc.parseShape(ones(MAX_DIMS).join(',')), ones(MAX_DIMS));
  });
  const got = `tensorcast supports at most ${MAX_DIMS} dimensions, got ${MAX_DIMS + 1}`;
  const too = ones(MAX_DIMS + 1);
  const one = tc.ones([1]);
  const full16 = tc.zeros(ones(MAX_DIMS));
  let nested = 1;
  for (let i = 0; i < MAX_DIMS + 1; i++) nested = [nested];
  const routes = [
    () => tc.ones(...too),
    () => tc.full(too, 2),
    () => tc.tensor(nested, { dtype: 'float32' }),
    () => tc.tensor([1], { dtype: 'float32', shape: too }),
    () => one.expand(too),
    () => one.broadcastTo(too),
    () => one.view(too),
    () => one.reshape(too),
    () => full16.unsqueeze(0),
    () => full16.sumTo(too),
    () => tc.broadcastShapes(too, [1]),
  ];
  for (const route of routes) refusedBeforeAllocating(route, 'value', got);
  refusedBeforeAllocating(() => tc.parseShape(too.join(',')), 'value', `tensorcast supports at most ${MAX_DIMS} dimensions`);
  // The trace reports it instead of throwing.
  assert.equal(tc.explain.broadcast(too, [1]).error, got);
  one.dispose();
  full16.dispose();
  assert.equal(tc.memory().tensors, before.tensors);
});

test('sizes whose product overflows int64 are refused wherever a shape is formed', () => {
  const big = 2 ** 40;
  const overflow = (...sizes) => `numel: integer multiplication overflow for sizes [${sizes.join(', ')}]`;
  const tall = tc.ones([1, 1]).expand(big, 1);
  const wide = tc.ones([1, 1]).expand(1, big);
  refusedBeforeAllocating(() => tall.add(wide), 'value', overflow(big, big));
  const yes = tc.tensor([true]);
  const one = tc.ones([1]);
  refusedBeforeAllocating(() => tc.where(yes, tall, wide), 'value', overflow(big, big));
  refusedBeforeAllocating(() => tall.expand(big, big), 'value', overflow(big, big));
  refusedBeforeAllocating(() => tc.broadcastShapes([big, 1], [1, big]), 'value', overflow(big, big));
  refusedBeforeAllocating(() => tc.zeros([big, big, 0]), 'value', overflow(big, big, 0));
  refusedBeforeAllocating(() => tc.tensor([], { dtype: 'float32', shape: [big, big, 0] }), 'value', overflow(big, big, 0));
  refusedBeforeAllocating(() => tc.parseShape(`${big}, ${big}`), 'value', overflow(big, big));
  refusedBeforeAllocating(() => tc.parseShape('9223372036854775807, 2'), 'value', overflow('9223372036854775807', 2));
  refusedBeforeAllocating(() => tc.parseShape('9223372036854775808'), 'value', 'cannot read shape: a size too large to represent at position 19');
  // Past 2^53 a JS number is no longer an exact integer: refused in JS.
  refusedBeforeAllocating(() => one.expand(2 ** 62), 'value', `expand(): argument 'size' has ${2 ** 62} at index 0, too large (at most ${Number.MAX_SAFE_INTEGER} in magnitude)`);
  // view's own message, as PyTorch's, names the shape.
  refusedBeforeAllocating(() => one.view(big, big), 'shape', `shape '[${big}, ${big}]' is invalid for input of size 1`);
  assert.equal(tc.explain.broadcast([big, 1], [1, big]).error, overflow(big, big));
  // A 0 before the big sizes keeps the running product at 0, as in PyTorch.
  tc.tidy(() => assert.equal(tc.zeros([0, big, big]).numel, 0));
  for (const t of [tall, wide, yes, one]) t.dispose();
});

test('a megabyte of shape text is read or refused at once, with a clear message', () => {
  const MB = 2 ** 20;
  const cases = [
    ['1,'.repeat(MB / 2), `tensorcast supports at most ${MAX_DIMS} dimensions`],
    ['9'.repeat(MB), 'cannot read shape: a size too large to represent at position 19'],
    ['('.repeat(MB), "cannot read shape: '(' where a size was expected at position 2"],
    ['x'.repeat(MB), "cannot read shape: 'x' where a size was expected at position 1"],
    ['\u0000'.repeat(MB), 'cannot read shape: U+0000 where a size was expected at position 1'],
    ['😀'.repeat(MB / 2), "cannot read shape: '😀' where a size was expected at position 1"],
    // 19 threes fit in int64, the 20th does not: position 2 + 20.
    [`2,${'3'.repeat(MB)}`, 'cannot read shape: a size too large to represent at position 22'],
    [`(2, 3${' '.repeat(MB)}`, `cannot read shape: expected ')' at position ${MB + 6}`],
  ];
  const before = tc.memory();
  // Speed is not asserted (machines are noisy); the reader is one linear
  // pass, so a megabyte is milliseconds.
  for (const [text, message] of cases) {
    throwsTc(() => tc.parseShape(text), 'value', message);
    assertComputes();
  }
  // Spaces around a shape are read past.
  const pad = ' '.repeat(MB);
  assert.deepEqual(tc.parseShape(`${pad}(2, 3)${pad}`), [2, 3]);
  const after = tc.memory();
  assert.equal(after.tensors, before.tensors);
  assert.equal(after.bytes, before.bytes);
  // That the refused texts are also freed in wasm memory:
  // parse-shape-leak.test.js.
});
