// tc.run: a program of PyTorch code run by the core's own parser and
// interpreter (Note [Programs] in src/lang/program.h; never evaluated by
// JavaScript), handed out as a Program. The JSON the core writes
// (bindings/bind_program.cpp) has the shape of program-types.ts but for one
// thing resolved here: a call names its events by index (here: the same
// objects as its statement's traces). What print() wrote is text, written
// by the core as print() ran (Note [Tensor repr] in src/tensor_repr.h).
import { checkInt, checkOptions, describe, fail, isPlainObject } from './args.js';
import { TensorcastError, type ErrorKind } from './errors.js';
import { PROGRAM_ERROR_KINDS, type ProgramErrorKind } from './generated/error-kinds.js';
// The defaults of ProgramLimits (src/lang/program.h), written from it. A
// source longer than MAX_SOURCE_BYTES is refused by the core; the facade
// copies in at most one byte more, so that the core's own message reports it.
import {
  DEFAULT_MAX_ELEMENTS,
  DEFAULT_MAX_MEMORY,
  DEFAULT_MAX_STATEMENTS,
  DEFAULT_MAX_STEPS,
  DEFAULT_MAX_WORK,
  MAX_SOURCE_BYTES,
} from './generated/limits.js';
import type { ReduceGradTrace, TraceEvent } from './generated/traces.js';
import type {
  RawGlobal,
  RawProgram,
  RawProgramStatement,
  RawTensorValues,
} from './generated/program-types.js';
import type {
  BackwardStep,
  ProgramCall,
  ProgramError,
  ProgramStatement,
  ProgramWarning,
  RunOptions,
  TensorValues,
} from './program-types.js';
import { writeInputSlots } from './registry.js';
import type { Runtime } from './runtime.js';
import { pythonFloat, WireReader } from './value-wire.js';
import type { Tensor } from './tensor.js';

/**
 * What program.get(name) returns: a Tensor, a number (Python's int or
 * float; an int beyond 2^53 as a BigInt), a boolean, a string, null (None),
 * or an array (a tuple, a list, a torch.Size, max(dim)'s named tuple). A
 * dtype, a module or a function comes as its Python repr ('torch.float32').
 */
export type ProgramValue = Tensor | number | bigint | boolean | string | null | ProgramValue[];


/**
 * A program run by tc.run: every statement that ran, with its results and
 * traces, and the first error, as PyTorch raises it.
 *
 * The Program owns the tensors get() hands out (the same Tensor object for
 * a name each time, and for two names bound to one tensor): dispose() frees
 * them all, and with them every tensor of the program that nothing else
 * holds (tc.memory() is back where it was). To keep one past dispose(),
 * clone() it. Run inside tidy(), its tensors are freed when the tidy ends
 * unless kept. Everything else (statements, traces, printed) is plain data
 * that stays valid after dispose().
 */
export class Program {
  /** False when a statement raised (or the program could not be read). */
  readonly ok: boolean;
  /** The first error, with where it happened; null when every statement ran. */
  readonly error: ProgramError | null;
  /**
   * Every step that ran, in the order they finished (Note [Program steps]):
   * a statement in a loop once per run, a function's steps before the line
   * that called it; when a statement raised, the steps it ran in, the
   * failing one first.
   */
  readonly statements: ProgramStatement[];
  /** Everything print() wrote, as one string (tensors as PyTorch's repr of the moment print() ran, the formatter of toString()). */
  readonly printed: string;
  /** Each gradient brought back to its input's shape by the program's backward() calls, in order. */
  readonly backward: BackwardStep[];
  /** The work units its ops spent, at most the run's maxWork (docs/limits.md, "Programs"). */
  readonly work: number;
  /**
   * The value of the program's last statement when that is an expression
   * at the top level and every statement ran, as a notebook cell shows its
   * last expression (`tc.run('x = torch.ones(2)\nx * 2').result` is a
   * Tensor); undefined otherwise. Owned by the program, as get()'s values.
   */
  readonly result: ProgramValue | undefined;
  /**
   * The warnings it raised (under tc.setBroadcastPolicy('warn'), or the
   * backcompat warning), each with its statement's line and columns, once
   * per statement and text as Python's default warnings filter shows them
   * (Note [Program warnings]). They also went to tc.onWarning's listeners
   * (or the console) as they were raised, as every warning does.
   */
  readonly warnings: ProgramWarning[];
  private readonly values: Map<string, ProgramValue>;
  private readonly types: Map<string, RawGlobal['t']>;
  private readonly owned: Tensor[];
  private disposed = false;

