// Turns what the user typed for one operand into its shape (read by the
// core's parser) and its values, or into the error that explains why not.
import type { Tensor, Tensorcast } from 'tensorcast';
import { MAX_RUN_ELEMENTS } from './limits.js';
import { seededUniform } from './random.js';
import { coreText, readShape } from './shape-syntax.js';
import { fillOf, valuesOf } from './state.js';
import type { Fill, OperandName, State } from './state.js';
import { parseValues } from './values.js';

export type OperandProblem =
  | { kind: 'shape'; message: string }
  | { kind: 'values'; message: string }
  | { kind: 'token'; token: string }
  | { kind: 'too-big'; numel: number };

export interface Operand {
  name: OperandName;
  /** As typed. */
  text: string;
  /** As the core read it; null if it could not. */
  shape: number[] | null;
  numel: number;
  dtype: 'float32' | 'bool';
  fill: Fill;
  /** Row-major values; null when the shape failed or the tensor is too big to make. */
  values: Float32Array | null;
  problem: OperandProblem | null;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function fillValues(tc: Tensorcast, fill: Fill, numel: number, bool: boolean, seed: number, typed: string):
  Float32Array | OperandProblem {
  switch (fill) {
    case 'arange':
      // A condition alternates True/False, so both branches of where show.
      if (bool) return Float32Array.from({ length: numel }, (_, i) => (i % 2 === 0 ? 1 : 0));
      return tc.tidy(() => tc.arange(numel).data() as Float32Array);
    case 'ones':
      return new Float32Array(numel).fill(1);
    case 'random': {
      const u = seededUniform(seed, numel);
      return bool ? u.map((v) => (v >= 0 ? 1 : 0)) : u;
    }
    case 'custom': {
      const parsed = parseValues(typed, bool);
      if (parsed.error !== null) return { kind: 'token', token: parsed.error.token };
      return Float32Array.from(parsed.values);
    }
  }
}

export function readOperand(tc: Tensorcast, state: State, name: OperandName): Operand {
  const text = state[name];
  const bool = name === 'c';
  const fill = fillOf(state, name);
  const base = { name, text, dtype: bool ? 'bool' : 'float32', fill } as const;
  let shape: number[];
  try {
    shape = tc.parseShape(text);
  } catch (error) {
    // 4x3 and 4×3, as papers and tracebacks write shapes, are read by the page and checked by the core.
    const typed = readShape(text);
    const sizes = typed.ok && typed.dims.every((d) => typeof d === 'number') ? (typed.dims as number[]) : null;
    try {
      if (sizes === null) throw error;
      shape = tc.parseShape(coreText(sizes));
    } catch {
      return { ...base, shape: null, numel: 0, values: null, problem: { kind: 'shape', message: messageOf(error) } };
    }
  }
  const numel = shape.reduce((p, s) => p * s, 1);
  if (numel > MAX_RUN_ELEMENTS) return { ...base, shape, numel, values: null, problem: { kind: 'too-big', numel } };
  // A seed per operand, so a and b differ when both are random.
  const seed = state.seed * 3 + ['a', 'b', 'c'].indexOf(name);
  const values = fillValues(tc, fill, numel, bool, seed, valuesOf(state, name));
  if (!(values instanceof Float32Array)) return { ...base, shape, numel, values: null, problem: values };
  // The core checks the count against the shape, with its own message.
  try {
    // Nothing returned from the tidy: the check's tensor is freed at once.
    tc.tidy(() => {
      tc.tensor(values, { shape });
    });
  } catch (error) {
    return { ...base, shape, numel, values: null, problem: { kind: 'values', message: messageOf(error) } };
  }
  return { ...base, shape, numel, values, problem: null };
}

/** The operand as a fresh tensor of the core (inside the caller's tidy). */
export function tensorOf(tc: Tensorcast, operand: Operand, requiresGrad = false): Tensor {
  if (operand.shape === null || operand.values === null) throw new Error(`operand ${operand.name} has no values`);
  if (operand.dtype === 'bool') return tc.tensor(operand.values, { shape: operand.shape, dtype: 'bool' });
  return tc.tensor(operand.values, { shape: operand.shape, requiresGrad });
}
