// The in-place view: a.op_(b) writes into a, so broadcasting a with b must
// give exactly a's shape; the core's verdict and message, and the older
// message (expand's) that PyTorch's note "Broadcasting semantics" still shows.
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import type { Scene } from '../diagram/scene.js';
import { formatShape, torchName, torchSize } from '../model/format.js';
import type { InplaceData } from '../model/inplace.js';
import type { Step } from '../model/steps.js';
import { columnsScene } from './columns.js';
import type { ViewContext } from './context.js';
import { statementText } from './promotion.js';

function callOf(data: InplaceData): string {
  return `a.${torchName(data.op)}(b)`;
}

/** Columns where a's size differs from the broadcast result (a missing dim differs too). */
export function differingColumns(data: InplaceData): number[] {
  const result = data.broadcast.result;
  if (result === null) return [];
  const pad = result.length - data.self.length;
  return result.map((size, col) => (col < pad || data.self[col - pad] !== size ? col : -1)).filter((col) => col >= 0);
}

export function inplaceCaption(ctx: ViewContext, step: Step): string {
  const { m } = ctx;
  const data = ctx.model.computation.inplace;
  if (data === null) return '';
  const result = data.broadcast.result;
  switch (step.kind) {
    case 'shapes':
      return m.inplace.stepShapes(callOf(data), formatShape(data.self));
    case 'broadcast':
      return result === null
        ? m.labelled(m.inplace.stepBroadcastFail, data.broadcast.error ?? '')
        : m.inplace.stepBroadcast(formatShape(data.self), formatShape(data.other), formatShape(result));
    case 'compare': {
      if (result === null) return '';
      const cols = differingColumns(data);
      return cols.length === 0
        ? m.inplace.stepCompareOk(formatShape(result))
        : m.inplace.stepCompareFail(formatShape(result), formatShape(data.self), cols);
    }
    case 'verdict':
      return data.error === null ? m.inplace.stepOk(callOf(data), torchSize(data.resultShape ?? data.self)) : m.inplace.stepFail(callOf(data));
    default:
      return '';
  }
}

export function inplaceScene(ctx: ViewContext, shown: Step, caption: string, _previous?: unknown, pending = false): Scene | null {
  const { m } = ctx;
  // Waiting for a prediction: the shapes as typed, nothing they give.
  const step: Step = pending ? { view: 'inplace', kind: 'shapes' } : shown;
  const data = ctx.model.computation.inplace;
  if (data === null) return null;
  const trace = data.broadcast;
  const result = trace.result;
  const compared = step.kind === 'compare' || (step.kind === 'verdict' && result !== null);
  const pad = (result?.length ?? 0) - data.self.length;
  const differing = new Set(differingColumns(data));
  return columnsScene({
    trace,
    names: ['a', 'b'],
    ghosts: true,
    revealed: step.kind === 'shapes' ? 0 : trace.dims.length,
    current: null,
    showUnchecked: step.kind !== 'shapes',
    title: m.labelled(m.ui.diagram(m.ui.views.inplace), `${callOf(data)}, a ${formatShape(data.self)}, b ${formatShape(data.other)}`),
    desc: caption,
    ...(compared
      ? {
          extra: {
            label: m.inplace.selfRow,
            cell: (col: number) => {
              const size = col < pad ? '—' : String(data.self[col - pad]);
              const bad = differing.has(col);
              return { text: `${size}  ${bad ? m.inplace.differs : m.inplace.fits}`, bad };
            },
          },
        }
      : {}),
  }, m, ctx.p);
}

export function inplaceDetails(ctx: ViewContext, step: Step): TemplateResult {
  const { m } = ctx;
  const data = ctx.model.computation.inplace;
  if (data === null) return html``;
  // PyTorch's message and the older one are in the verdict above; this step adds the check on a.
  const verdict = step.kind === 'verdict' && data.error !== null
    ? html`<p class=${data.unchanged === true ? 'ok' : 'problem'}>${data.unchanged === true ? m.inplace.unchanged : m.inplace.changed}</p>`
    : '';
  // Whether a's dtype takes the result (model/promotion.ts): said with the verdict.
  const dtype = step.kind === 'verdict' && !data.comparison
    ? ctx.model.computation.promotion?.find((s) => s.kind === 'inplace' || s.kind === 'inplace-refused')
    : undefined;
  return html`<p>${m.inplace.rule(callOf(data))}</p>
    ${data.substitutedFrom !== null ? html`<p class="aside" data-testid="inplace-stand-in">${m.inplaceForms.noForm(torchName(data.substitutedFrom), torchName(data.op))}</p>` : ''}
    ${data.comparison && data.resultDtype !== null ? html`<p data-testid="inplace-dtype">${m.inplaceForms.compareDtype(callOf(data), data.resultDtype)}</p>` : ''}
    ${dtype === undefined ? '' : html`<p data-testid="inplace-promotion">${statementText(ctx, dtype).text}</p>`}
    ${verdict}`;
}
