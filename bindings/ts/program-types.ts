// The shape of a program run as the package hands it out (tc.run, Note
// [Programs] in src/lang/program.h). Its results are declared once, in the
// core (Note [Program schema] in src/lang/program_schema.h), which writes
// their JSON (bindings/bind_program.cpp) and their types
// (generated/program-types.ts, re-exported here); tests/js/program.test.js
// checks that the two agree. What is left here is the package's own: the
// backward steps it gathers and the options of tc.run.
import type { ReduceGradTrace } from './generated/traces.js';
import type { Tensor } from './tensor.js';

export type {
  CallGradients,
  StepGradients,
  ProgramCall,
  ProgramError,
  ProgramWarning,
  ProgramStatement,
  SourceSpan,
  TensorValues,
  ValueInfo,
} from './generated/program-types.js';
export type { ProgramErrorKind } from './generated/error-kinds.js';

/** One gradient brought back to its input's shape during a backward() (Note [Gradient reduction]). */
export interface BackwardStep extends ReduceGradTrace {
  /** The name the input tensor is bound to, or null (an intermediate without a name). */
  name: string | null;
  /** The line of the backward() call. */
  line: number;
}

/**
 * A program's limits (ProgramLimits in src/lang/program.h; docs/limits.md,
 * "Programs"), each an integer of at least 1. Past one, the program's error
 * has kind 'limit' (statements, work) or 'memory' (elements, memory).
 */
export interface RunOptions {
  /** Most statements written in the program (default 10,000). */
  maxStatements?: number;
  /**
   * Most steps the program runs (default 10,000): each run of a statement,
   * a loop's header once per item, so that a loop that never ends stops
   * with an error naming its line (Note [Program steps] in src/lang/run.cpp).
   */
  maxSteps?: number;
  /** Most elements of any tensor a statement creates, counted as float32 bytes (default 2^24: 64 MiB). */
  maxElements?: number;
  /**
   * Most work units the whole program may spend (default 5 x 10^8, about
   * 175 ms of the slowest ops in wasm): an element read or written by a
   * plain loop is one, a float32 multiply-add a quarter, a float32 exp 16,
   * ... (docs/limits.md). Each op is charged before it starts.
   */
  maxWork?: number;
  /** Most bytes the program's tensors may hold at once (default 2^29: 512 MiB). */
  maxMemory?: number;
  /**
   * A 1-based line: the calls of the statement covering it hand back the
   * values of their tensors (ProgramCall.inputValues, outputValues), each
   * of at most 4096 storage cells, 65536 for the statement (Note [Call
   * values] in src/lang/program.h). Not a limit: it changes nothing else.
   */
  valuesAt?: number;
  /**
   * Which run of that line's statement hands its values back, when it runs
   * more than once (a loop's body, a function's): 0, the first, by default
   * (ProgramStatement.run).
   */
  valuesRun?: number;
  /**
   * Names bound before the first statement runs, as globals the program
   * reads (Note [Program inputs and result] in src/lang/run.cpp): a Tensor
   * is the caller's own, not a copy (an in-place op of the program changes
   * it; the program's dispose() never frees it); a number, BigInt, boolean,
   * string (a str, even 'float32'), null (None) or array (a list) as a
   * call's argument would be. Each name a Python name that is not a keyword.
   */
  inputs?: Readonly<Record<string, ProgramInput>>;
}

/** What a program's input may be (RunOptions.inputs). */
export type ProgramInput = Tensor | number | bigint | boolean | string | null | readonly ProgramInput[];
