// A teacher's own exercise by link: a goal the student's program must
// meet, and the lines the student may edit, both in the link's hash
// (`goal=`, `edit=`), read back exactly as written (a link made today
// opens the same exercise later). Whether a goal is met is read from the
// run's record, never from the program's text. No DOM.
import type { Computation } from './compute.js';
import type { PlaygroundModel } from './model.js';
import type { ProgramRun } from './program.js';
import type { Mode, State } from './state.js';
import type { ValueProblem } from './url.js';

/** The link's keys, beside the code mode's (code-link.ts). */
export const GOAL_KEY = 'goal';
export const EDIT_KEY = 'edit';

export type Goal =
  /** Every line runs. */
  | { kind: 'runs' }
  /** The program binds `name` to a tensor of this shape. */
  | { kind: 'shape'; name: string; shape: number[] }
  /** After the program, `name.grad` has this shape. */
  | { kind: 'grad'; name: string; shape: number[] }
  /** The student predicts every line (the code mode's predict switch) and gets them all right. */
  | { kind: 'predict' };

/** Lines the student may edit, 1-based, both ends included; empty: every line. */
export type EditRanges = [number, number][];

const NAME = /^[A-Za-z_][A-Za-z_0-9]*$/;
const SHAPE = /^(?:\d+(?:\.\d+)*)?$/;

/** The goal as the link writes it: runs · predict · shape.d.2x3x4 · grad.w.3 (a 0-dim shape is empty: shape.s.). */
export function formatGoal(goal: Goal): string {
  switch (goal.kind) {
    case 'runs':
    case 'predict':
      return goal.kind;
    case 'shape':
    case 'grad':
      return `${goal.kind}.${goal.name}.${goal.shape.join('x')}`;
  }
}

/** A link's goal, or null when the text is not one (the page says it ignores it). */
export function parseGoal(text: string): Goal | null {
  if (text === 'runs' || text === 'predict') return { kind: text };
  const m = /^(shape|grad)\.([^.]+)\.(.*)$/.exec(text);
  if (m === null || !NAME.test(m[2] as string)) return null;
  const sizes = (m[3] as string).replace(/x/g, '.');
  if (!SHAPE.test(sizes)) return null;
  const shape = sizes === '' ? [] : sizes.split('.').map(Number);
  if (shape.some((s) => !Number.isSafeInteger(s))) return null;
  return { kind: m[1] as 'shape' | 'grad', name: m[2] as string, shape };
}

/** Edit ranges as the link writes them: 3-5,8 (a single line as itself). */
export function formatEdit(ranges: EditRanges): string {
  return ranges.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(',');
}

/** A link's edit ranges, or null when the text is not ranges of lines from 1 in increasing order. */
export function parseEdit(text: string): EditRanges | null {
  const out: EditRanges = [];
  let last = 0;
  for (const part of text.split(',')) {
    const m = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(part);
    if (m === null) return null;
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a < 1 || b < a || a <= last) return null;
    out.push([a, b]);
    last = b;
  }
  return out;
}

/** Whether the student may change this line (1-based). */
export function editable(ranges: EditRanges, line: number): boolean {
  return ranges.length === 0 || ranges.some(([a, b]) => line >= a && line <= b);
}

/** Whether the run meets the goal, and if not what it did instead (for the page to say). */
export type GoalCheck =
  | { met: true }
  | { met: false; why: 'error'; line: number }
  | { met: false; why: 'unbound' | 'not-tensor' | 'no-grad'; name: string }
  | { met: false; why: 'shape'; name: string; shape: number[] };

/**
 * Checks a run against a goal that its record can say (not 'predict',
 * which the page checks from the predictions given): a shape goal reads
 * the last shape the record gives the name, a grad goal the last .grad a
 * backward() filled.
 */
export function checkGoal(goal: Exclude<Goal, { kind: 'predict' }>, run: ProgramRun): GoalCheck {
  if (run.error !== null) return { met: false, why: 'error', line: run.error.line };
  if (goal.kind === 'runs') return { met: true };
  let info = null;
  for (const s of run.statements) {
    const found = goal.kind === 'shape' ? s.names[goal.name] : s.grads[goal.name];
    if (found !== undefined) info = found;
  }
  if (info === null) return { met: false, why: goal.kind === 'shape' ? 'unbound' : 'no-grad', name: goal.name };
  if (info.type !== 'Tensor' || info.shape === null) return { met: false, why: 'not-tensor', name: goal.name };
  const shape = info.shape;
  const same = shape.length === goal.shape.length && shape.every((s, i) => s === goal.shape[i]);
  return same ? { met: true } : { met: false, why: 'shape', name: goal.name, shape };
}

