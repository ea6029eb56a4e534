// The column diagram shared by the alignment and in-place views: shapes
// right-aligned, one column per dim, ghost 1s for missing dims, the rule's
// verdict under each checked column, the result row, and optionally a row
// comparing the result with another shape (the in-place check).
import type { DimStep } from 'tensorcast';
import type { Palette } from '../diagram/palette.js';
import { LOOK_ROLES, lookOf, lookRoleOf } from '../diagram/role-looks.js';
import type { Look } from '../diagram/role-looks.js';
import { SceneBuilder, WRAP_WIDTH, textWidth } from '../diagram/scene.js';
import type { Scene } from '../diagram/scene.js';
import type { Messages } from '../i18n/messages.js';
import { ROW, columnTexts, columnsLayout, verdictOf } from './columns-layout.js';
import type { ColumnTexts, ColumnsLayout, ColumnsSpec } from './columns-layout.js';

/** A look's glyph in the top right corner of a box, in the look's outline colour. */
function glyph(sb: SceneBuilder, x: number, y: number, look: Look, size: number): void {
  sb.text({ x, y, text: look.glyph, size, fill: look.tone.stroke, anchor: 'middle', bold: true });
}

// The legend wraps at the columns' right edge (at least this wide): it never makes the drawing wider
// than its columns, so scrolling the box sideways is only ever for the columns.
const MIN_LEGEND_WIDTH = 360;

/** What each look means, in words, so an exported diagram explains itself: every role, then the current column. */
function legend(sb: SceneBuilder, y: number, m: Messages, p: Palette, width: number): void {
  const items = [
    ...LOOK_ROLES.map((role) => ({ text: m.roles[role], look: lookOf(p, role) as Look | null })),
    { text: m.roles.now, look: null },
  ];
  let x = 8;
  for (const { text, look } of items) {
    const w = textWidth(text, 13) + 40;
    if (x > 8 && x + w > width) {
      x = 8;
      y += 28;
    }
    if (look === null) sb.rect({ x, y, w: 24, h: 20, fill: 'none', stroke: p.accent, strokeWidth: 3, rx: 3 });
    else {
      sb.rect({ x, y, w: 24, h: 20, fill: look.tone.fill, stroke: look.tone.stroke, strokeWidth: look.strokeWidth, dashed: look.dashed, hatch: look.hatch, rx: 3 });
      glyph(sb, x + 12, y + 10, look, 13);
    }
    sb.text({ x: x + 30, y: y + 10, text, size: 13, fill: p.muted });
    x += w + 12;
  }
}

/** What one column paints, with the layout and texts of the whole diagram. */
interface Column {
  sb: SceneBuilder;
  spec: ColumnsSpec;
  texts: ColumnTexts;
  layout: ColumnsLayout;
  m: Messages;
  p: Palette;
  col: number;
  x: number;
  w: number;
}

/** The column's head: its dim, and its place counted from the right. */
function paintHead({ sb, texts, m, p, col, x, w }: Column): void {
  sb.text({ x: x + w / 2, y: 20, text: m.align.dim(col), size: 15, fill: p.fg, anchor: 'middle', bold: true });
  sb.text({ x: x + w / 2, y: 40, text: m.align.trailing(texts.n - col), size: 13, fill: p.muted, anchor: 'middle' });
}

/** Each operand's size: drawn in its role's look once the column is revealed, dashed as a ghost. */
function paintSizes({ sb, spec, texts, layout, p, col, x, w }: Column): void {
  const step = texts.revealedAt(col);
  spec.names.forEach((_, r) => {
    const text = texts.cellText(r, col);
    if (text === null) return;
    const ghost = texts.isGhost(r, col);
    const role = step?.roles[r];
    const look = step !== null && role !== undefined ? lookOf(p, lookRoleOf(role, step.rule)) : ghost ? lookOf(p, 'missing') : null;
    const y = layout.rowY(r);
    if (look === null) sb.rect({ x: x + 4, y: y + 4, w: w - 8, h: ROW - 8, fill: p.cell.fill, stroke: p.cell.stroke, strokeWidth: 1.5, rx: 6 });
    else {
      sb.rect({ x: x + 4, y: y + 4, w: w - 8, h: ROW - 8, fill: look.tone.fill, stroke: look.tone.stroke, strokeWidth: look.strokeWidth, dashed: look.dashed, hatch: look.hatch, rx: 6 });
      glyph(sb, x + w - 15, y + 16, look, 13);
    }
    sb.text({ x: x + w / 2, y: y + ROW / 2, text, size: 22, fill: ghost ? p.muted : p.fg, anchor: 'middle', mono: true });
  });
}

