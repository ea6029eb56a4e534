// The puzzle view: the set's list (#view=puzzles) and one puzzle
// (#puzzle=ID) in the playground page. A chunk of its own, imported by the
// playground only when a puzzle route opens (web/src/model/puzzle-route.ts),
// so that the landing page carries none of it. The puzzle set comes from
// the build (web/puzzles-plugin.ts); the checker (model/puzzle-check.ts)
// runs on the page's core, on the main thread (a check of 20 test cases
// takes a few milliseconds: docs/puzzles.md); progress and drafts are kept
// per set (model/progress.ts); every check is told to the course page
// (result-event.ts).
import { css, html } from 'lit';
import type { TemplateResult } from 'lit';
import type { Tensorcast } from 'tensorcast';
import entries from 'virtual:tensorcast-puzzles';
import { CodeEditor, EMPTY_OVERLAY } from './code-editor.js';
import { mountProgramViews } from './code-mode-views.js';
import { download } from './diagram/download.js';
import type { Palette } from './diagram/palette.js';
import type { Messages } from './i18n/messages.js';
import { puzzleTexts } from './i18n/puzzle-texts.js';
import type { PuzzleTexts } from './i18n/puzzle-texts.js';
import type { ProgramRun } from './model/program.js';
import { runProgram } from './model/program.js';
import { Progress } from './model/progress.js';
import type { StorageLike } from './model/progress.js';
import { answerProgram, checkAnswer, drawnValue, earlierDefs, solve } from './model/puzzle-check.js';
import type { CheckResult, Failure, Solved } from './model/puzzle-check.js';
import type { Puzzle } from './model/puzzle-file.js';
import { drillHash } from './model/code-link.js';
import { answerBody, answerText, checksBeforeSolution, puzzleHash } from './model/puzzle-route.js';
import type { PuzzleRoute } from './model/puzzle-route.js';
import { PUZZLE_SET } from './model/puzzle-set.js';
import { formatWorksheetHash } from './model/worksheet.js';
import type { ShippedEntry } from './model/puzzle-set.js';
import type { Lang, Theme } from './model/state.js';
import { sendResult } from './result-event.js';

type PuzzleEntry = Extract<ShippedEntry, { kind: 'puzzle' }>;

export interface PuzzleViewHost {
  /** The element: the result event is dispatched from it. */
  element: HTMLElement;
  /** Its shadow root: the editor's and this view's styles go there. */
  root: ShadowRoot;
  tc: Tensorcast;
  /** Something shown changed: render again. */
  changed(): void;
}

/** What the page shows of a puzzle's last check. */
interface Shown {
  result: CheckResult;
  /** The failing test case's inputs, as PyTorch prints them (name, repr). */
  inputs: [string, string][];
  /** The answer run on the failing test case, for the program views; null when nothing ran. */
  run: ProgramRun | null;
  /** The line of that program the views open (the failure's line in the whole program). */
  line: number | null;
}

/** The browser's storage, or null when reading it throws (a sandboxed frame: Progress then says it is blocked). */
export function browserStorage(): StorageLike | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const puzzleStyles = css`
  .puzzles { max-width: 72rem; }
  .puzzles h2 { margin: 8px 0; font-size: 1.4rem; }
  .puzzles h3 { margin: 16px 0 4px; font-size: 1.1rem; }
  .puzzle-list { list-style: none; padding: 0; margin: 0; display: grid; gap: 6px; }
  .puzzle-list li a {
    display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 12px; padding: 8px 10px;
    border: 1px solid var(--line); border-radius: 6px; color: var(--fg); text-decoration: none;
  }
  .puzzle-list li a:hover, .puzzle-list li a:focus-visible { border-color: var(--focus); }
  .puzzle-list .name { font-weight: 600; flex: 1 1 12rem; }
  .puzzle-list .meta { color: var(--muted); font-size: 0.9rem; }
  .mark { font-size: 0.9rem; white-space: nowrap; }
  .mark.done { color: var(--zero); font-weight: 600; }
  .mark.done [aria-hidden] { margin-inline-end: 0.3em; }
  .puzzles pre, .puzzles code.sig {
    font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Noto Sans Mono CJK SC', monospace;
    font-size: 0.9rem;
  }
  .puzzles pre {
    margin: 4px 0; padding: 6px 8px; background: var(--field); border: 1px solid var(--line); border-radius: 4px;
    overflow-x: auto; white-space: pre;
  }
  .puzzles .rules { color: var(--muted); font-size: 0.9rem; margin: 4px 0; }
  .puzzles .actions { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 8px 0; }
  .puzzles .check-result { border-left: 4px solid var(--line); padding: 4px 12px; margin: 8px 0; }
  .puzzles .check-result.pass { border-color: var(--zero); }
  .puzzles .check-result.fail { border-color: var(--bad); }
  .puzzles .case { display: grid; grid-template-columns: minmax(0, 1fr); gap: 4px 16px; }
  @media (min-width: 700px) {
    .puzzles .case { grid-template-columns: repeat(2, minmax(0, 1fr)); }
    .puzzles .case .case-in { grid-column: 1 / -1; }
  }
  /* The file input's own button speaks the browser's language: a label styled as the page's buttons stands for it. */
  .puzzles .file-button {
    display: inline-block; padding: 4px 10px; border: 1px solid var(--line); border-radius: 4px; cursor: pointer; position: relative;
  }
  .puzzles .file-button:focus-within { outline: 2px solid var(--focus); outline-offset: 2px; }
  .puzzles .file-button input { position: absolute; inset: 0; width: 100%; height: 100%; opacity: 0; cursor: pointer; }
  .puzzles .case h4 { margin: 6px 0 2px; font-size: 0.95rem; }
  .puzzles .blocked { border: 1px solid var(--warn); border-radius: 4px; padding: 6px 10px; }
  .puzzles .hint { margin: 4px 0; }
  .puzzles a.back { color: var(--focus); }
  .puzzles .editor { min-height: 6rem; }
`;