// --- The two-shape mode, and an exercise as a link or an element holds it.

/**
 * What a two-shape exercise lets the student change, as `edit=` names them
 * there (`edit=b,op`): an operand's shape (with its view chain and its
 * values, which go with the shape), the op (with add's and sub's alpha),
 * a's and b's dtypes. Every other input stays as the teacher left it; the
 * view, the step, the language and the theme are the student's, as on any page.
 */
export const SHAPE_PARTS = ['a', 'b', 'c', 'op', 'da', 'db'] as const;
export type ShapePart = (typeof SHAPE_PARTS)[number];

/** The state's fields each part covers. */
export const PART_FIELDS: { readonly [P in ShapePart]: readonly (keyof State)[] } = {
  a: ['a', 'ta', 'fa', 'va'],
  b: ['b', 'tb', 'fb', 'vb'],
  c: ['c', 'tc', 'fc', 'vc'],
  op: ['op', 'alpha'],
  da: ['da'],
  db: ['db'],
};

/** What `edit=none` says: nothing may be changed (a predict exercise, say). */
export const NO_PARTS = 'none';

/** Parts as the link writes them, in SHAPE_PARTS' order: b,op; none: no part. */
export function formatParts(parts: readonly ShapePart[]): string {
  return parts.length === 0 ? NO_PARTS : SHAPE_PARTS.filter((p) => parts.includes(p)).join(',');
}

/** A link's parts, or null when the text is not `none` or parts named once each. */
export function parseParts(text: string): ShapePart[] | null {
  if (text === NO_PARTS) return [];
  const names = text.split(',');
  const known = new Set<string>(SHAPE_PARTS);
  if (names.some((n) => !known.has(n)) || new Set(names).size !== names.length) return null;
  return SHAPE_PARTS.filter((p) => names.includes(p));
}

/** The fields the student may not change: those of every part not given. */
export function lockedFields(parts: readonly ShapePart[]): Set<keyof State> {
  return new Set(SHAPE_PARTS.filter((p) => !parts.includes(p)).flatMap((p) => PART_FIELDS[p]));
}

/** A patch without the fields the student may not change. */
export function allowedPatch(patch: Partial<State>, parts: readonly ShapePart[]): Partial<State> {
  const locked = lockedFields(parts);
  return Object.fromEntries(Object.entries(patch).filter(([k]) => !locked.has(k as keyof State))) as Partial<State>;
}

/** What the student may edit: lines of the program, or parts of the two-shape state. */
export type Editable = { mode: 'code'; lines: EditRanges } | { mode: 'shapes'; parts: ShapePart[] };

/** A teacher's exercise: the goal, and what may be edited to meet it. */
export interface Exercise {
  goal: Goal;
  edit: Editable;
}

/**
 * Whether the mode can check the goal. The two-shape mode has one result
 * and two operands that can take a gradient: a shape goal names the
 * result, `out` (`shape.out.3x4`: the op's result has shape (3, 4)), a grad
 * goal names an operand, `a` or `b` (`grad.b.3x1`: b.grad has shape
 * (3, 1), the backward pass of the page's loss). The code mode names any
 * of the program's names, and its 'predict' goal is scored by its predict
 * switch (code-mode-predict.ts).
 */
export function goalFits(goal: Goal, mode: Mode): boolean {
  if (mode === 'code') return true;
  if (goal.kind === 'shape') return goal.name === 'out';
  if (goal.kind === 'grad') return goal.name === 'a' || goal.name === 'b';
  return true;
}

/**
 * The exercise a link or an element gives (`goal=`, `edit=`), read for
 * the page's mode, and what could not be used: a goal that is not one, or
 * that the mode cannot check, is ignored, and so is an edit without a goal
 * to go with it; each is a problem for the page's notice. No goal: no
 * exercise (and no problem). No edit: everything may be edited.
 */
