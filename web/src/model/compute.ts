// Everything the core says about one set of inputs. The broadcast trace and
// the op run are computed at once (every view needs them); strides,
// gradients, the in-place check and fixes when a view asks for them. Only
// plain data is kept: every tensor is made and freed inside tc.tidy.
// A program's line (line-op.ts) brings its own: the op's trace and the
// operands' and result's values as the program had them, so the op is not
// run again; what a view derives from them (strides' reads, the gradient,
// the in-place check, fixes) starts from the program's values.
import type { BroadcastTrace, Tensorcast, WarningEvent } from 'tensorcast';
import { numbersIn } from './dtypes.js';
import type { Fix, FixMode } from './fixes.js';
import { computeFixes } from './fixes.js';
import type { GradientData } from './gradient.js';
import { computeGradient, computeGradientShapes, programGradient } from './gradient.js';
import type { InplaceData } from './inplace.js';
import { computeInplace } from './inplace.js';
import type { LineOp } from './line-op.js';
import { exactNumber } from './line-op.js';
import type { KeepdimHint } from './keepdim.js';
import { keepdimHints } from './keepdim.js';
import { MAX_RUN_ELEMENTS } from './limits.js';
import type { Operand } from './operands.js';
import { lineOperand, readOperand, stridedValues, tensorOf } from './operands.js';
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

/** What the core says of the state's own operands (not a program's line). */
interface StateParts {
  operands: Operand[];
  alpha: number;
  broadcast: BroadcastTrace | null;
  blocker: Blocker | null;
  valuesOnlyMissing: boolean;
  run: OpRun | null;
}

// The parts in order, yielding after each operand and after the broadcast.
function* stateParts(tc: Tensorcast, state: Readonly<State>): Generator<void, StateParts, void> {
  const operands: Operand[] = [];
  for (const name of operandsOf(state.op)) {
    operands.push(readOperand(tc, state, name));
    yield;
  }
  const alphaText = state.alpha.trim();
  const alphaValue = Number(alphaText);
  const alphaOk = !takesAlpha(state.op) || (alphaText !== '' && Number.isFinite(alphaValue));
  const alpha = alphaOk && takesAlpha(state.op) ? alphaValue : 1;
  const shapes = operands.map((o) => o.shape);
  const broadcast = shapes.every((s) => s !== null) ? tc.explain.broadcast(...(shapes as number[][])) : null;
  yield;

  const stuck = operands.find((o) => o.problem !== null);
  const resultNumel = broadcast?.result?.reduce((p, s) => p * s, 1) ?? 0;
  let blocker: Blocker | null = null;
  if (stuck !== undefined) blocker = { kind: 'operand', operand: stuck };
  else if (!alphaOk) blocker = { kind: 'alpha', text: state.alpha };
  else if (resultNumel > MAX_RUN_ELEMENTS) blocker = { kind: 'result-too-big', numel: resultNumel };
  const valuesOnlyMissing = alphaOk && broadcast?.result != null &&
    operands.every((o) => o.problem === null || o.problem.kind === 'too-big') &&
    (blocker?.kind === 'result-too-big' || blocker?.kind === 'operand');
  const run = blocker === null ? tc.tidy(() => runOp(tc, state.op, operands.map((o) => tensorOf(tc, o)), alpha)) : null;
  return { operands, alpha, broadcast, blocker, valuesOnlyMissing, run };
}

function finish<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}

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

  /** The program's line shown (line-op.ts), or null for the state's operands. */
  private readonly line: LineOp | null;

  /** computed: the state's parts from stepwise (for a line, unused). */
  constructor(private readonly tc: Tensorcast, private readonly state: Readonly<State>, line: LineOp | null = null, computed: StateParts | null = null) {
    this.line = line;
    if (line !== null) {
      this.op = line.op;
      const names = operandsOf(line.op);
      this.operands = line.operands.map((o, i) => lineOperand(names[i] ?? 'a', o));
      // add's and sub's alpha, as the program gave it (a failed broadcast has no trace: 1).
      this.alpha = line.trace?.alpha == null ? 1 : exactNumber(line.trace.alpha);
      this.broadcast = line.broadcast;
      this.run = lineRun(line);
      const missing = this.operands.find((o) => o.problem !== null);
      this.blocker = missing === undefined ? null : { kind: 'operand', operand: missing };
      this.valuesOnlyMissing = this.broadcast.result !== null && (missing !== undefined || (this.run.shape !== null && this.run.values === null));
      return;
    }
    this.op = state.op;
    const parts = computed ?? finish(stateParts(tc, state));
    this.operands = parts.operands;
    this.alpha = parts.alpha;
    this.broadcast = parts.broadcast;
    this.blocker = parts.blocker;
    this.valuesOnlyMissing = parts.valuesOnlyMissing;
    this.run = parts.run;
  }

  /**
   * The state's computation with a pause (pause(): a later task) after each
   * operand and after the broadcast, before the run: for the page's first
   * computation, whose calls are the browser's first of each wasm function,
   * compiled then (Note [Compiled on first call], src/for_size.h); in one task
   * it held a phone for about 100 ms (bench/notes.md, "The first render on a
   * phone").
   */
  static async stepwise(tc: Tensorcast, state: Readonly<State>, pause: () => Promise<void>): Promise<Computation> {
    const steps = stateParts(tc, state);
    for (;;) {
      const next = steps.next();
      if (next.done === true) return new Computation(tc, state, null, next.value);
      await pause();
    }
  }

  /** PyTorch's message for the op (or the broadcast), if it failed. */
  get error(): string | null {
    return this.run?.error ?? this.broadcast?.error ?? null;
  }

  /** Whether the operands and the run are a program's line (the run is its call's). */
  get fromProgram(): boolean {
    return this.run?.fromProgram === true;
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
      // A program's line has its trace: nothing is run on stand-ins.
      const tooBig = this.valuesOnlyMissing && result !== null && !this.fromProgram ? { standIn: standInTrace(this.tc, this.op, this.operands, this.alpha, result) } : null;
      return computeStrides(this.tc, this.operands, result, this.run, tooBig);
    });
  }

  /** null when the op did not run (nothing to differentiate); only shapes when it was too big to run. */
  get gradient(): GradientData | null {
    // A program's line opened with its program: the program's own backward pass, or why it has none.
    const line = this.line;
    if (line !== null && line.grads !== null && line.out !== null)
      return this.cached('gradient', () => programGradient(line, this.operands));
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

/**
 * A program's call as the run the views read: its trace and its result's
 * values, as the call left them; a failed broadcast's error as PyTorch
 * raised it in the program.
 */
function lineRun(line: LineOp): OpRun {
  const warnings = line.events.filter((e): e is WarningEvent => e.kind === 'warning');
  const out = line.out;
  if (line.trace === null || out === null)
    return { trace: line.trace, events: line.events, error: line.error ?? line.broadcast.error, shape: null, values: null, bool: false, dtype: null, warnings, fromProgram: true };
  const values = out.cells === null ? null : numbersIn(out.dtype, stridedValues(out.cells, out.shape, out.strides, out.offset));
  return { trace: line.trace, events: line.events, error: null, shape: [...out.shape], values, bool: out.dtype === 'bool', dtype: out.dtype, warnings, fromProgram: true };
}
