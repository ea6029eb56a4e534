// An exercise's read-only lines in the code editor (model/exercise.ts
// EditRanges): the lines the teacher did not open for editing are marked
// and refuse every change the student makes (typing, pasting, deleting,
// dropping, a fix applied, undo), while the editable lines grow and shrink
// freely. Loaded with the editor (code-editor.ts imports it), never on the
// two-shape page.
//
// Note [Locked lines]: the locked lines are found by number once, when the
// lock is set or the whole program is replaced (a link, an example), and
// are then kept as character ranges mapped through each change, so that a
// line the student adds above a locked one moves it down rather than
// unlocking it. A change is refused when it touches a locked range,
// including either end: inserting at the start or end of a locked line
// edits that line, and deleting the line break after it joins another line
// to it. Changes that are not the student's (the program replaced from
// outside, which carries no user event) pass, and recompute the ranges.
import { EditorState, RangeSetBuilder, StateEffect, StateField } from '@codemirror/state';
import type { Extension, Text, Transaction } from '@codemirror/state';
import { Decoration, EditorView } from '@codemirror/view';
import type { DecorationSet } from '@codemirror/view';
import { editable } from './model/exercise.js';
import type { EditRanges } from './model/exercise.js';

/** Sets the editable lines (null: no exercise, every line may be edited). */
export const setEditable = StateEffect.define<EditRanges | null>();

interface Lock {
  ranges: EditRanges | null;
  /** The locked lines' text, [from, to] in the document, merged where lines follow each other. */
  locked: { from: number; to: number }[];
}

function lockedRanges(doc: Text, ranges: EditRanges | null): { from: number; to: number }[] {
  if (ranges === null || ranges.length === 0) return [];
  const out: { from: number; to: number }[] = [];
  for (let n = 1; n <= doc.lines; n++) {
    if (editable(ranges, n)) continue;
    const line = doc.line(n);
    const last = out[out.length - 1];
    if (last !== undefined && last.to + 1 === line.from) last.to = line.to;
    else out.push({ from: line.from, to: line.to });
  }
  return out;
}

/** Whether the transaction is the student's own edit (what the lock refuses when it touches a locked line). */
function students(tr: Transaction): boolean {
  return ['input', 'delete', 'undo', 'redo', 'move'].some((event) => tr.isUserEvent(event));
}

const lockField = StateField.define<Lock>({
  create: () => ({ ranges: null, locked: [] }),
  update(value, tr) {
    for (const effect of tr.effects) if (effect.is(setEditable)) return { ranges: effect.value, locked: lockedRanges(tr.state.doc, effect.value) };
    if (!tr.docChanged) return value;
    if (!students(tr)) return { ranges: value.ranges, locked: lockedRanges(tr.state.doc, value.ranges) };
    return { ranges: value.ranges, locked: value.locked.map((r) => ({ from: tr.changes.mapPos(r.from, 1), to: tr.changes.mapPos(r.to, -1) })) };
  },
});

function touchesLocked(tr: Transaction): boolean {
  const { locked } = tr.startState.field(lockField);
  let touches = false;
  tr.changes.iterChangedRanges((from, to) => {
    if (locked.some((r) => from <= r.to && to >= r.from)) touches = true;
  });
  return touches;
}

function lockedLines(state: EditorState): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  const mark = Decoration.line({ class: 'cm-tc-locked', attributes: { 'data-locked': 'true' } });
  for (const r of state.field(lockField).locked) {
    for (let pos = r.from; pos <= r.to;) {
      const line = state.doc.lineAt(pos);
      builder.add(line.from, line.from, mark);
      pos = line.to + 1;
    }
  }
  return builder.finish();
}

/** The editor's part of an exercise: the lock, and the locked lines marked (class cm-tc-locked, data-locked). */
export function exerciseLock(): Extension {
  return [
    lockField,
    EditorState.changeFilter.of((tr) => !students(tr) || !touchesLocked(tr)),
    EditorView.decorations.compute([lockField], lockedLines),
  ];
}
