// What the gradient view draws: the backward pass of loss = out.sum() (or a
// weighted sum) through the op, and how each input's gradient is reduced to
// its shape. The reduction steps are the core's trace (tc.explain.backward);
// every grid of numbers is computed by the core: the gradient at out's shape
// comes from the same op run on full-size copies of the inputs (so nothing
// is reduced), the partial sums from sum(dims, keepdim=True), and the final
// numbers are the inputs' .grad.
import type { ReduceGradTrace, Tensor, Tensorcast } from 'tensorcast';
import type { Operand } from './operands.js';
import { tensorOf } from './operands.js';
import { applyOp } from './apply-op.js';
import type { Loss, Op, OperandName } from './state.js';
import { isInplace, opGroupOf } from './state.js';

export interface GradStage {
  shape: number[];
  values: Float32Array;
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
  | { ok: true; outShape: number[]; lossValue: number; dOut: GradStage; inputs: InputGrad[] }
  | { ok: false; error: string; inplace: boolean }
  /**
   * out is bool (a comparison, or where of two bool tensors): it has no
   * gradient, so there is no backward to draw; `comparison` says why.
   */
  | { ok: false; boolResult: true; comparison: boolean };

function stage(t: Tensor): GradStage {
  return { shape: t.shape, values: t.data() as Float32Array };
}

function lossOf(tc: Tensorcast, out: Tensor, loss: Loss): Tensor {
  if (loss === 'sum') return out.sum();
  const weights = tc.arange(1, out.numel + 1).reshape(out.shape);
  return out.mul(weights).sum();
}

function backwardOf(tc: Tensorcast, op: Op, operands: readonly Operand[], alpha: number, loss: Loss): GradientData {
  const leaves = operands.map((o) => tensorOf(tc, o, o.dtype !== 'bool'));
  const out = applyOp(tc, op, leaves, alpha);
  // The core's own refusal (backward of out.sum() raises "element 0 of
  // tensors does not require grad ...") says what, not why: say it plainly.
  if (out.dtype === 'bool' && !out.requiresGrad) return { ok: false, boolResult: true, comparison: opGroupOf(op) === 'comparison' };
  const lossTensor = lossOf(tc, out, loss);
  const { steps } = tc.explain.backward(lossTensor);

  // d loss / d out, from a leaf standing in for out.
  const outLeaf = tc.tensor(out.data(), { shape: out.shape, requiresGrad: true });
  lossOf(tc, outLeaf, loss).backward();
  // The same op on full-size copies: their .grad is each input's gradient before any reduction.
  const full = operands.map((o, i) => {
    const leaf = leaves[i] as Tensor;
    if (o.dtype === 'bool') return leaf;
    return tc.tensor(leaf.broadcastTo(out.shape).data(), { shape: out.shape, requiresGrad: true });
  });
  lossOf(tc, applyOp(tc, op, full, alpha), loss).backward();

  const inputs: InputGrad[] = [];
  operands.forEach((operand, i) => {
    const leaf = leaves[i] as Tensor;
    const step = steps.find((s) => s.inputId === leaf.id);
    const grad = leaf.grad;
    const incoming = (full[i] as Tensor).grad;
    if (operand.dtype === 'bool' || step === undefined || grad === null || incoming === null) return;
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
  return { ok: true, outShape: out.shape, lossValue: lossTensor.item(), dOut: stage(outLeaf.grad as Tensor), inputs };
}

export function computeGradient(tc: Tensorcast, op: Op, operands: readonly Operand[], alpha: number, loss: Loss): GradientData {
  try {
    return tc.tidy(() => backwardOf(tc, op, operands, alpha, loss));
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error), inplace: isInplace(op) };
  }
}
