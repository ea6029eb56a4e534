// A line of a program opened in the playground's views (alignment, strides,
// gradient, in-place): the first op of its statement that those views can
// show, as the program ran it. The op's trace is the program's own (the
// event its call recorded), and so are its operands' values: the call
// hands them back when tc.run is asked about the line (RunOptions.valuesAt;
// Note [Call values] in src/lang/program.h). Nothing is run again on values
// made up for the views.
import type { BroadcastTrace, DType, OpTrace, ProgramCall, ProgramStatement, ReduceGradTrace, TensorValues, TraceEvent, ValueInfo } from 'tensorcast';
import { OPS as TABLE } from 'tensorcast';
import type { LineChoice } from './call-explain.js';
import { explainCall } from './call-explain.js';
import type { ProgramRun } from './program.js';
import { OPS, isInplace } from './state.js';
import type { Op, State } from './state.js';

const OFFERED: ReadonlySet<string> = new Set(OPS);

/** One operand of a line's op as the program had it. */
export interface LineOperand {
  shape: number[];
  /** Its strides and storage offset: the op's trace's, or the call's values' (a failed broadcast has no trace). */
  strides: number[];
  offset: number;
  dtype: DType;
  /**
   * Its storage's cells from the first to the last it reaches (strides and
   * offset count in them); null when the program handed back none (a
   * tensor past Note [Call values]'s bounds, or a line it was not asked about).
   */
  cells: number[] | null;
  /** Which of the call's inputs it is (an index into call.inputs); null for a Python number. */
  input: number | null;
  /** Whether the tensor required grad when the call ran (the program's record of it); null: a number, or not known. */
  requiresGrad: boolean | null;
  /** A Python number's text as the op saw it ('2.5', '2'): drawn as that number, not as a tensor; null for a tensor. */
  number: string | null;
}

/** What one operand got from the line's call in the program's backward pass (Note [Call gradients]). */
export interface OperandGrad {
  /** In the result's shape, as the call's backward handed it. */
  incoming: LineOperand;
  /** Summed to the operand's shape: what the operand received. */
  reduced: LineOperand;
  /** The engine's reduction of it (the backward step's trace); null when the pass ran no step for it (nothing recorded it). */
  step: ReduceGradTrace | null;
}

/**
 * The gradients of a line's call as the program's backward pass computed
 * them, or why there are none: no backward() runs after the line; one ran
 * but did not reach the line's result; or nothing on the line requires
 * grad (autograd did not record the call).
 */
export type LineGrads =
  | {
    kind: 'ran';
    /** The line of the backward() whose pass computed them, and its text. */
    line: number;
    source: string;
    /** The gradient that reached the call's result; null when the record has none (a call of several ops). */
    result: LineOperand | null;
    /** Per operand, in the views' order: what it got; null for a number or an operand that got none. */
    operands: (OperandGrad | null)[];
  }
  | { kind: 'no-backward' }
  /** backward() ran on these lines, and none reached the line's result. */
  | { kind: 'not-reached'; lines: number[] }
  | { kind: 'not-recorded' };

/** A line's op, for the views. */
export interface LineOp {
  op: Op;
  call: ProgramCall;
  /** In the core's order (where's condition first). */
  operands: LineOperand[];
  /** The op's trace; null when the statement raised in the op's broadcast or its in-place check. */
  trace: OpTrace | null;
  broadcast: BroadcastTrace;
  /** The result as the call left it; null when the call raised. */
  out: LineOperand | null;
  /** What the call recorded (its warnings among them). */
  events: TraceEvent[];
  /**
   * PyTorch's message when the call raised: the broadcast's, or, for an
   * in-place op whose operands broadcast to a shape other than self's, the
   * program's error (known once the line is opened with its program).
   */
  error: string | null;
  /** Its gradients in the program (lineGrads); null when the line was opened without its program. */
  grads: LineGrads | null;
}

/** A cell or a number as the core writes it (Scalar::exact_text): '0.5', '2', 'nan', '-inf'. */
export function exactNumber(text: string): number {
  if (text === 'nan') return NaN;
  if (text === 'inf') return Infinity;
  if (text === '-inf') return -Infinity;
  return Number(text);
}

function sameShape(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((n, i) => n === b[i]);
}

/** An operand wanted of the call's inputs: its shape, and, from a trace, its strides, offset and dtype. */
interface Wanted {
  shape: readonly number[];
  strides: readonly number[] | null;
  offset: number | null;
  dtype: DType | null;
  /** A Python number's text: no input. */
  number: string | null;
}

function fits(v: TensorValues, w: Wanted): boolean {
  return sameShape(v.shape, w.shape) && (w.strides === null || sameShape(v.strides, w.strides)) &&
    (w.offset === null || v.offset === w.offset) && (w.dtype === null || v.dtype === w.dtype);
}

