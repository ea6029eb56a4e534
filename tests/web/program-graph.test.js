// The graph of a program (web/src/model/program-graph.ts): nodes, edges,
// storage groups, the backward pass's reductions placed on their edges, the
// failing line and the cap. The programs are built by hand in the shape
// tc.run hands out (bindings/ts/program-types.ts), with the shapes, ids and
// gradient reductions PyTorch gives for them (worked out below each one).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/program-graph');

// ---- building blocks in the contract's shape
const span = (line, column = 1, endColumn = 40) => ({ line, column, endLine: line, endColumn });
const tensor = (id, storage, shape, extra = {}) => ({
  type: 'Tensor', repr: '', id, storage, shape, strides: null, offset: 0, dtype: 'float32',
  requiresGrad: false, gradFn: null, isLeaf: true, items: [], ...extra,
});
const call = (line, op, inputs, outputs, view = false, traces = []) => ({ ...span(line), op, inputs, outputs, view, traces });
const statement = (line, source, calls, names = {}, grads = {}) => ({ ...span(line, 1, source.length + 1), source, names, calls, traces: calls.flatMap((c) => c.traces), output: '', grads });
const broadcast = (result) => ({ kind: 'broadcast', inputs: [], padded: [], dims: [], result, error: null, failedDim: null, notes: [] });
/** An op's trace, with the fields a graph reads: operands' shapes, the broadcast result, reduced dims, indexing. */
const opTrace = (op, operandShapes, result, more = {}) => ({
  kind: 'op', op, inplace: false, broadcast: broadcast(result),
  operands: operandShapes.map((shape, i) => ({ name: 'abc'[i], shape, strides: [], expandedStrides: [], offset: 0, dtype: 'float32' })),
  promotion: { resultDtype: 'float32' }, plan: null, kernel: '', kernelRows: 1, repeatedDims: [], reducedDims: [], keepdim: false,
  matmul: null, indexing: null, ...more,
});
const reduceStep = (line, op, inputId, inputIndex, gradShape, targetShape, leadingDims, onesDims, keepdimShape, viewed, name = null) => ({
  kind: 'reduce-grad', op, inputId, inputIndex, gradShape, targetShape, leadingDims, onesDims, keepdimShape, resultShape: targetShape, viewed, name, line,
});

// The example. Ids as the core hands them out, one per tensor made:
// 1 arange(6.), 2 x (its reshape, a view), 3 y, 4 x[:, :, None] (a view of x),
// 5 d, 6 w, 7 d * w, 8 loss.
// x[:, :, None] is [2, 3, 1]; minus y [4] broadcasts to [2, 3, 4]. w [3, 1]
// against d [2, 3, 4]: its gradient arrives as [2, 3, 4]; dim 0 was added on
// the left (summed away), dim 2 is 1 in w (summed, kept): w.grad is [3, 1].
// d does not require grad (x and y do not), so the mul's backward sends
// nothing to it, and sum's backward hands [2, 3, 4] to d * w unreduced.
const EXAMPLE = {
  ok: true,
  error: null,
  statements: [
    statement(1, 'x = torch.arange(6.).reshape(2, 3)', [call(1, 'torch.arange', [], [1]), call(1, 'Tensor.reshape', [1], [2], true)], { x: tensor(2, 1, [2, 3]) }),
    statement(2, 'y = torch.tensor([10., 20., 30., 40.])', [call(2, 'torch.tensor', [], [3])], { y: tensor(3, 2, [4]) }),
    statement(3, 'd = x[:, :, None] - y            # [2, 3, 4]', [
      call(3, 'index', [2], [4], true, [opTrace('index', [[2, 3]], null, { indexing: { resultShape: [2, 3, 1] } })]),
      call(3, 'sub', [4, 3], [5], false, [opTrace('sub', [[2, 3, 1], [4]], [2, 3, 4])]),
    ], { d: tensor(5, 3, [2, 3, 4]) }),
    statement(4, 'w = torch.ones(3, 1, requires_grad=True)', [call(4, 'torch.ones', [], [6])], { w: tensor(6, 4, [3, 1], { requiresGrad: true }) }),
    statement(5, 'loss = (d * w).sum()', [
      call(5, 'mul', [5, 6], [7], false, [opTrace('mul', [[2, 3, 4], [3, 1]], [2, 3, 4])]),
      call(5, 'Tensor.sum', [7], [8], false, [opTrace('sum', [[2, 3, 4]], null, { reducedDims: [0, 1, 2] })]),
    ], { loss: tensor(8, 6, [], { requiresGrad: true, gradFn: 'SumBackward0', isLeaf: false }) }),
    statement(6, 'loss.backward()                  # w.grad: [3, 1], summed over dims 0 and 2', [call(6, 'Tensor.backward', [8], [])], {},
      { w: tensor(9, 7, [3, 1]) }),
  ],
  backward: [
    reduceStep(6, 'SumBackward0', 7, 0, [2, 3, 4], [2, 3, 4], [], [], [2, 3, 4], false),
    reduceStep(6, 'MulBackward0', 6, 1, [2, 3, 4], [3, 1], [0], [2], [1, 3, 1], true, 'w'),
  ],
};

