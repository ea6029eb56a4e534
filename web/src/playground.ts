// <tensorcast-playground>: the controller. It loads the core, keeps the
// model in step with its attributes (and, with sync-hash, the URL hash),
// turns clicks and keys into model changes, and renders the views. Hovering
// the strides diagram only marks existing SVG elements: no re-render.
import { LitElement, html } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { init } from 'tensorcast';
import { scenePng } from './diagram/canvas.js';
import { download } from './diagram/download.js';
import type { Palette } from './diagram/palette.js';
import { paletteFor } from './diagram/palette.js';
import type { Box, Scene } from './diagram/scene.js';
import { svgText } from './diagram/svg.js';
import { Drawings } from './drawings.js';
import { messagesFor } from './i18n/i18n.js';
import { IdleWork } from './idle.js';
import { keyAction } from './keyboard.js';
import type { Fix } from './model/fixes.js';
import { PlaygroundModel } from './model/model.js';
import { DEFAULT_STATE, LANGS, THEMES, VIEWS } from './model/state.js';
import type { Lang, State, View } from './model/state.js';
import type { Step } from './model/steps.js';
import { hashFromState, playgroundLink, readState, stateFromHash } from './model/url.js';
import { Player } from './player.js';
import { styles } from './styles.js';
import type { ViewContext } from './views/context.js';
import { controls } from './views/controls.js';
import { PANELS, stepCaption } from './views/panels.js';
import { hoverMarks, readsText } from './views/strides.js';
import { compactSummary } from './views/summary.js';
import { verdictPanel } from './views/verdict.js';

/** The attributes a page can set; the same names as the URL hash's keys. */
export const ATTRIBUTES = ['a', 'b', 'c', 'op', 'alpha', 'fa', 'fb', 'fc', 'va', 'vb', 'vc', 'seed', 'loss', 'view', 'step', 'lang', 'theme'] as const;

/** How long the URL waits for changes to pause before it is rewritten. */
const HASH_DELAY_MS = 120;

// Where a compact embed's "Open in the playground" link points when the page
// names no playground-url: the playground's index page beside this script.
// The build puts this code in tensorcast-playground.js at the root of
// web/dist, next to index.html, so a course page on another site still links
// to the playground served with the script. A bundler that rewrites
// import.meta.url to a file: URL makes it unusable as a link; then "./", the
// folder of the page itself (playgroundLink refuses what is not http(s)), and
// on a page that is not served over http(s) either, a bare "./#…".
const HOME = './';

/** The performance mark set when the first playground shows a computed view. */
export const FIRST_RENDER = 'tensorcast:first-render';

interface Drawn {
  /** The drawings' base and the step: a render of the same key draws nothing. */
  key: string;
  scene: Scene | null;
  box: HTMLElement | null;
  /** The output cells drawn, in row-major order, for keyboard moves. */
  outCells: number[];
  /** Where each of them is, for the pointer. */
  outBoxes: { flat: number; box: Box }[];
}

function cssVars(p: Palette): Record<string, string> {
  return {
    '--bg': p.bg, '--fg': p.fg, '--muted': p.muted, '--line': p.cell.stroke, '--field': p.cell.fill,
    '--focus': p.accent, '--bad': p.conflict.stroke, '--bad-bg': p.conflict.fill, '--warn': p.missing.stroke,
    '--zero': p.zero.stroke, '--zero-bg': p.zero.fill, 'color-scheme': p.name,
  };
}

