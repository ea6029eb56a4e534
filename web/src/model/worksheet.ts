// The printable worksheet (web/worksheet.html): which items it holds, from
// its link, how they fall onto A4 sheets, and each item's answer key, read
// from the shipped set and from the core's run of a drill's program. No
// DOM: web/src/worksheet.ts draws what this says.
//
// Note [Worksheet sheets]: the page is laid out as explicit sheets, each
// one A4 page, each holding a fixed number of items in rows of equal
// height (PER_SHEET), so that the number of printed pages is known from
// the number of items: the questions' sheets, then the key's sheets,
// which start on a page of their own. An item never spans two sheets;
// e2e/worksheet.spec.js prints each set and checks the page count and
// that no item runs past its row.
import type { Drill } from './puzzle-file.js';
import type { ShippedEntry } from './puzzle-set.js';
import type { ProgramRun } from './program.js';
import { codeQuestions } from './code-predict.js';
import { formatShape } from './format.js';
import { LANGS } from './state.js';
import type { Lang } from './state.js';
import { VERSION_KEY, VERSION_PART, knownVersion } from './link-version.js';

export const WORKSHEET_SETS = ['puzzles', 'drills'] as const;
export type WorksheetSet = (typeof WORKSHEET_SETS)[number];

export interface WorksheetOptions {
  set: WorksheetSet;
  lang: Lang;
  /** Only these items, in this order (null: the whole set). */
  ids: string[] | null;
  /** Whether the answer key follows (a build without solutions has none whatever this says). */
  key: boolean;
}

/** Items per sheet (Note [Worksheet sheets]): the questions, and the key. */
export const PER_SHEET: Readonly<Record<WorksheetSet, { items: number; key: number }>> = {
  puzzles: { items: 3, key: 8 },
  drills: { items: 2, key: 4 },
};

const DEFAULTS: WorksheetOptions = { set: 'puzzles', lang: 'en', ids: null, key: true };

/**
 * The options a worksheet link asks for (`#set=drills&lang=zh&ids=outer,eye&key=0`),
 * and the keys it gave that cannot be used (each as `key=value`), which the
 * page reports; a key it does not know is one of them.
 */
