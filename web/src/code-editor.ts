// The code mode's editor: CodeMirror 6 with Python's highlighting, and the
// program's results laid over it as a debugger lays its inline values: each
// statement's names with shape and dtype after its last line, the failing
// line marked with PyTorch's message under it, the picked line outlined.
// Everything shown is text (WidgetType.toDOM writes textContent): a
// program's text can never become markup. CodeMirror's styles go into the
// shadow root as constructed style sheets (the root option), which the
// page's CSP allows without 'unsafe-inline' (web/csp.ts).
import { defaultKeymap, history, historyKeymap, undo } from '@codemirror/commands';
import { python } from '@codemirror/lang-python';
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { EditorState, RangeSetBuilder, StateEffect, StateField } from '@codemirror/state';
import type { Extension } from '@codemirror/state';
import { Decoration, drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers, WidgetType } from '@codemirror/view';
import type { DecorationSet } from '@codemirror/view';
import { tags } from '@lezer/highlight';

import { exerciseLock, setEditable } from './exercise-lock.js';
import type { EditRanges } from './model/exercise.js';
import type { Overlay } from './model/code-overlay.js';

export type { Overlay };

export const EMPTY_OVERLAY: Overlay = { inline: new Map(), stale: new Set(), error: null, picked: null, openable: new Set(), warnings: new Map() };

class InlineValue extends WidgetType {
  /** warning: the reason a line that ran is likely wrong (an amber chip), or null. */
  constructor(readonly text: string, readonly stale: boolean, readonly warning: string | null = null) {
    super();
  }
  override eq(other: InlineValue): boolean {
    return other.text === this.text && other.stale === this.stale && other.warning === this.warning;
  }
  override toDOM(): HTMLElement {
    const span = document.createElement('span');
    span.className = ['cm-tc-inline', this.stale ? 'cm-tc-stale' : '', this.warning !== null ? 'cm-tc-warn' : ''].filter((c) => c !== '').join(' ');
    span.setAttribute('data-testid', 'inline-value');
    span.textContent = this.warning === null ? this.text : `⚠ ${this.text}`;
    return span;
  }
}

/** Under a line that ran but is likely wrong: why (Note [Likely wrong lines]). */
class WarningNote extends WidgetType {
  constructor(readonly text: string) {
    super();
  }
  override eq(other: WarningNote): boolean {
    return other.text === this.text;
  }
  override toDOM(): HTMLElement {
    const div = document.createElement('div');
    div.className = 'cm-tc-warn-note';
    div.setAttribute('data-testid', 'warning-note');
    div.setAttribute('role', 'note');
    div.textContent = this.text;
    return div;
  }
}

class ErrorNote extends WidgetType {
  constructor(readonly text: string) {
    super();
  }
  override eq(other: ErrorNote): boolean {
    return other.text === this.text;
  }
  override toDOM(): HTMLElement {
    const div = document.createElement('div');
    div.className = 'cm-tc-error-note';
    div.setAttribute('data-testid', 'error-note');
    div.setAttribute('role', 'note');
    div.textContent = this.text;
    return div;
  }
}

const setOverlay = StateEffect.define<Overlay>();

function decorations(state: EditorState, overlay: Overlay): DecorationSet {
  const doc = state.doc;
  const byLine = new Map<number, { from: number; deco: Decoration }[]>();
  const add = (line: number, from: number, deco: Decoration): void => {
    const list = byLine.get(line) ?? [];
    list.push({ from, deco });
    byLine.set(line, list);
  };
  const valid = (line: number): boolean => line >= 1 && line <= doc.lines;
  for (const line of overlay.openable) if (valid(line)) add(line, doc.line(line).from, Decoration.line({ class: 'cm-tc-openable' }));
  if (overlay.picked !== null && valid(overlay.picked)) add(overlay.picked, doc.line(overlay.picked).from, Decoration.line({ class: 'cm-tc-picked' }));
  if (overlay.error !== null && valid(overlay.error.line)) {
    const line = doc.line(overlay.error.line);
    add(line.number, line.from, Decoration.line({ class: 'cm-tc-error' }));
    add(line.number, line.to, Decoration.widget({ widget: new ErrorNote(overlay.error.text), side: 2, block: true }));
  }
  for (const [n, text] of overlay.inline) {
    if (!valid(n) || text === '') continue;
    const warning = overlay.warnings.get(n) ?? null;
    add(n, doc.line(n).to, Decoration.widget({ widget: new InlineValue(text, overlay.stale.has(n), warning), side: 1 }));
    if (warning !== null) add(n, doc.line(n).to, Decoration.widget({ widget: new WarningNote(warning), side: 2, block: true }));
  }
  const builder = new RangeSetBuilder<Decoration>();
  for (const n of [...byLine.keys()].sort((x, y) => x - y)) {
    // Line decorations first at a line's start, then the widgets at its end.
    for (const { from, deco } of (byLine.get(n) ?? []).sort((x, y) => x.from - y.from)) builder.add(from, from, deco);
  }
  return builder.finish();
}

