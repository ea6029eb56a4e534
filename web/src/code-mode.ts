// The code mode's controller part: the editor, the program it runs on every
// edit, the line picked for the views, and the code's place in the link.
// The element (playground.ts) owns the page; this keeps what the code mode
// adds to it out of there. Programs run off the page's thread (Note
// [Programs off the page's thread] in program-runner.ts): typing never
// waits for a run. Runs start at the next animation frame after an edit, and
// an edit cancels the run in flight. A run that took long makes the next
// ones wait for a pause in typing instead, so that a heavy program is not
// started again at every keystroke. A run past RUN_SHOWN_MS shows how long it
// has run, with a Stop button.
import { render } from 'lit';
import type { Tensorcast } from 'tensorcast';
// Only the types: CodeMirror is loaded when the code mode is first shown (attach), so the two-shape page does not carry it.
import type { CodeEditor, Overlay } from './code-editor.js';
import type { Entry } from './hash-writer.js';
import { codeLinkPart, packCode } from './model/code-link.js';
import { overlayFor } from './model/code-overlay.js';
import type { WarningWords } from './model/code-overlay.js';
import type { EditRanges } from './model/exercise.js';
import type { ProgramEdit } from './model/program-fixes.js';
import { lineChoices, lineOp, lineState, meantCall } from './model/line-op.js';
import type { LineOp } from './model/line-op.js';
import { holdsValuesOf, ranBackward, statementAt } from './model/program.js';
import type { ProgramRun } from './model/program.js';
import { runsAt, snapshot } from './model/program-runs.js';
import type { StatementRuns } from './model/program-runs.js';
import { PROGRAM_SELECT } from './program-graph-panel.js';
import type { ProgramSelectDetail } from './program-graph-panel.js';
import { ProgramRunner } from './program-runner.js';
import type { RunReply } from './program-runner.js';
import { programWorker } from './program-spawn.js';
import type { State } from './model/state.js';
import type { Messages } from './i18n/messages.js';
import { runStatus } from './run-status.js';

/** A run slower than this waits for typing to pause (PAUSE_MS) rather than for the next frame. */
const SLOW_RUN_MS = 40;
const PAUSE_MS = 300;
/** A run longer than this shows that it runs, for how long, and a Stop button. */
export const RUN_SHOWN_MS = 500;
/** How often the time a long run has run is shown again. */
const TICK_MS = 250;
/** A link carries the code up to this many characters of packed text; a longer program is left out of it. */
const MAX_PACKED = 64 * 1024;

export interface CodeModeHost {
  tc(): Tensorcast | null;
  /** Something shown changed (the program, the picked line); entry: how the URL records it, null: it does not change. */
  changed(entry: Entry | null): void;
  /** The picked line's op as the program ran it, and what the state says of it (null: it has none). */
  showOp(line: LineOp | null, patch: Partial<State>): void;
  /** Scrolls the picked line's views into sight, once drawn (a line tapped on a touch screen). */
  reveal(): void;
  /** A likely mistake on a line that ran, in the page's words (the editor's amber chips). */
  warningText: WarningWords;
  /** What the editor may show of the run shown (the predict switch hides lines: code-mode-predict.ts). */
  mask?(overlay: Overlay, run: ProgramRun | null): Overlay;
}

/** How long one edit took to reach the screen, for the e2e run to print. */
export interface CodeTiming {
  /** The run's number, counted from 1 for the element. */
  seq: number;
  lines: number;
  /** tc.run alone (in the worker, or on the page where no worker could be made). */
  runMs: number;
  /** From the edit to the shapes in the editor's DOM, painted in the frame whose callback ran them. */
  shownMs: number;
  /** Animation frames from the edit to that one: 1 is the next frame. */
  frames: number;
  /** From the edit to the whole page drawn for the run (the element's render after it; set a frame later, null until then). */
  drawnMs: number | null;
}

/** What the page says of the run: one running past RUN_SHOWN_MS, or one stopped. */
export type RunStatus = { kind: 'running'; ms: number } | { kind: 'stopped'; ms: number } | null;

/** A run that could not read the code (an unclosed bracket): nothing of it ran. */
function unread(program: ProgramRun): boolean {
  return program.error !== null && program.statements.length === 0;
}

