// The code mode's controller part: the editor, the program it runs on every
// edit, the line picked for the views, and the code's place in the link.
// The element (playground.ts) owns the page; this keeps what the code mode
// adds to it out of there. Runs are debounced to the next animation frame:
// a keystroke's shapes are drawn in the frame after it. A run that took
// long (a pasted file of thousands of lines) makes the next ones wait for a
// pause in typing instead, so that the editor keeps answering.
import type { Tensorcast } from 'tensorcast';
// Only the types: CodeMirror is loaded when the code mode is first shown (attach), so the two-shape page does not carry it.
import type { CodeEditor, Overlay } from './code-editor.js';
import type { Entry } from './hash-writer.js';
import { codeLinkPart, packCode } from './model/code-link.js';
import { overlayFor } from './model/code-overlay.js';
import type { WarningWords } from './model/code-overlay.js';
import type { ProgramEdit } from './model/program-fixes.js';
import { lineChoices, lineOp, lineState, meantCall } from './model/line-op.js';
import type { LineOp } from './model/line-op.js';
import { holdsValuesOf, ranBackward, runProgram, statementAt } from './model/program.js';
import type { ProgramRun } from './model/program.js';
import { runsAt, snapshot } from './model/program-runs.js';
import type { StatementRuns } from './model/program-runs.js';
import { PROGRAM_SELECT } from './program-graph-panel.js';
import type { ProgramSelectDetail } from './program-graph-panel.js';
import type { State } from './model/state.js';

/** A run slower than this waits for typing to pause (PAUSE_MS) rather than for the next frame. */
const SLOW_RUN_MS = 40;
const PAUSE_MS = 300;
/** A link carries the code up to this many characters of packed text; a longer program is left out of it. */
const MAX_PACKED = 64 * 1024;

export interface CodeModeHost {
  tc(): Tensorcast | null;
  /** Something shown changed (the program, the picked line); entry: how the URL records it, null: it does not change. */
  changed(entry: Entry | null): void;
  /** The picked line's op as the program ran it, and what the state says of it (null: it has none). */
  showOp(line: LineOp | null, patch: Partial<State>): void;
  /** A likely mistake on a line that ran, in the page's words (the editor's amber chips). */
  warningText: WarningWords;
}

/** How long one edit took to reach the screen, for the e2e run to print. */
export interface CodeTiming {
  /** The run's number, counted from 1 for the element. */
  seq: number;
  lines: number;
  /** tc.run alone. */
  runMs: number;
  /** From the edit to the shapes in the editor's DOM, painted in the frame whose callback ran them. */
  shownMs: number;
  /** Animation frames from the edit to that one: 1 is the next frame. */
  frames: number;
}

export class CodeMode {
  /** Where the editor lives: the element renders this node, the same one every time. */
  readonly editorHost: HTMLDivElement;
  /** Where the whole program's views mount (code-mode-views.ts). */
  readonly viewsHost: HTMLDivElement;
  private editor: CodeEditor | null = null;
  private text: string;
  private runProgramData: ProgramRun | null = null;
  private lastRead: ProgramRun | null = null;
  private pickedLine: number | null = null;
  /** The step the views stand at (an index into the run's statements: Note [Program steps]); null: the end. */
  private at: number | null = null;
  /** The call of the picked line the student chose (its index among the statement's calls); null: the one meantCall picks. */
  private chosenCall: number | null = null;
  private errorLine: number | null = null;
  private packedText: string | null = null;
  private packs = 0;
  private frame: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private editedAt: number | null = null;
  private lastRunMs = 0;
  private framesWaited = 0;
  private runs = 0;
  /** How the next run's URL change is recorded. */
  private entry: Entry = 'replace';
  private setting = false;
  private loading = false;
  private destroyed = false;
  readonly timings: CodeTiming[] = [];

  constructor(private readonly host: CodeModeHost, code: string) {
    this.text = code;
    this.editorHost = document.createElement('div');
    this.editorHost.className = 'editor';
    this.viewsHost = document.createElement('div');
    this.viewsHost.className = 'program-views';
    this.viewsHost.setAttribute('data-testid', 'program-views');
    // A tensor or an op clicked in the program's graph opens its line, as a click in the editor does.
    this.viewsHost.addEventListener(PROGRAM_SELECT, (event) => this.pick((event as CustomEvent<ProgramSelectDetail>).detail.line));
  }

  get code(): string {
    return this.text;
  }

  /** The program as the views show it: at the step the student stepped to (model/program-runs.ts). */
  get program(): ProgramRun | null {
    return this.runProgramData === null ? null : snapshot(this.runProgramData, this.at);
  }

