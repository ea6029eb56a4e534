// Predict mode: before a step shows an answer (the result's shape, a dim's
// verdict, an input's .grad shape) the learner gives a prediction; then the
// step shows it and says whether the prediction was right. This module says
// which step asks what, reads what was typed, and checks it against the
// core's answer. No DOM.
import type { BroadcastTrace, DimRule } from 'tensorcast';
import type { GradientData, InputGrad } from './gradient.js';
import { readShape } from './shape-syntax.js';
import type { ShapeReader } from './shape-syntax.js';
import type { OperandName } from './state.js';
import type { Step } from './steps.js';

export const VERDICTS = ['equal', 'stretched', 'error'] as const;
/** A dim's verdict as a learner names it: a missing dim counts as a 1, stretched like one. */
export type Verdict = (typeof VERDICTS)[number];

/** What an op gives: a shape, or an error. */
export type Outcome = { kind: 'shape'; shape: number[] } | { kind: 'error' };

export type Question =
  // 'result' in the two-shape mode (one op); 'line:3:d' in the code mode (code-predict.ts)
  | { id: string; kind: 'result'; answer: Outcome }
  | { id: string; kind: 'dim'; index: number; dim: number; trailing: number; sizes: (number | null)[]; answer: Verdict }
  | { id: string; kind: 'grad'; name: OperandName; answer: number[] };

export type Guess = Outcome | { kind: 'verdict'; verdict: Verdict };

/** What the core answered, as much of a Computation as the questions read. */
export interface Answers {
  readonly broadcast: BroadcastTrace | null;
  readonly resultShape: number[] | null;
  readonly error: string | null;
  readonly gradient: GradientData | null;
}

/**
 * A shape as a learner types it, read by the core's grammar as the paste
 * box reads shapes (shape-syntax.ts: 4,3 · 4 3 · (4, 3) · [4,3] · torch.Size([4, 3]) · (4,) ·
 * () for 0-dim; full-width brackets and commas too), sizes only. null when
 * it is not one.
 */
export function parseShapeGuess(tc: ShapeReader, typed: string): number[] | null {
  const read = readShape(tc, typed);
  return read.ok && read.dims.every((d) => typeof d === 'number') ? (read.dims as number[]) : null;
}

export function verdictOf(rule: DimRule): Verdict {
  return rule === 'equal' ? 'equal' : rule === 'mismatch' ? 'error' : 'stretched';
}

const sameShape = (x: readonly number[], y: readonly number[]): boolean =>
  x.length === y.length && x.every((s, i) => s === y[i]);

export function isRight(question: Question, guess: Guess): boolean {
  switch (question.kind) {
    case 'dim':
      return guess.kind === 'verdict' && guess.verdict === question.answer;
    case 'grad':
      return guess.kind === 'shape' && sameShape(guess.shape, question.answer);
    case 'result':
      if (question.answer.kind === 'error') return guess.kind === 'error';
      return guess.kind === 'shape' && sameShape(guess.shape, question.answer.shape);
  }
}

/** The question of what the op gives; null when the inputs cannot be read (nothing to predict). */
export function resultQuestion(c: Answers): Question | null {
  if (c.resultShape !== null) return { id: 'result', kind: 'result', answer: { kind: 'shape', shape: c.resultShape } };
  return c.error !== null ? { id: 'result', kind: 'result', answer: { kind: 'error' } } : null;
}

/** The gradient step that first shows an input's .grad: the only stage, the keepdim sum, or the view. */
export function gradRevealKind(input: InputGrad): 'incoming' | 'ones' | 'view' {
  const { leadingDims, onesDims, viewed } = input.step;
  if (leadingDims.length === 0 && onesDims.length === 0 && !viewed) return 'incoming';
  return viewed ? 'view' : 'ones';
}

function dimQuestion(trace: BroadcastTrace, index: number): Question[] {
  const d = trace.dims[index];
  if (d === undefined) return [];
  return [{ id: `dim:${index}`, kind: 'dim', index, dim: d.dim, trailing: d.trailing, sizes: d.sizes, answer: verdictOf(d.rule) }];
}

/**
 * What a step asks before it shows its answer. The result's shape is asked
 * by the first step of each view that would show it (or the error), a dim's
 * verdict by its step, an input's .grad shape by the step that draws it.
 */
export function questionsAt(step: Step, c: Answers): Question[] {
  const result = resultQuestion(c);
  const ask = (yes: boolean): Question[] => (yes && result !== null ? [result] : []);
  if (step.kind === 'problem') return ask(true);
  switch (step.view) {
    case 'align':
      if (step.kind === 'dim') return c.broadcast === null ? [] : dimQuestion(c.broadcast, step.index);
      return ask(step.kind === 'verdict');
    case 'strides':
      // Without a broadcast there is no 'expand' step: the storage step says it failed.
      return ask(step.kind === 'expand' || (step.kind === 'storage' && c.broadcast?.result === null));
    case 'inplace':
      return ask(step.kind === 'broadcast');
    case 'grad': {
      if (step.kind === 'forward') return ask(true);
      const g = c.gradient;
      if (g === null || !g.ok) return [];
      return g.inputs.filter((i) => gradRevealKind(i) === step.kind)
        .map((i): Question => ({ id: `grad:${i.name}`, kind: 'grad', name: i.name, answer: i.step.resultShape }));
    }
  }
}

export interface Given {
  guess: Guess;
  right: boolean;
}

/** The predictions given for one set of inputs, and the last text that could not be read as one. */
export class Predictions {
  private readonly given = new Map<string, Given>();
  private count = 0;
  /** The question whose typed answer was not a shape, and that text. */
  unreadable: { id: string; text: string } | null = null;

  get(id: string): Given | undefined {
    return this.given.get(id);
  }

  /** Changes with every prediction given (what is drawn depends on them). */
  get version(): number {
    return this.count;
  }

  /** Records a guess once: a prediction, once revealed, is not taken back. */
  give(question: Question, guess: Guess): Given {
    const known = this.given.get(question.id);
    if (known !== undefined) return known;
    const given = { guess, right: isRight(question, guess) };
    this.given.set(question.id, given);
    this.unreadable = null;
    this.count++;
    return given;
  }

  /** Reads typed text as a shape guess; null (and remembered) when it is not one. */
  giveTyped(tc: ShapeReader, question: Question, text: string): Given | null {
    const shape = parseShapeGuess(tc, text);
    if (shape === null) {
      // Nothing drawn depends on it (the version stays): only the message under the field.
      this.unreadable = { id: question.id, text };
      return null;
    }
    return this.give(question, { kind: 'shape', shape });
  }

  clear(): void {
    this.given.clear();
    this.unreadable = null;
    this.count++;
  }
}
