// Programs in the shape tc.run hands out (bindings/ts/program-types.ts),
// built by hand for the graph's tests (program-graph.test.js) and its
// screenshots: the ids, shapes and gradient reductions are PyTorch's for
// the code (worked out beside each one).
// ---- building blocks in the contract's shape
export const span = (line, column = 1, endColumn = 40) => ({ line, column, endLine: line, endColumn });
export const tensor = (id, storage, shape, extra = {}) => ({
  type: 'Tensor', repr: '', id, storage, shape, strides: null, offset: 0, dtype: 'float32',
  requiresGrad: false, gradFn: null, isLeaf: true, items: [], ...extra,
});
/** A call on one line; at: its text, found in the statement's source (columns from 1, end exclusive). */
export const call = (line, op, inputs, outputs, view = false, traces = [], at = null, outputInfo = []) => ({ ...span(line), op, inputs, outputs, view, traces, at, outputInfo });
// reads: the bound names the statement read, as the core lists them.
export const statement = (line, source, calls, names = {}, grads = {}, reads = []) => ({
  ...span(line, 1, source.length + 1), source, names, reads, grads, output: '', traces: calls.flatMap((c) => c.traces),
  calls: calls.map(({ at, ...c }) => {
    const column = at === null ? 1 : source.indexOf(at) + 1;
    return { ...c, column, endColumn: at === null ? source.length + 1 : column + at.length };
  }),
});
const broadcast = (result) => ({ kind: 'broadcast', inputs: [], padded: [], dims: [], result, error: null, failedDim: null, notes: [] });
/** An op's trace, with the fields a graph reads: operands' shapes, the broadcast result, reduced dims, indexing. */
export const opTrace = (op, operandShapes, result, more = {}) => ({
  kind: 'op', op, inplace: false, broadcast: broadcast(result),
  operands: operandShapes.map((shape, i) => ({ name: 'abc'[i], shape, strides: [], expandedStrides: [], offset: 0, dtype: 'float32' })),
  promotion: { resultDtype: 'float32' }, plan: null, kernel: '', kernelRows: 1, repeatedDims: [], reducedDims: [], keepdim: false,
  matmul: null, indexing: null, ...more,
});
// call: the index of the call that made the node among all the program's calls, as the core says it (Note [Call numbers]).
export const reduceStep = (line, op, call, inputId, inputIndex, gradShape, targetShape, leadingDims, onesDims, keepdimShape, viewed, name = null) => ({
  kind: 'reduce-grad', op, gradFn: `${op[0].toUpperCase()}${op.slice(1)}Backward0`, call, inputId, inputIndex, gradShape, targetShape, leadingDims, onesDims, keepdimShape, resultShape: targetShape, viewed, name, line,
});

// The example. Ids as the core hands them out, one per tensor made:
// 1 arange(6.), 2 x (its reshape, a view), 3 y, 4 x[:, :, None] (a view of x),
// 5 d, 6 w, 7 d * w, 8 loss.
// x[:, :, None] is [2, 3, 1]; minus y [4] broadcasts to [2, 3, 4]. w [3, 1]
// against d [2, 3, 4]: its gradient arrives as [2, 3, 4]; dim 0 was added on
// the left (summed away), dim 2 is 1 in w (summed, kept): w.grad is [3, 1].
// d does not require grad (x and y do not), so the mul's backward sends
// nothing to it, and sum's backward hands [2, 3, 4] to d * w unreduced.
export const EXAMPLE = {
  ok: true,
  error: null,
  statements: [
    statement(1, 'x = torch.arange(6.).reshape(2, 3)', [call(1, 'torch.arange', [], [1], false, [], 'torch.arange(6.)'), call(1, 'Tensor.reshape', [1], [2], true, [], 'torch.arange(6.).reshape(2, 3)')], { x: tensor(2, 1, [2, 3]) }),
    statement(2, 'y = torch.tensor([10., 20., 30., 40.])', [call(2, 'torch.tensor', [], [3], false, [], 'torch.tensor([10., 20., 30., 40.])')], { y: tensor(3, 2, [4]) }),
    statement(3, 'd = x[:, :, None] - y            # [2, 3, 4]', [
      call(3, 'index', [2], [4], true, [opTrace('index', [[2, 3]], null, { indexing: { resultShape: [2, 3, 1] } })], 'x[:, :, None]'),
      call(3, 'sub', [4, 3], [5], false, [opTrace('sub', [[2, 3, 1], [4]], [2, 3, 4])], 'x[:, :, None] - y'),
    ], { d: tensor(5, 3, [2, 3, 4]) }),
    statement(4, 'w = torch.ones(3, 1, requires_grad=True)', [call(4, 'torch.ones', [], [6], false, [], 'torch.ones(3, 1, requires_grad=True)')], { w: tensor(6, 4, [3, 1], { requiresGrad: true }) }),
    statement(5, 'loss = (d * w).sum()', [
      call(5, 'mul', [5, 6], [7], false, [opTrace('mul', [[2, 3, 4], [3, 1]], [2, 3, 4])], 'd * w'),
      call(5, 'Tensor.sum', [7], [8], false, [opTrace('sum', [[2, 3, 4]], null, { reducedDims: [0, 1, 2] })], '(d * w).sum()'),
    ], { loss: tensor(8, 6, [], { requiresGrad: true, gradFn: 'SumBackward0', isLeaf: false }) }),
    statement(6, 'loss.backward()                  # w.grad: [3, 1], summed over dims 0 and 2', [call(6, 'Tensor.backward', [8], [])], {},
      { w: tensor(9, 7, [3, 1]) }),
  ],
  backward: [
    reduceStep(6, 'sum', 7, 7, 0, [2, 3, 4], [2, 3, 4], [], [], [2, 3, 4], false),
    reduceStep(6, 'mul', 6, 6, 1, [2, 3, 4], [3, 1], [0], [2], [1, 3, 1], true, 'w'),
  ],
};