function browserLang(): Lang {
  return typeof navigator !== 'undefined' && navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export class TensorcastPlayground extends LitElement {
  static override styles = styles;
  static override properties = {
    ...Object.fromEntries(ATTRIBUTES.map((k) => [k, { type: String }])),
    syncHash: { type: Boolean, attribute: 'sync-hash' },
    compact: { type: Boolean, reflect: true },
    playgroundUrl: { type: String, attribute: 'playground-url' },
  };

  declare syncHash: boolean;
  /** Only the summary, view tabs, player, caption and diagram, with a link to the full playground. */
  declare compact: boolean;
  /** The full playground's page for the compact link, relative to the page like any href. */
  declare playgroundUrl: string | null;

  private model: PlaygroundModel | null = null;
  private failure: string | null = null;
  private loading: Promise<void> | null = null;
  private readonly player = new Player(() => this.advance(), () => this.requestUpdate());
  private readonly darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
  private drawings: Drawings | null = null;
  private drawn: Drawn | null = null;
  private readonly idle = new IdleWork();
  private hashTimer: ReturnType<typeof setTimeout> | null = null;
  private cursor = -1;
  private readonly onHash = (): void => this.fromHash();
  // The full page takes the keys when nothing has focus, so a projected page answers → at once.
  private readonly onPageKey = (event: KeyboardEvent): void => {
    if (event.target === document.body || event.target === document.documentElement) this.onKey(event);
  };
  private readonly onScheme = (): void => this.requestUpdate();

  constructor() {
    super();
    this.compact = false;
    this.playgroundUrl = null;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.loading ??= this.load();
    if (this.syncHash) {
      window.addEventListener('hashchange', this.onHash);
      window.addEventListener('keydown', this.onPageKey);
    }
    this.darkQuery?.addEventListener('change', this.onScheme);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('hashchange', this.onHash);
    window.removeEventListener('keydown', this.onPageKey);
    this.darkQuery?.removeEventListener('change', this.onScheme);
    this.player.pause();
    this.idle.stop();
  }

  /** The model, once the core is loaded (for tests and embedding pages). */
  get playground(): PlaygroundModel | null {
    return this.model;
  }

  private attributeState(base: Readonly<State>): State {
    return readState((key) => this.getAttribute(key), base);
  }

  private async load(): Promise<void> {
    try {
      const tc = await init();
      let state = this.attributeState({ ...DEFAULT_STATE, lang: browserLang() });
      if (this.syncHash && location.hash.length > 1) state = stateFromHash(location.hash, state);
      this.model = new PlaygroundModel(tc, state);
      this.changed();
    } catch (error) {
      this.failure = error instanceof Error ? error.message : String(error);
      this.requestUpdate();
    }
  }

  protected override willUpdate(changed: PropertyValues): void {
    // Attributes set after loading (by the embedding page) change the state.
    if (this.model !== null && ATTRIBUTES.some((k) => changed.has(k)) && this.model.update(this.attributeState(this.model.state)))
      this.writeHash();
  }

  private fromHash(): void {
    if (this.model === null) return;
    this.player.pause();
    if (this.model.update(stateFromHash(location.hash, { ...DEFAULT_STATE, lang: this.model.state.lang }))) this.requestUpdate();
  }

  // Rewriting the URL costs the browser a same-document navigation (and a
  // favicon fetch) of several milliseconds: done once changes pause, after
  // the frame that shows them, never inside a step.
  private writeHash(): void {
    if (!this.syncHash || this.model === null || this.hashTimer !== null) return;
    this.hashTimer = setTimeout(() => {
      this.hashTimer = null;
      if (this.model === null) return;
      const hash = hashFromState(this.model.state);
      if (hash !== location.hash) history.replaceState(history.state, '', hash);
    }, HASH_DELAY_MS);
  }

  private changed(): void {
    this.writeHash();
    this.requestUpdate();
  }

  private change(patch: Partial<State>): void {
    if (this.model === null) return;
    // Playing goes on through a change of language or theme, not of what is shown.
    if (Object.keys(patch).some((k) => k !== 'lang' && k !== 'theme' && k !== 'step')) this.player.pause();
    if (this.model.update(patch)) this.changed();
  }

  private advance(): boolean {
    if (this.model === null) return false;
    const moved = this.model.next();
    this.changed();
    return moved && !this.model.atEnd;
  }

  private stepTo(kind: 'prev' | 'next' | 'first' | 'last'): void {
    const model = this.model;
    if (model === null) return;
    this.player.pause();
    const moved = kind === 'prev' ? model.prev() : kind === 'next' ? model.next() : model.goTo(kind === 'first' ? 0 : model.steps.length - 1);
    if (moved) this.changed();
  }

  private togglePlay(): void {
    const model = this.model;
    if (model === null) return;
    if (this.player.playing) {
      this.player.pause();
      return;
    }
    if (model.atEnd) {
      model.goTo(0);
      this.changed();
    }
    this.player.play();
  }

  private onKey(event: KeyboardEvent): void {
    const action = keyAction(event, event.composedPath()[0] ?? null);
    if (action === null || this.model === null) return;
    event.preventDefault();
    if (action.kind === 'play') this.togglePlay();
    else if (action.kind === 'view') this.change({ view: VIEWS[action.index] as View });
    else this.stepTo(action.kind);
  }

  private onTabKey(event: KeyboardEvent): void {
    if (this.model === null || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    event.preventDefault();
    event.stopPropagation();
    const at = VIEWS.indexOf(this.model.state.view);
    const next = VIEWS[(at + (event.key === 'ArrowRight' ? 1 : VIEWS.length - 1)) % VIEWS.length] as View;
    this.change({ view: next });
    void this.updateComplete.then(() => (this.renderRoot.querySelector(`#tab-${next}`) as HTMLElement | null)?.focus());
  }

  // --- the diagram: drawing, hover and keyboard mapping

  private diagram(ctx: ViewContext): Drawn {
    const model = ctx.model;
    // What every step's drawing depends on: the inputs, view, language and theme.
    const base = `${hashFromState({ ...model.state, step: null })}|${ctx.p.name}`;
    const index = model.stepIndex;
    const key = `${base}|${index}`;
    if (this.drawn?.key === key) return this.drawn;
    let drawings = this.drawings;
    if (drawings?.base !== base) {
      const steps = model.steps;
      const panel = PANELS[model.state.view];
      drawings = new Drawings(base, steps.length, (i, parts) => panel.scene(ctx, steps[i] as Step, stepCaption(ctx, steps[i] as Step), parts), 'tc');
      this.drawings = drawings;
    }
    const { scene, box, cells } = drawings.show(index);
    const outBoxes = [...cells].flatMap(([k, b]) => (k.startsWith('out:') ? [{ flat: Number(k.slice(4)), box: b }] : []));
    const outCells = outBoxes.map((o) => o.flat).sort((x, y) => x - y);
    this.drawn = { key, scene, box, outCells, outBoxes };
    this.highlight(null);
    this.cursor = -1;
    // The other steps are drawn (hidden) while the page is idle, nearest first.
    const ahead = drawings;
    this.idle.start(() => ahead.drawAhead(index));
    return this.drawn;
  }

  private highlight(flat: number | null): void {
    const reads = this.renderRoot.querySelector('[data-testid="reads"]');
    if (flat === null || this.model === null) {
      this.drawings?.mark([]);
      if (reads !== null) reads.textContent = '';
      return;
    }
    const ctx = this.context();
    this.drawings?.mark(hoverMarks(ctx, flat, this.drawn?.outCells ?? []));
    if (reads !== null) reads.textContent = readsText(ctx, flat) ?? '';
  }

  // Cells are drawn as one path per look, so the pointer's position, not
  // the element under it, says which output element it is on.
  private onDiagramMove(event: PointerEvent): void {
    const drawn = this.drawn;
    if (drawn?.box == null) return;
    const origin = drawn.box.getBoundingClientRect();
    const x = event.clientX - origin.left;
    const y = event.clientY - origin.top;
    const hit = drawn.outBoxes.find(({ box }) => x >= box.x && x < box.x + box.w && y >= box.y && y < box.y + box.h);
    if (hit === undefined || hit.flat === drawn.outCells[this.cursor]) return;
    this.cursor = drawn.outCells.indexOf(hit.flat);
    this.highlight(hit.flat);
  }

  private onDiagramLeave(): void {
    this.cursor = -1;
    this.highlight(null);
  }

  private onDiagramKey(event: KeyboardEvent): void {
    const cells = this.drawn?.outCells ?? [];
    if (cells.length === 0) return;
    const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    let at = this.cursor;
    if (event.key in moves) at = Math.min(Math.max(at + (moves[event.key] as number), 0), cells.length - 1);
    else if (event.key === 'Home') at = 0;
    else if (event.key === 'End') at = cells.length - 1;
    else return;
    event.preventDefault();
    event.stopPropagation();
    this.cursor = at;
    this.highlight(cells[at] as number);
  }

  private onDiagramFocus(): void {
    const cells = this.drawn?.outCells ?? [];
    if (cells.length === 0) return;
    if (this.cursor < 0) this.cursor = 0;
    this.highlight(cells[this.cursor] as number);
  }

  private exportScene(kind: 'svg' | 'png'): void {
    const drawn = this.drawn;
    if (drawn?.scene == null || this.model === null) return;
    const name = `tensorcast-${this.model.state.view}-step${this.model.stepIndex + 1}.${kind}`;
    if (kind === 'svg') download(new Blob([svgText(drawn.scene, 'tc')], { type: 'image/svg+xml' }), name);
    else void scenePng(drawn.scene).then((blob) => download(blob, name));
  }

  private applyFix(fix: Fix): void {
    this.change(fix.patch);
  }

  private context(): ViewContext {
    const model = this.model as PlaygroundModel;
    return { model, m: messagesFor(model.state.lang), p: paletteFor(model.state.theme, this.darkQuery?.matches ?? false) };
  }

  /** The full playground showing what this one shows. */
  private fullLink(state: Readonly<State>): string {
    const named = this.playgroundUrl === null ? null : playgroundLink(this.playgroundUrl, document.baseURI, state);
    return named ?? playgroundLink(HOME, import.meta.url, state) ?? playgroundLink(HOME, document.baseURI, state) ?? `${HOME}${hashFromState(state)}`;
  }

  // --- rendering

  private langSwitch(ctx: ViewContext): TemplateResult {
    const other = LANGS.find((l) => l !== ctx.model.state.lang) as Lang;
    return html`<button type="button" data-testid="lang" lang=${other === 'zh' ? 'zh-CN' : 'en'} @click=${() => this.change({ lang: other })}>${ctx.m.ui.switchLanguage}</button>`;
  }

  private header(ctx: ViewContext): TemplateResult {
    const { m, model } = ctx;
    return html`<header>
      <h1>${m.title}</h1>
      <div class="tools">
        ${this.langSwitch(ctx)}
        <label>${m.ui.theme}
          <select data-testid="theme" @change=${(e: Event) => this.change({ theme: (e.target as HTMLSelectElement).value as State['theme'] })}>
            ${THEMES.map((t) => html`<option value=${t} ?selected=${t === model.state.theme}>${m.ui.themes[t]}</option>`)}
          </select>
        </label>
      </div>
    </header>
    <p class="intro">${m.intro}</p>`;
  }

  // In place of the title, the inputs and the verdict: one line saying what is shown.
  private compactHeader(ctx: ViewContext): TemplateResult {
    const { m, model } = ctx;
    return html`<header class="bar">
      <section class="verdict" aria-label=${m.ui.summary} aria-live="polite">${compactSummary(ctx)}</section>
      <div class="tools">
        ${this.langSwitch(ctx)}
        <a class="open" data-testid="open-full" href=${this.fullLink(model.state)} target="_blank" rel="noopener">${m.ui.openFull}<span aria-hidden="true"> ↗</span><span class="sr"> ${m.ui.newTab}</span></a>
      </div>
    </header>`;
  }

  private tabs(ctx: ViewContext): TemplateResult {
    const { m, model } = ctx;
    const view = model.state.view;
    return html`<div role="tablist" aria-label=${m.ui.viewTabs} @keydown=${(e: KeyboardEvent) => this.onTabKey(e)}>
      ${VIEWS.map((v, i) => html`<button type="button" role="tab" id=${`tab-${v}`} data-testid=${`tab-${v}`}
        aria-selected=${v === view ? 'true' : 'false'} aria-controls="panel" tabindex=${v === view ? 0 : -1}
        aria-keyshortcuts=${String(i + 1)} @click=${() => this.change({ view: v })}>${m.ui.views[v]}</button>`)}
    </div>`;
  }

  private playerBar(ctx: ViewContext, exports: boolean): TemplateResult {
    const { m, model } = ctx;
    const index = model.stepIndex;
    const count = model.steps.length;
    const first = index === 0;
    const last = model.atEnd;
    return html`<div class="player" role="group" aria-label=${m.ui.player}>
      <button type="button" data-testid="reset" aria-keyshortcuts="Home" @click=${() => this.stepTo('first')}>⇤ ${m.ui.reset}</button>
      <button type="button" data-testid="prev" aria-keyshortcuts="ArrowLeft" aria-disabled=${first ? 'true' : 'false'} @click=${() => this.stepTo('prev')}>◀ ${m.ui.prev}</button>
      <button type="button" data-testid="play" aria-keyshortcuts="P" aria-pressed=${this.player.playing ? 'true' : 'false'} @click=${() => this.togglePlay()}>${this.player.playing ? `⏸ ${m.ui.pause}` : `▶ ${m.ui.play}`}</button>
      <button type="button" data-testid="next" aria-keyshortcuts="ArrowRight" aria-disabled=${last ? 'true' : 'false'} @click=${() => this.stepTo('next')}>${m.ui.next} ▶</button>
      <span class="count" data-testid="step-count">${m.ui.stepOf(index + 1, count)}</span>
      ${exports ? html`<span class="export">
        <button type="button" data-testid="export-svg" @click=${() => this.exportScene('svg')}>⇩ ${m.ui.exportSvg}</button>
        <button type="button" data-testid="export-png" @click=${() => this.exportScene('png')}>⇩ ${m.ui.exportPng}</button>
      </span>` : ''}
    </div>`;
  }

  protected override updated(): void {
    // For measuring (the e2e run prints it): when the first view with the core's numbers is on screen.
    if (this.model !== null && performance.getEntriesByName(FIRST_RENDER).length === 0) performance.mark(FIRST_RENDER);
  }

  protected override render(): TemplateResult {
    if (this.model === null) {
      const m = messagesFor(this.getAttribute('lang') === 'zh' ? 'zh' : browserLang());
      const p = paletteFor(this.getAttribute('theme') === 'dark' ? 'dark' : this.getAttribute('theme') === 'light' ? 'light' : 'auto', this.darkQuery?.matches ?? false);
      return html`<div class="app" style=${styleMap(cssVars(p))}>
        ${this.failure === null ? html`<p role="status">${m.ui.loading}</p>` : html`<p class="problem" role="alert">${m.ui.loadFailed} <span data-testid="error">${this.failure}</span></p>`}
      </div>`;
    }
    const ctx = this.context();
    const { m, p, model } = ctx;
    const view = model.state.view;
    const panel = PANELS[view];
    const caption = stepCaption(ctx, model.step);
    const drawn = this.diagram(ctx);
    const interactive = view === 'strides' && drawn.outCells.length > 0;
    const full = !this.compact;
    return html`<div class="app" style=${styleMap(cssVars(p))} lang=${m.lang === 'zh' ? 'zh-CN' : 'en'} data-theme=${p.name}
      @keydown=${(e: KeyboardEvent) => this.onKey(e)}>
      ${full ? html`${this.header(ctx)}
        ${controls(ctx, { change: (patch) => this.change(patch), preset: (id) => {
          this.player.pause();
          if (this.model?.applyPreset(id) === true) this.changed();
        } })}
        <section class="verdict" aria-live="polite">${verdictPanel(ctx, (fix) => this.applyFix(fix))}</section>` : this.compactHeader(ctx)}
      ${this.tabs(ctx)}
      <section role="tabpanel" id="panel" aria-labelledby=${`tab-${view}`}>
        ${this.playerBar(ctx, full)}
        <p class="caption" aria-live="polite" data-testid="caption">${caption}</p>
        ${drawn.box === null ? '' : html`<div class=${view === 'strides' ? 'diagram pointing' : 'diagram'} data-testid="diagram" tabindex="0"
            aria-label=${interactive ? m.strides.gridLabel : m.ui.diagram(m.ui.views[view])}
            @pointermove=${interactive ? (e: PointerEvent) => this.onDiagramMove(e) : null}
            @pointerleave=${interactive ? () => this.onDiagramLeave() : null}
            @focus=${interactive ? () => this.onDiagramFocus() : null}
            @keydown=${interactive ? (e: KeyboardEvent) => this.onDiagramKey(e) : null}>${drawn.box}</div>`}
        ${interactive ? html`${full ? html`<p class="aside">${m.strides.hoverHint}</p>` : ''}<p class="reads" data-testid="reads" aria-live="polite"></p>` : ''}
        ${full ? panel.details(ctx, model.step) : ''}
      </section>
      ${full ? html`<p class="keys">${m.ui.keys}</p>` : ''}
    </div>`;
  }
}
