// Paints a tensor laid out by tensor-layout.ts: cells coloured by their
// look with their numbers, row and column indices, slice and block labels,
// the summary's gaps (model/summary.ts), and a dashed note for an empty
// tensor or one of too many dims. The cells of one look are one path
// (CellsPrim): the browser lays out the numbers only.
import type { Palette } from './palette.js';
import type { CellsPrim, LabelsPrim, TextPrim } from './scene.js';
import { SceneBuilder } from './scene.js';
import { CAPTION, INDEX, LABEL, SCALAR, layoutTensor } from './tensor-layout.js';
import type { LayoutSpec, Placement, Size } from './tensor-layout.js';

export interface CellLook {
  fill: string;
  stroke: string;
  hatch?: boolean;
  dashed?: boolean;
  /** Text colour; the palette's foreground by default. */
  ink?: string;
}

export interface GridSpec extends LayoutSpec {
  look(flat: number): CellLook;
  /** Cells get the key "<keyPrefix>:<flat>" for hover mapping. */
  keyPrefix?: string;
  palette: Palette;
}

/** What a tensor paints, gathered by kind: frames first, then cells, indices and texts on top. */
interface Strokes {
  frames: { x: number; y: number; w: number; h: number }[];
  /** Cells by look, one path each. */
  looks: Map<string, Omit<CellsPrim, 't'>>;
  colIndices: LabelsPrim['items'];
  rowIndices: LabelsPrim['items'];
  texts: Omit<TextPrim, 't'>[];
}

function paintMatrix(out: Strokes, placement: Extract<Placement, { kind: 'matrix' }>, spec: GridSpec, textSize: number): void {
  const p = spec.palette;
  out.colIndices.push(...placement.colLabels);
  out.rowIndices.push(...placement.rowLabels);
  for (const { x, y, w, h, r, c, flat } of placement.cells) {
    if (flat === null) {
      out.texts.push({ x: x + w / 2, y: y + h / 2, text: r === null && c === null ? '⋱' : r === null ? '⋮' : '…', size: 16, fill: p.muted, anchor: 'middle' });
      continue;
    }
    const look = spec.look(flat);
    const key = spec.keyPrefix === undefined ? undefined : `${spec.keyPrefix}:${flat}`;
    const group = `${look.fill}|${look.stroke}|${look.hatch === true}|${look.dashed === true}`;
    let cells = out.looks.get(group);
    if (cells === undefined) {
      cells = { boxes: [], keys: [], fill: look.fill, stroke: look.stroke, strokeWidth: 1.2, hatch: look.hatch, dashed: look.dashed };
      out.looks.set(group, cells);
    }
    cells.boxes.push(x, y, w, h);
    cells.keys.push(key);
    out.texts.push({ x: x + w / 2, y: y + h / 2, text: spec.text(flat), size: textSize, fill: look.ink ?? p.fg, anchor: 'middle', mono: true, ...(key === undefined ? {} : { key }) });
  }
}

function paintPlacement(out: Strokes, placement: Placement, spec: GridSpec, textSize: number): void {
  const p = spec.palette;
  switch (placement.kind) {
    case 'matrix':
      return paintMatrix(out, placement, spec, textSize);
    case 'block':
      out.frames.push({ x: placement.x, y: placement.y, w: placement.w, h: placement.h });
      out.texts.push({ ...placement.label, size: LABEL, fill: p.fg, mono: true, bold: true });
      return;
    case 'slice':
      out.texts.push({ ...placement.label, size: LABEL, fill: p.muted, anchor: 'middle', mono: true });
      return;
    case 'gap':
      out.texts.push({ x: placement.x, y: placement.y, text: '…', size: placement.size, fill: p.muted, anchor: 'middle' });
  }
}

/** Draws the tensor with its top left at (x0, y0); returns its size. */
export function drawTensor(sb: SceneBuilder, x0: number, y0: number, spec: GridSpec): Size {
  const p = spec.palette;
  const layout = layoutTensor(spec, x0, y0);
  if (layout.kind === 'note') {
    sb.rect({ x: x0, y: y0, w: layout.box.w, h: layout.box.h, fill: p.bg, stroke: p.muted, strokeWidth: 1.5, dashed: true, rx: 4 });
    sb.text({ x: x0 + 12, y: y0 + 20, text: layout.text, size: 14, fill: p.muted });
    return layout.box;
  }
  const out: Strokes = { frames: [], looks: new Map(), colIndices: [], rowIndices: [], texts: [] };
  if (layout.caption !== null) out.texts.push({ ...layout.caption, size: CAPTION, fill: p.muted, mono: true });
  for (const placement of layout.placements) paintPlacement(out, placement, spec, layout.textSize);

  for (const frame of out.frames) sb.rect({ ...frame, fill: 'none', stroke: p.cell.stroke, strokeWidth: 1, rx: 6 });
  for (const cells of out.looks.values()) sb.cells(cells);
  sb.labels({ items: out.colIndices, size: INDEX, fill: p.muted, anchor: 'middle' });
  sb.labels({ items: out.rowIndices, size: INDEX, fill: p.muted, anchor: 'end' });
  for (const t of out.texts) sb.text(t);
  if (layout.scalar !== null) sb.text({ ...layout.scalar, text: spec.words.scalar, size: SCALAR, fill: p.muted });
  return layout.box;
}

/** The size drawTensor would take, without drawing. */
export function measureTensor(spec: LayoutSpec): Size {
  return layoutTensor(spec, 0, 0).box;
}
