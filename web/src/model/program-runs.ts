// A program whose statements ran many times (a loop's body, a function's),
// as the code mode shows it: the program at one of its steps. tc.run hands
// back one entry per step, in the order the steps finished (Note [Program
// steps] in src/lang/run.cpp); the views, the graph and the inline values
// show one run of each statement. snapshot() picks them: the program as it
// stood when step `at` had just run, as Python Tutor steps through a run:
// each statement's latest run up to that step, nothing of the statements
// that had not run yet, and what print() had written by then. At the last
// step (the default) that is every statement's last run.
import type { BackwardStep, ProgramStatement } from 'tensorcast';
import type { ProgramRun } from './program.js';

/** A statement's place in the code: its steps share it. */
export function statementKey(s: ProgramStatement): string {
  return `${s.line}:${s.column}:${s.endLine}:${s.endColumn}`;
}

/** The runs of one statement: the index of each of its steps in program.statements, in order. */
export interface StatementRuns {
  key: string;
  line: number;
  steps: number[];
  /** The distinct shapes of what its runs bound, in the order they first appeared (at most 4), for the inline text. */
  shapes: string[];
  /** Runs kept in full: past them a run has no calls or traces (ProgramStatement.detailed). */
  detailed: number;
}

/** Each statement that ran, with its runs, by key. */
export function statementRuns(program: ProgramRun): Map<string, StatementRuns> {
  const runs = new Map<string, StatementRuns>();
  program.statements.forEach((s, i) => {
    const key = statementKey(s);
    let r = runs.get(key);
    if (r === undefined) {
      r = { key, line: s.line, steps: [], shapes: [], detailed: 0 };
      runs.set(key, r);
    }
    r.steps.push(i);
    if (s.detailed !== false) r.detailed += 1;
    for (const info of Object.values(s.names)) {
      if (info.shape === null) continue;
      const shape = `[${info.shape.join(', ')}]`;
      if (!r.shapes.includes(shape) && r.shapes.length < 4) r.shapes.push(shape);
    }
  });
  return runs;
}

/** The runs of the statement covering a 1-based line, or null. */
export function runsAt(program: ProgramRun, line: number): StatementRuns | null {
  for (const r of statementRuns(program).values()) {
    const s = program.statements[r.steps[0] as number] as ProgramStatement;
    if (s.line <= line && line <= s.endLine) return r;
  }
  return null;
}

/** The last step of the program: where a snapshot stands by default. */
export function lastStep(program: ProgramRun): number {
  return program.statements.length - 1;
}

/**
 * The program as it stood when step `at` (an index into program.statements)
 * had just run; null or a step past the end: the whole run. Its
 * statements are each statement's latest run up to `at`, in the order they
 * ran; its backward steps those these steps ran, their call indices
 * counted among the snapshot's calls; its error the program's only at the
 * last step.
 */
export function snapshot(program: ProgramRun, at: number | null): ProgramRun {
  const end = lastStep(program);
  const upTo = at === null || at > end ? end : Math.max(at, 0);
  const latest = new Map<string, number>();
  for (let i = 0; i <= upTo; i++) latest.set(statementKey(program.statements[i] as ProgramStatement), i);
  const kept = [...latest.values()].sort((a, b) => a - b);
  if (kept.length === program.statements.length) return program;
  const keptSet = new Set(kept);
  // Each step's first call among all calls, and among the snapshot's.
  const firstCall: number[] = [];
  const keptFirstCall = new Map<number, number>();
  let all = 0;
  let shown = 0;
  program.statements.forEach((s, i) => {
    firstCall.push(all);
    all += s.calls.length;
    if (keptSet.has(i)) {
      keptFirstCall.set(i, shown);
      shown += s.calls.length;
    }
  });
  const remap = (call: number | null): number | null => {
    if (call === null) return null;
    let step = firstCall.length - 1;
    while (step > 0 && (firstCall[step] as number) > call) step--;
    const base = keptFirstCall.get(step);
    return base === undefined ? null : base + call - (firstCall[step] as number);
  };
  // program.backward lists the reduce-grad events of the steps in order: each step's are its own.
  const backward: BackwardStep[] = [];
  let next = 0;
  program.statements.forEach((s, i) => {
    const count = s.traces.filter((t) => t.kind === 'reduce-grad').length;
    if (keptSet.has(i)) for (const b of program.backward.slice(next, next + count)) backward.push({ ...b, call: remap(b.call) });
    next += count;
  });
  const statements = kept.map((i) => program.statements[i] as ProgramStatement);
  // The error stopped the run at its last step: a snapshot before it has not met it.
  const whole = upTo === end;
  return {
    ...program,
    statements,
    error: whole ? program.error : null,
    ok: whole ? program.ok : true,
    printed: program.statements.slice(0, upTo + 1).map((s) => s.output).join(''),
    backward,
  };
}
