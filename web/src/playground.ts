// <tensorcast-playground>: the controller. It loads the core, keeps the
// model in step with its attributes (and, with sync-hash, the URL hash),
// turns clicks and keys into model changes, and renders the views. Hovering
// the strides diagram only marks existing SVG elements: no re-render.
import { LitElement, html, nothing, unsafeCSS } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { init } from 'tensorcast';
import type { Tensorcast } from 'tensorcast';
import { Announcer } from './announcer.js';
import type { CodeMode } from './code-mode.js';
type CodeChunk = typeof import('./code-chunk.js');
import type { CodeTiming, RunStatus } from './code-mode.js';
import type { CodePredict, CodeScore } from './code-mode-predict.js';
import type { DrillRoute } from './code-mode-drill.js';
import type { CodeTyped } from './model/code-predict.js';
import type { Overlay } from './code-editor.js';
import { DRILL_KEY, drillFromHash } from './model/code-link.js';
import type { ProgramRun } from './model/program.js';
import type { ProgramEdit } from './model/program-fixes.js';
import type { LineOp } from './model/line-op.js';
import { paletteFor } from './diagram/palette.js';
import type { Palette } from './diagram/palette.js';
import { placeTip } from './formula-tip.js';
import { FirstScreen, nextTask, painted } from './first-screen.js';
import { DiagramBox } from './diagram-box.js';
import { lengthPx } from './fit.js';
import type { FitOptions } from './fit.js';
import { fullLink } from './full-link.js';
import { HashWriter } from './hash-writer.js';
import type { Entry } from './hash-writer.js';
import { messagesFor } from './i18n/i18n.js';
import type { Messages } from './i18n/messages.js';
import { keyAction } from './keyboard.js';
import type { Fix } from './model/fixes.js';
import { layoutStyles } from './layout-styles.js';
import { codeStyles } from './code-styles.js';
import { codeLinkFromHash, unpackCode } from './model/code-link.js';
import { embeddedCode } from './model/code-source.js';
import { PlaygroundModel } from './model/model.js';
import { EMPTY_PASTE, pasteForm, showsPatch } from './model/paste.js';
import type { PasteForm, PasteInput } from './model/paste.js';
import type { Guess } from './model/predict.js';
import { DEFAULT_STATE, PROPS } from './model/props.js';
import { VIEWS } from './model/state.js';
import type { Lang, State, Theme, View } from './model/state.js';
import { hostIsDark } from './model/host-scheme.js';
import { stepAfter, stepRange } from './model/step-range.js';
import type { StepRange } from './model/step-range.js';
import { playgroundLink, readState, readStateChecked, stateFromHash, stateFromHashChecked } from './model/url.js';
import { embedProblems, stepProblems } from './model/link-problems.js';
import type { LinkNotice, LinkProblem } from './model/link-problems.js';
import { linkNotices } from './views/link-notice.js';
import { puzzleHash, puzzleRoute, solutionsHidden } from './model/puzzle-route.js';
import type { PuzzleRoute } from './model/puzzle-route.js';
import type { PuzzleView } from './puzzle-view.js';
import { OutputCursor } from './output-cursor.js';
import { Player } from './player.js';
import { ShareActions } from './share-actions.js';
import type { SharedCode } from './share.js';
import { StepDiagram } from './step-diagram.js';
import { appliedFix, fixLine } from './views/applied-fix.js';
import { modeSwitch } from './views/mode-switch.js';
import type { CopyState } from './views/applied-fix.js';
import { cssVars, styles } from './styles.js';
import { tracebackStyles } from './traceback-styles.js';
import type { ViewContext } from './views/context.js';
import { controls } from './views/controls.js';
import { diagramTable } from './views/diagram-table.js';
import { compactHeader, header, pageHeader } from './views/header.js';
import { nothingToExport, PANELS, stepCaption } from './views/panels.js';
import { pastePanel } from './views/paste.js';
import { verdictLine } from './views/plain-texts.js';
import type { ExportKind, Speed, StepMove } from './views/player-bar.js';
import { playerBar, SPEEDS } from './views/player-bar.js';
import { predictBlock } from './views/predict.js';
import type { CopyKind } from './views/share-bar.js';
import { copyButtons, exportAllButtons, shareStatus } from './views/share-bar.js';
import { formulaLines, hoverMarks, readsText } from './views/strides.js';
import { tabAfter, tabs } from './views/tabs.js';
import { editList, verdictPanel } from './views/verdict.js';
// The exercise part (exercise-page.ts): "Make an exercise", and the exercise a link opens.
import { ExercisePage, madeFrom } from './exercise-page.js';
import { exerciseStyles } from './exercise-styles.js';
import { EDIT_KEY, exerciseLinkPart, GOAL_KEY, readExercise } from './model/exercise.js';
import { sendResult } from './result-event.js';
import { exerciseBanner, exerciseMaker, makeButton } from './views/exercise.js';
// The iframe page (web/public/embed.html: the frame attribute) and hide= (embed part).
import { FrameHeightPoster } from './frame-height.js';
import { FRAME_ATTRIBUTES, frameAttributes, framePart, hideRules, readHide } from './model/frame-options.js';
import type { FrameAttribute } from './model/frame-options.js';

// Note [Two cores on the page]: the two-shape views draw with the core
// without the interpreter, init({ programs: false }) (Note [The module
// without programs] in bindings/ts/loader.ts): it is what the first screen
// waits for, and it is a sixth smaller. The code mode and the puzzles run
// programs, so they wait for the core with the interpreter, init()'s, loaded
// when one of them first opens (the code mode's program worker starts from
// its compiled module). A page with an element that opens on one of them
// loads that core alone and draws with it too; where the drawing core runs programs itself
// (no wasm SIMD, the offline file) it is the only one. Each is made once for
// the page, however many elements it holds; both show PyTorch's old
// broadcast warning (torch.utils.backcompat.broadcast_warning.enabled), a
// teaching aid in the verdict and the code mode.
let drawing: Promise<Tensorcast> | undefined;
let running: Promise<Tensorcast> | undefined;

// A failed load is not remembered, so that a later element can try again.
function once(load: () => Promise<Tensorcast>, forget: () => void): Promise<Tensorcast> {
  return load().then((tc) => {
    tc.setBroadcastWarning(true);
    return tc;
  }, (error: unknown) => {
    forget();
    throw error;
  });
}

function drawingCore(): Promise<Tensorcast> {
  return (drawing ??= once(() => init({ programs: false }), () => (drawing = undefined)));
}

function programsCore(): Promise<Tensorcast> {
  const drawn = drawing;
  return (running ??= once(async () => {
    const tc = drawn === undefined ? null : await drawn.catch(() => null);
    return tc !== null && tc.programs ? tc : init();
  }, () => (running = undefined)));
}

/** The predict switch's chunk in the code mode, and what the page keeps of it. */
interface PredictKit {
  mod: typeof import('./code-predict-kit.js');
  /** The answers about the program shown (code-mode-predict.ts). */
  predict: CodePredict;
  /** A drill opened by link (#drill=ID: code-mode-drill.ts). */
  drills: DrillRoute;
}

/** Until the predict switch's chunk is loaded, the editor shows no line's results. */
const bare = (overlay: Overlay): Overlay => ({ ...overlay, inline: new Map(), stale: new Set(), warnings: new Map(), error: null, picked: null });

/** The attributes a page can set: the state's properties, named as in a link. */
export const ATTRIBUTES: readonly string[] = PROPS.map((p) => p.key);

/** The performance mark set when the first playground shows a computed view. */
export const FIRST_RENDER = 'tensorcast:first-render';

// Fields a person types into: a keystroke rewrites the entry its first one made (hash-writer.ts).
const TYPED: ReadonlySet<string> = new Set(['a', 'b', 'c', 'va', 'vb', 'vc', 'alpha', 'seed']);

