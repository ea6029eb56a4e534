// The graph of a program (web/src/model/program-graph.ts): nodes, edges,
// storage groups, the backward pass's reductions placed on their edges, the
// failing line and the cap. The programs are built by hand in the shape
// tc.run hands out (bindings/ts/program-types.ts), with the shapes, ids and
// gradient reductions PyTorch gives for them (worked out below each one).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/program-graph');

import { EXAMPLE, FAILING, VIEWS, call, chain, opTrace, reduceStep, span, statement, tensor } from './program-fixtures.js';

const node = (g, key) => {
  const n = g.nodes.find((x) => x.key === key);
  assert.ok(n, `no node ${key}`);
  return n;
};
const callOf = (g, op) => g.calls.find((c) => c.op === op);

test('the first preset’s example: tensors as nodes, calls as edges, the index a view', () => {
  const g = web.programGraph(EXAMPLE);
  // torch.arange(6.) has no name and no trace gives its shape; reshape alone reads it: it is folded into the reshape's arrow.
  assert.deepEqual(g.nodes.map((n) => n.key), ['t2', 't3', 't4', 't5', 't6', 't7', 't8']);
  assert.deepEqual(g.nodes.map((n) => n.names), [['x'], ['y'], [], ['d'], ['w'], [], ['loss']]);
  assert.deepEqual([g.calls[0].hidden, g.calls[1].folded, g.calls[1].inputs, g.calls[1].view], [true, [0], [], false]);
  // The unnamed index view's shape comes from its trace, d * w's from the op that made it.
  assert.deepEqual(node(g, 't4').shape, [2, 3, 1]);
  assert.deepEqual(node(g, 't5').shape, [2, 3, 4]);
  assert.deepEqual(node(g, 't7').shape, [2, 3, 4]);
  assert.deepEqual(node(g, 't8').shape, []);
  assert.deepEqual(g.nodes.map((n) => n.line), [1, 2, 3, 3, 4, 5, 5]);
  // An unnamed tensor is named by the source text of the call that made it.
  assert.deepEqual(g.nodes.map((n) => n.expr), ['torch.arange(6.).reshape(2, 3)', 'torch.tensor([10., 20., 30., 40.])',
    'x[:, :, None]', 'x[:, :, None] - y', 'torch.ones(3, 1, requires_grad=True)', 'd * w', '(d * w).sum()']);
  const index = callOf(g, 'index');
  assert.deepEqual([index.inputs, index.outputs, index.view, index.line], [['t2'], ['t4'], true, 3]);
  const sub = callOf(g, 'sub');
  assert.deepEqual([sub.inputs, sub.outputs, sub.view], [['t4', 't3'], ['t5'], false]);
  // x and its index view share one storage; every other tensor has its own.
  assert.deepEqual(g.nodes.map((n) => n.storage), [1, 2, 1, 3, 4, 5, 6]);
  assert.deepEqual(g.nodes.filter((n) => n.shared).map((n) => n.key), ['t2', 't4']);
  // Layers by dependency; y and w, made from nothing, sit just above their first reader.
  assert.deepEqual(g.nodes.map((n) => n.layer), [0, 1, 1, 2, 2, 3, 4]);
  assert.deepEqual(g.nodes.filter((n) => n.requiresGrad).map((n) => n.key), ['t6', 't7', 't8']);
  assert.equal(g.error, null);
  assert.equal(g.leftOut, null);
  // backward() makes no tensor: it is not an edge.
  assert.ok(!g.calls.some((c) => c.op === 'Tensor.backward'));
});

