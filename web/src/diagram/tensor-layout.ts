// Where the parts of a drawn tensor go (tensor-grid.ts paints them): a row
// (1-D), a matrix (2-D), and from 3-D on matrix slices, each labelled with
// its index along the dim just before the matrix. Slices that share the dims
// before that one form a framed block labelled with them (d0=1, d1=2).
// Blocks flow left to right and wrap at the width given, so a tensor of many
// slices fills a page instead of running down in one long column; a matrix
// wider than the width is cut into bands of columns. Only data: no scene.
import { MAX_DRAWN_DIMS } from '../model/limits.js';
import { visibleIndices } from '../model/summary.js';
import type { Visible } from '../model/summary.js';
import { WRAP_WIDTH, textWidth } from './scene.js';

/** What the layout reads of a tensor: its shape, the text of each element and the room. */
export interface LayoutSpec {
  shape: readonly number[];
  /** Names the slice labels' meaning, e.g. "out" → out[d0, :, :]; '' for none. */
  name: string;
  /** The text of the element at a row-major index. */
  text(flat: number): string;
  /** A cell's height and least width (34 by default); its numbers are 0.4 of it. */
  cell?: number;
  /** The widest the drawing may be (blocks of slices wrap, wide matrices are cut into bands). */
  maxWidth?: number;
  /** Elements drawn before the tensor is summarised (model/limits.ts by default). */
  budget?: number;
  /** Localised notes for the cases without cells. */
  words: { empty(shape: string): string; tooManyDims(ndim: number): string; scalar: string };
  shapeText: string;
}

// Font sizes the layout makes room for and the painting draws with: slice
// and block labels, row and column indices, the caption, a scalar's note.
export const LABEL = 12;
export const INDEX = 11;
export const CAPTION = 13;
export const SCALAR = 13;
const GAP = 24;
const SLICE_GAP = 12;
const BLOCK_GAP = 18;
const BAND_GAP = 10;
const PAD = 8;

export interface Size {
  w: number;
  h: number;
}

/** A cell, or with r or c null a gap of the summary (⋮, … or ⋱). */
export interface CellPlace {
  x: number;
  y: number;
  w: number;
  h: number;
  r: number | null;
  c: number | null;
  /** The element's row-major index; null for a gap. */
  flat: number | null;
}

export interface LabelPlace {
  x: number;
  y: number;
  text: string;
}

/** In drawing order: later texts are painted over earlier ones. */
export type Placement =
  | { kind: 'matrix'; cells: CellPlace[]; colLabels: LabelPlace[]; rowLabels: LabelPlace[] }
  /** A block of slices: its frame and its label at the top left. */
  | { kind: 'block'; x: number; y: number; w: number; h: number; label: LabelPlace }
  /** A slice's index, centred over its matrix. */
  | { kind: 'slice'; label: LabelPlace }
  /** The summary's gap between slices or blocks: a centred "…". */
  | { kind: 'gap'; x: number; y: number; size: number };

export type TensorLayout =
  /** No cells: too many dims or no elements; a dashed box with a note. */
  | { kind: 'note'; text: string; box: Size }
  | {
      kind: 'grid';
      /** "out[d0, d1, :, :]" at the top left when there are slices, or null. */
      caption: LabelPlace | null;
      placements: Placement[];
      /** The font size of the elements' numbers, which sized the cells. */
      textSize: number;
      /** Where a 0-dim tensor's note goes, right of its one cell, or null. */
      scalar: { x: number; y: number } | null;
      box: Size;
    };

/** Splits items into lines no wider than max (an item wider than max gets a line of its own). */
function wrap<T>(items: readonly T[], width: (item: T) => number, spacing: number, max: number): T[][] {
  const lines: T[][] = [[]];
  let at = 0;
  for (const item of items) {
    const line = lines[lines.length - 1] as T[];
    const w = width(item);
    if (line.length > 0 && at + spacing + w > max) {
      lines.push([item]);
      at = w;
    } else {
      at += (line.length > 0 ? spacing : 0) + w;
      line.push(item);
    }
  }
  return lines;
}

const lineWidth = <T>(line: readonly T[], width: (item: T) => number, spacing: number): number =>
  line.reduce((w, item, i) => w + width(item) + (i > 0 ? spacing : 0), 0);

/** The size of a matrix, the same for every slice, and how to place one. */
interface Matrix {
  w: number;
  h: number;
  place(x: number, y: number, prefix: readonly number[]): Placement;
}

function flatIndexer(shape: readonly number[]): (index: readonly number[]) => number {
  const multipliers = shape.map((_, d) => shape.slice(d + 1).reduce((m, s) => m * s, 1));
  return (index) => index.reduce((f, i, d) => f + i * (multipliers[d] as number), 0);
}

// Every slice has the same cell width: the widest text drawn anywhere.
type FlatOf = (prefix: readonly number[], r: number, c: number) => number;