const overlayField = StateField.define<{ overlay: Overlay; set: DecorationSet }>({
  create: () => ({ overlay: EMPTY_OVERLAY, set: Decoration.none }),
  update(value, tr) {
    for (const effect of tr.effects) if (effect.is(setOverlay)) return { overlay: effect.value, set: decorations(tr.state, effect.value) };
    // Until the next run, the old results move with the text they were about.
    return tr.docChanged ? { overlay: value.overlay, set: value.set.map(tr.changes) } : value;
  },
  provide: (field) => EditorView.decorations.from(field, (v) => v.set),
});

// Colours from the page's palette (the code mode's styles set the variables), for both themes.
const highlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword, tags.moduleKeyword, tags.operatorKeyword], color: 'var(--code-keyword)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--code-number)' },
  { tag: [tags.string], color: 'var(--code-string)' },
  { tag: [tags.comment, tags.lineComment], color: 'var(--muted)', fontStyle: 'italic' },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: 'var(--code-call)' },
]);

export interface EditorHooks {
  /** The text changed (typing, a paste, an undo). */
  change(code: string): void;
  /** Ctrl+Enter / ⌘+Enter was pressed on a line, or a line the views can open was clicked; touch: tapped with a finger. */
  pick(line: number, touch: boolean): void;
}

export interface EditorOptions {
  doc: string;
  root: ShadowRoot | Document;
  /** The editor's accessible name. */
  label: string;
}

/** The editor, mounted into parent; its overlay is set by setOverlay. */
export class CodeEditor {
  readonly view: EditorView;

  constructor(parent: HTMLElement, options: EditorOptions, hooks: EditorHooks) {
    // The pointer of the press a click comes from: a click has no pointerType of its own in every browser.
    let pointer = '';
    const pickAtCursor = (view: EditorView): boolean => {
      hooks.pick(view.state.doc.lineAt(view.state.selection.main.head).number, false);
      return true;
    };
    const extensions: Extension[] = [
      lineNumbers(),
      history(),
      drawSelection(),
      indentOnInput(),
      bracketMatching(),
      highlightActiveLine(),
      // Long lines wrap, so that a line's inline values stay in sight on a phone.
      EditorView.lineWrapping,
      python(),
      syntaxHighlighting(highlight),
      // Tab stays the browser's: it moves focus out of the editor, as a keyboard user expects of a page.
      keymap.of([{ key: 'Mod-Enter', run: pickAtCursor }, ...defaultKeymap, ...historyKeymap]),
      overlayField,
      // An exercise's read-only lines (exercise-lock.ts): none until one is set.
      exerciseLock(),
      EditorView.contentAttributes.of({ 'aria-label': options.label, 'data-testid': 'code-input' }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) hooks.change(update.state.doc.toString());
      }),
      EditorView.domEventHandlers({
        pointerdown: (event) => {
          pointer = event.pointerType;
          return false;
        },
        click: (event, view) => {
          const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
          // A click elsewhere is for editing: the views stay on the line they show.
          const line = pos === null ? null : view.state.doc.lineAt(pos).number;
          if (line !== null && view.state.field(overlayField).overlay.openable.has(line)) hooks.pick(line, pointer === 'touch');
          return false;
        },
      }),
    ];
    this.view = new EditorView({ parent, root: options.root, state: EditorState.create({ doc: options.doc, extensions }) });
  }

  get code(): string {
    return this.view.state.doc.toString();
  }

  /** Replaces the whole text (a preset, a link opened); the change listener hears of it like typing. */
  setCode(code: string): void {
    if (code === this.code) return;
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: code } });
  }

  /**
   * Replaces code between two offsets (a fix applied to the program) as one
   * change the editor's history keeps: its undo (Ctrl+Z, or undo()) takes it
   * back. The change listener hears of it like typing.
   */
  edit(from: number, to: number, insert: string): void {
    this.view.dispatch({ changes: { from, to, insert }, selection: { anchor: from + insert.length }, scrollIntoView: true, userEvent: 'input.fix' });
  }

  /** The editor's own undo of the last change (a fix applied, or typing). */
  undo(): boolean {
    return undo(this.view);
  }

  setOverlay(overlay: Overlay): void {
    this.view.dispatch({ effects: setOverlay.of(overlay) });
  }

  /** The lines the student may edit in an exercise (Note [Locked lines]); null: every line. */
  setEditable(ranges: EditRanges | null): void {
    this.view.dispatch({ effects: setEditable.of(ranges) });
  }

  /** Gives up the focus (on a phone: the keyboard closes). */
  blur(): void {
    this.view.contentDOM.blur();
  }

  setLabel(label: string): void {
    this.view.contentDOM.setAttribute('aria-label', label);
  }

  destroy(): void {
    this.view.destroy();
  }
}
