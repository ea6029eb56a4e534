// The column diagram shared by the alignment and in-place views: shapes
// right-aligned, one column per dim, ghost 1s for missing dims, the rule's
// verdict under each checked column, the result row, and optionally a row
// comparing the result with another shape (the in-place check).
import type { BroadcastTrace, DimRole, DimStep } from 'tensorcast';
import type { Palette, Tone } from '../diagram/palette.js';
import { SceneBuilder, WRAP_WIDTH, textWidth } from '../diagram/scene.js';
import type { Scene } from '../diagram/scene.js';
import type { Messages } from '../i18n/messages.js';
import { formatShape } from '../model/format.js';

export interface ExtraRow {
  label: string;
  /** Per column: the text and whether it marks a problem. */
  cell(col: number): { text: string; bad: boolean } | null;
}

export interface ColumnsSpec {
  trace: BroadcastTrace;
  names: readonly string[];
  /** Draw the ghost 1s of missing dims. */
  ghosts: boolean;
  /** How many of trace.dims (from the right) are revealed. */
  revealed: number;
  /** The trace.dims index being explained now, if any. */
  current: number | null;
  /** Label the columns left of a failure as never checked. */
  showUnchecked: boolean;
  extra?: ExtraRow;
  title: string;
  desc: string;
}

const ROW = 54;
const HEAD = 58;

function toneOf(p: Palette, role: DimRole | null): Tone {
  switch (role) {
    case 'same':
      return p.same;
    case 'expanded':
      return p.one;
    case 'missing':
      return p.missing;
    case 'conflict':
      return p.conflict;
    default:
      return p.cell;
  }
}

/** What each look means, in words, so an exported diagram explains itself. */
function legend(sb: SceneBuilder, y: number, m: Messages, p: Palette): void {
  const items: { text: string; tone: Tone; dashed?: boolean; hatch?: boolean; outline?: boolean }[] = [
    { text: m.align.legend.equal, tone: p.same },
    { text: m.align.legend.one, tone: p.one },
    { text: m.align.legend.ghost, tone: p.missing, dashed: true },
    { text: m.align.legend.conflict, tone: p.conflict, hatch: true },
    { text: m.align.legend.now, tone: { fill: 'none', stroke: p.accent }, outline: true },
  ];
  let x = 8;
  for (const item of items) {
    const w = textWidth(item.text, 13) + 36;
    if (x > 8 && x + w > WRAP_WIDTH) {
      x = 8;
      y += 26;
    }
    sb.rect({ x, y, w: 20, h: 16, fill: item.tone.fill, stroke: item.tone.stroke, strokeWidth: item.outline === true ? 3 : 1.5, dashed: item.dashed, hatch: item.hatch, rx: 3 });
    sb.text({ x: x + 26, y: y + 8, text: item.text, size: 13, fill: p.muted });
    x += w + 12;
  }
}

function verdictOf(m: Messages, step: DimStep): string {
  return m.align.verdict[step.rule === 'mismatch' ? 'mismatch' : step.rule];
}

