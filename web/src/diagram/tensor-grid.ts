// Draws a tensor of 0 to 6 dims as cells: a row (1-D), a matrix (2-D), and
// from 3-D on a grid of matrix slices labelled by their leading indices (the
// dim before the matrix runs across, the one before that down, and so on). Large tensors show the
// summary of model/summary.ts; empty ones say so; beyond 6 dims, a note.
import { MAX_DRAWN_DIMS } from '../model/limits.js';
import { visibleIndices } from '../model/summary.js';
import type { Visible } from '../model/summary.js';
import type { Palette } from './palette.js';
import { SceneBuilder, textWidth } from './scene.js';

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
  /** Cells get data-key="<keyPrefix>:<flat>" for hover mapping. */
  keyPrefix?: string;
  palette: Palette;
  cell?: number;
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

function note(sb: SceneBuilder, x: number, y: number, text: string, p: Palette, dashed: boolean): Box {
  const w = textWidth(text, 14) + 24;
  sb.rect({ x, y, w, h: 40, fill: p.bg, stroke: p.muted, strokeWidth: 1.5, dashed, rx: 4 });
  sb.text({ x: x + 12, y: y + 20, text, size: 14, fill: p.muted });
  return { w, h: 40 };
}

export function drawTensor(sb: SceneBuilder, x0: number, y0: number, spec: GridSpec): Box {
  const { shape, palette: p } = spec;
  const ndim = shape.length;
  if (ndim > MAX_DRAWN_DIMS) return note(sb, x0, y0, spec.words.tooManyDims(ndim), p, true);
  if (shape.some((s) => s === 0)) return note(sb, x0, y0, spec.words.empty(spec.shapeText), p, true);

  const visible: Visible[] = visibleIndices(shape);
  const multipliers = shape.map((_, d) => shape.slice(d + 1).reduce((m, s) => m * s, 1));
  const rows: Visible = ndim >= 2 ? (visible[ndim - 2] as Visible) : [0];
  const cols: Visible = ndim >= 1 ? (visible[ndim - 1] as Visible) : [0];
  const lead = Math.max(0, ndim - 2);
  const base = spec.cell ?? 34;

  // Every slice has the same cell width: the widest text drawn anywhere.
  let widest = 0;
  const each = (level: number, prefix: number[], fn: (flat: number) => void): void => {
    if (level === lead) {
      for (const r of rows) for (const c of cols) {
        if (r === null || c === null) continue;
        const idx = ndim >= 2 ? [...prefix, r, c] : ndim === 1 ? [c] : [];
        fn(idx.reduce((f, i, d) => f + i * (multipliers[d] as number), 0));
      }
      return;
    }
    for (const i of visible[level] as Visible) if (i !== null) each(level + 1, [...prefix, i], fn);
  };
  each(0, [], (flat) => {
    widest = Math.max(widest, textWidth(spec.text(flat), base * 0.4));
  });
  const cw = Math.max(base, Math.ceil(widest + 10));
  const ch = base;
  const gapW = cw * 0.55;
  const gapH = ch * 0.6;
  const rowLabelW = ndim >= 2 ? textWidth(String(shape[ndim - 2] as number - 1), INDEX) + 8 : 0;
  const colLabelH = ndim >= 1 ? INDEX + 6 : 0;
  const matrixW = rowLabelW + cols.reduce<number>((w, c) => w + (c === null ? gapW : cw), 0);
  const matrixH = colLabelH + rows.reduce<number>((h, r) => h + (r === null ? gapH : ch), 0);
  const spacing = (level: number): number => 8 + 10 * (lead - level);
  // Slices are labelled by the index of each leading dim ("d1=2"): above a
  // slice when that dim runs across, left of it when it runs down.
  const across = (level: number): boolean => (lead - level) % 2 === 1;
  const labelOf = (level: number, i: number): string => `d${level}=${i}`;
  const labelW = (level: number): number => textWidth(labelOf(level, (shape[level] as number) - 1), LABEL, true) + 10;
  const caption = lead > 0 && spec.name !== '' ? `${spec.name}[${[...shape.slice(0, lead).map((_, d) => `d${d}`), ':', ':'].join(', ')}]` : '';
  const top = caption === '' ? 0 : 20;
  const drawMatrix = (x: number, y: number, prefix: number[]): void => {
    let cx = x + rowLabelW;
    for (const c of cols) {
      if (ndim >= 1) sb.text({ x: cx + (c === null ? gapW : cw) / 2, y: y + INDEX / 2, text: c === null ? '' : String(c), size: INDEX, fill: p.muted, anchor: 'middle' });
      cx += c === null ? gapW : cw;
    }
    let cy = y + colLabelH;
    for (const r of rows) {
      const rh = r === null ? gapH : ch;
      if (ndim >= 2) sb.text({ x: x + rowLabelW - 4, y: cy + rh / 2, text: r === null ? '⋮' : String(r), size: INDEX, fill: p.muted, anchor: 'end' });
      cx = x + rowLabelW;
      for (const c of cols) {
        const w = c === null ? gapW : cw;
        if (r === null || c === null) {
          sb.text({ x: cx + w / 2, y: cy + rh / 2, text: r === null && c === null ? '⋱' : r === null ? '⋮' : '…', size: 16, fill: p.muted, anchor: 'middle' });
        } else {
          const idx = ndim >= 2 ? [...prefix, r, c] : ndim === 1 ? [c] : [];
          const flat = idx.reduce((f, i, d) => f + i * (multipliers[d] as number), 0);
          const look = spec.look(flat);
          const key = spec.keyPrefix === undefined ? undefined : `${spec.keyPrefix}:${flat}`;
          sb.rect({ x: cx, y: cy, w, h: rh, fill: look.fill, stroke: look.stroke, strokeWidth: 1.2, hatch: look.hatch, dashed: look.dashed, ...(key === undefined ? {} : { key }) });
          sb.text({ x: cx + w / 2, y: cy + rh / 2, text: spec.text(flat), size: Math.round(base * 0.4), fill: look.ink ?? p.fg, anchor: 'middle', mono: true, ...(key === undefined ? {} : { key }) });
        }
        cx += w;
      }
      cy += rh;
    }
  };

  const size = (level: number): Box => {
    if (level === lead) return { w: matrixW, h: matrixH };
    const sub = size(level + 1);
    const vis = visible[level] as Visible;
    const n = vis.length;
    const gaps = vis.filter((i) => i === null).length;
    if (across(level))
      return { w: (n - gaps) * sub.w + gaps * 24 + (n - 1) * spacing(level), h: sub.h + LABEL + 6 };
    return { w: sub.w + labelW(level), h: (n - gaps) * sub.h + gaps * 24 + (n - 1) * spacing(level) };
  };

  const place = (level: number, x: number, y: number, prefix: number[]): void => {
    if (level === lead) {
      drawMatrix(x, y, prefix);
      return;
    }
    const sub = size(level + 1);
    const wide = across(level);
    let at = wide ? x : y;
    for (const i of visible[level] as Visible) {
      if (i === null) {
        if (wide) sb.text({ x: at + 12, y: y + LABEL + 6 + sub.h / 2, text: '…', size: 20, fill: p.muted, anchor: 'middle' });
        else sb.text({ x: x + labelW(level) + sub.w / 2, y: at + 12, text: '⋮', size: 20, fill: p.muted, anchor: 'middle' });
        at += 24 + spacing(level);
        continue;
      }
      if (wide) {
        sb.text({ x: at + sub.w / 2, y: y + LABEL / 2, text: labelOf(level, i), size: LABEL, fill: p.muted, anchor: 'middle', mono: true });
        place(level + 1, at, y + LABEL + 6, [...prefix, i]);
      } else {
        sb.text({ x, y: at + sub.h / 2, text: labelOf(level, i), size: LABEL, fill: p.muted, mono: true });
        place(level + 1, x + labelW(level), at, [...prefix, i]);
      }
      at += (wide ? sub.w : sub.h) + spacing(level);
    }
  };

  if (caption !== '') sb.text({ x: x0, y: y0 + 8, text: caption, size: 13, fill: p.muted, mono: true });
  place(0, x0, y0 + top, []);
  const inner = size(0);
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
