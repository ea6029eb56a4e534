// Note [Program fixes]: in the code mode a fix is an edit to the student's
// program, shown as the line it makes ("line 8: y = x / m2.unsqueeze(-1)"),
// not a rewrite of operands called a and b. The edits come from what the
// core accepted for the line's operands (fixes.ts: a rewrite of one operand,
// or the out-of-place op for an in-place one), from the program's record
// (the tensor a reduction made without keepdim=True, by the call that made
// it), and from a refused matrix product (the operand whose transpose makes
// the inner dims meet). Each is offered only once the edited program has
// run (tc.run, the same core): the fixed statement, and every statement
// before it, must run without raising, and without an outer product where
// the edit is not the out-of-place op (whose meaning says so). Applying
// one is an editor transaction, so the editor's undo takes it back.
//
// The keepdim edit comes first when it applies: a mean or sum that dropped
// the dim the other operand still has is what `x - x.mean(1)` means, and
// keepdim=True keeps the values where they were. The others follow in the
// order of Note [Ranking fixes].
import type { OpTrace, ProgramCall, ProgramStatement, Tensorcast } from 'tensorcast';
import { explainCall } from './call-explain.js';
import { makerOf } from './line-warnings.js';
import type { Fix, FixKind, FixMeaning } from './fixes.js';
import type { LineOp } from './line-op.js';
import { inputTexts, lineOp, offsetOf, spanText } from './line-op.js';
import { runProgram } from './program.js';
import type { ProgramRun } from './program.js';
import { isInplace, operandsOf } from './state.js';

export type EditKind = FixKind | 'keepdim' | 'matmul-transpose';

/** One edit of the program: the code between from and to (0-based offsets, end exclusive) becomes insert. */
export interface ProgramEdit {
  kind: EditKind;
  /** The 1-based line of the statement the edit is in. */
  line: number;
  from: number;
  to: number;
  insert: string;
  /** That statement as it reads after the edit (its first line, trimmed). */
  text: string;
  /** The fixed line's result after the edit, as the edited program made it; null when it made none the record says. */
  resultShape: number[] | null;
  /** What the rewrite changes in meaning (fixes.ts); null for keepdim and the matrix product's transpose. */
  meaning: FixMeaning | null;
}

/** An edit not yet checked. */
type Candidate = Omit<ProgramEdit, 'text' | 'resultShape'> & { outer: boolean };

/** Whether text can take a method after it as it stands (a name, a call, an index, a chain of them). */
export function isPrimary(text: string): boolean {
  if (!/^[\p{L}_]/u.test(text)) return false;
  let depth = 0;
  for (const ch of text) {
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    else if (depth === 0 && !/[\p{L}\p{N}_.]/u.test(ch)) return false;
    if (depth < 0) return false;
  }
  return depth === 0;
}

const wrap = (text: string): string => (isPrimary(text) ? text : `(${text})`);

const offsetsOf = (code: string, span: { line: number; column: number; endLine: number; endColumn: number }): [number, number] =>
  [offsetOf(code, span.line, span.column), offsetOf(code, span.endLine, span.endColumn)];

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Where the call's input `input` is written in the code: the span of the
 * earlier call on the line that made it, or the name it is bound to inside
 * the call's span (the first occurrence for self, the last for another
 * input); null when neither says.
 */
export function inputRange(program: ProgramRun, statement: ProgramStatement, call: ProgramCall, input: number): [number, number] | null {
  const id = call.inputs[input];
  if (id === undefined) return null;
  const at = statement.calls.indexOf(call);
  for (let k = at - 1; k >= 0; k--) {
    const maker = statement.calls[k] as ProgramCall;
    if (maker.outputs.includes(id)) return offsetsOf(program.code, maker);
  }
  const text = inputTexts(program, statement, call)[input] ?? '';
  if (!/^[\p{L}_][\p{L}\p{N}_]*$/u.test(text)) return null;
  const [from, to] = offsetsOf(program.code, call);
  const found = [...program.code.slice(from, to).matchAll(new RegExp(`(?<![\\p{L}\\p{N}_.])${escape(text)}(?![\\p{L}\\p{N}_])`, 'gu'))];
  const hit = input === 0 ? found[0] : found[found.length - 1];
  return hit?.index === undefined ? null : [from + hit.index, from + hit.index + text.length];
}

