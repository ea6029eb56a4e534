// A teacher's own exercise by link: a goal the student's program must
// meet, and the lines the student may edit, both in the link's hash
// (`goal=`, `edit=`), read back exactly as written (a link made today
// opens the same exercise later). Whether a goal is met is read from the
// run's record, never from the program's text. No DOM.
import type { ProgramRun } from './program.js';

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