export class PuzzleView {
  private readonly progress = new Progress(browserStorage(), PUZZLE_SET.id);
  private readonly editorHost = document.createElement('div');
  private readonly viewsHost = document.createElement('div');
  private editor: CodeEditor | null = null;
  /** The puzzle the editor holds (its drafts go there). */
  private editing: string | null = null;
  private readonly shown = new Map<string, Shown>();
  private readonly solvedCache = new Map<string, Solved>();
  private readonly solutionOpen = new Set<string>();
  private notice: { ok: boolean; text: (t: PuzzleTexts) => string } | null = null;
  private viewsKey = '';

  constructor(private readonly host: PuzzleViewHost) {
    this.editorHost.className = 'editor';
    this.viewsHost.className = 'program-views';
    this.viewsHost.setAttribute('data-testid', 'puzzle-views');
    // The view's styles, adopted by the root once: constructed sheets, as the page's CSP allows (web/csp.ts).
    const sheet = puzzleStyles.styleSheet;
    if (sheet !== undefined && !host.root.adoptedStyleSheets.includes(sheet)) host.root.adoptedStyleSheets = [...host.root.adoptedStyleSheets, sheet];
  }

  /** The whole view for a route. */
  body(route: PuzzleRoute, opts: { m: Messages; lang: Lang; theme: Theme; hide: boolean }): TemplateResult {
    const t = puzzleTexts(opts.lang);
    const link = (r: PuzzleRoute): string => puzzleHash(r, opts);
    const inner = route.kind === 'list' ? this.list(t, opts.lang, opts) : this.puzzlePage(t, route.id, opts, link);
    return html`<div class="puzzles" data-testid="puzzle-view">${inner}${this.progressBox(t)}</div>`;
  }

  /** After the page rendered: the editor is made (once) and the program views follow the last check. */
  updated(route: PuzzleRoute, m: Messages, p: Palette, lang: Lang): void {
    const entry = route.kind === 'puzzle' ? puzzleEntry(route.id) : null;
    if (entry === null) return;
    const t = puzzleTexts(lang);
    this.openEditor(entry, t);
    const shown = this.shown.get(entry.puzzle.id);
    const key = shown?.run == null ? '' : `${entry.puzzle.id}|${shown.run.code}|${shown.line}|${lang}|${p.name}|${p.forced}`;
    if (key === this.viewsKey) return;
    this.viewsKey = key;
    if (shown?.run == null) {
      this.viewsHost.replaceChildren();
      return;
    }
    try {
      mountProgramViews(this.viewsHost, shown.run, { m, p, line: shown.line });
    } catch (error) {
      // A view's bug must not take the puzzle down with it.
      console.warn('program views:', error);
    }
  }

  destroy(): void {
    this.editor?.destroy();
    this.editor = null;
  }

  // --- the list