test('the first preset’s example: backward, w’s gradient reduced from [2, 3, 4] to [3, 1] on the mul’s edge', () => {
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
  const y = (k) => a.boxes.get(k).y;
  const x = (k) => a.boxes.get(k).x;
  // y beside x[:, :, None] (right of it, as the code reads), w beside d.
  assert.equal(y('t3'), y('t4'));
  assert.ok(x('t3') > x('t4'));
  assert.equal(y('t6'), y('t5'));
  assert.ok(x('t6') > x('t5'));
  assert.equal(a.rows.length, 5);
  // Every node below the nodes it was made from.
  for (const c of g.calls) for (const i of c.inputs) for (const o of c.outputs) assert.ok(y(o) > y(i), `${i} -> ${o}`);
  // No two boxes overlap.
  const boxes = [...a.boxes.values()];
  for (const p of boxes) for (const q of boxes)
    if (p !== q) assert.ok(Math.abs(p.x - q.x) >= web.NODE_W || Math.abs(p.y - q.y) >= web.NODE_H, `${p.key} overlaps ${q.key}`);
  // One column: every node a row of its own, still in dependency order.
  const narrow = web.layoutGraph(g, 1);
  assert.equal(narrow.rows.length, 7);
  assert.equal(narrow.width, 2 * 8 + web.NODE_W);
  // The layer of x[:, :, None] and y takes two rows: the arrow from x[:, :, None] to the subtraction goes around y, not through it.
  assert.ok(narrow.boxes.get('t3').y > narrow.boxes.get('t4').y);
  const from = { x: narrow.boxes.get('t4').x + web.NODE_W / 2, y: narrow.boxes.get('t4').y + web.NODE_H };
  const sub = narrow.boxes.get('t5');
  const path = web.edgePath(narrow, from, { x: sub.x + web.NODE_W / 2, y: sub.y - web.PILL_H - 8 });
  const t3 = narrow.boxes.get('t3');
  assert.ok(path.length > 2);
  for (const pt of path.slice(1, -1)) assert.ok(pt.x < t3.x || pt.x > t3.x + web.NODE_W, `through y at ${pt.x}`);
  // Adjacent rows: straight.
  assert.equal(web.edgePath(a, { x: 10, y: a.rows[0].bottom }, { x: 10, y: a.rows[1].top }).length, 2);
});

test('a view chain shares one storage; an in-place op changes its tensor and every box of its storage, making no new box', () => {
  const g = web.programGraph(VIEWS);
  assert.deepEqual(g.nodes.map((n) => n.key), ['t1', 't2', 't3', 't4', 't5']);
  assert.deepEqual(g.nodes.map((n) => n.storage), [1, 1, 1, 1, 2]);
  assert.deepEqual(g.nodes.map((n) => n.shared), [true, true, true, true, false]);
  assert.deepEqual(g.calls.map((c) => c.view), [false, true, true, true, false, false]);
  const inplace = callOf(g, 'add_');
  assert.deepEqual([inplace.inputs, inplace.outputs, inplace.inplace], [['t1'], ['t1'], true]);
  // a += 1 writes a's storage: a itself, and b, c and e, its views made before.
  assert.deepEqual(g.nodes.map((n) => n.changes.map((c) => [c.line, c.through])), [[[5, null]], [[5, 't1']], [[5, 't1']], [[5, 't1']], []]);
  // f reads a after the change: the same box.
  assert.deepEqual(callOf(g, 'add').inputs, ['t1']);
  assert.deepEqual(node(g, 't1').names, ['a']);
  assert.deepEqual(node(g, 't1').shape, [2, 6]);
  // The in-place call moves no box: a stays at the top, f one below it.
  assert.deepEqual(g.nodes.map((n) => n.layer), [0, 1, 2, 3, 1]);
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
  const g = web.programGraph(FAILING);
  assert.deepEqual(g.nodes.map((n) => n.key), ['t2', 't3', 't4', 't5']);
  assert.ok(g.nodes.every((n) => n.line <= 3));
  assert.equal(g.error.line, 4);
  assert.match(g.error.message, /must match the size of tensor b \(3\) at non-singleton dimension 2/);
  // d and x: the names the failing line reads.
  assert.deepEqual(g.error.inputs.sort(), ['t2', 't5']);
  const layout = web.layoutGraph(g, 3);
  assert.ok(layout.errorY !== null && layout.errorY >= Math.max(...[...layout.boxes.values()].map((b) => b.y + web.NODE_H)));

  // A syntax error: nothing ran, nothing to draw but the error.
  const none = web.programGraph({ ok: false, statements: [], backward: [], error: { ...span(2, 1, 4), message: 'invalid syntax', kind: 'syntax', pythonType: 'SyntaxError' } });
  assert.deepEqual([none.nodes, none.calls, none.error.inputs], [[], [], []]);
  assert.equal(web.layoutGraph(none, 2).errorY !== null, true);
});

