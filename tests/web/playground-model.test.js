// The playground's model on the real core (web/src/model, bundled by
// bundle.js): how fixes are ranked and what each changes in meaning,
// the keepdim hint, and what is shown of tensors too big to make.
import assert from 'node:assert/strict';
import test from 'node:test';
import { tc } from '../js/helpers.js';
import { loadWeb } from './bundle.js';

const M = await loadWeb('model/compute', 'model/fixes', 'model/geometry', 'model/keepdim', 'model/url');
const computed = (hash) => new M.Computation(tc, M.stateFromHash(hash));
const numelOf = (shape) => shape.reduce((p, s) => p * s, 1);

// Note [Ranking fixes] in web/src/model/fixes.ts, input by input: the fixes in order, each with
// its result, whether it keeps the largest input's shape, and what it changes in meaning.
const RANKED = [
  {
    hash: 'a=4,3&b=4&op=sub', why: 'x - x.mean(1): adding a dim to b before transposing a',
    fixes: [
      ['b.unsqueeze(-1)', [4, 3], true, { kind: 'pairs', whole: 'a', part: 'b', axis: 'row' }],
      ['a.transpose(0, 1)', [3, 4], false, { kind: 'reorders', name: 'a' }],
    ],
  },
  {
    hash: 'a=3,4&b=4,1&op=mul', why: 'shape kept first (squeeze, then a transpose that moves no value), then the rest, the reordering transpose last',
    fixes: [
      ['b.squeeze(1)', [3, 4], true, { kind: 'pairs', whole: 'a', part: 'b', axis: 'column' }],
      ['b.transpose(0, 1)', [3, 4], true, { kind: 'pairs', whole: 'a', part: 'b', axis: 'column' }],
      ['a.unsqueeze(-1)', [3, 4, 1], false, { kind: 'reuses', parts: [{ name: 'b', dims: [0] }] }],
      ['a.transpose(0, 1)', [4, 3], false, { kind: 'reorders', name: 'a' }],
    ],
  },
  {
    hash: 'a=2,3,4&b=2,4&op=add', why: 'a 3-D result: the meaning names the dim b is reused along',
    fixes: [
      ['b.unsqueeze(1)', [2, 3, 4], true, { kind: 'reuses', parts: [{ name: 'b', dims: [1] }] }],
      ['a.transpose(0, 1)', [3, 2, 4], false, { kind: 'reorders', name: 'a' }],
    ],
  },
  {
    hash: 'a=3&b=3,1&op=add', why: 'a legal outer product: fixes that pair the values one to one; b.transpose(0, 1) moves no value',
    fixes: [
      ['a.unsqueeze(-1)', [3, 1], true, { kind: 'one-to-one' }],
      ['b.squeeze(1)', [3], true, { kind: 'one-to-one' }],
      ['b.transpose(0, 1)', [1, 3], false, { kind: 'pairs', whole: 'b', part: 'a', axis: 'column' }],
    ],
  },
  {
    hash: 'c=3,2&a=3&b=3,2&op=where', why: 'where: the condition is not the whole a value is paired with',
    fixes: [['a.unsqueeze(-1)', [3, 2], true, { kind: 'pairs', whole: 'b', part: 'a', axis: 'row' }]],
  },
  {
    hash: 'a=1,3,1&b=3,1,7&op=add_', why: 'the out-of-place op first; its result is larger than every input, and says so',
    fixes: [['a.add(b)', [3, 3, 7], false, { kind: 'out-of-place', larger: true }]],
  },
  {
    hash: 'a=3,1&b=3&op=add_', why: 'in place: the out-of-place op (an outer product here, and it says so), then rewrites that fit a',
    fixes: [
      ['a.add(b)', [3, 3], false, { kind: 'out-of-place', larger: true }],
      ['b.unsqueeze(-1)', [3, 1], true, { kind: 'one-to-one' }],
      ['a.squeeze(1)', [3], true, { kind: 'one-to-one' }],
      ['a.transpose(0, 1)', [1, 3], false, { kind: 'pairs', whole: 'a', part: 'b', axis: 'column' }],
    ],
  },
];

