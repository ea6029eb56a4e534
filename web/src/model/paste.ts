// The paste box's form: what a pasted error says (traceback.ts), the two
// shapes it proposes, each as the student edits it (shape-syntax.ts, named
// dims with their values), and the change to the state once every dim has
// a size. No DOM: the view draws this, the controller keeps the typing.
import type { Computation } from './compute.js';
import type { Dim, ShapeReader, ShapeReading } from './shape-syntax.js';
import { coreText, namesOf, readShape, readSize, resolveShape } from './shape-syntax.js';
import type { Op, State } from './state.js';
import { inplaceOf, isInplace, opGroupOf } from './state.js';
import type { Found, Proposal } from './traceback.js';
import { proposalFor, readTraceback } from './traceback.js';

/** What the student typed into the box: the paste, and edits of the proposed shapes (null: as proposed). */
export interface PasteInput {
  text: string;
  a: string | null;
  b: string | null;
  names: Readonly<Record<string, string>>;
}

export const EMPTY_PASTE: PasteInput = Object.freeze({ text: '', a: null, b: null, names: Object.freeze({}) });

export interface PasteField {
  name: 'a' | 'b';
  text: string;
  /** Proposed by guessing and not edited since. */
  guessed: boolean;
  reading: ShapeReading;
}

export interface PasteName {
  name: string;
  text: string;
  value: number | null;
}

export interface PasteForm {
  found: Found | null;
  proposal: Proposal | null;
  op: Op | null;
  fields: PasteField[];
  names: PasteName[];
  /** The change that shows the shapes; null while a shape cannot be read or a name has no size. */
  patch: Partial<State> | null;
}

/** The op that shows the reading: the chosen one when it fits, else add (or add_). */
function opFor(proposal: Proposal, current: Op): Op {
  if (proposal.inplace) return inplaceOf(current) ?? 'add_';
  const group = opGroupOf(current);
  return group === 'arithmetic' || group === 'comparison' ? current : 'add';
}

export function pasteForm(tc: ShapeReader, input: PasteInput, state: Readonly<State>): PasteForm {
  const found = input.text.trim() === '' ? null : readTraceback(input.text);
  const proposal = found === null ? null : proposalFor(found.reading);
  if (found === null || proposal === null) return { found, proposal, op: null, fields: [], names: [], patch: null };
  const fields: PasteField[] = (['a', 'b'] as const).map((name) => {
    const edited = input[name];
    const text = edited ?? coreText(proposal[name].shape);
    return { name, text, guessed: edited === null && proposal[name].guessed, reading: readShape(tc, text) };
  });
  const dims = fields.map((f) => (f.reading.ok ? f.reading.dims : []));
  const names = namesOf(dims.flat()).map((name) => {
    const text = input.names[name] ?? '';
    return { name, text, value: readSize(tc, text) };
  });
  const values = Object.fromEntries(names.map((n) => [n.name, n.value]));
  const shapes = fields.map((f, i) => (f.reading.ok ? resolveShape(dims[i] as Dim[], values) : null));
  const op = opFor(proposal, state.op);
  let patch: Partial<State> | null = null;
  if (shapes.every((s) => s !== null)) {
    const [a, b] = shapes as number[][];
    patch = { a: coreText(a as number[]), b: coreText(b as number[]), op };
    // Values typed for other shapes would no longer fit: count from 0 again.
    if (state.fa === 'custom') patch.fa = 'arange';
    if (state.fb === 'custom') patch.fb = 'arange';
  }
  return { found, proposal, op, fields, names, patch };
}

/** Whether the state shows the form's shapes (the box was applied and nothing changed since). */
export function showsPatch(state: Readonly<State>, patch: Partial<State> | null): boolean {
  return patch !== null && (Object.keys(patch) as (keyof State)[]).every((k) => state[k] === patch[k]);
}

/**
 * Whether the core, for the shapes shown, says what the paste said: its
 * message, or for an expand message the expand it makes for the in-place
 * op (the older wording). null when the core gives no message to compare.
 */
export function sameMessage(found: Found, c: Computation): boolean | null {
  const said = found.reading.kind === 'expand' && isInplace(c.op) ? (c.inplace?.expandError ?? null) : c.error;
  if (said === null) return null;
  // An old expand message without its "Target sizes" part names one dim only.
  const short = found.reading.kind === 'expand' && found.reading.target === null;
  return said === found.message || (short && said.startsWith(`${found.message}.`));
}
