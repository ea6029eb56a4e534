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
import { differentiable, numbersOf } from './dtypes.js';
import type { Operand } from './operands.js';
import { tensorOf } from './operands.js';
import { applyOp } from './apply-op.js';
import type { Loss, Op, OperandName } from './state.js';
import { isInplace, opGroupOf } from './state.js';

export interface GradStage {
  shape: number[];
  /** null when the tensors are too big to make (MAX_RUN_ELEMENTS): only the shape is known. */
  values: Numbers | null;
}

/** An operand that gets no gradient: an integer or bool tensor cannot require grad. */
export interface NoGradOperand {
  name: OperandName;
  dtype: DType;
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

export type GradientData =
  /** without: the operands (integer or bool) that take part in the op but get no gradient. */
  | { ok: true; outShape: number[]; lossValue: number | null; dOut: GradStage; inputs: InputGrad[]; without: NoGradOperand[] }
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
