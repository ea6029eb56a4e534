// Runs the chosen op through the core with recording on (tc.explain.op) and
// keeps what the views need as plain data, so no tensor outlives the call.
import type { OpTrace, Tensor, Tensorcast, TraceEvent, WarningEvent } from 'tensorcast';
import type { Op } from './state.js';
import { takesAlpha } from './state.js';

export interface OpRun {
  trace: OpTrace | null;
  events: TraceEvent[];
  /** PyTorch's message when the op failed. */
  error: string | null;
  shape: number[] | null;
  values: Float32Array | Uint8Array | null;
  bool: boolean;
  /** The warnings the run raised: PyTorch's backcompat one among them when the instance has it on (the playground turns it on once, at start). */
  warnings: WarningEvent[];
}

/** Operands in the core's order (where: condition, input, other). Call inside tc.tidy. */
export function runOp(tc: Tensorcast, op: Op, operands: Tensor[], alpha: number): OpRun {
  let explained;
  try {
    explained = takesAlpha(op) ? tc.explain.op(op, ...operands, { alpha }) : tc.explain.op(op, ...operands);
  } catch (error) {
    return {
      trace: null, events: [], error: error instanceof Error ? error.message : String(error),
      shape: null, values: null, bool: false, warnings: [],
    };
  }
  const { result, trace, events, error } = explained;
  const warnings = events.filter((e): e is WarningEvent => e.kind === 'warning');
  if (result === null || error !== null)
    return { trace, events, error, shape: null, values: null, bool: false, warnings };
  return { trace, events, error: null, shape: result.shape, values: result.data() as Float32Array | Uint8Array, bool: result.dtype === 'bool', warnings };
}
