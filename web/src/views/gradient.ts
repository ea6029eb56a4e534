// The gradient view: d loss / d out, then for each input its gradient at
// out's shape reduced to the input's shape as the core's trace says
// (PyTorch's _sum_to): the leading dims and the dims where the input is 1,
// summed with keepdim=True, then a view to the input's shape when leading
// dims existed. The core does both sums in one call; the view draws them as
// two stages, each with the core's numbers, and words that follow the trace.
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import { SceneBuilder, WRAP_WIDTH, textWidth } from '../diagram/scene.js';
import type { Layer, Scene } from '../diagram/scene.js';
import type { Palette } from '../diagram/palette.js';
import type { ReduceGradTrace } from 'tensorcast';
import { drawTensor, measureTensor } from '../diagram/tensor-grid.js';
import type { GridSpec } from '../diagram/tensor-grid.js';
import { formatCount, formatShape, formatValue, torchName, torchSize } from '../model/format.js';
import type { Numbers } from '../model/dtypes.js';
import type { GradStage, InputGrad, NoGradOperand } from '../model/gradient.js';
import { gradRevealKind } from '../model/predict.js';
import { MAX_DRAWN_STAGE_ELEMENTS } from '../model/limits.js';
import type { Step } from '../model/steps.js';
import type { ViewContext } from './context.js';
import { gridWords } from './strides.js';

const STAGES = ['incoming', 'leading', 'ones', 'view'] as const;
const PREVIEW = 64;
// A stage too big to make: its shape in a dashed box, in place of the grid.
const NOT_DRAWN_H = 40;

function notDrawnText(ctx: ViewContext, s: GradStage): string {
  return `${formatShape(s.shape)} · ${ctx.m.fixes.large.stage(formatCount(s.shape.reduce((p, n) => p * n, 1)))}`;
}

function opExpression(ctx: ViewContext): string {
  const c = ctx.model.computation;
  const alpha = c.alpha !== 1 ? `, alpha=${c.alpha}` : '';
  return c.op === 'where' ? 'torch.where(c, a, b)' : `a.${torchName(c.op)}(b${alpha})`;
}

/** Dims as Python writes them in a call: 0, or (0, 2). */
export function dimsArg(dims: readonly number[]): string {
  return dims.length === 1 ? String(dims[0]) : `(${dims.join(', ')})`;
}

const unreduced = (input: InputGrad): boolean =>
  input.step.leadingDims.length === 0 && input.step.onesDims.length === 0 && !input.step.viewed;

/** What the core runs to reduce an input's gradient: one sum, then a view when dims were added in front. */
function coreCall(input: InputGrad): string {
  return reductionCall(input.step);
}

/** The core's call for one reduction (a trace's leading and size-1 dims): grad.sum(dims, keepdim=True) and a view. */
export function reductionCall(step: ReduceGradTrace): string {
  const { leadingDims, onesDims, viewed, resultShape } = step;
  const dims = [...leadingDims, ...onesDims].sort((x, y) => x - y);
  if (dims.length === 0) return 'grad';
  return `grad.sum(${dimsArg(dims)}, keepdim=True)${viewed ? `.view${formatShape(resultShape)}` : ''}`;
}