function operandOf(w: Wanted, values: TensorValues | undefined, input: number | null): LineOperand {
  if (w.number !== null) return { shape: [], strides: [], offset: 0, dtype: w.dtype ?? 'float64', cells: [exactNumber(w.number)], input: null, requiresGrad: null, number: w.number };
  return {
    shape: [...w.shape], strides: [...(w.strides ?? values?.strides ?? [])], offset: w.offset ?? values?.offset ?? 0,
    dtype: w.dtype ?? values?.dtype ?? 'float32', cells: values !== undefined && values.complete ? values.cells : null, input, requiresGrad: null, number: null,
  };
}

/** Recorded values as an operand (a gradient: its own geometry, always a tensor). */
function valuesOperand(v: TensorValues): LineOperand {
  return { shape: [...v.shape], strides: [...v.strides], offset: v.offset, dtype: v.dtype, cells: v.complete ? v.cells : null, input: null, requiresGrad: null, number: null };
}

/**
 * Each wanted operand with the call's input it is: the first one not taken
 * whose geometry (and dtype, from a trace) is the operand's. The call lists
 * its inputs in argument order, the op its operands in its own (x.where(c,
 * y) gives x first, the op c): only the geometry can tell which is which.
 * A failed broadcast has no trace, so only shapes: its x.where(c, y) with
 * c and x of one shape takes them in argument order (values shown for the
 * wrong operand; the shapes stay right). Without values (a line tc.run was
 * not asked about) operands get none.
 */
function matched(call: ProgramCall, wanted: readonly Wanted[]): LineOperand[] {
  const taken = new Set<number>();
  return wanted.map((w) => {
    if (w.number !== null) return operandOf(w, undefined, null);
    const i = call.inputValues.findIndex((v, j) => !taken.has(j) && fits(v, w));
    if (i >= 0) taken.add(i);
    return operandOf(w, i >= 0 ? call.inputValues[i] : undefined, i >= 0 ? i : null);
  });
}

function fromTrace(statement: ProgramStatement, trace: OpTrace): LineOp | null {
  const call = statement.calls.find((c) => c.traces.includes(trace));
  if (call === undefined) return null;
  const inputs = trace.operands.slice(1);
  const wanted = inputs.map((o, k): Wanted => ({
    shape: o.shape, strides: o.strides, offset: o.offset, dtype: o.dtype, number: trace.promotion.operands[k]?.number ?? null,
  }));
  const [outTrace] = trace.operands;
  let out: LineOperand | null = null;
  if (outTrace !== undefined) {
    const w: Wanted = { shape: outTrace.shape, strides: outTrace.strides, offset: outTrace.offset, dtype: outTrace.dtype, number: null };
    const values = call.outputValues[0];
    out = operandOf(w, values !== undefined && fits(values, w) ? values : undefined, null);
  }
  return { op: trace.op as Op, call, operands: matched(call, wanted), trace, broadcast: trace.broadcast, out, events: call.traces, error: null, grads: null };
}

/** The table's op whose PyTorch name ends as the call's does: 'Tensor.floor_divide_' and '+=''s 'add_' name 'floorDivide_' and 'add_'. */
function tableOp(call: ProgramCall): Op | null {
  const last = (name: string): string => name.slice(name.lastIndexOf('.') + 1);
  const entry = TABLE.find((op) => OFFERED.has(op.name) && last(op.torch) === last(call.op));
  return entry === undefined ? null : (entry.name as Op);
}

/** A statement that raised in a broadcast: the trace gives the shapes, the call that raised (recorded, failed) the op. */
function fromFailedBroadcast(statement: ProgramStatement): LineOp | null {
  const failed = statement.traces.find((e): e is BroadcastTrace => e.kind === 'broadcast' && e.error !== null);
  if (failed === undefined) return null;
  const call = statement.calls.find((c) => c.traces.includes(failed));
  const op = call === undefined ? null : tableOp(call);
  if (call === undefined || op === null) return null;
  const wanted = failed.inputs.map((shape): Wanted => ({ shape, strides: null, offset: null, dtype: null, number: null }));
  return { op, call, operands: matched(call, wanted), trace: null, broadcast: failed, out: null, events: call.traces, error: failed.error, grads: null };
}

/**
 * A statement that raised in an in-place op's shape check (b.add_(c) with
 * b (1, 3, 1) and c (3, 1, 7)): the call's operands broadcast, to a shape
 * that is not self's, so the op never ran and recorded no op trace; its
 * broadcast trace gives the shapes. The In-place view is for this.
 */
