// Making tensors and reading them back.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tc, throwsTc } from './helpers.js';

test('tensor(): nested arrays, flat data with a shape, 0-D, empty, typed arrays', () => {
  tc.tidy(() => {
    const nested = tc.tensor([[1, 2, 3], [4, 5, 6]], { dtype: 'float32' });
    assert.deepEqual(nested.shape, [2, 3]);
    assert.equal(nested.dtype, 'float32');
    const flat = tc.tensor([1, 2, 3, 4, 5, 6], { dtype: 'float32', shape: [2, 1, 3] });
    assert.deepEqual(flat.shape, [2, 1, 3]);
    assert.deepEqual(flat.toArray(), [[[1, 2, 3]], [[4, 5, 6]]]);
    const scalar = tc.tensor(7, { dtype: 'float32' });
    assert.deepEqual(scalar.shape, []);
    assert.equal(scalar.ndim, 0);
    assert.equal(scalar.numel, 1);
    assert.equal(scalar.item(), 7);
    assert.equal(scalar.toArray(), 7, 'a 0-D tensor lists as its value, like tolist()');
    assert.deepEqual(tc.tensor([], { dtype: 'float32' }).shape, [0]);
    assert.deepEqual(tc.tensor([[]], { dtype: 'float32' }).shape, [1, 0]);
    assert.deepEqual(tc.tensor([[], []], { dtype: 'float32' }).toArray(), [[], []]);
    // A typed array keeps its type (torch.from_numpy): float64 stays exact.
    const typed = tc.tensor(new Float64Array([0.1, 2, 3, 4]), { shape: [2, 2] });
    assert.equal(typed.dtype, 'float64');
    assert.deepEqual(Array.from(typed.data()), [0.1, 2, 3, 4]);
    const rows = tc.tensor([new Float32Array([1, 2]), new Float32Array([3, 4])]);
    assert.deepEqual(rows.shape, [2, 2]);
    assert.equal(rows.dtype, 'float32', 'rows of a float typed array are floats, whatever their values');
    assert.deepEqual(tc.tensor([[1, 2], [3, 4]], { dtype: 'float32', shape: [4] }).toArray(), [1, 2, 3, 4]);
  });
});

test('bool tensors: from booleans, or by dtype', () => {
  tc.tidy(() => {
    const b = tc.tensor([[true, false], [false, true]]);
    assert.equal(b.dtype, 'bool');
    assert.ok(b.data() instanceof Uint8Array);
    assert.deepEqual(Array.from(b.data()), [1, 0, 0, 1]);
    assert.deepEqual(b.toArray(), [[true, false], [false, true]]);
    assert.equal(tc.tensor(true).dtype, 'bool');
    assert.equal(tc.tensor([true, 2]).dtype, 'int64', 'an int among booleans makes int64 (PyTorch promotes the kinds)');
    assert.deepEqual(tc.tensor([true, 2]).toArray(), [1, 2]);
    assert.equal(tc.tensor([true, 2.5]).dtype, 'float32');
    assert.deepEqual(tc.tensor([0, 2, -1, NaN], { dtype: 'bool' }).toArray(), [false, true, true, true]);
    assert.deepEqual(tc.tensor([true, false], { dtype: 'float32' }).toArray(), [1, 0]);
  });
});

test('zeros, ones, full: a shape as an array or spread, requiresGrad', () => {
  tc.tidy(() => {
    assert.deepEqual(tc.zeros([2, 3]).toArray(), [[0, 0, 0], [0, 0, 0]]);
    assert.deepEqual(tc.zeros(2, 3).shape, [2, 3]);
    assert.deepEqual(tc.ones(new Int32Array([2])).toArray(), [1, 1]);
    assert.deepEqual(tc.zeros([]).shape, []);
    assert.deepEqual(tc.full([2, 3], 0.5).toArray(), [[0.5, 0.5, 0.5], [0.5, 0.5, 0.5]]);
    const g = tc.ones([2, 3], { requiresGrad: true });
    assert.equal(g.requiresGrad, true);
    assert.equal(g.isLeaf, true);
    assert.equal(tc.full([1], -2, { requiresGrad: true }).requiresGrad, true);
    assert.equal(tc.tensor([1, 2], { dtype: 'float32', requiresGrad: false }).requiresGrad, false);
  });
});

test('arange: PyTorch\'s ceil((end - start) / step) values', () => {
  tc.tidy(() => {
    assert.deepEqual(tc.arange(6, { dtype: 'float32' }).toArray(), [0, 1, 2, 3, 4, 5]);
    assert.deepEqual(tc.arange(1, 2.5, 0.5, { dtype: 'float32' }).toArray(), [1, 1.5, 2]);
    assert.deepEqual(tc.arange(5, 0, -2, { dtype: 'float32' }).toArray(), [5, 3, 1]);
    assert.deepEqual(tc.arange(0, 1, 0.25, { dtype: 'float32' }).shape, [4]);
    assert.deepEqual(tc.arange(0, { dtype: 'float32' }).shape, [0]);
    assert.equal(tc.arange(3, { dtype: 'float32', requiresGrad: true }).requiresGrad, true);
  });
});

