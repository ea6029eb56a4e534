// Runs the chosen op through the core with recording on (tc.explain.op) and
// keeps what the views need as plain data, so no tensor outlives the call.
import type { DType, OpTrace, Tensor, Tensorcast, TraceEvent, WarningEvent } from 'tensorcast';
import type { Numbers } from './dtypes.js';
import { numbersOf } from './dtypes.js';
import type { Op } from './state.js';
import { takesAlpha } from './state.js';

export interface OpRun {
  trace: OpTrace | null;
  events: TraceEvent[];
  /** PyTorch's message when the op failed. */
  error: string | null;
  shape: number[] | null;
  values: Numbers | null;
  bool: boolean;
  /** The result's dtype; null when the op failed. */
  dtype: DType | null;
  /** The warnings the run raised: PyTorch's backcompat one among them when the instance has it on (the playground turns it on once, at start). */
  warnings: WarningEvent[];
  /** A program's call, not a run of the op here (Computation's line). */
  fromProgram?: boolean;
}

/** Operands in the core's order (where: condition, input, other). Call inside tc.tidy. */
export function runOp(tc: Tensorcast, op: Op, operands: Tensor[], alpha: number): OpRun {
  let explained;
  try {
    explained = takesAlpha(op) ? tc.explain.op(op, ...operands, { alpha }) : tc.explain.op(op, ...operands);
  } catch (error) {
    return {
      trace: null, events: [], error: error instanceof Error ? error.message : String(error),
      shape: null, values: null, bool: false, dtype: null, warnings: [],
    };
  }
  const { result, trace, events, error } = explained;
  const warnings = events.filter((e): e is WarningEvent => e.kind === 'warning');
  if (result === null || error !== null)
    return { trace, events, error, shape: null, values: null, bool: false, dtype: null, warnings };
  return { trace, events, error: null, shape: result.shape, values: numbersOf(result), bool: result.dtype === 'bool', dtype: result.dtype, warnings };
}
