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
import { stridesCaption, stridesScene, stridesTable } from './strides.js';

export interface Panel {
  caption(ctx: ViewContext, step: Step): string;
  /** previous: the last scene's parts, when it showed the same inputs in the same view and theme. */
  scene(ctx: ViewContext, step: Step, caption: string, previous?: ReadonlyMap<string, Layer>): Scene | null;
  details(ctx: ViewContext, step: Step): TemplateResult;
}

export const PANELS: Readonly<Record<View, Panel>> = {
  align: { caption: alignCaption, scene: alignScene, details: () => html`` },
  strides: {
    caption: stridesCaption,
    scene: stridesScene,
    details: (ctx) => (ctx.model.computation.broadcast === null ? html`` : stridesTable(ctx)),
  },
  grad: { caption: gradCaption, scene: gradScene, details: (ctx) => gradDetails(ctx) },
  inplace: { caption: inplaceCaption, scene: inplaceScene, details: inplaceDetails },
};

/** What a step says above its diagram. */
export function stepCaption(ctx: ViewContext, step: Step): string {
  if (step.kind !== 'problem') return PANELS[ctx.model.state.view].caption(ctx, step);
  // Nothing to change when the inputs are fine and only too big to run (an in-place op's gradient or check).
  return ctx.model.computation.valuesOnlyMissing ? ctx.m.fixes.large.noSteps : ctx.m.ui.blocked;
}
