// Predict in the code mode: each line's results are hidden until the
// learner says what they are. Every question comes from the run's record:
// the shape of each tensor a line binds (its first run), what the failing
// line gives (an error), and each .grad a backward() fills. The answers
// are read and checked as the two-shape predict mode reads them
// (predict.ts: the same shape grammar and the same checks). No DOM.
import type { BackwardStep, ValueInfo } from 'tensorcast';
import type { ProgramRun } from './program.js';
import { isRight, parseShapeGuess } from './predict.js';
import type { Outcome, Question } from './predict.js';
import type { ShapeReader } from './shape-syntax.js';

/** A question about one line, and what it asks about (a name, its .grad, or the line's error). */
export interface CodeQuestion {
  line: number;
  /** The name bound ('d'), the leaf whose gradient it is ('w.grad'), or null for the line's error. */
  subject: string | null;
  question: Question;
  /** The tensor's dtype ('float32'), asked beside its shape; null for the line's error. */
  dtype: string | null;
  /** A .grad summed from a broadcast: which dims were summed is asked too (Note [Summed into a .grad]). */
  summed?: Summed | null;
}

/**
 * Whether a typed dtype names the tensor's: 'float32', 'torch.float32' and
 * PyTorch's aliases ('float', 'torch.long', ...) as torch itself names them,
 * spaces and case ignored. null when the text names no dtype.
 */
export function dtypeGuessRight(q: CodeQuestion, typed: string): boolean | null {
  const name = typed.trim().toLowerCase().replace(/^torch\./, '');
  const dtype = DTYPE_NAMES[name];
  if (dtype === undefined) return null;
  return dtype === q.dtype;
}

// torch's dtype names and aliases (torch.float is torch.float32, ...).
const DTYPE_NAMES: Readonly<Record<string, string>> = {
  float32: 'float32', float: 'float32', float64: 'float64', double: 'float64',
  int64: 'int64', long: 'int64', int32: 'int32', int: 'int32', uint8: 'uint8', bool: 'bool',
};

/**
 * The questions of a run, in the order of their lines (a line's names in
 * the order the record has them, then its gradients). A line that runs
 * several times is asked about once, on its first run; a name that is not
 * a tensor is not asked about.
 */
export function codeQuestions(run: ProgramRun): CodeQuestion[] {
  const out: CodeQuestion[] = [];
  const asked = new Set<number>();
  // The tensor each name was last bound to (a leaf's id, for its gradient's record).
  const bound = new Map<string, number | null>();
  for (const s of run.statements) {
    const first = !asked.has(s.line);
    asked.add(s.line);
    const ask = (subject: string, info: ValueInfo, summed: Summed | null = null): void => {
      if (!first || info.shape === null || info.dtype === null) return;
      out.push({ line: s.line, subject, dtype: info.dtype, summed, question: { id: `line:${s.line}:${subject}`, kind: 'result', answer: { kind: 'shape', shape: info.shape } } });
    };
    for (const [name, info] of Object.entries(s.grads)) ask(`${name}.grad`, info, summedInto(run, s.line, bound.get(name) ?? null));
    for (const [name, info] of Object.entries(s.names)) {
      bound.set(name, info.type === 'Tensor' ? info.id : null);
      if (info.type === 'Tensor') ask(name, info);
    }
  }
  // A line's names first, then its gradients (the order the record gives each).
  out.sort((a, b) => a.line - b.line || Number(a.subject?.endsWith('.grad')) - Number(b.subject?.endsWith('.grad')));
  const e = run.error;
  if (e !== null && e.kind !== 'syntax' && e.kind !== 'unsupported')
    out.push({ line: e.line, subject: null, dtype: null, question: { id: `line:${e.line}:error`, kind: 'result', answer: { kind: 'error' as const } } });
  return out.sort((a, b) => a.line - b.line);
}

/** How many of the questions were answered, and how many of those were right. */
export function codeScore(questions: readonly CodeQuestion[], given: (id: string) => { right: boolean } | undefined): { asked: number; answered: number; right: number } {
  let answered = 0;
  let right = 0;
  for (const q of questions) {
    const g = given(q.question.id);
    if (g === undefined) continue;
    answered++;
    if (g.right) right++;
  }
  return { asked: questions.length, answered, right };
}

/**
 * Note [Summed into a .grad]: a leaf used in a broadcast gets the gradient
 * in the broadcast's shape, and the backward pass sums it back to the
 * leaf's shape (Note [Gradient reduction] in src/autograd/backward.cpp):
 * the dims in front that the leaf does not have are summed away, the dims
 * where the leaf has 1 are summed and kept as 1. The record of each such
 * sum_to (ProgramRun.backward: gradShape, leadingDims, onesDims) answers
 * "which dims are summed into w.grad?": the dims of gradShape, both kinds.
 * It is asked when a backward() line ran once and every gradient that
 * reached the leaf came the same way and was summed; else only the .grad's
 * shape is asked.
 */
export interface Summed {
  /** The gradient as it reached the leaf, in the broadcast's shape. */
  from: number[];
  /** The dims of `from` summed (ascending): those the leaf has not, and those where it has 1. */
  dims: number[];
}

