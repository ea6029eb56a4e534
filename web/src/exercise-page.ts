// The exercise part of the page (model/exercise.ts): the teacher's form
// ("Make an exercise": what the student may edit, the goal, the link and
// the embed code it gives), and the exercise a link or the element's
// attributes open (the goal in words, the tick, the result event). The
// element (playground.ts) holds one of these and asks it; the model's
// checks read the run the page computed, never the program's text.
//
// Note [Exercise attempts]: the exercise is checked each time what the
// student can change gives a new result: a run of a new program text in
// the code mode, a new computation (or a new prediction) in the two-shape
// mode. The state the link opened with is not an attempt. Each attempt
// counts; the result event (result-event.ts, kind 'exercise', id the goal
// as the link writes it) is sent at the first attempt and whenever the
// verdict changes after it, so that a course page hears "not yet" once and
// "met" when it happens, not one event a keystroke.
import type { CheckedResult } from './model/progress.js';
import { allowedPatch, checkGoal, checkShapesGoal, formatGoal, goalFits, lockedFields, parseEdit, parseGoal, predictMet, shapesPredictScore, SHAPE_PARTS } from './model/exercise.js';
import type { EditRanges, Exercise, Goal, PredictScore, ShapePart, ShapesCheck } from './model/exercise.js';
import { formatShape } from './model/format.js';
import type { PlaygroundModel } from './model/model.js';
import type { ProgramRun } from './model/program.js';
import { INPUT_FIELDS } from './model/props.js';
import type { Mode, State } from './model/state.js';
import { shareTexts } from './share.js';
import type { SharedCode } from './share.js';
import type { Made } from './views/exercise.js';

/** The teacher's form, as typed. */
export interface ExerciseForm {
  lines: string;
  parts: ShapePart[];
  kind: Goal['kind'];
  name: string;
  shape: string;
}

/** The verdict shown: met or why not (with the shape found), and the predict goal's score. */
export interface Verdict {
  check: ShapesCheck;
  score: PredictScore | null;
}

/** A shape as the form takes it: sizes separated by commas, spaces or x, in brackets or not; empty: 0-dim. null: not a shape. */
export function readFormShape(text: string): number[] | null {
  const inner = text.trim().replace(/^[([]\s*/, '').replace(/\s*[)\]]$/, '').trim();
  if (inner === '') return [];
  const parts = inner.split(/\s*[,x×\s]\s*/).filter((p, i, all) => p !== '' || i < all.length - 1);
  if (parts.some((p) => !/^\d{1,9}$/.test(p))) return null;
  return parts.map(Number);
}

/** The exercise the form makes, or which field is wrong. */
export function formExercise(form: ExerciseForm, mode: Mode): Exercise | { bad: 'lines' | 'name' | 'shape' } {
  const lines = form.lines.trim() === '' ? [] : parseEdit(form.lines.replace(/\s+/g, ''));
  if (mode === 'code' && lines === null) return { bad: 'lines' };
  const edit = mode === 'code' ? { mode, lines: lines ?? [] } : { mode, parts: SHAPE_PARTS.filter((p) => form.parts.includes(p)) };
  if (form.kind === 'runs' || form.kind === 'predict') return { goal: { kind: form.kind }, edit };
  const shape = readFormShape(form.shape);
  const name = mode === 'shapes' && form.kind === 'shape' ? 'out' : form.name.trim();
  const goal = parseGoal(`${form.kind}.${name}.${(shape ?? []).join('x')}`);
  if (goal === null || !goalFits(goal, mode)) return { bad: 'name' };
  if (shape === null) return { bad: 'shape' };
  return { goal, edit };
}

/**
 * An exercise's verdict on what the page shows: the code mode's run of the
 * editor's text (null while none has come back: no verdict), or the
 * two-shape model's computation; codeScore: the code mode's predict score.
 */
export function verdictOf(ex: Exercise, model: PlaygroundModel, run: ProgramRun | null, codeScore: PredictScore | null): Verdict | null {
  const goal = ex.goal;
  if (goal.kind === 'predict') {
    const score = model.state.mode === 'code' ? codeScore : shapesPredictScore(model);
    return { check: predictMet(score) ? { met: true } : { met: false, why: 'predict' }, score };
  }
  if (model.state.mode === 'code') return run === null ? null : { check: checkGoal(goal, run), score: null };
  return { check: checkShapesGoal(goal, model.computation), score: null };
}

/**
 * What the form makes on this page: the exercise's link and embed code
 * (the share bar's, for the state the student starts from: the first step,
 * with predict mode on for a predict goal) and whether the page as it is
 * meets the goal already, or the field that is wrong.
 */
