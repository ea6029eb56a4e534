// The dtype decision of the op the playground ran: the core's trace when
// the op ran; when the core refused it with shapes that fit, the decision
// it makes before refusing (tc.explain.promotion, which decides without
// running: an in-place form says whether self could take the result).
// A call refused for its shapes is the alignment's and in-place views'
// subject, not this one's: null.
import type { BroadcastTrace, PromotionTrace, Tensorcast } from 'tensorcast';
import { OPS } from 'tensorcast';
import type { Operand } from './operands.js';
import { tensorOf } from './operands.js';
import type { PromotionStatement } from './promotion.js';
import { promotionStatements } from './promotion.js';
import type { OpRun } from './run-op.js';
import type { Op } from './state.js';

const sameShape = (x: readonly number[], y: readonly number[]): boolean => x.length === y.length && x.every((s, i) => s === y[i]);

export function computePromotion(
  tc: Tensorcast, op: Op, operands: readonly Operand[], run: OpRun | null, broadcast: BroadcastTrace | null,
): PromotionStatement[] | null {
  if (run === null || broadcast === null || broadcast.result === null) return null;
  const traced = run.trace?.promotion;
  if (run.error === null) return traced === undefined ? null : promotionStatements({ op, trace: traced, error: null });
  const info = OPS.find((o) => o.name === op);
  const self = operands[0]?.shape;
  if (info?.inplace === true && (self == null || !sameShape(broadcast.result, self))) return null;
  // where is not a binary op to explain.promotion; it is refused only for its shapes or its condition.
  if (info === undefined || (info.family !== 'binary' && info.family !== 'compare')) return [{ kind: 'refused', message: run.error }];
  let trace: PromotionTrace;
  try {
    trace = tc.tidy(() => tc.explain.promotion(tensorOf(tc, operands[0] as Operand), tensorOf(tc, operands[1] as Operand), op));
  } catch {
    return [{ kind: 'refused', message: run.error }];
  }
  return promotionStatements({ op, trace, error: run.error });
}
