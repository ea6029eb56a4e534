// Fixes for a failing broadcast (or an in-place op that cannot keep its
// shape, or a legal outer product that is probably a mistake): small
// rewrites of one operand, each made with the core's own view ops and kept
// only if the core then accepts the shapes (tc.explain.broadcast, or the
// in-place op itself) without an outer product. Applying one changes the
// state; nothing here guesses.
//
// Note [Outer products in disguise]: a rewrite whose result has the shape
// of none of the inputs (after the rewrite) stretches every input somewhere:
// it trades an error for an outer product, as `where` with
// a.reshape(3, 1, 1) -> (3, 3, 2) or b.unsqueeze(-1) -> (2, 2, 0) would
// (the core's outer-product note counts elements, and 0 elements are never
// "more"). Such rewrites are not offered: a fix is for the elementwise op
// the person meant, and an outer product is never that. The one fix that
// rewrites no shape, the out-of-place op for an in-place one, runs the
// broadcast exactly as typed; it is offered, and its meaning says when the
// result is larger than every input (FixMeaning 'out-of-place', larger).
//
// Note [Ranking fixes]: fixes are listed by how likely each is what the
// person meant, by two keys, then in the order they were tried (the
// operand with fewer dims first):
//   1. the result keeps the shape of the largest input as typed (most
//      elements; any of them on a tie): `x - x.mean(1)` means an x-shaped
//      result, so b.unsqueeze(-1) -> (4, 3) comes before
//      a.transpose(0, 1) -> (3, 4);
//   2. the kind of rewrite: adding a dim (unsqueeze) first, then the other
//      rewrites that keep the values in order (squeeze, reshape with 1s, a
//      transpose with a size-1 dim, which the core's view leaves
//      contiguous), and last a transpose that reorders the values: a
//      different computation, offered only as a last resort.
// The out-of-place op for an in-place one comes first: it changes no shape.
import type { BroadcastTrace, Tensor, Tensorcast } from 'tensorcast';
import type { Operand } from './operands.js';
import { tensorOf } from './operands.js';
import { runOp } from './run-op.js';
import type { Op, OperandName, State } from './state.js';
import { isInplace } from './state.js';

export type FixMode = 'error' | 'outer';

export type FixKind = 'out-of-place' | 'unsqueeze' | 'squeeze' | 'reshape' | 'transpose';

/** What a fix changes in meaning, for one short line under it. */
export type FixMeaning =
  /** A transpose: the values are reordered, so it computes something else. */
  | { kind: 'reorders'; name: OperandName }
  /** A 2-D result where one input is stretched along one dim: each row (or column) of `whole` meets one value of `part`. */
  | { kind: 'pairs'; whole: OperandName; part: OperandName; axis: 'row' | 'column' }
  /** Each value of these inputs is reused along these dims of the result. */
  | { kind: 'reuses'; parts: { name: OperandName; dims: number[] }[] }
  /** No input is stretched: values pair one to one. */
  | { kind: 'one-to-one' }
  /** The op as typed, into a new tensor; larger: the result has the shape of no input (an outer product). */
  | { kind: 'out-of-place'; larger: boolean };

export interface Fix {
  code: string;
  /** The operand rewritten, with its new shape; null when the op changes. */
  operand: OperandName | null;
  shape: number[] | null;
  resultShape: number[];
  patch: Partial<State>;
  kind: FixKind;
  /** The result has the shape of the largest input as typed (Note [Ranking fixes]). */
  keepsLargest: boolean;
  /** The rewrite changes the order of the operand's values (a transpose the core's view makes non-contiguous). */
  reorders: boolean;
  meaning: FixMeaning;
}

interface Candidate {
  code: string;
  kind: Exclude<FixKind, 'out-of-place'>;
  make(x: Tensor): Tensor;
}

const KIND_RANK: Readonly<Record<FixKind, number>> = { 'out-of-place': -1, unsqueeze: 0, squeeze: 1, reshape: 1, transpose: 1 };
const REORDER_RANK = 2;

const MAX_FIXES = 4;
// A transposed operand is applied with its values typed out; keep those short.
const MAX_REORDERED = 256;

function candidatesFor(name: string, shape: readonly number[], otherNdim: number): Candidate[] {
  const n = shape.length;
  const out: Candidate[] = [];
  // unsqueeze(0) only adds the 1 broadcasting would add anyway.
  for (let d = n; d >= 1; d--)
    out.push({ code: `${name}.unsqueeze(${d === n ? -1 : d})`, kind: 'unsqueeze', make: (x) => x.unsqueeze(d) });
  for (let k = 2; k <= otherNdim - n + 1; k++) {
    const target = [...shape, ...Array<number>(k).fill(1)];
    out.push({ code: `${name}.reshape(${target.join(', ')})`, kind: 'reshape', make: (x) => x.reshape(target) });
  }
  shape.forEach((s, d) => {
    if (s === 1) out.push({ code: `${name}.squeeze(${d})`, kind: 'squeeze', make: (x) => x.squeeze(d) });
  });
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      if (shape[i] !== shape[j])
        out.push({ code: `${name}.transpose(${i}, ${j})`, kind: 'transpose', make: (x) => x.transpose(i, j) });
  return out;
}

const sameShape = (x: readonly number[], y: readonly number[]): boolean => x.length === y.length && x.every((s, d) => s === y[d]);

/** Whether some input has the result's shape, i.e. is stretched nowhere (Note [Outer products in disguise]). */
function someInputIsResult(shapes: readonly (readonly number[])[], result: readonly number[]): boolean {
  return shapes.some((s) => sameShape(s, result));
}

