// Draws a tensor of 0 to 6 dims: a row (1-D), a matrix (2-D), and from 3-D
// on matrix slices, each labelled with its index along the dim just before
// the matrix. Slices that share the dims before that one form a framed
// block labelled with them (d0=1, d1=2). Blocks flow left to right and
// wrap at the width given, so a tensor of many slices fills a page instead
// of running down in one long column; a matrix wider than the width is cut
// into bands of columns. Large tensors show the summary of
// model/summary.ts; empty ones say so; beyond 6 dims, a note. The cells of
// one look are one path (CellsPrim): the browser lays out the numbers only.
import { MAX_DRAWN_DIMS } from '../model/limits.js';
import { visibleIndices } from '../model/summary.js';
import type { Visible } from '../model/summary.js';
import type { Palette } from './palette.js';
import { SceneBuilder, WRAP_WIDTH, textWidth } from './scene.js';
import type { CellsPrim, LabelsPrim, TextPrim } from './scene.js';

export interface CellLook {
  fill: string;
  stroke: string;
  hatch?: boolean;
  dashed?: boolean;
  /** Text colour; the palette's foreground by default. */
  ink?: string;
}

export interface GridSpec {
  shape: readonly number[];
  /** Names the slice labels' meaning, e.g. "out" → out[d0, :, :]; '' for none. */
  name: string;
  /** The text of the element at a row-major index. */
  text(flat: number): string;
  look(flat: number): CellLook;
  /** Cells get the key "<keyPrefix>:<flat>" for hover mapping. */
  keyPrefix?: string;
  palette: Palette;
  cell?: number;
  /** The widest the drawing may be (blocks of slices wrap, wide matrices are cut into bands). */
  maxWidth?: number;
  /** Elements drawn before the tensor is summarised (model/limits.ts by default). */
  budget?: number;
  /** Localised notes for the cases without cells. */
  words: { empty(shape: string): string; tooManyDims(ndim: number): string; scalar: string };
  shapeText: string;
}

export interface Box {
  w: number;
  h: number;
}

const LABEL = 12;
const INDEX = 11;
const GAP = 24;
const SLICE_GAP = 12;
const BLOCK_GAP = 18;
const BAND_GAP = 10;
const PAD = 8;

function note(sb: SceneBuilder, x: number, y: number, text: string, p: Palette, dashed: boolean): Box {
  const w = textWidth(text, 14) + 24;
  sb.rect({ x, y, w, h: 40, fill: p.bg, stroke: p.muted, strokeWidth: 1.5, dashed, rx: 4 });
  sb.text({ x: x + 12, y: y + 20, text, size: 14, fill: p.muted });
  return { w, h: 40 };
}

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

type Item = { kind: 'block'; prefix: number[] } | { kind: 'gap' };

