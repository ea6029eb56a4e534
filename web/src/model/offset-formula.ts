// Where an output element reads an input: storage offset + Σ index·stride,
// with the input's strides expanded to the output's shape (0 where it is
// broadcast). The strides view shows this sum next to the hovered cell and
// checks it against the cell the core's own view read (strides.ts).

export interface OffsetFormula {
  /** The output element's index, one per dim. */
  index: number[];
  offset: number;
  strides: number[];
  /** The storage cell: offset + Σ index[d]·strides[d]. */
  cell: number;
}

/** The index of a row-major flat position in shape. */
export function indexOf(shape: readonly number[], flat: number): number[] {
  const index = new Array<number>(shape.length).fill(0);
  let rest = flat;
  for (let d = shape.length - 1; d >= 0; d--) {
    const size = shape[d] as number;
    index[d] = size === 0 ? 0 : rest % size;
    rest = size === 0 ? 0 : Math.floor(rest / size);
  }
  return index;
}

export function offsetFormula(shape: readonly number[], strides: readonly number[], offset: number, flat: number): OffsetFormula {
  const index = indexOf(shape, flat);
  const cell = index.reduce((sum, i, d) => sum + i * (strides[d] ?? 0), offset);
  return { index, offset, strides: strides.slice(), cell };
}

/** The sum as written: "1 + 1·12 + 1·4 + 0·1 = 17" (the offset only when it is not 0). */
export function formulaText(f: OffsetFormula): string {
  const terms = f.index.map((i, d) => `${i}·${f.strides[d] ?? 0}`);
  if (f.offset !== 0 || terms.length === 0) terms.unshift(String(f.offset));
  return `${terms.join(' + ')} = ${f.cell}`;
}