function widestText(spec: LayoutSpec, visible: readonly Visible[], rows: Visible, cols: Visible, flatOf: FlatOf, size: number): number {
  const lead = Math.max(0, spec.shape.length - 2);
  let widest = 0;
  const each = (level: number, prefix: number[]): void => {
    if (level === lead) {
      for (const r of rows) for (const c of cols) {
        if (r === null || c === null) continue;
        widest = Math.max(widest, textWidth(spec.text(flatOf(prefix, r, c)), size, true));
      }
      return;
    }
    for (const i of visible[level] as Visible) if (i !== null) each(level + 1, [...prefix, i]);
  };
  each(0, []);
  return widest;
}

function matrixLayout(spec: LayoutSpec, visible: readonly Visible[], room: number): Matrix & { cw: number; ch: number; colLabelH: number; textSize: number } {
  const { shape } = spec;
  const ndim = shape.length;
  const index = flatIndexer(shape);
  const flatOf: FlatOf = (prefix, r, c) => index(ndim >= 2 ? [...prefix, r, c] : ndim === 1 ? [c] : []);
  const rows: Visible = ndim >= 2 ? (visible[ndim - 2] as Visible) : [0];
  const cols: Visible = ndim >= 1 ? (visible[ndim - 1] as Visible) : [0];
  const base = spec.cell ?? 34;
  const textSize = Math.round(base * 0.4);
  const cw = Math.max(base, Math.ceil(widestText(spec, visible, rows, cols, flatOf, textSize) + 10));
  const ch = base;
  const gapW = cw * 0.55;
  const gapH = ch * 0.6;
  const colW = (c: number | null): number => (c === null ? gapW : cw);
  const rowLabelW = ndim >= 2 ? textWidth(String((shape[ndim - 2] as number) - 1), INDEX, true) + 8 : 0;
  const colLabelH = ndim >= 1 ? INDEX + 6 : 0;
  const rowsH = rows.reduce<number>((h, r) => h + (r === null ? gapH : ch), 0);
  const bands = wrap(cols, colW, 0, Math.max(room - rowLabelW, cw));

  const place = (x: number, y: number, prefix: readonly number[]): Placement => {
    const cells: CellPlace[] = [];
    const colLabels: LabelPlace[] = [];
    const rowLabels: LabelPlace[] = [];
    let top = y;
    for (const band of bands) {
      let cx = x + rowLabelW;
      for (const c of band) {
        if (ndim >= 1 && c !== null) colLabels.push({ x: cx + cw / 2, y: top + INDEX / 2, text: String(c) });
        cx += colW(c);
      }
      let cy = top + colLabelH;
      for (const r of rows) {
        const h = r === null ? gapH : ch;
        if (ndim >= 2) rowLabels.push({ x: x + rowLabelW - 4, y: cy + h / 2, text: r === null ? '⋮' : String(r) });
        cx = x + rowLabelW;
        for (const c of band) {
          const w = colW(c);
          cells.push({ x: cx, y: cy, w, h, r, c, flat: r === null || c === null ? null : flatOf(prefix, r, c) });
          cx += w;
        }
        cy += h;
      }
      top = cy + BAND_GAP;
    }
    return { kind: 'matrix', cells, colLabels, rowLabels };
  };
  return {
    w: rowLabelW + Math.max(...bands.map((b) => lineWidth(b, colW, 0))),
    h: bands.length * (colLabelH + rowsH) + (bands.length - 1) * BAND_GAP,
    place, cw, ch, colLabelH, textSize,
  };
}

/** A block of slices: the slices along the dim before the matrix, wrapped, framed from 4-D on. */
function blockLayout(spec: LayoutSpec, visible: readonly Visible[], matrix: Matrix, room: number): Size & { place(x: number, y: number, prefix: number[], out: Placement[]): void } {
  const { shape } = spec;
  const last = shape.length - 3;
  const framed = last >= 1;
  const sliceLabel = (i: number): string => `d${last}=${i}`;
  const slice = { w: Math.max(matrix.w, textWidth(sliceLabel((shape[last] as number) - 1), LABEL, true)), h: LABEL + 6 + matrix.h };
  const itemW = (i: number | null): number => (i === null ? GAP : slice.w);
  const lines = wrap(visible[last] as Visible, itemW, SLICE_GAP, room);
  const labelH = framed ? LABEL + 10 : 0;
  const label = (prefix: readonly number[]): string => prefix.map((i, d) => `d${d}=${i}`).join(', ');
  const widestLabel = framed ? textWidth(label(shape.slice(0, last).map((s) => s - 1)), LABEL, true) : 0;
  const w = (framed ? 2 * PAD : 0) + Math.max(widestLabel, ...lines.map((l) => lineWidth(l, itemW, SLICE_GAP)));
  const h = labelH + (framed ? 2 * PAD : 0) + lines.length * slice.h + (lines.length - 1) * SLICE_GAP;

  const place = (bx: number, by: number, prefix: number[], out: Placement[]): void => {
    if (framed) out.push({ kind: 'block', x: bx, y: by, w, h, label: { x: bx + PAD, y: by + PAD + LABEL / 2, text: label(prefix) } });
    let sy = by + labelH + (framed ? PAD : 0);
    for (const line of lines) {
      let sx = bx + (framed ? PAD : 0);
      for (const i of line) {
        if (i === null) {
          out.push({ kind: 'gap', x: sx + GAP / 2, y: sy + slice.h / 2, size: 20 });
        } else {
          out.push({ kind: 'slice', label: { x: sx + slice.w / 2, y: sy + LABEL / 2, text: sliceLabel(i) } });
          out.push(matrix.place(sx, sy + LABEL + 6, [...prefix, i]));
        }
        sx += itemW(i) + SLICE_GAP;
      }
      sy += slice.h + SLICE_GAP;
    }
  };
  return { w, h, place };
}