test('a large program: the graph stops at the cap and says how many tensors it left out', () => {
  const n = 300;
  const { statements } = chain(n);
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
      reduceStep(8, 'sum', 10, 10, 0, [2, 3, 4], [2, 3, 4], [], [], [2, 3, 4], false),
      reduceStep(8, 'mul', 9, 6, 1, [2, 3, 4], [3, 1], [0], [2], [1, 3, 1], true, 'w')],
  };
  const g = web.programGraph(program);
  assert.deepEqual(g.backward.map((p) => [p.line, p.root, p.steps.length]), [[6, 't8', 2], [8, 't11', 2]]);
  // Each pass's mul is the one before its backward().
  assert.equal(g.calls[g.backward[0].steps[1].call].line, 5);
  assert.equal(g.calls[g.backward[1].steps[1].call].line, 7);
  assert.equal(web.backwardPlaySteps(g).length, 8);
});

// ---- the views' scenes and texts (DOM-free: scenes are plain primitives)

const views = await loadWeb('views/program-graph', 'views/program-backward', 'model/program-graph', 'i18n/en', 'i18n/zh', 'diagram/palette');
const palette = views.paletteFor('light', false);
const textsOf = (scene, layer) => scene.layers.filter((l) => layer === undefined || l.key === layer).flatMap((l) => l.prims).filter((p) => p.t === 'text').map((p) => p.text);

test('the graph’s scene: a part per tensor and per call, the ops’ labels as code writes them', () => {
  const g = views.programGraph(EXAMPLE);
  const scene = views.graphScene(views.en, palette, g, views.layoutGraph(g, 3), null, null);
  const keys = scene.layers.map((l) => l.key).filter((k) => k !== '');
  for (const n of g.nodes) assert.ok(keys.includes(`node:${n.key}`), n.key);
  for (const c of g.calls) assert.equal(keys.includes(`call:${c.index}`), !c.hidden, c.op);
  assert.ok(!keys.includes('gradient'));
  assert.deepEqual(g.calls.filter((c) => !c.hidden).map((c) => views.opLabel(c, g.calls)),
    ['torch.arange().reshape()', 'torch.tensor()', '[:, :, None]', '-', 'torch.ones()', '*', '.sum()']);
  assert.deepEqual(textsOf(scene, 'node:t5'), ['d', 'line 3', '(2, 3, 4)', 'float32']);
  assert.deepEqual(textsOf(scene, 'node:t4'), ['x[:, :, No…', 'line 3', '(2, 3, 1)', 'float32 · storage 1']);
  assert.deepEqual(textsOf(scene, 'node:t2'), ['x', 'line 1', '(2, 3)', 'float32 · storage 1']);
  // A view's arrow and label are dashed; the others are not.
  const edges = scene.layers.find((l) => l.key === 'edges').prims;
  assert.equal(edges.filter((p) => p.dashed).length, 1);
  assert.equal(scene.layers.find((l) => l.key === 'call:3').prims[0].dashed, true);
  assert.equal(scene.layers.find((l) => l.key === 'call:4').prims[0].dashed, false);
  assert.equal(views.graphScene(views.zh, palette, g, views.layoutGraph(g, 3), null, null).layers.find((l) => l.key === 'node:t5').prims[2].text, '第 3 行');
  const tx = views.graphScene(views.en, palette, views.programGraph(VIEWS), views.layoutGraph(views.programGraph(VIEWS), 3), null, null);
  assert.deepEqual(textsOf(tx, 'call:2'), ['.T']);
});

