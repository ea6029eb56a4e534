// Warnings reach JS through tc.onWarning, and the broadcast policy
// ('allow' | 'warn' | 'raise') for the process or for a scope.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tc, throwsTc } from './helpers.js';

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

test('a listener that throws does not break the op; its error is rethrown from a microtask', () => {
  // Captured instead of run: the test runner fails a file on any uncaught error.
  const queued = [];
  const original = globalThis.queueMicrotask;
  globalThis.queueMicrotask = (callback) => queued.push(callback);
  const off = tc.onWarning(() => {
    throw new Error('listener failed');
  });
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
    off();
    globalThis.queueMicrotask = original;
  }
  assert.equal(queued.length, 1);
  assert.throws(queued[0], { message: 'listener failed' });
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
