// tc.explain: run something with the core's recording on and hand back what
// it did as plain data (docs/traces.md). The playground draws only from it.
import { checkAlpha, checkIntList, checkOptions, describe, fail, splitOptions } from './args.js';
import type { OpName } from './generated/ops.js';
import type { BroadcastTrace, OpTrace, PromotionTrace, ReduceGradTrace, TraceEvent } from './generated/traces.js';
import type { Runtime } from './runtime.js';
import type { Tensor } from './tensor.js';
import { writeIndex } from './indexing.js';
import type { IndexItem } from './indexing.js';

export interface ExplainedOp {
  /** The result (for an in-place op, the tensor written to); null if it failed. */
  result: Tensor | null;
  /** The op's trace; null if it failed before running. */
  trace: OpTrace | null;
  /** Everything recorded, in order: broadcasts, the op, warnings. */
  events: TraceEvent[];
  /** PyTorch's message when the op failed, else null. */
  error: string | null;
}

export interface ExplainedBackward {
  /** One step per gradient handed to an input. */
  steps: ReduceGradTrace[];
  events: TraceEvent[];
}

export class Explain {
  /** @internal */
  constructor(private readonly rt: Runtime<Tensor>) {}

  /** How the shapes broadcast, dim by dim; never throws for a mismatch. */
  broadcast(...shapes: (readonly number[])[]): BroadcastTrace {
    const checked = shapes.map((s, i) => checkIntList(s, 'explain.broadcast', `shapes[${i}]`));
    const count = this.rt.scratch.writeShapes(checked);
    return JSON.parse(this.rt.core.explainBroadcast(count)) as BroadcastTrace;
  }

  /**
   * Runs an op of the table ('add', 'sub_', 'where', 'relu', 'matmul', ...) with its
   * operands and, for add/sub, { alpha }. A failing op is reported in
   * `error`, not thrown; bad arguments (an unknown op, a disposed tensor)
   * still throw.
   */
  op(name: OpName, ...args: unknown[]): ExplainedOp {
    const rt = this.rt;
    const code = typeof name === 'string' ? rt.code(name) : undefined;
    if (code === undefined)
      fail(typeof name === 'string' ? 'value' : 'type',
        `explain.op(): unknown op ${typeof name === 'string' ? `'${name}'` : describe(name)}; known: ${rt.ops.map((op) => op.name).join(', ')}`);
    const entry = rt.ops[code] as (typeof rt.ops)[number];
    // Messages of the shared checks read "explain.op(): ...", ours name the op.
    const fn = 'explain.op';
    const [operands, options] = splitOptions(args);
    if (operands.length !== entry.arity)
      fail('type', `explain.op('${name}'): expected ${entry.arity} operand${entry.arity > 1 ? 's' : ''}, got ${operands.length}`);
    if (!entry.alpha) checkOptions(options, fn, []);
    const alpha = checkAlpha(options, fn, entry.alpha);
    // The first operand of unary, in-place and where ops must be a tensor.
    const handles = [0, 0, 0];
    const numbers = [0, 0, 0];
    operands.forEach((x, i) => {
      if (i === 0 && entry.arity !== 2) handles[0] = rt.tensorArg(x, fn, 'input');
      else if (i === 0 && entry.inplace) handles[0] = rt.tensorArg(x, fn, 'self');
      else [handles[i], numbers[i]] = rt.operand(x, fn, `operands[${i}]`, i);
    });
    const out = JSON.parse(
      rt.core.explainOp(code, handles[0] as number, numbers[0] as number, handles[1] as number,
        numbers[1] as number, handles[2] as number, numbers[2] as number, alpha),
    ) as { result: number; error: string | null; events: TraceEvent[] };
    let result: Tensor | null = null;
    if (out.result !== 0) result = rt.adopt(out.result, code);
    else if (entry.inplace && out.error === null) result = operands[0] as Tensor;
    const traces = out.events.filter((e): e is OpTrace => e.kind === 'op' && e.op === name);
    return { result, trace: traces[traces.length - 1] ?? null, events: out.events, error: out.error };
  }

  /**
   * How `op` (a binary op or comparison, 'add' by default; an in-place
   * form says whether the result is converted into self) decides its
   * dtypes for these operands (tensors, numbers, booleans or BigInts),
   * without running it: torch.result_type step by step.
   *   explain.promotion(tc.tensor([1, 2]), 2.5).resultDtype   // returns 'float32'
   */
  promotion(a: unknown, b: unknown, op: OpName = 'add'): PromotionTrace {
    const rt = this.rt;
    const fn = 'explain.promotion';
    const code = typeof op === 'string' ? rt.code(op) : undefined;
    const entry = code === undefined ? undefined : rt.ops[code];
    if (code === undefined || entry === undefined || (entry.family !== 'binary' && entry.family !== 'compare'))
      fail(typeof op === 'string' ? 'value' : 'type',
        `${fn}(): op must be a binary op or a comparison (${rt.ops.filter((o) => o.family === 'binary' || o.family === 'compare').map((o) => o.name).join(', ')}), not ${typeof op === 'string' ? `'${op}'` : describe(op)}`);
    const [ha, na] = entry.inplace ? [rt.tensorArg(a, fn, 'self'), 0] : rt.operand(a, fn, 'a', 0);
    const [hb, nb] = rt.operand(b, fn, 'b', 1);
    return JSON.parse(rt.core.explainPromotion(code, ha, na, hb, nb)) as PromotionTrace;
  }

  /**
   * Runs t.index(spec) (a string or the array form) and shows what each
   * item did to the view, and for tensor items how they broadcast and where
   * their dims land (trace.indexing). A refused index is reported in
   * `error`, not thrown.
   *   explain.index(x, ':, [0, 2]').trace.indexing.placement   // returns 'adjacent'
   */
  index(t: Tensor, spec: string | readonly IndexItem<Tensor>[]): ExplainedOp {
    const rt = this.rt;
    const h = rt.tensorArg(t, 'explain.index', 'input');
    const count = writeIndex(rt, spec, 'explain.index');
    const out = JSON.parse(rt.core.explainIndex(h, count)) as { result: number; error: string | null; events: TraceEvent[] };
    const result = out.result !== 0 ? rt.adopt(out.result, 'index') : null;
    const traces = out.events.filter((e): e is OpTrace => e.kind === 'op' && e.op === 'index');
    return { result, trace: traces[traces.length - 1] ?? null, events: out.events, error: out.error };
  }

  /** Runs loss.backward(gradient) (so .grad is set) and shows each gradient's reduction. */
  backward(loss: Tensor, gradient?: Tensor): ExplainedBackward {
    const rt = this.rt;
    const h = rt.tensorArg(loss, 'explain.backward', 'loss');
    const g = gradient === undefined ? 0 : rt.tensorArg(gradient, 'explain.backward', 'gradient');
    const events = JSON.parse(rt.core.explainBackward(h, g)) as TraceEvent[];
    return { steps: events.filter((e): e is ReduceGradTrace => e.kind === 'reduce-grad'), events };
  }
}

