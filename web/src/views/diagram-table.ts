// Each diagram's text alternative: a table, visually hidden, of what the
// step's drawing shows, for a screen reader to walk cell by cell (the SVG's
// title and description say only what it is and the step's caption).
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import type { BroadcastTrace, DType } from 'tensorcast';
import { formatElement, formatShape } from '../model/format.js';
import type { Step } from '../model/steps.js';
import type { ViewContext } from './context.js';
import { verdictOf } from './columns-layout.js';
import { differingColumns } from './inplace.js';

// Values listed per tensor: the table says what the drawing shows, and the
// drawing itself summarises long tensors.
const MAX_VALUES = 24;

type Row = { head: string; cells: string[] };

function values(list: ArrayLike<number>, dtype: DType): string {
  const shown = Array.from({ length: Math.min(list.length, MAX_VALUES) }, (_, i) => formatElement(list[i] as number, dtype));
  return `${shown.join(', ')}${list.length > MAX_VALUES ? ', …' : ''}`;
}

/** The columns of the alignment: one per dim of the result, each operand's size, the result and the rule where checked. */
function columnRows(ctx: ViewContext, trace: BroadcastTrace, names: readonly string[], revealed: number): { heads: string[]; rows: Row[] } {
  const { m } = ctx;
  const n = trace.padded[0]?.length ?? 0;
  const heads = Array.from({ length: n }, (_, col) => `${m.align.dim(col)} (${m.align.trailing(n - col)})`);
  const byDim = new Map(trace.dims.slice(0, revealed).map((d) => [d.dim, d]));
  const rows: Row[] = names.map((name, i) => {
    const shape = trace.inputs[i] ?? [];
    const pad = n - shape.length;
    return { head: name, cells: heads.map((_, col) => (col < pad ? m.layout.missing : String(shape[col - pad]))) };
  });
  rows.push({ head: m.align.resultRow, cells: heads.map((_, col) => String(byDim.get(col)?.result ?? '—')) });
  rows.push({ head: m.layout.rule, cells: heads.map((_, col) => {
    const d = byDim.get(col);
    return d === undefined ? m.layout.notChecked : verdictOf(m, d);
  }) });
  return { heads, rows };
}

function alignTable(ctx: ViewContext, step: Step): { heads: string[]; rows: Row[] } | null {
  const c = ctx.model.computation;
  const trace = c.broadcast;
  if (trace === null) return null;
  const revealed = step.kind === 'dim' ? step.index + 1 : step.kind === 'verdict' ? trace.dims.length : 0;
  return columnRows(ctx, trace, c.operands.map((o) => o.name), revealed);
}

function inplaceTable(ctx: ViewContext, step: Step): { heads: string[]; rows: Row[] } | null {
  const { m } = ctx;
  const data = ctx.model.computation.inplace;
  if (data === null) return null;
  const trace = data.broadcast;
  const table = columnRows(ctx, trace, ['a', 'b'], step.kind === 'shapes' ? 0 : trace.dims.length);
  if (step.kind === 'compare' || (step.kind === 'verdict' && trace.result !== null)) {
    const differing = new Set(differingColumns(data));
    table.rows.push({ head: m.layout.fitsRow, cells: table.heads.map((_, col) => (differing.has(col) ? m.inplace.differs : m.inplace.fits)) });
  }
  return table;
}

function stridesTable(ctx: ViewContext): { heads: string[]; rows: Row[] } {
  const { m } = ctx;
  const s = ctx.model.computation.strides;
  const t = m.strides.table;
  const list = (v: readonly number[] | null): string => (v === null ? '—' : `(${v.join(', ')})`);
  const rows: Row[] = s.inputs.map((i) => ({
    head: i.name,
    cells: [formatShape(i.shape), list(i.strides), list(i.expandedStrides), String(i.offset), i.storage === null ? '—' : values(i.storage, i.dtype)],
  }));
  if (s.out !== null) rows.push({ head: 'out', cells: [formatShape(s.out.shape), list(s.out.strides), list(s.out.strides), '0', s.out.values === null ? '—' : values(s.out.values, s.out.dtype)] });
  return { heads: [t.shape, t.strides, t.expanded, t.offset, m.layout.storage], rows };
}

function gradTable(ctx: ViewContext): { heads: string[]; rows: Row[] } | null {
  const { m } = ctx;
  const g = ctx.model.computation.gradient;
  if (g === null || !g.ok) return null;
  const dims = (d: readonly number[]): string => (d.length === 0 ? m.layout.none : d.join(', '));
  const rows: Row[] = g.inputs.map((i) => ({
    head: i.name,
    cells: [formatShape(i.incoming.shape), dims(i.step.leadingDims), dims(i.step.onesDims), formatShape(i.grad.shape), i.grad.values === null ? '—' : values(i.grad.values, 'float32')],
  }));
  return { heads: [m.layout.incoming, m.layout.leading, m.layout.ones, m.layout.grad, m.layout.storage], rows };
}

/** The table for the step shown, or nothing when the step has no diagram. */
/** pending: the step waits for a prediction, so its answer is not told in a table either. */
export function diagramTable(ctx: ViewContext, step: Step, pending: boolean): TemplateResult {
  const { m, model } = ctx;
  const view = model.state.view;
  if (step.kind === 'problem' || pending) return html``;
  // The strides and gradient tables tell the whole view (the .grad shapes, the output's strides):
  // only at its last step, so that no step tells what a later one explains.
  if ((view === 'strides' || view === 'grad') && model.stepIndex < model.steps.length - 1) return html``;
  const table = view === 'align' ? alignTable(ctx, step) : view === 'inplace' ? inplaceTable(ctx, step) : view === 'strides' ? stridesTable(ctx) : gradTable(ctx);
  if (table === null) return html``;
  // The wrapper hides it: a table is never narrower than its content, whatever its own width says.
  return html`<div class="sr"><table data-testid="diagram-table">
    <caption>${m.layout.tableCaption(m.ui.views[view], m.ui.stepOf(model.stepIndex + 1, model.steps.length))}</caption>
    <thead><tr><td></td>${table.heads.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
    <tbody>${table.rows.map((r) => html`<tr><th scope="row">${r.head}</th>${r.cells.map((c) => html`<td>${c}</td>`)}</tr>`)}</tbody>
  </table></div>`;
}
