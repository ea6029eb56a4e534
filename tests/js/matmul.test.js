// matmul through the package: a.matmul(b) and tc.matmul(a, b), PyTorch's
// shapes, texts, dtypes, gradients and grad_fn names, and explain.op's
// matmul part (Note [matmul] in src/ops/matmul.cpp).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertClose, iota, tc, throwsTc } from './helpers.js';

// The product by its definition, in double: a [..., m, k], b [..., k, n]
// with the same batch (the tests below broadcast through expand()).
function naiveMatmul(a, sa, b, sb) {
  const [m, k] = sa.slice(-2);
  const n = sb[sb.length - 1];
  const batch = a.length / (m * k);
  const out = [];
  for (let t = 0; t < batch; t++)
    for (let i = 0; i < m; i++)
      for (let j = 0; j < n; j++) {
        let s = 0;
        for (let p = 0; p < k; p++) s += a[t * m * k + i * k + p] * b[t * k * n + p * n + j];
        out.push(s);
      }
  return out;
}

test('matmul: PyTorch\'s documented shapes, as a method and a function', () => {
  tc.tidy(() => {
    const shape = (a, b) => tc.matmul(tc.ones(a), tc.ones(b)).shape;
    assert.deepEqual(shape([3], [3]), []);
    assert.deepEqual(shape([3, 4], [4]), [3]);
    assert.deepEqual(shape([10, 3, 4], [4]), [10, 3]);
    assert.deepEqual(shape([10, 3, 4], [10, 4, 5]), [10, 3, 5]);
    assert.deepEqual(shape([10, 3, 4], [4, 5]), [10, 3, 5]);
    assert.deepEqual(shape([10, 1, 3, 4], [5, 4, 2]), [10, 5, 3, 2]);
    assert.deepEqual(shape([4], [10, 4, 5]), [10, 5]);
    assert.deepEqual(shape([0, 3], [3, 2]), [0, 2]);
    const a = tc.tensor([[1, 2], [3, 4]]);
    const b = tc.tensor([[5, 6], [7, 8]]);
    assert.deepEqual(a.matmul(b).toArray(), [[19, 22], [43, 50]]);
    assert.deepEqual(tc.matmul(a, b).toArray(), [[19, 22], [43, 50]]);
    assert.equal(tc.tensor([1, 2, 3]).matmul(tc.tensor([4, 5, 6])).item(), 32);
    assert.deepEqual(tc.tensor([1, 2]).matmul(tc.tensor([[1, 2, 3], [4, 5, 6]])).toArray(), [9, 12, 15]);
    assert.deepEqual(tc.zeros([2, 0]).matmul(tc.zeros([0, 3])).toArray(), [[0, 0, 0], [0, 0, 0]]);
  });
});

test('matmul: broadcast batch dims and transposed operands against the definition', () => {
  tc.tidy(() => {
    const av = iota([10, 1, 3, 4]).map((v) => (v % 7) - 3);
    const bv = iota([5, 4, 2]).map((v) => (v % 5) - 2);
    const a = tc.tensor(av, { dtype: 'float32' }).reshape([10, 1, 3, 4]);
    const b = tc.tensor(bv, { dtype: 'float32' }).reshape([5, 4, 2]);
    const out = a.matmul(b);
    assert.deepEqual(out.shape, [10, 5, 3, 2]);
    // The same product with both operands expanded and made contiguous by hand.
    const ae = Array.from(a.expand([10, 5, 3, 4]).contiguous().data());
    const be = Array.from(b.expand([10, 5, 4, 2]).contiguous().data());
    assertClose(out.data(), naiveMatmul(ae, [50, 3, 4], be, [50, 4, 2]));
    // a.t() @ b reads a through its strides.
    const s = tc.tensor(iota([6, 5]).map((v) => v / 4)).reshape([6, 5]);
    const st = Array.from(s.transpose(0, 1).contiguous().data());
    assertClose(s.transpose(0, 1).matmul(s).data(), naiveMatmul(st, [5, 6], Array.from(s.data()), [6, 5]));
  });
});

