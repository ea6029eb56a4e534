// What a program that forgets to free tensors gets: a warning once many
// tensors made outside tidy() are alive, then an out-of-memory error that
// says what is alive and what to do (never a crash: the module keeps
// working); tc.keep, `using` (Symbol.dispose), and tc.memory() above 2 GiB.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { init, TensorcastError } from 'tensorcast';
import { UNTRACKED_BYTES, UNTRACKED_MIN, UNTRACKED_TENSORS, USING_PARSES, whatToDo } from '../../dist/memory-advice.js';
import { tc } from './helpers.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

async function withWarnings() {
  const fresh = await init({ simd: false });
  const warnings = [];
  fresh.onWarning((w) => warnings.push(w));
  return { fresh, warnings };
}

test('one warning when UNTRACKED_TENSORS tensors made outside tidy() are alive; tidy()-made tensors do not count', async () => {
  const { fresh, warnings } = await withWarnings();
  // Inside tidy, any number: they are freed for sure.
  fresh.tidy(() => {
    for (let i = 0; i < UNTRACKED_TENSORS + 10; i++) fresh.zeros([]);
  });
  // Made and disposed: never many alive.
  for (let i = 0; i < UNTRACKED_TENSORS + 10; i++) fresh.zeros([]).dispose();
  assert.deepEqual(warnings, []);
  const kept = [];
  for (let i = 0; i < UNTRACKED_TENSORS - 2; i++) {
    const z = fresh.zeros([]);
    kept.push(z.add(1));
    z.dispose();
  }
  // A result tidy() hands back to code outside any tidy is outside too.
  kept.push(fresh.tidy(() => fresh.ones([3]).mul(2)));
  assert.deepEqual(warnings, []);
  kept.push(fresh.ones([2]));
  assert.equal(warnings.length, 1);
  const [w] = warnings;
  assert.equal(w.kind, 'warning');
  assert.equal(w.warningKind, 'memory');
  assert.deepEqual(w.shapes, []);
  assert.match(w.message, new RegExp(`^many tensors made outside tc\\.tidy\\(\\) are alive and never disposed: ${UNTRACKED_TENSORS} tensors are alive \\(\\d+ bytes of tensor storage\\), ${UNTRACKED_TENSORS} of them made outside any tidy\\(\\); most were made by add \\(${UNTRACKED_TENSORS - 2}\\), mul \\(1\\), ones \\(1\\)\\. Free tensors`));
  assert.match(w.message, /tc\.tidy\(\(\) => \.\.\.\)/);
  assert.match(w.message, /dispose\(\)/);
  assert.ok(w.message.endsWith(` ${whatToDo(USING_PARSES)}`));
  // Once per instance.
  for (let i = 0; i < UNTRACKED_TENSORS; i++) kept.push(fresh.zeros([]));
  assert.equal(warnings.length, 1);
  for (const t of kept) t.dispose();
});

test(`one warning when ${UNTRACKED_MIN} tensors outside tidy() are alive and tensors hold ${UNTRACKED_BYTES} bytes`, async () => {
  const { fresh, warnings } = await withWarnings();
  const size = UNTRACKED_BYTES / UNTRACKED_MIN / 4;
  const kept = [];
  for (let i = 0; i < UNTRACKED_MIN - 1; i++) kept.push(fresh.zeros([size]));
  assert.deepEqual(warnings, []);
  kept.push(fresh.zeros([size]));
  assert.equal(warnings.length, 1);
  assert.match(warnings[0].message, new RegExp(`${UNTRACKED_MIN} tensors are alive \\(1\\.07 GB of tensor storage\\), ${UNTRACKED_MIN} of them made outside any tidy\\(\\); most were made by zeros \\(${UNTRACKED_MIN}\\)\\.`));
  for (const t of kept) t.dispose();
  assert.deepEqual(fresh.memory().bytes, 0);
});

