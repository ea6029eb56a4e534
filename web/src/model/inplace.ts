// What the in-place view shows: x.op_(y) must keep x's shape. The core runs
// the in-place op (its message on failure is PyTorch's); the older message,
// which the example in PyTorch's note "Broadcasting semantics" still shows,
// is what expand says for y.expand(x's shape).
import type { BroadcastTrace, Tensorcast } from 'tensorcast';
import { OPS } from 'tensorcast';
import type { Operand } from './operands.js';
import { tensorOf } from './operands.js';
import { runOp } from './run-op.js';
import type { Op } from './state.js';
import { inplaceOf } from './state.js';

export interface InplaceData {
  op: Op;
  /** The op chosen, when it has no in-place form (maximum, minimum, where: PyTorch has none) and add_ stands in for it. */
  substitutedFrom: Op | null;
  /** Whether op is an in-place comparison (eq_ ...): it writes 1 and 0 in a's dtype. */
  comparison: boolean;
  /** a's dtype after a success (an in-place op never changes it). */
  resultDtype: string | null;
  self: number[];
  other: number[];
  broadcast: BroadcastTrace;
  error: string | null;
  expandError: string | null;
  /** After a failure: whether x kept its values. */
  unchanged: boolean | null;
  /** x's shape after a success. */
  resultShape: number[] | null;
}

/**
 * The in-place form of an op, and whether add_ stands in for one that has
 * none: the table gives each op PyTorch's (eq -> eq_, pow -> pow_); PyTorch
 * has no maximum_, minimum_ or where_.
 */
export function inplaceFormOf(op: Op): { op: Op; standIn: boolean } {
  const form = inplaceOf(op);
  return form === null ? { op: 'add_', standIn: true } : { op: form, standIn: false };
}

function sameValues(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

export function computeInplace(tc: Tensorcast, op: Op, x: Operand, y: Operand, alpha: number): InplaceData | null {
  if (x.shape === null || y.shape === null || x.values === null || y.values === null) return null;
  const { op: used, standIn } = inplaceFormOf(op);
  const self = x.shape;
  const other = y.shape;
  return tc.tidy(() => {
    const xt = tensorOf(tc, x);
    const yt = tensorOf(tc, y);
    const before = xt.data() as Float32Array | Uint8Array;
    const run = runOp(tc, used, [xt, yt], alpha);
    let expandError: string | null = null;
    if (run.error !== null) {
      try {
        yt.expand(self);
      } catch (error) {
        expandError = error instanceof Error ? error.message : String(error);
      }
    }
    return {
      op: used,
      substitutedFrom: standIn ? op : null,
      comparison: OPS.some((info) => info.name === used && info.family === 'compare'),
      self,
      other,
      broadcast: tc.explain.broadcast(self, other),
      error: run.error,
      expandError,
      unchanged: run.error === null ? null : sameValues(before, xt.data() as Float32Array | Uint8Array),
      resultShape: run.error === null ? xt.shape : null,
      resultDtype: run.error === null ? xt.dtype : null,
    };
  });
}