test('matmul: every dtype but bool, no promotion', () => {
  tc.tidy(() => {
    for (const dtype of ['float64', 'int32', 'uint8']) {
      const out = tc.tensor([[1, 2], [3, 4]], { dtype }).matmul(tc.tensor([[5, 6], [7, 8]], { dtype }));
      assert.equal(out.dtype, dtype);
      assert.deepEqual(Array.from(out.data(), Number), [19, 22, 43, 50]);
    }
    const l = tc.tensor([[1, 2], [3, 4]], { dtype: 'int64' });
    assert.deepEqual(Array.from(l.matmul(l).data()), [7n, 10n, 15n, 22n]);
    // uint8 wraps: 200 * 2 + 100 = 500 = 244 (mod 256).
    assert.equal(tc.tensor([200, 100], { dtype: 'uint8' }).matmul(tc.tensor([2, 1], { dtype: 'uint8' })).item(), 244);
    throwsTc(() => l.matmul(tc.ones([2, 2])), 'type', 'expected scalar type Long but found Float');
    throwsTc(() => tc.ones([2, 2]).matmul(l), 'type', 'expected scalar type Float but found Long');
    throwsTc(() => tc.ones([3], { dtype: 'int64' }).matmul(tc.ones([3])), 'type',
      'dot : expected both vectors to have same dtype, but found Long and Float');
    const m = tc.tensor([[true, false], [false, true]]);
    throwsTc(() => m.matmul(m), 'type', '"addmm_impl_cpu_" not implemented for \'Bool\'');
  });
});

test('matmul: PyTorch\'s shape texts, and a refusal leaves nothing behind', () => {
  tc.tidy(() => {
    throwsTc(() => tc.matmul(tc.ones([]), tc.ones([2, 2])), 'shape',
      'both arguments to matmul need to be at least 1D, but they are 0D and 2D');
    throwsTc(() => tc.ones([2, 3]).matmul(tc.ones([4, 5])), 'shape',
      'mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)');
    throwsTc(() => tc.ones([3]).matmul(tc.ones([4])), 'shape',
      'inconsistent tensor size, expected tensor [3] and src [4] to have the same number of elements, but got 3 and 4 elements respectively');
    throwsTc(() => tc.ones([2, 3]).matmul(tc.ones([4])), 'shape', 'size mismatch, got 2, 2x3,4');
    throwsTc(() => tc.ones([2, 3, 4]).matmul(tc.ones([3, 4, 5])), 'shape',
      'The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0');
    throwsTc(() => tc.ones([5, 1, 4, 2]).matmul(tc.ones([3, 3, 6])), 'shape',
      'Expected size for first two dimensions of batch2 tensor to be: [15, 2] but got: [15, 3].');
    // A number: the package's words; the core's own (PyTorch's argument
    // parser) where explain.op hands it a number.
    throwsTc(() => tc.ones([2, 3]).matmul(2), 'type', 'matmul(): argument \'other\' must be a Tensor, not 2');
    assert.equal(tc.explain.op('matmul', tc.ones([2, 3]), 2).error, 'matmul(): argument \'other\' (position 2) must be Tensor, not int');
    throwsTc(() => tc.ones([2, 3]).matmul(tc.ones([3, 2]), { alpha: 2 }), 'type');
    // The error names the op and the shapes, without an elementwise
    // broadcast trace; nothing is left allocated.
    const x = tc.ones([2, 3]);
    const y = tc.ones([4, 5]);
    const before = tc.memory().tensors;
    assert.throws(() => x.matmul(y), (error) => {
      assert.equal(error.op, 'matmul');
      assert.deepEqual(error.shapes, [[2, 3], [4, 5]]);
      assert.equal('trace' in error, false);
      return true;
    });
    assert.equal(tc.memory().tensors, before);
  });
});