export function columnsScene(spec: ColumnsSpec, m: Messages, p: Palette): Scene {
  const { trace, names } = spec;
  const n = trace.padded[0]?.length ?? 0;
  const byDim = new Map<number, { step: DimStep; order: number }>();
  trace.dims.forEach((step, order) => byDim.set(step.dim, { step, order }));
  const revealedAt = (col: number): DimStep | null => {
    const entry = byDim.get(col);
    return entry !== undefined && entry.order < spec.revealed ? entry.step : null;
  };

  const cellText = (row: number, col: number): string | null => {
    const input = trace.inputs[row] as number[];
    const missing = col < n - input.length;
    if (missing) return spec.ghosts ? '1' : null;
    return String(input[col - (n - input.length)]);
  };
  const resultText = (col: number): string => {
    const step = revealedAt(col);
    if (step === null) return '';
    return step.result === null ? '✗' : String(step.result);
  };

  // Column width: the widest text in it, at the sizes drawn.
  const widths = Array.from({ length: n }, (_, col) => {
    let w = Math.max(textWidth(m.align.dim(col), 15), textWidth(verdictOf(m, { rule: 'mismatch' } as DimStep), 13));
    for (let r = 0; r < names.length; r++) w = Math.max(w, textWidth(cellText(r, col) ?? '', 22, true));
    w = Math.max(w, textWidth(resultText(col), 22, true), textWidth(m.align.verdict.unchecked, 13));
    const extra = spec.extra?.cell(col);
    if (extra) w = Math.max(w, textWidth(extra.text, 14));
    return Math.ceil(w + 22);
  });
  const labels = [
    ...names.map((name, r) => `${name}  ${formatShape(trace.inputs[r] as number[])}`),
    m.align.resultRow,
    ...(spec.extra ? [spec.extra.label] : []),
  ];
  const labelW = Math.max(...labels.map((l) => textWidth(l, 18, true))) + 28;
  const xs: number[] = [];
  widths.reduce((x, w) => {
    xs.push(x);
    return x + w;
  }, labelW);

  const sb = new SceneBuilder();
  const rowY = (r: number): number => HEAD + r * ROW;
  const resultRow = names.length;
  const verdictY = rowY(resultRow) + ROW + 6;
  const extraY = verdictY + 30;
  const bottom = spec.extra ? extraY + ROW : verdictY + 24;

  // The column being explained: an outline around the whole column.
  if (spec.current !== null) {
    const col = (trace.dims[spec.current] as DimStep).dim;
    sb.rect({ x: (xs[col] as number) - 3, y: 4, w: (widths[col] as number) + 6, h: bottom - 4, fill: 'none', stroke: p.accent, strokeWidth: 3, rx: 8 });
  }

  for (let col = 0; col < n; col++) {
    const x = xs[col] as number;
    const w = widths[col] as number;
    sb.text({ x: x + w / 2, y: 20, text: m.align.dim(col), size: 15, fill: p.fg, anchor: 'middle', bold: true });
    sb.text({ x: x + w / 2, y: 40, text: m.align.trailing(n - col), size: 13, fill: p.muted, anchor: 'middle' });
    const step = revealedAt(col);
    names.forEach((_, r) => {
      const text = cellText(r, col);
      if (text === null) return;
      const input = trace.inputs[r] as number[];
      const ghost = col < n - input.length;
      const role = step?.roles[r] ?? (ghost ? 'missing' : null);
      const tone = step !== null || ghost ? toneOf(p, role) : p.cell;
      sb.rect({
        x: x + 4, y: rowY(r) + 4, w: w - 8, h: ROW - 8, fill: tone.fill, stroke: tone.stroke, strokeWidth: 1.5,
        dashed: ghost, hatch: role === 'conflict', rx: 6,
      });
      sb.text({ x: x + w / 2, y: rowY(r) + ROW / 2, text, size: 22, fill: ghost ? p.muted : p.fg, anchor: 'middle', mono: true });
    });
    // The result row and the verdict under it.
    const result = resultText(col);
    if (step !== null) {
      const failed = step.result === null;
      const tone = failed ? p.conflict : p.cell;
      sb.rect({ x: x + 4, y: rowY(resultRow) + 4, w: w - 8, h: ROW - 8, fill: tone.fill, stroke: failed ? p.conflict.stroke : p.fg, strokeWidth: 2, hatch: failed, rx: 6 });
      sb.text({ x: x + w / 2, y: rowY(resultRow) + ROW / 2, text: result, size: 22, fill: p.fg, anchor: 'middle', mono: true, bold: true });
      sb.text({ x: x + w / 2, y: verdictY, text: verdictOf(m, step), size: 13, fill: failed ? p.conflict.stroke : p.muted, anchor: 'middle', bold: failed });
    } else if (spec.showUnchecked && trace.failedDim !== null && col < trace.failedDim) {
      sb.text({ x: x + w / 2, y: rowY(resultRow) + ROW / 2, text: m.align.verdict.unchecked, size: 13, fill: p.muted, anchor: 'middle' });
    } else {
      sb.rect({ x: x + 4, y: rowY(resultRow) + 4, w: w - 8, h: ROW - 8, fill: 'none', stroke: p.muted, strokeWidth: 1, dashed: true, rx: 6 });
    }
    const extra = spec.extra?.cell(col);
    if (extra) {
      const tone = extra.bad ? p.conflict : p.same;
      sb.rect({ x: x + 4, y: extraY + 4, w: w - 8, h: ROW - 8, fill: tone.fill, stroke: tone.stroke, strokeWidth: 1.5, hatch: extra.bad, rx: 6 });
      sb.text({ x: x + w / 2, y: extraY + ROW / 2, text: extra.text, size: 14, fill: p.fg, anchor: 'middle', bold: extra.bad });
    }
  }

  for (let r = 0; r < names.length; r++)
    sb.text({ x: 8, y: rowY(r) + ROW / 2, text: labels[r] as string, size: 18, fill: p.fg, mono: true });
  sb.text({ x: 8, y: rowY(resultRow) + ROW / 2, text: m.align.resultRow, size: 18, fill: p.fg, bold: true });
  if (spec.extra) sb.text({ x: 8, y: extraY + ROW / 2, text: spec.extra.label, size: 18, fill: p.fg, mono: true });
  sb.line({ x1: 4, y1: rowY(resultRow) - 1, x2: (xs[n - 1] ?? labelW) + (widths[n - 1] ?? 0), y2: rowY(resultRow) - 1, stroke: p.muted, width: 1.5 });
  sb.part(`legend@${bottom}`, () => legend(sb, bottom + 18, m, p));
  return sb.build({ title: spec.title, desc: spec.desc, background: p.bg, hatch: p.hatch });
}
