// Freeing an autograd graph of any length (Note [Releasing a graph] in
// src/autograd/backward.cpp) by dispose(), by a program's dispose() or by
// the garbage collector, and freeing that never throws (Note [Freeing never
// throws] in bindings/ts/lifetime.ts): each leaves tc.memory() where it
// was and the instance computing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { IN_SCOPE, Lifetime } from '../../dist/lifetime.js';
import { tc } from './helpers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

// The chain: each result made from the last, every intermediate
// disposed, only the end left holding the graph down to x.
function chain(t, length, step) {
  const x = t.ones([2], { requiresGrad: true });
  let y = x;
  for (let i = 0; i < length; i++) {
    const z = step(y);
    if (y !== x) y.dispose();
    y = z;
  }
  return { x, y };
}

// What a release must give back: the tensors and their bytes, and the
// malloc'd heap too once a first run has grown the core's own tables
// (the handle table, the release list): a second run leaves it exactly.
function assertFreedTwice(run) {
  const before = tc.memory();
  run();
  const warm = tc.memory();
  assert.equal(warm.tensors, before.tensors);
  assert.equal(warm.bytes, before.bytes);
  run();
  assert.deepEqual(tc.memory(), { ...warm, heapSize: tc.memory().heapSize });
  assert.deepEqual(tc.ones([2]).add(1).toArray(), [2, 2], 'the instance still computes');
}

test("6,000 muls dropped one by one: dispose() of the last frees the graph, and the instance still computes", () => {
  assertFreedTwice(() => {
    const { x, y } = chain(tc, 6000, (t) => t.mul(1));
    y.dispose();
    x.dispose();
  });
});

test('100,000 ops (mul, add, a view) are freed by dispose() of the last', () => {
  for (const step of [(t) => t.mul(1), (t) => t.add(1), (t) => t.view([2])]) {
    assertFreedTwice(() => {
      const { x, y } = chain(tc, 100000, step);
      y.dispose();
      x.dispose();
    });
  }
});

test('a long chain is freed whichever tensor goes last: x before y', () => {
  assertFreedTwice(() => {
    const { x, y } = chain(tc, 20000, (t) => t.add(1));
    x.dispose();
    assert.deepEqual(y.toArray(), [20001, 20001]);
    y.dispose();
  });
});

// A program of 60 lines of `y = y * 1 * 1 ...` (5,700 muls): its
// dispose() threw once, and the playground, which disposes in a finally,
// lost the result.
const SIXTY_LINES = 'import torch\nx = torch.ones(2, requires_grad=True)\ny = x\n' +
  Array.from({ length: 60 }, () => `y = y${' * 1'.repeat(95)}\n`).join('');

test('a 60-line program of `y = y * 1 * 1 ...`: tc.run, then p.dispose() frees it all', () => {
  assertFreedTwice(() => {
    // maxWork raised: by default the records of its 5,700 calls pass the budget
    const p = tc.run(SIXTY_LINES, { maxWork: 1e12 });
    assert.equal(p.ok, true, p.error?.message);
    assert.equal(p.get('y').toString(), 'tensor([1., 1.], grad_fn=<MulBackward0>)');
    p.dispose();
  });
});

// Run in a child: an error thrown by a FinalizationRegistry callback is
// uncaught, and ends the process (exit code 1) before it can be reported.
const DROPPED = `
import { init } from 'tensorcast';
const tc = await init();
const settle = async () => {
  for (let i = 0; i < 5; i++) { gc(); await new Promise((r) => setTimeout(r, 20)); }
};
const drop = (disposeIntermediates) => {
  const x = tc.ones([2], { requiresGrad: true });
  let y = x;
  for (let i = 0; i < 6000; i++) {
    const z = y.mul(1);
    if (disposeIntermediates && y !== x) y.dispose();
    y = z;
  }
};
await settle();
const before = tc.memory();
const after = [];
for (const disposeIntermediates of [false, false, true]) {
  drop(disposeIntermediates);
  for (let i = 0; i < 100 && tc.memory().tensors > before.tensors; i++) await settle();
  await settle();
  after.push(tc.memory());
}
console.log(JSON.stringify({ before, after, computes: tc.ones([2]).add(1).toArray() }));
`;

test('the chain dropped without dispose() is collected: the process lives on and the memory comes back', () => {
  const child = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', DROPPED], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.equal(child.status, 0, `exit code ${child.status}: ${child.stderr}`);
  assert.equal(child.stderr, '');
  const { before, after, computes } = JSON.parse(child.stdout);
  for (const m of after) {
    assert.equal(m.tensors, before.tensors);
    assert.equal(m.bytes, before.bytes);
  }
  // Once the first drop has grown the core's tables (6,000 handles), the heap comes back exactly.
  assert.deepEqual(after.map((m) => m.heapUsed), after.map(() => after[0].heapUsed));
  assert.deepEqual(computes, [2, 2]);
});

// ---- Note [Freeing never throws], with a release that fails

function lifetimeFailingWith(error) {
  const reports = [];
  const life = new Lifetime(
    () => {
      throw error;
    },
    ['mul'],
    () => false,
    () => {},
    (message) => reports.push(message),
  );
  const made = () => {
    const t = { _h: 7, _r: IN_SCOPE, _o: 0 };
    life.adopt(t, 0);
    return t;
  };
  return { life, reports, made };
}

const isOwned = (v) => typeof v === 'object' && v !== null && '_h' in v;

test('a release that fails: dispose() does not throw; the first failure is a warning, all are counted', () => {
  const { life, reports, made } = lifetimeFailingWith(new RangeError('Maximum call stack size exceeded'));
  const a = made();
  const b = made();
  life.dispose(a);
  life.dispose(b);
  assert.equal(a._h, 0);
  assert.equal(life.live, 0);
  assert.equal(life.failedReleases, 2);
  assert.deepEqual(reports, [
    'could not free a tensor made by mul (RangeError: Maximum call stack size exceeded); its memory may stay allocated. ' +
      'The error is not thrown, because tensors are freed where it would have nowhere to go (the garbage collector, ' +
      'the end of a tidy(), a dispose() in a finally); later failures are counted, not reported.',
  ]);
});

test("a release that fails at the end of tidy(): fn's error or result comes out, not the release's", () => {
  const { life, made } = lifetimeFailingWith(new Error('release failed'));
  assert.throws(() => life.tidy(() => {
    made();
    throw new Error('from fn');
  }, isOwned), { message: 'from fn' });
  assert.equal(life.tidy(() => {
    made();
    return 42;
  }, isOwned), 42);
  assert.equal(life.failedReleases, 2);
});

test('a release that fails in the FinalizationRegistry callback is counted, never thrown', async () => {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  const { life, reports } = lifetimeFailingWith(new Error('release failed'));
  (() => {
    // Made outside any tidy: registered with the collector in a microtask.
    for (let i = 0; i < 10; i++) life.adopt({ _h: i + 1, _r: IN_SCOPE, _o: 0 }, 0);
  })();
  await sleep(0);
  for (let i = 0; i < 50 && life.live > 0; i++) {
    gc();
    await sleep(10);
  }
  assert.equal(life.live, 0);
  assert.equal(life.failedReleases, 10);
  assert.equal(reports.length, 1);
});

test('a warning listener that throws while a release failure is reported changes nothing', () => {
  const life = new Lifetime(() => {
    throw new Error('release failed');
  }, ['mul'], () => false, () => {}, () => {
    throw new Error('listener failed');
  });
  const t = { _h: 1, _r: IN_SCOPE, _o: 0 };
  life.adopt(t, 0);
  life.dispose(t);
  assert.equal(life.failedReleases, 1);
});