function fromFailedInplace(statement: ProgramStatement): LineOp | null {
  const call = statement.calls.find((c) => c.failed);
  const op = call === undefined ? null : tableOp(call);
  if (call === undefined || op === null || !isInplace(op) || call.traces.some((e) => e.kind === 'op')) return null;
  const broadcasts = call.traces.filter((e): e is BroadcastTrace => e.kind === 'broadcast');
  const last = broadcasts[broadcasts.length - 1];
  const [self] = last?.inputs ?? [];
  if (last === undefined || last.result === null || self === undefined || last.inputs.length !== 2 || sameShape(self, last.result)) return null;
  const wanted = last.inputs.map((shape): Wanted => ({ shape, strides: null, offset: null, dtype: null, number: null }));
  return { op, call, operands: matched(call, wanted), trace: null, broadcast: last, out: null, events: call.traces, error: null, grads: null };
}

/**
 * The statement's first op the views can draw, as the program ran it; null
 * when it has none (a factory, a reduction, a view). With its program, the
 * op comes with what the program knew of its operands (requires_grad) and
 * its gradients (lineGrads).
 */
export function lineOp(statement: ProgramStatement, program: ProgramRun | null = null, choice: number | null = null): LineOp | null {
  const chosen = choice === null ? null : statement.calls[choice] ?? null;
  let line: LineOp | null = null;
  for (const event of chosen?.traces ?? statement.traces) {
    if (event.kind !== 'op' || !OFFERED.has(event.op)) continue;
    line = fromTrace(statement, event);
    if (line !== null) break;
  }
  if (line === null) {
    const failed = fromFailedBroadcast(statement) ?? fromFailedInplace(statement);
    line = chosen === null || failed?.call === chosen ? failed : null;
  }
  return line === null || program === null ? line : withProgram(line, program, statement);
}

/**
 * The calls of a line the views can open, in the order they ran: those the
 * elementwise views draw, and those call-explain.ts explains (matmul,
 * reductions, indexing, cat and stack).
 */
export function lineChoices(program: ProgramRun, statement: ProgramStatement): LineChoice[] {
  const choices: LineChoice[] = [];
  statement.calls.forEach((call, index) => {
    const text = spanText(program.code, call);
    const explained = explainCall(program, call);
    if (explained !== null) choices.push({ index, text, kind: explained.kind });
    else if (lineOp(statement, null, index) !== null) choices.push({ index, text, kind: 'elementwise' });
  });
  return choices;
}

// What a student most likely means by a line of several calls, highest
// first: the product (q @ k.T / 3 ** 0.5 is about the @), an op between two
// tensors (x - x.mean(1) is about the -), a reduction, a join, an index,
// then an op with a Python number.
const MEANT: readonly LineChoice['kind'][] = ['matmul', 'matmul-failed', 'elementwise', 'reduction', 'join', 'index'];

/** The call a line opens on (its index among the statement's calls), or null when it has none to open. */
export function meantCall(program: ProgramRun, statement: ProgramStatement, choices: readonly LineChoice[] = lineChoices(program, statement)): number | null {
  const rank = (c: LineChoice): number => {
    if (c.kind !== 'elementwise') return MEANT.indexOf(c.kind);
    const line = lineOp(statement, null, c.index);
    const tensors = line?.operands.filter((o) => o.number === null).length ?? 0;
    return tensors >= 2 ? MEANT.indexOf('elementwise') : MEANT.length;
  };
  let best: LineChoice | null = null;
  for (const c of choices) if (best === null || rank(c) < rank(best)) best = c;
  return best?.index ?? null;
}

/** What the program recorded of each tensor up to `call` (by id): the names' infos, then the calls' results. */
function infosBefore(program: ProgramRun, statement: ProgramStatement, call: ProgramCall): Map<number, ValueInfo> {
  const infos = new Map<number, ValueInfo>();
  for (const s of program.statements) {
    if (s.line > statement.line) break;
    for (const c of s.calls) {
      if (c === call) return infos;
      c.outputs.forEach((id, i) => {
        const info = c.outputInfo[i];
        if (info !== undefined) infos.set(id, info);
      });
    }
    for (const info of Object.values(s.names)) if (info.id !== null) infos.set(info.id, info);
  }
  return infos;
}

/** The call's index among all the program's calls (what a backward step's `call` names: Note [Call numbers]). */
function callIndex(program: ProgramRun, call: ProgramCall): number {
  let index = 0;
  for (const s of program.statements) {
    const at = s.calls.indexOf(call);
    if (at >= 0) return index + at;
    index += s.calls.length;
  }
  return -1;
}