  private list(t: PuzzleTexts, lang: Lang, opts: { lang: Lang; theme: Theme; hide: boolean }): TemplateResult {
    // The worksheet is a page of its own beside this one (web/worksheet.html); with solutions hidden it prints no key.
    const sheet = (set: 'puzzles' | 'drills'): string => `./worksheet.html${formatWorksheetHash({ set, lang, ids: null, key: !opts.hide })}`;
    return html`<h2>${t.listTitle}</h2><p>${t.listIntro}</p>
      <p data-testid="puzzle-print">${t.printSets} <a href=${sheet('puzzles')}>${t.printPuzzles}</a> · <a href=${sheet('drills')}>${t.printDrills}</a></p>
      <ol class="puzzle-list">${entries.map((e) => {
        const id = e.kind === 'drill' ? e.drill.id : e.puzzle.id;
        const title = e.kind === 'drill' ? e.drill.title[lang] : e.puzzle.title[lang];
        const difficulty = e.kind === 'drill' ? e.drill.difficulty : e.puzzle.difficulty;
        const p = this.progress.get(id);
        // A drill opens in the code mode with predict on (its own route).
        const href = e.kind === 'drill' ? drillHash(id, lang) : puzzleHash({ kind: 'puzzle', id }, opts);
        return html`<li data-testid="puzzle-item" data-id=${id} data-kind=${e.kind} data-solved=${String(p.solved)}>
          <a href=${href}><span class="name">${title}</span>
            <span class="meta">${e.kind === 'drill' ? t.drill : t.puzzle}</span><span class="meta">${t.difficulty(difficulty)}</span>
            ${p.attempts > 0 ? html`<span class="meta">${t.attempts(p.attempts)}</span>` : ''}
            ${solvedMark(t, p.solved)}</a></li>`;
      })}</ol>`;
  }

  // --- one puzzle

  private puzzlePage(t: PuzzleTexts, id: string, opts: { m: Messages; lang: Lang; hide: boolean }, link: (r: PuzzleRoute) => string): TemplateResult {
    const back = html`<p><a class="back" data-testid="puzzle-back" href=${link({ kind: 'list' })}>← ${t.back}</a></p>`;
    const entry = puzzleEntry(id);
    if (entry === null) {
      const drill = entries.some((e) => e.kind === 'drill' && e.drill.id === id);
      return html`${back}<p class="problem" role="alert" data-testid="puzzle-not-found">${t.notFound(id)}</p>
        ${drill ? html`<p><a href=${drillHash(id, opts.lang)}>${t.openDrill}</a></p>` : ''}`;
    }
    const { puzzle } = entry;
    const progress = this.progress.get(puzzle.id);
    const shown = this.shown.get(puzzle.id) ?? null;
    return html`${back}
      <h2 data-testid="puzzle-title">${puzzle.title[opts.lang]}</h2>
      <p data-testid="puzzle-statement">${puzzle.statement[opts.lang]}</p>
      <p class="rules" data-testid="puzzle-rules">${opts.m.sentences([t.writeBody, t.allowed(puzzle.allowed.join(' ')), ...(puzzle.maxLines === null ? [] : [t.maxLines(puzzle.maxLines)]), ...this.earlierNames(puzzle.id).map((names) => t.earlier(names))])}</p>
      ${this.editorHost}
      <div class="actions">
        <button type="button" data-testid="puzzle-check" @click=${() => this.check(entry)}>${t.check}</button>
        <span data-testid="puzzle-solved" data-solved=${String(progress.solved)}>${solvedMark(t, progress.solved)}</span>
        <span class="meta">${progress.attempts > 0 ? t.attempts(progress.attempts) : ''}</span>
      </div>
      ${shown === null ? '' : this.resultBox(t, opts.m, shown)}
      ${this.hintsBox(t, opts.lang, puzzle, progress.hints)}
      ${this.solutionBox(t, entry, progress.attempts, progress.solved, opts.hide)}`;
  }

  private resultBox(t: PuzzleTexts, m: Messages, shown: Shown): TemplateResult {
    const { result } = shown;
    const elements = result.passed || result.compared > 2
      ? html`<p data-testid="puzzle-elements">${t.elements(result.elements, result.referenceElements)}</p>` : '';
    if (result.passed)
      return html`<section class="check-result pass" data-testid="puzzle-result" data-passed="true" role="status">
        <p><strong>${t.passed(result.compared)}</strong></p>${elements}</section>`;
    const failure = result.failure as Failure;
    return html`<section class="check-result fail" data-testid="puzzle-result" data-passed="false" data-kind=${failure.kind} role="status">
      <p><strong>${t.failedAt(failure.line)}</strong></p><p data-testid="puzzle-failure">${t.failure(failure.reason)}</p>
      ${failure.draw === null ? '' : this.caseBox(t, m, failure, shown)}
      ${elements}
      ${shown.run === null || shown.line === null || failure.line === null ? '' : html`<p>${t.explaining(failure.line, shown.line)}</p>`}
      ${shown.run === null ? '' : this.viewsHost}
    </section>`;
  }