export function gradCaption(ctx: ViewContext, step: Step): string {
  const { m } = ctx;
  const g = ctx.model.computation.gradient;
  if (step.kind === 'no-grad') {
    if (g !== null && !g.ok && 'noBackward' in g) return m.grad.noBackwardCaption;
    return g !== null && !g.ok && 'noFloatInput' in g ? m.promotion.gradCaption : m.boolGrad.caption;
  }
  if (g === null || !g.ok) return '';
  const loss = ctx.model.state.loss === 'sum' ? 'out.sum()' : '(out * w).sum()';
  switch (step.kind) {
    case 'forward':
      if (g.program !== undefined) return m.grad.programForward(opExpression(ctx), formatShape(g.outShape), g.program.line, g.program.source);
      return m.grad.stepForward(opExpression(ctx), formatShape(g.outShape), loss);
    case 'incoming':
      return m.grad.stepIncoming(formatShape(g.outShape));
    case 'leading':
      return m.grad.stepLeading(g.inputs.map((i) =>
        i.step.leadingDims.length > 0 ? m.grad.leadingPart(i.name, i.step.leadingDims) : m.grad.nothing(i.name)));
    case 'ones':
      return m.grad.stepOnes(g.inputs.map((i) =>
        i.step.onesDims.length > 0 ? m.grad.onesPart(i.name, i.step.onesDims) : m.grad.nothing(i.name)));
    case 'view':
      // Without values (tensors too big to make) the last step says what it shows: shapes.
      return (g.program !== undefined ? m.grad.programStepView : g.lossValue === null ? m.fixes.large.stepView : m.grad.stepView)(g.inputs.map((i) => {
        if (i.step.viewed) return m.grad.viewPart(i.name, formatShape(i.step.keepdimShape), formatShape(i.step.resultShape));
        return unreduced(i) ? m.grad.unreducedPart(i.name) : m.grad.noViewPart(i.name, formatShape(i.step.resultShape));
      }));
    default:
      return '';
  }
}

interface Stage {
  title: string;
  stage: GradStage;
  /** The op on the arrow leading to it ('' for the first). */
  op: string;
  key: string;
  /** The first step (index into STAGES) that shows it. */
  from: number;
}

interface Placed extends Stage {
  x: number;
  y: number;
  arrowX: number | null;
  /** The width its grid was measured for, so that it is drawn as measured. */
  maxWidth: number;
}

/**
 * An input's stages. The last one drawn is its .grad (the API's numbers),
 * so a reduction that needs no view, or no sum at all, is not drawn twice.
 */
function stagesOf(ctx: ViewContext, input: InputGrad, program: boolean): Stage[] {
  const { m } = ctx;
  const { name, step } = input;
  const final = `grad-${name}`;
  // A program's operand may have other uses, or be no leaf: what it received from this op, not its .grad.
  const finalTitle = program ? m.grad.received : m.grad.final;
  // The .grad is first drawn at the step that asks for its shape in predict mode.
  const reveal = STAGES.indexOf(gradRevealKind(input));
  if (unreduced(input)) return [{ title: program ? m.grad.received(name, formatShape(step.resultShape)) : m.grad.unreduced(name, formatShape(step.resultShape)), stage: input.grad, op: '', key: final, from: reveal }];
  const out: Stage[] = [{ title: m.grad.incoming(name), stage: input.incoming, op: '', key: `g0-${name}`, from: 0 }];
  const { leading, ones, view } = stageCalls(step);
  if (!step.viewed) {
    // Only size-1 dims: the keepdim sum is the .grad.
    out.push({ title: finalTitle(name, formatShape(step.resultShape)), stage: input.grad, op: ones, key: final, from: reveal });
    return out;
  }
  if (input.afterLeading !== null)
    out.push({ title: m.grad.afterLeading(name, formatShape(input.afterLeading.shape)), stage: input.afterLeading, op: leading, key: `g1-${name}`, from: 1 });
  if (input.afterOnes !== null)
    out.push({ title: m.grad.afterOnes(name, formatShape(step.keepdimShape)), stage: input.afterOnes, op: ones, key: `g2-${name}`, from: 2 });
  out.push({ title: finalTitle(name, formatShape(step.resultShape)), stage: input.grad, op: view, key: final, from: reveal });
  return out;
}

/** The calls on the arrows between a reduction's stages. */
export function stageCalls(step: ReduceGradTrace): { leading: string; ones: string; view: string } {
  return {
    leading: `sum(${dimsArg(step.leadingDims)}, keepdim=True)`,
    ones: `sum(${dimsArg(step.onesDims)}, keepdim=True)`,
    view: `view${formatShape(step.resultShape)}`,
  };
}

export const arrowWidth = (label: string): number => Math.max(70, textWidth(label, 13, true) + 16);

