// The playground's model: the state, what the core computed for it, the
// current view's steps and the step shown. No DOM: the controller feeds it
// user actions and the views read it.
import type { ShapeReading, Tensorcast } from 'tensorcast';
import { Computation } from './compute.js';
import type { LineOp } from './line-op.js';
import type { Guess, Given, Question } from './predict.js';
import { Predictions, questionsAt, resultQuestion } from './predict.js';
import { PRESETS } from './presets.js';
import { DEFAULT_STATE, INPUT_FIELDS } from './props.js';
import type { State } from './state.js';
import type { Step } from './steps.js';
import { stepsFor } from './steps.js';

export class PlaygroundModel {
  private current: State;
  private computed: Computation;
  private stepList: Step[];
  /** The program's line the code mode shows (line-op.ts): its views draw it rather than the state's shapes. */
  private line: LineOp | null = null;
  /** The learner's predictions for these inputs (predict mode); not part of a link. */
  readonly predictions = new Predictions();

  /** computed: the computation of initial's inputs, when made already (stepwise). */
  constructor(private readonly tc: Tensorcast, initial: Readonly<State>, computed: Computation | null = null) {
    this.current = { ...initial };
    // Predict mode starts at the beginning: a link without a step would open on every answer.
    if (this.predicting && this.current.step === null) this.current.step = 0;
    this.computed = computed ?? new Computation(tc, this.current);
    this.stepList = stepsFor(this.current.view, this.computed);
    this.holdAtQuestion();
  }

  /** The model of initial, its computation spread over tasks by pause() (Computation.stepwise). */
  static async stepwise(tc: Tensorcast, initial: Readonly<State>, pause: () => Promise<void>): Promise<PlaygroundModel> {
    return new PlaygroundModel(tc, initial, await Computation.stepwise(tc, { ...initial }, pause));
  }

  /** A shape as a person types it, read by the core's grammar (the paste box's fields ask it). */
  readShape(text: string): ShapeReading {
    return this.tc.readShape(text);
  }

  get state(): Readonly<State> {
    return this.current;
  }

  get computation(): Computation {
    return this.computed;
  }

  get steps(): readonly Step[] {
    return this.stepList;
  }

  /** The step shown: the state's, clamped to the list; the last when the state names none. */
  get stepIndex(): number {
    const last = this.stepList.length - 1;
    return this.current.step === null ? last : Math.min(Math.max(this.current.step, 0), last);
  }

  get step(): Step {
    return this.stepList[this.stepIndex] as Step;
  }

  /** Applies a change; recomputes only when an input of the core changed. Returns whether anything changed. */
  update(patch: Partial<State>): boolean {
    const next = { ...this.current, ...patch };
    const differs = (k: keyof State): boolean => next[k] !== this.current[k];
    // A program's line is drawn in the code mode only: leaving it or coming back computes again.
    const inputsChanged = INPUT_FIELDS.some(differs) || (this.line !== null && differs('mode'));
    // New inputs or another view have other steps: start from "all shown" unless told
    // (in predict mode, from the first step, as when predict mode is turned on).
    const predicting = next.predict === '1' && next.mode !== 'code';
    if ((inputsChanged || differs('view')) && !('step' in patch)) next.step = predicting ? 0 : null;
    // Turned on (by the switch, a link or an attribute), predict mode starts over unless a step is named too.
    // (Coming back from the code mode, whose switch asks about lines instead, is turning it on here.)
    if (predicting && (differs('predict') || differs('mode')) && !differs('step')) next.step = 0;
    if (!(Object.keys(next) as (keyof State)[]).some(differs)) return false;
    this.current = next;
    if (inputsChanged) {
      this.computed = this.compute();
      this.predictions.clear();
    }
    this.stepList = stepsFor(this.current.view, this.computed);
    this.holdAtQuestion();
    return true;
  }

  /**
   * Shows a program's line (the code mode): its op as the program ran it,
   * with the program's values, and patch (lineState) in the state; null
   * shows the state's shapes again. Returns whether anything changed.
   */
  showLine(line: LineOp | null, patch: Partial<State> = {}): boolean {
    const lineChanged = line !== this.line;
    this.line = line;
    const before = this.computed;
    const updated = this.update(patch);
    if (!lineChanged || this.computed !== before) return updated || lineChanged;
    // The state's inputs stayed (another line of the same shapes): the line alone changed, as new inputs do.
    this.current = { ...this.current, step: this.predicting ? 0 : null };
    this.computed = this.compute();
    this.predictions.clear();
    this.stepList = stepsFor(this.current.view, this.computed);
    this.holdAtQuestion();
    return true;
  }

  private compute(): Computation {
    return new Computation(this.tc, this.current, this.current.mode === 'code' ? this.line : null);
  }

  // In the code mode the switch asks about the program's lines (code-mode-predict.ts), and a line's views, opened once it is answered, show everything.
  get predicting(): boolean {
    return this.current.predict === '1' && this.current.mode !== 'code';
  }

  /** What a step asks before it shows its answers: nothing unless in predict mode. */
  questionsAt(index: number): Question[] {
    const step = this.stepList[index];
    return this.predicting && step !== undefined ? questionsAt(step, this.computed) : [];
  }

  /** The first question of a step not answered yet: while there is one, the step keeps its answers hidden. */
  pendingAt(index: number): Question | null {
    return this.questionsAt(index).find((q) => this.predictions.get(q.id) === undefined) ?? null;
  }

  /** The first step still waiting for a prediction (the last step when none is). */
  get firstOpen(): number {
    const open = this.stepList.findIndex((_, i) => this.pendingAt(i) !== null);
    return open < 0 ? this.stepList.length - 1 : open;
  }

  /** Whether the result (its shape or its error) is still to be predicted, and so hidden everywhere. */
  get resultHidden(): boolean {
    return this.predicting && this.predictions.get('result') === undefined && resultQuestion(this.computed) !== null;
  }

  /** The prediction for the shown step's open question; null when there is none or a typed shape cannot be read. */
  predict(guess: Guess | string): Given | null {
    const question = this.pendingAt(this.stepIndex);
    if (question === null) return null;
    return typeof guess === 'string' ? this.predictions.giveTyped(this.tc, question, guess) : this.predictions.give(question, guess);
  }

  // No step past an open question is shown: the learner predicts in order.
  private holdAtQuestion(): void {
    if (!this.predicting) return;
    const open = this.firstOpen;
    if (this.stepIndex > open) this.current = { ...this.current, step: open === this.stepList.length - 1 ? null : open };
  }

  /** A preset's inputs over the defaults, keeping the language, theme and (unless it names one) the view. */
  applyPreset(id: string): boolean {
    const preset = PRESETS.find((p) => p.id === id);
    if (preset === undefined) return false;
    const inputs = Object.fromEntries(INPUT_FIELDS.map((k) => [k, DEFAULT_STATE[k]])) as Partial<State>;
    return this.update({ ...inputs, ...preset.state, step: this.predicting ? 0 : null });
  }

  goTo(index: number): boolean {
    const last = this.stepList.length - 1;
    const clamped = Math.min(Math.max(index, 0), this.predicting ? this.firstOpen : last);
    return this.update({ step: clamped === last ? null : clamped });
  }

  next(): boolean {
    return this.goTo(this.stepIndex + 1);
  }

  prev(): boolean {
    return this.goTo(this.stepIndex - 1);
  }

  get atEnd(): boolean {
    return this.stepIndex === this.stepList.length - 1;
  }
}
