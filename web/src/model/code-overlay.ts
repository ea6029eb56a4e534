// What the editor lays over a program's code after a run, by 1-based line:
// each statement's inline values after its last line, the line that raised
// with its message, the lines whose op the views can open, and the line
// picked. Plain data: code-editor.ts turns it into CodeMirror decorations.
import { inlineText } from './inline-values.js';
import type { LineWarning } from './line-warnings.js';
import { lineWarnings } from './line-warnings.js';
import { mayExplain } from './call-explain.js';
import { lineOp } from './line-op.js';
import { spanText } from './line-op.js';
import type { ProgramRun } from './program.js';
import { statementKey, statementRuns } from './program-runs.js';

/** Longest error text under the failing line (the whole text is in the panel below). */
export const MAX_NOTE = 2000;

export interface Overlay {
  /** Inline text after a statement's last line. */
  inline: ReadonlyMap<number, string>;
  /** Lines whose inline text is the last run's that got that far (this one could not read the code). */
  stale: ReadonlySet<number>;
  /** The line that raised, its message ("RuntimeError: ..."), or null. */
  error: { line: number; text: string } | null;
  /** The line picked for the views, or null. */
  picked: number | null;
  /** Lines whose statement the views can open (an op with a broadcast). */
  openable: ReadonlySet<number>;
  /** Lines that ran but are likely wrong (Note [Likely wrong lines]), by the line of their inline text: the reason, in words. */
  warnings: ReadonlyMap<number, string>;
}

/** A likely mistake in words (the page's language). */
export type WarningWords = (warning: LineWarning) => string;

/**
 * previous: the last run that read the code. While a line is being typed
 * the code often cannot be read (an open bracket): nothing runs, and the
 * lines above it keep the values that run gave them, marked stale, if their
 * text is still what it was. The shapes do not blink out at each keystroke.
 * whole: the run `program` is a snapshot of (model/program-runs.ts), whose
 * statements that ran more than once say so after their values: "(×3)",
 * and the shapes they bound when those changed from run to run
 * ("(×3: [1] → [2] → [3])"), in symbols that need no translation.
 */
export function overlayFor(program: ProgramRun | null, picked: number | null, previous: ProgramRun | null = null,
  words: WarningWords | null = null, whole: ProgramRun | null = program): Overlay {
  const inline = new Map<number, string>();
  const openable = new Set<number>();
  const stale = new Set<number>();
  const warnings = new Map<number, string>();
  if (program === null) return { inline, stale, error: null, picked, openable, warnings };
  const unread = program.error !== null && program.statements.length === 0;
  if (unread && previous !== null && program.error !== null) {
    for (const s of previous.statements) {
      if (s.endLine >= program.error.line || previous.error?.line === s.line) continue;
      const text = inlineText(s);
      if (text === '' || spanText(program.code, s) !== spanText(previous.code, s)) continue;
      inline.set(s.endLine, text);
      stale.add(s.endLine);
    }
  }
  const failing = program.error === null ? null : program.statements[program.statements.length - 1] ?? null;
  const raised = failing !== null && program.error !== null && program.error.line >= failing.line && program.error.line <= failing.endLine;
  const runs = whole === null ? new Map() : statementRuns(whole);
  for (const s of program.statements) {
    const r = runs.get(statementKey(s));
    const times = r === undefined || r.steps.length < 2 ? '' : r.shapes.length > 1
      ? `(×${r.steps.length}: ${r.shapes.join(' → ')}${r.shapes.length >= 4 ? ' …' : ''})` : `(×${r.steps.length})`;
    const text = [inlineText(s), times].filter((t) => t !== '').join('   ');
    // The statement that raised bound nothing: its names, if any, are from before.
    if (text !== '' && !(raised && s === failing)) inline.set(s.endLine, text);
    if (lineOp(s) !== null || s.calls.some(mayExplain)) openable.add(s.line);
  }
  // A statement that runs many times warns once, from its first run that does.
  if (words !== null)
    for (const [s, w] of lineWarnings(program)) if (!warnings.has(s.endLine) && inline.has(s.endLine)) warnings.set(s.endLine, words(w));
  const error = program.error === null ? null : { line: program.error.line, text: `${program.error.pythonType}: ${program.error.message}`.slice(0, MAX_NOTE) };
  return { inline, stale, error, picked, openable, warnings };
}