/** What broadcasting the shapes does to each operand, in words' terms (FixMeaning). */
function meaningOf(trace: BroadcastTrace, names: readonly OperandName[]): FixMeaning {
  const parts = names
    .map((name, i) => ({
      name,
      dims: trace.dims.filter((d) => d.roles[i] === 'expanded' || d.roles[i] === 'missing').map((d) => d.dim).sort((x, y) => x - y),
    }))
    .filter((p) => p.dims.length > 0);
  if (parts.length === 0) return { kind: 'one-to-one' };
  // The condition of where is the last choice for the whole: the values come from a and b.
  const unstretched = names.filter((name) => !parts.some((p) => p.name === name));
  const whole = unstretched.find((name) => name !== 'c') ?? unstretched[0];
  const only = parts[0];
  if (parts.length === 1 && only !== undefined && whole !== undefined && trace.result?.length === 2 && only.dims.length === 1)
    return { kind: 'pairs', whole, part: only.name, axis: only.dims[0] === 1 ? 'row' : 'column' };
  return { kind: 'reuses', parts };
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
  const names = operands.map((o) => o.name);
  const largest = Math.max(...shapes.map(numelOf));
  const keepsLargest = (result: readonly number[]): boolean => shapes.some((s) => numelOf(s) === largest && sameShape(s, result));
  /** The result's shape and the meaning, if the core accepts the rewritten shapes as an elementwise op. */
  const accepts = (candidateShapes: number[][], replaced: number, replacement: Tensor): { result: number[]; meaning: FixMeaning } | null => {
    const trace = tc.explain.broadcast(...candidateShapes);
    // A rewrite that stretches both operands trades an error for a silent outer product.
    if (trace.result === null || trace.notes.includes('outer-product') || !someInputIsResult(candidateShapes, trace.result)) return null;
    if (isInplace(op)) {
      const tensors = operands.map((o, i) => (i === replaced ? replacement.clone() : tensorOf(tc, o)));
      const run = runOp(tc, op, tensors, alpha);
      if (run.error !== null || run.shape === null) return null;
    }
    return { result: trace.result, meaning: meaningOf(trace, names) };
  };

  return tc.tidy(() => {
    const fixes: Fix[] = [];
    const seen = new Set<string>();
    // The operand with fewer dims first: it is usually the one to reshape.
    const order = operands.map((_, i) => i).sort((i, j) => (shapes[i] as number[]).length - (shapes[j] as number[]).length);
    for (const i of order) {
      const operand = operands[i] as Operand;
      const x = tensorOf(tc, operand);
      const otherNdim = Math.max(...shapes.map((s) => s.length));
      for (const candidate of candidatesFor(operand.name, operand.shape as number[], otherNdim)) {
        let made: Tensor;
        try {
          made = candidate.make(x);
        } catch {
          continue;
        }
        // A transpose of a size-1 dim moves no value: the core's view stays contiguous.
        const reorders = candidate.kind === 'transpose' && !made.isContiguous();
        if (reorders && operand.numel > MAX_REORDERED && operand.fill !== 'ones') continue;
        const key = `${operand.name}:${made.shape.join(',')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const candidateShapes = shapes.map((s, k) => (k === i ? made.shape : s));
        const accepted = accepts(candidateShapes, i, made);
        if (accepted === null) continue;
        // The fix is the shape the op should see: typed as a plain tensor, without the view chain.
        const patch: Partial<State> = { [operand.name]: shapeText(made.shape), [`t${operand.name}`]: '' };
        if ((reorders || operand.chain.length > 0) && operand.fill !== 'ones') {
          Object.assign(patch, {
            [`f${operand.name}`]: 'custom',
            [`v${operand.name}`]: Array.from(made.data() as Float32Array).join(', '),
          });
        }
        fixes.push({
          code: candidate.code, operand: operand.name, shape: made.shape, resultShape: accepted.result, patch,
          kind: candidate.kind, keepsLargest: keepsLargest(accepted.result), reorders,
          meaning: reorders ? { kind: 'reorders', name: operand.name } : accepted.meaning,
        });
      }
    }
    // An in-place op that cannot keep its shape: the out-of-place op can.
    if (isInplace(op) && mode === 'error') {
      const trace = tc.explain.broadcast(...shapes);
      const plain = op.slice(0, -1) as Op;
      if (trace.result !== null)
        fixes.push({
          code: `a.${plain}(b)`, operand: null, shape: null, resultShape: trace.result, patch: { op: plain },
          kind: 'out-of-place', keepsLargest: keepsLargest(trace.result), reorders: false,
          meaning: { kind: 'out-of-place', larger: !someInputIsResult(shapes, trace.result) },
        });
    }
    return rankFixes(fixes).slice(0, MAX_FIXES);
  });
}

/** Note [Ranking fixes]; stable, so ties keep the order they were tried in. */
export function rankFixes<T extends Pick<Fix, 'kind' | 'keepsLargest' | 'reorders'>>(fixes: readonly T[]): T[] {
  const key = (f: T): number[] => [f.kind === 'out-of-place' ? -1 : f.keepsLargest ? 0 : 1, f.reorders ? REORDER_RANK : KIND_RANK[f.kind]];
  return fixes
    .map((fix, index) => ({ fix, index, k: key(fix) }))
    .sort((x, y) => (x.k[0] as number) - (y.k[0] as number) || (x.k[1] as number) - (y.k[1] as number) || x.index - y.index)
    .map((e) => e.fix);
}