  private caseBox(t: PuzzleTexts, m: Messages, failure: Failure, shown: Shown): TemplateResult {
    const sizes = Object.entries(failure.draw?.sizes ?? {}).map(([k, v]) => `${k} = ${v}`).join(', ');
    return html`<h3>${t.failingCase}</h3>
      ${sizes === '' ? '' : html`<p>${m.labelled(t.sizes, '')}<code data-testid="case-sizes">${sizes}</code></p>`}
      <div class="case">
        <div class="case-in" data-testid="case-inputs"><h4>${t.inputs}</h4>${shown.inputs.map(([name, text]) => html`<pre>${name} = ${text}</pre>`)}</div>
        <div><h4>${t.yours}</h4><pre data-testid="case-yours">${failure.yours ?? t.noResult}</pre></div>
        <div><h4>${t.expected}</h4><pre data-testid="case-expected">${failure.expected ?? t.noResult}</pre></div>
      </div>`;
  }

  private hintsBox(t: PuzzleTexts, lang: Lang, puzzle: PuzzleEntry['puzzle'], unlocked: number): TemplateResult | string {
    const hints = puzzle.hints;
    if (hints.length === 0) return '';
    const count = Math.min(unlocked, hints.length);
    return html`<section data-testid="puzzle-hints"><h3>${t.hints}</h3>
      ${hints.slice(0, count).map((h, i) => html`<p class="hint" data-testid="puzzle-hint"><strong>${t.hint(i + 1, hints.length)}</strong> ${h[lang]}</p>`)}
      ${count < hints.length ? html`<button type="button" data-testid="puzzle-next-hint" @click=${() => this.unlockHint(puzzle.id)}>${t.nextHint(hints.length - count)}</button>` : ''}
    </section>`;
  }

  private solutionBox(t: PuzzleTexts, entry: PuzzleEntry, attempts: number, solved: boolean, hide: boolean): TemplateResult | string {
    // Turned off by the link or the attribute, or not in this build: nothing about a solution at all.
    if (hide || entry.reference === null) return '';
    const id = entry.puzzle.id;
    const left = checksBeforeSolution(attempts, solved);
    const body = this.solutionOpen.has(id)
      ? html`<pre data-testid="puzzle-solution">${answerText(entry.puzzle.signatureText, entry.reference)}</pre>`
      : left > 0 ? html`<p class="rules" data-testid="solution-later">${t.solutionAfter(left)}</p>`
        : html`<button type="button" data-testid="puzzle-show-solution" @click=${() => this.openSolution(id)}>${t.showSolution}</button>`;
    return html`<section data-testid="puzzle-solution-box"><h3>${t.solution}</h3>${body}</section>`;
  }

  private progressBox(t: PuzzleTexts): TemplateResult {
    return html`<section class="progress" data-testid="puzzle-progress">
      ${this.progress.blocked ? html`<p class="blocked" role="alert" data-testid="storage-blocked">${t.blocked}</p>` : html`<p class="rules">${t.progress}</p>`}
      <div class="actions">
        <button type="button" data-testid="progress-export" @click=${() => this.exportProgress()}>${t.exportProgress}</button>
        <label class="file-button">${t.importProgress}
          <input type="file" accept=".json,application/json" data-testid="progress-import" @change=${(e: Event) => void this.importProgress(e.target as HTMLInputElement)} /></label>
      </div>
      ${this.notice === null ? '' : html`<p role="status" data-testid="progress-notice" class=${this.notice.ok ? '' : 'problem'}>${this.notice.text(t)}</p>`}
    </section>`;
  }

  // --- actions

  private openEditor(entry: PuzzleEntry, t: PuzzleTexts): void {
    const id = entry.puzzle.id;
    const text = answerText(entry.puzzle.signatureText, this.progress.get(id).draft);
    if (this.editor === null) {
      this.editing = id;
      this.editor = new CodeEditor(this.editorHost, { doc: text, root: this.host.root, label: t.editor }, {
        change: (code) => {
          if (this.editing !== null) this.progress.draft(this.editing, answerBody(code));
        },
        pick: () => undefined,
      });
      this.editor.setOverlay(EMPTY_OVERLAY);
      return;
    }
    this.editor.setLabel(t.editor);
    if (this.editing === id) return;
    this.editing = id;
    this.editor.setCode(text);
  }