test('matmul: gradients and grad_fn names, the broadcast batch summed back', () => {
  tc.tidy(() => {
    const a = tc.tensor([[1, 2, 3], [4, 5, 6]], { dtype: 'float32', requiresGrad: true });
    const b = tc.tensor([[1, 0], [0, 1], [1, 1]], { dtype: 'float32', requiresGrad: true });
    const out = a.matmul(b);
    assert.match(out.toString(), /grad_fn=<MmBackward0>/);
    out.sum().backward();
    // d sum(a @ b) / da[i, p] = sum_j b[p, j]; / db[p, j] = sum_i a[i, p].
    assert.deepEqual(a.grad.toArray(), [[1, 1, 2], [1, 1, 2]]);
    assert.deepEqual(b.grad.toArray(), [[5, 5], [7, 7], [9, 9]]);
    const name = (x, y) => /grad_fn=<(\w+)>/.exec(tc.matmul(x, y).toString())?.[1];
    const leaf = (shape) => tc.ones(shape, { requiresGrad: true });
    assert.equal(name(leaf([3]), leaf([3])), 'DotBackward0');
    assert.equal(name(leaf([2, 3]), leaf([3])), 'MvBackward0');
    assert.equal(name(leaf([3]), leaf([3, 4])), 'SqueezeBackward1');
    assert.equal(name(leaf([5, 2, 3]), leaf([3, 4])), 'UnsafeViewBackward0');
    assert.equal(name(leaf([10, 1, 3, 4]), leaf([5, 4, 2])), 'UnsafeViewBackward0');
    // The smaller operand's gradient is summed over the batch it was broadcast over.
    const x = leaf([10, 1, 3, 4]);
    const w = tc.tensor(iota([5, 4, 2]), { dtype: 'float32', requiresGrad: true }).reshape([5, 4, 2]);
    const { steps } = tc.explain.backward(x.matmul(w).sum());
    const mm = steps.filter((s) => s.op === 'matmul');
    assert.equal(mm.length, 2);
    const forA = mm.find((s) => s.inputIndex === 0);
    assert.deepEqual([forA.gradShape, forA.targetShape, forA.onesDims, forA.leadingDims], [[10, 5, 3, 4], [10, 1, 3, 4], [1], []]);
    const forB = mm.find((s) => s.inputIndex === 1);
    assert.deepEqual([forB.gradShape, forB.targetShape, forB.onesDims, forB.leadingDims], [[10, 5, 4, 2], [5, 4, 2], [], [0]]);
    // Every element of x.grad is the sum of one row of each of the 5 w's: sum_j sum_c w[j, p, c].
    const wv = iota([5, 4, 2]);
    const rowSum = (p) => [0, 1, 2, 3, 4].reduce((s, j) => s + wv[j * 8 + p * 2] + wv[j * 8 + p * 2 + 1], 0);
    assert.deepEqual(Array.from(x.grad.data()).slice(0, 4), [0, 1, 2, 3].map(rowSum));
  });
});

test('explain.op(\'matmul\'): batch dims, their broadcast, k, the promoted 1s and the kernel', () => {
  tc.tidy(() => {
    const run = tc.explain.op('matmul', tc.ones([10, 1, 3, 4]), tc.ones([5, 4, 2]));
    assert.equal(run.error, null);
    assert.deepEqual(run.result.shape, [10, 5, 3, 2]);
    const mm = run.trace.matmul;
    assert.equal(mm.route, 'bmm');
    assert.deepEqual([mm.aBatch, mm.bBatch, mm.batch.result], [[10, 1], [5], [10, 5]]);
    assert.deepEqual([mm.m, mm.n, mm.k, mm.aContractedDim, mm.bContractedDim], [3, 2, 4, 3, 1]);
    assert.deepEqual([mm.products, mm.folded, mm.aPromoted, mm.bPromoted, mm.removedDims], [50, false, false, false, []]);
    assert.match(run.trace.kernel, /^f32_gemm_4x8__(wasmsimd|scalar)$/);
    assert.equal(run.trace.kernel, tc.simd ? 'f32_gemm_4x8__wasmsimd' : 'f32_gemm_4x8__scalar');
    const vec = tc.explain.op('matmul', tc.ones([3]), tc.ones([2, 3, 4])).trace.matmul;
    assert.deepEqual([vec.route, vec.aPromoted, vec.removedDims, vec.folded], ['folded-mv', true, [1], false]);
    // Other ops carry no matmul part.
    assert.equal(tc.explain.op('add', tc.ones([2]), 1).trace.matmul, null);
    const bad = tc.explain.op('matmul', tc.ones([2, 3]), tc.ones([4, 5]));
    assert.equal(bad.error, 'mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)');
    assert.equal(bad.result, null);
  });
});

test('the build without wasm SIMD computes the same products with the plain 4-lane struct', async () => {
  const { init } = await import('tensorcast');
  const plain = await init({ simd: false });
  // Quarters: every product and sum is exact in float32, in any order.
  const values = (n, seed) => Array.from({ length: n }, (_, i) => (((i * 7919 + seed * 104729) % 9) - 4) / 4);
  const [m, k, n] = [37, 29, 41];
  const run = (t) => t.tidy(() => {
    const a = t.tensor(values(m * k, 1), { dtype: 'float32' }).reshape([m, k]);
    const b = t.tensor(values(k * n, 2), { dtype: 'float32' }).reshape([k, n]);
    const explained = t.explain.op('matmul', a, b);
    return { kernel: explained.trace.kernel, data: Array.from(explained.result.data()), t: Array.from(a.transpose(0, 1).contiguous().transpose(0, 1).matmul(b).data()) };
  });
  const simd = run(tc);
  const scalar = run(plain);
  assert.equal(scalar.kernel, 'f32_gemm_4x8__scalar');
  assert.deepEqual(scalar.data, simd.data);
  assert.deepEqual(scalar.t, simd.data);
});