  /** The picked line's runs, and which of them the views show (its index among them), when it ran more than once. */
  get pickedRuns(): { runs: StatementRuns; index: number } | null {
    const program = this.runProgramData;
    if (program === null || this.pickedLine === null) return null;
    const runs = runsAt(program, this.pickedLine);
    if (runs === null || runs.steps.length < 2) return null;
    const at = this.at ?? program.statements.length - 1;
    let index = 0;
    runs.steps.forEach((step, i) => { if (step <= at) index = i; });
    return { runs, index };
  }

  /** Another run of the picked line (a loop's body): the views, the graph and the values follow it. */
  stepRun(delta: number): void {
    const shown = this.pickedRuns;
    const program = this.runProgramData;
    const tc = this.host.tc();
    if (shown === null || program === null) return;
    const index = Math.min(Math.max(shown.index + delta, 0), shown.runs.steps.length - 1);
    if (index === shown.index) return;
    this.at = shown.runs.steps[index] as number;
    this.chosenCall = null;
    if (tc !== null && this.pickedLine !== null && this.lacksValues(program, this.pickedLine))
      this.runProgramData = runProgram(tc, program.code, this.pickedLine, index);
    this.editor?.setOverlay(this.overlay());
    this.showPicked();
    this.host.changed(null);
  }

  get picked(): number | null {
    return this.pickedLine;
  }

  /** The call of the picked line the views show (its index among the statement's calls), or null. */
  get pickedCall(): number | null {
    const program = this.program;
    const statement = program === null || this.pickedLine === null ? null : statementAt(program, this.pickedLine);
    if (program === null || statement === null) return null;
    const choices = lineChoices(program, statement);
    return choices.some((c) => c.index === this.chosenCall) ? this.chosenCall : meantCall(program, statement, choices);
  }

  /** Another call of the picked line (a line of several calls: the student picks which). */
  pickCall(index: number): void {
    if (index === this.pickedCall) return;
    this.chosenCall = index;
    this.showPicked();
    this.host.changed(null);
  }

  /** Creates the editor once the element has a root to put its styles in (CodeMirror loads then). */
  attach(root: ShadowRoot | Document, label: string): void {
    if (this.editor !== null) {
      this.editor.setLabel(label);
      // The amber chips' reasons are in the page's language.
      this.editor.setOverlay(this.overlay());
      return;
    }
    if (this.loading) return;
    this.loading = true;
    void import('./code-editor.js').then(({ CodeEditor }) => {
      if (this.destroyed) return;
      this.editor = new CodeEditor(this.editorHost, { doc: this.text, root, label }, {
        change: (code) => this.edited(code),
        pick: (line) => this.pick(line),
      });
      this.editor.setOverlay(this.overlay());
      this.host.changed(null);
    }, (error: unknown) => {
      // Without the editor (its file did not load) the code still shows, as text.
      this.editorHost.textContent = this.text;
      console.warn('code editor:', error);
    });
  }

  /** The editor is in the page (for tests: CodeMirror loads a moment after the code mode shows). */
  get editorReady(): boolean {
    return this.editor !== null;
  }

  destroy(): void {
    this.destroyed = true;
    this.cancel();
    this.editor?.destroy();
    this.editor = null;
  }

  /** New code from outside the editor (a preset, a link, an attribute); entry: how the URL records it. */
  setCode(code: string, entry: Entry, line: number | null = null): void {
    this.pickedLine = line;
    this.at = null;
    this.chosenCall = null;
    this.errorLine = null;
    this.entry = entry;
    if (this.editor !== null && this.editor.code !== code) {
      // The editor tells of the change as of typing: this one is not.
      this.setting = true;
      try {
        this.editor.setCode(code);
      } finally {
        this.setting = false;
      }
    } else {
      this.text = code;
      this.schedule(true);
    }
  }

  /**
   * Applies a fix to the program (Note [Program fixes]) as one change of the
   * editor, which its undo takes back; false when the code it was made for
   * is no longer the editor's (typed over since).
   */
  applyEdit(edit: ProgramEdit, code: string): boolean {
    if (this.editor === null || code !== this.text || this.editor.code !== code) return false;
    this.editor.edit(edit.from, edit.to, edit.insert);
    return true;
  }

  /** The editor's undo (the fix just applied). */
  undo(): void {
    this.editor?.undo();
  }

  /** Runs the code now if a run waits (the core just loaded). */
  runNow(): void {
    this.cancel();
    this.run();
  }

  /** The line picked for the views, from a click, a key or a link. */
  pick(line: number | null, entry: Entry = 'push'): void {
    if (line === this.pickedLine) return;
    this.pickedLine = line;
    this.at = null;
    this.chosenCall = null;
    // The views show the line's own values: a run that did not keep them runs again, asked for them.
    const program = this.runProgramData;
    const tc = this.host.tc();
    if (line !== null && program !== null && tc !== null && this.lacksValues(program, line))
      this.runProgramData = runProgram(tc, program.code, line, this.shownRun(program, line));
    this.editor?.setOverlay(this.overlay());
    this.showPicked();
    this.host.changed(entry);
  }