export class CodeMode {
  /** Where the editor lives: the element renders this node, the same one every time. */
  readonly editorHost: HTMLDivElement;
  /** Where the whole program's views mount (code-mode-views.ts). */
  readonly viewsHost: HTMLDivElement;
  /** Where a long run's time and Stop button show (run-status.ts): drawn here alone at each tick, not the whole page. */
  readonly statusHost: HTMLDivElement;
  private messages: Messages | null = null;
  private statusKind: string | null = null;
  private editor: CodeEditor | null = null;
  private runner: ProgramRunner | null = null;
  private text: string;
  private runProgramData: ProgramRun | null = null;
  private lastRead: ProgramRun | null = null;
  private pickedLine: number | null = null;
  /** The step the views stand at (an index into the run's statements: Note [Program steps]); null: the end. */
  private at: number | null = null;
  /** The call of the picked line the student chose (its index among the statement's calls); null: the one meantCall picks. */
  private chosenCall: number | null = null;
  private viewLine: number | null = null;
  private errorLine: number | null = null;
  private packedText: string | null = null;
  private packs = 0;
  private frame: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private editedAt: number | null = null;
  private lastRunMs = 0;
  private framesWaited = 0;
  private runs = 0;
  /** The run of the picked line a link asked for (1-based), until the code's run shows it. */
  private wantedRun: number | null = null;
  private stoppedMs: number | null = null;
  private requested = false;
  /** The next views shown are scrolled into sight (a tapped line). */
  private revealing = false;
  /** How the next run's URL change is recorded. */
  private entry: Entry = 'replace';
  private setting = false;
  private loading = false;
  private destroyed = false;
  /** An exercise's editable lines (model/exercise.ts), kept for an editor not made yet; null: every line. */
  private editableLines: EditRanges | null = null;
  readonly timings: CodeTiming[] = [];

  constructor(private readonly host: CodeModeHost, code: string) {
    this.text = code;
    this.editorHost = document.createElement('div');
    this.editorHost.className = 'editor';
    this.viewsHost = document.createElement('div');
    this.viewsHost.className = 'program-views';
    this.viewsHost.setAttribute('data-testid', 'program-views');
    this.statusHost = document.createElement('div');
    // A tensor or an op clicked in the program's graph opens its line, as a click in the editor does.
    this.viewsHost.addEventListener(PROGRAM_SELECT, (event) => this.pick((event as CustomEvent<ProgramSelectDetail>).detail.line));
  }

  get code(): string {
    return this.text;
  }

  /** The last run's record. */
  get program(): ProgramRun | null {
    return this.runProgramData;
  }

  /**
   * The run whose output, graph and views the page shows: the last one,
   * or, while the code cannot be read (a line half typed), the last run
   * that could read it, so that they do not blank out at each keystroke.
   */
  get shown(): ProgramRun | null {
    const run = this.shownRecord;
    // At the step the student stepped to (model/program-runs.ts): the end unless a line's runs were stepped through.
    return run === null ? null : snapshot(run, this.at);
  }

  /** The whole record `shown` is a snapshot of: a new object for each run that came back (the same code run again for another line's values is another). */
  get shownRecord(): ProgramRun | null {
    const program = this.runProgramData;
    return program !== null && unread(program) && this.lastRead !== null ? this.lastRead : program;
  }

  /** The step the views stand at (an index into the last run's statements), or null: its end. */
  get step(): number | null {
    return this.at;
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
    if (shown === null || program === null) return;
    const index = Math.min(Math.max(shown.index + delta, 0), shown.runs.steps.length - 1);
    if (index === shown.index) return;
    this.at = shown.runs.steps[index] as number;
    this.chosenCall = null;
    this.showOverlay();
    // The views show that run's own values: a run that did not keep them runs again, asked for them.
    if (this.pickedLine !== null && program.code === this.text && this.lacksValues(program, this.pickedLine)) this.runNow();
    else this.showPicked();
    this.host.changed('replace');
  }

