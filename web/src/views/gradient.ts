// The gradient view: d loss / d out, then for each input its gradient at
// out's shape, the leading dims summed away, the size-1 dims summed with
// keepdim, and the view to its shape: its .grad.
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import { SceneBuilder, textWidth } from '../diagram/scene.js';
import type { Scene } from '../diagram/scene.js';
import { drawTensor, measureTensor } from '../diagram/tensor-grid.js';
import type { Box, GridSpec } from '../diagram/tensor-grid.js';
import { formatShape, formatValue, torchSize } from '../model/format.js';
import type { GradStage, InputGrad } from '../model/gradient.js';
import type { Step } from '../model/steps.js';
import type { ViewContext } from './context.js';
import { gridWords } from './strides.js';

const STAGES = ['incoming', 'leading', 'ones', 'view'] as const;
const PREVIEW = 64;

function opExpression(ctx: ViewContext): string {
  const c = ctx.model.computation;
  const alpha = c.alpha !== 1 ? `, alpha=${c.alpha}` : '';
  return c.op === 'where' ? 'torch.where(c, a, b)' : `a.${c.op}(b${alpha})`;
}

export function gradCaption(ctx: ViewContext, step: Step): string {
  const { m } = ctx;
  const g = ctx.model.computation.gradient;
  if (g === null || !g.ok) return '';
  const loss = ctx.model.state.loss === 'sum' ? 'out.sum()' : '(out * w).sum()';
  switch (step.kind) {
    case 'forward':
      return m.grad.stepForward(opExpression(ctx), formatShape(g.outShape), loss);
    case 'incoming':
      return m.grad.stepIncoming(formatShape(g.outShape));
    case 'leading':
      return m.grad.stepLeading(g.inputs.map((i) =>
        i.step.leadingDims.length > 0 ? m.grad.leadingPart(i.name, i.step.leadingDims.join(', ')) : m.grad.nothing(i.name)));
    case 'ones':
      return m.grad.stepOnes(g.inputs.map((i) =>
        i.step.onesDims.length > 0 ? m.grad.onesPart(i.name, i.step.onesDims.join(', ')) : m.grad.nothing(i.name)));
    case 'view':
      return m.grad.stepView(g.inputs.map((i) =>
        m.grad.viewPart(i.name, formatShape(i.step.keepdimShape), formatShape(i.grad.shape))));
    default:
      return '';
  }
}

/** Diagrams wider than this wrap their stages onto the next line. */
const MAX_WIDTH = 1180;

export function gradScene(ctx: ViewContext, step: Step, caption: string): Scene | null {
  const { m, p } = ctx;
  const g = ctx.model.computation.gradient;
  if (g === null || !g.ok) return null;
  const sb = new SceneBuilder();
  const spec = (s: GradStage, key: string): GridSpec => ({
    shape: s.shape, name: '', palette: p, keyPrefix: key, words: gridWords(m), shapeText: formatShape(s.shape), cell: 30,
    text: (f) => formatValue(s.values[f] as number, false),
    look: () => ({ ...p.cell }),
  });
  const grid = (x: number, y: number, title: string, s: GradStage, key: string): Box => {
    sb.text({ x, y: y + 8, text: title, size: 14, fill: p.fg, bold: true });
    const box = drawTensor(sb, x, y + 24, spec(s, key));
    return { w: Math.max(box.w, textWidth(title, 14, false)), h: box.h + 24 };
  };

  let y = 8;
  if (step.kind === 'forward') {
    const box = grid(8, y, `${m.grad.dOut} ${formatShape(g.dOut.shape)} · ${ctx.model.state.loss === 'sum' ? m.grad.lossSum : m.grad.lossWeighted}`, g.dOut, 'dout');
    y += box.h + 12;
    sb.text({ x: 8, y: y + 8, text: `loss = ${formatValue(g.lossValue, false)}`, size: 15, fill: p.fg, mono: true });
    return sb.build({ title: m.ui.diagram(m.ui.views.grad), desc: caption, background: p.bg, hatch: p.hatch });
  }
  const upTo = STAGES.indexOf(step.kind as (typeof STAGES)[number]);
  const arrowWidth = (label: string): number => Math.max(70, textWidth(label, 13, true) + 16);
  const arrow = (x: number, top: number, label: string): void => {
    const w = arrowWidth(label);
    sb.text({ x: x + w / 2, y: top + 30, text: label, size: 13, fill: p.accent, anchor: 'middle', mono: true });
    sb.line({ x1: x + 6, y1: top + 46, x2: x + w - 6, y2: top + 46, stroke: p.accent, width: 2.5, arrow: true });
  };
  for (const input of g.inputs) {
    const stages: { title: string; stage: GradStage; op: string }[] = [
      { title: m.grad.incoming(input.name), stage: input.incoming, op: '' },
    ];
    if (upTo >= 1 && input.afterLeading !== null)
      stages.push({ title: m.grad.afterLeading(input.name), stage: input.afterLeading, op: `sum(${bracket(input.step.leadingDims)}, keepdim)` });
    if (upTo >= 2 && input.afterOnes !== null)
      stages.push({ title: m.grad.afterOnes(input.name), stage: input.afterOnes, op: `sum(${bracket(input.step.onesDims)}, keepdim)` });
    if (upTo >= 3) stages.push({ title: `${m.grad.final(input.name)} ${formatShape(input.grad.shape)}`, stage: input.grad, op: input.step.viewed ? `view${formatShape(input.grad.shape)}` : '=' });
    let x = 8;
    let tallest = 0;
    stages.forEach((s, k) => {
      const key = k === stages.length - 1 && upTo >= 3 ? `grad-${input.name}` : `g${k}-${input.name}`;
      const size = measureTensor(spec(s.stage, key));
      const w = Math.max(size.w, textWidth(s.title, 14, false));
      const lead = k > 0 ? arrowWidth(s.op) + 8 : 0;
      // A stage that would run off the right edge starts a new line, its arrow first.
      if (k > 0 && x + lead + w > MAX_WIDTH) {
        y += tallest + 20;
        x = 8;
        tallest = 0;
      }
      if (k > 0) {
        arrow(x, y, s.op);
        x += lead;
      }
      const box = grid(x, y, s.title, s.stage, key);
      x += Math.max(box.w, w) + 16;
      tallest = Math.max(tallest, box.h);
    });
    y += tallest + 28;
  }
  return sb.build({ title: m.ui.diagram(m.ui.views.grad), desc: caption, background: p.bg, hatch: p.hatch });
}

function bracket(dims: readonly number[]): string {
  return dims.length === 1 ? String(dims[0]) : `(${dims.join(', ')})`;
}

function preview(values: Float32Array): string {
  const shown = Array.from(values.subarray(0, PREVIEW), (v) => formatValue(v, false)).join(', ');
  return values.length > PREVIEW ? `${shown}, …` : shown;
}

export function gradDetails(ctx: ViewContext): TemplateResult {
  const { m } = ctx;
  const g = ctx.model.computation.gradient;
  if (g === null) return html``;
  if (!g.ok)
    return html`<p class="problem">${m.grad.noGrad} <code class="message">${g.error}</code></p>
      ${g.inplace ? html`<p>${m.grad.inplaceLeaf}</p>` : ''}`;
  const grads = g.inputs.map((i: InputGrad) => html`<li><code>${i.name}.grad</code>: <code>${torchSize(i.grad.shape)}</code>
    <code class="values" data-testid=${`grad-${i.name}`}>${preview(i.grad.values)}</code></li>`);
  return html`<ul class="grads">${grads}</ul><p class="aside">${m.grad.oneSum}</p>`;
}
