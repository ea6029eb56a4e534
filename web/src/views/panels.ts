// Per view: the caption of a step, its diagram and the HTML beside it.
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import type { Layer, Scene } from '../diagram/scene.js';
import type { View } from '../model/state.js';
import type { Step } from '../model/steps.js';
import { alignCaption, alignScene } from './align.js';
import type { ViewContext } from './context.js';
import { gradCaption, gradDetails, gradScene } from './gradient.js';
import { inplaceCaption, inplaceDetails, inplaceScene } from './inplace.js';
import { questionText } from './predict.js';
import { promotionBlock } from './promotion.js';
import { stridesCaption, stridesDetails, stridesScene } from './strides.js';

export interface Panel {
  caption(ctx: ViewContext, step: Step): string;
  /**
   * previous: the last scene's parts, when it showed the same inputs in the same view and theme;
   * pending: the step waits for a prediction (predict mode), so it draws what it asks about, not its answer.
   */
  scene(ctx: ViewContext, step: Step, caption: string, previous?: ReadonlyMap<string, Layer>, pending?: boolean): Scene | null;
  details(ctx: ViewContext, step: Step, pending: boolean): TemplateResult;
}

export const PANELS: Readonly<Record<View, Panel>> = {
  align: { caption: alignCaption, scene: alignScene, details: (ctx) => promotionBlock(ctx) },
  strides: {
    caption: stridesCaption,
    scene: stridesScene,
    details: (ctx, step, pending) => (ctx.model.computation.broadcast === null ? html`` : stridesDetails(ctx, step, step.kind !== 'storage' && !pending)),
  },
  grad: { caption: gradCaption, scene: gradScene, details: gradDetails },
  inplace: { caption: inplaceCaption, scene: inplaceScene, details: inplaceDetails },
};

/**
 * Why the steps from..to (0-based, inclusive) have nothing to export, for the export buttons to be disabled
 * with: every one of them is a problem step (the inputs themselves are the problem: no view draws a diagram
 * for it). Null when one of them has a diagram.
 */
export function nothingToExport(ctx: ViewContext, from: number, to: number): string | null {
  const { model, m } = ctx;
  if (model.steps.slice(from, to + 1).some((step) => step.kind !== 'problem')) return null;
  return m.ui.nothingToExport(stepCaption(ctx, model.step, model.stepIndex));
}

/** What a step says above its diagram: the step's index names its open question, if any (predict mode). */
export function stepCaption(ctx: ViewContext, step: Step, index: number): string {
  const open = ctx.model.pendingAt(index);
  if (open !== null) return questionText(ctx, open);
  if (step.kind !== 'problem') return PANELS[ctx.model.state.view].caption(ctx, step);
  // Nothing to change when the inputs are fine and only too big to run (an in-place op's gradient or check).
  return ctx.model.computation.valuesOnlyMissing ? ctx.m.fixes.large.noSteps : ctx.m.ui.blocked;
}