/** The dims of the gradient the record says were summed into leafId's .grad at line (Note [Summed into a .grad]), or null. */
export function summedInto(run: ProgramRun, line: number, leafId: number | null): Summed | null {
  if (leafId === null || run.statements.filter((s) => s.line === line).length !== 1) return null;
  const steps = run.backward.filter((b) => b.line === line && b.inputId === leafId);
  const first = steps[0];
  if (first === undefined) return null;
  const dims = (b: BackwardStep): number[] => [...b.leadingDims, ...b.onesDims].sort((x, y) => x - y);
  const same = steps.every((b) => sameList(b.gradShape, first.gradShape) && sameList(dims(b), dims(first)));
  return same && dims(first).length > 0 ? { from: [...first.gradShape], dims: dims(first) } : null;
}

const sameList = (x: readonly number[], y: readonly number[]): boolean => x.length === y.length && x.every((v, i) => v === y[i]);

/**
 * Dims as a learner types them: 0 · 0, 2 · (0, 2) · [0 2] · -1 (counted
 * from the end of a shape of rank `rank`); none, '-', () or [] for no dim.
 * Sorted, each once; null when the text is not a list of dims of that rank.
 */
export function parseDims(typed: string, rank: number): number[] | null {
  const text = typed.trim().toLowerCase().replace(/[（［]/g, '(').replace(/[）］]/g, ')').replace(/[，、]/g, ',');
  if (['none', 'no', '-', '无', '没有'].includes(text)) return [];
  const inner = text.replace(/^[([]\s*/, '').replace(/\s*[)\]]$/, '');
  if (inner === '') return text === '' ? null : [];
  const parts = inner.split(/\s*,\s*|\s+/).filter((p) => p !== '');
  const dims: number[] = [];
  for (const p of parts) {
    if (!/^-?\d{1,3}$/.test(p)) return null;
    const d = Number(p) < 0 ? Number(p) + rank : Number(p);
    if (d < 0 || d >= rank) return null;
    if (!dims.includes(d)) dims.push(d);
  }
  return dims.sort((x, y) => x - y);
}

/** What the learner typed for one question: a shape (or that the line raises), a dtype, and the dims summed (a Summed question). */
export interface CodeTyped {
  error: boolean;
  shape: string;
  dtype: string;
  dims: string;
}

/** One question answered: what was read, and which parts were right (null: not asked). */
export interface CodeGiven {
  guess: Outcome;
  dtype: string | null;
  dims: number[] | null;
  shapeRight: boolean;
  dtypeRight: boolean | null;
  dimsRight: boolean | null;
  right: boolean;
}

/** The field whose text could not be read. */
export type CodeUnreadable = 'shape' | 'dtype' | 'dims';

/** Reads and checks one answer; the field that cannot be read when one cannot. */
export function checkCodeAnswer(tc: ShapeReader, q: CodeQuestion, typed: CodeTyped): CodeGiven | { unreadable: CodeUnreadable } {
  if (typed.error) {
    const guess: Outcome = { kind: 'error' };
    const right = isRight(q.question, guess);
    return { guess, dtype: null, dims: null, shapeRight: right, dtypeRight: null, dimsRight: null, right };
  }
  const shape = parseShapeGuess(tc, typed.shape);
  if (shape === null) return { unreadable: 'shape' };
  const guess: Outcome = { kind: 'shape', shape };
  const shapeRight = isRight(q.question, guess);
  // The error question asks no dtype: a shape is wrong whatever dtype comes with it.
  const dtypeRight = q.dtype === null ? null : dtypeGuessRight(q, typed.dtype);
  if (q.dtype !== null && dtypeRight === null) return { unreadable: 'dtype' };
  const dims = q.summed == null ? null : parseDims(typed.dims, q.summed.from.length);
  if (q.summed != null && dims === null) return { unreadable: 'dims' };
  const dimsRight = q.summed == null || dims === null ? null : sameList(dims, q.summed.dims);
  const right = shapeRight && dtypeRight !== false && dimsRight !== false;
  return { guess, dtype: q.dtype === null ? null : typed.dtype.trim(), dims, shapeRight, dtypeRight, dimsRight, right };
}

/**
 * The answers given about one program (its code): asked in the order of
 * the lines, each given once. Another program starts over.
 */
export class CodeAnswers {
  private readonly given = new Map<string, CodeGiven>();
  private program: string | null = null;
  /** The question whose typed answer could not be read, which field, and its text. */
  unreadable: { id: string; field: CodeUnreadable; text: string } | null = null;

  /** Answers about other code than this are forgotten (the program was edited). */
  follow(code: string): void {
    if (code === this.program) return;
    this.program = code;
    this.clear();
  }

  get(id: string): CodeGiven | undefined {
    return this.given.get(id);
  }

  /** The first question not answered yet, or null when all are. */
  open(questions: readonly CodeQuestion[]): CodeQuestion | null {
    return questions.find((q) => !this.given.has(q.question.id)) ?? null;
  }

  /** Answers the open question (the only one that may be answered); null when it cannot be read (unreadable says which field). */
  give(tc: ShapeReader, questions: readonly CodeQuestion[], typed: CodeTyped): CodeGiven | null {
    const q = this.open(questions);
    if (q === null) return null;
    const checked = checkCodeAnswer(tc, q, typed);
    if ('unreadable' in checked) {
      this.unreadable = { id: q.question.id, field: checked.unreadable, text: typed[checked.unreadable] };
      return null;
    }
    this.unreadable = null;
    this.given.set(q.question.id, checked);
    return checked;
  }

  clear(): void {
    this.given.clear();
    this.unreadable = null;
  }
}