export function readExercise(get: (key: string) => string | null, mode: Mode): { exercise: Exercise | null; problems: ValueProblem[] } {
  const goalText = get(GOAL_KEY);
  const editText = get(EDIT_KEY);
  const problems: ValueProblem[] = [];
  const refuse = (key: string, text: string): void => void problems.push({ kind: 'value', key, text, instead: null });
  const parsed = goalText === null ? null : parseGoal(goalText);
  const goal = parsed !== null && goalFits(parsed, mode) ? parsed : null;
  if (goalText !== null && goal === null) refuse(GOAL_KEY, goalText);
  let edit: Editable = mode === 'code' ? { mode, lines: [] } : { mode, parts: [...SHAPE_PARTS] };
  if (editText !== null) {
    const lines = mode === 'code' ? parseEdit(editText) : null;
    const parts = mode === 'shapes' ? parseParts(editText) : null;
    if (goal === null || (lines === null && parts === null)) refuse(EDIT_KEY, editText);
    else edit = lines !== null ? { mode: 'code', lines } : { mode: 'shapes', parts: parts as ShapePart[] };
  }
  return { exercise: goal === null ? null : { goal, edit }, problems };
}

/** The exercise's keys to append to a link's hash: &goal=…&edit=… (edit only when it leaves something out). */
export function exerciseLinkPart(exercise: Exercise | null): string {
  if (exercise === null) return '';
  const edit = exercise.edit;
  const text = edit.mode === 'code' ? formatEdit(edit.lines) : edit.parts.length === SHAPE_PARTS.length ? '' : formatParts(edit.parts);
  // A goal has only [A-Za-z0-9_.x]; edit only digits, letters, '-' and ',': nothing to escape.
  return `&${GOAL_KEY}=${formatGoal(exercise.goal)}${text === '' ? '' : `&${EDIT_KEY}=${text}`}`;
}

/** The same as the element's attributes: [name, value] pairs. */
export function exerciseAttributes(exercise: Exercise | null): [string, string][] {
  const params = new URLSearchParams(exerciseLinkPart(exercise).slice(1));
  return [...params.entries()];
}

/**
 * Checks the two-shape mode's computation against a goal it can say (not
 * 'predict': predictMet): 'runs' is met when PyTorch would run the op (an
 * op too big for the page to run still has its shape), a shape goal reads
 * the result's shape, a grad goal the operand's .grad from the gradient
 * the page computed.
 */
export function checkShapesGoal(goal: Exclude<Goal, { kind: 'predict' }>, c: Computation): ShapesCheck {
  const blocked = c.blocker !== null && c.blocker.kind !== 'result-too-big' && !c.valuesOnlyMissing;
  if (blocked) return { met: false, why: 'inputs' };
  if (c.error !== null || c.resultShape === null) return { met: false, why: 'op-error' };
  if (goal.kind === 'runs') return { met: true };
  const shape = goal.kind === 'shape' ? c.resultShape : gradShape(c, goal.name);
  if (shape === null) return { met: false, why: 'no-grad', name: goal.name };
  const same = shape.length === goal.shape.length && shape.every((s, i) => s === goal.shape[i]);
  return same ? { met: true } : { met: false, why: 'shape', name: goal.name, shape };
}

/**
 * What the two-shape check says when the goal is not met: an operand the
 * page cannot read, the op's error, or as checkGoal; 'predict': a predict
 * goal's answers are not all given and right (its score says how far).
 */
export type ShapesCheck = GoalCheck | { met: false; why: 'inputs' | 'op-error' | 'predict' };

function gradShape(c: Computation, name: string): number[] | null {
  const g = c.gradient;
  if (g === null || !g.ok) return null;
  return g.inputs.find((i) => i.name === name)?.grad.shape ?? null;
}

/** A predictions' score: questions asked, answered, and answered right (code-predict.ts codeScore's). */
export interface PredictScore {
  asked: number;
  answered: number;
  right: number;
}

/**
 * The 'predict' goal, from a score: met when every question was answered
 * and every answer was right. The two-shape mode scores its view's steps
 * (shapesPredictScore); the code mode hands its predict switch's score.
 */
export function predictMet(score: PredictScore | null): boolean {
  return score !== null && score.asked > 0 && score.answered === score.asked && score.right === score.asked;
}

/** The two-shape mode's predictions over every step of the view shown (predict mode on). */
export function shapesPredictScore(model: PlaygroundModel): PredictScore {
  const seen = new Set<string>();
  let answered = 0;
  let right = 0;
  model.steps.forEach((_, i) => {
    for (const q of model.questionsAt(i)) {
      // The result is asked at several steps: it counts once.
      if (seen.has(q.id)) continue;
      seen.add(q.id);
      const given = model.predictions.get(q.id);
      if (given === undefined) continue;
      answered++;
      if (given.right) right++;
    }
  });
  return { asked: seen.size, answered, right };
}