/** The arrow into a stage, its call above it: x is where the arrow starts, y the stage's top. */
export function stageArrow(sb: SceneBuilder, p: Palette, x: number, y: number, op: string): void {
  const w = arrowWidth(op);
  sb.text({ x: x + w / 2, y: y + 30, text: op, size: 13, fill: p.accent, anchor: 'middle', mono: true });
  sb.line({ x1: x + 6, y1: y + 46, x2: x + w - 6, y2: y + 46, stroke: p.accent, width: 2.5, arrow: true });
}

/** The last stage a step draws (index into STAGES; -1 for the forward step); a step waiting for a prediction draws its predecessor's. */
function stagesUpTo(step: Step, pending: boolean): number {
  return STAGES.indexOf(step.kind as (typeof STAGES)[number]) - (pending ? 1 : 0);
}

export function gradScene(ctx: ViewContext, step: Step, caption: string, previous?: ReadonlyMap<string, Layer>, pending = false): Scene | null {
  const { m, p } = ctx;
  const g = ctx.model.computation.gradient;
  // The forward step waiting for the result's shape: nothing of out is drawn yet.
  if (g === null || !g.ok || (pending && step.kind === 'forward')) return null;
  const sb = new SceneBuilder(previous);
  const spec = (s: GradStage, key: string, maxWidth: number): GridSpec => ({
    shape: s.shape, name: '', palette: p, keyPrefix: key, words: gridWords(m), shapeText: formatShape(s.shape), cell: 30,
    budget: MAX_DRAWN_STAGE_ELEMENTS, maxWidth,
    text: (f) => formatValue(s.values?.[f] as number, false),
    look: () => ({ ...p.cell }),
  });
  const measure = (s: GradStage, key: string, maxWidth: number): { w: number; h: number } =>
    s.values === null ? { w: textWidth(notDrawnText(ctx, s), 14) + 24, h: NOT_DRAWN_H } : measureTensor(spec(s, key, maxWidth));
  const draw = (x: number, y: number, s: GradStage, key: string, maxWidth: number): { w: number; h: number } => {
    if (s.values !== null) return drawTensor(sb, x, y, spec(s, key, maxWidth));
    const size = measure(s, key, maxWidth);
    sb.rect({ x, y, w: size.w, h: size.h, fill: p.bg, stroke: p.muted, strokeWidth: 1.2, dashed: true, rx: 4 });
    sb.text({ x: x + 12, y: y + size.h / 2, text: notDrawnText(ctx, s), size: 14, fill: p.fg, mono: false });
    return size;
  };
  const done = (): Scene => sb.build({ title: m.ui.diagram(m.ui.views.grad), desc: caption, background: p.bg, hatch: p.hatch });

  if (step.kind === 'forward') {
    sb.part('forward', () => {
      const from = g.program !== undefined ? m.grad.fromLine(g.program.line) : ctx.model.state.loss === 'sum' ? m.grad.lossSum : m.grad.lossWeighted;
      sb.text({ x: 8, y: 16, text: `${m.grad.dOut} ${formatShape(g.dOut.shape)} · ${from}`, size: 15, fill: p.fg, bold: true });
      const box = draw(8, 34, g.dOut, 'dout', WRAP_WIDTH - 16);
      if (g.lossValue !== null) sb.text({ x: 8, y: 34 + box.h + 20, text: `loss = ${formatValue(g.lossValue, false)}`, size: 16, fill: p.fg, mono: true });
    });
    return done();
  }

  // Where every stage goes, shown or not yet: stages keep their place from step to step.
  const placed = sb.part('layout', () => {
    const all: Placed[] = [];
    let y = 8;
    for (const input of g.inputs) {
      let x = 8;
      let tallest = 0;
      stagesOf(ctx, input, g.program !== undefined).forEach((stage, k) => {
        const lead = k > 0 ? arrowWidth(stage.op) + 8 : 0;
        const maxWidth = WRAP_WIDTH - 16 - lead;
        const size = measure(stage.stage, stage.key, maxWidth);
        const w = Math.max(size.w, textWidth(stage.title, 15));
        // A stage that would run off the right edge starts a new line, its arrow first.
        if (k > 0 && x + lead + w > WRAP_WIDTH) {
          y += tallest + 20;
          x = 8;
          tallest = 0;
        }
        all.push({ ...stage, x: x + lead, y, arrowX: k > 0 ? x : null, maxWidth });
        x += lead + w + 16;
        tallest = Math.max(tallest, size.h + 26);
      });
      y += tallest + 28;
    }
    return all;
  });

  const upTo = stagesUpTo(step, pending);
  for (const stage of placed) {
    if (stage.from > upTo) continue;
    sb.part(`stage:${stage.key}`, () => {
      if (stage.arrowX !== null) stageArrow(sb, p, stage.arrowX, stage.y, stage.op);
      sb.text({ x: stage.x, y: stage.y + 8, text: stage.title, size: 15, fill: p.fg, bold: true });
      draw(stage.x, stage.y + 26, stage.stage, stage.key, stage.maxWidth);
    });
  }
  return done();
}