test('the backward steps: captions in both languages, the sum_to on the mul’s arrow, the stages', () => {
  const g = views.programGraph(EXAMPLE);
  const steps = views.backwardPlaySteps(g);
  const en = steps.map((s) => views.stepCaption(views.en, g, s));
  assert.equal(en[0], 'Line 6: loss.backward() starts the backward pass. The gradient of loss with respect to itself is 1, in its shape (); from there it flows back along the arrows.');
  assert.equal(en[1], 'The backward of (d * w).sum() (sum) hands d * w a gradient of shape (2, 3, 4); d * w itself has shape (2, 3, 4). The shapes are the same: nothing to sum.');
  assert.equal(en[2], 'The backward of d * w (mul) hands w a gradient of shape (2, 3, 4); w itself has shape (3, 1). '
    + 'w: dim 0 was added on the left by broadcasting. Summed with keepdim=True, it stays as size 1 until the view at the end. '
    + 'w: dim 2 had size 1 in w and was stretched. Summed with keepdim=True, back to 1. '
    + 'The core runs grad.sum((0, 2), keepdim=True).view(3, 1): the gradient now has w’s shape (3, 1). w is a leaf: this gradient is stored as w.grad.');
  assert.equal(en[3], 'The backward pass is done. Each leaf that requires grad holds its gradient: w.grad (3, 1).');
  const zh = steps.map((s) => views.stepCaption(views.zh, g, s));
  assert.equal(zh[2], 'd * w 的反向（mul）交给 w 的梯度形状为 (2, 3, 4)，而 w 本身的形状是 (3, 1)。'
    + 'w：第 0 维是广播时在左边补上的。用 keepdim=True 求和后保留为大小 1，直到最后的 view 才去掉。'
    + 'w：第 2 维在 w 中大小为 1，被扩展过。用 keepdim=True 求和，恢复为 1。'
    + '核心执行 grad.sum((0, 2), keepdim=True).view(3, 1)：梯度变回 w 的形状 (3, 1)。w 是叶子张量：这个梯度存为 w.grad。');
  assert.deepEqual(steps.map((s) => views.stepItem(views.en, g, s)), ['line 6 · loss.backward()', 'sum → d * w: (2, 3, 4) → (2, 3, 4)', 'mul → w: (2, 3, 4) → (3, 1)', 'w.grad (3, 1)']);

  // On the graph: at the mul step, two arrows back (sum's, then mul's), the current one labelled with its sum_to.
  const overlay = views.stepOverlay(views.en, g, steps[2]);
  assert.deepEqual(overlay.edges.map((e) => [g.calls[e.call].op, e.input, e.label]), [['Tensor.sum', 't7', '(2, 3, 4)'], ['mul', 't6', 'sum_to (2, 3, 4) → (3, 1)']]);
  assert.equal(overlay.root, 't8');
  assert.deepEqual([...views.stepOverlay(views.en, g, steps[3]).grads], [['t6', '.grad (3, 1)']]);
  const scene = views.graphScene(views.en, palette, g, views.layoutGraph(g, 2), null, overlay);
  assert.ok(textsOf(scene, 'gradient').includes('sum_to (2, 3, 4) → (3, 1)'));

  // The stages of w's reduction, with the gradient view's calls on the arrows; none for a step that sums nothing.
  const strip = views.reductionScene(views.en, palette, g, steps[2]);
  assert.deepEqual(textsOf(strip), ['grad (2, 3, 4)', 'sum(0, keepdim=True)', '(1, 3, 4)', 'sum(2, keepdim=True)', '(1, 3, 1)', 'view(3, 1)', 'w.grad (3, 1)']);
  assert.equal(views.reductionScene(views.en, palette, g, steps[1]), null);
  // A phone's width wraps the stages onto more rows.
  const narrow = views.reductionScene(views.en, palette, g, steps[2], 360);
  assert.ok(narrow.width <= 360 + 16 && narrow.height > strip.height);
});