for (const { hash, why, fixes } of RANKED) {
  test(`fixes for ${hash} are ranked: ${why}`, () => {
    const got = computed(hash).fixes.map((f) => [f.code, f.resultShape, f.keepsLargest, f.meaning]);
    assert.deepEqual(got, fixes);
  });
}

test('rankFixes: out-of-place first, then the largest shape kept, then unsqueeze < squeeze = reshape = moving transpose < reordering transpose, ties in order', () => {
  const fix = (code, kind, keepsLargest, reorders = kind === 'transpose') => ({ code, kind, keepsLargest, reorders });
  const tried = [
    fix('t-keeps', 'transpose', true), fix('u-other', 'unsqueeze', false), fix('r-keeps', 'reshape', true),
    fix('s-keeps', 'squeeze', true), fix('u-keeps', 'unsqueeze', true), fix('t-other', 'transpose', false),
    fix('oop', 'out-of-place', false), fix('s-other', 'squeeze', false), fix('t1-keeps', 'transpose', true, false),
  ];
  assert.deepEqual(M.rankFixes(tried).map((f) => f.code),
    ['oop', 'u-keeps', 'r-keeps', 's-keeps', 't1-keeps', 't-keeps', 'u-other', 's-other', 't-other']);
});

// See Note [Outer products in disguise]: these rewrites were offered once; each gives a result of none of the inputs' shapes.
const DISGUISED = [
  { hash: 'c=3,2&a=3&b=3,2&op=where', refused: 'a.reshape(3, 1, 1)' },
  { hash: 'c=2,0&a=2,0&b=2,2&op=where', refused: 'b.unsqueeze(-1)' },
  { hash: 'a=2,0&b=2,2&op=add', refused: 'b.unsqueeze(-1)' },
];
for (const { hash, refused } of DISGUISED) {
  test(`${hash}: ${refused}, an outer product in disguise, is not offered`, () => {
    const c = computed(hash);
    assert.equal(c.fixMode, 'error');
    assert.ok(!c.fixes.some((f) => f.code === refused), c.fixes.map((f) => f.code).join(', '));
    // The refused rewrite does broadcast, to a shape larger than every input's (rank or size).
    const shapes = c.operands.map((o) => o.shape);
    const i = c.operands.findIndex((o) => o.name === refused[0]);
    const made = tc.tidy(() => {
      const x = tc.zeros(shapes[i]);
      return refused.includes('reshape') ? x.reshape(3, 1, 1).shape : x.unsqueeze(-1).shape;
    });
    const trace = tc.explain.broadcast(...shapes.map((s, k) => (k === i ? made : s)));
    assert.notEqual(trace.result, null);
    assert.ok(shapes.every((s) => s.length < trace.result.length));
  });
}

test('every fix offered for a table of inputs leaves one input unstretched, and the core then runs the op', () => {
  const hashes = [
    'a=4,3&b=4', 'a=2,3&b=3,2', 'a=5,2,4,1&b=3,1,1', 'a=2,3,4&b=3,2', 'a=3&b=3,1', 'a=4,1&b=1,3', 'a=2,0&b=2,2',
    'c=3,2&a=3&b=3,2&op=where', 'c=4&a=4,3&b=3&op=where', 'a=3,4&b=4,3&op=mul_', 'a=5,3&b=3,5,1&op=sub',
  ];
  let offered = 0;
  for (const hash of hashes) {
    const c = computed(hash.includes('op=') ? hash : `${hash}&op=add`);
    for (const fix of c.fixes) {
      if (fix.operand === null) continue;
      offered++;
      const shapes = c.operands.map((o) => (o.name === fix.operand ? fix.shape : o.shape));
      assert.ok(shapes.some((s) => s.length === fix.resultShape.length && s.every((n, d) => n === fix.resultShape[d])),
        `${hash}: ${fix.code} -> (${fix.resultShape}) stretches every input`);
      const after = computed(`${M.hashFromState({ ...M.stateFromHash(hash), ...fix.patch })}`);
      assert.equal(after.error, null, `${hash}: ${fix.code}`);
      assert.deepEqual(after.resultShape, fix.resultShape);
    }
  }
  assert.ok(offered >= 8, `only ${offered} fixes offered`);
});

