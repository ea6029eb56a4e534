// Shapes as a person copies them from code, a paper or a traceback:
// "4,3", "4 3", "4x3", "4×3", "(4, 3)", "[4, 3]", "torch.Size([4, 3])", and
// named dims ("B,3,H,W") whose values are asked for separately. Read by the
// core's grammar (tc.readShape, src/syntax/shape_text.h), the one
// tc.parseShape reads too; this module only names what it read.
import type { ShapeProblemKind, Tensorcast } from 'tensorcast';

/** One dim: a size, or a name still waiting for its value. */
export type Dim = number | string;

export type ShapeReading =
  | { ok: true; dims: Dim[] }
  /** at: the character it stopped at, counted from 1. */
  | { ok: false; at: number; problem: ShapeProblemKind };

/** What reading a shape needs of the package. */
export type ShapeReader = Pick<Tensorcast, 'readShape'>;

/** Reads one shape; positions in problems count characters from 1. */
export function readShape(tc: ShapeReader, typed: string): ShapeReading {
  const read = tc.readShape(typed);
  if (read.problem !== null) return { ok: false, at: read.problem.at + 1, problem: read.problem.kind };
  return { ok: true, dims: read.dims.map((d) => d.size ?? (d.name as string)) };
}

/** The names a shape still needs values for, in order, each once. */
export function namesOf(dims: readonly Dim[]): string[] {
  return [...new Set(dims.filter((d): d is string => typeof d === 'string'))];
}

/** A size typed for a named dim: one whole number (read as a shape of one dim), or null. */
export function readSize(tc: ShapeReader, text: string): number | null {
  const read = readShape(tc, text);
  return read.ok && read.dims.length === 1 && typeof read.dims[0] === 'number' ? read.dims[0] : null;
}

/** The shape with each name replaced by its value; null while a name has none. */
export function resolveShape(dims: readonly Dim[], values: Readonly<Record<string, number | null | undefined>>): number[] | null {
  const out: number[] = [];
  for (const d of dims) {
    const v = typeof d === 'number' ? d : values[d];
    if (v === null || v === undefined) return null;
    out.push(v);
  }
  return out;
}

/** The text the core's parser reads (as fixes write it): "4,3", and "()" for 0-D. */
export function coreText(shape: readonly number[]): string {
  return shape.length === 0 ? '()' : shape.join(',');
}
