// A program as the code mode holds it: what tc.run (Note [Programs] in
// src/lang/program.h; the types in bindings/ts/program-types.ts) said about
// the code in the editor, as plain data. The run's tensors are freed at
// once: the views read shapes, dtypes and traces, and the values the calls
// of one line handed back (Note [Call values]), the line the views open.
import type { BackwardStep, ProgramError, ProgramStatement, RunOptions, Tensorcast } from 'tensorcast';

export interface ProgramRun {
  /** The code that ran. */
  code: string;
  ok: boolean;
  /** The statements that ran, the failing one last. */
  statements: ProgramStatement[];
  error: ProgramError | null;
  /** Everything print() wrote. */
  printed: string;
  /** The gradients' reductions, when the program called backward(). */
  backward: BackwardStep[];
  /** The line whose statement's calls hold their values (RunOptions.valuesAt); null: none. */
  valuesAt: number | null;
}

/** What tc.run hands back (the package's Program), as far as the playground reads it. */
interface RunResult {
  ok: boolean;
  statements: ProgramStatement[];
  error: ProgramError | null;
  printed: string;
  backward?: BackwardStep[];
  dispose(): void;
}

type Runner = (code: string, options?: RunOptions) => RunResult;

/** The limits a run is given (RunOptions' limits; absent: the package's defaults). */
export type ProgramLimits = Omit<RunOptions, 'valuesAt'>;

/** The error shown when the loaded core has no tc.run (an older package). */
export const NO_RUNNER = 'tc.run is not available in this build of tensorcast';

/**
 * Runs code on the core. Never throws: tc.run reports a bad program in its
 * error, and anything else (a bug) becomes an error on line 1 rather than a
 * page that stops answering. The run's tensors are freed once its plain
 * data is copied out; should freeing fail (the package's Program.dispose()
 * does not throw, but the core it runs on may be older), the program's
 * result is still returned and the failure goes to console.error: a leak
 * is no reason to hide what the program did.
 */
export function runProgram(tc: Tensorcast, code: string, valuesAt: number | null = null, limits: ProgramLimits = {}): ProgramRun {
  const run = (tc as unknown as { run?: Runner }).run;
  const failed = (message: string): ProgramRun => failedRun(code, valuesAt, message);
  if (typeof run !== 'function') return failed(NO_RUNNER);
  let result: RunResult;
  try {
    result = run.call(tc, code, valuesAt === null ? limits : { ...limits, valuesAt });
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
  const program: ProgramRun = { code, ok: result.ok, statements: result.statements, error: result.error, printed: result.printed, backward: result.backward ?? [], valuesAt };
  try {
    result.dispose();
  } catch (error) {
    console.error('tensorcast: could not free the program\'s tensors:', error);
  }
  return program;
}

/** The record of a run that ended without the core's (a bug, a core without tc.run, a worker that died): its message as an error on line 1. */
export function failedRun(code: string, valuesAt: number | null, message: string): ProgramRun {
  return {
    code, ok: false, statements: [], printed: '', backward: [], valuesAt,
    error: { line: 1, column: 1, endLine: 1, endColumn: 1, message, kind: 'internal', pythonType: 'RuntimeError' },
  };
}

/** Whether the program holds the values of the statement covering `line` (runProgram's valuesAt). */
export function holdsValuesOf(program: ProgramRun, line: number): boolean {
  if (program.valuesAt === null) return false;
  const asked = statementAt(program, program.valuesAt);
  return asked !== null && asked === statementAt(program, line);
}

/** The statement that covers a 1-based line, if any. */
export function statementAt(program: ProgramRun, line: number): ProgramStatement | null {
  return program.statements.find((s) => s.line <= line && line <= s.endLine) ?? null;
}