export function madeFrom(form: ExerciseForm, model: PlaygroundModel, run: ProgramRun | null, page: string | null, code: SharedCode | null): { made: Made; exercise: Exercise | null; state: State } {
  const made = formExercise(form, model.state.mode);
  const state: State = { ...model.state, step: null, predict: 'bad' in made || made.goal.kind !== 'predict' ? model.state.predict : '1' };
  if ('bad' in made) return { made, exercise: null, state };
  const texts = shareTexts(state, page, code, made);
  return { made: { ...texts, met: verdictOf(made, model, run, null)?.check.met === true }, exercise: made, state };
}

export class ExercisePage {
  /** The exercise the page opened as (a link's or the element's), or null. */
  active: Exercise | null = null;
  /** The teacher's form, while open. */
  form: ExerciseForm | null = null;
  private attempts = 0;
  private checkedKey: string | null = null;
  private sentMet: boolean | null = null;

  /** A new exercise (or none) from a link or the attributes: its attempts start again. */
  open(exercise: Exercise | null): void {
    const same = exercise !== null && this.active !== null && JSON.stringify(exercise) === JSON.stringify(this.active);
    this.active = exercise;
    if (same) return;
    this.attempts = 0;
    this.checkedKey = null;
    this.sentMet = null;
  }

  /**
   * The verdict on what the page shows: the code mode's run of the
   * editor's text (null while none has come back), or the two-shape
   * model's computation; null when there is no exercise or nothing to check yet.
   * codeScore: the code mode's predict switch's score (null when it is off), which decides a code 'predict' goal.
   */
  verdict(model: PlaygroundModel, run: ProgramRun | null, codeScore: PredictScore | null): Verdict | null {
    return this.active === null ? null : verdictOf(this.active, model, run, codeScore);
  }

  /**
   * After each render: counts an attempt when what the student changed
   * gives a new result, and says when to send the result event (Note
   * [Exercise attempts]); null: nothing to send.
   */
  attempt(model: PlaygroundModel, run: ProgramRun | null, verdict: Verdict | null, codeScore: PredictScore | null): CheckedResult | null {
    const ex = this.active;
    if (ex === null || verdict === null) return null;
    const key = model.state.mode === 'code'
      ? `code|${run?.code ?? ''}|${JSON.stringify(codeScore)}`
      : `shapes|${INPUT_FIELDS.map((k) => String(model.state[k])).join('|')}|${model.predictions.version}`;
    if (key === this.checkedKey) return null;
    const first = this.checkedKey === null;
    this.checkedKey = key;
    if (first) return null;
    this.attempts++;
    const met = verdict.check.met;
    if (this.sentMet === met) return null;
    this.sentMet = met;
    const score = verdict.score === null ? undefined : { right: verdict.score.right, of: verdict.score.asked };
    return { kind: 'exercise', id: formatGoal(ex.goal), passed: met, attempts: this.attempts, hintsUsed: 0, ...(score === undefined ? {} : { score }) };
  }

  /** The code mode's editable lines in the exercise opened; null: every line. */
  editableLines(): EditRanges | null {
    const edit = this.active?.edit;
    return edit?.mode === 'code' && edit.lines.length > 0 ? edit.lines : null;
  }

  /** The two-shape fields the exercise opened keeps as they are. */
  lockedFields(): ReadonlySet<keyof State> {
    const edit = this.active?.edit;
    return edit?.mode === 'shapes' ? lockedFields(edit.parts) : new Set();
  }

  /** A change without what the exercise opened keeps: the locked fields, the mode, and a predict goal's predict switch. */
  allowed(patch: Partial<State>): Partial<State> {
    const ex = this.active;
    if (ex === null) return patch;
    const { mode: _mode, ...rest } = ex.edit.mode === 'shapes' ? allowedPatch(patch, ex.edit.parts) : patch;
    if (ex.goal.kind !== 'predict') return rest;
    const { predict: _predict, ...unpredicted } = rest;
    return unpredicted;
  }

  /** Opens the form with what the page shows filled in (the last tensor a program bound, or the result's shape), or closes it. */
  toggleForm(model: PlaygroundModel, run: ProgramRun | null): void {
    if (this.form !== null) {
      this.form = null;
    } else if (model.state.mode === 'code') {
      let name = '';
      let shape: number[] | null = null;
      for (const statement of run?.statements ?? [])
        for (const [n, info] of Object.entries(statement.names)) if (info.type === 'Tensor' && info.shape !== null) [name, shape] = [n, info.shape];
      this.form = { lines: '', parts: [], kind: 'shape', name, shape: shape === null ? '' : formatShape(shape) };
    } else {
      const shape = model.computation.resultShape;
      this.form = { lines: '', parts: ['b'], kind: 'shape', name: 'a', shape: shape === null ? '' : formatShape(shape) };
    }
  }

  /** Attempts so far (for the page and for tests). */
  get attemptCount(): number {
    return this.attempts;
  }
}
