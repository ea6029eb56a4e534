// Checking an answer to a puzzle (Note [Puzzle draws] in
// puzzle-signature.ts): the answer's body and the reference each run as
// the body of the puzzle's function, by the core, on the same seeded
// draws; the first draw where the answers differ in shape, dtype or a
// value fails the answer. The puzzle's rules are read from what the
// answer's run recorded: each call (CallRecord.op) must be one the puzzle
// allows, and what the answer materialised is counted from its calls'
// outputs (a view or an in-place op makes no new elements).
import type { Program, ProgramCall, Tensor, Tensorcast } from 'tensorcast';
import { OPERATOR_CALLS } from './puzzle-file.js';
import type { FailureKind, Puzzle } from './puzzle-file.js';
import { draws } from './puzzle-signature.js';
import type { Draw, DrawnValue } from './puzzle-signature.js';

/**
 * What is wrong with an answer, as data: the page words it in its
 * language (web/src/i18n/puzzle-texts.ts, failureText), and so do the
 * tests, in English.
 */
export type FailureReason =
  | { kind: 'lines'; count: number; max: number }
  | { kind: 'loop' }
  | { kind: 'call'; op: string; allowed: string[] }
  | { kind: 'error'; pythonType: string; message: string }
  | { kind: 'type'; got: string }
  | { kind: 'shape'; got: number[]; want: number[] }
  | { kind: 'dtype'; got: string; want: string }
  | { kind: 'values' };

export interface Failure {
  kind: FailureKind;
  /** What is wrong, with what the text about it needs (a loop and a call not allowed are both kind 'rule'). */
  reason: FailureReason;
  /** The line of the answer's body (1-based) it points at, or null. */
  line: number | null;
  /** The draw it failed on (null for a rule broken before any draw compared). */
  draw: Draw | null;
  /** PyTorch's repr of the answer's result and of the expected one, when both ran. */
  yours: string | null;
  expected: string | null;
}

export interface CheckResult {
  passed: boolean;
  failure: Failure | null;
  /** How many draws were compared (all of them when it passed). */
  compared: number;
  /** Elements the answer's calls made on the draw of the largest sizes (Note [Materialised elements]). */
  elements: number;
  /** The same, for the reference. */
  referenceElements: number;
}

// Calls that read what an input is without computing with it: always allowed.
const ALWAYS = new Set(['Tensor.shape', 'Tensor.dtype', 'Tensor.ndim', 'Tensor.dim', 'Tensor.size', 'Tensor.numel']);

const OPERATOR_OF = new Map<string, string>();
for (const [symbol, ops] of Object.entries(OPERATOR_CALLS)) for (const op of ops) OPERATOR_OF.set(op, symbol);

/** A puzzle's function with this body, as the program defines it (the signature's names, no annotations). */
function answerDef(puzzle: Pick<Puzzle, 'signature'>, body: string): { def: string; call: string } {
  const params = puzzle.signature.params.map((p) => p.name).join(', ');
  const lines = body.replace(/\s+$/, '').split('\n').map((l) => `    ${l}`);
  return { def: `def ${puzzle.signature.name}(${params}):\n${lines.join('\n')}\n`, call: `${puzzle.signature.name}(${params})\n` };
}

/** The program an answer runs in: the earlier defs, the function with the body, a call of it. */
export function answerProgram(puzzle: Pick<Puzzle, 'signature'>, body: string, earlier = ''): { code: string; firstLine: number } {
  const head = `import torch\n${earlier === '' ? '' : `${earlier.trimEnd()}\n`}`;
  const { def, call } = answerDef(puzzle, body);
  return { code: `${head}${def}${call}`, firstLine: head.split('\n').length + 1 };
}

/**
 * The `earlier` of answerProgram: the student's passing answers of the
 * puzzles before this one, as defs a later answer may call (a student who
 * wrote outer may use it in pairwise distances). In the set's order.
 */
export function earlierDefs(solved: readonly { puzzle: Pick<Puzzle, 'signature'>; answer: string }[]): string {
  return solved.map((s) => answerDef(s.puzzle, s.answer).def).join('');
}

// Note [Materialised elements]: an answer's memory score is the elements
// its calls' outputs hold that no input held before: a view (x[:, None],
// expand, .T) and an in-place op make none; everything else makes its
// output's numel. Read from the record of the run, never estimated.
function materialised(calls: readonly ProgramCall[]): number {
  let n = 0;
  for (const c of calls) {
    if (c.view || c.failed) continue;
    c.outputs.forEach((id, i) => {
      if (c.inputs.includes(id)) return;
      n += (c.outputInfo[i]?.shape ?? []).reduce((a, b) => a * b, 1);
    });
  }
  return n;
}

