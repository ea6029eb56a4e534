// The step player: reset, previous, play or pause, next, "step k of n", the
// speed of play, and in the full playground the export buttons. Previous and
// Next are disabled at the ends of the steps (or of the range an embed is
// locked to).
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { ViewContext } from './context.js';

export type StepMove = 'prev' | 'next' | 'first' | 'last';
export type ExportKind = 'svg' | 'png';

/** Play's pace: milliseconds per step. */
export const SPEEDS = { slow: 2800, normal: 1400, fast: 700 } as const;
export type Speed = keyof typeof SPEEDS;

export interface PlayerHandlers {
  step(move: StepMove): void;
  togglePlay(): void;
  speed(speed: Speed): void;
  /** Absent in a compact embed, which has no export buttons. */
  export?: (kind: ExportKind) => void;
}

export interface PlayerState {
  playing: boolean;
  /** The system asks for reduced motion: Play is off (with why), and so is its speed. */
  still: boolean;
  speed: Speed;
  /** At the first or last step the player may show. */
  first: boolean;
  last: boolean;
  /** Why the step shown cannot be exported (views/panels.ts, nothingToExport): its buttons are disabled with it. */
  noExport: string | null;
}

/** more: buttons after the export buttons (the full playground's export of every step). */
export function playerBar(ctx: ViewContext, state: PlayerState, on: PlayerHandlers, more: TemplateResult | string = ''): TemplateResult {
  const { m, model } = ctx;
  const index = model.stepIndex;
  const { playing, still, first, last, noExport } = state;
  // Predict mode holds Next at a question until it is answered (a title says why; the button stays reachable).
  const held = model.pendingAt(index) !== null;
  const exportTo = on.export;
  return html`<div class="player" role="group" aria-label=${m.ui.player}>
      <button type="button" data-testid="reset" aria-keyshortcuts="Home" @click=${() => on.step('first')}>⇤ ${m.ui.reset}</button>
      <button type="button" data-testid="prev" aria-keyshortcuts="ArrowLeft" ?disabled=${first} @click=${() => on.step('prev')}>◀ ${m.ui.prev}</button>
      <button type="button" data-testid="play" aria-keyshortcuts="P" aria-pressed=${playing ? 'true' : 'false'} ?disabled=${still} title=${still ? m.ui.playStill : nothing} @click=${() => on.togglePlay()}>${playing ? `⏸ ${m.ui.pause}` : `▶ ${m.ui.play}`}</button>
      <button type="button" data-testid="next" aria-keyshortcuts="ArrowRight" ?disabled=${last} aria-disabled=${held && !last ? 'true' : nothing} title=${held ? m.predict.answerFirst : nothing} @click=${() => on.step('next')}>${m.ui.next} ▶</button>
      <span class="count" data-testid="step-count">${m.ui.stepOf(index + 1, model.steps.length)}</span>
      ${still ? html`<span class="aside" data-testid="play-still">${m.ui.playStill}</span>` : html`<label>${m.layout.speed}
        <select data-testid="speed" @change=${(e: Event) => on.speed((e.target as HTMLSelectElement).value as Speed)}>
          ${(Object.keys(SPEEDS) as Speed[]).map((s) => html`<option value=${s} ?selected=${s === state.speed}>${m.layout.speeds[s]}</option>`)}
        </select>
      </label>`}
      ${exportTo !== undefined ? html`<span class="export">
        <button type="button" data-testid="export-svg" ?disabled=${noExport !== null} title=${noExport ?? nothing} @click=${() => exportTo('svg')}>⇩ ${m.ui.exportSvg}</button>
        <button type="button" data-testid="export-png" ?disabled=${noExport !== null} title=${noExport ?? nothing} @click=${() => exportTo('png')}>⇩ ${m.ui.exportPng}</button>
        ${more}
      </span>` : ''}
    </div>`;
}
