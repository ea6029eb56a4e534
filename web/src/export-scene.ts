// Exporting diagrams: the step shown, or every step of the view stacked in
// one tall image (one file, so the browser never asks to allow several
// downloads, and a handout or a slide tool takes it whole; each step is
// headed by its number and caption). Both carry the call, the caption and
// the error as text. Files are named after the view and the step so that a
// folder of exports sorts by step.
import { scenePng } from './diagram/canvas.js';
import { download } from './diagram/download.js';
import { stackScene } from './diagram/frame.js';
import type { TextBlock } from './diagram/frame.js';
import type { Scene } from './diagram/scene.js';
import { svgText } from './diagram/svg.js';
import type { ViewContext } from './views/context.js';
import { headerBlocks, stepBlocks } from './views/plain-texts.js';
import { PANELS, stepCaption } from './views/panels.js';
import type { ExportKind } from './views/player-bar.js';

/** Told after each step is drawn, and once more (done = total + 1) while the file is encoded. */
export type Progress = (done: number, total: number) => void;

// Lets the page paint the progress between steps.
const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

async function encode(scene: Scene, kind: ExportKind): Promise<Blob> {
  return kind === 'svg' ? new Blob([svgText(scene, 'tc')], { type: 'image/svg+xml' }) : scenePng(scene);
}

/** Saves the step at index (its scene as shown, when given); returns the file's name. */
export async function exportStep(ctx: ViewContext, index: number, kind: ExportKind, shown: Scene | null, progress: Progress): Promise<string | null> {
  const model = ctx.model;
  const step = model.steps[index];
  if (step === undefined) return null;
  const scene = shown ?? PANELS[model.state.view].scene(ctx, step, stepCaption(ctx, step, index), undefined, model.pendingAt(index) !== null);
  if (scene === null) return null;
  progress(1, 1);
  await pause();
  const file = stackScene([...headerBlocks(ctx), ...stepBlocks(ctx, step, index), scene], scene);
  const name = `tensorcast-${model.state.view}-step${index + 1}.${kind}`;
  download(await encode(file, kind), name);
  return name;
}

/** Saves the steps from..to (0-based, inclusive) stacked in one file; returns its name. */
export async function exportSteps(ctx: ViewContext, from: number, to: number, kind: ExportKind, progress: Progress): Promise<string | null> {
  const { model, m, p } = ctx;
  const view = model.state.view;
  const parts: (TextBlock | Scene)[] = [...headerBlocks(ctx)];
  const total = to - from + 1;
  let first: Scene | null = null;
  for (let i = from; i <= to; i++) {
    const step = model.steps[i];
    if (step === undefined) continue;
    const scene = PANELS[view].scene(ctx, step, stepCaption(ctx, step, i), undefined, model.pendingAt(i) !== null);
    parts.push(...stepBlocks(ctx, step, i));
    if (scene !== null) parts.push(scene);
    first ??= scene;
    progress(i - from + 1, total);
    await pause();
  }
  if (first === null) return null;
  const title = m.ui.diagram(m.ui.views[view]);
  const file = stackScene(parts, { title, desc: headerBlocks(ctx).map((b) => b.text).join('\n'), background: p.bg, hatch: first.hatch });
  const name = `tensorcast-${view}-steps${from + 1}-${to + 1}.${kind}`;
  download(await encode(file, kind), name);
  return name;
}
