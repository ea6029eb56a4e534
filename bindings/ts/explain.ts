// tc.explain: run something with the core's recording on and hand back what
// it did as plain data (docs/traces.md). The playground draws only from it.
import { checkIntList, checkNumber, checkOptions, describe, fail, splitOptions } from './args.js';
import { Tensor } from './tensor.js';
import type { AlphaOptions, Tensorcast } from './tensorcast.js';
import type { BroadcastTrace, OpTrace, ReduceGradTrace, TraceEvent } from './traces.js';

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
  constructor(private readonly tc: Tensorcast) {}

  /** How the shapes broadcast, dim by dim; never throws for a mismatch. */
  broadcast(...shapes: (readonly number[])[]): BroadcastTrace {
    const checked = shapes.map((s, i) => checkIntList(s, 'explain.broadcast', `shapes[${i}]`));
    const count = this.tc._scratch.writeShapes(checked);
    return JSON.parse(this.tc._core.explainBroadcast(count)) as BroadcastTrace;
  }

  /**
   * Runs an elementwise op ('add', 'sub_', 'where', 'relu', ...) with its
   * operands and, for add/sub, { alpha }. A failing op is reported in
   * `error`, not thrown; bad arguments (an unknown op, a disposed tensor)
   * still throw.
   */
  op(name: string, ...args: unknown[]): ExplainedOp {
    const tc = this.tc;
    const entry = typeof name === 'string' ? tc._ops.get(name) : undefined;
    if (entry === undefined)
      fail(typeof name === 'string' ? 'value' : 'type',
        `explain.op(): unknown op ${typeof name === 'string' ? `'${name}'` : describe(name)}; known: ${[...tc._ops.keys()].join(', ')}`);
    // Messages of the shared checks read "explain.op(): ...", ours name the op.
    const fn = 'explain.op';
    const [operands, options] = splitOptions(args);
    if (operands.length !== entry.arity)
      fail('type', `explain.op('${name}'): expected ${entry.arity} operand${entry.arity > 1 ? 's' : ''}, got ${operands.length}`);
    let alpha = 1;
    if (entry.alpha) {
      const opts = checkOptions<AlphaOptions>(options, fn, ['alpha']);
      if (opts.alpha !== undefined) alpha = checkNumber(opts.alpha, fn, 'alpha');
    } else {
      checkOptions(options, fn, []);
    }
    // The first operand of unary, in-place and where ops must be a tensor.
    const handles = [0, 0, 0];
    const numbers = [0, 0, 0];
    operands.forEach((x, i) => {
      if (i === 0 && entry.arity !== 2) handles[0] = tc._tensorArg(x, fn, 'input');
      else if (i === 0 && entry.inplace) handles[0] = tc._tensorArg(x, fn, 'self');
      else [handles[i], numbers[i]] = tc._operand(x, fn, `operands[${i}]`);
    });
    const out = JSON.parse(
      tc._core.explainOp(entry.code, handles[0] as number, numbers[0] as number, handles[1] as number,
        numbers[1] as number, handles[2] as number, numbers[2] as number, alpha),
    ) as { result: number; error: string | null; events: TraceEvent[] };
    let result: Tensor | null = null;
    if (out.result !== 0) result = tc._adopt(out.result);
    else if (entry.inplace && out.error === null) result = operands[0] as Tensor;
    const traces = out.events.filter((e): e is OpTrace => e.kind === 'op' && e.op === name);
    return { result, trace: traces[traces.length - 1] ?? null, events: out.events, error: out.error };
  }

  /** Runs loss.backward(gradient) (so .grad is set) and shows each gradient's reduction. */
  backward(loss: Tensor, gradient?: Tensor): ExplainedBackward {
    const tc = this.tc;
    const h = tc._tensorArg(loss, 'explain.backward', 'loss');
    const g = gradient === undefined ? 0 : tc._tensorArg(gradient, 'explain.backward', 'gradient');
    const events = JSON.parse(tc._core.explainBackward(h, g)) as TraceEvent[];
    return { steps: events.filter((e): e is ReduceGradTrace => e.kind === 'reduce-grad'), events };
  }
}