const KEEPDIM = [
  ['a=4,3&b=4&op=sub', [{ reduced: 'b', from: 'a', dim: 1, shape: [4, 1] }]],
  ['a=4&b=4,3&op=div', [{ reduced: 'a', from: 'b', dim: 1, shape: [4, 1] }]],
  ['a=2,3,4&b=2,4&op=sub', [{ reduced: 'b', from: 'a', dim: 1, shape: [2, 1, 4] }]],
  ['a=2,3,4&b=2,3&op=sub', [{ reduced: 'b', from: 'a', dim: 2, shape: [2, 3, 1] }]],
  // Not a reduction of a: no hint.
  ['a=4,3&b=5&op=sub', []],
  ['a=2,3&b=3,2&op=sub', []],
  // Broadcasts already (b = a.sum(0) lines up by itself): no failure, no hint.
  ['a=4,3&b=3&op=sub', []],
  // where has three operands: no hint.
  ['c=4,3&a=4,3&b=4&op=where', []],
];
for (const [hash, hints] of KEEPDIM) {
  test(`keepdim hint for ${hash}`, () => assert.deepEqual(computed(hash).keepdim, hints));
}

test('stand-in strides match the core on real tensors, for every pair of small shapes', () => {
  const sizes = [0, 1, 2, 3];
  const shapes = [[]];
  for (let d = 1; d <= 3; d++) for (const s of shapes.filter((x) => x.length === d - 1)) for (const n of sizes) shapes.push([...s, n]);
  let compared = 0;
  tc.tidy(() => {
    for (const shape of shapes) {
      assert.deepEqual(M.contiguousStrides(tc, shape), tc.zeros(shape).stride(), `(${shape})`);
      for (const target of [...shapes, ...shapes.filter((s) => s.length === 3).map((s) => [1, ...s]), ...shapes.filter((s) => s.length === 3).map((s) => [2, ...s])]) {
        tc.tidy(() => {
          let real = null;
          try {
            real = tc.zeros(shape).broadcastTo(target).stride();
          } catch {
            // Does not broadcast: the stand-in says so too.
          }
          assert.deepEqual(M.expandedStrides(tc, shape, target), real, `(${shape}) -> (${target})`);
          if (real !== null) compared++;
        });
      }
    }
  });
  assert.ok(compared > 1000, `${compared}`);
});

test('64,3,128,128 + 3,1,1 (over the cap): strides, expanded strides, the plan and the gradient reduction, no values', () => {
  const before = tc.memory().bytes;
  const c = computed('a=64,3,128,128&b=3,1,1&view=strides');
  assert.equal(c.blocker.kind, 'operand');
  assert.equal(c.valuesOnlyMissing, true);
  const s = c.strides;
  assert.deepEqual(s.inputs.map((i) => [i.name, i.numel, i.strides, i.expandedStrides, i.storage === null]), [
    ['a', 3145728, [49152, 16384, 128, 1], [49152, 16384, 128, 1], true],
    ['b', 3, [1, 1, 1], [0, 1, 0, 0], false],
  ]);
  assert.deepEqual([s.out.shape, s.out.strides, s.out.values], [[64, 3, 128, 128], [49152, 16384, 128, 1], null]);
  // The plan of the same op on small tensors of these strides, as the core plans it.
  const small = tc.tidy(() => tc.explain.op('add', tc.zeros([2, 3, 4, 4]), tc.zeros([3, 1, 1])).trace.plan);
  assert.deepEqual(s.plan.order, small.order);
  assert.deepEqual(s.plan.groups, small.groups);
  assert.deepEqual(s.plan.shape, [16384, 3, 64]);
  assert.equal(s.plan.innerPattern, 'scalar-b');
  const g = c.gradient;
  assert.equal(g.ok, true);
  assert.equal(g.lossValue, null);
  const b = g.inputs.find((i) => i.name === 'b');
  assert.deepEqual([b.step.leadingDims, b.step.onesDims, b.step.keepdimShape, b.step.resultShape, b.step.viewed], [[0], [2, 3], [1, 3, 1, 1], [3, 1, 1], true]);
  assert.deepEqual([b.incoming.shape, b.afterLeading.shape, b.afterOnes.shape, b.grad.shape], [[64, 3, 128, 128], [1, 3, 128, 128], [1, 3, 1, 1], [3, 1, 1]]);
  assert.ok(g.inputs.every((i) => i.grad.values === null && i.incoming.values === null));
  // The same reduction as the op's own backward on small tensors.
  const real = tc.tidy(() => {
    const x = tc.zeros([2, 3, 4, 4], { requiresGrad: true });
    const y = tc.zeros([3, 1, 1], { requiresGrad: true });
    return tc.explain.backward(x.add(y).sum()).steps.find((st) => st.inputId === y.id);
  });
  assert.deepEqual([real.leadingDims, real.onesDims, real.viewed], [b.step.leadingDims, b.step.onesDims, b.step.viewed]);
  assert.equal(tc.memory().bytes, before, 'no tensor is left behind');
});

