// What the gradient view draws: the backward pass of loss = out.sum() (or a
// weighted sum) through the op, and how each input's gradient is reduced to
// its shape. The reduction steps are the core's trace (tc.explain.backward);
// every grid of numbers is computed by the core: the gradient at out's shape
// comes from the same op run on full-size copies of the inputs (so nothing
// is reduced), the partial sums from sum(dims, keepdim=True), and the final
// numbers are the inputs' .grad. Above the playground's size cap only the
// reduction is traced (computeGradientShapes), and no stage has values.
import type { DType, ReduceGradTrace, Tensor, Tensorcast } from 'tensorcast';
import type { Numbers } from './dtypes.js';
import { differentiable, numbersIn, numbersOf } from './dtypes.js';
import type { LineOp, LineOperand } from './line-op.js';
import type { Operand } from './operands.js';
import { stridedValues, tensorOf } from './operands.js';
import { applyOp } from './apply-op.js';
import type { Loss, Op, OperandName } from './state.js';
import { isInplace, opGroupOf } from './state.js';

export interface GradStage {
  shape: number[];
  /** null when the tensors are too big to make (MAX_RUN_ELEMENTS): only the shape is known. */
  values: Numbers | null;
}

/**
 * An operand that gets no gradient: an integer or bool tensor cannot
 * require grad; in a program, a floating-point one may simply not
 * (`requires-grad`: made without requires_grad=True, and computed from
 * nothing that requires grad).
 */
export interface NoGradOperand {
  name: OperandName;
  dtype: DType;
  reason?: 'dtype' | 'requires-grad';
}

export interface InputGrad {
  name: OperandName;
  step: ReduceGradTrace;
  /** The gradient handed to this input, at out's shape. */
  incoming: GradStage;
  afterLeading: GradStage | null;
  afterOnes: GradStage | null;
  /** The input's .grad. */
  grad: GradStage;
}

/** Where a program's gradients came from: the line of the backward() whose pass computed them, and its text. */
export interface GradSource {
  line: number;
  source: string;
}

export type GradientData =
  /**
   * without: the operands that take part in the op but get no gradient.
   * program: the gradients are a program's own (programGradient), computed
   * by its backward() on that line; dOut is then what reached out.
   */
  | { ok: true; outShape: number[]; lossValue: number | null; dOut: GradStage; inputs: InputGrad[]; without: NoGradOperand[]; program?: GradSource }
  /**
   * A program's line through which no backward pass ran: the program calls
   * none after it (`lines` empty), or those on `lines` did not reach its
   * result; or nothing on the line requires grad, so autograd did not
   * record it (`notRecorded`; without: the operands and why).
   */
  | { ok: false; noBackward: true; lines: number[]; notRecorded: boolean; without: NoGradOperand[] }
  | { ok: false; error: string; inplace: boolean }
  /**
   * out is bool (a comparison, or where of two bool tensors): it has no
   * gradient, so there is no backward to draw; `comparison` says why.
   */
  | { ok: false; boolResult: true; comparison: boolean }
  /**
   * No operand is a floating-point tensor, so none requires grad and
   * nothing records the op: out (of dtype `result`) has no gradient either.
   */
  | { ok: false; noFloatInput: true; without: NoGradOperand[]; result: DType | null };

/** a and b when they cannot require grad (c, where's condition, never takes part in the gradient). */
function withoutGradient(operands: readonly Operand[]): NoGradOperand[] {
  return operands.filter((o) => !differentiable(o.dtype) && o.name !== 'c').map((o) => ({ name: o.name, dtype: o.dtype }));
}

function stage(t: Tensor): GradStage {
  return { shape: t.shape, values: numbersOf(t) };
}

function lossOf(tc: Tensorcast, out: Tensor, loss: Loss): Tensor {
  if (loss === 'sum') return out.sum();
  const weights = tc.arange(1, out.numel + 1, 1, { dtype: 'float32' }).reshape(out.shape);
  return out.mul(weights).sum();
}