export function parseWorksheetHash(hash: string): { options: WorksheetOptions; ignored: string[] } {
  const options: WorksheetOptions = { ...DEFAULTS };
  const ignored: string[] = [];
  for (const [k, v] of new URLSearchParams(hash.replace(/^#/, ''))) {
    if (k === 'set' && (WORKSHEET_SETS as readonly string[]).includes(v)) options.set = v as WorksheetSet;
    else if (k === 'lang' && (LANGS as readonly string[]).includes(v)) options.lang = v as Lang;
    else if (k === 'ids' && v.trim() !== '') options.ids = v.split(',').map((s) => s.trim()).filter((s) => s !== '');
    else if (k === 'key' && (v === '0' || v === '1')) options.key = v === '1';
    else if (k === VERSION_KEY && knownVersion(v)) continue;
    else ignored.push(`${k}=${v}`);
  }
  return { options, ignored };
}

/** The link's hash for these options, after the link version (Note [Link versions]), leaving out what is the default. */
export function formatWorksheetHash(o: WorksheetOptions): string {
  const parts = [VERSION_PART, `set=${o.set}`, `lang=${o.lang}`];
  if (o.ids !== null) parts.push(`ids=${o.ids.join(',')}`);
  if (!o.key) parts.push('key=0');
  return `#${parts.join('&')}`;
}

export type WorksheetItem =
  | { kind: 'puzzle'; entry: Extract<ShippedEntry, { kind: 'puzzle' }> }
  | { kind: 'drill'; drill: Drill };

/** The set's items the options ask for, and the asked-for ids the set does not have (in the set's order, or the ids' order when given). */
export function worksheetItems(set: readonly ShippedEntry[], o: WorksheetOptions): { items: WorksheetItem[]; unknown: string[] } {
  const all: WorksheetItem[] = set.flatMap((e): WorksheetItem[] => {
    if (o.set === 'puzzles') return e.kind === 'puzzle' ? [{ kind: 'puzzle', entry: e }] : [];
    return e.kind === 'drill' ? [{ kind: 'drill', drill: e.drill }] : [];
  });
  if (o.ids === null) return { items: all, unknown: [] };
  const byId = new Map(all.map((it) => [itemId(it), it]));
  const items: WorksheetItem[] = [];
  const unknown: string[] = [];
  for (const id of o.ids) {
    const it = byId.get(id);
    if (it === undefined) unknown.push(id);
    else if (!items.includes(it)) items.push(it);
  }
  return { items, unknown };
}

export const itemId = (it: WorksheetItem): string => (it.kind === 'puzzle' ? it.entry.puzzle.id : it.drill.id);

/** The playground's link that opens the item (relative to the worksheet's page). */
export const itemLink = (it: WorksheetItem): string => (it.kind === 'puzzle' ? `./#puzzle=${itemId(it)}` : `./#drill=${itemId(it)}`);

/** Items cut into sheets of n (Note [Worksheet sheets]). */
export function sheets<T>(items: readonly T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += n) out.push(items.slice(i, i + n));
  return out;
}

/** Whether the worksheet ends with an answer key: asked for, and the build shipped solutions. */
export const hasKey = (o: WorksheetOptions, solutionsShown: boolean): boolean => o.key && solutionsShown;

/** How many pages the worksheet prints: the questions' sheets, then the key's (Note [Worksheet sheets]). */
export function pageCount(set: WorksheetSet, items: number, key: boolean): number {
  const per = PER_SHEET[set];
  return Math.ceil(items / per.items) + (key ? Math.ceil(items / per.key) : 0);
}

/**
 * Ruled rows in a puzzle's answer box: two a line of the body (a line of
 * code written by hand takes about two rows of the box's width), and
 * three lines where the puzzle sets no limit.
 */
export const answerRows = (maxLines: number | null): number => 2 * (maxLines ?? 3);

/** What a drill asks about one line of its program, and the engine's answer. */
export interface DrillAsk {
  /** What the box is labelled with: a name, 'w.grad', or the line's assigned name when the line raises. */
  label: string;
  /** The engine's answer: a shape as PyTorch's tuple, or null when the line raises. */
  shape: string | null;
  dtype: string | null;
}

/** A line of a drill's program with its questions (none for a line nothing is asked about). */
export interface DrillLine {
  /** 1-based, in the program as written. */
  line: number;
  text: string;
  asks: DrillAsk[];
}

// The name a line assigns (`Q = A / s` gives 'Q'), for the box of a line that raises: the
// same label as the line would have had, so the box does not tell which line fails.
const assigned = (text: string): string => /^\s*([A-Za-z_]\w*)\s*=[^=]/.exec(text)?.[1] ?? '';

/**
 * The drill's program line by line, each with what the code mode's
 * predict switch asks about it (codeQuestions: the same questions, from
 * the same run), and the engine's answers; `run` is the program's run.
 * The program's trailing empty line is left out.
 */
export function drillLines(run: ProgramRun): DrillLine[] {
  const questions = codeQuestions(run);
  return run.code.replace(/\n+$/, '').split('\n').map((text, i) => {
    const line = i + 1;
    const asks = questions.filter((q) => q.line === line).map((q): DrillAsk => {
      const a = q.question.kind === 'result' ? q.question.answer : null;
      return a?.kind === 'shape'
        ? { label: q.subject ?? assigned(text), shape: formatShape(a.shape), dtype: q.dtype }
        : { label: assigned(text), shape: null, dtype: null };
    });
    return { line, text, asks };
  });
}

/** A blank box's width in characters: room for the engine's answer and a little more, never less than a short shape's. */
export const boxChars = (answer: string | null): number => Math.max(10, (answer ?? '').length + 4);

/** The widths of a drill's boxes, in characters: each column as wide as its longest answer needs, so that the boxes line up. */
export function drillBoxChars(lines: readonly DrillLine[]): { shape: number; dtype: number } {
  const asks = lines.flatMap((l) => l.asks);
  return { shape: Math.max(boxChars(null), ...asks.map((a) => boxChars(a.shape))), dtype: Math.max(boxChars(null), ...asks.map((a) => boxChars(a.dtype))) };
}
