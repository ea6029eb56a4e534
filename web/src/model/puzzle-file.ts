// A puzzle file (web/puzzles/*.json, docs/puzzles.md): read and checked,
// every broken file refused with the field and what is wrong with it, so
// that a teacher writing one sees the mistake before a student does.
import { parseSignature, SignatureError } from './puzzle-signature.js';
import type { Signature } from './puzzle-signature.js';

/** A text in each of the playground's languages. */
export interface Texts {
  en: string;
  zh: string;
}

/**
 * The operators a puzzle may allow, as the program's record names their
 * calls (CallRecord.op in src/lang/program.h): `a - b` records 'sub', `-a`
 * 'neg', `x[i]` 'index'.
 */
export const OPERATOR_CALLS: Readonly<Record<string, readonly string[]>> = {
  '+': ['add'], '-': ['sub', 'neg'], '*': ['mul'], '/': ['div'], '//': ['floor_divide'], '%': ['remainder'],
  '**': ['pow'], '@': ['matmul'], '[]': ['index'], '==': ['eq'], '!=': ['ne'], '<': ['lt'], '<=': ['le'],
  '>': ['gt'], '>=': ['ge'], '&': ['bitwise_and'], '|': ['bitwise_or'], '^': ['bitwise_xor'], '~': ['bitwise_not'],
};

/** Why the checker fails an answer (web/src/model/puzzle-check.ts). */
export const FAILURE_KINDS = ['rule', 'lines', 'error', 'type', 'shape', 'dtype', 'values'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

export interface WrongAnswer {
  /** The body a student might write. */
  answer: string;
  /** Why it is wrong, for the test that checks the checker says so. */
  fails: FailureKind;
}

export interface Puzzle {
  kind: 'function';
  id: string;
  /** 1 (a first step) to 5. */
  difficulty: number;
  title: Texts;
  statement: Texts;
  /** The def line as written in the file; `signature` is what it says. */
  signatureText: string;
  signature: Signature;
  /** Library names (any form: torch.f, x.f, F.f), Python builtins and operator symbols the answer may use. */
  allowed: string[];
  /** At most this many lines in the answer's body (null: no limit). */
  maxLines: number | null;
  /** The body of the reference solution. */
  reference: string;
  /** Unlocked one at a time. */
  hints: Texts[];
  wrong: WrongAnswer[];
}

/** A file that is not a puzzle: which field, and what is wrong with it. */
export class PuzzleFileError extends Error {
  constructor(readonly field: string, readonly problem: string) {
    super(`${field}: ${problem}`);
    this.name = 'PuzzleFileError';
  }
}

const FIELDS = ['id', 'difficulty', 'title', 'statement', 'signature', 'ranges', 'allowed', 'maxLines', 'reference', 'hints', 'wrong'];

function kind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

function record(v: unknown, field: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new PuzzleFileError(field, `must be an object, not ${kind(v)}`);
  return v as Record<string, unknown>;
}

function text(v: unknown, field: string): string {
  if (v === undefined) throw new PuzzleFileError(field, 'is missing');
  if (typeof v !== 'string') throw new PuzzleFileError(field, `must be a string, not ${kind(v)}`);
  if (v.trim() === '') throw new PuzzleFileError(field, 'is empty');
  return v;
}

function texts(v: unknown, field: string): Texts {
  const o = record(v, field);
  for (const key of Object.keys(o)) if (key !== 'en' && key !== 'zh') throw new PuzzleFileError(field, `has '${key}'; a text is given in 'en' and 'zh'`);
  return { en: text(o.en, `${field}.en`), zh: text(o.zh, `${field}.zh`) };
}

function list(v: unknown, field: string): unknown[] {
  if (!Array.isArray(v)) throw new PuzzleFileError(field, `must be an array, not ${kind(v)}`);
  return v;
}

/** What every kind of entry of a set has. */
interface Header {
  id: string;
  difficulty: number;
  title: Texts;
  statement: Texts;
}

function header(o: Record<string, unknown>, fields: readonly string[], what: string): Header {
  for (const key of Object.keys(o)) if (!fields.includes(key)) throw new PuzzleFileError(key, `is not a field of a ${what} (fields: ${fields.join(', ')})`);
  const id = text(o.id, 'id');
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)) throw new PuzzleFileError('id', `'${id}' must be lowercase words joined by '-' (it goes in links: #puzzle=${id})`);
  const difficulty = o.difficulty;
  if (typeof difficulty !== 'number' || !Number.isInteger(difficulty) || difficulty < 1 || difficulty > 5)
    throw new PuzzleFileError('difficulty', `must be an integer from 1 to 5, not ${JSON.stringify(difficulty)}`);
  return { id, difficulty, title: texts(o.title, 'title'), statement: texts(o.statement, 'statement') };
}

