// The playground against the package's op table and trace schema: its
// operation menu and each op's rules come from the table, and every value
// the core can report has its words in both catalogues (the types already
// demand them; this says which one is missing, and that it is not empty).
import assert from 'node:assert/strict';
import test from 'node:test';
import { DIM_RULES, INNER_PATTERNS, OPS as TABLE } from 'tensorcast';
import { tc } from '../js/helpers.js';
import { loadWeb } from './bundle.js';

const { en, zh, computeGradient, inplaceFormOf, OP_GROUPS, OPS, isInplace, opGroupOf, operandsOf, takesAlpha } =
  await loadWeb('i18n/en', 'i18n/zh', 'model/gradient', 'model/inplace', 'model/state');

test('the operation menu offers every op of the core\'s table with two or three operands, grouped', () => {
  assert.deepEqual(tc.ops, TABLE);
  // matmul has two operands but does not broadcast elementwise: not offered.
  const offered = tc.ops.filter((op) => op.arity > 1 && op.family !== 'matmul');
  assert.deepEqual([...OPS].sort(), offered.map((op) => op.name).sort());
  // Grouped in the menu's order, each group in the table's order.
  const byGroup = OP_GROUPS.flatMap((g) => offered.filter((op) => opGroupOf(op.name) === g).map((op) => op.name));
  assert.deepEqual([...OPS], byGroup);
  for (const op of offered) {
    assert.equal(takesAlpha(op.name), op.alpha, op.name);
    assert.equal(isInplace(op.name), op.inplace, op.name);
    assert.equal(operandsOf(op.name).length, op.arity, op.name);
    // eq_ ... ge_ are comparisons too, listed with the in-place ops.
    assert.equal(opGroupOf(op.name) === 'comparison', op.family === 'compare' && !op.inplace, op.name);
    // The in-place view runs the op's own in-place form, or says add_ stands in.
    assert.deepEqual(inplaceFormOf(op.name), op.inplace ? { op: op.name, standIn: false }
      : op.inplaceForm !== null ? { op: op.inplaceForm, standIn: false } : { op: 'add_', standIn: true }, op.name);
  }
  for (const m of [en, zh]) for (const g of OP_GROUPS) assert.ok(m.ui.opGroups[g].length > 0, `${m.lang} ${g}`);
});

test('every inner pattern and every dim rule the core can report has its words in both languages', () => {
  for (const m of [en, zh]) {
    for (const pattern of INNER_PATTERNS)
      assert.ok((m.strides.patterns[pattern]?.length ?? 0) > 0, `${m.lang} patterns.${pattern}`);
    for (const rule of DIM_RULES)
      assert.ok((m.align.verdict[rule]?.length ?? 0) > 0, `${m.lang} verdict.${rule}`);
    assert.deepEqual(Object.keys(m.strides.patterns).sort(), [...INNER_PATTERNS].sort());
  }
});

// The Gradient view's model says why there is nothing to draw when out is
// bool: a comparison's result, or where of two bool tensors (not an error).
test('a bool out has no gradient: the model says so and why, for a comparison and for where of two bools', () => {
  const operand = (name, dtype, values) => ({
    name, text: String(values.length), shape: [values.length], baseShape: [values.length], chainText: '', chain: [],
    numel: values.length, dtype, fill: 'custom', values: Float32Array.from(values), problem: null,
  });
  const f = (name) => operand(name, 'float32', [1, 2, 3]);
  const bool = (name) => operand(name, 'bool', [1, 0, 1]);
  for (const op of ['eq', 'ne', 'lt', 'le', 'gt', 'ge'])
    assert.deepEqual(computeGradient(tc, op, [f('a'), f('b')], 1, 'sum'), { ok: false, boolResult: true, comparison: true }, op);
  assert.deepEqual(computeGradient(tc, 'where', [bool('c'), bool('a'), bool('b')], 1, 'sum'), { ok: false, boolResult: true, comparison: false });
  // where with a float32 operand has a gradient; an in-place op on a leaf that requires grad keeps the core's refusal.
  assert.equal(computeGradient(tc, 'where', [bool('c'), f('a'), bool('b')], 1, 'sum').ok, true);
  assert.deepEqual(computeGradient(tc, 'eq_', [f('a'), f('b')], 1, 'sum'), {
    ok: false, error: 'a leaf Variable that requires grad is being used in an in-place operation.', inplace: true,
  });
  assert.equal(tc.memory().tensors, 0);
});

test('the operation menu and the captions spell each op as PyTorch does: torch.floor_divide(a, b), a.floor_divide_(b)', async () => {
  const { opCall, torchName } = await loadWeb('model/format');
  assert.equal(opCall('floorDivide'), 'torch.floor_divide(a, b)');
  assert.equal(opCall('floorDivide_'), 'a.floor_divide_(b)');
  assert.equal(opCall('add', 2), 'torch.add(a, b, alpha=2)');
  // Every offered op's call, as the menu lists it, is the table's own PyTorch name (no camelCase anywhere).
  for (const op of OPS) {
    const entry = TABLE.find((e) => e.name === op);
    const name = entry.torch.slice(entry.torch.lastIndexOf('.') + 1);
    assert.equal(torchName(op), name, op);
    assert.doesNotMatch(opCall(op), /[a-z][A-Z]/, op);
  }
  // The core names the call of `//` by its op ('floorDivide'): the graph's label finds PyTorch's name for it.
  assert.equal(torchName('floorDivide'), 'floor_divide');
  assert.equal(torchName('Tensor.sum'), 'Tensor.sum', 'a name the table lacks stays as it is');
});