test('data() is a copy in row-major order, also of strided views', () => {
  tc.tidy(() => {
    const t = tc.tensor([[1, 2, 3], [4, 5, 6]], { dtype: 'float32' });
    const d = t.data();
    d[0] = 100;
    assert.equal(t.data()[0], 1);
    assert.deepEqual(Array.from(t.transpose(0, 1).data()), [1, 4, 2, 5, 3, 6]);
    assert.deepEqual(Array.from(t.narrow(1, 1, 2).data()), [2, 3, 5, 6]);
    assert.deepEqual(Array.from(t.expand(2, 2, 3).data()), [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]);
  });
});

test('large tensors survive wasm memory growth between calls', () => {
  tc.tidy(() => {
    const n = 8 * 1024 * 1024; // 32 MB each: the memory must grow
    const big = tc.full([n], 1.5);
    const other = tc.arange(n, { dtype: 'float32' });
    const sum = big.add(other);
    const values = sum.data();
    assert.equal(values.length, n);
    assert.equal(values[n - 1], Math.fround(n - 1 + 1.5));
    assert.equal(tc.tensor([1, 2], { dtype: 'float32' }).add(1).data()[1], 3, 'small ops after growth read fresh views');
  });
});

// --- factories: linspace, eye, zerosLike/onesLike/fullLike,
// and the seeded rand, randn, randint (src/ops/factories.cpp, random.cpp).

test("linspace: PyTorch's documentation examples and its two-ended algorithm", () => {
  tc.tidy(() => {
    assert.deepEqual(tc.linspace(3, 10, 5).toArray(), [3, 4.75, 6.5, 8.25, 10]);
    assert.deepEqual(tc.linspace(-10, 10, 5).toArray(), [-10, -5, 0, 5, 10]);
    assert.deepEqual(tc.linspace(-10, 10, 1).toArray(), [-10]);
    assert.deepEqual(tc.linspace(0, 1, 0).shape, [0]);
    assert.equal(tc.linspace(0, 1, 3).dtype, 'float32');
    // The first half counted up from start, the second back from end, in float32.
    const f = Math.fround;
    const step = f(1 / 10);
    const got = Array.from(tc.linspace(0, 1, 11).data());
    assert.deepEqual(got, got.map((_, i) => (i < 5 ? f(f(step * i)) : f(1 - f(step * (10 - i))))));
    const sym = Array.from(tc.linspace(-1, 1, 4).data());
    assert.equal(sym[1], -sym[2], 'symmetric about 0');
    assert.deepEqual(tc.linspace(0, 10, 4, { dtype: 'int64' }).toArray(), [0, 3, 6, 10], 'integers truncate');
    assert.deepEqual(tc.linspace(0, 1, 3, { dtype: 'float64' }).toArray(), [0, 0.5, 1]);
    assert.equal(tc.linspace(0, 1, 3, { requiresGrad: true }).requiresGrad, true);
    throwsTc(() => tc.linspace(0, 1, -1), 'value', 'number of steps must be non-negative');
    throwsTc(() => tc.linspace(0, 1, 2.5), 'value', "linspace(): argument 'steps' must be an integer, but got 2.5");
    throwsTc(() => tc.linspace(0, 1), 'type', "linspace(): missing argument 'steps'");
  });
});

test('eye, zerosLike, onesLike, fullLike', () => {
  tc.tidy(() => {
    assert.deepEqual(tc.eye(3).toArray(), [[1, 0, 0], [0, 1, 0], [0, 0, 1]]);
    assert.deepEqual(tc.eye(2, 3, { dtype: 'int64' }).toArray(), [[1, 0, 0], [0, 1, 0]]);
    assert.deepEqual(tc.eye(0).shape, [0, 0]);
    throwsTc(() => tc.eye(-1), 'value', 'n must be greater or equal to 0, got -1');
    throwsTc(() => tc.eye(2, -3), 'value', 'm must be greater or equal to 0, got -3');
    const t = tc.tensor([[1, 2, 3], [4, 5, 6]], { dtype: 'int32' });
    const z = tc.zerosLike(t);
    assert.equal(z.dtype, 'int32');
    assert.deepEqual(z.toArray(), [[0, 0, 0], [0, 0, 0]]);
    assert.deepEqual(tc.onesLike(t, { dtype: 'float64' }).toArray(), [[1, 1, 1], [1, 1, 1]]);
    assert.equal(tc.onesLike(t, { dtype: 'float64' }).dtype, 'float64');
    const tt = t.transpose(0, 1);
    const like = tc.fullLike(tt, 7);
    assert.deepEqual(like.shape, [3, 2]);
    assert.deepEqual(like.stride(), tt.stride(), 'preserve_format: a transposed input gives a transposed result');
    assert.deepEqual(like.toArray(), [[7, 7], [7, 7], [7, 7]]);
    assert.deepEqual(tc.fullLike(tc.zeros([2]), true).toArray(), [1, 1]);
    assert.deepEqual(tc.zerosLike(tc.tensor(3.5)).shape, []);
    assert.equal(tc.zerosLike(tc.zeros([2]), { requiresGrad: true }).requiresGrad, true);
    throwsTc(() => tc.fullLike(t, 2 ** 31), 'value', 'value cannot be converted to type int without overflow');
    throwsTc(() => tc.zerosLike(t, { requiresGrad: true }), 'autograd', 'Only Tensors of floating point and complex dtype can require gradients');
    throwsTc(() => tc.zerosLike([1, 2]), 'type', "zerosLike(): argument 'input' must be a Tensor, not an array");
  });
});