function backwardOf(tc: Tensorcast, op: Op, operands: readonly Operand[], alpha: number, loss: Loss): GradientData {
  const leaves = operands.map((o) => tensorOf(tc, o, true));
  const out = applyOp(tc, op, leaves, alpha);
  const without = withoutGradient(operands);
  // The core's own refusal (backward of out.sum() raises "element 0 of
  // tensors does not require grad ...") says what, not why: say it plainly.
  if (out.dtype === 'bool' && !out.requiresGrad) return { ok: false, boolResult: true, comparison: opGroupOf(op) === 'comparison' };
  if (!out.requiresGrad) return { ok: false, noFloatInput: true, without, result: out.dtype };
  const lossTensor = lossOf(tc, out, loss);
  const { steps } = tc.explain.backward(lossTensor);

  // d loss / d out, from a leaf standing in for out.
  const outLeaf = tc.tensor(out.data() as Float32Array | Float64Array, { shape: out.shape, dtype: out.dtype, requiresGrad: true });
  lossOf(tc, outLeaf, loss).backward();
  // The same op on full-size copies: their .grad is each input's gradient before any reduction.
  const full = operands.map((o, i) => {
    const leaf = leaves[i] as Tensor;
    if (!differentiable(o.dtype)) return leaf;
    return tc.tensor(leaf.broadcastTo(out.shape).data() as Float32Array | Float64Array, { shape: out.shape, dtype: o.dtype, requiresGrad: true });
  });
  lossOf(tc, applyOp(tc, op, full, alpha), loss).backward();

  const inputs: InputGrad[] = [];
  operands.forEach((operand, i) => {
    const leaf = leaves[i] as Tensor;
    const step = steps.find((s) => s.inputId === leaf.id);
    const grad = leaf.grad;
    const incoming = (full[i] as Tensor).grad;
    if (!differentiable(operand.dtype) || step === undefined || grad === null || incoming === null) return;
    let partial = incoming;
    let afterLeading = null;
    let afterOnes = null;
    if (step.leadingDims.length > 0) {
      partial = partial.sum(step.leadingDims, true);
      afterLeading = stage(partial);
    }
    if (step.onesDims.length > 0) {
      partial = partial.sum(step.onesDims, true);
      afterOnes = stage(partial);
    }
    inputs.push({ name: operand.name, step, incoming: stage(incoming), afterLeading, afterOnes, grad: stage(grad) });
  });
  return { ok: true, outShape: out.shape, lossValue: Number(lossTensor.item()), dOut: stage(outLeaf.grad as Tensor), inputs, without };
}

/** The shapes a gradient goes through on its way to an input's shape (the stages of InputGrad); null for a stage the reduction skips. */
export interface ReductionShapes {
  incoming: number[];
  afterLeading: number[] | null;
  afterOnes: number[] | null;
  grad: number[];
}

/**
 * The stages of one reduction from its trace alone: the leading dims summed
 * and kept as 1, then the size-1 dims, then the view to the input's shape.
 * The program views (web/src/views/program-backward.ts) draw these for
 * tensors whose values are gone.
 */
export function reductionShapes(step: ReduceGradTrace): ReductionShapes {
  return {
    incoming: [...step.gradShape],
    afterLeading: step.leadingDims.length > 0 ? [...step.leadingDims.map(() => 1), ...step.gradShape.slice(step.leadingDims.length)] : null,
    afterOnes: step.onesDims.length > 0 ? [...step.keepdimShape] : null,
    grad: [...step.resultShape],
  };
}

export function computeGradient(tc: Tensorcast, op: Op, operands: readonly Operand[], alpha: number, loss: Loss): GradientData {
  try {
    return tc.tidy(() => backwardOf(tc, op, operands, alpha, loss));
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error), inplace: isInplace(op) };
  }
}

/**
 * The reduction of each input's gradient when the tensors are too big to
 * make: the reduction depends only on the shapes, and the core traces it
 * for any node whose gradient arrives at out's shape. An expand to out's
 * shape is such a node (its backward hands the gradient on, and the core
 * sums it to the input's shape as it does for the op), and expanding costs
 * nothing: an input too big to make is itself an expanded one-element
 * tensor. The loss, a sum of the expanded view, is one multiply per
 * repeated dim (Note [Summing a repeated dim] in src/ops/reduce.cpp), and
 * the gradient it sends back is an expanded view as well.
 */
export function computeGradientShapes(tc: Tensorcast, operands: readonly Operand[], outShape: readonly number[]): GradientData {
  try {
    return tc.tidy(() => {
      const inputs: InputGrad[] = [];
      const without = withoutGradient(operands);
      // Too big to run: the result's dtype is not known here, only that nothing requires grad.
      if (!operands.some((o) => differentiable(o.dtype))) return { ok: false, noFloatInput: true, without, result: null };
      for (const operand of operands) {
        const shape = operand.shape;
        if (!differentiable(operand.dtype) || shape === null) continue;
        const leaf = tc.zeros(operand.values === null ? shape.map(() => 1) : shape, { requiresGrad: true });
        const input = operand.values === null ? leaf.broadcastTo(shape) : leaf;
        const { steps } = tc.explain.backward(input.broadcastTo(outShape).sum());
        const step = steps.find((s) => s.inputId === input.id);
        if (step === undefined) continue;
        const none = (s: readonly number[] | null): GradStage | null => (s === null ? null : { shape: [...s], values: null });
        const shapes = reductionShapes(step);
        inputs.push({
          name: operand.name, step, incoming: none(shapes.incoming) as GradStage,
          afterLeading: none(shapes.afterLeading), afterOnes: none(shapes.afterOnes), grad: none(shapes.grad) as GradStage,
        });
      }
      return { ok: true, outShape: [...outShape], lossValue: null, dOut: { shape: [...outShape], values: null }, inputs, without };
    });
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error), inplace: false };
  }
}

