// Where the column diagram's parts go (columns.ts paints them): a column per
// dim, as wide as the widest text it shows, a label column on the left, one
// row per operand, the result row, the verdicts under it and the optional
// extra row. Only data: the texts and their positions, no scene.
import type { BroadcastTrace, DimStep } from 'tensorcast';
import { textWidth } from '../diagram/scene.js';
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

export const ROW = 54;
const HEAD = 58;

/** What the columns show: each operand's size (or ghost 1) and the rule's step at each revealed column. */
export interface ColumnTexts {
  /** The number of columns: the dims of the padded shapes. */
  n: number;
  /** The rule's step at a column, once revealed. */
  revealedAt(col: number): DimStep | null;
  /** An operand's size at a column; '1' for a ghost, null when ghosts are hidden. */
  cellText(row: number, col: number): string | null;
  /** Whether the operand lacks the column's dim. */
  isGhost(row: number, col: number): boolean;
  /** The result's size once revealed, ✗ where the rule failed, '' before. */
  resultText(col: number): string;
}

export function columnTexts(spec: ColumnsSpec): ColumnTexts {
  const { trace } = spec;
  const n = trace.padded[0]?.length ?? 0;
  const byDim = new Map<number, { step: DimStep; order: number }>();
  trace.dims.forEach((step, order) => byDim.set(step.dim, { step, order }));
  const revealedAt = (col: number): DimStep | null => {
    const entry = byDim.get(col);
    return entry !== undefined && entry.order < spec.revealed ? entry.step : null;
  };
  const isGhost = (row: number, col: number): boolean => col < n - (trace.inputs[row] as number[]).length;
  const cellText = (row: number, col: number): string | null => {
    const input = trace.inputs[row] as number[];
    if (isGhost(row, col)) return spec.ghosts ? '1' : null;
    return String(input[col - (n - input.length)]);
  };
  const resultText = (col: number): string => {
    const step = revealedAt(col);
    if (step === null) return '';
    return step.result === null ? '✗' : String(step.result);
  };
  return { n, revealedAt, cellText, isGhost, resultText };
}

export interface ColumnsLayout {
  /** Each column's left edge and width. */
  xs: number[];
  widths: number[];
  /** The label column's width: the columns start there. */
  labelW: number;
  /** The labels of the rows: each operand with its shape, the result, and the extra row's. */
  labels: string[];
  /** The top of operand row r; row names.length is the result row. */
  rowY(r: number): number;
  verdictY: number;
  extraY: number;
  /** Where the columns end and the legend begins. */
  bottom: number;
}

/** The verdict under a column: its rule in words. */
export function verdictOf(m: Messages, step: Pick<DimStep, 'rule'>): string {
  return m.align.verdict[step.rule === 'mismatch' ? 'mismatch' : step.rule];
}

export function columnsLayout(spec: ColumnsSpec, texts: ColumnTexts, m: Messages): ColumnsLayout {
  const { trace, names } = spec;
  // Column width: the widest text in it, at the sizes drawn.
  const widths = Array.from({ length: texts.n }, (_, col) => {
    let w = Math.max(textWidth(m.align.dim(col), 15), textWidth(verdictOf(m, { rule: 'mismatch' }), 13));
    for (let r = 0; r < names.length; r++) w = Math.max(w, textWidth(texts.cellText(r, col) ?? '', 22, true));
    w = Math.max(w, textWidth(texts.resultText(col), 22, true), textWidth(m.align.verdict.unchecked, 13));
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
  const rowY = (r: number): number => HEAD + r * ROW;
  const verdictY = rowY(names.length) + ROW + 6;
  const extraY = verdictY + 30;
  return { xs, widths, labelW, labels, rowY, verdictY, extraY, bottom: spec.extra ? extraY + ROW : verdictY + 24 };
}
