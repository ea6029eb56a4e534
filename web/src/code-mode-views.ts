// Where the views of a whole program mount in the code mode: the graph view
// and the backward view (web/src/views/program-graph*.ts) draw into the
// container the code mode gives them here. This function is the one place
// the code mode calls them from; the code mode owns the layout around it.
import type { Palette } from './diagram/palette.js';
import type { Messages } from './i18n/messages.js';
import type { ProgramRun } from './model/program.js';
import { mountProgramGraph } from './program-graph-panel.js';

export interface ProgramViewContext {
  /** The page's language's texts (messages.ts). */
  m: Messages;
  /** The theme's colours (diagram/palette.ts). */
  p: Palette;
  /** The 1-based line the learner picked in the editor, or null. */
  line: number | null;
}

/**
 * Draws the program's views into container. Called after every run the
 * editor shows (each edit, a preset, a link opened), and again when the
 * language, the theme or the picked line changes. container is the same
 * element every time, empty on the first call and holding what the last
 * call left: replace its children. program is plain data (its tensors are
 * already freed): shapes, dtypes, traces and backward steps only. A failed
 * program still has the statements before its error. Must not throw.
 */
export function mountProgramViews(container: HTMLElement, program: ProgramRun, ctx: ProgramViewContext): void {
  mountProgramGraph(container, program, ctx);
}