  /** The run a link named (wantedRun) of the picked line, once a run of the code shows its runs: the views go there. */
  private goToWantedRun(program: ProgramRun): void {
    const wanted = this.wantedRun;
    this.wantedRun = null;
    if (wanted === null || this.pickedLine === null) return;
    const runs = runsAt(program, this.pickedLine);
    if (runs === null || runs.steps.length < 2) return;
    this.at = runs.steps[Math.min(wanted, runs.steps.length) - 1] as number;
    this.chosenCall = null;
  }

  /** The call of the picked line the views show (its index among the statement's calls), or null. */
  get pickedCall(): number | null {
    const program = this.shown;
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

  /** Whether what is shown is the last run that could read the code, standing in while a line is half typed. */
  get standIn(): boolean {
    const program = this.runProgramData;
    return program !== null && unread(program) && this.lastRead !== null;
  }

  /** Whether what is shown is not the code's as it is now: a stand-in for a half-typed line, or a run going on or stopped. */
  get faded(): boolean {
    return this.standIn || this.status !== null;
  }

  get picked(): number | null {
    return this.pickedLine;
  }

  /** The line whose op the views show (the picked one, once a run kept its values). */
  get viewed(): number | null {
    return this.viewLine;
  }

  /** Whether a run was asked for (the first one may still be on its way). */
  get started(): boolean {
    return this.requested;
  }

  /** Whether programs run off the page's thread (null before the first run). */
  get offThread(): boolean | null {
    return this.runner?.offThread ?? null;
  }

  /** How many runs were asked for since the code mode was made. */
  get runsAsked(): number {
    return this.runner?.asked ?? 0;
  }

  /** Each program worker's time from being made to its core ready, in ms (for measuring). */
  get startups(): readonly number[] {
    return this.runner?.startups ?? [];
  }

  get status(): RunStatus {
    if (this.stoppedMs !== null) return { kind: 'stopped', ms: this.stoppedMs };
    const since = this.runner?.runningSince ?? null;
    const ms = since === null ? 0 : performance.now() - since;
    return ms >= RUN_SHOWN_MS ? { kind: 'running', ms } : null;
  }

  /** Creates the editor once the element has a root to put its styles in (CodeMirror loads then). */
  attach(root: ShadowRoot | Document, label: string): void {
    if (this.editor !== null) {
      this.editor.setLabel(label);
      // The amber chips' reasons are in the page's language.
      this.showOverlay();
      return;
    }
    if (this.loading) return;
    this.loading = true;
    void import('./code-editor.js').then(({ CodeEditor }) => {
      if (this.destroyed) return;
      this.editor = new CodeEditor(this.editorHost, { doc: this.text, root, label }, {
        change: (code) => this.edited(code),
        pick: (line, touch) => this.pick(line, 'push', touch),
      });
      this.editor.setEditable(this.editableLines);
      this.showOverlay();
      this.host.changed(null);
    }, (error: unknown) => {
      // Without the editor (its file did not load) the code still shows, as text.
      this.editorHost.textContent = this.text;
      console.warn('code editor:', error);
    });
  }

  /** Only these lines may be edited (an exercise's, Note [Locked lines]); null: every line. */
  setEditable(ranges: EditRanges | null): void {
    this.editableLines = ranges;
    this.editor?.setEditable(ranges);
  }

  /** The editor is in the page (for tests: CodeMirror loads a moment after the code mode shows). */
  get editorReady(): boolean {
    return this.editor !== null;
  }

  destroy(): void {
    this.destroyed = true;
    this.cancel();
    this.stopTicker();
    this.runner?.destroy();
    this.runner = null;
    this.editor?.destroy();
    this.editor = null;
  }

  /** New code from outside the editor (a preset, a link, an attribute); entry: how the URL records it. */
  setCode(code: string, entry: Entry, line: number | null = null, run: number | null = null): void {
    this.pickedLine = line;
    this.at = null;
    this.wantedRun = line === null ? null : run;
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

  /** Draws the run's status in the page's language (the element calls it at each render; the ticker between them). */
  drawStatus(m: Messages): void {
    this.messages = m;
    const status = this.status;
    this.statusKind = status?.kind ?? null;
    render(runStatus(m, status, { stop: () => this.stop(), again: () => this.runNow() }), this.statusHost);
  }

  /** Runs the code now (the core just loaded, a line asks for its values, Run again after Stop). */
  runNow(): void {
    this.cancel();
    this.run();
  }

  /** Stops the run in flight: what was shown stays, faded, until the next edit or Run. */
  stop(): void {
    const ms = this.runner?.stop() ?? null;
    if (ms === null) return;
    this.stoppedMs = ms;
    this.lastRunMs = Math.max(this.lastRunMs, ms);
    this.editedAt = null;
    this.stopTicker();
    this.host.changed(null);
  }

  /** The line picked for the views, from a click, a key or a link; touch: tapped, so the keyboard goes and the views come into sight. */
  pick(line: number | null, entry: Entry = 'push', touch = false, run: number | null = null): void {
    if (touch) {
      this.editor?.blur();
      this.revealing = line !== null;
    }
    if (line === this.pickedLine && run === null) {
      if (this.revealing) {
        this.revealing = false;
        this.host.reveal();
      }
      return;
    }
    this.pickedLine = line;
    this.at = null;
    this.wantedRun = line === null ? null : run;
    if (this.wantedRun !== null && this.runProgramData !== null && this.runProgramData.code === this.text) this.goToWantedRun(this.runProgramData);
    this.chosenCall = null;
    // The views show the line's own values: a run that did not keep them runs again, asked for them,
    // and the views move to the line when its answer comes (until then they show the line they showed).
    const program = this.runProgramData;
    // (An edit not yet run: its run, due at the next frame, asks for them.)
    const lacking = line !== null && program !== null && this.lacksValues(program, line);
    if (lacking && program.code === this.text) this.runNow();
    this.showOverlay();
    if (!lacking) this.showPicked();
    this.host.changed(entry);
  }

  /** The code mode's part of the URL hash ('' when it has nothing to add). */
  linkPart(): string {
    const packed = this.packedText !== null && this.packedText.length <= MAX_PACKED ? this.packedText : null;
    const shown = this.pickedRuns;
    // A run stepped to (not the last) is part of the link, so that it opens where it was shared.
    const run = shown === null || shown.index === shown.runs.steps.length - 1 ? null : shown.index + 1;
    return codeLinkPart({ packed, line: this.pickedLine, run });
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
    // The run in flight is about code that is no more: it ends now, not when the next one starts
    // (and counts as slow as it was, for when that one starts).
    const ran = this.runner?.stop() ?? null;
    if (ran !== null) this.lastRunMs = Math.max(this.lastRunMs, ran);
    this.stopTicker();
    // What the page says of the run (running, stopped) goes with it.
    if (this.stoppedMs !== null || (ran !== null && ran >= RUN_SHOWN_MS)) {
      this.stoppedMs = null;
      this.host.changed(null);
    }
    // Off the page's thread a pause in typing is enough; on it (no worker), the longer the last run, the longer the pause.
    const pause = this.runner?.offThread === true ? PAUSE_MS : Math.min(PAUSE_MS + this.lastRunMs, 2000);
    if (!now && this.lastRunMs > SLOW_RUN_MS) this.timer = setTimeout(() => this.run(), pause);
    else this.frame = requestAnimationFrame(() => this.run());
  }

  /** The runner, made once the core is loaded (null before). */
  private runner$(): ProgramRunner | null {
    if (this.runner !== null) return this.runner;
    const tc = this.host.tc();
    if (tc === null) return null;
    this.runner = new ProgramRunner(tc, typeof Worker === 'function' ? programWorker : null);
    return this.runner;
  }

  private run(): void {
    this.frame = null;
    this.timer = null;
    const runner = this.runner$();
    if (runner === null) return;
    this.requested = true;
    const wasStopped = this.stoppedMs !== null;
    this.stoppedMs = null;
    if (wasStopped) this.host.changed(null);
    const code = this.text;
    this.startTicker();
    // The run of the picked line the views stand at (its last, unless stepped): as this code ran last.
    const last = this.runProgramData;
    const valuesRun = last === null || this.pickedLine === null ? 0 : this.shownRun(last, this.pickedLine);
    void runner.run(code, this.pickedLine, valuesRun).then((reply) => {
      // null: cancelled by a later run or by Stop. An answer about other code than the editor's: a run of the new code is on its way.
      if (reply === null || this.destroyed || code !== this.text) return;
      this.stopTicker();
      this.received(reply);
    });
  }

  private received({ program, runMs }: RunReply): void {
    this.lastRunMs = runMs;
    const before = this.runProgramData;
    // The last run that could read the code: its values stand in while a line is half typed.
    if (before !== null && !unread(before)) this.lastRead = before;
    // Other code: its steps are not the ones stepped to.
    if (before === null || before.code !== program.code) this.at = null;
    this.runProgramData = program;
    if (this.wantedRun !== null) this.goToWantedRun(program);
    // A new error takes the views to its line, with the fixes when it is a broadcast.
    const errorLine = program.error?.line ?? null;
    if (errorLine !== null && errorLine !== this.errorLine) {
      const failing = statementAt(program, errorLine);
      if (failing !== null && lineChoices(program, failing).length > 0) this.pickedLine = errorLine;
    }
    this.errorLine = errorLine;
    this.showOverlay();
    // Taken to another line than the one the run kept values of: once more, for that line's (its views follow that run).
    if (this.pickedLine !== null && this.lacksValues(program, this.pickedLine)) this.runNow();
    else this.showPicked();
    const entry = this.entry;
    this.entry = 'replace';
    // The URL changes once the code is packed (a moment later): one entry, with the new code in it.
    this.host.changed(null);
    const edited = this.editedAt;
    this.editedAt = null;
    if (edited !== null) {
      // CodeMirror has put the decorations into its DOM by now (dispatch updates it at once).
      const timing: CodeTiming = { seq: ++this.runs, lines: program.code.split('\n').length, runMs, shownMs: performance.now() - edited, frames: this.framesWaited, drawnMs: null };
      this.timings.push(timing);
      if (this.timings.length > 50) this.timings.shift();
      // The element renders in a microtask after changed(): by the next frame's callbacks it has.
      requestAnimationFrame(() => (timing.drawnMs = performance.now() - edited));
    }
    void this.pack(program.code, entry);
  }

  /** While a run goes on: the page is told when it passes RUN_SHOWN_MS, and then every TICK_MS (the time it has run). */
  private startTicker(): void {
    this.stopTicker();
    this.ticker = setInterval(() => {
      const status = this.status;
      // The page once, when the run passes RUN_SHOWN_MS (what it shows fades); then only the status.
      if (status?.kind !== this.statusKind) this.host.changed(null);
      else if (status !== null && this.messages !== null) this.drawStatus(this.messages);
    }, TICK_MS);
  }

  private stopTicker(): void {
    if (this.ticker !== null) clearInterval(this.ticker);
    this.ticker = null;
  }

  private async pack(code: string, entry: Entry): Promise<void> {
    const ticket = ++this.packs;
    const packed = await packCode(code);
    // A later edit's packing supersedes this one.
    if (ticket !== this.packs) return;
    this.packedText = packed;
    this.host.changed(entry);
  }

  /** Whether line opens an op in the views whose values the run did not keep (runProgram's valuesAt). */
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
    const program = this.shown;
    const statement = program === null || this.pickedLine === null ? null : statementAt(program, this.pickedLine);
    const call = this.pickedCall;
    const line = statement === null || program === null || call === null ? null : lineOp(statement, program, call);
    this.viewLine = this.pickedLine;
    this.host.showOp(line, line === null ? {} : lineState(line));
    if (this.revealing) {
      this.revealing = false;
      this.host.reveal();
    }
  }

  /**
   * Lays the last run's overlay over the editor when that run is about the
   * editor's text. Until an edit's run comes back the old chips move with
   * the text they were about (code-editor.ts): a redraw meanwhile (a
   * language change, the running status) must not put them by line number
   * on other code.
   */
  private showOverlay(): void {
    const program = this.runProgramData;
    if (program !== null && program.code !== this.text) return;
    this.editor?.setOverlay(this.overlay());
  }

  /** What the editor lays over the code for the last run. */
  overlay(): Overlay {
    const program = this.runProgramData;
    const overlay = overlayFor(program === null ? null : snapshot(program, this.at), this.pickedLine, this.lastRead, this.host.warningText, program);
    return this.host.mask?.(overlay, this.shownRecord) ?? overlay;
  }

  /** Lays the overlay again (what the host's mask hides changed). */
  redrawOverlay(): void {
    this.showOverlay();
  }
}