  /** The code mode's part of the URL hash ('' when it has nothing to add). */
  linkPart(): string {
    const packed = this.packedText !== null && this.packedText.length <= MAX_PACKED ? this.packedText : null;
    return codeLinkPart({ packed, line: this.pickedLine });
  }

  private edited(code: string): void {
    this.text = code;
    if (!this.setting && this.entry === 'replace') this.entry = 'typing';
    this.schedule(this.setting);
  }

  private cancel(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    if (this.timer !== null) clearTimeout(this.timer);
    this.frame = null;
    this.timer = null;
  }

  private schedule(now: boolean): void {
    if (this.editedAt === null) {
      this.editedAt = performance.now();
      this.framesWaited = 0;
      const count = (): void => {
        this.framesWaited++;
        if (this.editedAt !== null) requestAnimationFrame(count);
      };
      requestAnimationFrame(count);
    }
    this.cancel();
    if (!now && this.lastRunMs > SLOW_RUN_MS) this.timer = setTimeout(() => this.run(), Math.min(PAUSE_MS + this.lastRunMs, 2000));
    else this.frame = requestAnimationFrame(() => this.run());
  }

  private run(): void {
    this.frame = null;
    this.timer = null;
    const tc = this.host.tc();
    if (tc === null) return;
    const started = performance.now();
    // A new run starts at its end: the steps of the one before are not this one's. The picked
    // line's last run there is most likely its last run here (the same loop, an edit later).
    this.at = null;
    const last = this.runProgramData;
    const guess = last === null || this.pickedLine === null ? 0 : this.shownRun(last, this.pickedLine);
    let program = runProgram(tc, this.text, this.pickedLine, guess);
    this.lastRunMs = performance.now() - started;
    const before = this.runProgramData;
    // The last run that could read the code: its values stand in while a line is half typed.
    if (before !== null && !(before.error !== null && before.statements.length === 0)) this.lastRead = before;
    this.runProgramData = program;
    // A new error takes the views to its line, with the fixes when it is a broadcast.
    const errorLine = program.error?.line ?? null;
    if (errorLine !== null && errorLine !== this.errorLine) {
      const failing = statementAt(program, errorLine);
      if (failing !== null && lineChoices(program, failing).length > 0) this.pickedLine = errorLine;
    }
    // Taken to another line than the one the run kept values of: once more, for that line's.
    if (this.pickedLine !== null && this.lacksValues(program, this.pickedLine))
      program = this.runProgramData = runProgram(tc, this.text, this.pickedLine, this.shownRun(program, this.pickedLine));
    this.errorLine = errorLine;
    this.editor?.setOverlay(this.overlay());
    this.showPicked();
    const entry = this.entry;
    this.entry = 'replace';
    // The URL changes once the code is packed (a moment later): one entry, with the new code in it.
    this.host.changed(null);
    const edited = this.editedAt;
    this.editedAt = null;
    if (edited !== null) {
      // CodeMirror has put the decorations into its DOM by now (dispatch updates it at once).
      this.timings.push({ seq: ++this.runs, lines: program.code.split('\n').length, runMs: this.lastRunMs, shownMs: performance.now() - edited, frames: this.framesWaited });
      if (this.timings.length > 50) this.timings.shift();
    }
    void this.pack(program.code, entry);
  }

  private async pack(code: string, entry: Entry): Promise<void> {
    const ticket = ++this.packs;
    const packed = await packCode(code);
    // A later edit's packing supersedes this one.
    if (ticket !== this.packs) return;
    this.packedText = packed;
    this.host.changed(entry);
  }

  /** Whether line opens an op in the views whose values the run did not keep (runProgram's valuesAt and valuesRun). */
  private lacksValues(program: ProgramRun, line: number): boolean {
    const shown = snapshot(program, this.at);
    const statement = statementAt(shown, line);
    return statement !== null && !holdsValuesOf(shown, line) && (lineOp(statement) !== null || ranBackward(statement));
  }

  /** Which run of the statement at line the views show (Note [Program steps]). */
  private shownRun(program: ProgramRun, line: number): number {
    return statementAt(snapshot(program, this.at), line)?.run ?? 0;
  }

  private showPicked(): void {
    const program = this.program;
    const statement = program === null || this.pickedLine === null ? null : statementAt(program, this.pickedLine);
    const call = this.pickedCall;
    const line = statement === null || program === null || call === null ? null : lineOp(statement, program, call);
    this.host.showOp(line, line === null ? {} : lineState(line));
  }

  /** What the editor lays over the code for the last run. */
  overlay(): Overlay {
    return overlayFor(this.program, this.pickedLine, this.lastRead, this.host.warningText, this.runProgramData);
  }
}
