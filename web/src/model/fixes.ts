// Fixes for a failing broadcast (or an in-place op that cannot keep its
// shape, or a legal outer product that is probably a mistake): small
// rewrites of one operand, each made with the core's own view ops and kept
// only if the core then accepts the shapes (tc.explain.broadcast, or the
// in-place op itself) without flagging an outer product. Applying one
// changes the state; nothing here guesses.
import type { Tensor, Tensorcast } from 'tensorcast';
import type { Operand } from './operands.js';
import { tensorOf } from './operands.js';
import { runOp } from './run-op.js';
import type { Op, OperandName, State } from './state.js';
import { isInplace } from './state.js';

export type FixMode = 'error' | 'outer';

export interface Fix {
  code: string;
  /** The operand rewritten, with its new shape; null when the op changes. */
  operand: OperandName | null;
  shape: number[] | null;
  resultShape: number[];
  patch: Partial<State>;
}

interface Candidate {
  code: string;
  make(x: Tensor): Tensor;
  /** Whether the rewrite reorders the values (the new tensor's values must then be kept). */
  reorders: boolean;
}

const MAX_FIXES = 4;
// A transposed operand is applied with its values typed out; keep those short.
const MAX_REORDERED = 256;

function candidatesFor(name: string, shape: readonly number[], otherNdim: number): Candidate[] {
  const n = shape.length;
  const out: Candidate[] = [];
  // unsqueeze(0) only adds the 1 broadcasting would add anyway.
  for (let d = n; d >= 1; d--)
    out.push({ code: `${name}.unsqueeze(${d === n ? -1 : d})`, make: (x) => x.unsqueeze(d), reorders: false });
  for (let k = 2; k <= otherNdim - n + 1; k++) {
    const target = [...shape, ...Array<number>(k).fill(1)];
    out.push({ code: `${name}.reshape(${target.join(', ')})`, make: (x) => x.reshape(target), reorders: false });
  }
  shape.forEach((s, d) => {
    if (s === 1) out.push({ code: `${name}.squeeze(${d})`, make: (x) => x.squeeze(d), reorders: false });
  });
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      if (shape[i] !== shape[j])
        out.push({ code: `${name}.transpose(${i}, ${j})`, make: (x) => x.transpose(i, j), reorders: true });
  return out;
}

function shapeText(shape: readonly number[]): string {
  return shape.length === 0 ? '()' : shape.join(',');
}

function numelOf(shape: readonly number[]): number {
  return shape.reduce((p, s) => p * s, 1);
}

export function computeFixes(
  tc: Tensorcast, op: Op, operands: readonly Operand[], alpha: number, mode: FixMode,
): Fix[] {
  if (operands.some((o) => o.values === null || o.shape === null)) return [];
  const shapes = operands.map((o) => o.shape as number[]);
  const largest = Math.max(...shapes.map(numelOf));
  const accepts = (candidateShapes: number[][], replaced: number, replacement: Tensor): number[] | null => {
    if (isInplace(op)) {
      const tensors = operands.map((o, i) => (i === replaced ? replacement.clone() : tensorOf(tc, o)));
      const run = runOp(tc, op, tensors, alpha);
      return run.error === null ? run.shape : null;
    }
    const trace = tc.explain.broadcast(...candidateShapes);
    // A rewrite that stretches both operands trades an error for a silent outer product.
    if (trace.result === null || trace.notes.includes('outer-product')) return null;
    if (mode === 'outer' && numelOf(trace.result) > largest) return null;
    return trace.result;
  };

  return tc.tidy(() => {
    const fixes: Fix[] = [];
    const seen = new Set<string>();
    // The operand with fewer dims first: it is usually the one to reshape.
    const order = operands.map((_, i) => i).sort((i, j) => (shapes[i] as number[]).length - (shapes[j] as number[]).length);
    for (const i of order) {
      const operand = operands[i] as Operand;
      if (operand.dtype === 'bool' && op !== 'where') continue;
      const x = tensorOf(tc, operand);
      const otherNdim = Math.max(...shapes.map((s) => s.length));
      for (const candidate of candidatesFor(operand.name, operand.shape as number[], otherNdim)) {
        if (candidate.reorders && operand.numel > MAX_REORDERED && operand.fill !== 'ones') continue;
        let made: Tensor;
        try {
          made = candidate.make(x);
        } catch {
          continue;
        }
        const key = `${operand.name}:${made.shape.join(',')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const candidateShapes = shapes.map((s, k) => (k === i ? made.shape : s));
        const result = accepts(candidateShapes, i, made);
        if (result === null) continue;
        // The fix is the shape the op should see: typed as a plain tensor, without the view chain.
        const patch: Partial<State> = { [operand.name]: shapeText(made.shape), [`t${operand.name}`]: '' };
        if ((candidate.reorders || operand.chain.length > 0) && operand.fill !== 'ones') {
          Object.assign(patch, {
            [`f${operand.name}`]: 'custom',
            [`v${operand.name}`]: Array.from(made.data()).join(', '),
          });
        }
        fixes.push({ code: candidate.code, operand: operand.name, shape: made.shape, resultShape: result, patch });
      }
    }
    // An in-place op that cannot keep its shape: the out-of-place op can.
    if (isInplace(op) && mode === 'error') {
      const trace = tc.explain.broadcast(...shapes);
      const plain = op.slice(0, -1) as Op;
      if (trace.result !== null) fixes.unshift({ code: `a.${plain}(b)`, operand: null, shape: null, resultShape: trace.result, patch: { op: plain } });
    }
    return fixes.slice(0, MAX_FIXES);
  });
}
