// The diagram of the step shown. Drawings are kept per set of inputs, view,
// language and theme, so a step drawn once is shown again without drawing;
// the other steps are drawn, hidden, while the page is idle.
import type { Box, Scene } from './diagram/scene.js';
import type { Mark } from './diagram/stage.js';
import { Drawings } from './drawings.js';
import { IdleWork } from './idle.js';
import type { Step } from './model/steps.js';
import { hashFromState } from './model/url.js';
import type { ViewContext } from './views/context.js';
import { PANELS, stepCaption } from './views/panels.js';

export interface Drawn {
  /** The drawings' base and the step: a render of the same key draws nothing. */
  key: string;
  /** What every step's drawing depends on (the inputs, view, language, theme, predictions): the same for each step of one example. */
  base: string;
  scene: Scene | null;
  box: HTMLElement | null;
  /** The output cells drawn, in row-major order, for keyboard moves. */
  outCells: number[];
  /** Where each of them is, for the pointer. */
  outBoxes: { flat: number; box: Box }[];
}

export class StepDiagram {
  private drawings: Drawings | null = null;
  private drawn: Drawn | null = null;
  private readonly idle = new IdleWork();

  /** The drawing shown last, if any. */
  get current(): Drawn | null {
    return this.drawn;
  }

  /** The drawing of the model's step; fresh when it is not the one shown last. */
  show(ctx: ViewContext): { drawn: Drawn; fresh: boolean } {
    const model = ctx.model;
    // What every step's drawing depends on: the inputs, view, language, theme and predictions given.
    const base = `${hashFromState({ ...model.state, step: null })}|${ctx.p.name}|${ctx.p.forced}|${model.predicting ? model.predictions.version : ''}`;
    const index = model.stepIndex;
    const key = `${base}|${index}`;
    if (this.drawn?.key === key) return { drawn: this.drawn, fresh: false };
    let drawings = this.drawings;
    if (drawings?.base !== base) {
      const steps = model.steps;
      const panel = PANELS[model.state.view];
      // Predict mode draws ahead no further than the first open question: later answers are not even hidden in the page.
      const count = model.predicting ? model.firstOpen + 1 : steps.length;
      drawings = new Drawings(base, count, (i, parts) =>
        panel.scene(ctx, steps[i] as Step, stepCaption(ctx, steps[i] as Step, i), parts, model.pendingAt(i) !== null), 'tc');
      this.drawings = drawings;
    }
    const { scene, box, cells } = drawings.show(index);
    const outBoxes = [...cells].flatMap(([k, b]) => (k.startsWith('out:') ? [{ flat: Number(k.slice(4)), box: b }] : []));
    const outCells = outBoxes.map((o) => o.flat).sort((x, y) => x - y);
    this.drawn = { key, base, scene, box, outCells, outBoxes };
    const ahead = drawings;
    this.idle.start(() => ahead.drawAhead(index));
    return { drawn: this.drawn, fresh: true };
  }

  /** Outlines cells of the step shown; none clears them. */
  mark(marks: readonly Mark[]): void {
    this.drawings?.mark(marks);
  }

  /** Stops drawing ahead (the element left the page). */
  stop(): void {
    this.idle.stop();
  }
}
