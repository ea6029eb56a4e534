// Strides of shapes too big to make, asked of the core without allocating
// them. A tensor with a size 0 in one dim has no elements, and its strides
// are the core's contiguous strides of the shape everywhere but that dim's
// own size (a stride is the product of the sizes to its right, never of its
// own size). So zeros([0, ...shape[1:]]) has exactly the strides of shape,
// and expanding such a stand-in to the target (with the same dim set to 0
// there) gives exactly the expanded strides the core would give the real
// tensor: the values are never needed. Call inside tc.tidy.
import type { Tensorcast } from 'tensorcast';

/** The core's strides for a contiguous tensor of this shape; null if the core refuses the shape. */
export function contiguousStrides(tc: Tensorcast, shape: readonly number[]): number[] | null {
  if (shape.length === 0) return [];
  try {
    return tc.zeros([0, ...shape.slice(1)]).stride();
  } catch {
    return null;
  }
}

/**
 * The strides the core's expand gives a contiguous tensor of `shape`
 * broadcast to `target` (0 on every stretched or missing dim). The stand-in
 * zeroes the first dim that keeps its size: the dims before it are all
 * stretched 1s (stride 0 whatever their stride was), so their wrong strides
 * in the stand-in never show. null if the shapes do not broadcast.
 */
export function expandedStrides(tc: Tensorcast, shape: readonly number[], target: readonly number[]): number[] | null {
  const lead = target.length - shape.length;
  const kept = shape.findIndex((s, d) => s === target[lead + d]);
  try {
    // No dim keeps its size: every size is 1 (one element), so the tensor itself is the stand-in.
    if (kept < 0) return tc.zeros([...shape]).broadcastTo(target).stride();
    const standIn = shape.map((s, d) => (d === kept ? 0 : s));
    const to = target.map((s, d) => (d === lead + kept ? 0 : s));
    const strides = tc.zeros(standIn).broadcastTo(to).stride();
    // The one number the stand-in cannot give: the core's expand gives a
    // missing dim of size 1 the size x stride of the dim to its right
    // (PyTorch's infer_expand_geometry), and when that dim is the zeroed
    // one the stand-in's product is 0. Redone from the exact strides to the right.
    if (kept === 0)
      for (let d = lead - 1; d >= 0 && target[d] === 1; d--) strides[d] = (target[d + 1] as number) * (strides[d + 1] as number);
    return strides;
  } catch {
    return null;
  }
}
