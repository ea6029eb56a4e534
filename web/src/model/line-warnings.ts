// Note [Likely wrong lines]: a line that runs can still be a mistake PyTorch
// never reports. The code mode marks four kinds amber (never green), each
// read from the program's record of the statement, with the reason:
//   outer: an elementwise op between two tensors that hold the same number
//     of values in different shapes, broadcast to more than either ((3,) -
//     (3, 1) is (3, 3)): the values were meant to pair one to one. An outer
//     product written on purpose (x[:, :, None] - y) pairs tensors of
//     different sizes and is not marked.
//   reduce-dim: a reduction without keepdim=True, then an op with the tensor
//     it reduced, where broadcasting lines the reduced tensor's dims up
//     with other dims than they came from (x - x.mean(1) of a square x: each
//     row's mean meets a column). It runs only because the sizes happen to
//     agree.
//   shared-write: an in-place op on a tensor whose storage another name
//     holds (col = x[:, 1]; col += 5 changes x).
//   int-division: // (floor_divide) with an integer result: the fraction is
//     dropped, where a mean or a ratio wants /.
import type { OpTrace, ProgramCall, ProgramStatement, ValueInfo } from 'tensorcast';
import { OPS } from 'tensorcast';
import { explainCall } from './call-explain.js';
import type { ProgramRun } from './program.js';

export type LineWarning =
  | { kind: 'outer'; a: number[]; b: number[]; result: number[]; count: number }
  | { kind: 'reduce-dim'; reduction: string; dims: number[]; input: number[] }
  | { kind: 'shared-write'; written: string; others: string[] }
  | { kind: 'int-division'; dtype: string };

const numel = (shape: readonly number[]): number => shape.reduce((p, n) => p * n, 1);
const same = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((n, i) => n === b[i]);
const opTraces = (call: ProgramCall): OpTrace[] => call.traces.filter((e): e is OpTrace => e.kind === 'op');

function outerWarning(call: ProgramCall): LineWarning | null {
  for (const t of opTraces(call)) {
    const result = t.broadcast.result;
    const [a, b] = t.operands.slice(1).map((o) => o.shape);
    if (result === null || a === undefined || b === undefined || !t.broadcast.notes.includes('outer-product')) continue;
    if (numel(a) === numel(b) && numel(a) > 1 && !same(a, b)) return { kind: 'outer', a: [...a], b: [...b], result: [...result], count: numel(a) };
  }
  return null;
}

/** The call that made tensor id, last before `call` in the program's record (up to `upTo`); null when none recorded it. */
export function makerOf(program: ProgramRun, upTo: ProgramStatement, call: ProgramCall, id: number): ProgramCall | null {
  let found: ProgramCall | null = null;
  for (const s of program.statements) {
    for (const c of s.calls) {
      if (c === call) return found;
      if (c.outputs.includes(id)) found = c;
    }
    if (s === upTo) break;
  }
  return found;
}

function reduceDimWarning(program: ProgramRun, statement: ProgramStatement, call: ProgramCall): LineWarning | null {
  const trace = opTraces(call).find((t) => t.broadcast.result !== null && t.operands.length === 3);
  if (trace === undefined || call.failed) return null;
  for (const [k, id] of call.inputs.entries()) {
    const maker = makerOf(program, statement, call, id);
    const e = maker === null ? null : explainCall(program, maker);
    if (maker === null || e === null || e.kind !== 'reduction' || e.keepdim) continue;
    // The other operand has the reduced tensor's shape: the tensor it was reduced from.
    const other = call.inputs.length === 2 ? call.inputs[1 - k] : undefined;
    const otherShape = trace.operands.slice(1).map((o) => o.shape).find((s) => same(s, e.input));
    if (other === undefined || otherShape === undefined) continue;
    const kept = e.input.map((_, d) => d).filter((d) => !e.dims.includes(d));
    const shift = otherShape.length - kept.length;
    // Each kept dim must meet the dim it came from, once broadcasting has added 1s on the left.
    if (kept.some((d, j) => d !== shift + j && (e.input[d] ?? 1) !== 1))
      return { kind: 'reduce-dim', reduction: maker.op.slice(maker.op.lastIndexOf('.') + 1), dims: [...e.dims], input: [...e.input] };
  }
  return null;
}

function sharedWriteWarning(names: ReadonlyMap<string, ValueInfo>, call: ProgramCall): LineWarning | null {
  const self = call.inputs[0];
  if (self === undefined || !call.outputs.includes(self) || call.failed) return null;
  const storage = call.outputInfo[call.outputs.indexOf(self)]?.storage ?? null;
  if (storage === null) return null;
  let written = '';
  const others: string[] = [];
  for (const [name, info] of names) {
    if (info.id === self) written ||= name;
    else if (info.storage === storage && info.id !== null) others.push(name);
  }
  return others.length === 0 ? null : { kind: 'shared-write', written, others };
}

/** Whether a trace's op is floor division (//, floor_divide, floor_divide_), by the table's PyTorch name. */
const isFloorDivide = (op: string): boolean => /(^|\.)floor_divide_?$/.test(OPS.find((o) => o.name === op)?.torch ?? op);

function intDivisionWarning(call: ProgramCall): LineWarning | null {
  const t = opTraces(call).find((o) => isFloorDivide(o.op));
  const dtype = t?.promotion.resultDtype;
  return dtype === undefined || dtype === 'bool' || dtype.startsWith('float') || call.failed ? null : { kind: 'int-division', dtype };
}

/**
 * The first likely mistake of each statement that ran (Note [Likely wrong
 * lines]), by the statement; a statement without one is not in the map.
 */
export function lineWarnings(program: ProgramRun): Map<ProgramStatement, LineWarning> {
  const out = new Map<ProgramStatement, LineWarning>();
  const names = new Map<string, ValueInfo>();
  for (const s of program.statements) {
    for (const call of s.calls) {
      const found = outerWarning(call) ?? reduceDimWarning(program, s, call) ?? sharedWriteWarning(names, call) ?? intDivisionWarning(call);
      if (found !== null && !out.has(s)) out.set(s, found);
    }
    for (const [name, info] of Object.entries(s.names)) names.set(name, info);
  }
  return out;
}