  /** The reference's results on the set's draws: shipped by the build, or made here once from the reference. */
  private solvedOf(entry: PuzzleEntry): Solved {
    if (entry.solved !== null) return entry.solved;
    const id = entry.puzzle.id;
    let solved = this.solvedCache.get(id);
    if (solved === undefined) {
      if (entry.reference === null) throw new Error(`the build shipped neither a reference nor results for '${id}'`);
      const puzzle: Puzzle = { ...entry.puzzle, reference: entry.reference, wrong: [] };
      solved = solve(this.host.tc, puzzle, PUZZLE_SET.seed, PUZZLE_SET.count);
      this.solvedCache.set(id, solved);
    }
    return solved;
  }

  private check(entry: PuzzleEntry): void {
    if (this.editor === null) return;
    const { tc } = this.host;
    const id = entry.puzzle.id;
    const body = answerBody(this.editor.code);
    this.progress.draft(id, body);
    let result: CheckResult;
    try {
      result = checkAnswer(tc, entry.puzzle, body, this.solvedOf(entry), this.earlier(id));
    } catch (error) {
      // Only a broken puzzle gets here (a reference that fails; tests/web/puzzle-check.test.js keeps them out): say so, count nothing.
      const text = error instanceof Error ? error.message : String(error);
      this.notice = { ok: false, text: () => text };
      this.host.changed();
      return;
    }
    this.shown.set(id, { result, ...this.explain(entry, body, result.failure) });
    sendResult(this.host.element, this.progress.checked(id, result.passed, 'puzzle', body));
    this.host.changed();
  }

  /** The student's passing answers of the puzzles before this one. */
  private passedBefore(id: string): { puzzle: PuzzleEntry['puzzle']; answer: string }[] {
    const before: { puzzle: PuzzleEntry['puzzle']; answer: string }[] = [];
    for (const e of entries) {
      if (e.kind !== 'puzzle') continue;
      if (e.puzzle.id === id) break;
      const answer = this.progress.get(e.puzzle.id).answer ?? '';
      if (answer !== '') before.push({ puzzle: e.puzzle, answer });
    }
    return before;
  }

  /** Those answers as defs this answer may call (earlierDefs). */
  private earlier(id: string): string {
    return earlierDefs(this.passedBefore(id));
  }

  /** Their functions' names, for the rules line: none, or one list. */
  private earlierNames(id: string): string[][] {
    const names = this.passedBefore(id).map((p) => p.puzzle.signature.name);
    return names.length === 0 ? [] : [names];
  }

  /** The failing test case's inputs as PyTorch prints them, and the answer run on them for the program views. */
  private explain(entry: PuzzleEntry, body: string, failure: Failure | null): Omit<Shown, 'result'> {
    if (failure === null || failure.draw === null) return { inputs: [], run: null, line: null };
    const { tc } = this.host;
    const program = answerProgram(entry.puzzle, body, this.earlier(entry.puzzle.id));
    const line = failure.line === null ? null : program.firstLine + failure.line - 1;
    const made = Object.entries(failure.draw.inputs).map(([name, v]) => [name, drawnValue(tc, v)] as const);
    try {
      const inputs = made.map(([name, v]): [string, string] => [name, String(v)]);
      const run = runProgram(tc, program.code, line, { inputs: Object.fromEntries(made) });
      return { inputs, run, line };
    } finally {
      for (const [, v] of made) if (typeof v === 'object') v.dispose();
    }
  }

  private unlockHint(id: string): void {
    this.progress.hint(id);
    this.host.changed();
  }

  private openSolution(id: string): void {
    this.solutionOpen.add(id);
    this.host.changed();
  }

  private exportProgress(): void {
    download(new Blob([this.progress.exportText()], { type: 'application/json' }), `tensorcast-progress-${PUZZLE_SET.id}.json`);
  }

  private async importProgress(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    if (file === undefined) return;
    const problem = this.progress.importText(await file.text());
    input.value = '';
    this.notice = problem === null ? { ok: true, text: (t) => t.imported } : { ok: false, text: (t) => t.importProblem(problem) };
    // The open puzzle's editor takes the imported draft.
    if (problem === null && this.editing !== null && this.editor !== null) {
      const entry = puzzleEntry(this.editing);
      if (entry !== null) this.editor.setCode(answerText(entry.puzzle.signatureText, this.progress.get(this.editing).draft));
    }
    this.host.changed();
  }
}

/** Solved (a tick, in the colour of a pass) or not yet. */
function solvedMark(t: PuzzleTexts, solved: boolean): TemplateResult {
  return solved ? html`<span class="mark done"><span aria-hidden="true">✓</span>${t.solved}</span>` : html`<span class="mark">${t.unsolved}</span>`;
}

function puzzleEntry(id: string): PuzzleEntry | null {
  return (entries.find((e) => e.kind === 'puzzle' && e.puzzle.id === id) as PuzzleEntry | undefined) ?? null;
}
