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
import { stridesCaption, stridesDetails, stridesScene } from './strides.js';

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
    details: (ctx, step) => (ctx.model.computation.broadcast === null ? html`` : stridesDetails(ctx, step)),
  },
  grad: { caption: gradCaption, scene: gradScene, details: (ctx) => gradDetails(ctx) },
  inplace: { caption: inplaceCaption, scene: inplaceScene, details: inplaceDetails },
};

/** What a step says above its diagram. */
export function stepCaption(ctx: ViewContext, step: Step): string {
  return step.kind === 'problem' ? ctx.m.ui.blocked : PANELS[ctx.model.state.view].caption(ctx, step);
}