test('1000,1000,1000 + 1000,1 (a billion elements): strides and the reduction, no plan, nothing big allocated', () => {
  const heap = tc.memory().heapSize;
  const c = computed('a=1000,1000,1000&b=1000,1&view=grad');
  const s = c.strides;
  assert.deepEqual(s.inputs.map((i) => [i.strides, i.expandedStrides]), [[[1000000, 1000, 1], [1000000, 1000, 1]], [[1, 1], [0, 1, 0]]]);
  assert.deepEqual(s.out.strides, [1000000, 1000, 1]);
  assert.equal(s.plan, null);
  const b = c.gradient.inputs.find((i) => i.name === 'b');
  assert.deepEqual([b.step.leadingDims, b.step.onesDims, b.grad.shape], [[0], [2], [1000, 1]]);
  assert.equal(tc.memory().heapSize, heap, 'the heap did not grow');
});

test('a result over the cap from small inputs (2048,1) + (1,1024): values not made, strides and plan are', () => {
  const c = computed('a=2048,1&b=1,1024&view=strides');
  assert.equal(c.blocker.kind, 'result-too-big');
  assert.equal(c.run, null);
  assert.ok(numelOf(c.resultShape) > 1 << 20);
  const s = c.strides;
  assert.deepEqual(s.inputs.map((i) => i.expandedStrides), [[1, 0], [0, 1]]);
  assert.notEqual(s.plan, null);
  assert.ok(s.inputs.every((i) => i.read === null && i.storage !== null));
  assert.deepEqual(c.gradient.inputs.map((i) => i.grad.shape), [[2048, 1], [1, 1024]]);
});

// The page's first computation is spread over tasks (Computation.stepwise, playground.ts's load):
// it must be the computation made at once, pausing between the operands, the broadcast and the run.
test('Computation.stepwise pauses between its parts and computes what the constructor does', async () => {
  for (const hash of ['a=2,3&b=3&op=add', 'a=2,3&b=4&op=mul', 'a=3,1&b=1,4&op=sub&alpha=2', 'a=2&b=2&op=add&alpha=x', 'cond=2,1&a=3&b=2,3&op=where']) {
    const state = M.stateFromHash(hash);
    let pauses = 0;
    const stepwise = await M.Computation.stepwise(tc, state, async () => {
      pauses++;
    });
    const atOnce = new M.Computation(tc, state);
    assert.equal(pauses, atOnce.operands.length + 1, `${hash}: a pause after each operand and after the broadcast`);
    for (const key of ['op', 'operands', 'alpha', 'broadcast', 'blocker', 'valuesOnlyMissing', 'run', 'error', 'resultShape'])
      assert.deepEqual(stepwise[key], atOnce[key], `${hash}: ${key}`);
  }
});
