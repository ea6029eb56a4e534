// A line of a program opened in the playground's views (alignment, strides,
// gradient, in-place): the first op of its statement that the two-shape
// mode can show, as the state that shows it. The views then draw it as they
// draw any two shapes, from the core's traces of that op on operands of the
// same shapes and dtypes (filled with arange: the views are about shapes,
// and the program's values stay in its own print()).
import type { BroadcastTrace, DType, OpTrace, ProgramCall, ProgramStatement } from 'tensorcast';
import type { ProgramRun } from './program.js';
import { DTYPES, OPS } from './state.js';
import type { Op, State } from './state.js';

const OFFERED: ReadonlySet<string> = new Set(OPS);

/** The table's name for a call's op: 'Tensor.floor_divide_' and 'torch.sub' read as 'floorDivide_' and 'sub'. */
export function tableName(op: string): string {
  const last = op.slice(op.lastIndexOf('.') + 1);
  const inplace = last.endsWith('_') && last.length > 1;
  const base = (inplace ? last.slice(0, -1) : last).replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return inplace ? `${base}_` : base;
}

function shapeText(shape: readonly number[]): string {
  return shape.length === 0 ? '()' : shape.join(',');
}

function dtypeOrFloat(dtype: DType | undefined): DType {
  return dtype !== undefined && DTYPES.includes(dtype) ? dtype : 'float32';
}

/** An operand as the two-shape mode makes it: a shape, and a view chain over it (view-chain.ts). */
interface Made {
  shape: readonly number[];
  chain: string;
}

/**
 * An operand whose strides are a permutation of a dense tensor's (x.T,
 * x.permute(...)) is made as that dense tensor and the permute, so that the
 * strides view shows the strides the op read. Anything else (a slice, an
 * offset, an expand) is made dense: its shape and dtype are right, and the
 * views say what a dense operand does.
 */
export function madeAs(shape: readonly number[], strides: readonly number[], offset: number): Made {
  const dense = { shape, chain: '' };
  if (offset !== 0 || shape.length < 2 || shape.length !== strides.length || shape.some((n) => n < 2)) return dense;
  const order = shape.map((_, i) => i).sort((i, j) => (strides[j] as number) - (strides[i] as number));
  if (order.every((d, i) => d === i)) return dense;
  const base = order.map((d) => shape[d] as number);
  let step = 1;
  for (let k = base.length - 1; k >= 0; k--) {
    if (strides[order[k] as number] !== step) return dense;
    step *= base[k] as number;
  }
  // base.permute(p)[i] is base's dim p[i]: the dim of base that holds original dim i.
  const p = shape.map((_, i) => order.indexOf(i));
  return { shape: base, chain: shape.length === 2 ? '.T' : `.permute(${p.join(', ')})` };
}

function patchFor(op: Op, made: readonly Made[], dtypes: readonly (DType | undefined)[]): Partial<State> {
  // where(condition, a, b): the trace lists the condition first, as the core takes it.
  const [c, a, b] = op === 'where' ? made : [null, ...made];
  const [, da, db] = op === 'where' ? dtypes : [undefined, ...dtypes];
  const patch: Partial<State> = {
    op, a: shapeText(a?.shape ?? []), b: shapeText(b?.shape ?? []), da: dtypeOrFloat(da), db: dtypeOrFloat(db),
    ta: a?.chain ?? '', tb: b?.chain ?? '', tc: c?.chain ?? '', fa: 'arange', fb: 'arange', fc: 'arange',
  };
  if (c !== null) patch.c = shapeText(c?.shape ?? []);
  return patch;
}

function fromOpTrace(trace: OpTrace): Partial<State> | null {
  if (!OFFERED.has(trace.op)) return null;
  const inputs = trace.operands.slice(1);
  return patchFor(trace.op as Op, inputs.map((o) => madeAs(o.shape, o.strides, o.offset)), inputs.map((o) => o.dtype));
}

/**
 * The state showing the statement's first op the views can draw; null when
 * it has none (a factory, a reduction, a view). A statement that raised in a
 * broadcast shows that broadcast: the trace gives the shapes, the call that
 * raised (recorded, failed: Note [Programs] in src/lang/program.h) the op.
 */
export function lineOpState(statement: ProgramStatement): Partial<State> | null {
  for (const event of statement.traces) {
    if (event.kind !== 'op') continue;
    const patch = fromOpTrace(event);
    if (patch !== null) return patch;
  }
  const failed = statement.traces.find((e): e is BroadcastTrace => e.kind === 'broadcast' && e.error !== null);
  if (failed === undefined) return null;
  const dense = failed.inputs.map((shape) => ({ shape, chain: '' }));
  for (const call of statement.calls) {
    const op = tableName(call.op);
    if (OFFERED.has(op) && call.traces.includes(failed)) return patchFor(op as Op, dense, []);
  }
  return null;
}

/** The 0-based offset in code of a 1-based line and column. */
function offsetOf(code: string, line: number, column: number): number {
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
 * What the views' operands stand for in the program: for the op lineOpState
 * opened, each input as written (the expression that made it, or the name it
 * is bound to), in the views' order (a, b; where's condition first). Empty
 * when the statement's calls do not say.
 */
export function operandSources(program: ProgramRun, statement: ProgramStatement): string[] {
  const op = statement.traces.find((e): e is OpTrace => e.kind === 'op' && OFFERED.has(e.op));
  let call: ProgramCall | undefined;
  if (op !== undefined) call = statement.calls.find((c) => c.traces.includes(op));
  else call = statement.calls.find((c) => OFFERED.has(tableName(c.op)) && c.traces.some((e) => e.kind === 'broadcast' && e.error !== null));
  if (call === undefined) return [];
  const made = new Map<number, string>();
  for (const s of program.statements) {
    if (s.line > statement.line) break;
    for (const [name, info] of Object.entries(s.names)) if (info.id !== null) made.set(info.id, name);
  }
  for (const c of statement.calls) {
    if (c === call) break;
    for (const id of c.outputs) made.set(id, spanText(program.code, c));
  }
  // A Python number among the operands has no tensor id: the views' operands and the call's inputs would not line up.
  const wanted = op !== undefined ? op.operands.length - 1 : call.traces.find((e): e is BroadcastTrace => e.kind === 'broadcast')?.inputs.length ?? -1;
  if (call.inputs.length !== wanted) return [];
  const texts = call.inputs.map((id) => made.get(id) ?? '');
  return texts.every((t) => t !== '') ? texts : [];
}
