// Turns what the user typed for one operand into its shape (read by the
// core's parser) and its values, or into the error that explains why not.
import type { DType, Tensor, Tensorcast } from 'tensorcast';
import { differentiable, kindOf } from './dtypes.js';
import { MAX_RUN_ELEMENTS } from './limits.js';
import { seededDecimals, seededIntegers, seededUniform } from './random.js';
import { chainOf, dtypeOf, fillOf, valuesOf } from './state.js';
import type { Fill, OperandName, State } from './state.js';
import { parseValues } from './values.js';
import type { LineOperand } from './line-op.js';
import { applyChain } from './view-apply.js';
import type { ChainError, ChainLink } from './view-chain.js';
import { parseChain } from './view-chain.js';

export type OperandProblem =
  | { kind: 'shape'; message: string }
  | { kind: 'values'; message: string }
  /** A typed value the operand's dtype cannot hold as typed (not a number, not True/False, not whole). */
  | { kind: 'token'; token: string; dtype: DType }
  | { kind: 'too-big'; numel: number }
  /** A program's operand whose values the program did not hand back (Note [Call values]): past its bounds. */
  | { kind: 'not-kept'; numel: number }
  /** The view chain: unreadable, refused by the core (its message), or an index item that makes a copy. */
  | { kind: 'chain'; error: ChainError }
  | { kind: 'view'; link: string; message: string }
  | { kind: 'view-copy'; link: string; item: string };

