// Nothing leaks: 100,000 small ops inside tidy and 10,000 failing calls
// leave the live tensors, the tensor bytes, the allocator's bytes in use and
// the wasm memory size where they were (after one warm-up round has grown
// the module's reusable buffers to their working size).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TensorcastError } from 'tensorcast';
import { tc } from './helpers.js';

// A few hundred bytes of allocator slack for free-list bookkeeping; a leak
// of even one 16-byte node per op would be 1.6 MB here.
const SLACK = 1024;

function assertFlat(before, after, what) {
  assert.equal(after.tensors, before.tensors, `${what}: live tensors`);
  assert.equal(after.bytes, before.bytes, `${what}: tensor bytes`);
  assert.equal(after.heapSize, before.heapSize, `${what}: wasm memory size`);
  assert.ok(after.heapUsed - before.heapUsed <= SLACK, `${what}: heap in use grew by ${after.heapUsed - before.heapUsed} bytes`);
}

test('100,000 small ops inside tidy leave memory flat', () => {
  const a = tc.tensor([[1, 2, 3], [4, 5, 6]], { dtype: 'float32' });
  const b = tc.tensor([1, 2, 3], { dtype: 'float32' });
  const w = tc.ones([3], { requiresGrad: true });
  const round = () =>
    tc.tidy(() => {
      // 10 ops per iteration: arithmetic, views, reductions, autograd, reads.
      for (let i = 0; i < 10_000; i++) {
        const c = a.add(b);
        const d = c.mul(2).sub(b, { alpha: 0.5 });
        d.gt(3);
        d.expand(2, 2, 3).sum(0);
        c.transpose(0, 1).contiguous();
        if (i % 100 === 0) {
          a.mul(w).sum().backward();
          w.grad.data();
          w.grad = null;
        }
      }
    });
  round();
  const before = tc.memory();
  round();
  assertFlat(before, tc.memory(), 'after 100,000 ops');
  for (const t of [a, b, w]) t.dispose();
});

test('10,000 failing calls leave memory (and the JS value table) flat', () => {
  const a = tc.ones([5, 2, 4, 1]);
  const b = tc.ones([3, 1, 1]);
  const leaf = tc.ones([3], { requiresGrad: true });
  const failures = [
    () => a.add(b),
    () => a.view(7),
    () => a.add_(tc.ones([2, 5, 2, 4, 1])),
    () => leaf.add_(1),
    () => leaf.add(1).backward(),
    () => tc.zeros([-1]),
    () => tc.zeros([1 << 20, 1 << 20]),
    () => tc.broadcastShapes([2], [3]),
    () => a.permute(0, 0, 1, 2),
    () => a.add('x'),
  ];
  // In a tidy: some calls make a tensor before the one that fails.
  const round = () =>
    tc.tidy(() => {
      for (let i = 0; i < 10_000; i++) {
        assert.throws(failures[i % failures.length], TensorcastError);
      }
      tc.explain.op('add', a, b);
    });
  round();
  const before = tc.memory();
  const handles = tc._rt.core.count_emval_handles();
  round();
  assertFlat(before, tc.memory(), 'after 10,000 failures');
  assert.equal(tc._rt.core.count_emval_handles(), handles, 'emval handles');
  for (const t of [a, b, leaf]) t.dispose();
});
