// Which indices of each dim a drawing shows. Small tensors are drawn whole;
// large ones as PyTorch prints them: the first and last few indices of each
// dim with a gap (null) between, shrinking the edges until the drawing fits.
import { MAX_DRAWN_ELEMENTS } from './limits.js';

export type Visible = (number | null)[];

function edges(size: number, edge: number): Visible {
  if (size <= 2 * edge + 1) return Array.from({ length: size }, (_, i) => i);
  const head = Array.from({ length: edge }, (_, i) => i);
  const tail = Array.from({ length: edge }, (_, i) => size - edge + i);
  return [...head, null, ...tail];
}

function drawnCount(visible: Visible[]): number {
  return visible.reduce((n, v) => n * v.filter((i) => i !== null).length, 1);
}

/** Per dim, the indices to draw (null marks a gap). */
export function visibleIndices(shape: readonly number[], budget = MAX_DRAWN_ELEMENTS): Visible[] {
  const total = shape.reduce((p, s) => p * s, 1);
  if (total <= budget) return shape.map((s) => edges(s, s));
  // Leading dims (the slices) shrink first, then the rows and columns.
  const edge: number[] = shape.map((_, d) => (d >= shape.length - 2 ? 3 : 2));
  let visible = shape.map((s, d) => edges(s, edge[d] as number));
  for (let d = 0; drawnCount(visible) > budget && d < shape.length; d++) {
    while ((edge[d] as number) > 1 && drawnCount(visible) > budget) {
      edge[d] = (edge[d] as number) - 1;
      visible = shape.map((s, k) => edges(s, edge[k] as number));
    }
  }
  return visible;
}

export function isSummarised(visible: readonly Visible[]): boolean {
  return visible.some((v) => v.includes(null));
}