export interface Operand {
  name: OperandName;
  /** As typed. */
  text: string;
  /** The shape the op sees: the view's (the typed one when there is no chain); null if it could not be made. */
  shape: number[] | null;
  numel: number;
  /** As the core read the text: the shape of the storage the view looks at. */
  baseShape: number[] | null;
  /** The view chain as typed, and as read (empty: the operand as it is). */
  chainText: string;
  chain: ChainLink[];
  dtype: DType;
  fill: Fill;
  /** Row-major values of the base (the storage); null when the shape failed or the tensor is too big to make. */
  values: Values | null;
  problem: OperandProblem | null;
  /**
   * A program's operand (lineOperand): the storage cells it reaches and
   * its layout over them, as the program had it. Its values above are the
   * ones it holds, dense in its shape (baseShape is its shape, no chain).
   */
  storage?: { cells: Values; strides: number[]; offset: number };
  /** A program's Python number (lineOperand): its text; the views draw it as that number. */
  number?: string;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** float32 and bool values in a Float32Array (they fit it exactly); the other dtypes' as doubles, which hold float64 values and the integers exactly. */
export type Values = Float32Array | Float64Array;

/**
 * What tc.tensor is given: an integer operand's values as a list of numbers,
 * which the core checks as torch.tensor does (300 as a uint8: "value cannot
 * be converted to type uint8 without overflow"); a typed array would be
 * converted without that check, as torch.from_numpy(...).to() is.
 */
function checkedValues(values: Values, dtype: DType): Values | number[] {
  return kindOf(dtype) === 'integer' ? Array.from(values) : values;
}

// Random integers: small, and never negative for uint8 (PyTorch refuses -1 as a uint8).
const RANDOM_INTEGERS: Readonly<Record<string, [number, number]>> = { uint8: [0, 9], int32: [-5, 5], int64: [-5, 5] };

function fillValues(tc: Tensorcast, fill: Fill, numel: number, dtype: DType, seed: number, typed: string):
  Values | OperandProblem {
  const bool = dtype === 'bool';
  const single = bool || dtype === 'float32';
  switch (fill) {
    case 'arange':
      // A condition alternates True/False, so both branches of where show.
      if (bool) return Float32Array.from({ length: numel }, (_, i) => (i % 2 === 0 ? 1 : 0));
      return tc.tidy(() => {
        const range = tc.arange(numel, { dtype: 'float32' }).data() as Float32Array;
        return single ? range : Float64Array.from(range);
      });
    case 'ones':
      return single ? new Float32Array(numel).fill(1) : new Float64Array(numel).fill(1);
    case 'random': {
      const ints = RANDOM_INTEGERS[dtype];
      if (ints !== undefined) return seededIntegers(seed, numel, ints[0], ints[1]);
      if (dtype === 'float64') return seededDecimals(seed, numel);
      const u = seededUniform(seed, numel);
      return bool ? u.map((v) => (v >= 0 ? 1 : 0)) : u;
    }
    case 'custom': {
      const parsed = parseValues(typed, kindOf(dtype));
      if (parsed.error !== null) return { kind: 'token', token: parsed.error.token, dtype };
      return single ? Float32Array.from(parsed.values) : Float64Array.from(parsed.values);
    }
  }
}

/** A tensor's elements in row-major order, read through strides from an offset in cells. */
export function stridedValues(cells: ArrayLike<number>, shape: readonly number[], strides: readonly number[], offset: number): number[] {
  const numel = shape.reduce((p, s) => p * s, 1);
  const out = new Array<number>(numel);
  const index = shape.map(() => 0);
  let at = offset;
  for (let i = 0; i < numel; i++) {
    out[i] = cells[at] as number;
    // The next index, odometer-style: the last dim turns fastest.
    for (let d = shape.length - 1; d >= 0; d--) {
      at += strides[d] as number;
      if (++(index[d] as number) < (shape[d] as number)) break;
      at -= (shape[d] as number) * (strides[d] as number);
      index[d] = 0;
    }
  }
  return out;
}

function valuesIn(dtype: DType, numbers: ArrayLike<number>): Values {
  // As fillValues keeps them: float32 and bool in a Float32Array (exact), the rest as doubles.
  return dtype === 'float32' || dtype === 'bool' ? Float32Array.from(numbers) : Float64Array.from(numbers);
}

/**
 * A program's operand (line-op.ts) as the views read an operand: its own
 * values and dtype, and its storage and layout for the strides view. A
 * tensor the program handed back no values of is as one too big to make:
 * its shape and strides are still drawn.
 */
export function lineOperand(name: OperandName, operand: LineOperand): Operand {
  const { shape, dtype, cells } = operand;
  const numel = shape.reduce((p, s) => p * s, 1);
  const text = shape.length === 0 ? '()' : shape.join(',');
  const base = { name, text, shape: [...shape], numel, baseShape: [...shape], chainText: '', chain: [], dtype, fill: 'custom' as const, ...(operand.number === null ? {} : { number: operand.number }) };
  if (cells === null) return { ...base, values: null, problem: { kind: 'not-kept', numel } };
  return {
    ...base, problem: null,
    values: valuesIn(dtype, stridedValues(cells, shape, operand.strides, operand.offset)),
    storage: { cells: valuesIn(dtype, cells), strides: [...operand.strides], offset: operand.offset },
  };
}

export function readOperand(tc: Tensorcast, state: State, name: OperandName): Operand {
  const text = state[name];
  const dtype = dtypeOf(state, name);
  const fill = fillOf(state, name);
  const chainText = chainOf(state, name);
  const parsed = parseChain(tc, chainText);
  const chain = parsed.ok ? parsed.links : [];
  const base = { name, text, dtype, fill, chainText, chain } as const;
  let shape: number[];
  try {
    // The core's grammar reads 4,3 and 4x3 alike (src/syntax/shape_text.h).
    shape = tc.parseShape(text);
  } catch (error) {
    return { ...base, shape: null, baseShape: null, numel: 0, values: null, problem: { kind: 'shape', message: messageOf(error) } };
  }
  const numel = shape.reduce((p, s) => p * s, 1);
  const typed = { ...base, baseShape: shape };
  if (!parsed.ok) return { ...typed, shape: null, numel, values: null, problem: { kind: 'chain', error: parsed.error } };
  // Too big to make: without a chain the typed shape still broadcasts (the alignment view needs no values).
  if (numel > MAX_RUN_ELEMENTS) return { ...typed, shape: chain.length === 0 ? shape : null, numel, values: null, problem: { kind: 'too-big', numel } };
  // A seed per operand, so a and b differ when both are random.
  const seed = state.seed * 3 + ['a', 'b', 'c'].indexOf(name);
  const values = fillValues(tc, fill, numel, dtype, seed, valuesOf(state, name));
  if (!(values instanceof Float32Array || values instanceof Float64Array)) return { ...typed, shape, numel, values: null, problem: values };
  // The core checks the count against the shape, with its own message; then makes the view.
  return tc.tidy((): Operand => {
    let made: Tensor;
    try {
      made = tc.tensor(checkedValues(values, dtype), { shape, dtype });
    } catch (error) {
      return { ...typed, shape, numel, values: null, problem: { kind: 'values', message: messageOf(error) } };
    }
    const view = applyChain(made, chain);
    if (!view.ok) {
      const problem: OperandProblem = 'copy' in view
        ? { kind: 'view-copy', link: view.link.text, item: view.copy }
        : { kind: 'view', link: view.link.text, message: view.message };
      return { ...typed, shape: null, numel, values: null, problem };
    }
    const viewShape = view.tensor.shape;
    const viewNumel = view.tensor.numel;
    if (viewNumel > MAX_RUN_ELEMENTS) return { ...typed, shape: viewShape, numel: viewNumel, values: null, problem: { kind: 'too-big', numel: viewNumel } };
    return { ...typed, shape: viewShape, numel: viewNumel, values, problem: null };
  });
}

/** The operand's chain applied to base, a tensor of its base shape (inside the caller's tidy). */
export function viewOf(operand: Operand, base: Tensor): Tensor {
  if (operand.chain.length === 0) return base;
  const view = applyChain(base, operand.chain);
  if (!view.ok) throw new Error(`operand ${operand.name}: its view chain failed`);
  return view.tensor;
}

/** A fresh tensor holding the operand's storage, in its base shape (inside the caller's tidy). */
export function baseTensorOf(tc: Tensorcast, operand: Operand, requiresGrad = false): Tensor {
  if (operand.baseShape === null || operand.values === null) throw new Error(`operand ${operand.name} has no values`);
  return tc.tensor(checkedValues(operand.values, operand.dtype), { shape: operand.baseShape, dtype: operand.dtype, requiresGrad: requiresGrad && differentiable(operand.dtype) });
}

/**
 * The operand as the op sees it (inside the caller's tidy): its storage
 * viewed through its chain. With requiresGrad, a view would not be a leaf
 * and get no .grad: the gradient is explained for the operand the op sees,
 * so its leaf holds the view's values in the view's shape. Only a
 * floating-point operand can require grad (PyTorch refuses it on integers
 * and bool): the others are made without it.
 */
export function tensorOf(tc: Tensorcast, operand: Operand, requiresGrad = false): Tensor {
  const grad = requiresGrad && differentiable(operand.dtype);
  if (operand.chain.length === 0) return baseTensorOf(tc, operand, grad);
  const view = viewOf(operand, baseTensorOf(tc, operand));
  return grad ? tc.tensor(view.data() as Float32Array | Float64Array, { shape: view.shape, dtype: operand.dtype, requiresGrad }) : view;
}
