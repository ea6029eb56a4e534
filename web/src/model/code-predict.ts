// Predict in the code mode: each line's results are hidden until the
// learner says what they are. Every question comes from the run's record:
// the shape of each tensor a line binds (its first run), what the failing
// line gives (an error), and each .grad a backward() fills. The answers
// are read and checked as the two-shape predict mode reads them
// (predict.ts: the same Predictions and the same shape grammar). No DOM.
import type { ValueInfo } from 'tensorcast';
import type { ProgramRun } from './program.js';
import type { Question } from './predict.js';

/** A question about one line, and what it asks about (a name, its .grad, or the line's error). */
export interface CodeQuestion {
  line: number;
  /** The name bound ('d'), the leaf whose gradient it is ('w.grad'), or null for the line's error. */
  subject: string | null;
  question: Question;
  /** The tensor's dtype ('float32'), asked beside its shape; null for the line's error. */
  dtype: string | null;
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
  for (const s of run.statements) {
    if (asked.has(s.line)) continue;
    asked.add(s.line);
    const ask = (subject: string, info: ValueInfo): void => {
      if (info.shape === null || info.dtype === null) return;
      out.push({ line: s.line, subject, dtype: info.dtype, question: { id: `line:${s.line}:${subject}`, kind: 'result', answer: { kind: 'shape', shape: info.shape } } });
    };
    for (const [name, info] of Object.entries(s.names)) if (info.type === 'Tensor') ask(name, info);
    for (const [name, info] of Object.entries(s.grads)) ask(`${name}.grad`, info);
  }
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