test('rand, randn, randint: seeded, the same after the same seed, and their statistics', () => {
  tc.tidy(() => {
    tc.manualSeed(42);
    const u = tc.rand(100000);
    tc.manualSeed(42);
    assert.deepEqual(Array.from(tc.rand([100000]).data()), Array.from(u.data()), 'the same numbers after the same seed');
    const v = Array.from(u.data());
    assert.ok(v.every((x) => x >= 0 && x < 1));
    const mean = v.reduce((a, b) => a + b, 0) / v.length;
    const variance = v.reduce((a, b) => a + (b - mean) ** 2, 0) / v.length;
    assert.ok(Math.abs(mean - 0.5) < 0.005, `uniform mean ${mean}`);
    assert.ok(Math.abs(variance - 1 / 12) < 0.002, `uniform variance ${variance}`);
    const n = Array.from(tc.randn(2, 50001, { dtype: 'float64' }).data());
    const nm = n.reduce((a, b) => a + b, 0) / n.length;
    const nv = n.reduce((a, b) => a + (b - nm) ** 2, 0) / n.length;
    assert.ok(Math.abs(nm) < 0.02, `normal mean ${nm}`);
    assert.ok(Math.abs(nv - 1) < 0.02, `normal variance ${nv}`);
    const k = tc.randint(-3, 5, [40000]);
    assert.equal(k.dtype, 'int64');
    const counts = new Array(8).fill(0);
    for (const x of k.toArray()) {
      assert.ok(x >= -3 && x < 5);
      counts[x + 3]++;
    }
    for (const c of counts) assert.ok(Math.abs(c - 5000) < 350, `count ${c}`);
    assert.ok(tc.randint(3, [1000]).toArray().every((x) => x >= 0 && x < 3), 'randint(high, size): from 0');
    tc.manualSeed(7n);
    const a = tc.randn(5).toArray();
    tc.manualSeed(7);
    assert.deepEqual(tc.randn(5).toArray(), a, 'a BigInt seed and a number seed are the same seed');
    assert.notDeepEqual(tc.randn(5).toArray(), a, 'the stream moves on');
    tc.manualSeed(-1);
    const m1 = tc.rand(3).toArray();
    tc.manualSeed(2n ** 64n - 1n);
    assert.deepEqual(tc.rand(3).toArray(), m1, '-1 is 2^64 - 1, as torch.manual_seed takes it');
    assert.deepEqual(tc.rand(0, 3).shape, [0, 3]);
    assert.deepEqual(tc.randn([]).shape, []);
    assert.equal(tc.rand(2, { requiresGrad: true }).requiresGrad, true);
    throwsTc(() => tc.randint(5, 5, [2]), 'value', "random_ expects 'from' to be less than 'to', but got from=5 >= to=5");
    throwsTc(() => tc.randint(0, [2]), 'value', "random_ expects 'from' to be less than 'to', but got from=0 >= to=0");
    throwsTc(() => tc.rand(2, { dtype: 'int64' }), 'type', '"check_uniform_bounds" not implemented for \'Long\'');
    throwsTc(() => tc.randn(2, { dtype: 'int32' }), 'type', '"normal_kernel_cpu" not implemented for \'Int\'');
    throwsTc(() => tc.manualSeed(2n ** 64n), 'value', 'Overflow when unpacking long');
    throwsTc(() => tc.manualSeed(0.5), 'value', "manualSeed(): argument 'seed' must be an integer, but got 0.5");
    throwsTc(() => tc.randint([2]), 'type', 'randint(): expected (high, size) or (low, high, size), got 1 arguments');
  });
});

test('the random stream is the same in the SIMD and the no-SIMD module', async () => {
  const { init } = await import('tensorcast');
  const scalar = await init({ simd: false });
  tc.manualSeed(123);
  scalar.manualSeed(123);
  const a = [tc.rand(64).toArray(), tc.randn(65).toArray(), tc.randint(-1000, 1000, [64]).toArray()];
  const b = [scalar.rand(64).toArray(), scalar.randn(65).toArray(), scalar.randint(-1000, 1000, [64]).toArray()];
  assert.deepEqual(b, a);
});
