// The dtype decision of the op the playground ran: the core's trace when
// the op ran; when the core refused it with shapes that fit, the decision
// it made before refusing (an in-place op that cannot write its result
// into self: the out-of-place form's trace holds that result's dtype).
// A call refused for its shapes is the alignment's and in-place views'
// subject, not this one's: null.
import type { BroadcastTrace, Tensorcast } from 'tensorcast';
import { OPS } from 'tensorcast';
import type { Operand } from './operands.js';
import { tensorOf } from './operands.js';
import type { PromotionStatement } from './promotion.js';
import { promotionStatements } from './promotion.js';
import type { OpRun } from './run-op.js';
import { runOp } from './run-op.js';
import type { Op } from './state.js';

const sameShape = (x: readonly number[], y: readonly number[]): boolean => x.length === y.length && x.every((s, i) => s === y[i]);

export function computePromotion(
  tc: Tensorcast, op: Op, operands: readonly Operand[], alpha: number, run: OpRun | null, broadcast: BroadcastTrace | null,
): PromotionStatement[] | null {
  if (run === null || broadcast === null || broadcast.result === null) return null;
  const traced = run.trace?.promotion;
  if (run.error === null) return traced === undefined ? null : promotionStatements({ op, trace: traced, error: null });
  const info = OPS.find((o) => o.name === op);
  const self = operands[0]?.shape;
  if (info?.inplace === true && (self == null || !sameShape(broadcast.result, self))) return null;
  const base = info?.base as Op | null | undefined;
  if (base == null) return [{ kind: 'refused', message: run.error }];
  const outOfPlace = tc.tidy(() => runOp(tc, base, operands.map((o) => tensorOf(tc, o)), alpha));
  const trace = outOfPlace.trace?.promotion;
  return trace === undefined ? [{ kind: 'refused', message: run.error }] : promotionStatements({ op, trace, error: run.error });
}
