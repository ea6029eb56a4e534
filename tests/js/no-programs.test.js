// init({ programs: false }): the module without the interpreter (Note [The
// module without programs], bindings/ts/loader.ts). It is the same core less
// tc.run's binding, so every other call must give what the module with
// programs gives, and tc.run must say why it is missing and leave the
// instance as it was.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { init, TensorcastError } from 'tensorcast';
import { tc } from './helpers.js';

const lean = await init({ programs: false });

test('init({ programs: false }) is a separate single-threaded SIMD instance without tc.run', async () => {
  assert.notEqual(lean, tc);
  assert.equal(lean.programs, false);
  assert.equal(tc.programs, true);
  assert.equal(lean.simd, true);
  assert.equal(lean.threads, 1, 'the module without programs has no threads');
  assert.ok(lean.wasmModule instanceof WebAssembly.Module);
});

test('tc.run on it is a TypeError-kind refusal that names the option, and the instance goes on', () => {
  assert.throws(() => lean.run('x = 1'), (error) => {
    assert.ok(error instanceof TensorcastError);
    assert.equal(error.kind, 'type');
    assert.equal(error.message,
      'run(): this instance runs the module without the interpreter (the one init({ programs: false }) loads); call init() for one that runs programs');
    return true;
  });
  assert.deepEqual(lean.tensor([1, 2]).add(1).toArray(), [2, 3]);
});

// Calls through each path into the core: the op table's exports, the
// registry's generic call (bind_call.cpp), views, indexing, joins, matmul,
// reductions, autograd, traces and refusals, in several dtypes.
const CALLS = {
  'add with broadcast': (t) => t.tensor([[1, 2, 3]], { dtype: 'float32' }).add(t.tensor([[1], [2]], { dtype: 'float32' }), { alpha: 2 }).toArray(),
  'int division and promotion': (t) => [t.tensor([7, -7]).floorDivide(2).toArray(), t.tensor([1, 2]).div(t.tensor([2.5])).dtype],
  'softmax and logsumexp': (t) => [t.arange(6, { dtype: 'float32' }).reshape([2, 3]).softmax(1).toArray(),
    t.arange(6, { dtype: 'float64' }).reshape([2, 3]).logsumexp(1).toArray()],
  'sum, mean, var over dims': (t) => {
    const x = t.arange(24, { dtype: 'float32' }).reshape([2, 3, 4]);
    return [x.sum([0, 2]).toArray(), x.mean(1, true).toArray(), x.var(2).toArray(), x.argmax(1).toArray()];
  },
  'views and strides': (t) => {
    const x = t.arange(12).reshape([3, 4]).t();
    return [x.shape, x.stride(), x.isContiguous(), x.contiguous().toArray()];
  },
  'indexing and cat': (t) => [t.arange(10).index('1::3').toArray(), t.cat([t.ones([2]), t.zeros([3])]).toArray()],
  'matmul': (t) => t.arange(6, { dtype: 'float32' }).reshape([2, 3]).matmul(t.arange(6, { dtype: 'float32' }).reshape([3, 2])).toArray(),
  'backward with sum_to': (t) => {
    const a = t.ones([2, 3], { requiresGrad: true });
    const b = t.tensor([1, 2, 3], { dtype: 'float32', requiresGrad: true });
    a.mul(b).sum().backward();
    return [a.grad.toArray(), b.grad.toArray()];
  },
  'printed text': (t) => String(t.tensor([[1.5, 2], [3, 4e10]])),
  'an op trace': (t) => t.explain.op('add', t.ones([5, 1, 4, 1]), t.ones([3, 1, 1])).trace,
  'a broadcast refusal': (t) => {
    try {
      t.ones([2]).add(t.ones([3]));
      return null;
    } catch (error) {
      return [error.kind, error.message];
    }
  },
  'a binder refusal': (t) => {
    try {
      t.ones([2, 3]).mean({ dim: 1.5 });
      return null;
    } catch (error) {
      return [error.kind, error.message];
    }
  },
};

test('every other call gives what the module with programs gives', () => {
  for (const [name, call] of Object.entries(CALLS)) {
    const want = tc.tidy(() => JSON.stringify(call(tc)));
    const got = lean.tidy(() => JSON.stringify(call(lean)));
    assert.equal(got, want, name);
  }
  assert.deepEqual(lean.ops, tc.ops);
});

test('threads, the option\'s type, and a compiled module passed on', async () => {
  const threaded = await init({ programs: false, threads: 2 });
  assert.equal(threaded.threads, 2, 'threads asked for: the threaded module, which has programs');
  assert.equal(threaded.programs, true);
  const plain = await init({ programs: false, simd: false });
  assert.equal(plain.simd, false);
  assert.equal(plain.programs, true, 'without SIMD: the plain module, which has programs');
  const again = await init({ wasmModule: lean.wasmModule });
  assert.equal(again.programs, false, 'a module is what it is');
  assert.equal((await init({ programs: true })).programs, true);
  await assert.rejects(init({ programs: 'no' }), (error) => {
    assert.ok(error instanceof TensorcastError);
    assert.equal(error.message, "init(): option 'programs' must be a boolean, not string");
    return true;
  });
});
