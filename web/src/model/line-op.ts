// A line of a program opened in the playground's views (alignment, strides,
// gradient, in-place): the first op of its statement that the two-shape
// mode can show, as the state that shows it. The views then draw it as they
// draw any two shapes, from the core's traces of that op on operands of the
// same shapes and dtypes (filled with arange: the views are about shapes,
// and the program's values stay in its own print()).
import type { BroadcastTrace, DType, OpTrace, ProgramStatement } from 'tensorcast';
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

function patchFor(op: Op, shapes: readonly (readonly number[])[], dtypes: readonly (DType | undefined)[]): Partial<State> {
  // where(condition, a, b): the trace lists the condition first, as the core takes it.
  const [c, a, b] = op === 'where' ? shapes : [null, ...shapes];
  const [, da, db] = op === 'where' ? dtypes : [undefined, ...dtypes];
  const patch: Partial<State> = { op, a: shapeText(a ?? []), b: shapeText(b ?? []), da: dtypeOrFloat(da), db: dtypeOrFloat(db), ta: '', tb: '', tc: '', fa: 'arange', fb: 'arange', fc: 'arange' };
  if (c !== null) patch.c = shapeText(c ?? []);
  return patch;
}

function fromOpTrace(trace: OpTrace): Partial<State> | null {
  if (!OFFERED.has(trace.op)) return null;
  const inputs = trace.operands.slice(1);
  return patchFor(trace.op as Op, inputs.map((o) => o.shape), inputs.map((o) => o.dtype));
}

/**
 * The state showing the statement's first op the views can draw; null when
 * it has none (a factory, a reduction, a view). A statement that raised in a
 * broadcast shows that broadcast: its call names the op, its trace the shapes.
 */
export function lineOpState(statement: ProgramStatement): Partial<State> | null {
  for (const event of statement.traces) {
    if (event.kind !== 'op') continue;
    const patch = fromOpTrace(event);
    if (patch !== null) return patch;
  }
  for (const call of statement.calls) {
    const op = tableName(call.op);
    if (!OFFERED.has(op)) continue;
    const failed = call.traces.find((e): e is BroadcastTrace => e.kind === 'broadcast' && e.error !== null);
    if (failed !== undefined) return patchFor(op as Op, failed.inputs, []);
  }
  return null;
}
