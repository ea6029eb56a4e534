// The chosen op applied to tensors, as a tensor (for the gradient view,
// which needs the autograd graph rather than a trace).
import type { Tensor, Tensorcast } from 'tensorcast';
import type { Op } from './state.js';
import { takesAlpha } from './state.js';

export function applyOp(tc: Tensorcast, op: Op, operands: Tensor[], alpha: number): Tensor {
  const run = takesAlpha(op) ? tc.explain.op(op, ...operands, { alpha }) : tc.explain.op(op, ...operands);
  if (run.error !== null || run.result === null) throw new Error(run.error ?? `${op} gave no result`);
  return run.result;
}