function withProgram(line: LineOp, program: ProgramRun, statement: ProgramStatement): LineOp {
  const infos = infosBefore(program, statement, line.call);
  const operands = line.operands.map((o): LineOperand => {
    const id = o.input === null ? undefined : line.call.inputs[o.input];
    const info = id === undefined ? undefined : infos.get(id);
    return { ...o, requiresGrad: info === undefined ? null : info.requiresGrad };
  });
  // The call that raised raised the program's error.
  const error = line.error ?? (line.call.failed ? program.error?.message ?? null : null);
  return { ...line, operands, error, grads: lineGrads(program, line) };
}

/** The backward() calls' lines, after `line`. */
function backwardLines(program: ProgramRun, after: number): number[] {
  return program.statements.filter((s) => s.line > after && s.calls.some((c) => c.op.endsWith('backward') && !c.failed)).map((s) => s.line);
}

/** The line's gradients as the program's backward pass computed them, or why it computed none. */
export function lineGrads(program: ProgramRun, line: LineOp): LineGrads {
  const { call } = line;
  const g = call.grads;
  if (g === null || g === undefined) {
    if (call.outputInfo[0] !== undefined && !call.outputInfo[0].requiresGrad) return { kind: 'not-recorded' };
    const lines = backwardLines(program, call.endLine);
    return lines.length === 0 ? { kind: 'no-backward' } : { kind: 'not-reached', lines };
  }
  const index = callIndex(program, call);
  const source = program.statements.find((s) => s.line === g.line)?.source ?? '';
  const operands = line.operands.map((o): OperandGrad | null => {
    if (o.input === null) return null;
    const incoming = g.inputs[o.input];
    const reduced = g.reduced[o.input];
    if (incoming == null || reduced == null) return null;
    const id = call.inputs[o.input];
    const step = program.backward.find((b) => b.call === index && b.inputId === id && b.line === g.line) ?? null;
    return { incoming: valuesOperand(incoming), reduced: valuesOperand(reduced), step };
  });
  return { kind: 'ran', line: g.line, source, result: g.result === null ? null : valuesOperand(g.result), operands };
}

function shapeText(shape: readonly number[]): string {
  return shape.length === 0 ? '()' : shape.join(',');
}

/**
 * What the state says of a line's op: the op, its operands' shapes and
 * dtypes (what a link and the two-shape mode read); the views draw the
 * line itself (PlaygroundModel.showLine).
 */
export function lineState(line: LineOp): Partial<State> {
  const [c, a, b] = line.op === 'where' ? line.operands : [null, ...line.operands];
  const patch: Partial<State> = {
    op: line.op, a: shapeText(a?.shape ?? []), b: shapeText(b?.shape ?? []),
    da: a?.dtype ?? 'float32', db: b?.dtype ?? 'float32', ta: '', tb: '', tc: '',
  };
  if (c !== null) patch.c = shapeText(c?.shape ?? []);
  // An in-place op that could not keep self's shape opens the view made for it.
  if (isInplace(line.op) && line.trace === null && line.broadcast.result !== null) patch.view = 'inplace';
  return patch;
}

/** The 0-based offset in code of a 1-based line and column. */
export function offsetOf(code: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const next = code.indexOf('\n', at);
    if (next < 0) return code.length;
    at = next + 1;
  }
  return Math.min(at + column - 1, code.length);
}

export function spanText(code: string, span: { line: number; column: number; endLine: number; endColumn: number }): string {
  return code.slice(offsetOf(code, span.line, span.column), offsetOf(code, span.endLine, span.endColumn)).trim();
}

/**
 * What the views' operands stand for in the program: for the line's op,
 * each input as written (the expression that made it, or the name it is
 * bound to; a Python number as its value), in the views' order (a, b;
 * where's condition first). Empty when the call's values do not say which
 * input an operand is.
 */
export function operandSources(program: ProgramRun, statement: ProgramStatement, choice: number | null = null): string[] {
  const line = lineOp(statement, null, choice);
  if (line === null || line.operands.some((o) => o.input === null && o.number === null)) return [];
  const inputs = inputTexts(program, statement, line.call);
  const texts = line.operands.map((o) => o.number ?? inputs[o.input as number] ?? '');
  return texts.every((t) => t !== '') ? texts : [];
}

/**
 * Each input of one of the statement's calls as written: the name it is
 * bound to, or the expression of the earlier call on the line that made
 * it; '' when neither says.
 */
export function inputTexts(program: ProgramRun, statement: ProgramStatement, call: ProgramCall): string[] {
  const made = new Map<number, string>();
  for (const s of program.statements) {
    if (s.line > statement.line) break;
    for (const [name, info] of Object.entries(s.names)) if (info.id !== null) made.set(info.id, name);
  }
  for (const c of statement.calls) {
    if (c === call) break;
    for (const id of c.outputs) made.set(id, spanText(program.code, c));
  }
  return call.inputs.map((id) => made.get(id) ?? '');
}