/** The result's size and the verdict under it; "not checked" left of a failure; an empty slot before. */
function paintResult({ sb, spec, texts, layout, m, p, col, x, w }: Column): void {
  const step = texts.revealedAt(col);
  const y = layout.rowY(spec.names.length);
  if (step !== null) {
    const failed = step.result === null;
    const tone = failed ? p.conflict : p.cell;
    sb.rect({ x: x + 4, y: y + 4, w: w - 8, h: ROW - 8, fill: tone.fill, stroke: failed ? p.conflict.stroke : p.fg, strokeWidth: 2, hatch: failed, rx: 6 });
    sb.text({ x: x + w / 2, y: y + ROW / 2, text: texts.resultText(col), size: 22, fill: p.fg, anchor: 'middle', mono: true, bold: true });
    sb.text({ x: x + w / 2, y: layout.verdictY, text: verdictOf(m, step), size: 13, fill: failed ? p.conflict.stroke : p.muted, anchor: 'middle', bold: failed });
  } else if (spec.showUnchecked && spec.trace.failedDim !== null && col < spec.trace.failedDim) {
    sb.text({ x: x + w / 2, y: y + ROW / 2, text: m.align.verdict.unchecked, size: 13, fill: p.muted, anchor: 'middle' });
  } else {
    sb.rect({ x: x + 4, y: y + 4, w: w - 8, h: ROW - 8, fill: 'none', stroke: p.muted, strokeWidth: 1, dashed: true, rx: 6 });
  }
}

function paintExtra({ sb, spec, layout, p, col, x, w }: Column): void {
  const extra = spec.extra?.cell(col);
  if (!extra) return;
  const tone = extra.bad ? p.conflict : p.same;
  sb.rect({ x: x + 4, y: layout.extraY + 4, w: w - 8, h: ROW - 8, fill: tone.fill, stroke: tone.stroke, strokeWidth: 1.5, hatch: extra.bad, rx: 6 });
  sb.text({ x: x + w / 2, y: layout.extraY + ROW / 2, text: extra.text, size: 14, fill: p.fg, anchor: 'middle', bold: extra.bad });
}

/** The row labels on the left, and the rule over the result row. */
function paintLabels(sb: SceneBuilder, spec: ColumnsSpec, layout: ColumnsLayout, m: Messages, p: Palette): void {
  const { names } = spec;
  const resultY = layout.rowY(names.length);
  for (let r = 0; r < names.length; r++)
    sb.text({ x: 8, y: layout.rowY(r) + ROW / 2, text: layout.labels[r] as string, size: 18, fill: p.fg, mono: true });
  sb.text({ x: 8, y: resultY + ROW / 2, text: m.align.resultRow, size: 18, fill: p.fg, bold: true });
  if (spec.extra) sb.text({ x: 8, y: layout.extraY + ROW / 2, text: spec.extra.label, size: 18, fill: p.fg, mono: true });
  const n = layout.widths.length;
  sb.line({ x1: 4, y1: resultY - 1, x2: (layout.xs[n - 1] ?? layout.labelW) + (layout.widths[n - 1] ?? 0), y2: resultY - 1, stroke: p.muted, width: 1.5 });
}

export function columnsScene(spec: ColumnsSpec, m: Messages, p: Palette): Scene {
  const texts = columnTexts(spec);
  const layout = columnsLayout(spec, texts, m);
  const sb = new SceneBuilder();
  // The column being explained: an outline around the whole column.
  if (spec.current !== null) {
    const col = (spec.trace.dims[spec.current] as DimStep).dim;
    sb.rect({ x: (layout.xs[col] as number) - 3, y: 4, w: (layout.widths[col] as number) + 6, h: layout.bottom - 4, fill: 'none', stroke: p.accent, strokeWidth: 3, rx: 8 });
  }
  for (let col = 0; col < texts.n; col++) {
    const column: Column = { sb, spec, texts, layout, m, p, col, x: layout.xs[col] as number, w: layout.widths[col] as number };
    paintHead(column);
    paintSizes(column);
    paintResult(column);
    paintExtra(column);
  }
  paintLabels(sb, spec, layout, m, p);
  const right = layout.xs.length === 0 ? 0 : (layout.xs.at(-1) as number) + (layout.widths.at(-1) as number);
  sb.part(`legend@${layout.bottom}:${right}`, () => legend(sb, layout.bottom + 18, m, p, Math.min(WRAP_WIDTH, Math.max(MIN_LEGEND_WIDTH, right))));
  return sb.build({ title: spec.title, desc: spec.desc, background: p.bg, hatch: p.hatch });
}