  /** @internal Use tc.run(). */
  constructor(raw: RawProgram, rt: Runtime<Tensor>) {
    this.owned = [];
    const reader = new WireReader<Tensor>((h) => {
      const t = rt.adopt(h, 'run');
      this.owned.push(t);
      return t;
    }, { namedAsObject: false, dtypeAsRepr: true }, 'run');
    const convert = (g: RawGlobal): ProgramValue => reader.read(g) as ProgramValue;
    this.values = new Map(Object.entries(raw.globals).map(([name, g]) => [name, convert(g)]));
    // after the globals, as the core wrote it: a tensor or list met in both is one
    this.result = raw.result === null ? undefined : convert(raw.result);
    this.types = new Map(Object.entries(raw.globals).map(([name, g]) => [name, g.t]));
    this.statements = raw.statements.map(statement);
    this.error = raw.error;
    this.ok = raw.error === null;
    this.printed = this.statements.map((s) => s.output).join('');
    this.backward = backwardSteps(this.statements);
    this.work = raw.work;
    this.warnings = raw.warnings;
  }

  /**
   * The value bound to `name` when the program stopped (see ProgramValue);
   * undefined if the program never bound it. A tuple or list that two names
   * (or two places) share is one array, as in Python. Throws once the
   * program is disposed.
   */
  get(name: string): ProgramValue | undefined {
    if (typeof name !== 'string') fail('type', `Program.get(): argument 'name' must be a string, not ${describe(name)}`);
    if (this.disposed) fail('disposed', `Program.get(): the program is disposed; its tensors are freed`);
    return this.values.get(name);
  }

  /**
   * The tensor bound to `name` when the program stopped, typed as a
   * Tensor: what get(name) returns when it is one. Throws a TensorcastError
   * when it is not: kind 'value' if the program never bound `name` (say,
   * it stopped before), 'type' if `name` holds something else (the message
   * says what), 'disposed' once the program is disposed.
   */
  tensor(name: string): Tensor {
    const value = this.get(name);
    if (value === undefined) {
      const stopped = this.error === null ? '' : ` (it stopped at line ${this.error.line}: ${this.error.pythonType})`;
      fail('value', `Program.tensor(): '${name}' is not defined: the program never bound it${stopped}`);
    }
    if (this.owned.includes(value as Tensor)) return value as Tensor;
    fail('type', `Program.tensor(): '${name}' is ${pythonKind(this.types.get(name), value)}, not a Tensor; get('${name}') returns any value`);
  }

  /**
   * Frees the program's tensors (those get() handed out). Idempotent, and
   * never throws, however long their autograd graphs (Note [Freeing never
   * throws] in lifetime.ts): it is called from `finally` blocks.
   */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const t of this.owned) t.dispose();
    this.owned.length = 0;
    this.values.clear();
  }
}

// What a value is, in Python's words, for Program.tensor()'s message: from
// the kind the core wrote (a 'ref' is a tuple, list or str met before).
function pythonKind(t: RawGlobal['t'] | undefined, value: ProgramValue): string {
  switch (t) {
    case 'none': return 'None';
    case 'bool': return 'a bool';
    case 'int': return 'an int';
    case 'float': return 'a float';
    case 'str': return 'a str';
    case 'dtype': return 'a torch.dtype';
    case 'other': return String(value);
    default: return typeof value === 'string' ? 'a str' : 'a tuple or list';
  }
}

// A statement as program-types.ts has it: each call's events taken from the
// statement's.
function statement(s: RawProgramStatement): ProgramStatement {
  const calls: ProgramCall[] = s.calls.map(({ firstEvent, endEvent, inputValues, outputValues, grads, steps, ...call }) => ({
    ...call,
    inputValues: inputValues.map(tensorValues),
    outputValues: outputValues.map(tensorValues),
    grads: grads === null ? null : {
      line: grads.line,
      result: grads.result === null ? null : tensorValues(grads.result),
      inputs: grads.inputs.map((g) => (g === null ? null : tensorValues(g))),
      reduced: grads.reduced.map((g) => (g === null ? null : tensorValues(g))),
    },
    steps: steps.map((g) => ({ incoming: tensorValues(g.incoming), reduced: tensorValues(g.reduced) })),
    traces: s.traces.slice(firstEvent, endEvent),
  }));
  return {
    line: s.line,
    column: s.column,
    endLine: s.endLine,
    endColumn: s.endColumn,
    source: s.source,
    run: s.run,
    detailed: s.detailed,
    depth: s.depth,
    function: s.function,
    names: s.names,
    reads: s.reads,
    calls,
    traces: s.traces,
    output: s.output,
    grads: s.grads,
  };
}

// Cells as numbers (Note [Call values]): the core writes them as exact text.
function tensorValues({ cells, ...geometry }: RawTensorValues): TensorValues {
  return { ...geometry, cells: cells.map(pythonFloat) };
}

