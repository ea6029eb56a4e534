// The playground's model: the state, what the core computed for it, the
// current view's steps and the step shown. No DOM: the controller feeds it
// user actions and the views read it.
import type { Tensorcast } from 'tensorcast';
import { Computation } from './compute.js';
import { PRESETS } from './presets.js';
import { DEFAULT_STATE, INPUT_FIELDS } from './props.js';
import type { State } from './state.js';
import type { Step } from './steps.js';
import { stepsFor } from './steps.js';

export class PlaygroundModel {
  private current: State;
  private computed: Computation;
  private stepList: Step[];

  constructor(private readonly tc: Tensorcast, initial: Readonly<State>) {
    this.current = { ...initial };
    this.computed = new Computation(tc, this.current);
    this.stepList = stepsFor(this.current.view, this.computed);
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
    const inputsChanged = INPUT_FIELDS.some(differs);
    // New inputs or another view have other steps: start from "all shown" unless told.
    if ((inputsChanged || differs('view')) && !('step' in patch)) next.step = null;
    if (!(Object.keys(next) as (keyof State)[]).some(differs)) return false;
    this.current = next;
    if (inputsChanged) this.computed = new Computation(this.tc, this.current);
    this.stepList = stepsFor(this.current.view, this.computed);
    return true;
  }

  /** A preset's inputs over the defaults, keeping the language, theme and (unless it names one) the view. */
  applyPreset(id: string): boolean {
    const preset = PRESETS.find((p) => p.id === id);
    if (preset === undefined) return false;
    const inputs = Object.fromEntries(INPUT_FIELDS.map((k) => [k, DEFAULT_STATE[k]])) as Partial<State>;
    return this.update({ ...inputs, ...preset.state, step: null });
  }

  goTo(index: number): boolean {
    const last = this.stepList.length - 1;
    const clamped = Math.min(Math.max(index, 0), last);
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
