// A program as the code mode holds it: what tc.run (Note [Programs] in
// src/lang/program.h; the types in bindings/ts/program-types.ts) said about
// the code in the editor, as plain data. The run's tensors are freed at
// once: the views read shapes, dtypes and traces, and the values the calls
// of one line handed back (Note [Call values]), the line the views open.
import type { BackwardStep, ProgramError, ProgramStatement, RunOptions, Tensor, Tensorcast, ValueInfo } from 'tensorcast';

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
  /** Which run of that statement (RunOptions.valuesRun): 0 the first. */
  valuesRun: number;
  /** The tensors bound before the first statement (RunOptions.inputs), by name: no statement records them. */
  inputs?: Record<string, ValueInfo>;
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
export function runProgram(tc: Tensorcast, code: string, valuesAt: number | null = null, limits: ProgramLimits = {}, valuesRun = 0): ProgramRun {
  const run = (tc as unknown as { run?: Runner }).run;
  const failed = (message: string): ProgramRun => failedRun(code, valuesAt, message, valuesRun);
  if (typeof run !== 'function') return failed(NO_RUNNER);
  let result: RunResult;
  try {
    result = run.call(tc, code, valuesAt === null ? limits : { ...limits, valuesAt, valuesRun });
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
  const program: ProgramRun = { code, ok: result.ok, statements: result.statements, error: result.error, printed: result.printed, backward: result.backward ?? [], valuesAt, valuesRun };
  if (limits.inputs !== undefined) program.inputs = inputInfos(limits.inputs);
  try {
    result.dispose();
  } catch (error) {
    console.error('tensorcast: could not free the program\'s tensors:', error);
  }
  return program;
}

/**
 * The tensors among a run's inputs, described as a statement describes
 * what it binds, from the tensors themselves (the caller's, which the
 * program shares: Note [Program inputs and result] in src/lang/run.cpp).
 * Their storage is not numbered: the core numbers storages as a statement
 * records them, and these were bound before any.
 */
function inputInfos(inputs: NonNullable<RunOptions['inputs']>): Record<string, ValueInfo> {
  const out: Record<string, ValueInfo> = {};
  for (const [name, v] of Object.entries(inputs)) {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) continue;
    const t = v as Tensor;
    out[name] = {
      type: 'Tensor', repr: '', id: t.id, storage: null, shape: [...t.shape], strides: t.stride(), offset: t.storageOffset,
      dtype: t.dtype, requiresGrad: t.requiresGrad, gradFn: t.gradFn, isLeaf: t.isLeaf, items: [],
    };
  }
  return out;
}

/** The record of a run that ended without the core's (a bug, a core without tc.run, a worker that died): its message as an error on line 1. */
export function failedRun(code: string, valuesAt: number | null, message: string, valuesRun = 0): ProgramRun {
  return {
    code, ok: false, statements: [], printed: '', backward: [], valuesAt, valuesRun,
    error: { line: 1, column: 1, endLine: 1, endColumn: 1, message, kind: 'internal', pythonType: 'RuntimeError' },
  };
}

/**
 * Whether the program holds the values of the statement covering `line`
 * in the run it shows (runProgram's valuesAt and valuesRun): `program` may
 * be a snapshot (model/program-runs.ts), whose statement at that line is
 * the run it stands at.
 */
export function holdsValuesOf(program: ProgramRun, line: number): boolean {
  if (program.valuesAt === null) return false;
  const asked = statementAt(program, program.valuesAt);
  return asked !== null && asked === statementAt(program, line) && (asked.run ?? 0) === program.valuesRun;
}

/** The statement that covers a 1-based line, if any (of a snapshot: its run there; of a whole run: its last). */
export function statementAt(program: ProgramRun, line: number): ProgramStatement | null {
  for (let i = program.statements.length - 1; i >= 0; i--) {
    const s = program.statements[i] as ProgramStatement;
    if (s.line <= line && line <= s.endLine) return s;
  }
  return null;
}

/** Whether the statement ran a backward pass: asked about, it hands back the numbers of each step (Note [Call gradients]). */
export function ranBackward(statement: ProgramStatement): boolean {
  return statement.calls.some((c) => c.op.endsWith('backward') && !c.failed);
}

/**
 * The most characters of record (every statement's names, calls and traces
 * described, and what print() wrote) the page takes from a run in the
 * program worker: what the package's default work budget let a run on the
 * page's own thread describe (5 x 10^8 units at 100 a character). The
 * worker's budget is larger (program-runner.ts), but the record still
 * crosses to the page and is drawn there: this keeps that as it was.
 */
export const PAGE_RECORD_CHARS = 5_000_000;

/**
 * The characters a statement's record describes, counted as the core
 * counts a program's results (docs/limits.md, "a program's results"):
 * a value as its repr and 160, a call as 160 and 10 a tensor id, a trace
 * event as 1,000, and print()'s text.
 */
export function recordChars(s: ProgramStatement): number {
  let n = s.output.length;
  for (const value of Object.values(s.names)) n += 160 + value.repr.length;
  for (const call of s.calls) n += 160 + 10 * (call.inputs.length + call.outputs.length);
  return n + 1000 * s.traces.length;
}

/**
 * program, or, when its record passes max characters, its statements up to
 * the one that passes it, with an error of kind 'limit' on that one saying
 * so (the statements after it are not shown; those before are as they ran).
 */
export function boundRecord(program: ProgramRun, max: number): ProgramRun {
  let total = 0;
  const cut = program.statements.findIndex((s) => (total += recordChars(s)) > max);
  const at = program.statements[cut];
  if (at === undefined) return program;
  const kept = program.statements.slice(0, cut);
  const message = `the program ran on, but its record would pass ${max} characters here (what print() wrote, and each statement's ` +
    'names, calls and traces described), more than the page shows; print less, or run fewer statements';
  return {
    ...program,
    ok: false,
    statements: kept,
    printed: kept.map((s) => s.output).join(''),
    // The package lists a step for each reduce-grad event of the statements, in their order.
    backward: program.backward.slice(0, kept.reduce((n, s) => n + s.traces.filter((e) => e.kind === 'reduce-grad').length, 0)),
    error: { line: at.line, column: at.column, endLine: at.endLine, endColumn: at.endColumn, message, kind: 'limit', pythonType: 'RuntimeError' },
  };
}