/** keepdim=True for each operand a reduction made without it (x.mean(dim=1) -> x.mean(dim=1, keepdim=True)). */
function keepdimCandidates(program: ProgramRun, statement: ProgramStatement, line: LineOp): Candidate[] {
  const out: Candidate[] = [];
  for (const o of line.operands) {
    const id = o.input === null ? undefined : line.call.inputs[o.input];
    const maker = id === undefined ? null : makerOf(program, statement, line.call, id);
    const trace = maker?.traces.find((e): e is OpTrace => e.kind === 'op' && e.reducedDims.length > 0);
    if (maker == null || trace === undefined || trace.keepdim) continue;
    const [from, to] = offsetsOf(program.code, maker);
    const text = program.code.slice(from, to);
    if (!text.endsWith(')')) continue;
    const explicit = /keepdim\s*=\s*False/.exec(text);
    const edit = explicit === null
      ? { from: to - 1, to: to - 1, insert: ', keepdim=True' }
      : { from: from + explicit.index, to: from + explicit.index + explicit[0].length, insert: 'keepdim=True' };
    out.push({ kind: 'keepdim', line: maker.line, ...edit, meaning: null, outer: false });
  }
  return out;
}

/** An operand rewrite (b.unsqueeze(-1)) as an edit of where that operand is written. */
function operandCandidate(program: ProgramRun, statement: ProgramStatement, line: LineOp, fix: Fix): Candidate | null {
  const names = operandsOf(line.op);
  const index = names.indexOf(fix.operand as (typeof names)[number]);
  const operand = line.operands[index];
  // Rewriting what an in-place op writes into writes into something else: not what the line means.
  if (operand === undefined || operand.input === null || (isInplace(line.op) && index === 0)) return null;
  const range = inputRange(program, statement, line.call, operand.input);
  if (range === null) return null;
  const written = program.code.slice(range[0], range[1]);
  const method = fix.code.slice((fix.operand as string).length);
  return { kind: fix.kind, line: line.call.line, from: range[0], to: range[1], insert: `${wrap(written)}${method}`, meaning: fix.meaning, outer: false };
}

const AUGMENTED = /^([\p{L}_][\p{L}\p{N}_]*)\s*(\*\*|\/\/|[-+*/%@])=\s*(.+)$/u;

/** The out-of-place op for an in-place one, as a statement: `b.add_(c)` -> `b = b.add(c)`, `x += y` -> `x = x + y`. */
function outOfPlaceCandidate(program: ProgramRun, statement: ProgramStatement, line: LineOp, fix: Fix): Candidate | null {
  const [from, to] = offsetsOf(program.code, statement);
  const source = program.code.slice(from, to);
  const [callFrom, callTo] = offsetsOf(program.code, line.call);
  // Only a statement that is the call itself: anything around it would change meaning.
  if (callFrom !== from || callTo !== to || source.includes('\n')) return null;
  const augmented = AUGMENTED.exec(source);
  let insert: string | null = null;
  if (augmented !== null) {
    const [, name, op, rest] = augmented as unknown as [string, string, string, string];
    insert = `${name} = ${name} ${op} ${wrap(rest.trim())}`;
  } else {
    const method = line.call.op.slice(line.call.op.lastIndexOf('.') + 1);
    const self = inputTexts(program, statement, line.call)[0] ?? '';
    const at = source.indexOf(`.${method}(`);
    if (!method.endsWith('_') || at < 0 || !/^[\p{L}_][\p{L}\p{N}_]*$/u.test(self) || source.slice(0, at) !== self) return null;
    insert = `${self} = ${self}.${method.slice(0, -1)}${source.slice(at + method.length + 1)}`;
  }
  const larger = fix.meaning.kind === 'out-of-place' && fix.meaning.larger;
  return { kind: 'out-of-place', line: statement.line, from, to, insert, meaning: fix.meaning, outer: larger };
}

