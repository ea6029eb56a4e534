// The playground against the package's op table and trace schema, without a
// page: its operation menu and each op's rules come from the table, and
// every value the core can report has its words in both catalogues (the
// types already demand them; this says which one is missing, and that it
// is not empty). Runs in Node on the playground's own source.
import { expect, test } from '@playwright/test';
import { DIM_RULES, INNER_PATTERNS, OPS as TABLE, init } from 'tensorcast';
import { en } from '../web/src/i18n/en.ts';
import { zh } from '../web/src/i18n/zh.ts';
import { computeGradient } from '../web/src/model/gradient.ts';
import { inplaceFormOf } from '../web/src/model/inplace.ts';
import { OP_GROUPS, OPS, isInplace, opGroupOf, operandsOf, takesAlpha } from '../web/src/model/state.ts';

test('the operation menu offers every op of the core\'s table with two or three operands, grouped', async () => {
  const tc = await init();
  expect(tc.ops).toEqual(TABLE);
  // matmul has two operands but does not broadcast elementwise: not offered.
  const offered = tc.ops.filter((op) => op.arity > 1 && op.family !== 'matmul');
  expect([...OPS].sort()).toEqual(offered.map((op) => op.name).sort());
  // Grouped in the menu's order, each group in the table's order.
  const byGroup = OP_GROUPS.flatMap((g) => offered.filter((op) => opGroupOf(op.name) === g).map((op) => op.name));
  expect([...OPS]).toEqual(byGroup);
  for (const op of offered) {
    expect(takesAlpha(op.name), op.name).toBe(op.alpha);
    expect(isInplace(op.name), op.name).toBe(op.inplace);
    expect(operandsOf(op.name).length, op.name).toBe(op.arity);
    // eq_ ... ge_ are comparisons too, listed with the in-place ops.
    expect(opGroupOf(op.name) === 'comparison', op.name).toBe(op.family === 'compare' && !op.inplace);
    // The in-place view runs the op's own in-place form, or says add_ stands in.
    const form = inplaceFormOf(op.name);
    expect(form, op.name).toEqual(op.inplace ? { op: op.name, standIn: false }
      : op.inplaceForm !== null ? { op: op.inplaceForm, standIn: false } : { op: 'add_', standIn: true });
  }
  for (const m of [en, zh]) for (const g of OP_GROUPS) expect(m.ui.opGroups[g].length, `${m.lang} ${g}`).toBeGreaterThan(0);
});

test('every inner pattern and every dim rule the core can report has its words in both languages', () => {
  for (const m of [en, zh]) {
    for (const pattern of INNER_PATTERNS)
      expect(m.strides.patterns[pattern]?.length ?? 0, `${m.lang} patterns.${pattern}`).toBeGreaterThan(0);
    for (const rule of DIM_RULES)
      expect(m.align.verdict[rule]?.length ?? 0, `${m.lang} verdict.${rule}`).toBeGreaterThan(0);
    expect(Object.keys(m.strides.patterns).sort()).toEqual([...INNER_PATTERNS].sort());
  }
});

// The Gradient view's model says why there is nothing to draw when out is
// bool: a comparison's result, or where of two bool tensors (not an error).
test('a bool out has no gradient: the model says so and why, for a comparison and for where of two bools', async () => {
  const tc = await init();
  const operand = (name, dtype, values) => ({
    name, text: String(values.length), shape: [values.length], baseShape: [values.length], chainText: '', chain: [],
    numel: values.length, dtype, fill: 'custom', values: Float32Array.from(values), problem: null,
  });
  const f = (name) => operand(name, 'float32', [1, 2, 3]);
  const bool = (name) => operand(name, 'bool', [1, 0, 1]);
  for (const op of ['eq', 'ne', 'lt', 'le', 'gt', 'ge'])
    expect(computeGradient(tc, op, [f('a'), f('b')], 1, 'sum'), op).toEqual({ ok: false, boolResult: true, comparison: true });
  expect(computeGradient(tc, 'where', [bool('c'), bool('a'), bool('b')], 1, 'sum')).toEqual({ ok: false, boolResult: true, comparison: false });
  // where with a float32 operand has a gradient; an in-place op on a leaf that requires grad keeps the core's refusal.
  expect(computeGradient(tc, 'where', [bool('c'), f('a'), bool('b')], 1, 'sum').ok).toBe(true);
  expect(computeGradient(tc, 'eq_', [f('a'), f('b')], 1, 'sum')).toEqual({
    ok: false, error: 'a leaf Variable that requires grad is being used in an in-place operation.', inplace: true,
  });
  expect(tc.memory().tensors).toBe(0);
});