export function drawTensor(sb: SceneBuilder, x0: number, y0: number, spec: GridSpec): Box {
  const { shape, palette: p } = spec;
  const ndim = shape.length;
  if (ndim > MAX_DRAWN_DIMS) return note(sb, x0, y0, spec.words.tooManyDims(ndim), p, true);
  if (shape.some((s) => s === 0)) return note(sb, x0, y0, spec.words.empty(spec.shapeText), p, true);

  const maxWidth = spec.maxWidth ?? WRAP_WIDTH - 16;
  const visible: Visible[] = visibleIndices(shape, spec.budget);
  const multipliers = shape.map((_, d) => shape.slice(d + 1).reduce((m, s) => m * s, 1));
  const flatOf = (index: readonly number[]): number => index.reduce((f, i, d) => f + i * (multipliers[d] as number), 0);
  const rows: Visible = ndim >= 2 ? (visible[ndim - 2] as Visible) : [0];
  const cols: Visible = ndim >= 1 ? (visible[ndim - 1] as Visible) : [0];
  const lead = Math.max(0, ndim - 2);
  const base = spec.cell ?? 34;
  const size = Math.round(base * 0.4);

  // Every slice has the same cell width: the widest text drawn anywhere.
  let widest = 0;
  const each = (level: number, prefix: number[]): void => {
    if (level === lead) {
      for (const r of rows) for (const c of cols) {
        if (r === null || c === null) continue;
        const flat = flatOf(ndim >= 2 ? [...prefix, r, c] : ndim === 1 ? [c] : []);
        widest = Math.max(widest, textWidth(spec.text(flat), size, true));
      }
      return;
    }
    for (const i of visible[level] as Visible) if (i !== null) each(level + 1, [...prefix, i]);
  };
  each(0, []);
  const cw = Math.max(base, Math.ceil(widest + 10));
  const ch = base;
  const gapW = cw * 0.55;
  const gapH = ch * 0.6;
  const colW = (c: number | null): number => (c === null ? gapW : cw);
  const rowLabelW = ndim >= 2 ? textWidth(String((shape[ndim - 2] as number) - 1), INDEX, true) + 8 : 0;
  const colLabelH = ndim >= 1 ? INDEX + 6 : 0;
  const rowsH = rows.reduce<number>((h, r) => h + (r === null ? gapH : ch), 0);
  // Inside a block's frame when there are blocks, the room is smaller.
  const framed = lead >= 2;
  const room = maxWidth - (framed ? 2 * PAD : 0);
  const bands = wrap(cols, colW, 0, Math.max(room - rowLabelW, cw));
  const matrixW = rowLabelW + Math.max(...bands.map((b) => lineWidth(b, colW, 0)));
  const matrixH = bands.length * (colLabelH + rowsH) + (bands.length - 1) * BAND_GAP;

  // Cells are gathered by look and drawn first, one path per look; their numbers go on top.
  const looks = new Map<string, Omit<CellsPrim, 't'>>();
  const texts: Omit<TextPrim, 't'>[] = [];
  const frames: { x: number; y: number; w: number; h: number }[] = [];
  // Indices are many short texts: one element per kind (LabelsPrim).
  const colIndices: LabelsPrim['items'] = [];
  const rowIndices: LabelsPrim['items'] = [];
  const text = (t: Omit<TextPrim, 't'>): void => {
    texts.push(t);
  };

  const drawMatrix = (x: number, y: number, prefix: number[]): void => {
    let top = y;
    for (const band of bands) {
      let cx = x + rowLabelW;
      for (const c of band) {
        if (ndim >= 1 && c !== null) colIndices.push({ x: cx + cw / 2, y: top + INDEX / 2, text: String(c) });
        cx += colW(c);
      }
      let cy = top + colLabelH;
      for (const r of rows) {
        const rh = r === null ? gapH : ch;
        if (ndim >= 2) rowIndices.push({ x: x + rowLabelW - 4, y: cy + rh / 2, text: r === null ? '⋮' : String(r) });
        cx = x + rowLabelW;
        for (const c of band) {
          const w = colW(c);
          if (r === null || c === null) {
            text({ x: cx + w / 2, y: cy + rh / 2, text: r === null && c === null ? '⋱' : r === null ? '⋮' : '…', size: 16, fill: p.muted, anchor: 'middle' });
          } else {
            const flat = flatOf(ndim >= 2 ? [...prefix, r, c] : ndim === 1 ? [c] : []);
            const look = spec.look(flat);
            const key = spec.keyPrefix === undefined ? undefined : `${spec.keyPrefix}:${flat}`;
            const group = `${look.fill}|${look.stroke}|${look.hatch === true}|${look.dashed === true}`;
            let cells = looks.get(group);
            if (cells === undefined) {
              cells = { boxes: [], keys: [], fill: look.fill, stroke: look.stroke, strokeWidth: 1.2, hatch: look.hatch, dashed: look.dashed };
              looks.set(group, cells);
            }
            cells.boxes.push(cx, cy, w, rh);
            cells.keys.push(key);
            text({ x: cx + w / 2, y: cy + rh / 2, text: spec.text(flat), size, fill: look.ink ?? p.fg, anchor: 'middle', mono: true, ...(key === undefined ? {} : { key }) });
          }
          cx += w;
        }
        cy += rh;
      }
      top = cy + BAND_GAP;
    }
  };

  const caption = lead > 0 && spec.name !== '' ? `${spec.name}[${[...shape.slice(0, lead).map((_, d) => `d${d}`), ':', ':'].join(', ')}]` : '';
  const top = caption === '' ? 0 : 20;
  if (caption !== '') text({ x: x0, y: y0 + 8, text: caption, size: 13, fill: p.muted, mono: true });

  let inner: Box;
  if (lead === 0) {
    drawMatrix(x0, y0 + top, []);
    inner = { w: matrixW, h: matrixH };
  } else {
    inner = drawSlices(x0, y0 + top);
  }

  function drawSlices(x: number, y: number): Box {
    // The dim just before the matrix runs across a block; the dims before it name the blocks.
    const last = lead - 1;
    const sliceLabel = (i: number): string => `d${last}=${i}`;
    const slice = { w: Math.max(matrixW, textWidth(sliceLabel((shape[last] as number) - 1), LABEL, true)), h: LABEL + 6 + matrixH };
    const itemW = (i: number | null): number => (i === null ? GAP : slice.w);
    const sliceLines = wrap(visible[last] as Visible, itemW, SLICE_GAP, room);
    const blockLabelH = framed ? LABEL + 10 : 0;
    const blockLabel = (prefix: readonly number[]): string => prefix.map((i, d) => `d${d}=${i}`).join(', ');
    const widestLabel = framed ? textWidth(blockLabel(shape.slice(0, last).map((s) => s - 1)), LABEL, true) : 0;
    const blockW = (framed ? 2 * PAD : 0) + Math.max(widestLabel, ...sliceLines.map((l) => lineWidth(l, itemW, SLICE_GAP)));
    const blockH = blockLabelH + (framed ? 2 * PAD : 0) + sliceLines.length * slice.h + (sliceLines.length - 1) * SLICE_GAP;

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

    const drawBlock = (bx: number, by: number, prefix: number[]): void => {
      if (framed) {
        frames.push({ x: bx, y: by, w: blockW, h: blockH });
        text({ x: bx + PAD, y: by + PAD + LABEL / 2, text: blockLabel(prefix), size: LABEL, fill: p.fg, mono: true, bold: true });
      }
      let sy = by + blockLabelH + (framed ? PAD : 0);
      for (const line of sliceLines) {
        let sx = bx + (framed ? PAD : 0);
        for (const i of line) {
          if (i === null) {
            text({ x: sx + GAP / 2, y: sy + slice.h / 2, text: '…', size: 20, fill: p.muted, anchor: 'middle' });
          } else {
            text({ x: sx + slice.w / 2, y: sy + LABEL / 2, text: sliceLabel(i), size: LABEL, fill: p.muted, anchor: 'middle', mono: true });
            drawMatrix(sx, sy + LABEL + 6, [...prefix, i]);
          }
          sx += itemW(i) + SLICE_GAP;
        }
        sy += slice.h + SLICE_GAP;
      }
    };

    const blockItemW = (item: Item): number => (item.kind === 'gap' ? GAP : blockW);
    const lines = wrap(items, blockItemW, BLOCK_GAP, maxWidth);
    let ly = y;
    for (const line of lines) {
      let lx = x;
      for (const item of line) {
        if (item.kind === 'gap') text({ x: lx + GAP / 2, y: ly + blockH / 2, text: '…', size: 22, fill: p.muted, anchor: 'middle' });
        else drawBlock(lx, ly, item.prefix);
        lx += blockItemW(item) + BLOCK_GAP;
      }
      ly += blockH + BLOCK_GAP;
    }
    return {
      w: Math.max(...lines.map((l) => lineWidth(l, blockItemW, BLOCK_GAP))),
      h: lines.length * blockH + (lines.length - 1) * BLOCK_GAP,
    };
  }

  for (const frame of frames) sb.rect({ ...frame, fill: 'none', stroke: p.cell.stroke, strokeWidth: 1, rx: 6 });
  for (const cells of looks.values()) sb.cells(cells);
  sb.labels({ items: colIndices, size: INDEX, fill: p.muted, anchor: 'middle' });
  sb.labels({ items: rowIndices, size: INDEX, fill: p.muted, anchor: 'end' });
  for (const t of texts) sb.text(t);

  const box = { w: Math.max(inner.w, textWidth(caption, 13, true)), h: inner.h + top };
  if (ndim === 0) {
    sb.text({ x: x0 + cw + 8, y: y0 + colLabelH + ch / 2, text: spec.words.scalar, size: 13, fill: p.muted });
    return { w: box.w + 8 + textWidth(spec.words.scalar, 13), h: box.h };
  }
  return box;
}

/** The size drawTensor would take, without drawing. */
export function measureTensor(spec: GridSpec): Box {
  return drawTensor(new SceneBuilder(), 0, 0, spec);
}