/** A refused a @ b: the transpose of the operand whose last two dims swapped make the inner dims meet. */
function matmulCandidate(program: ProgramRun, statement: ProgramStatement, call: ProgramCall): Candidate | null {
  const explained = explainCall(program, call);
  if (explained?.kind !== 'matmul-failed' || explained.transpose === null) return null;
  const input = explained.transpose === 'a' ? 0 : 1;
  const range = inputRange(program, statement, call, input);
  const shape = explained.transpose === 'a' ? explained.a : explained.b;
  if (range === null) return null;
  const written = program.code.slice(range[0], range[1]);
  // .T is for 2-D tensors (PyTorch warns on others): a batch swaps its last two dims.
  const method = shape.length === 2 ? '.T' : '.transpose(-2, -1)';
  return { kind: 'matmul-transpose', line: call.line, from: range[0], to: range[1], insert: `${wrap(written)}${method}`, meaning: null, outer: false };
}

/** The edits worth trying for a line, before any is checked: keepdim first, then the fixes in their rank. */
export function editCandidates(program: ProgramRun, statement: ProgramStatement, line: LineOp | null, fixes: readonly Fix[], call: ProgramCall | null): Candidate[] {
  const out: Candidate[] = [];
  if (line !== null) {
    out.push(...keepdimCandidates(program, statement, line));
    for (const fix of fixes) {
      const c = fix.operand === null ? outOfPlaceCandidate(program, statement, line, fix) : operandCandidate(program, statement, line, fix);
      if (c !== null) out.push(c);
    }
  } else if (call !== null) {
    const c = matmulCandidate(program, statement, call);
    if (c !== null) out.push(c);
  }
  const seen = new Set<string>();
  return out.filter((c) => {
    const key = `${c.from}:${c.to}:${c.insert}`;
    return !seen.has(key) && (seen.add(key), true);
  });
}

/** The statement's first line as it reads after an edit. */
function editedText(code: string, statement: ProgramStatement, c: Candidate): string {
  const edited = code.slice(0, c.from) + c.insert + code.slice(c.to);
  const start = offsetOf(code, c.line, 1);
  const end = edited.indexOf('\n', start);
  const text = edited.slice(start, end < 0 ? edited.length : end);
  // The comment after the code stays in the program, not in the line shown.
  const hash = text.search(/\s+#/);
  return (hash >= 0 && !/["']/.test(text) ? text.slice(0, hash) : text).trim() || spanText(edited, statement);
}

/**
 * The candidates the edited program confirms (Note [Program fixes]), at
 * most `max`: each is run with tc.run; kept when no statement up to the
 * fixed one raises and, unless it is the out-of-place op, the fixed line
 * makes no outer product.
 */
export function checkedEdits(tc: Tensorcast, program: ProgramRun, statement: ProgramStatement, candidates: readonly Candidate[], max = 4): ProgramEdit[] {
  const edits: ProgramEdit[] = [];
  for (const c of candidates) {
    if (edits.length >= max) break;
    const code = program.code.slice(0, c.from) + c.insert + program.code.slice(c.to);
    const run = runProgram(tc, code);
    if (run.error !== null && run.error.line <= statement.endLine) continue;
    const fixed = run.statements.filter((s) => s.line === statement.line);
    const first = fixed[0];
    if (first === undefined) continue;
    const outer = fixed.some((s) => s.traces.some((e) => e.kind === 'broadcast' && e.notes.includes('outer-product')));
    if (outer && !c.outer) continue;
    const op = lineOp(first);
    const result = op?.out?.shape ?? first.calls[first.calls.length - 1]?.outputInfo[0]?.shape ?? null;
    edits.push({ kind: c.kind, line: c.line, from: c.from, to: c.to, insert: c.insert, text: editedText(program.code, statement, c), resultShape: result === null ? null : [...result], meaning: c.meaning });
  }
  return edits;
}

const memo = new WeakMap<object, ProgramEdit[]>();

/**
 * The checked edits for a line's op (or its refused matrix product), kept
 * for as long as `key` (the computation shown) lives: each costs a run of
 * the whole program, and the page renders often.
 */
export function programEdits(key: object, tc: Tensorcast, program: ProgramRun, statement: ProgramStatement, line: LineOp | null, fixes: readonly Fix[], call: ProgramCall | null): ProgramEdit[] {
  const known = memo.get(key);
  if (known !== undefined) return known;
  const edits = checkedEdits(tc, program, statement, editCandidates(program, statement, line, fixes, call));
  memo.set(key, edits);
  return edits;
}