test('the forgetful loop (1M-element tensors, 10,000 iterations, no tidy) is warned early and ends with the helpful error, not a crash', async () => {
  const { stdout } = await run(process.execPath, ['bench/forgetful.js', '--mode', 'sync'], { cwd: root, maxBuffer: 1 << 20 });
  const r = JSON.parse(stdout);
  // Warned after about a quarter of the wasm memory (8 MB an iteration).
  assert.ok(r.warnedAt !== null && r.warnedAt < 200, `warned at ${r.warnedAt}`);
  assert.match(r.warning, /^many tensors made outside tc\.tidy\(\) are alive and never disposed: \d+ tensors are alive \(1\.\d\d GB of tensor storage\), \d+ of them made outside any tidy\(\); most were made by add \(\d+\), mul \(\d+\), ones \(2\)\./);
  assert.ok(r.failure !== null, 'the loop ran out of memory');
  assert.ok(r.failure.at > r.warnedAt);
  assert.equal(r.failure.isTensorcastError, true);
  assert.equal(r.failure.kind, 'memory');
  assert.match(r.failure.message, /^out of memory: (could not allocate 4000000 bytes for a tensor of shape \[1000000\]|the WebAssembly heap could not grow any further)\. \d+ tensors are alive \(4\.\d\d GB of tensor storage\), \d+ of them made outside any tidy\(\); most were made by (add|mul) \(\d+\), (add|mul) \(\d+\), ones \(2\)\. Free tensors you no longer need: wrap the loop body in tc\.tidy/);
  assert.ok(r.failure.message.endsWith(` ${whatToDo(USING_PARSES)}`), r.failure.message);
  // The heap in use is past 2 GiB and read right (mallinfo's int would be negative).
  assert.ok(r.memory.heapUsed > 4e9, `heapUsed ${r.memory.heapUsed}`);
  // Nothing was freed: the heap is the live tensors (memory-reuse.test.js).
  assert.ok(r.memory.heapSize <= 1.1 * r.memory.bytes + 100 * 2 ** 20, `heap ${r.memory.heapSize} for ${r.memory.bytes} live bytes`);
  assert.deepEqual(r.works, [2, 3]);
});

test('an out-of-memory error says nothing more when freeing could not help', async () => {
  tc.tidy(() => {
    tc.ones(2);
    assert.throws(() => tc.ones([100000, 1]).add(tc.ones([1, 100000])), (error) => {
      assert.ok(error instanceof TensorcastError);
      assert.match(error.message, /^out of memory: a tensor of shape \[100000, 100000\] of 10000000000 elements needs 10000000000 x 4 bytes, more than the \d+ bytes tensorcast may allocate$/);
      return true;
    });
  });
});

test('tc.keep(t) inside tidy(): t outlives the tidy; outside tidy it does nothing', () => {
  const before = tc.memory().tensors;
  let kept;
  let gone;
  tc.tidy(() => {
    tc.tidy(() => {
      kept = tc.keep(tc.ones(2).mul(3));
      gone = tc.ones(2);
    });
  });
  assert.equal(gone.isDisposed, true);
  assert.equal(kept.isDisposed, false);
  assert.deepEqual(kept.toArray(), [3, 3]);
  assert.equal(tc.memory().tensors, before + 1);
  kept.dispose();
  const outside = tc.ones(1);
  assert.equal(tc.keep(outside), outside);
  outside.dispose();
  assert.equal(tc.memory().tensors, before);
});

test('Symbol.dispose: `using` frees the tensor at the end of its block', { skip: Symbol.dispose === undefined && 'this Node has no Symbol.dispose' }, () => {
  const t = tc.ones(2);
  assert.equal(typeof t[Symbol.dispose], 'function');
  const before = tc.memory().tensors;
  t[Symbol.dispose]();
  assert.equal(t.isDisposed, true);
  assert.equal(tc.memory().tensors, before - 1);
  t[Symbol.dispose]();
});

test('tc.memory().heapUsed is right above 2 GiB', async () => {
  const fresh = await init({ simd: false });
  const n = 535_000_000;
  const t = fresh.zeros([n]);
  const used = fresh.memory().heapUsed;
  assert.ok(used >= n * 4 && used < n * 4 + 2 ** 24, `heapUsed ${used}`);
  t.dispose();
  assert.ok(fresh.memory().heapUsed < 2 ** 24);
});

test('the memory advice names `using` exactly where this engine parses it (not Node 20 or 22), else tidy and dispose() in a finally', () => {
  let parses = true;
  try {
    new Function('{ using x = null; }');
  } catch (error) {
    assert.ok(error instanceof SyntaxError);
    parses = false;
  }
  assert.equal(USING_PARSES, parses);
  assert.equal(whatToDo(false),
    'Free tensors you no longer need: wrap the loop body in tc.tidy(() => ...), which disposes every tensor made inside it except the result, ' +
    'or call t.dispose() (in a finally block when an error may come before it). The garbage collector frees forgotten tensors only after your code yields ' +
    'to the event loop, and it does not see wasm memory filling up.');
  assert.equal(whatToDo(true),
    'Free tensors you no longer need: wrap the loop body in tc.tidy(() => ...), which disposes every tensor made inside it except the result, ' +
    'call t.dispose(), or declare tensors with `using t = ...`. The garbage collector frees forgotten tensors only after your code yields ' +
    'to the event loop, and it does not see wasm memory filling up.');
});