// Each reduce-grad event of the statements, with the name its input was
// bound to at that point (the latest name bound to that tensor) and the
// line of the backward() call that ran it.
function backwardSteps(statements: readonly ProgramStatement[]): BackwardStep[] {
  const bound = new Map<string, number>();  // name -> tensor id, as of the statement running
  const steps: BackwardStep[] = [];
  for (const s of statements) {
    s.traces.forEach((event: TraceEvent) => {
      if (event.kind !== 'reduce-grad') return;
      const call = s.calls.find((c) => c.traces.includes(event));
      steps.push({ ...(event as ReduceGradTrace), name: nameOf(bound, event.inputId), line: call?.line ?? s.line });
    });
    for (const [name, info] of Object.entries(s.names)) {
      bound.delete(name);  // the latest binding last in the map's order
      if (info.id !== null) bound.set(name, info.id);
    }
  }
  return steps;
}

function nameOf(bound: ReadonlyMap<string, number>, id: number): string | null {
  let found: string | null = null;
  for (const [name, tensor] of bound) if (tensor === id) found = name;
  return found;
}

/** @internal tc.run's argument checks and the call into the core. */
export function runProgram(rt: Runtime<Tensor>, code: unknown, options: unknown): Program {
  if (rt.core.runProgram === undefined)
    fail('type', 'run(): this instance runs the module without the interpreter (the one init({ programs: false }) ' +
      'loads); call init() for one that runs programs');
  if (typeof code !== 'string')
    fail('type', code === undefined ? "run(): missing argument 'code'" : `run(): argument 'code' must be a string, not ${describe(code)}`);
  // The limits are flat options, as ProgramLimits' fields (not { limits: {...} }).
  const opts = checkOptions<RunOptions>(options, 'run', ['maxStatements', 'maxSteps', 'maxElements', 'maxWork', 'maxMemory', 'valuesAt', 'valuesRun', 'inputs']);
  const limit = (value: number | undefined, arg: string, fallback: number): number => {
    if (value === undefined) return fallback;
    const n = checkInt(value, 'run', arg);
    if (n < 1) fail('value', `run(): ${arg} must be at least 1, not ${n}`);
    return n;
  };
  const maxStatements = limit(opts.maxStatements, 'maxStatements', DEFAULT_MAX_STATEMENTS);
  const maxSteps = limit(opts.maxSteps, 'maxSteps', DEFAULT_MAX_STEPS);
  const maxElements = limit(opts.maxElements, 'maxElements', DEFAULT_MAX_ELEMENTS);
  const maxWork = limit(opts.maxWork, 'maxWork', DEFAULT_MAX_WORK);
  const maxMemory = limit(opts.maxMemory, 'maxMemory', DEFAULT_MAX_MEMORY);
  // A line past the last (or past int32) names no statement: none hands back values.
  const valuesAt = opts.valuesAt === undefined ? 0 : Math.min(limit(opts.valuesAt, 'valuesAt', 0), 2 ** 31 - 1);
  let valuesRun = 0;
  if (opts.valuesRun !== undefined) {
    valuesRun = checkInt(opts.valuesRun, 'run', 'valuesRun');
    if (valuesRun < 0) fail('value', `run(): valuesRun must be at least 0, not ${valuesRun}`);
    valuesRun = Math.min(valuesRun, 2 ** 31 - 1);
  }
  if (opts.inputs !== undefined && !isPlainObject(opts.inputs))
    fail('type', `run(): inputs must be an object of names and values, not ${describe(opts.inputs)}`);
  const inputSlots = opts.inputs === undefined ? 0 : writeInputSlots(rt, 'run', opts.inputs);
  const bytes = new TextEncoder().encode(code);
  const count = rt.scratch.writeBytesAfter(inputSlots, bytes.subarray(0, MAX_SOURCE_BYTES + 1));
  let text: string;
  try {
    text = rt.core.runProgram(inputSlots, count, maxStatements, maxSteps, maxElements, maxWork, maxMemory, valuesAt, valuesRun);
  } catch (error) {
    // The core promises an error in the program for every bad program; what
    // still escapes (wasm memory exhausted, a bug) is reported the same way,
    // so that a page showing programs never meets an exception.
    // A 'value' error is the caller's: an input's name (Note [Program inputs and result]).
    if (!(error instanceof TensorcastError) || error.kind === 'value') throw error;
    return new Program({ statements: [], error: failure(error), work: 0, globals: {}, result: null, warnings: [] }, rt);
  }
  return new Program(JSON.parse(text) as RawProgram, rt);
}

// Only the core's kinds and 'internal' can escape runProgram; anything else
// would be a bug of the facade's.
function programKind(kind: ErrorKind): ProgramErrorKind {
  return (PROGRAM_ERROR_KINDS as readonly string[]).includes(kind) ? (kind as ProgramErrorKind) : 'internal';
}

function failure(error: TensorcastError): ProgramError {
  return {
    line: 1, column: 1, endLine: 1, endColumn: 1,
    message: error.message,
    kind: programKind(error.kind),
    pythonType: error.kind === 'memory' ? 'MemoryError' : 'RuntimeError',
  };
}

