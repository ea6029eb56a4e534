// The iteration plan of an op whose values the playground does not show.
// The plan is built by the core when it runs the op (it lays out the
// output first), so the op runs on stand-ins: zero-filled tensors of the
// inputs' shapes, contiguous like the real ones, so the core sees the same
// shapes and strides and plans the same loops. No value is read back.
import type { OpTrace, Tensor, Tensorcast } from 'tensorcast';
import { MAX_PLAN_ELEMENTS } from './limits.js';
import type { Operand } from './operands.js';
import type { Op } from './state.js';
import { takesAlpha } from './state.js';

const numelOf = (shape: readonly number[]): number => shape.reduce((p, s) => p * s, 1);

/** null when a shape is missing, the stand-ins would be too big (MAX_PLAN_ELEMENTS), or the op fails. */
export function standInTrace(
  tc: Tensorcast, op: Op, operands: readonly Operand[], alpha: number, resultShape: readonly number[],
): OpTrace | null {
  if (operands.some((o) => o.shape === null)) return null;
  const total = operands.reduce((n, o) => n + numelOf(o.shape as number[]), numelOf(resultShape));
  if (total > MAX_PLAN_ELEMENTS) return null;
  try {
    return tc.tidy(() => {
      // Each stand-in has its operand's dtype: the plan and the kernel's name depend on it.
      const tensors: Tensor[] = operands.map((o) => tc.zeros(o.shape as number[], { dtype: o.dtype }));
      const run = takesAlpha(op) ? tc.explain.op(op, ...tensors, { alpha }) : tc.explain.op(op, ...tensors);
      return run.error === null ? run.trace : null;
    });
  } catch {
    return null;
  }
}