function browserLang(): Lang {
  return typeof navigator !== 'undefined' && navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export class TensorcastPlayground extends LitElement {
  static override styles = [styles, tracebackStyles, layoutStyles, codeStyles, exerciseStyles, unsafeCSS(hideRules())];
  static override properties = {
    ...Object.fromEntries(ATTRIBUTES.map((k) => [k, { type: String }])),
    syncHash: { type: Boolean, attribute: 'sync-hash' },
    compact: { type: Boolean, reflect: true },
    playgroundUrl: { type: String, attribute: 'playground-url' },
    steps: { type: String },
    lock: { type: Boolean },
    fit: { type: String },
    large: { type: Boolean, reflect: true },
    code: { type: String },
    goal: { type: String },
    edit: { type: String },
    puzzle: { type: String },
    solutions: { type: String },
    framePage: { type: Boolean, attribute: 'frame' },
    hide: { type: String },
  };

  declare syncHash: boolean;
  /** Only the summary, view tabs, player, caption and diagram, with a link to the full playground. */
  declare compact: boolean;
  /** The full playground's page for the compact link, relative to the page like any href. */
  declare playgroundUrl: string | null;
  /** The steps the player keeps to, counted from 1 ("2-4"); absent: all. */
  declare steps: string | null;
  /** Locked to the view named: no view tabs, no view keys. */
  declare lock: boolean;
  /** Present: the diagram is scaled to the width (never scrolls sideways); a length ("60vh") caps its height too. */
  declare fit: string | null;
  /** Larger text and diagram, for a lecture hall. */
  declare large: boolean;
  /** A program for the code mode, as plain text (a <script type="text/plain"> child says the same). */
  declare code: string | null;
  /** An exercise's goal and what the student may edit, as a link writes them (model/exercise.ts). */
  declare goal: string | null;
  declare edit: string | null;
  /** A puzzle of the set to open (as #puzzle=ID does), without sync-hash. */
  declare puzzle: string | null;
  /** "hide": no "show the solution" (as solutions=hide in a link). */
  declare solutions: string | null;
  /**
   * The element is the whole page of an iframe (web/public/embed.html, with sync-hash): it takes its own
   * attributes from the hash too (model/frame-options.ts), posts its height to the parent (frame-height.ts),
   * and rewrites the hash in place, never adding history entries the course page's Back button would walk.
   */
  declare framePage: boolean;
  /** The controls not shown, by name, comma-separated (HIDEABLE in model/frame-options.ts). */
  declare hide: string | null;

  private model: PlaygroundModel | null = null;
  private failure: string | null = null;
  private chosen: Partial<State> = {};
  private loading: Promise<void> | null = null;
  private readonly player = new Player(() => this.advance(), () => this.requestUpdate());
  private readonly darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
  /** The system forces its own colours: the diagrams are drawn in them (Note [Forced colours]). */
  private readonly forcedQuery = typeof matchMedia === 'function' ? matchMedia('(forced-colors: active)') : null;
  /** The reader's system asks for less motion: no playing through the steps (Next still steps), no smooth scrolling. */
  private readonly stillQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
  private readonly diagram = new StepDiagram();
  private readonly first = new FirstScreen();
  private readonly cursor = new OutputCursor();
  private readonly announcer = new Announcer();
  private speed: Speed = 'normal';
  private readonly sharing = new ShareActions(() => this.requestUpdate());
  private readonly box = new DiagramBox();
  private readonly resized = typeof ResizeObserver === 'function' ? new ResizeObserver(() => this.box.fit(this.renderRoot, this.fitOptions())) : null;
  private readonly hash = new HashWriter(() => this.model?.state ?? null,
    () => (this.model?.state.mode === 'code' ? `${this.drillPart()}${this.codeMode?.linkPart() ?? ''}` : '') + exerciseLinkPart(this.exercise.active) + this.framePart());
  /** The exercise the page opened as, and the teacher's form (exercise-page.ts). */
  private readonly exercise = new ExercisePage();
  /** The core the two-shape views draw with (Note [Two cores on the page]). */
  private core: Tensorcast | null = null;
  /** The core that runs programs: the code mode's, the puzzles' (Note [Two cores on the page]); null until one of them opens. */
  private programs: Tensorcast | null = null;
  // The code mode (code-mode.ts), made when the page first shows it.
  private codeMode: CodeMode | null = null;
  /** The code mode's chunk (code-chunk.ts), once loaded. */
  private chunk: CodeChunk | null = null;
  private chunkLoading: Promise<CodeChunk> | null = null;
  /** While the page's load sets up a code mode it opened in (its drill and its link's program), and runs it itself. */
  private loadingCode = false;
  /** The code mode's predict switch and drills (code-predict-kit.ts), once loaded. */
  private kit: PredictKit | null = null;
  private kitLoading: Promise<PredictKit> | null = null;
  /** What the editor's overlay was last laid for under the predict switch (it is laid again when this changes). */
  private predictOverlayKey = '';
  /** The picked line's op as the code mode showed it (code-mode.ts), for its fixes. */
  private lineShown: LineOp | null = null;
  /** The line a fix edited, and the code it made: the page says so, with Undo, while that code is shown. */
  private appliedEdit: { line: number; code: string } | null = null;
  /** The picked line's op is what the views show. */
  private lineOpen = false;
  private programViewsKey = '';
  private programViewsRecord: ProgramRun | null = null;
  private readonly onHash = (): void => {
    if (this.framePage) this.frameFromHash();
    this.fromHash();
  };
  // The full page takes the keys when nothing has focus, so a projected page answers → at once.
  private readonly onPageKey = (event: KeyboardEvent): void => {
    if (event.target === document.body || event.target === document.documentElement) this.onKey(event);
  };
  private readonly onScheme = (): void => this.requestUpdate();
  /** theme="inherit": the host page's scheme as last drawn, and the watch on what says it (<html>'s and <body>'s attributes). */
  private hostDark: boolean | null = null;
  private readonly hostWatch = typeof MutationObserver === 'function' ? new MutationObserver(() => this.onHostScheme()) : null;
  private readonly onMotion = (): void => {
    if (this.still) this.player.pause();
    this.requestUpdate();
  };

  private get still(): boolean {
    return this.stillQuery?.matches === true;
  }
  // The paste box's typing, and the fix just applied: what the page is doing, not state a link carries.
  private paste: PasteInput = EMPTY_PASTE;
  private applied: { line: string; copy: CopyState } | null = null;
  /** After a step move or a prediction, where the keyboard goes next: a question's first control, or the outcome. */
  private focusAfter: 'ask' | 'outcome' | null = null;
  /** What the attributes and the hash asked for that could not be shown as asked (model/link-problems.ts), until dismissed. */
  private pageProblems: LinkProblem[] = [];
  private hashProblems: LinkProblem[] = [];
  /** The puzzle route shown (#view=puzzles, #puzzle=ID, or the puzzle attribute), or null. */
  private route: PuzzleRoute | null = null;
  // The puzzle view (puzzle-view.ts): a chunk loaded when a puzzle route first opens.
  private puzzleView: PuzzleView | null = null;
  private puzzleLoading = false;
  private readonly height = new FrameHeightPoster();

  constructor() {
    super();
    this.compact = false;
    this.playgroundUrl = null;
    this.steps = null;
    this.lock = false;
    this.fit = null;
    this.large = false;
    this.code = null;
    this.goal = null;
    this.edit = null;
    this.puzzle = null;
    this.solutions = null;
    this.framePage = false;
    this.hide = null;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.framePage) {
      this.frameFromHash();
      this.hash.replaceOnly = true;
      this.height.start(this);
    }
    this.loading ??= this.load();
    if (this.syncHash) {
      window.addEventListener('hashchange', this.onHash);
      window.addEventListener('keydown', this.onPageKey);
    }
    this.darkQuery?.addEventListener('change', this.onScheme);
    this.forcedQuery?.addEventListener('change', this.onScheme);
    this.stillQuery?.addEventListener('change', this.onMotion);
    this.resized?.observe(this);
    this.watchHostScheme();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('hashchange', this.onHash);
    window.removeEventListener('keydown', this.onPageKey);
    this.darkQuery?.removeEventListener('change', this.onScheme);
    this.forcedQuery?.removeEventListener('change', this.onScheme);
    this.stillQuery?.removeEventListener('change', this.onMotion);
    this.hostWatch?.disconnect();
    this.player.pause();
    this.diagram.stop();
    this.announcer.stop();
    this.resized?.disconnect();
    this.height.stop();
    this.codeMode?.destroy();
    this.codeMode = null;
    this.puzzleView?.destroy();
    this.puzzleView = null;
  }

  /** The model, once the core is loaded (for tests and embedding pages). */
  get playground(): PlaygroundModel | null {
    return this.model;
  }

  /** The code mode's last run and the editor's state (for tests and embedding pages); null before the code mode shows. */
  get program(): {
    run: ProgramRun | null; shown: ProgramRun | null; status: RunStatus; offThread: boolean | null; startups: readonly number[];
    runs: number; code: string; picked: number | null; editorReady: boolean; timings: readonly CodeTiming[];
  } | null {
    const code = this.codeMode;
    return code === null ? null : {
      run: code.program, shown: code.shown, status: code.status, offThread: code.offThread, startups: code.startups,
      runs: code.runsAsked, code: code.code, picked: code.picked, editorReady: code.editorReady, timings: code.timings,
    };
  }

  /**
   * The predict switch's score of the program shown in the code mode (for
   * embedding pages, tests, and an exercise whose goal is a prediction):
   * null while the switch is off, outside the code mode, or before its
   * chunk has loaded.
   */
  get predictScore(): CodeScore | null {
    const kit = this.kit;
    const code = this.codeMode;
    if (kit === null || code === null || this.model?.state.mode !== 'code' || this.model.state.predict !== '1') return null;
    return kit.predict.score(code.shownRecord);
  }

  private attributeState(base: Readonly<State>): State {
    const state = readState((key) => this.getAttribute(key), base);
    // A page that gives a program means the code mode, unless it names a mode.
    return this.pageCode() !== null && !this.hasAttribute('mode') ? { ...state, mode: 'code' } : state;
  }

  /** What the element's attributes ask for that cannot be used as given. */
  private attributeProblems(): LinkProblem[] {
    const url = this.getAttribute('playground-url');
    return [
      ...readStateChecked((key) => this.getAttribute(key), { ...DEFAULT_STATE, lang: browserLang() }).problems,
      ...embedProblems({
        steps: this.getAttribute('steps'),
        fit: this.getAttribute('fit'),
        playgroundUrl: url === null ? null : { text: url, usable: playgroundLink(url, document.baseURI, DEFAULT_STATE) !== null },
        hide: readHide(this.hide).unknown,
      }),
    ];
  }

  /** The two-shape mode's step, when a link or an attribute named one past the view's last (the last is shown). */
  private stepPastEnd(): LinkProblem[] {
    const model = this.model;
    return model === null || model.state.mode !== 'shapes' ? [] : stepProblems(model.state.step, model.steps.length);
  }

  private notices(): LinkNotice[] {
    return [
      ...(this.pageProblems.length > 0 ? [{ source: 'page' as const, problems: this.pageProblems }] : []),
      ...(this.hashProblems.length > 0 ? [{ source: 'link' as const, problems: this.hashProblems }] : []),
    ];
  }

  private dismissNotices(): void {
    this.pageProblems = [];
    this.hashProblems = [];
    this.requestUpdate();
  }

  // --- the exercise part (exercise-page.ts, views/exercise.ts)

  /**
   * Opens the exercise the hash or the attributes give, for the mode shown
   * (the hash's wins, as its state does), and returns what each could not
   * use (model/exercise.ts readExercise).
   */
  private openExercise(): { link: LinkProblem[]; page: LinkProblem[] } {
    const model = this.model;
    if (model === null) return { link: [], page: [] };
    const mode = model.state.mode;
    const params = this.syncHash ? new URLSearchParams(location.hash.slice(1)) : null;
    const fromLink = params !== null && (params.has(GOAL_KEY) || params.has(EDIT_KEY)) ? readExercise((k) => params.get(k), mode) : null;
    const fromPage = readExercise((k) => this.getAttribute(k), mode);
    this.exercise.open(fromLink?.exercise ?? fromPage.exercise);
    this.codeMode?.setEditable(this.exercise.editableLines());
    // A predict goal is predicted: the answers stay hidden until given (in the code mode, by its predict switch).
    if (this.exercise.active?.goal.kind === 'predict') model.update({ predict: '1' });
    return { link: fromLink?.problems ?? [], page: fromPage.problems };
  }

  /** The code mode's run of the editor's text, once it has come back; null otherwise (or in the two-shape mode). */
  private checkedRun(): ProgramRun | null {
    const code = this.codeMode;
    const run = code?.program ?? null;
    return this.model?.state.mode === 'code' && code !== null && run !== null && run.code === code.code ? run : null;
  }

  /** Opens the teacher's form from what the page shows, or closes it. */
  private toggleMaker(): void {
    if (this.model !== null) this.exercise.toggleForm(this.model, this.checkedRun());
    this.requestUpdate();
  }

  /** Under the notices: the exercise the page opened as, and the teacher's form when open. */
  private exerciseParts(ctx: ViewContext): TemplateResult {
    const model = ctx.model;
    const active = this.exercise.active;
    const form = this.exercise.form;
    const banner = active === null ? '' : exerciseBanner(ctx, active, this.exercise.verdict(model, this.checkedRun(), this.predictScore));
    if (form === null) return html`${banner}`;
    const { made, exercise, state } = madeFrom(form, model, this.checkedRun(), this.playgroundUrl, this.sharedCode());
    return html`${banner}${exerciseMaker(ctx, form, made, {
      form: (patch) => {
        this.exercise.form = { ...form, ...patch };
        this.requestUpdate();
      },
      close: () => this.toggleMaker(),
      copy: (kind) => void this.sharing.copy(kind, state, this.playgroundUrl, this.sharedCode(), exercise, ctx.m.frame.iframeTitle),
    })}`;
  }

  /** The program the embedding page gives: the code attribute, or a <script type="text/plain"> child. */
  private pageCode(): string | null {
    const attribute = this.getAttribute('code');
    if (attribute !== null) return embeddedCode(attribute);
    const script = this.querySelector(':scope > script[type="text/plain"]');
    return script === null ? null : embeddedCode(script.textContent ?? '');
  }

  // --- the code mode (code-mode.ts)

  /** The core that runs programs (Note [Two cores on the page]), kept once loaded. */
  private programs$(): Promise<Tensorcast> {
    return programsCore().then((tc) => (this.programs = tc));
  }

  /** Loads the code mode's chunk (once); the page is drawn again when it arrives. */
  private chunk$(): Promise<CodeChunk> {
    // With the core that runs programs: the code mode is made only once its chunk is here.
    this.chunkLoading ??= Promise.all([import('./code-chunk.js'), this.programs$()]).then(([mod]) => {
      this.chunk = mod;
      this.requestUpdate();
      return mod;
    });
    return this.chunkLoading;
  }

  /** The code mode's chunk, where only code that runs once it is loaded asks for it. */
  private get loadedChunk(): CodeChunk {
    if (this.chunk === null) throw new Error('the code mode was asked for before its chunk loaded');
    return this.chunk;
  }

  private code$(): CodeMode {
    if (this.codeMode !== null) return this.codeMode;
    const { CodeMode, FIRST_PROGRAM, warningWords } = this.loadedChunk;
    this.codeMode = new CodeMode({
      tc: () => this.programs,
      changed: (entry) => {
        if (entry !== null) this.writeHash(entry);
        this.requestUpdate();
      },
      warningText: (w) => warningWords(this.context().m, w),
      mask: (overlay, run) => (this.model?.state.predict !== '1' ? overlay : this.kit?.predict.mask(overlay, run) ?? bare(overlay)),
      showOp: (line, patch) => {
        this.lineOpen = line !== null;
        this.lineShown = line;
        if (line !== null && this.model !== null) {
          this.player.pause();
          this.applied = null;
          this.model.showLine(line, patch);
        }
      },
      reveal: () => void this.updateComplete.then(() => {
        const heading = this.renderRoot.querySelector('[data-testid="line-op"], [data-testid="line-no-op"]');
        heading?.scrollIntoView({ block: 'start', behavior: this.still ? 'auto' : 'smooth' });
      }),
    }, this.pageCode() ?? FIRST_PROGRAM);
    // An exercise's read-only lines, when the page opened as one before the code mode showed.
    this.codeMode.setEditable(this.exercise.editableLines());
    return this.codeMode;
  }

  /** What the copy buttons add in the code mode: the program, in the link and as the embed's code attribute. */
  private sharedCode(): SharedCode | null {
    const code = this.codeMode;
    return this.model?.state.mode === 'code' && code !== null ? { hash: code.linkPart(), text: code.code } : null;
  }

  /**
   * The program a hash names, once unpacked; a hash without one keeps the
   * code shown. A program or an example that cannot be opened leaves the
   * editor empty (model/link-problems.ts says why); returns what could not be used.
   */
  private async codeFromHash(hash: string, entry: Entry): Promise<LinkProblem[]> {
    const link = codeLinkFromHash(hash);
    const { PROGRAM_PRESETS } = await this.chunk$();
    const code = this.code$();
    const problems: LinkProblem[] = [...(link.problems ?? [])];
    let text: string | null = null;
    if (link.packed !== null) {
      const read = await unpackCode(link.packed);
      if ('problem' in read) problems.push({ kind: 'code', problem: read.problem });
      text = 'code' in read ? read.code : '';
    } else if (link.preset != null) {
      const preset = PROGRAM_PRESETS.find((p) => p.id === link.preset);
      if (preset === undefined) problems.push({ kind: 'preset', text: link.preset });
      text = preset?.code ?? '';
    }
    if (text !== null && text !== code.code) code.setCode(text, entry, link.line, link.run ?? null);
    else code.pick(link.line, entry, false, link.run ?? null);
    return problems;
  }

  private presetCode(id: string): void {
    // An example would replace the teacher's program, locked lines and all.
    if (this.exercise.active !== null) return;
    const preset = this.loadedChunk.PROGRAM_PRESETS.find((p) => p.id === id);
    if (preset !== undefined) this.code$().setCode(preset.code, 'push');
  }

  /** Whether an element of the page (named as this one) opens on a program: the code mode or a puzzle (Note [Two cores on the page]). */
  private static pageOpensOnProgram(name: string): boolean {
    return [...document.querySelectorAll(name)].some((e) => e instanceof TensorcastPlayground && (e.startState().mode === 'code' || e.readRoute() !== null));
  }

  // The state to start from: the attributes, the hash, and what was chosen while the core loaded.
  private startState(): State {
    const state = this.attributeState({ ...DEFAULT_STATE, lang: browserLang() });
    return { ...(this.syncHash && location.hash.length > 1 ? stateFromHash(location.hash, state) : state), ...this.drillState(), ...this.chosen };
  }

  // --- a drill by link (code-mode-drill.ts)

  /** A drill link opens the code mode with the predict switch on. */
  private drillState(): Partial<State> {
    return this.syncHash && drillFromHash(location.hash) !== null ? { mode: 'code', predict: '1' } : {};
  }

  /** The drill's key in the link the page writes ('' when none is open). */
  private drillPart(): string {
    const shown = this.kit?.drills.shown ?? null;
    return shown === null ? '' : `&${DRILL_KEY}=${shown.id}`;
  }

  /** Loads the predict switch's chunk (once). */
  private kit$(): Promise<PredictKit> {
    this.kitLoading ??= import('./code-predict-kit.js').then((mod) => {
      this.kit = { mod, predict: new mod.CodePredict((code, score) => this.predictFinished(code, score)), drills: new mod.DrillRoute() };
      this.codeMode?.redrawOverlay();
      this.requestUpdate();
      return this.kit;
    });
    return this.kitLoading;
  }

  /** Opens a drill: its program in the editor, its questions from the start. */
  private async openDrill(id: string): Promise<void> {
    const kit = await this.kit$();
    await this.chunk$();
    const drill = await kit.drills.open(id);
    if (drill !== null) this.code$().setCode(drill.program, 'replace');
    kit.predict.again();
    this.requestUpdate();
  }

  /** Every question of a program answered (code-mode-predict.ts): a drill's result is kept and sent. */
  private predictFinished(code: string, score: CodeScore): void {
    const kit = this.kit;
    const result = kit === null ? null : kit.drills.finished(code, score);
    if (kit !== null && result !== null) kit.mod.sendResult(this, result);
    this.requestUpdate();
  }

  private async load(): Promise<void> {
    try {
      // Note [The core after the first paint]: the title and the introduction are painted
      // before the core's .wasm is asked for. Fetched from the <head> (a preload), it shared a
      // phone's bandwidth with the script and Lighthouse counted its download in the largest
      // paint (LCP 4.4 s against 1.9 s, bench/lighthouse.js); on a slow network the diagram
      // waits about as long either way, since the two downloads share the same bandwidth.
      await painted();
      // A page where an element opens on a program loads the one core that runs them.
      const tc = TensorcastPlayground.pageOpensOnProgram(this.localName) ? await this.programs$() : await drawingCore();
      this.core = tc;
      // Computing and drawing each in a task of its own (first-screen.ts).
      await nextTask();
      const first = this.startState();
      const model = await PlaygroundModel.stepwise(tc, first, nextTask);
      await nextTask();
      // The hash or an attribute may have changed meanwhile: only what changed is applied
      // (the whole state again would undo where the model chose to start, e.g. predict mode's step 0).
      const now = this.startState();
      this.pageProblems = this.attributeProblems();
      this.hashProblems = this.syncHash && location.hash.length > 1 ? stateFromHashChecked(location.hash, now).problems : [];
      this.hash.moved();
      model.update(Object.fromEntries((Object.keys(now) as (keyof State)[]).filter((k) => now[k] !== first[k]).map((k) => [k, now[k]])));
      this.model = model;
      this.route = this.readRoute();
      // A puzzle route's other keys (solutions=hide) are its own: not the two-shape state's problems.
      if (this.route !== null) this.hashProblems = [];
      const past = this.stepPastEnd();
      if (this.syncHash && new URLSearchParams(location.hash.slice(1)).has('step')) this.hashProblems.push(...past);
      else if (this.hasAttribute('step')) this.pageProblems.push(...past);
      if (model.state.mode === 'code') {
        // One first run, of the program the link asks for: not also one of the default program
        // when the chunk's arrival draws the page (willUpdate).
        this.loadingCode = true;
        try {
          await this.chunk$();
          const code = this.code$();
          // A drill's program first: a program in the link too (the drill's, edited) is the one shown.
          const drill = this.syncHash ? drillFromHash(location.hash) : null;
          if (drill !== null) await this.openDrill(drill);
          if (this.syncHash) this.hashProblems.push(...(await this.codeFromHash(location.hash, 'replace')));
          code.runNow();
        } finally {
          this.loadingCode = false;
        }
      }
      const exercise = this.openExercise();
      this.hashProblems.push(...exercise.link);
      this.pageProblems.push(...exercise.page);
      this.changed();
    } catch (error) {
      this.failure = error instanceof Error ? error.message : String(error);
      this.requestUpdate();
    }
  }

  protected override willUpdate(changed: PropertyValues): void {
    this.propertiesToAttributes(changed);
    // Attributes set after loading (by the embedding page) change the state.
    if (this.model !== null && ATTRIBUTES.some((k) => changed.has(k)) && this.model.update(this.attributeState(this.model.state)))
      this.writeHash();
    if (this.model !== null && [...ATTRIBUTES, 'steps', 'fit', 'playgroundUrl', 'goal', 'edit', 'hide'].some((k) => changed.has(k))) {
      const exercise = changed.has('goal') || changed.has('edit') ? this.openExercise().page : [];
      this.pageProblems = [...this.attributeProblems(), ...exercise];
    }
    if (this.model !== null && changed.has('puzzle')) this.route = this.readRoute();
    // A program set on the element after loading replaces the one shown.
    if (this.model !== null && changed.has('code') && changed.get('code') !== undefined && this.code !== null) this.codeMode?.setCode(embeddedCode(this.code), 'replace');
    // An embed locked to a range shows a step in it, whatever else changed.
    const model = this.model;
    if (model !== null) {
      const { from, to } = this.range();
      const at = model.stepIndex;
      if (at < from || at > to) model.goTo(Math.min(Math.max(at, from), to));
    }
    // The code mode's first showing runs its program before it is drawn.
    // (A code mode not made yet takes the code attribute when it is: code$.)
    if (model !== null && model.state.mode === 'code' && this.core !== null) {
      if (this.chunk === null) void this.chunk$();
      else if (!this.loadingCode && !this.code$().started) this.code$().runNow();
    }
  }

  /** The iframe page's own attributes, as its hash gives them (model/frame-options.ts): set, or removed when the hash has none. */
  private frameFromHash(): void {
    for (const [key, value] of Object.entries(frameAttributes(location.hash))) {
      if (value === null) this.removeAttribute(key);
      else if (this.getAttribute(key) !== value) this.setAttribute(key, value);
    }
  }

  /** On the iframe page, its own attributes as its hash keeps them ('' elsewhere). */
  private framePart(): string {
    if (!this.framePage) return '';
    return framePart(Object.fromEntries(FRAME_ATTRIBUTES.map((k) => [k, this.getAttribute(k)])) as Record<FrameAttribute, string | null>);
  }

  /**
   * Note [Properties are attributes]: the element reads what a page asks of
   * it from its attributes, but a framework may set its properties instead.
   * React 19 sets a custom element's property wherever the element has one
   * by the name, and when it keeps a page's elements while changing their
   * props (Docusaurus' navigation between two lessons that both hold the
   * element) only the properties change. So each declared property that
   * changed is written to its attribute first (a string as it is, a boolean
   * as the attribute's presence, null or undefined as no attribute); an
   * attribute the page set has already set its property to the same value,
   * and is left alone.
   */
  private propertiesToAttributes(changed: PropertyValues): void {
    const declared = (this.constructor as typeof TensorcastPlayground).elementProperties;
    for (const key of changed.keys()) {
      const options = declared.get(key);
      if (options === undefined || options.attribute === false) continue;
      const name = typeof options.attribute === 'string' ? options.attribute : String(key).toLowerCase();
      const value: unknown = (this as unknown as Record<PropertyKey, unknown>)[key];
      // Only what an attribute can say (a framework may set an object).
      if (value !== null && value !== undefined && typeof value !== 'string' && typeof value !== 'boolean' && typeof value !== 'number') continue;
      const text = options.type === Boolean ? (value ? '' : null) : value === null || value === undefined ? null : String(value);
      if (text === this.getAttribute(name)) continue;
      if (text === null) this.removeAttribute(name);
      else this.setAttribute(name, text);
    }
  }

  /** The steps the player may show (all, unless the steps attribute names a range). */
  private range(): StepRange {
    return stepRange(this.steps, this.model?.steps.length ?? 0);
  }

  private fromHash(): void {
    // The writer learns of the new hash even while the core loads (load() reads the hash itself then).
    this.hash.moved();
    if (this.model === null) return;
    this.player.pause();
    this.applied = null;
    this.route = this.readRoute();
    if (this.route !== null) {
      // The puzzle routes keep the language and the theme of the link, and nothing else of the state.
      const { lang, theme } = stateFromHash(location.hash, this.model.state);
      this.model.update({ lang, theme });
      this.hashProblems = [];
      this.requestUpdate();
      return;
    }
    const read = stateFromHashChecked(location.hash, { ...DEFAULT_STATE, lang: this.model.state.lang });
    const drill = drillFromHash(location.hash);
    if (this.model.update({ ...read.state, ...this.drillState() })) this.requestUpdate();
    if (drill === null) this.kit?.drills.close();
    else if (drill !== this.kit?.drills.shown?.id) void this.openDrill(drill);
    const stateProblems: LinkProblem[] = [...read.problems, ...this.stepPastEnd(), ...this.openExercise().link];
    this.hashProblems = stateProblems;
    // Another exercise (or none) may come with the same state.
    this.requestUpdate();
    if (this.model.state.mode === 'code')
      void this.codeFromHash(location.hash, 'replace').then((problems) => {
        this.hashProblems = [...stateProblems, ...problems];
        this.requestUpdate();
      });
  }

  private writeHash(entry: Entry = 'replace'): void {
    if (!this.syncHash || this.model === null) return;
    if (this.route === null) {
      this.hash.schedule(entry);
      return;
    }
    // On a puzzle route only the language and the theme change here: the route's own hash, rewritten in place.
    const hash = puzzleHash(this.route, { lang: this.model.state.lang, theme: this.model.state.theme, hide: this.hidesSolutions() }) + this.framePart();
    if (hash !== location.hash) history.replaceState(history.state, '', hash);
    this.hash.moved();
  }

  /** The puzzle route the hash (with sync-hash) or the puzzle attribute names; null: none. */
  private readRoute(): PuzzleRoute | null {
    if (this.syncHash) {
      const route = puzzleRoute(location.hash);
      if (route !== null) return route;
    }
    return this.puzzle === null || this.puzzle === '' ? null : { kind: 'puzzle', id: this.puzzle };
  }

  private hidesSolutions(): boolean {
    return solutionsHidden(this.syncHash ? location.hash : '', this.solutions);
  }

  /** The puzzle view for the route: loaded on first use (its chunk), "loading" until then. */
  private puzzleBody(m: Messages, route: PuzzleRoute): unknown {
    const view = this.puzzleView;
    const state = (this.model as PlaygroundModel).state;
    if (view !== null) return view.body(route, { m, lang: state.lang, theme: state.theme, hide: this.hidesSolutions() });
    if (!this.puzzleLoading && this.core !== null) {
      this.puzzleLoading = true;
      void Promise.all([import('./puzzle-view.js'), this.programs$()]).then(([{ PuzzleView }, tc]) => {
        this.puzzleView = new PuzzleView({ element: this, root: this.renderRoot as ShadowRoot, tc, changed: () => this.requestUpdate() });
        this.requestUpdate();
      }, (error: unknown) => {
        this.failure = error instanceof Error ? error.message : String(error);
        this.model = null;
        this.requestUpdate();
      });
    }
    return html`<p role="status">${m.ui.loading}</p>`;
  }

  private changed(entry: Entry = 'replace'): void {
    this.writeHash(entry);
    this.requestUpdate();
  }

  private change(patch: Partial<State>, entry: Entry = 'replace'): boolean {
    if (this.model === null) {
      // The language or theme, picked on the loading page (the core applies it once loaded).
      this.chosen = { ...this.chosen, ...patch };
      this.requestUpdate();
      return false;
    }
    const allowed = this.exercise.allowed(patch);
    // A change the exercise refuses entirely: the control the student moved goes back to the state (views bind with live()).
    if (Object.keys(allowed).length === 0 && Object.keys(patch).length > 0) {
      this.requestUpdate();
      return false;
    }
    patch = allowed;
    // Playing goes on through a change of language or theme, not of what is shown.
    const shown = Object.keys(patch).some((k) => k !== 'lang' && k !== 'theme' && k !== 'step');
    if (shown) this.player.pause();
    if (!this.model.update(patch)) return false;
    if (shown) this.applied = null;
    this.changed(entry);
    return true;
  }

  /** A fix: a history entry of its own, and its line to copy where its button was, with focus on Copy. */
  private applyFix(fix: Fix): void {
    if (!this.change(fix.patch, 'push')) return;
    this.applied = { line: fixLine(fix), copy: 'idle' };
    void this.updateComplete.then(() => (this.renderRoot.querySelector('[data-testid="copy-fix"]') as HTMLElement | null)?.focus());
  }

  private copyFix(): void {
    const applied = this.applied;
    if (applied === null) return;
    const done = (copy: CopyState): void => {
      if (this.applied !== applied) return;
      this.applied = { ...applied, copy };
      this.requestUpdate();
      // Without the clipboard the line is selected, for Ctrl+C.
      const code = this.renderRoot.querySelector('[data-testid="fix-line"]');
      if (copy === 'failed' && code !== null) getSelection()?.selectAllChildren(code);
    };
    const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (clipboard === undefined) done('failed');
    else clipboard.writeText(applied.line).then(() => done('copied'), () => done('failed'));
  }

  private editPaste(patch: Partial<PasteInput>): void {
    this.paste = { ...this.paste, ...patch };
    this.requestUpdate();
  }

  private advance(): boolean {
    if (this.model === null) return false;
    const range = this.range();
    const target = stepAfter(range, this.model.stepIndex, 'next');
    const moved = target !== this.model.stepIndex && this.model.goTo(target);
    if (moved) this.focusAfter = 'ask';
    this.changed();
    return moved && target < range.to;
  }

  private stepTo(move: StepMove): void {
    const model = this.model;
    if (model === null) return;
    this.player.pause();
    const target = stepAfter(this.range(), model.stepIndex, move);
    if (target === model.stepIndex || !model.goTo(target)) return;
    // A button that becomes disabled loses focus: the keys go on working from the other one.
    const focused = (this.renderRoot as ShadowRoot).activeElement?.getAttribute('data-testid');
    this.focusAfter = 'ask';
    this.changed();
    void this.updateComplete.then(() => {
      if (focused !== 'prev' && focused !== 'next') return;
      const root = this.renderRoot as ShadowRoot;
      const own = root.querySelector<HTMLButtonElement>(`[data-testid="${focused}"]`);
      if (own === null || !own.disabled) return;
      const other = root.querySelector<HTMLButtonElement>(`[data-testid="${focused === 'prev' ? 'next' : 'prev'}"]:not([disabled])`);
      (other ?? root.querySelector<HTMLButtonElement>('[data-testid="play"]'))?.focus();
    });
  }

  // Not named predict: the element has a property of that name (the attribute).
  private givePrediction(guess: Guess | string): void {
    if (this.model === null) return;
    this.player.pause();
    this.focusAfter = this.model.predict(guess) === null ? 'ask' : 'outcome';
    this.requestUpdate();
  }

  private togglePlay(): void {
    const model = this.model;
    if (model === null) return;
    if (this.player.playing) {
      this.player.pause();
      return;
    }
    if (this.still) return;
    const { from, to } = this.range();
    if (model.stepIndex >= to) {
      model.goTo(from);
      this.changed();
    }
    this.player.play();
  }

  private setSpeed(speed: Speed): void {
    this.speed = speed;
    this.player.pace = SPEEDS[speed];
    this.requestUpdate();
  }

  private onKey(event: KeyboardEvent): void {
    const action = keyAction(event, event.composedPath()[0] ?? null);
    if (action === null || this.model === null || this.route !== null || (action.kind === 'view' && this.lock)) return;
    event.preventDefault();
    if (action.kind === 'play') this.togglePlay();
    else if (action.kind === 'view') this.change({ view: VIEWS[action.index] as View });
    else this.stepTo(action.kind);
  }

  private onTabKey(event: KeyboardEvent): void {
    const next = this.model === null ? null : tabAfter(this.model.state.view, event.key);
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    this.change({ view: next });
    void this.updateComplete.then(() => (this.renderRoot.querySelector(`#tab-${next}`) as HTMLElement | null)?.focus());
  }

  // --- the output cell pointed at in the strides diagram

  private highlight(flat: number | null): void {
    const reads = this.renderRoot.querySelector('[data-testid="reads"]');
    const tip = this.renderRoot.querySelector<HTMLElement>('[data-testid="formula"]');
    if (flat === null || this.model === null) {
      this.diagram.mark([]);
      if (reads !== null) reads.textContent = '';
      if (tip !== null) placeTip(tip, null, null, []);
      return;
    }
    const ctx = this.context();
    this.diagram.mark(hoverMarks(ctx, flat, this.diagram.current?.outCells ?? []));
    if (reads !== null) reads.textContent = readsText(ctx, flat) ?? '';
    if (tip !== null) placeTip(tip, this.diagram.current, flat, formulaLines(ctx, flat));
  }

  /** A mouse moving over a cell, or a finger tapping it (a touch has no hover). */
  private onDiagramMove(event: PointerEvent): void {
    const flat = this.cursor.point(this.diagram.current, event);
    if (flat !== null) this.highlight(flat);
  }

  private onDiagramLeave(event: PointerEvent): void {
    // A finger leaves when it lifts: the cell it tapped stays inspected.
    if (event.pointerType === 'touch') return;
    this.cursor.reset();
    this.highlight(null);
  }

  private onDiagramKey(event: KeyboardEvent): void {
    const out = this.model?.computation.strides.out?.shape ?? [];
    const flat = this.cursor.key(this.diagram.current?.outCells ?? [], event.key, out[out.length - 1] ?? 1);
    if (flat === null) return;
    event.preventDefault();
    event.stopPropagation();
    this.highlight(flat);
  }

  private onDiagramFocus(): void {
    const flat = this.cursor.focus(this.diagram.current?.outCells ?? []);
    if (flat !== null) this.highlight(flat);
  }

  private context(): ViewContext {
    const model = this.model as PlaygroundModel;
    return { model, m: messagesFor(model.state.lang), p: this.paletteOf(model.state.theme) };
  }

  /** The palette the element draws in: the theme's, the host's under 'inherit', the system's under forced colours. */
  private paletteOf(theme: Theme): Palette {
    return paletteFor(theme, this.darkFor(theme), this.forcedQuery?.matches ?? false);
  }

  // --- theme="inherit" (model/host-scheme.ts)

  /** Whether the dark palette is asked for where the theme leaves it open: the host page's scheme under 'inherit', else the system's. */
  private darkFor(theme: Theme): boolean {
    const prefersDark = this.darkQuery?.matches ?? false;
    if (theme !== 'inherit') return prefersDark;
    const dark = hostIsDark({
      mdColorScheme: document.body?.getAttribute('data-md-color-scheme') ?? null,
      dataTheme: document.documentElement.getAttribute('data-theme') ?? document.body?.getAttribute('data-theme') ?? null,
      // The element's own: inherited from where it sits (the element sets color-scheme only inside its shadow root).
      colorScheme: getComputedStyle(this).getPropertyValue('color-scheme'),
      prefersDark,
    });
    this.hostDark = dark;
    return dark;
  }

  /**
   * A site's light/dark switch changes an attribute or a class (which may
   * set color-scheme) on <html> or <body>: watched on both, for as long as
   * the element is in the page. A change that keeps the scheme draws nothing.
   */
  private watchHostScheme(): void {
    const attributeFilter = ['data-md-color-scheme', 'data-theme', 'class', 'style'];
    this.hostWatch?.observe(document.documentElement, { attributes: true, attributeFilter });
    if (document.body !== null) this.hostWatch?.observe(document.body, { attributes: true, attributeFilter });
  }

  private onHostScheme(): void {
    const theme = (this.model?.state ?? this.startState()).theme;
    if (theme !== 'inherit') return;
    const before = this.hostDark;
    if (this.darkFor(theme) !== before) this.requestUpdate();
  }

  // --- rendering

  /** How the fit and large attributes scale the diagram; null when they are absent. */
  private fitOptions(): FitOptions | null {
    if (this.fit === null && !this.large) return null;
    return { fit: this.fit !== null, maxHeight: lengthPx(this.fit, window.innerHeight), large: this.large };
  }

  protected override updated(): void {
    // Predict mode: a question just reached takes the keyboard; an answer just given hands it to the outcome.
    if (this.focusAfter !== null) {
      const ask = this.renderRoot.querySelector<HTMLElement>('.ask input, .ask button');
      const target = ask ?? (this.focusAfter === 'outcome' ? this.renderRoot.querySelector<HTMLElement>('[data-testid="predict-outcome"]') : null);
      target?.focus();
      this.focusAfter = null;
    }
    if (this.model !== null && this.route !== null) {
      const ctx = this.context();
      this.puzzleView?.updated(this.route, ctx.m, ctx.p, ctx.m.lang);
    } else if (this.model !== null && this.model.state.mode === 'code') this.codeUpdated();
    if (this.model !== null) {
      const score = this.predictScore;
      const result = this.exercise.attempt(this.model, this.checkedRun(), this.exercise.verdict(this.model, this.checkedRun(), score), score);
      if (result !== null) sendResult(this, result);
    }
    if (this.model !== null) {
      this.announcer.say(verdictLine(this.context()), () => this.renderRoot.querySelector('[data-testid="announce"]'));
      this.box.after(this.renderRoot, this.diagram.current?.base ?? null, this.fitOptions());
    }
    // The stages are the two shapes' page's: the code mode and the puzzles draw theirs at once.
    if (this.model !== null && (this.route !== null || this.model.state.mode === 'code')) this.first.skip();
    if (this.model !== null && this.first.waiting) this.first.drawn(() => this.requestUpdate());
    // For measuring (the e2e run prints it): when the first whole view with the core's numbers is on screen.
    else if (this.model !== null && performance.getEntriesByName(FIRST_RENDER).length === 0) performance.mark(FIRST_RENDER);
  }

  // The editor needs the shadow root for its styles; the program's views follow each run.
  private codeUpdated(): void {
    if (this.chunk === null) return;
    const { mountProgramViews } = this.chunk;
    const code = this.code$();
    const ctx = this.context();
    code.attach(this.renderRoot as ShadowRoot, ctx.m.code.editor);
    // The predict switch, or an answer, changes which lines the editor shows.
    const predicting = ctx.model.state.predict === '1';
    if (predicting && this.kit === null) void this.kit$();
    const predictKey = !predicting ? 'off' : this.kit === null ? 'loading' : `${this.kit.predict.hiddenFrom(code.shownRecord) ?? 'none'}`;
    if (predictKey !== this.predictOverlayKey) {
      this.predictOverlayKey = predictKey;
      code.redrawOverlay();
    }
    // The graph of the run shown: a half-typed line keeps the last one that could read the code (faded by the panel around it).
    const program = code.shown;
    // The step stepped to is part of what the graph shows (model/program-runs.ts).
    const key = `${program === null ? '' : program.code}|${ctx.m.lang}|${ctx.p.name}|${ctx.p.forced}|${code.picked ?? ''}|${code.step ?? ''}`;
    // A run of the same code for another line's values (a backward step asks for its pass's line) brings numbers the views show: the record is part of the key.
    const record = code.shownRecord;
    if (program === null || (key === this.programViewsKey && record === this.programViewsRecord)) return;
    this.programViewsKey = key;
    this.programViewsRecord = record;
    try {
      mountProgramViews(code.viewsHost, program, { m: ctx.m, p: ctx.p, line: code.picked });
    } catch (error) {
      // A view's bug must not take the editor down with it.
      console.warn('program views:', error);
    }
  }

  // Complete once the whole view is drawn, not only the first screen or its diagram.
  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    while (this.model !== null && this.first.waiting) {
      await this.first.rest;
      done = await super.getUpdateComplete();
    }
    return done;
  }

  // One outer template for the loading page and the playground, with the title
  // in the same place: the title and the introduction (the first screen's
  // largest text) are drawn while the core loads and stay, not drawn again.
  /** The page: its header keeps its own slot while the core loads and after, so that what was drawn while loading stays (the same elements). */
  private frame(m: Messages, p: Palette, top: unknown, notices: unknown, body: unknown): TemplateResult {
    return html`<div class="app" style=${styleMap(cssVars(p))} lang=${m.lang === 'zh' ? 'zh-CN' : 'en'} data-theme=${p.name}
      data-hide=${readHide(this.hide).names.join(' ') || nothing} @keydown=${(e: KeyboardEvent) => this.onKey(e)}>${top}${notices}${body}</div>`;
  }

  /**
   * The introduction, from the state alone: the same text while the core loads and after, so that
   * the first screen's largest text is painted once, before the core arrives (a longer one drawn
   * after it would be the page's largest paint: bench/lighthouse.js).
   */
  private intro(m: Messages, state: Readonly<State>): TemplateResult {
    // The puzzles open on the full page only: an embed's link would move its host page's hash.
    const puzzles = !this.compact && this.syncHash ? html`<a class="puzzles-link" data-testid="open-puzzles" href=${puzzleHash({ kind: 'list' }, { lang: state.lang, theme: state.theme, hide: this.hidesSolutions() })}>${m.puzzles.open}</a>` : '';
    return html`${state.mode === 'code' ? m.code.intro : m.intro}${puzzles === '' || m.lang === 'zh' ? '' : ' '}${puzzles}`;
  }

  private loadingPage(): TemplateResult {
    const state = this.startState();
    const m = messagesFor(state.lang);
    const p = this.paletteOf(state.theme);
    return this.frame(m, p, this.compact ? '' : pageHeader(m, state, (patch) => this.change(patch), '', this.intro(m, state)), '',
      this.failure === null ? html`<p role="status">${m.ui.loading}</p>` : html`<p class="problem" role="alert">${m.labelled(m.ui.loadFailed, '')}<span data-testid="error">${this.failure}</span></p>`);
  }

  private pasteBox(ctx: ViewContext, form: PasteForm): TemplateResult {
    return pastePanel(ctx, this.paste, form, {
      text: (text) => this.editPaste({ text, a: null, b: null, names: {} }),
      shape: (name, text) => this.editPaste({ [name]: text }),
      size: (name, text) => this.editPaste({ names: { ...this.paste.names, [name]: text } }),
      apply: () => {
        if (form.patch !== null) this.change(form.patch, 'push');
      },
    });
  }

  protected override render(): TemplateResult {
    if (this.model === null) return this.loadingPage();
    const ctx = this.context();
    const { m, p, model } = ctx;
    if (this.route !== null)
      return this.frame(m, p, pageHeader(m, model.state, (patch) => void this.change(patch), '', '', false), linkNotices(m, this.notices(), () => this.dismissNotices()), this.puzzleBody(m, this.route));
    const view = model.state.view;
    const full = !this.compact;
    const change = (patch: Partial<State>): void => void this.change(patch);
    // Shapes a pasted message only partly gave stay marked in the fields while they are shown.
    const form = pasteForm(model, this.paste, model.state);
    const guessed = showsPatch(model.state, form.patch) ? form.fields.filter((f) => f.guessed).map((f) => `guess-${f.name}`).join(' ') : '';
    const range = this.range();
    const exportTo = (kind: ExportKind, all: boolean): void => void this.sharing.export(ctx, kind, all, range, this.diagram.current?.scene ?? null);
    const share = { exportAll: (kind: ExportKind) => exportTo(kind, true), copy: (kind: CopyKind) => void this.sharing.copy(kind, model.state, this.playgroundUrl, this.sharedCode(), null, m.frame.iframeTitle) };
    const tools = html`${modeSwitch(m, model.state.mode, (patch) => void this.change(patch, 'push'))}${copyButtons(ctx, share)}${makeButton(ctx, this.exercise.form !== null, () => this.toggleMaker())}`;
    // The link ends the introduction: the tools' row has no room left on a laptop (phone.spec.js: the diagram stays on the first screen).
    const heading = full ? header(ctx, change, tools, this.intro(m, model.state)) : compactHeader(ctx, fullLink(this.playgroundUrl, model.state), change);
    const notices = html`${linkNotices(m, this.notices(), () => this.dismissNotices())}${full ? this.exerciseParts(ctx) : ''}`;
    if (model.state.mode === 'code') return this.frame(m, p, heading, notices, this.codeBody(ctx, full, share));
    return this.frame(m, p, heading, notices, html`
      ${full ? html`<div class="top"><div class="lead">
        <div class=${guessed} @change=${() => this.hash.commit()}>${controls(ctx, {
          change: (patch) => this.change(patch, Object.keys(patch).every((k) => TYPED.has(k)) ? 'typing' : 'push'),
          locked: this.exercise.lockedFields(),
          preset: (id) => {
            if (this.exercise.active !== null) return;
            this.player.pause();
            if (this.model?.applyPreset(id) === true) {
              this.applied = null;
              this.changed('push');
            }
          },
        })}</div>
        ${this.first.has('verdict') ? this.pasteBox(ctx, form) : ''}</div>
        ${this.first.has('verdict') ? html`<section class="verdict">${this.applied === null ? '' : appliedFix(ctx, this.applied.line, this.applied.copy, this.syncHash, () => this.copyFix())}${verdictPanel(ctx, (fix) => this.applyFix(fix), null, this.exercise.active === null)}</section>` : ''}
        </div>` : ''}
      ${this.first.has('views') ? this.viewsPanel(ctx, full, share) : ''}
      ${full && this.first.has('all') ? html`<p class="keys">${m.ui.keys}</p>` : ''}`);
  }

  /** The code mode: the editor and the program's results, and the picked line's op in the views. */
  private codeBody(ctx: ViewContext, full: boolean, share: { exportAll: (kind: ExportKind) => void; copy: (kind: CopyKind) => void }): TemplateResult {
    const { m } = ctx;
    const chunk = this.chunk;
    if (chunk === null) {
      void this.chunk$();
      return html`<p role="status">${m.ui.loading}</p>`;
    }
    const { codePanel, programEdits, PROGRAM_PRESETS, statementAt } = chunk;
    const code = this.code$();
    const program = code.shown;
    // Fixes are edits of the program (Note [Program fixes]), each checked by running the edited program.
    const statement = program === null || code.picked === null ? null : statementAt(program, code.picked);
    const tc = this.programs;
    const apply = (edit: ProgramEdit): void => {
      if (program === null || !code.applyEdit(edit, program.code)) return;
      this.appliedEdit = { line: edit.line, code: program.code.slice(0, edit.from) + edit.insert + program.code.slice(edit.to) };
    };
    // An exercise offers no fix: it would be the answer.
    const offerFixes = this.exercise.active === null;
    const edits = offerFixes && this.lineOpen && program !== null && statement !== null && tc !== null && this.lineShown !== null
      ? programEdits(ctx.model.computation, tc, program, statement, this.lineShown, ctx.model.computation.fixes, null) : [];
    // The predict switch (Note [Predicting a program]): a line not answered yet shows nothing of itself.
    const predicting = ctx.model.state.predict === '1';
    const record = code.shownRecord;
    const kit = this.kit;
    // Until its chunk is loaded, the switch hides every line.
    const hiddenFrom = !predicting ? null : kit === null ? 1 : kit.predict.hiddenFrom(record);
    const lineHidden = hiddenFrom !== null && code.viewed !== null && code.viewed >= hiddenFrom;
    const views = this.lineOpen && program !== null && !lineHidden
      ? html`<section class="verdict">${verdictPanel(ctx, () => undefined, { list: edits, apply }, offerFixes)}</section>
        ${this.viewsPanel(ctx, full, share)}`
      : '';
    // A call the elementwise views do not draw (a refused matrix product): its fixes under its explanation.
    const chosen = statement === null || code.pickedCall === null ? undefined : statement.calls[code.pickedCall];
    const callEdits = offerFixes && !this.lineOpen && program !== null && statement !== null && tc !== null && chosen !== undefined && chosen.failed
      ? programEdits(chosen, tc, program, statement, null, [], chosen) : [];
    const presetId = PROGRAM_PRESETS.find((p) => p.code === code.code)?.id ?? '';
    const applied = this.appliedEdit !== null && this.appliedEdit.code === code.code ? this.appliedEdit.line : null;
    const shownRuns = code.pickedRuns;
    const runs = shownRuns === null ? null : { count: shownRuns.runs.steps.length, index: shownRuns.index, detailed: shownRuns.runs.detailed };
    code.drawStatus(m);
    return codePanel({ m, program, latest: code.program, standIn: code.standIn, faded: code.faded, status: code.statusHost, picked: code.viewed,
      // An exercise's program is the teacher's: no examples menu to replace it.
      opened: this.lineOpen, presets: this.exercise.active === null ? PROGRAM_PRESETS : [], presetId, call: code.pickedCall,
      callFixes: callEdits.length > 0 ? editList(ctx, { list: callEdits, apply }) : '', applied, runs,
      predict: predicting && record !== null && kit !== null ? this.predictBlock(ctx, kit, record) : '', predicting: hiddenFrom !== null, lineHidden,
      head: kit === null || kit.drills.shown === null ? '' : kit.mod.drillHead(m, kit.drills.shown, () => {
        kit.drills.hint();
        this.requestUpdate();
      }) },
    { preset: (id) => this.presetCode(id), pickCall: (index) => code.pickCall(index), undo: () => code.undo(), stepRun: (delta) => code.stepRun(delta) },
    code.editorHost, views, code.viewsHost);
  }

  /** The predict switch's questions about the program shown (views/code-predict.ts). */
  private predictBlock(ctx: ViewContext, kit: PredictKit, run: ProgramRun): TemplateResult {
    const p = kit.predict;
    const questions = p.questions(run);
    return kit.mod.codePredictBlock({ m: ctx.m, run, questions, open: p.open(run), given: (id) => p.answers.get(id), unreadable: p.answers.unreadable, score: p.score(run) }, {
      answer: (typed) => this.answerLine(p, run, typed),
      // The views explain the line: opened as a tapped line is, scrolled into sight.
      why: (line) => this.code$().pick(line, 'push', true),
      again: () => {
        p.again();
        this.requestUpdate();
      },
    });
  }

  private answerLine(p: CodePredict, run: ProgramRun, typed: CodeTyped): void {
    if (this.core === null) return;
    p.give(this.core, run, typed);
    this.requestUpdate();
    // The next question's first field takes the keyboard (or the score, at the end).
    void this.updateComplete.then(() => {
      const form = '[data-testid="code-predict-question"]';
      const next = this.renderRoot.querySelector<HTMLElement>(`${form} input[aria-invalid="true"]`) ?? this.renderRoot.querySelector<HTMLElement>(`${form} input`);
      next?.focus();
    });
  }

  /** The view tabs, the player and the step shown: the two-shape mode's, and the code mode's picked line's. */
  private viewsPanel(ctx: ViewContext, full: boolean, share: { exportAll: (kind: ExportKind) => void; copy: (kind: CopyKind) => void }): TemplateResult {
    const { m, model } = ctx;
    const view = model.state.view;
    const caption = stepCaption(ctx, model.step, model.stepIndex);
    const range = this.range();
    const exportTo = (kind: ExportKind, all: boolean): void => void this.sharing.export(ctx, kind, all, range, this.diagram.current?.scene ?? null);
    return html`<p class="sr" aria-live="polite" data-testid="announce"></p>
    ${this.lock ? '' : tabs(ctx, { select: (v) => void this.change({ view: v }), key: (e) => this.onTabKey(e) })}
    <section role=${this.lock ? 'region' : 'tabpanel'} id="panel" aria-labelledby=${this.lock ? nothing : `tab-${view}`} aria-label=${this.lock ? m.ui.views[view] : nothing}>
      ${playerBar(ctx, { playing: this.player.playing, still: this.still, speed: this.speed, first: model.stepIndex <= range.from, last: model.stepIndex >= range.to, noExport: nothingToExport(ctx, model.stepIndex, model.stepIndex) }, {
        step: (move) => this.stepTo(move),
        togglePlay: () => this.togglePlay(),
        speed: (speed) => this.setSpeed(speed),
        export: full ? (kind) => exportTo(kind, false) : undefined,
      }, full ? exportAllButtons(ctx, this.sharing.status, share, nothingToExport(ctx, range.from, range.to)) : '')}
      ${full ? shareStatus(ctx, this.sharing.status) : ''}
      <p class="caption" aria-live="polite" data-testid="caption">${caption}</p>
      ${predictBlock(ctx, { predict: (guess) => this.givePrediction(guess) })}
      ${this.first.has('diagram') ? this.diagramAndDetails(ctx, full) : ''}
    </section>`;
  }

  // Below the caption: what the first screen leaves for a moment later (first-screen.ts).
  private diagramAndDetails(ctx: ViewContext, full: boolean): TemplateResult {
    const { m, model } = ctx;
    const view = model.state.view;
    const pending = model.pendingAt(model.stepIndex) !== null;
    const { drawn, fresh } = this.diagram.show(ctx);
    if (fresh) {
      this.highlight(null);
      this.cursor.reset();
    }
    const interactive = view === 'strides' && drawn.outCells.length > 0;
    return html`${drawn.box === null ? '' : html`<div class=${view === 'strides' ? 'diagram pointing' : 'diagram'} data-testid="diagram" tabindex="0"
            aria-label=${interactive ? m.strides.gridLabel : m.ui.diagram(m.ui.views[view])}
            @pointermove=${interactive ? (e: PointerEvent) => this.onDiagramMove(e) : null}
            @pointerdown=${interactive ? (e: PointerEvent) => this.onDiagramMove(e) : null}
            @pointerleave=${interactive ? (e: PointerEvent) => this.onDiagramLeave(e) : null}
            @focus=${interactive ? () => this.onDiagramFocus() : null}
            @keydown=${interactive ? (e: KeyboardEvent) => this.onDiagramKey(e) : null}>${drawn.box}${interactive ? html`<div class="formula" data-testid="formula" aria-hidden="true" hidden></div>` : ''}</div>
          ${this.first.has('all') ? diagramTable(ctx, model.step, pending) : ''}`}
        ${interactive && this.first.has('all') ? html`${full ? html`<p class="aside hover-only">${m.strides.hoverHint}</p><p class="aside touch-only">${m.layout.tapHint}</p>` : ''}<p class="reads" data-testid="reads" aria-live="polite"></p>` : ''}
        ${full && this.first.has('all') ? PANELS[view].details(ctx, model.step, pending) : ''}`;
  }
}