function allowedCall(op: string, allowed: ReadonlySet<string>, defs: ReadonlySet<string>): boolean {
  if (ALWAYS.has(op) || defs.has(op)) return true;
  const symbol = OPERATOR_OF.get(op.endsWith('_') && OPERATOR_OF.has(op.slice(0, -1)) ? op.slice(0, -1) : op);
  if (symbol !== undefined) return allowed.has(symbol);
  return allowed.has(op.slice(op.lastIndexOf('.') + 1));
}

// The answer's body as text, with strings and comments blanked: where a
// loop keyword stands (a for, a while, a comprehension's for).
function loopLine(body: string): number | null {
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const code = (lines[i] as string).replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, "''").replace(/#.*/, '');
    if (/(^|[^\w.])(for|while)(?!\w)/.test(code)) return i + 1;
  }
  return null;
}

/** A drawn input as the program gets it: a tensor of its dtype and shape (the caller disposes it), or the number. */
export function drawnValue(tc: Tensorcast, v: DrawnValue): Tensor | number | boolean {
  if (typeof v !== 'object') return v;
  const data = v.dtype === 'bool' ? v.values.map((x) => x !== 0) : v.values;
  const flat = tc.tensor(data, { dtype: v.dtype });
  if (v.shape.length === 1 && v.shape[0] === v.values.length) return flat;
  try {
    return flat.reshape(v.shape);  // the view keeps the storage
  } finally {
    flat.dispose();
  }
}

function describeTensor(t: unknown): string {
  return t !== null && typeof t === 'object' && 'toString' in t ? String(t) : JSON.stringify(t);
}

/** The reference's result on one draw, as a page without the reference's code ships it. */
export interface Expected {
  shape: number[];
  dtype: string;
  /** Row-major; a bool tensor's as booleans. */
  values: unknown[];
  /** PyTorch's repr, for "expected" beside "yours". */
  repr: string;
}

/**
 * What the checker compares with: the reference's results on the draws of
 * `seed` and `count`, and what it materialised. A page built with
 * solutions hidden ships this instead of the reference's code.
 */
export interface Solved {
  seed: number;
  count: number;
  results: Expected[];
  elements: number;
}

/** A puzzle as the checker needs it: no reference, no wrong answers. */
export type Checkable = Omit<Puzzle, 'reference' | 'wrong'>;

const flat = (v: unknown): unknown[] => (Array.isArray(v) ? v.flatMap(flat) : [v]);

function inputsOf(tc: Tensorcast, draw: Draw): Record<string, Tensor | number | boolean> {
  const inputs: Record<string, Tensor | number | boolean> = {};
  try {
    for (const [name, v] of Object.entries(draw.inputs)) inputs[name] = drawnValue(tc, v);
  } catch (e) {
    disposeInputs(inputs);
    throw e;
  }
  return inputs;
}

function disposeInputs(inputs: Record<string, Tensor | number | boolean>): void {
  for (const v of Object.values(inputs)) if (typeof v === 'object') v.dispose();
}

// the largest sizes: draws() puts that edge third
const largest = (count: number): number => Math.min(2, count - 1);

/**
 * Runs the reference on the draws of `seed` and `count`. Throws when the
 * reference fails or returns no tensor on a draw: a mistake in the puzzle,
 * which tests/web/puzzle-check.test.js keeps out of the set.
 */
export function solve(tc: Tensorcast, puzzle: Puzzle, seed: number, count: number, earlier = ''): Solved {
  const theirs = answerProgram(puzzle, puzzle.reference, earlier);
  const lines = puzzle.reference.replace(/\s+$/, '').split('\n').length;
  const results: Expected[] = [];
  let elements = 0;
  draws(puzzle.signature, seed, count).forEach((draw, d) => {
    const inputs = inputsOf(tc, draw);
    const run = tc.run(theirs.code, { inputs });
    try {
      const r = run.result;
      if (!run.ok || r === null || r === undefined || typeof r !== 'object' || Array.isArray(r))
        throw new Error(`the reference of '${puzzle.id}' fails on ${JSON.stringify(draw.sizes)}: ${run.error?.message ?? 'no tensor'}`);
      const t = r as Tensor;
      results.push({ shape: [...t.shape], dtype: t.dtype, values: flat(t.toArray()), repr: String(t) });
      if (d === largest(count))
        elements = materialised(run.statements.filter((s) => s.line >= theirs.firstLine && s.line < theirs.firstLine + lines).flatMap((s) => s.calls));
    } finally {
      run.dispose();
      disposeInputs(inputs);
    }
  });
  return { seed, count, results, elements };
}

