// PyTorch's dtype decision for one op, as plain statements a view words:
// each operand's dtype and category, how each category's dtypes promote,
// which category decided the common dtype, the op's rule (div goes to
// float, comparisons give bool), the casts before the loop, and for an
// in-place op whether the result goes into self or is refused. Every
// dtype comes from the core's trace (Note [Type promotion] in
// src/promotion.h, Note [In-place dtypes] in src/ops/inplace.cpp); only the
// words that say why (a float outranks an integer) are chosen here.
import type { DType, PromotionTrace } from 'tensorcast';
import { OPS } from 'tensorcast';
import { canCast, kindOf, outranks } from './dtypes.js';

export type { PromotionTrace };
export type Category = PromotionTrace['decidedBy'];
export type DTypeRule = PromotionTrace['rule'];

/** The categories from the highest (the one that decides unless a lower one brings a higher kind). */
export const CATEGORIES: readonly Category[] = ['tensor', 'zero-dim', 'number'];

/** Why a category's dtypes promote to the one they do. */
export type WithinReason =
  /** one operand, or all of one dtype */
  | 'same'
  /** a higher kind wins: float over integer over bool */
  | 'kind'
  /** one kind: the wider dtype holds the others */
  | 'wider';

/** The operands of one category and their promoted dtype. */
export interface CategoryGroup {
  category: Category;
  names: string[];
  dtype: DType;
}

export type PromotionStatement =
  /** number: a Python number's text (Scalar::exact_text), and numberDtype the dtype its category stands as. */
  | { kind: 'operand'; name: string; dtype: DType; category: Category; number?: { text: string; dtype: DType } }
  /**
   * Operands of one category promote among themselves first: their dtypes
   * to `dtype`, which is the common dtype when theirs is the only category.
   */
  | { kind: 'within'; category: Category; names: string[]; dtypes: DType[]; dtype: DType; reason: WithinReason; common: boolean }
  /** One category with one operand: its dtype is the common one. */
  | { kind: 'common'; dtype: DType }
  /**
   * Several categories: the one that decided, the higher ones it outranked
   * by bringing a higher kind, and the lower ones that brought none (and so
   * did not count).
   */
  | { kind: 'across'; decider: CategoryGroup; higher: CategoryGroup[]; lower: CategoryGroup[]; common: DType }
  | { kind: 'rule'; op: string; rule: DTypeRule; common: DType; compute: DType; result: DType }
  /** The operands converted to the compute dtype before the loop (none: all already are). */
  | { kind: 'casts'; names: string[]; compute: DType }
  /** In place: self keeps its dtype; the result is converted into it (cast) or already is it. */
  | { kind: 'inplace'; op: string; self: DType; result: DType; cast: boolean; comparison: boolean }
  /** In place: a result of a higher kind than self's, which PyTorch refuses to write (its message). */
  | { kind: 'inplace-refused'; op: string; self: DType; result: DType; message: string }
  /** The core refused the call for another reason (bool - bool ...): its message. */
  | { kind: 'refused'; message: string };

export interface PromotionInput {
  /** The op as called (add, add_, where ...). */
  op: string;
  /** How the dtypes were decided, from the core (its trace, or tc.explain.promotion when it refused the call). */
  trace: PromotionTrace;
  /** The core's message when it refused the call (the shapes being fine); null when it ran. */
  error: string | null;
}

// The core names an in-place op's operands self and other: the playground's a and b.
const OUR_NAME: Readonly<Record<string, string>> = { self: 'a', other: 'b' };

function within(category: Category, operands: PromotionTrace['operands'], dtype: DType, common: boolean): PromotionStatement {
  const names = operands.map((o) => OUR_NAME[o.name] ?? o.name);
  const dtypes = operands.map((o) => o.dtype);
  const reason: WithinReason = dtypes.every((d) => d === dtype) ? 'same' : dtypes.some((d) => outranks(dtype, d)) ? 'kind' : 'wider';
  return { kind: 'within', category, names, dtypes, dtype, reason, common };
}

function dtypeOfCategory(trace: PromotionTrace, category: Category): DType | null {
  return category === 'tensor' ? trace.tensorDtype : category === 'zero-dim' ? trace.zeroDimDtype : trace.numberDtype;
}

export function promotionStatements({ op, trace, error }: PromotionInput): PromotionStatement[] {
  const info = OPS.find((o) => o.name === op);
  const inplace = info?.inplace === true;
  const comparison = info?.family === 'compare';
  const out: PromotionStatement[] = trace.operands.map((o): PromotionStatement => {
    const statement = { kind: 'operand' as const, name: OUR_NAME[o.name] ?? o.name, dtype: o.dtype, category: o.category };
    return o.number == null || trace.numberDtype === null ? statement : { ...statement, number: { text: o.number, dtype: trace.numberDtype } };
  });
  const present = CATEGORIES.filter((c) => trace.operands.some((o) => o.category === c));
  for (const category of present) {
    const members = trace.operands.filter((o) => o.category === category);
    const dtype = dtypeOfCategory(trace, category);
    if (members.length > 1 && dtype !== null) out.push(within(category, members, dtype, present.length === 1));
  }
  const group = (category: Category): CategoryGroup => ({
    category,
    names: trace.operands.filter((o) => o.category === category).map((o) => OUR_NAME[o.name] ?? o.name),
    dtype: dtypeOfCategory(trace, category) as DType,
  });
  if (present.length > 1) {
    const at = present.indexOf(trace.decidedBy);
    out.push({ kind: 'across', decider: group(trace.decidedBy), higher: present.slice(0, at).map(group), lower: present.slice(at + 1).map(group), common: trace.commonDtype });
  } else if (trace.operands.length === 1) out.push({ kind: 'common', dtype: trace.commonDtype });
  // In place, the trace's result is self's dtype; the op's own result is what it computes (a comparison's, bool).
  const self = inplace ? trace.resultDtype : null;
  const computed = comparison ? 'bool' : trace.computeDtype;
  out.push({ kind: 'rule', op: info?.base ?? op, rule: trace.rule, common: trace.commonDtype, compute: trace.computeDtype, result: inplace ? computed : trace.resultDtype });
  // A refused call never reaches its loop: no conversion to speak of.
  if (error === null) out.push({ kind: 'casts', names: trace.operands.filter((o) => o.cast).map((o) => OUR_NAME[o.name] ?? o.name), compute: trace.computeDtype });
  if (self !== null && error !== null && !comparison && !canCast(computed, self)) out.push({ kind: 'inplace-refused', op, self, result: computed, message: error });
  else if (error !== null) out.push({ kind: 'refused', message: error });
  else if (self !== null) out.push({ kind: 'inplace', op, self, result: computed, cast: trace.resultCast, comparison });
  return out;
}