// a = torch.zeros(2, 6); b = a.view(3, 4); c = b.T; e = c[0]; a += 1; f = a + 1
// a, b, c and e are views of one storage; a += 1 writes into it (a new
// version of a, the same storage); f is a new tensor.
export const VIEWS = {
  ok: true, error: null, backward: [],
  statements: [
    statement(1, 'a = torch.zeros(2, 6)', [call(1, 'torch.zeros', [], [1], false, [], 'torch.zeros(2, 6)')], { a: tensor(1, 1, [2, 6]) }),
    statement(2, 'b = a.view(3, 4)', [call(2, 'Tensor.view', [1], [2], true, [], 'a.view(3, 4)')], { b: tensor(2, 1, [3, 4]) }),
    statement(3, 'c = b.T', [call(3, 'Tensor.T', [2], [3], true, [], 'b.T')], { c: tensor(3, 1, [4, 3]) }),
    statement(4, 'e = c[0]', [call(4, 'index', [3], [4], true, [opTrace('index', [[4, 3]], null, { indexing: { resultShape: [3] } })], 'c[0]')], { e: tensor(4, 1, [3]) }),
    statement(5, 'a += 1', [call(5, 'add_', [1], [1], false, [opTrace('add_', [[2, 6], []], [2, 6])], 'a += 1')], { a: tensor(1, 1, [2, 6]) }),
    statement(6, 'f = a + 1', [call(6, 'add', [1], [5], false, [opTrace('add', [[2, 6], []], [2, 6])], 'a + 1')], { f: tensor(5, 2, [2, 6]) }),
  ],
};


// The example's first three lines, then d + x: d [2, 3, 4] against x [2, 3]
// meets 4 and 3 at dim 2, and PyTorch raises its size message there.
export const FAILING = {
  ok: false,
  statements: [
    ...EXAMPLE.statements.slice(0, 3),
    statement(4, 'z = d + x', [], {}, {}, ['d', 'x']),
  ],
  error: { ...span(4, 5, 10), message: 'The size of tensor a (4) must match the size of tensor b (3) at non-singleton dimension 2', kind: 'shape', pythonType: 'RuntimeError' },
  backward: [],
};

/** t0 = torch.zeros(4), then t1 = t0 + 1, ... up to t{n-1}: one new tensor per line. */
export function chain(n) {
  const statements = [statement(1, 't0 = torch.zeros(4)', [call(1, 'torch.zeros', [], [1], false, [], 'torch.zeros(4)')], { t0: tensor(1, 1, [4]) })];
  for (let i = 1; i < n; i++)
    statements.push(statement(i + 1, `t${i} = t${i - 1} + 1`, [call(i + 1, 'add', [i], [i + 1], false, [opTrace('add', [[4], []], [4])], `t${i - 1} + 1`)], { [`t${i}`]: tensor(i + 1, i + 1, [4]) }));
  return { ok: true, error: null, backward: [], statements };
}
