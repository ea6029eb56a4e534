// Warnings reach JS through tc.onWarning, and the broadcast policy
// ('allow' | 'warn' | 'raise') for the process or for a scope.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { tc, throwsTc } from './helpers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function collecting(fn) {
  const seen = [];
  const off = tc.onWarning((w) => seen.push(w));
  try {
    tc.tidy(fn);
  } finally {
    off();
  }
  return seen;
}

const rankPromotion = 'add: operands of shapes [2, 3] and [3] have different numbers of dimensions; the shorter ones get leading 1s implicitly. Make them explicit with unsqueeze(0) or view().';

test("policy 'allow' (the default) is silent; 'warn' reports rank promotion and outer products", () => {
  assert.deepEqual(collecting(() => tc.ones([2, 3]).add(tc.ones([3]))), []);
  tc.setBroadcastPolicy('warn');
  let seen;
  try {
    seen = collecting(() => {
      tc.ones([2, 3]).add(tc.ones([3]));
      tc.ones([3]).add(tc.ones([3, 1]));
      tc.ones([2, 3]).add(1); // plain numbers are exempt
      tc.ones([2, 3]).add(tc.tensor(1, { dtype: 'float32' })); // so are 0-D tensors
    });
  } finally {
    tc.setBroadcastPolicy('allow');
  }
  assert.deepEqual(seen.map((w) => w.warningKind), ['rank-promotion', 'rank-promotion', 'outer-product']);
  assert.deepEqual(seen[0], { kind: 'warning', warningKind: 'rank-promotion', message: rankPromotion, shapes: [[2, 3], [3]] });
  assert.equal(seen[2].message,
    'add: [3] and [3, 1] are each expanded along a dimension where the other is not, giving [3, 3] (an outer product). If you meant an elementwise op, make the shapes match, e.g. with unsqueeze(-1) or squeeze(-1).');
  assert.deepEqual(collecting(() => tc.ones([2, 3]).add(tc.ones([3]))), [], "back to 'allow'");
});

test("withBroadcastPolicy('raise') raises for the scope only, and restores after a throw", () => {
  tc.tidy(() => {
    throwsTc(() => tc.withBroadcastPolicy('raise', () => tc.ones([2, 3]).add(tc.ones([3]))), 'policy',
      `broadcast policy 'raise': ${rankPromotion}`);
    assert.deepEqual(tc.ones([2, 3]).add(tc.ones([3])).shape, [2, 3]);
    assert.equal(tc.withBroadcastPolicy('raise', () => 42), 42);
    // The backward pass is exempt: its broadcasts are the engine's.
    const x = tc.ones([3], { requiresGrad: true });
    const y = x.add(tc.ones([2, 3]));
    tc.withBroadcastPolicy('raise', () => y.sum().backward());
    assert.deepEqual(x.grad.toArray(), [2, 2, 2]);
  });
});

// As a DOM EventTarget treats a listener that throws: the op goes on, the
// other listeners get the warning, the error is reported (console.error),
// never rethrown (Node ends on an uncaught error: its own EventTarget's way).
test('a listener that throws does not break the op or the other listeners; its error goes to console.error', () => {
  const queued = [];
  const original = { queueMicrotask: globalThis.queueMicrotask, error: console.error };
  globalThis.queueMicrotask = (callback) => queued.push(callback);
  const logged = [];
  console.error = (...args) => logged.push(args);
  const failure = new Error('listener failed');
  const offFailing = tc.onWarning(() => {
    throw failure;
  });
  const seen = [];
  const offSeeing = tc.onWarning((w) => seen.push(w.warningKind));
  try {
    tc.tidy(() => {
      tc.setBroadcastWarning(true);
      try {
        assert.deepEqual(tc.ones([4, 1]).add(tc.ones([4])).toArray()[0], [2, 2, 2, 2]);
      } finally {
        tc.setBroadcastWarning(false);
      }
    });
  } finally {
    offFailing();
    offSeeing();
    globalThis.queueMicrotask = original.queueMicrotask;
    console.error = original.error;
  }
  assert.deepEqual(seen, ['backcompat']);
  assert.deepEqual(logged, [['tensorcast: an onWarning listener threw (the other listeners still got the warning):', failure]]);
  assert.equal(queued.length, 0, 'nothing rethrown later');
});

test('a listener that throws never ends the process, nor does a console.error that throws', () => {
  const script = `
    import { init } from 'tensorcast';
    const tc = await init();
    tc.onWarning(() => { throw new Error('listener failed'); });
    tc.setBroadcastWarning(true);
    const sum = tc.ones([4, 1]).add(tc.ones([4])).sum().item();
    console.error = () => { throw new Error('console failed'); };
    tc.ones([4, 1]).add(tc.ones([4]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    console.log('alive', sum);
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  assert.equal(child.status, 0, child.stderr);
  assert.equal(child.stdout, 'alive 32\n');
  assert.match(child.stderr, /^tensorcast: an onWarning listener threw \(the other listeners still got the warning\): Error: listener failed\n/);
});

test('without listeners a warning goes to console.warn as a UserWarning', () => {
  const original = console.warn;
  const lines = [];
  console.warn = (line) => lines.push(line);
  try {
    tc.tidy(() => tc.withBroadcastPolicy('warn', () => tc.ones([2, 3]).add(tc.ones([3]))));
  } finally {
    console.warn = original;
  }
  assert.deepEqual(lines, [`UserWarning: ${rankPromotion}`]);
});

test('unsubscribing stops a listener; warnings also appear in explain events', () => {
  const seen = [];
  const off = tc.onWarning((w) => seen.push(w));
  off();
  const other = tc.onWarning(() => {});
  try {
    tc.tidy(() => {
      tc.setBroadcastWarning(true);
      try {
        const { events, trace } = tc.explain.op('add', tc.ones([4, 1]), tc.ones([4]));
        assert.deepEqual(events.map((e) => e.kind), ['broadcast', 'warning', 'op']);
        assert.equal(events[1].warningKind, 'backcompat');
        assert.ok(trace.broadcast.notes.includes('backcompat'));
      } finally {
        tc.setBroadcastWarning(false);
      }
    });
  } finally {
    other();
  }
  assert.deepEqual(seen, []);
});
