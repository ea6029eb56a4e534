// The code mode's predict switch, its controller part: the questions of the
// run shown (model/code-predict.ts), the answers given, and what stays
// hidden until they are given.
//
// Note [Predicting a program]: the questions are asked in the order of the
// lines; everything from the line of the first open question on is hidden
// (its shapes in the editor, the amber chips, the error under its line), and so is what would tell the answers
// of any line (print()'s output, the error panel, the program's graph, the
// views of a line not answered yet). A line answered opens in the views,
// which explain it: the answer's "why".
import type { Overlay } from './code-editor.js';
import { CodeAnswers, codeQuestions, codeScore } from './model/code-predict.js';
import type { CodeGiven, CodeQuestion, CodeTyped } from './model/code-predict.js';
import type { ProgramRun } from './model/program.js';
import type { ShapeReader } from './model/shape-syntax.js';

export interface CodeScore {
  asked: number;
  answered: number;
  right: number;
}

export class CodePredict {
  readonly answers = new CodeAnswers();
  private run: ProgramRun | null = null;
  private asked: CodeQuestion[] = [];
  /** The code whose end was told (finished is called once per program). */
  private told: string | null = null;

  /** finished: every question of a program answered (a drill keeps its score then). */
  constructor(private readonly finished: (code: string, score: CodeScore) => void = () => undefined) {}

  /** The questions of run (the answers follow its code: another program starts over). */
  questions(run: ProgramRun | null): readonly CodeQuestion[] {
    if (run === null) return [];
    if (run !== this.run) {
      this.run = run;
      this.asked = codeQuestions(run);
      this.answers.follow(run.code);
    }
    return this.asked;
  }

  open(run: ProgramRun | null): CodeQuestion | null {
    return this.answers.open(this.questions(run));
  }

  /** The first line hidden (Note [Predicting a program]), or null when nothing is. */
  hiddenFrom(run: ProgramRun | null): number | null {
    return this.open(run)?.line ?? null;
  }

  score(run: ProgramRun | null): CodeScore {
    return codeScore(this.questions(run), (id) => this.answers.get(id));
  }

  /** The overlay with every line from the first open question's on left bare. */
  mask(overlay: Overlay, run: ProgramRun | null): Overlay {
    const from = this.hiddenFrom(run);
    if (from === null) return overlay;
    const before = <V>(m: ReadonlyMap<number, V>): Map<number, V> => new Map([...m].filter(([line]) => line < from));
    return {
      ...overlay,
      inline: before(overlay.inline),
      stale: new Set([...overlay.stale].filter((line) => line < from)),
      warnings: before(overlay.warnings),
      error: overlay.error !== null && overlay.error.line < from ? overlay.error : null,
      // The page picks a failing line itself: marked, it would tell which line raises.
      picked: overlay.picked !== null && overlay.picked < from ? overlay.picked : null,
    };
  }

  /** Answers the open question; null when what was typed cannot be read (answers.unreadable says which field). */
  give(tc: ShapeReader, run: ProgramRun | null, typed: CodeTyped): CodeGiven | null {
    const questions = this.questions(run);
    const given = this.answers.give(tc, questions, typed);
    if (given !== null && run !== null && this.answers.open(questions) === null && this.told !== run.code) {
      this.told = run.code;
      this.finished(run.code, this.score(run));
    }
    return given;
  }

  /** Every answer about this program forgotten: its questions are asked again. */
  again(): void {
    this.answers.clear();
    this.told = null;
  }
}
