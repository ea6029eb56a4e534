// dispose(), tidy() and the FinalizationRegistry safety net; a disposed
// tensor is a clear error wherever it is used.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { tc, throwsTc } from './helpers.js';

test('dispose frees the storage once; views keep it alive; dispose is idempotent', () => {
  const before = tc.memory();
  const a = tc.zeros([1000]);
  assert.equal(tc.memory().tensors, before.tensors + 1);
  assert.equal(tc.memory().bytes, before.bytes + 4000);
  const v = a.narrow(0, 0, 10);
  a.dispose();
  assert.equal(a.isDisposed, true);
  assert.equal(tc.memory().tensors, before.tensors + 1);
  assert.equal(tc.memory().bytes, before.bytes + 4000, 'the view still holds the storage');
  v.dispose();
  v.dispose();
  assert.deepEqual(tc.memory(), { ...tc.memory(), tensors: before.tensors, bytes: before.bytes });
});

test('a disposed tensor is a clear error wherever it is used', () => {
  const t = tc.ones([2]);
  const other = tc.ones([2]);
  t.dispose();
  const message = (fn, what = 'the tensor') => `${fn}(): ${what} is disposed (freed by dispose() or tidy()) and cannot be used`;
  throwsTc(() => t.shape, 'disposed', message('shape'));
  throwsTc(() => t.data(), 'disposed', message('data'));
  throwsTc(() => t.toArray(), 'disposed', message('toArray'));
  throwsTc(() => t.item(), 'disposed', message('item'));
  throwsTc(() => t.add(1), 'disposed', message('add', "argument 'input'"));
  throwsTc(() => other.add(t), 'disposed', message('add', "argument 'other'"));
  throwsTc(() => other.add_(t), 'disposed', message('add_', "argument 'other'"));
  throwsTc(() => t.add_(1), 'disposed', message('add_'));
  throwsTc(() => t.expand(3, 2), 'disposed', message('expand'));
  throwsTc(() => t.sum(), 'disposed', message('sum'));
  throwsTc(() => t.grad, 'disposed', message('grad'));
  throwsTc(() => t.requiresGrad, 'disposed', message('requiresGrad'));
  throwsTc(() => t.backward(), 'disposed', message('backward'));
  throwsTc(() => tc.where(t.gt(0), 1, 2), 'disposed', message('gt', "argument 'input'"));
  throwsTc(() => tc.explain.op('add', t, 1), 'disposed', message('explain.op', "argument 'operands[0]'"));
  assert.equal(String(t), 'tensor(<disposed>)');
  assert.deepEqual(other.add(1).toArray(), [2, 2]);
  other.dispose();
});

test('tidy disposes what fn made except what it returns (a tensor, or tensors in arrays and objects)', () => {
  const before = tc.memory().tensors;
  const outside = tc.ones([2]);
  let inner;
  const kept = tc.tidy(() => {
    inner = outside.add(1);
    const x = inner.mul(2);
    return { x, list: [x.add(1), 5], label: 'kept' };
  });
  assert.equal(inner.isDisposed, true);
  assert.equal(outside.isDisposed, false, 'made before tidy: untouched');
  assert.deepEqual(kept.x.toArray(), [4, 4]);
  assert.deepEqual(kept.list[0].toArray(), [5, 5]);
  assert.equal(tc.memory().tensors, before + 3);
  const single = tc.tidy(() => outside.add(outside));
  assert.deepEqual(single.toArray(), [2, 2]);
  for (const t of [outside, kept.x, kept.list[0], single]) t.dispose();
  assert.equal(tc.memory().tensors, before);
});

test('nested tidy: a returned tensor belongs to the enclosing scope', () => {
  const before = tc.memory().tensors;
  let fromInner;
  const result = tc.tidy(() => {
    fromInner = tc.tidy(() => tc.ones([2]).add(1));
    assert.equal(fromInner.isDisposed, false);
    return fromInner.mul(3);
  });
  assert.equal(fromInner.isDisposed, true, 'disposed when the outer scope ended');
  assert.deepEqual(result.toArray(), [6, 6]);
  result.dispose();
  assert.equal(tc.memory().tensors, before);
});

test('tidy disposes everything and rethrows when fn throws; rejects async fns', () => {
  const before = tc.memory();
  let made;
  assert.throws(() => tc.tidy(() => {
    made = tc.ones([100]);
    throw new RangeError('stop');
  }), RangeError);
  assert.equal(made.isDisposed, true);
  throwsTc(() => tc.tidy(async () => tc.ones([2])), 'value',
    'tidy(): fn returned a Promise; tidy() only tracks synchronous code (its tensors are disposed now)');
  assert.equal(tc.memory().tensors, before.tensors);
  assert.equal(tc.memory().bytes, before.bytes);
});

test('a .grad read inside tidy is disposed with it; reading it again gives a live tensor', () => {
  const x = tc.ones([3], { requiresGrad: true });
  tc.tidy(() => {
    x.mul(2).sum().backward();
    assert.deepEqual(x.grad.toArray(), [2, 2, 2]);
  });
  assert.deepEqual(x.grad.toArray(), [2, 2, 2]);
  x.grad.dispose();
  x.dispose();
});

test('the FinalizationRegistry frees tensors that were dropped without dispose()', async () => {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  // Collect what earlier tests dropped first, so that only ours is counted.
  for (let i = 0; i < 5; i++) {
    gc();
    await sleep(10);
  }
  const before = tc.memory();
  (() => {
    for (let i = 0; i < 200; i++) tc.zeros([250]);
  })();
  assert.equal(tc.memory().tensors, before.tensors + 200);
  for (let i = 0; i < 50 && tc.memory().tensors > before.tensors; i++) {
    gc();
    await sleep(10);
  }
  assert.equal(tc.memory().tensors, before.tensors);
  assert.equal(tc.memory().bytes, before.bytes);
});