/** A program's recorded tensor as a stage: its values in row-major order (null past the record's bounds). */
function recordedStage(t: LineOperand): GradStage {
  return { shape: [...t.shape], values: t.cells === null ? null : numbersIn(t.dtype, stridedValues(t.cells, t.shape, t.strides, t.offset)) };
}

/**
 * A stage summed over dims, kept as size 1: the intermediate stages of a
 * reduction, which the core does in one sum (Note [Gradient reduction]).
 * Added in double precision and rounded once to the gradient's dtype.
 */
function summedStage(stage: GradStage, dims: readonly number[], dtype: DType): GradStage {
  const shape = stage.shape.map((n, d) => (dims.includes(d) ? 1 : n));
  if (stage.values === null) return { shape, values: null };
  const sums = new Float64Array(shape.reduce((p, n) => p * n, 1));
  const index = stage.shape.map(() => 0);
  for (let i = 0; i < stage.values.length; i++) {
    let at = 0;
    for (let d = 0; d < shape.length; d++) at = at * (shape[d] as number) + (dims.includes(d) ? 0 : (index[d] as number));
    sums[at] = (sums[at] as number) + (stage.values[i] as number);
    for (let d = index.length - 1; d >= 0; d--) {
      if (++(index[d] as number) < (stage.shape[d] as number)) break;
      index[d] = 0;
    }
  }
  return { shape, values: numbersIn(dtype, Array.from(sums)) };
}

/** Why an operand of a program's line got no gradient (NoGradOperand's reason). */
function programWithout(line: LineOp, operands: readonly Operand[], got: (i: number) => boolean): NoGradOperand[] {
  return operands.flatMap((o, i) => {
    const source = line.operands[i];
    if (o.name === 'c' || source === undefined || source.input === null || got(i)) return [];
    return [{ name: o.name, dtype: o.dtype, reason: differentiable(o.dtype) ? 'requires-grad' as const : 'dtype' as const }];
  });
}

/**
 * The gradient view of a program's line: the numbers the program's own
 * backward pass computed through the line's call (Note [Call gradients];
 * never a backward run again on a loss made up for the view), or why
 * there are none. The stages between an input's gradient at out's shape
 * and what it received are those sums (summedStage); the ends are the record's.
 */
export function programGradient(line: LineOp, operands: readonly Operand[]): GradientData {
  const grads = line.grads;
  // As for the two-shape mode's ops: a bool result, or no floating-point operand, has no gradient at all.
  if (line.out?.dtype === 'bool') return { ok: false, boolResult: true, comparison: opGroupOf(line.op) === 'comparison' };
  if (!operands.some((o) => o.name !== 'c' && differentiable(o.dtype)))
    return { ok: false, noFloatInput: true, without: withoutGradient(operands), result: line.out?.dtype ?? null };
  if (grads === null || grads.kind !== 'ran') {
    const lines = grads?.kind === 'not-reached' ? grads.lines : [];
    const without = programWithout(line, operands, () => false);
    return { ok: false, noBackward: true, lines, notRecorded: grads?.kind === 'not-recorded', without };
  }
  const outShape = line.out?.shape ?? line.broadcast.result ?? [];
  const dOut: GradStage = grads.result === null ? { shape: [...outShape], values: null } : recordedStage(grads.result);
  const inputs: InputGrad[] = [];
  operands.forEach((operand, i) => {
    const got = grads.operands[i];
    if (got == null || got.step === null) return;
    const { step } = got;
    const incoming = recordedStage(got.incoming);
    const leading = step.leadingDims.length > 0 ? summedStage(incoming, step.leadingDims, got.incoming.dtype) : null;
    const ones = step.onesDims.length > 0 ? summedStage(leading ?? incoming, step.onesDims, got.incoming.dtype) : null;
    inputs.push({ name: operand.name, step, incoming, afterLeading: leading, afterOnes: ones, grad: recordedStage(got.reduced) });
  });
  const without = programWithout(line, operands, (i) => grads.operands[i] != null);
  return { ok: true, outShape: [...outShape], lossValue: null, dOut, inputs, without, program: { line: grads.line, source: grads.source } };
}
