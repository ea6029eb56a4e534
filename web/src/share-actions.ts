// The export and copy buttons' work and what the page says about it: an
// export's progress, then the file saved; a copy done, or refused (the text
// is then shown to copy by hand).
import { exportStep, exportSteps } from './export-scene.js';
import type { Scene } from './diagram/scene.js';
import type { Exercise } from './model/exercise.js';
import type { State } from './model/state.js';
import type { StepRange } from './model/step-range.js';
import { copyText, shareTexts } from './share.js';
import type { SharedCode } from './share.js';
import type { ViewContext } from './views/context.js';
import type { ExportKind } from './views/player-bar.js';
import type { CopyKind, ShareStatus } from './views/share-bar.js';

export class ShareActions {
  private current: ShareStatus | null = null;

  /** changed: the status changed (the page renders it). */
  constructor(private readonly changed: () => void) {}

  get status(): ShareStatus | null {
    return this.current;
  }

  private set(status: ShareStatus | null): void {
    this.current = status;
    this.changed();
  }

  /** The step shown (its scene as shown), or every step of the range in one file. */
  async export(ctx: ViewContext, kind: ExportKind, all: boolean, range: StepRange, shown: Scene | null): Promise<void> {
    if (this.current?.kind === 'exporting') return;
    const progress = (done: number, total: number): void => this.set({ kind: 'exporting', done, total });
    try {
      const name = all
        ? await exportSteps(ctx, range.from, range.to, kind, progress)
        : await exportStep(ctx, ctx.model.stepIndex, kind, shown, progress);
      this.set(name === null ? null : { kind: 'exported', name });
    } catch (error) {
      this.set({ kind: 'export-failed', message: error instanceof Error ? error.message : String(error) });
    }
  }

  /** title: the iframe's title (Copy iframe), in the page's language. */
  async copy(kind: CopyKind, state: Readonly<State>, page: string | null, code: SharedCode | null = null, exercise: Exercise | null = null, title?: string): Promise<void> {
    const text = shareTexts(state, page, code, exercise, title)[kind];
    this.set((await copyText(text)) ? { kind: 'copied' } : { kind: 'copy-failed', text });
  }
}