test('a chain of calls on tensors nothing describes is one arrow; it is a view only if every link is', () => {
  // y = x.t().contiguous().view(6): t() is a view of x, contiguous() copies it (x.t() is not contiguous), view(6) views the copy.
  const program = {
    ok: true, error: null, backward: [],
    statements: [
      statement(1, 'x = torch.ones(2, 3)', [call(1, 'torch.ones', [], [1], false, [], 'torch.ones(2, 3)')], { x: tensor(1, 1, [2, 3]) }),
      statement(2, 'y = x.t().contiguous().view(6)', [
        call(2, 'Tensor.t', [1], [2], true, [], 'x.t()'),
        call(2, 'Tensor.contiguous', [2], [3], false, [], 'x.t().contiguous()'),
        call(2, 'Tensor.view', [3], [4], true, [], 'x.t().contiguous().view(6)'),
      ], { y: tensor(4, 2, [6]) }),
      statement(3, 'z = x.t().contiguous().view(6)', [
        call(3, 'Tensor.t', [1], [5], true, [], 'x.t()'),
        call(3, 'Tensor.contiguous', [5], [6], false, [], 'x.t().contiguous()'),
        call(3, 'Tensor.view', [6], [7], true, [], 'x.t().contiguous().view(6)'),
        call(3, 'Tensor.view', [6], [8], true, [], 'x.t().contiguous().view(6)'),
      ], { z: tensor(7, 3, [6]) }),
    ],
  };
  const g = views.programGraph(program);
  const y = g.calls.find((c) => c.outputs[0] === 't4');
  assert.deepEqual([y.inputs, y.folded, y.view], [['t1'], [1, 2], false]);
  assert.equal(views.opLabel(y, g.calls), '.t().contiguous().view()');
  assert.deepEqual(g.nodes.filter((n) => n.line === 2).map((n) => n.key), ['t4']);
  // Read twice, the copy of line 3 stays a node of its own, its shape not recorded; x.t() before it still folds.
  const copy = g.nodes.find((n) => n.key === 't6');
  assert.equal(copy.shape, null);
  assert.deepEqual(g.calls.find((c) => c.outputs[0] === 't6').folded, [4]);
  assert.equal(views.shapeText(views.en, copy), 'shape not recorded');
});

test('a gradient through x[...] lands on the index’s arrow, one through a sum on the sum’s', () => {
  // a = torch.ones(2, 3, requires_grad=True); s = a[:, None, :] * a.sum(dim=0, keepdim=True); s.mean().backward()
  // a[:, None, :] is slice, unsqueeze, slice inside one index call (ids 2 and 3 are its inner views); mul's
  // gradient (2, 1, 3) goes to a.sum(...) (1, 3) with dim 0 summed away.
  const program = {
    ok: true, error: null,
    statements: [
      statement(1, 'a = torch.ones(2, 3, requires_grad=True)', [call(1, 'torch.ones', [], [1], false, [], 'torch.ones(2, 3, requires_grad=True)')],
        { a: tensor(1, 1, [2, 3], { requiresGrad: true }) }),
      statement(2, 's = a[:, None, :] * a.sum(dim=0, keepdim=True)', [
        call(2, 'index', [1], [4], true, [opTrace('index', [[2, 3]], null, { indexing: { resultShape: [2, 1, 3] } })], 'a[:, None, :]'),
        call(2, 'Tensor.sum', [1], [5], false, [opTrace('sum', [[2, 3]], null, { reducedDims: [0], keepdim: true })], 'a.sum(dim=0, keepdim=True)'),
        call(2, 'mul', [4, 5], [6], false, [opTrace('mul', [[2, 1, 3], [1, 3]], [2, 1, 3])], 'a[:, None, :] * a.sum(dim=0, keepdim=True)'),
      ], { s: tensor(6, 3, [2, 1, 3], { requiresGrad: true, gradFn: 'MulBackward0', isLeaf: false }) }),
      statement(3, 's.mean().backward()', [
        call(3, 'Tensor.mean', [6], [7], false, [opTrace('mean', [[2, 1, 3]], null, { reducedDims: [0, 1, 2] })], 's.mean()'),
        call(3, 'Tensor.backward', [7], [], false, [], 's.mean().backward()'),
      ], {}, { a: tensor(8, 5, [2, 3]) }),
    ],
    backward: [
      reduceStep(3, 'mean', 4, 6, 0, [2, 1, 3], [2, 1, 3], [], [], [2, 1, 3], false, 's'),
      reduceStep(3, 'mul', 3, 4, 0, [2, 1, 3], [2, 1, 3], [], [], [2, 1, 3], false),
      reduceStep(3, 'mul', 3, 5, 1, [2, 1, 3], [1, 3], [0], [], [1, 1, 3], true),
      reduceStep(3, 'sum', 2, 1, 0, [2, 3], [2, 3], [], [], [2, 3], false, 'a'),
      reduceStep(3, 'slice', 1, 3, 0, [2, 1, 3], [2, 1, 3], [], [], [2, 1, 3], false),
      reduceStep(3, 'unsqueeze', 1, 2, 0, [2, 3], [2, 3], [], [], [2, 3], false),
      reduceStep(3, 'slice', 1, 1, 0, [2, 3], [2, 3], [], [], [2, 3], false, 'a'),
    ],
  };
  const g = web.programGraph(program);
  const [pass] = g.backward;
  assert.equal(pass.root, 't7');
  const on = (i) => (pass.steps[i].call === null ? null : g.calls[pass.steps[i].call].op);
  // the index call's inner views (slice, unsqueeze, slice) are its own: the core says so
  assert.deepEqual(pass.steps.map((_, i) => on(i)), ['Tensor.mean', 'mul', 'mul', 'Tensor.sum', 'index', 'index', 'index']);
  assert.deepEqual(pass.steps.map((s) => s.input), ['t6', 't4', 't5', 't1', null, null, 't1']);
  assert.deepEqual(pass.steps.map((s) => s.reduced), [false, false, true, false, false, false, false]);
  assert.deepEqual(pass.grads.map((x) => [x.name, x.shape, x.node]), [['a', [2, 3], 't1']]);
});

