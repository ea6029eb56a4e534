// Everything the core says about one set of inputs. The broadcast trace and
// the op run are computed at once (every view needs them); strides,
// gradients, the in-place check and fixes when a view asks for them. Only
// plain data is kept: every tensor is made and freed inside tc.tidy.
import type { BroadcastTrace, Tensorcast } from 'tensorcast';
import type { Fix, FixMode } from './fixes.js';
import { computeFixes } from './fixes.js';
import type { GradientData } from './gradient.js';
import { computeGradient, computeGradientShapes } from './gradient.js';
import type { InplaceData } from './inplace.js';
import { computeInplace } from './inplace.js';
import type { KeepdimHint } from './keepdim.js';
import { keepdimHints } from './keepdim.js';
import { MAX_RUN_ELEMENTS } from './limits.js';
import type { Operand } from './operands.js';
import { readOperand, tensorOf } from './operands.js';
import { standInTrace } from './plan-run.js';
import type { PromotionStatement } from './promotion.js';
import { computePromotion } from './promotion-run.js';
import type { OpRun } from './run-op.js';
import { runOp } from './run-op.js';
import type { Op, State } from './state.js';
import { isInplace, operandsOf, takesAlpha } from './state.js';
import type { StridesData } from './strides.js';
import { computeStrides } from './strides.js';

/** Why the op was not run, besides a broadcast or op error. */
export type Blocker =
  | { kind: 'operand'; operand: Operand }
  | { kind: 'alpha'; text: string }
  | { kind: 'result-too-big'; numel: number };

export class Computation {
  readonly op: Op;
  readonly operands: Operand[];
  readonly alpha: number;
  readonly broadcast: BroadcastTrace | null;
  readonly blocker: Blocker | null;
  readonly run: OpRun | null;
  /**
   * Every input reads and the shapes broadcast, but an input or the result
   * is too big to make (MAX_RUN_ELEMENTS): everything but the values is
   * still shown (shapes, strides, the plan, the gradient's reduction).
   */
  readonly valuesOnlyMissing: boolean;
  private readonly memo = new Map<string, unknown>();

  constructor(private readonly tc: Tensorcast, private readonly state: Readonly<State>) {
    this.op = state.op;
    this.operands = operandsOf(state.op).map((name) => readOperand(tc, state, name));
    const alphaText = state.alpha.trim();
    const alpha = Number(alphaText);
    const alphaOk = !takesAlpha(state.op) || (alphaText !== '' && Number.isFinite(alpha));
    this.alpha = alphaOk && takesAlpha(state.op) ? alpha : 1;
    const shapes = this.operands.map((o) => o.shape);
    this.broadcast = shapes.every((s) => s !== null) ? tc.explain.broadcast(...(shapes as number[][])) : null;

    const stuck = this.operands.find((o) => o.problem !== null);
    const resultNumel = this.broadcast?.result?.reduce((p, s) => p * s, 1) ?? 0;
    if (stuck !== undefined) this.blocker = { kind: 'operand', operand: stuck };
    else if (!alphaOk) this.blocker = { kind: 'alpha', text: state.alpha };
    else if (resultNumel > MAX_RUN_ELEMENTS) this.blocker = { kind: 'result-too-big', numel: resultNumel };
    else this.blocker = null;
    this.valuesOnlyMissing = alphaOk && this.broadcast?.result != null &&
      this.operands.every((o) => o.problem === null || o.problem.kind === 'too-big') &&
      (this.blocker?.kind === 'result-too-big' || this.blocker?.kind === 'operand');

    this.run = this.blocker === null
      ? tc.tidy(() => runOp(tc, this.op, this.operands.map((o) => tensorOf(tc, o)), this.alpha))
      : null;
  }

  /** PyTorch's message for the op (or the broadcast), if it failed. */
  get error(): string | null {
    return this.run?.error ?? this.broadcast?.error ?? null;
  }

  /** The result's shape: the op's, or, when it was too big to run, the broadcast's. */
  get resultShape(): number[] | null {
    if (this.run !== null) return this.run.shape;
    const tooBig = this.blocker?.kind === 'result-too-big' ||
      (this.blocker?.kind === 'operand' && this.blocker.operand.problem?.kind === 'too-big');
    // Too big to run: the broadcast still says the shape (an in-place op's verdict needs the run).
    return tooBig && !isInplace(this.op) ? (this.broadcast?.result ?? null) : null;
  }

  private cached<T>(key: string, make: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, make());
    return this.memo.get(key) as T;
  }

  get strides(): StridesData {
    return this.cached('strides', () => {
      const result = this.broadcast?.result ?? null;
      const tooBig = this.valuesOnlyMissing && result !== null ? { standIn: standInTrace(this.tc, this.op, this.operands, this.alpha, result) } : null;
      return computeStrides(this.tc, this.operands, result, this.run, tooBig);
    });
  }

  /** null when the op did not run (nothing to differentiate); only shapes when it was too big to run. */
  get gradient(): GradientData | null {
    if (this.valuesOnlyMissing && !isInplace(this.op))
      return this.cached('gradient', () => computeGradientShapes(this.tc, this.operands, this.broadcast?.result as number[]));
    if (this.run === null) return null;
    if (this.run.error !== null && !isInplace(this.op)) return null;
    return this.cached('gradient', () => computeGradient(this.tc, this.op, this.operands, this.alpha, this.state.loss));
  }

  get inplace(): InplaceData | null {
    const x = this.operands.find((o) => o.name === 'a');
    const y = this.operands.find((o) => o.name === 'b');
    if (x === undefined || y === undefined || (this.blocker !== null && this.blocker.kind !== 'result-too-big')) return null;
    return this.cached('inplace', () => computeInplace(this.tc, this.op, x, y, this.alpha));
  }

  /** Why fixes are offered: a failure, or a legal outer product; null when neither. */
  get fixMode(): FixMode | null {
    if (this.blocker !== null && this.blocker.kind !== 'result-too-big') return null;
    if (this.error !== null) return 'error';
    return this.broadcast?.notes.includes('outer-product') === true ? 'outer' : null;
  }

  get fixes(): Fix[] {
    const mode = this.fixMode;
    if (mode === null) return [];
    return this.cached('fixes', () => computeFixes(this.tc, this.op, this.operands, this.alpha, mode));
  }

  /** How PyTorch decided the dtypes (promotion.ts); null when the op did not run or its shapes were refused. */
  get promotion(): PromotionStatement[] | null {
    return this.cached('promotion', () => computePromotion(this.tc, this.op, this.operands, this.run, this.broadcast));
  }

  /** For a failing broadcast: b looks like a reduced without keepdim=True (keepdim.ts). */
  get keepdim(): KeepdimHint[] {
    if (this.fixMode !== 'error' || isInplace(this.op)) return [];
    return this.cached('keepdim', () => keepdimHints(this.tc, this.operands));
  }
}