/**
 * A drill: a short program whose lines' shapes (and errors, and
 * gradients) the learner predicts before each is shown, as the code mode's
 * predict switch asks them (web/src/model/code-predict.ts).
 */
export interface Drill extends Header {
  kind: 'drill';
  program: string;
  hints: Texts[];
}

const DRILL_FIELDS = ['id', 'kind', 'difficulty', 'title', 'statement', 'program', 'hints'];

/** Reads a parsed drill file; throws a PuzzleFileError naming the first field that is wrong. */
export function readDrill(json: unknown): Drill {
  const o = record(json, 'drill');
  if (o.kind !== 'drill') throw new PuzzleFileError('kind', `must be 'drill' (a drill) or absent (a puzzle), not ${JSON.stringify(o.kind)}`);
  const head = header(o, DRILL_FIELDS, 'drill');
  const program = text(o.program, 'program');
  const hints = list(o.hints ?? [], 'hints').map((h, i) => texts(h, `hints[${i}]`));
  return { ...head, kind: 'drill', program, hints };
}

/** A puzzle or a drill, by the file's `kind` (a puzzle has none). */
export function readEntry(json: unknown, known: (name: string) => boolean): Puzzle | Drill {
  const o = record(json, 'puzzle');
  return o.kind === undefined ? readPuzzle(o, known) : readDrill(o);
}

/**
 * Reads a parsed puzzle file. `known(name)`: whether the library has that
 * name (the package's REGISTRY) or Python has that builtin. Throws a
 * PuzzleFileError naming the first field that is wrong, in the order of
 * FIELDS.
 */
export function readPuzzle(json: unknown, known: (name: string) => boolean): Puzzle {
  const o = record(json, 'puzzle');
  const { id, difficulty, title, statement } = header(o, FIELDS, 'puzzle');
  const signatureText = text(o.signature, 'signature');
  const ranges = record(o.ranges ?? {}, 'ranges');
  for (const [k, v] of Object.entries(ranges)) text(v, `ranges.${k}`);
  let signature: Signature;
  try {
    signature = parseSignature(signatureText, ranges as Record<string, string>);
  } catch (e) {
    if (e instanceof SignatureError) throw new PuzzleFileError('signature', `${e.message} (at character ${e.at + 1})`);
    throw e;
  }
  const allowed = list(o.allowed, 'allowed').map((a, i) => {
    const name = text(a, `allowed[${i}]`);
    if (!(name in OPERATOR_CALLS) && !known(name))
      throw new PuzzleFileError(`allowed[${i}]`, `'${name}' is neither an operator (${Object.keys(OPERATOR_CALLS).join(' ')}) nor a name tensorcast knows`);
    return name;
  });
  let maxLines: number | null = null;
  if (o.maxLines !== undefined) {
    if (typeof o.maxLines !== 'number' || !Number.isInteger(o.maxLines) || o.maxLines < 1)
      throw new PuzzleFileError('maxLines', `must be an integer of at least 1, not ${JSON.stringify(o.maxLines)}`);
    maxLines = o.maxLines;
  }
  const reference = text(o.reference, 'reference');
  if (maxLines !== null && reference.trimEnd().split('\n').length > maxLines)
    throw new PuzzleFileError('reference', `has ${reference.trimEnd().split('\n').length} lines, more than maxLines (${maxLines})`);
  const hints = list(o.hints ?? [], 'hints').map((h, i) => texts(h, `hints[${i}]`));
  const wrong = list(o.wrong ?? [], 'wrong').map((w, i): WrongAnswer => {
    const r = record(w, `wrong[${i}]`);
    const fails = r.fails as FailureKind;
    if (!FAILURE_KINDS.includes(fails))
      throw new PuzzleFileError(`wrong[${i}].fails`, `must be one of ${FAILURE_KINDS.map((k) => `'${k}'`).join(', ')}, not ${JSON.stringify(fails)}`);
    return { answer: text(r.answer, `wrong[${i}].answer`), fails };
  });
  return {
    kind: 'function', id, difficulty, title, statement, signatureText, signature, allowed, maxLines, reference, hints, wrong,
  };
}