test('an unnamed tensor no trace describes takes its shape from the call’s outputInfo (the x.T of x.T @ y)', () => {
  // x [2, 3]; x.T is [3, 2] with strides [1, 3], a view of x's storage; x.T @ y with y [2] is [3].
  const program = {
    ok: true, error: null, backward: [],
    statements: [
      statement(1, 'x = torch.ones(2, 3)', [call(1, 'torch.ones', [], [1], false, [], 'torch.ones(2, 3)', [tensor(1, 1, [2, 3])])], { x: tensor(1, 1, [2, 3]) }),
      statement(2, 'y = torch.ones(2)', [call(2, 'torch.ones', [], [2], false, [], 'torch.ones(2)', [tensor(2, 2, [2])])], { y: tensor(2, 2, [2]) }),
      statement(3, 'z = x.T @ y', [
        call(3, 'Tensor.T', [1], [3], true, [], 'x.T', [tensor(3, 1, [3, 2], { strides: [1, 3] })]),
        call(3, 'matmul', [3, 2], [4], false, [], 'x.T @ y', [tensor(4, 3, [3])]),
      ], { z: tensor(4, 3, [3]) }),
    ],
  };
  const g = web.programGraph(program);
  const t = node(g, 't3');
  assert.deepEqual([t.shape, t.expr, t.names], [[3, 2], 'x.T', []]);
  // The view shares x's storage: one group for x and x.T, z its own.
  assert.equal(node(g, 't1').storage, t.storage);
  assert.notEqual(node(g, 't4').storage, t.storage);
});

test('a run with inputs (a puzzle\'s): the inputs are named nodes with their shapes, before every statement', async () => {
  const { tc } = await import('../js/helpers.js');
  const run = await loadWeb('model/program');
  const a = tc.ones([3]);
  const b = tc.ones([2]);
  try {
    const code = 'import torch\ndef outer(a, b):\n    return a[:, None] * b\nouter(a, b)\n';
    const program = run.runProgram(tc, code, null, { inputs: { a, b, n: 3 } });
    assert.equal(program.ok, true);
    assert.deepEqual(Object.keys(program.inputs), ['a', 'b']);
    const g = web.programGraph(program);
    for (const [name, t] of [['a', a], ['b', b]]) {
      const n = g.nodes.find((x) => x.names.includes(name));
      assert.ok(n, `no node named ${name}`);
      assert.equal(n.id, t.id);
      assert.deepEqual(n.shape, t.shape);
      assert.equal(n.dtype, 'float32');
      assert.equal(n.line, 0);
    }
    // Without them, the same run's graph knows a's and b's nodes only by the ops that read them.
    const bare = web.programGraph({ ...program, inputs: undefined });
    assert.equal(bare.nodes.some((x) => x.names.includes('a')), false);
  } finally {
    a.dispose();
    b.dispose();
  }
});
