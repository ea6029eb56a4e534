// The `x - x.mean(1)` bug: b was made from a by a reduction that dropped a
// dim (sum or mean without keepdim=True), so it no longer lines up with a.
// When b's shape is a's with one dim taken out, the core's own sum over
// that dim (on a tensor of a's shape) says so, and sum(dim, keepdim=True)
// gives the shape that would have broadcast. The core has sum, not mean
// yet; both keep or drop the dim the same way.
import type { Tensorcast } from 'tensorcast';
import type { Operand } from './operands.js';
import { tensorOf } from './operands.js';
import type { OperandName } from './state.js';

export interface KeepdimHint {
  /** The operand that looks reduced, and the one it was reduced from. */
  reduced: OperandName;
  from: OperandName;
  dim: number;
  /** The shape sum(dim, keepdim=True) gives. */
  shape: number[];
}

const sameShape = (x: readonly number[], y: readonly number[]): boolean => x.length === y.length && x.every((s, d) => s === y[d]);

/** One hint per dim of `from` whose removal gives `reduced`'s shape (two float operands only). */
export function keepdimHints(tc: Tensorcast, operands: readonly Operand[]): KeepdimHint[] {
  if (operands.length !== 2 || operands.some((o) => o.dtype !== 'float32' || o.values === null || o.shape === null)) return [];
  const hints: KeepdimHint[] = [];
  tc.tidy(() => {
    for (const [from, reduced] of [operands, [...operands].reverse()] as [Operand, Operand][]) {
      const shape = from.shape as number[];
      if (shape.length !== (reduced.shape as number[]).length + 1) continue;
      const x = tensorOf(tc, from);
      // Dim 0 needs no keepdim: broadcasting adds the 1 on the left by itself.
      for (let dim = 1; dim < shape.length; dim++) {
        if (!sameShape(x.sum(dim).shape, reduced.shape as number[])) continue;
        hints.push({ reduced: reduced.name, from: from.name, dim, shape: x.sum(dim, true).shape });
      }
    }
  });
  return hints;
}