function preview(ctx: ViewContext, values: Numbers | null): string {
  if (values === null) return ctx.m.fixes.large.gradValues;
  const shown = Array.from(values.subarray(0, PREVIEW), (v) => formatValue(v, false)).join(', ');
  return values.length > PREVIEW ? `${shown}, …` : shown;
}

/** Each .grad once the diagram has drawn it; the core's calls with the last step, which explains them. */
export function gradDetails(ctx: ViewContext, step: Step, pending: boolean): TemplateResult {
  const { m } = ctx;
  const g = ctx.model.computation.gradient;
  if (g === null) return html``;
  if (!g.ok && 'boolResult' in g)
    return html`<p class="notice" data-testid="grad-bool">${m.boolGrad.result(opExpression(ctx))}</p>
      <p>${g.comparison ? m.boolGrad.comparison : m.boolGrad.where}</p>`;
  if (!g.ok && 'noFloatInput' in g) return html`<p class="notice" data-testid="grad-none">${m.promotion.gradNone(g.without, g.result)}</p>`;
  if (!g.ok && 'noBackward' in g)
    return html`<p class="notice" data-testid="grad-no-backward">${g.notRecorded ? m.grad.notRecorded : m.grad.noBackward(g.lines)}</p>
      ${withoutNotice(ctx, g.without)}`;
  if (!g.ok)
    return html`<p class="problem">${m.labelled(m.grad.noGrad, '')}<code class="message">${g.error}</code></p>
      ${g.inplace ? html`<p>${m.grad.inplaceLeaf}</p>` : ''}`;
  const upTo = stagesUpTo(step, pending);
  const drawn = g.inputs.filter((i) => STAGES.indexOf(gradRevealKind(i)) <= upTo);
  const grads = drawn.map((i: InputGrad) => html`<li><code>${g.program === undefined ? `${i.name}.grad` : m.grad.received(i.name, '').trim()}</code>: <code>${torchSize(i.grad.shape)}</code>
    <code class="values" data-testid=${`grad-${i.name}`}>${preview(ctx, i.grad.values)}</code></li>`);
  const calls = g.inputs.map((i: InputGrad) => html`<li><code>${i.name}</code>: <code data-testid=${`call-${i.name}`}>${coreCall(i)}</code></li>`);
  const last = step.kind === 'view' && !pending;
  return html`${withoutNotice(ctx, g.without)}
    ${grads.length > 0 ? html`<ul class="grads">${grads}</ul>` : ''}
    ${last ? html`<p class="aside">${m.grad.oneSum}</p><ul class="calls aside" aria-label=${m.grad.coreCall}>${calls}</ul>` : ''}`;
}

/** The operands that get no gradient, and why: their dtype, or (a program's) no requires_grad. */
function withoutNotice(ctx: ViewContext, without: readonly NoGradOperand[]): TemplateResult | string {
  const { m } = ctx;
  const byDtype = without.filter((w) => w.reason !== 'requires-grad');
  const notRequired = without.filter((w) => w.reason === 'requires-grad').map((w) => w.name);
  return html`${byDtype.length > 0 ? html`<p class="notice" data-testid="grad-without">${m.promotion.gradSkipped(byDtype)}</p>` : ''}
    ${notRequired.length > 0 ? html`<p class="notice" data-testid="grad-not-required">${m.grad.notRequired(notRequired)}</p>` : ''}`;
}
