// A student's progress through a set of puzzles: which are solved, how many
// checks and hints each took, and the draft in the editor. Kept in the
// browser's storage under one key per set, exported and imported as a
// file. Storage may be blocked (a sandboxed iframe, some privacy modes):
// then progress lives in memory for the visit and `blocked` says so, for
// the page to tell the student. No DOM: the storage is handed in.

/** The part of the Web Storage API this module uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface PuzzleProgress {
  solved: boolean;
  /** Checks run, the passing one included. */
  attempts: number;
  /** Hints unlocked. */
  hints: number;
  /** What the editor held last. */
  draft: string;
  /** The body that last passed ('' until one has): what later puzzles may call (earlierDefs in puzzle-check.ts). */
  answer?: string;
}

/** What a course page learns when a puzzle, a drill or an exercise is checked (the tensorcast:result event's detail: web/src/result-event.ts). */
export interface CheckedResult {
  /** What was checked. */
  kind: 'puzzle' | 'drill' | 'exercise';
  /** The puzzle's or drill's id; an exercise's goal as its link writes it (exercise.ts formatGoal). */
  id: string;
  passed: boolean;
  /** Checks run so far, this one included. */
  attempts: number;
  /** Hints unlocked so far. */
  hintsUsed: number;
  /** A drill or a predicted program: the answers right, of how many asked. */
  score?: { right: number; of: number };
}

/** Why an imported file was not taken. */
export type ImportProblem = 'not-json' | 'other-set' | 'not-progress';

const FORMAT = 'tensorcast-progress';
const VERSION = 1;
/** A draft longer than this is not kept (a puzzle's answer is a few lines). */
export const MAX_DRAFT = 10_000;

const EMPTY: PuzzleProgress = { solved: false, attempts: 0, hints: 0, draft: '' };

function valid(p: unknown): p is PuzzleProgress {
  if (typeof p !== 'object' || p === null) return false;
  const o = p as Record<string, unknown>;
  const count = (v: unknown): boolean => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
  const text = (v: unknown): boolean => typeof v === 'string' && v.length <= MAX_DRAFT;
  return typeof o.solved === 'boolean' && count(o.attempts) && count(o.hints) && text(o.draft) && (o.answer === undefined || text(o.answer));
}

export class Progress {
  private readonly byId = new Map<string, PuzzleProgress>();
  /** True when the browser's storage cannot be read or written: progress lasts for this visit only. */
  blocked = false;

  constructor(private readonly storage: StorageLike | null, readonly set: string) {
    if (storage === null) {
      this.blocked = true;
      return;
    }
    let text: string | null = null;
    try {
      text = storage.getItem(this.key);
    } catch {
      this.blocked = true;
    }
    // A stored value this version cannot read is left alone, not overwritten until the student changes something.
    if (text !== null) this.take(text);
  }

  private get key(): string {
    return `tensorcast:puzzles:${this.set}`;
  }

  get(id: string): PuzzleProgress {
    return { ...(this.byId.get(id) ?? EMPTY) };
  }

  /** A check ran: one more attempt; solved stays true once it was. Returns what a course page is told. */
  checked(id: string, passed: boolean, kind: 'puzzle' | 'drill' = 'puzzle', body = ''): CheckedResult {
    const p = this.get(id);
    const next = { ...p, attempts: p.attempts + 1, solved: p.solved || passed, ...(passed && body !== '' ? { answer: body.slice(0, MAX_DRAFT) } : {}) };
    this.put(id, next);
    return { kind, id, passed, attempts: next.attempts, hintsUsed: next.hints };
  }

  hint(id: string): void {
    const p = this.get(id);
    this.put(id, { ...p, hints: p.hints + 1 });
  }

  draft(id: string, text: string): void {
    this.put(id, { ...this.get(id), draft: text.slice(0, MAX_DRAFT) });
  }

  /** The whole set's progress as a file's text. */
  exportText(): string {
    return `${JSON.stringify({ format: FORMAT, version: VERSION, set: this.set, puzzles: Object.fromEntries(this.byId) }, null, 1)}\n`;
  }

  /** Takes a file made by exportText() for this set; everything else is refused, changing nothing. */
  importText(text: string): ImportProblem | null {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return 'not-json';
    }
    const o = data as Record<string, unknown> | null;
    if (typeof o !== 'object' || o === null || o.format !== FORMAT || o.version !== VERSION) return 'not-progress';
    if (o.set !== this.set) return 'other-set';
    const puzzles = o.puzzles as Record<string, unknown> | null;
    if (typeof puzzles !== 'object' || puzzles === null || Object.values(puzzles).some((p) => !valid(p))) return 'not-progress';
    this.byId.clear();
    for (const [id, p] of Object.entries(puzzles)) this.byId.set(id, p as PuzzleProgress);
    this.save();
    return null;
  }

  private take(text: string): void {
    try {
      const o = JSON.parse(text) as { puzzles?: Record<string, unknown> };
      for (const [id, p] of Object.entries(o.puzzles ?? {})) if (valid(p)) this.byId.set(id, p);
    } catch {
      // unreadable: starts empty
    }
  }

  private put(id: string, p: PuzzleProgress): void {
    this.byId.set(id, p);
    this.save();
  }

  private save(): void {
    if (this.storage === null || this.blocked) return;
    try {
      this.storage.setItem(this.key, this.exportText());
    } catch {
      // full or blocked since: keep going in memory, and say so
      this.blocked = true;
    }
  }
}