type Item = { kind: 'block'; prefix: number[] } | { kind: 'gap' };

/** The blocks, one per index of the dims before the block's, and the summary's gaps between them. */
function blockItems(visible: readonly Visible[], last: number): Item[] {
  const items: Item[] = [];
  const walk = (level: number, prefix: number[]): void => {
    if (level === last) {
      items.push({ kind: 'block', prefix });
      return;
    }
    for (const i of visible[level] as Visible) {
      if (i === null) items.push({ kind: 'gap' });
      else walk(level + 1, [...prefix, i]);
    }
  };
  walk(0, []);
  return items;
}

/** The blocks of a tensor of 3 dims or more, flowing from (x, y) and wrapping at maxWidth; returns their size. */
function slicesLayout(spec: LayoutSpec, visible: readonly Visible[], matrix: Matrix, room: number, x: number, y: number, out: Placement[]): Size {
  const block = blockLayout(spec, visible, matrix, room);
  const itemW = (item: Item): number => (item.kind === 'gap' ? GAP : block.w);
  const lines = wrap(blockItems(visible, spec.shape.length - 3), itemW, BLOCK_GAP, spec.maxWidth ?? WRAP_WIDTH - 16);
  let ly = y;
  for (const line of lines) {
    let lx = x;
    for (const item of line) {
      if (item.kind === 'gap') out.push({ kind: 'gap', x: lx + GAP / 2, y: ly + block.h / 2, size: 22 });
      else block.place(lx, ly, item.prefix, out);
      lx += itemW(item) + BLOCK_GAP;
    }
    ly += block.h + BLOCK_GAP;
  }
  return {
    w: Math.max(...lines.map((l) => lineWidth(l, itemW, BLOCK_GAP))),
    h: lines.length * block.h + (lines.length - 1) * BLOCK_GAP,
  };
}

/** Where everything of the tensor goes, with its top left at (x0, y0). */
export function layoutTensor(spec: LayoutSpec, x0: number, y0: number): TensorLayout {
  const { shape, words } = spec;
  const ndim = shape.length;
  const noteOf = (text: string): TensorLayout => ({ kind: 'note', text, box: { w: textWidth(text, 14) + 24, h: 40 } });
  if (ndim > MAX_DRAWN_DIMS) return noteOf(words.tooManyDims(ndim));
  if (shape.some((s) => s === 0)) return noteOf(words.empty(spec.shapeText));

  const maxWidth = spec.maxWidth ?? WRAP_WIDTH - 16;
  const visible = visibleIndices(shape, spec.budget);
  const lead = Math.max(0, ndim - 2);
  // Inside a block's frame when there are blocks, the room is smaller.
  const room = maxWidth - (lead >= 2 ? 2 * PAD : 0);
  const matrix = matrixLayout(spec, visible, room);
  const captionText = lead > 0 && spec.name !== '' ? `${spec.name}[${[...shape.slice(0, lead).map((_, d) => `d${d}`), ':', ':'].join(', ')}]` : '';
  const top = captionText === '' ? 0 : 20;
  const placements: Placement[] = [];
  let inner: Size;
  if (lead === 0) {
    placements.push(matrix.place(x0, y0 + top, []));
    inner = { w: matrix.w, h: matrix.h };
  } else {
    inner = slicesLayout(spec, visible, matrix, room, x0, y0 + top, placements);
  }
  const box = { w: Math.max(inner.w, textWidth(captionText, CAPTION, true)), h: inner.h + top };
  const caption = captionText === '' ? null : { x: x0, y: y0 + 8, text: captionText };
  const textSize = matrix.textSize;
  if (ndim > 0) return { kind: 'grid', caption, placements, textSize, scalar: null, box };
  return {
    kind: 'grid', caption, placements, textSize,
    scalar: { x: x0 + matrix.cw + 8, y: y0 + matrix.colLabelH + matrix.ch / 2 },
    box: { w: box.w + 8 + textWidth(words.scalar, SCALAR), h: box.h },
  };
}