const node = (g, key) => {
  const n = g.nodes.find((x) => x.key === key);
  assert.ok(n, `no node ${key}`);
  return n;
};
const callOf = (g, op) => g.calls.find((c) => c.op === op);

test('the issue’s example: tensors as nodes, calls as edges, the index a view', () => {
  const g = web.programGraph(EXAMPLE);
  assert.deepEqual(g.nodes.map((n) => n.key), ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8']);
  assert.deepEqual(g.nodes.map((n) => n.names), [[], ['x'], ['y'], [], ['d'], ['w'], [], ['loss']]);
  // The unnamed index view's shape comes from its trace, d * w's from the op that made it.
  assert.deepEqual(node(g, 't4').shape, [2, 3, 1]);
  assert.deepEqual(node(g, 't5').shape, [2, 3, 4]);
  assert.deepEqual(node(g, 't7').shape, [2, 3, 4]);
  assert.deepEqual(node(g, 't8').shape, []);
  // arange(6.) is read by reshape only: nothing names it, no trace describes it.
  assert.equal(node(g, 't1').shape, null);
  assert.deepEqual(g.nodes.map((n) => n.line), [1, 1, 2, 3, 3, 4, 5, 5]);
  const index = callOf(g, 'index');
  assert.deepEqual([index.inputs, index.outputs, index.view, index.line], [['t2'], ['t4'], true, 3]);
  const sub = callOf(g, 'sub');
  assert.deepEqual([sub.inputs, sub.outputs, sub.view], [['t4', 't3'], ['t5'], false]);
  // arange, its reshape and the index view share one storage; every other tensor has its own.
  assert.deepEqual(g.nodes.map((n) => n.storage), [1, 1, 2, 1, 3, 4, 5, 6]);
  assert.deepEqual(g.nodes.filter((n) => n.shared).map((n) => n.key), ['t1', 't2', 't4']);
  assert.deepEqual(g.nodes.map((n) => n.layer), [0, 1, 0, 2, 3, 0, 4, 5]);
  assert.deepEqual(g.nodes.filter((n) => n.requiresGrad).map((n) => n.key), ['t6', 't7', 't8']);
  assert.equal(g.error, null);
  assert.equal(g.leftOut, null);
  // backward() makes no tensor: it is not an edge.
  assert.ok(!g.calls.some((c) => c.op === 'Tensor.backward'));
});

test('the issue’s example: backward, w’s gradient reduced from [2, 3, 4] to [3, 1] on the mul’s edge', () => {
  const g = web.programGraph(EXAMPLE);
  assert.equal(g.backward.length, 1);
  const [pass] = g.backward;
  assert.equal(pass.line, 6);
  assert.equal(pass.root, 't8');
  assert.equal(pass.steps.length, 2);
  const [sum, mul] = pass.steps;
  assert.equal(g.calls[sum.call].op, 'Tensor.sum');
  assert.equal(sum.input, 't7');
  assert.equal(sum.reduced, false);
  assert.equal(g.calls[mul.call].op, 'mul');
  assert.equal(mul.input, 't6');
  assert.equal(mul.reduced, true);
  assert.deepEqual([mul.step.gradShape, mul.step.leadingDims, mul.step.onesDims, mul.step.resultShape], [[2, 3, 4], [0], [2], [3, 1]]);
  assert.deepEqual(pass.grads, [{ name: 'w', shape: [3, 1], dtype: 'float32', node: 't6' }]);
  assert.deepEqual(node(g, 't6').grad, { name: 'w', shape: [3, 1], dtype: 'float32' });
  assert.equal(node(g, 't5').grad, null);
  assert.deepEqual(web.backwardPlaySteps(g), [
    { kind: 'start', pass: 0 }, { kind: 'reduce', pass: 0, index: 0 }, { kind: 'reduce', pass: 0, index: 1 }, { kind: 'grads', pass: 0 },
  ]);
});

test('the layout is layered, deterministic, and fits a phone in two columns', () => {
  const g = web.programGraph(EXAMPLE);
  assert.equal(web.columnsFor(360), 2);
  assert.equal(web.columnsFor(1300), 7);
  assert.equal(web.columnsFor(100), 1);
  const a = web.layoutGraph(g, 2);
  const b = web.layoutGraph(web.programGraph(EXAMPLE), 2);
  assert.deepEqual([...a.boxes.entries()], [...b.boxes.entries()]);
  assert.ok(a.width <= 360, `width ${a.width}`);
  // Layer 0 has three nodes (arange, y, w): wrapped onto two rows at two columns.
  const y = (k) => a.boxes.get(k).y;
  assert.equal(y('t1'), y('t3'));
  assert.ok(y('t6') > y('t1'));
  // Every node below the nodes it was made from.
  for (const c of g.calls) for (const i of c.inputs) for (const o of c.outputs) assert.ok(y(o) > y(i), `${i} -> ${o}`);
  // No two boxes overlap.
  const boxes = [...a.boxes.values()];
  for (const p of boxes) for (const q of boxes)
    if (p !== q) assert.ok(Math.abs(p.x - q.x) >= web.NODE_W || Math.abs(p.y - q.y) >= web.NODE_H, `${p.key} overlaps ${q.key}`);
  const wide = web.layoutGraph(g, 6);
  assert.equal(wide.boxes.get('t1').y, wide.boxes.get('t6').y);
});

// a = torch.zeros(2, 6); b = a.view(3, 4); c = b.T; e = c[0]; a += 1; f = a + 1
// a, b, c and e are views of one storage; a += 1 writes into it (a new
// version of a, the same storage); f is a new tensor.
const VIEWS = {
  ok: true, error: null, backward: [],
  statements: [
    statement(1, 'a = torch.zeros(2, 6)', [call(1, 'torch.zeros', [], [1])], { a: tensor(1, 1, [2, 6]) }),
    statement(2, 'b = a.view(3, 4)', [call(2, 'Tensor.view', [1], [2], true)], { b: tensor(2, 1, [3, 4]) }),
    statement(3, 'c = b.T', [call(3, 'Tensor.T', [2], [3], true)], { c: tensor(3, 1, [4, 3]) }),
    statement(4, 'e = c[0]', [call(4, 'index', [3], [4], true, [opTrace('index', [[4, 3]], null, { indexing: { resultShape: [3] } })])], { e: tensor(4, 1, [3]) }),
    statement(5, 'a += 1', [call(5, 'add_', [1], [1], false, [opTrace('add_', [[2, 6], []], [2, 6])])], { a: tensor(1, 1, [2, 6]) }),
    statement(6, 'f = a + 1', [call(6, 'add', [1], [5], false, [opTrace('add', [[2, 6], []], [2, 6])])], { f: tensor(5, 2, [2, 6]) }),
  ],
};

test('a view chain shares one storage; an in-place op makes a new version of its tensor', () => {
  const g = web.programGraph(VIEWS);
  assert.deepEqual(g.nodes.map((n) => n.key), ['t1', 't2', 't3', 't4', 't1.1', 't5']);
  assert.deepEqual(g.nodes.map((n) => n.storage), [1, 1, 1, 1, 1, 2]);
  assert.deepEqual(g.nodes.map((n) => n.shared), [true, true, true, true, true, false]);
  assert.deepEqual(g.calls.map((c) => c.view), [false, true, true, true, false, false]);
  const inplace = callOf(g, 'add_');
  assert.deepEqual([inplace.inputs, inplace.outputs, inplace.inplace], [['t1'], ['t1.1'], true]);
  // f reads a after the change.
  assert.deepEqual(callOf(g, 'add').inputs, ['t1.1']);
  assert.deepEqual(node(g, 't1.1').names, ['a']);
  assert.deepEqual(node(g, 't1.1').shape, [2, 6]);
  assert.deepEqual(g.nodes.map((n) => n.layer), [0, 1, 2, 3, 1, 2]);
});

test('storage numbers the core gives join tensors no view flag links (y = x.detach())', () => {
  const g = web.programGraph({
    ok: true, error: null, backward: [],
    statements: [
      statement(1, 'x = torch.ones(3)', [call(1, 'torch.ones', [], [1])], { x: tensor(1, 1, [3]) }),
      statement(2, 'y = x.detach()', [call(2, 'Tensor.detach', [1], [2])], { y: tensor(2, 1, [3]) }),
      statement(3, 'z = x.clone()', [call(3, 'Tensor.clone', [1], [3])], { z: tensor(3, 2, [3]) }),
    ],
  });
  assert.deepEqual(g.nodes.map((n) => [n.key, n.storage, n.shared]), [['t1', 1, true], ['t2', 1, true], ['t3', 2, false]]);
});

test('a failing program: the graph up to the line before it, and the error with what it read', () => {
  const failing = {
    ok: false,
    statements: [
      ...EXAMPLE.statements.slice(0, 3),
      statement(4, 'z = d @ y.T', [call(4, 'Tensor.T', [3], [9], true)]),
    ],
    error: { ...span(4, 5, 12), message: 'both arguments to matmul need to be at least 1D, but they are 3D and 1D', kind: 'shape', pythonType: 'RuntimeError' },
    backward: [],
  };
  const g = web.programGraph(failing);
  assert.deepEqual(g.nodes.map((n) => n.key), ['t1', 't2', 't3', 't4', 't5']);
  assert.ok(g.nodes.every((n) => n.line <= 3));
  assert.equal(g.error.line, 4);
  assert.match(g.error.message, /matmul/);
  assert.deepEqual(g.error.inputs.sort(), ['t3', 't5']);
  const layout = web.layoutGraph(g, 3);
  assert.ok(layout.errorY !== null && layout.errorY >= Math.max(...[...layout.boxes.values()].map((b) => b.y + web.NODE_H)));

  // A syntax error: nothing ran, nothing to draw but the error.
  const none = web.programGraph({ ok: false, statements: [], backward: [], error: { ...span(2, 1, 4), message: 'invalid syntax', kind: 'syntax', pythonType: 'SyntaxError' } });
  assert.deepEqual([none.nodes, none.calls, none.error.inputs], [[], [], []]);
  assert.equal(web.layoutGraph(none, 2).errorY !== null, true);
});

test('a large program: the graph stops at the cap and says how many tensors it left out', () => {
  const n = 300;
  const statements = [statement(1, 't0 = torch.zeros(4)', [call(1, 'torch.zeros', [], [1])], { t0: tensor(1, 1, [4]) })];
  for (let i = 1; i < n; i++)
    statements.push(statement(i + 1, `t${i} = t${i - 1} + 1`, [call(i + 1, 'add', [i], [i + 1], false, [opTrace('add', [[4], []], [4])])], { [`t${i}`]: tensor(i + 1, i + 1, [4]) }));
  const g = web.programGraph({ ok: true, error: null, backward: [], statements });
  assert.equal(g.nodes.length, web.MAX_GRAPH_NODES);
  assert.deepEqual(g.leftOut, { nodes: n - web.MAX_GRAPH_NODES, fromLine: web.MAX_GRAPH_NODES + 1, toLine: n });
  assert.equal(g.nodes.length + g.leftOut.nodes, n);
  // A smaller cap, the same rule.
  const small = web.programGraph({ ok: true, error: null, backward: [], statements }, 10);
  assert.deepEqual(small.leftOut, { nodes: n - 10, fromLine: 11, toLine: n });
  const layout = web.layoutGraph(g, 4);
  assert.equal(layout.boxes.size, web.MAX_GRAPH_NODES);
  // Under the cap nothing is left out.
  assert.equal(web.programGraph({ ok: true, error: null, backward: [], statements: statements.slice(0, 20) }).leftOut, null);
});

test('two backward() calls are two passes, each on its own line', () => {
  const program = {
    ...EXAMPLE,
    statements: [...EXAMPLE.statements, statement(7, 'loss2 = (d * w).sum()', [
      call(7, 'mul', [5, 6], [10], false, [opTrace('mul', [[2, 3, 4], [3, 1]], [2, 3, 4])]),
      call(7, 'Tensor.sum', [10], [11], false, [opTrace('sum', [[2, 3, 4]], null, { reducedDims: [0, 1, 2] })]),
    ], { loss2: tensor(11, 9, [], { requiresGrad: true, gradFn: 'SumBackward0', isLeaf: false }) }),
    statement(8, 'loss2.backward()', [call(8, 'Tensor.backward', [11], [])], {}, { w: tensor(12, 7, [3, 1]) })],
    backward: [...EXAMPLE.backward,
      reduceStep(8, 'SumBackward0', 10, 0, [2, 3, 4], [2, 3, 4], [], [], [2, 3, 4], false),
      reduceStep(8, 'MulBackward0', 6, 1, [2, 3, 4], [3, 1], [0], [2], [1, 3, 1], true, 'w')],
  };
  const g = web.programGraph(program);
  assert.deepEqual(g.backward.map((p) => [p.line, p.root, p.steps.length]), [[6, 't8', 2], [8, 't11', 2]]);
  // Each pass's mul is the one before its backward().
  assert.equal(g.calls[g.backward[0].steps[1].call].line, 5);
  assert.equal(g.calls[g.backward[1].steps[1].call].line, 7);
  assert.equal(web.backwardPlaySteps(g).length, 8);
});
