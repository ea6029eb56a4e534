// A drill opened by link (#drill=ID): its program in the code mode with the
// predict switch on, its statement and hints above the editor, and, when
// the last question is answered, its score kept in the set's progress
// (model/progress.ts) and sent to the page (result-event.ts: kind 'drill',
// passed when every answer was right). The set itself is loaded only when
// a drill opens (drill-set.ts).
import type { CodeScore } from './code-mode-predict.js';
import type { Drill } from './model/puzzle-file.js';
import { Progress } from './model/progress.js';
import type { CheckedResult, StorageLike } from './model/progress.js';
import { PUZZLE_SET } from './model/puzzle-set.js';

/** The page's storage, or null where reading it throws (a sandboxed frame): progress then lasts for the visit. */
function pageStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export interface DrillShown {
  id: string;
  /** null: the set has no drill of that id. */
  drill: Drill | null;
  /** Hints shown (kept in progress: a hint shown stays shown). */
  hints: number;
  /** The last time its questions were all answered: whether every one was right. */
  passed: boolean | null;
}

export class DrillRoute {
  private progress: Progress | null = null;
  private current: DrillShown | null = null;

  get shown(): DrillShown | null {
    return this.current;
  }

  private progress$(): Progress {
    this.progress ??= new Progress(pageStorage(), PUZZLE_SET.id);
    return this.progress;
  }

  /** Loads the set (once) and opens the drill; null when the set has none of that id. */
  async open(id: string): Promise<Drill | null> {
    const { findDrill } = await import('./drill-set.js');
    const drill = findDrill(id);
    this.current = { id, drill, hints: drill === null ? 0 : Math.min(this.progress$().get(id).hints, drill.hints.length), passed: null };
    return drill;
  }

  close(): void {
    this.current = null;
  }

  /** One more hint shown. */
  hint(): void {
    const c = this.current;
    if (c === null || c.drill === null || c.hints >= c.drill.hints.length) return;
    this.progress$().hint(c.id);
    this.current = { ...c, hints: c.hints + 1 };
  }

  /** Every question of code answered: the drill's result when code is its program (null otherwise), kept in progress. */
  finished(code: string, score: CodeScore): CheckedResult | null {
    const c = this.current;
    if (c === null || c.drill === null || code !== c.drill.program) return null;
    const passed = score.right === score.asked;
    this.current = { ...c, passed };
    const result = this.progress$().checked(c.id, passed, 'drill');
    return { ...result, score: { right: score.right, of: score.asked } };
  }
}