function differs(got: Tensor, want: Expected): FailureKind | null {
  if (got.shape.length !== want.shape.length || got.shape.some((s, i) => s !== want.shape[i])) return 'shape';
  if (got.dtype !== want.dtype) return 'dtype';
  const values = flat(got.toArray());
  for (let i = 0; i < values.length; i++) {
    const p = values[i];
    const q = want.values[i];
    if (p !== q && !(Number.isNaN(p) && Number.isNaN(q))) return 'values';
  }
  return null;
}

/**
 * Runs `body` on the draws `solved` was made on and compares each result
 * with the reference's. Never throws for a wrong or broken answer: the
 * first thing wrong is the failure. Frees every tensor it made
 * (tc.memory() is back where it was).
 */
export function checkAnswer(tc: Tensorcast, puzzle: Checkable, body: string, solved: Solved, earlier = ''): CheckResult {
  const lineCount = body.replace(/\s+$/, '').split('\n').length;
  let elements = 0;
  let compared = 0;
  const referenceElements = solved.elements;
  const fail = (kind: FailureKind, reason: FailureReason, line: number | null, draw: Draw | null = null, yours: string | null = null, expected: string | null = null): CheckResult =>
    ({ passed: false, failure: { kind, reason, line, draw, yours, expected }, compared, elements, referenceElements });
  if (puzzle.maxLines !== null && lineCount > puzzle.maxLines)
    return fail('lines', { kind: 'lines', count: lineCount, max: puzzle.maxLines }, puzzle.maxLines + 1);
  const loop = loopLine(body);
  if (loop !== null) return fail('rule', { kind: 'loop' }, loop);

  const allowed = new Set(puzzle.allowed);
  const defs = new Set([...earlier.matchAll(/^def\s+(\w+)/gm)].map((m) => m[1] as string));
  const mine = answerProgram(puzzle, body, earlier);
  const bodyLine = (line: number): number | null => (line >= mine.firstLine && line < mine.firstLine + lineCount ? line - mine.firstLine + 1 : null);
  const all = draws(puzzle.signature, solved.seed, solved.count);
  for (let d = 0; d < all.length; d++) {
    const draw = all[d] as Draw;
    const want = solved.results[d] as Expected;
    const inputs = inputsOf(tc, draw);
    const yours = tc.run(mine.code, { inputs });
    try {
      for (const s of yours.statements) {
        const line = bodyLine(s.line);
        if (line === null) continue;
        for (const c of s.calls)
          if (!allowedCall(c.op, allowed, defs))
            return fail('rule', { kind: 'call', op: c.op, allowed: [...puzzle.allowed] }, line, draw);
      }
      if (d === largest(all.length)) elements = materialised(yours.statements.filter((s) => bodyLine(s.line) !== null).flatMap((s) => s.calls));
      if (!yours.ok) {
        const err = yours.error;
        return fail('error', { kind: 'error', pythonType: err?.pythonType ?? 'Error', message: err?.message ?? '' }, err === null || err === undefined ? null : bodyLine(err.line), draw, null, want.repr);
      }
      const got = yours.result;
      if (got === null || got === undefined || typeof got !== 'object' || Array.isArray(got))
        return fail('type', { kind: 'type', got: got === null || got === undefined ? 'None' : typeof got }, lineCount, draw, describeTensor(got), want.repr);
      const g = got as Tensor;
      const wrong = differs(g, want);
      if (wrong !== null) {
        const reason: FailureReason = wrong === 'shape' ? { kind: 'shape', got: [...g.shape], want: [...want.shape] }
          : wrong === 'dtype' ? { kind: 'dtype', got: g.dtype, want: want.dtype } : { kind: 'values' };
        return fail(wrong, reason, lineCount, draw, describeTensor(got), want.repr);
      }
      compared++;
    } finally {
      yours.dispose();
      disposeInputs(inputs);
    }
  }
  return { passed: true, failure: null, compared, elements, referenceElements };
}
