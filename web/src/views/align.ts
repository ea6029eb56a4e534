// The alignment view: the shapes as columns, the broadcast rule applied dim
// by dim from the right, as the core's trace records it.
import type { DimStep } from 'tensorcast';
import type { Scene } from '../diagram/scene.js';
import { formatShape, torchSize } from '../model/format.js';
import type { Step } from '../model/steps.js';
import { columnsScene } from './columns.js';
import type { ViewContext } from './context.js';

// A view chain longer than this is cut in a row's label (the field shows it whole).
const MAX_LABEL_CHAIN = 16;

function dimCaption(ctx: ViewContext, step: DimStep): string {
  const { m } = ctx;
  const names = ctx.model.computation.operands.map((o) => o.name);
  const withRole = (...roles: string[]): string[] => names.filter((_, i) => roles.includes(step.roles[i] as string));
  const t = step.trailing;
  switch (step.rule) {
    case 'equal':
      return m.align.equal(step.dim, t, step.result as number, names);
    case 'one':
      return m.align.one(step.dim, t, withRole('expanded'), withRole('missing'), step.result as number);
    case 'missing':
      return m.align.missing(step.dim, t, withRole('missing'), step.result as number);
    case 'mismatch':
      return m.align.mismatch(step.dim, t, names.map((name, i) => ({ name, size: step.sizes[i] ?? null })));
  }
}

export function alignCaption(ctx: ViewContext, step: Step): string {
  const { m } = ctx;
  const trace = ctx.model.computation.broadcast;
  if (trace === null) return '';
  const names = ctx.model.computation.operands.map((o) => o.name);
  const n = trace.padded[0]?.length ?? 0;
  switch (step.kind) {
    case 'typed':
      return m.align.typed;
    case 'pad': {
      const short = names.filter((_, i) => (trace.inputs[i] as number[]).length < n);
      return short.length === 0 ? m.align.noPad(n) : m.align.pad(short, n);
    }
    case 'dim':
      return dimCaption(ctx, trace.dims[step.index] as DimStep);
    case 'verdict':
      return trace.result !== null ? m.align.ok(torchSize(trace.result)) : m.align.fail(trace.failedDim as number);
    default:
      return '';
  }
}

export function alignScene(ctx: ViewContext, step: Step, caption: string, _previous?: unknown, pending = false): Scene | null {
  const c = ctx.model.computation;
  const trace = c.broadcast;
  if (trace === null) return null;
  const names = c.operands.map((o) => o.name);
  // A view operand's row says which view it is: the sizes are the view's.
  const labels = c.operands.map((o) => {
    // A program's Python number is drawn as itself: b = 2.5.
    if (o.number !== undefined) return `${o.name} = ${o.number}`;
    const chain = o.chainText.trim();
    return chain === '' ? o.name : `${o.name}${chain.length > MAX_LABEL_CHAIN ? `${chain.slice(0, MAX_LABEL_CHAIN)}…` : chain}`;
  });
  // A dim waiting for a prediction is outlined, its verdict not shown yet.
  const revealed = step.kind === 'dim' ? step.index + (pending ? 0 : 1) : step.kind === 'verdict' ? trace.dims.length : 0;
  return columnsScene({
    trace,
    names: labels,
    ghosts: step.kind !== 'typed',
    revealed,
    current: step.kind === 'dim' ? step.index : null,
    showUnchecked: step.kind === 'verdict',
    title: ctx.m.labelled(ctx.m.ui.diagram(ctx.m.ui.views.align), ctx.m.list(labels.map((n, i) => `${n} ${formatShape(trace.inputs[i] as number[])}`))),
    desc: caption,
  }, ctx.m, ctx.p);
}
