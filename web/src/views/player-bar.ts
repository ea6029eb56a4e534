// The step player: reset, previous, play or pause, next, "step k of n", and
// in the full playground the export buttons.
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { ViewContext } from './context.js';

export type StepMove = 'prev' | 'next' | 'first' | 'last';
export type ExportKind = 'svg' | 'png';

export interface PlayerHandlers {
  step(move: StepMove): void;
  togglePlay(): void;
  /** Absent in a compact embed, which has no export buttons. */
  export?: (kind: ExportKind) => void;
}

export function playerBar(ctx: ViewContext, playing: boolean, on: PlayerHandlers): TemplateResult {
  const { m, model } = ctx;
  const index = model.stepIndex;
  const first = index === 0;
  // Predict mode holds Next at a question until it is answered.
  const held = model.pendingAt(index) !== null;
  const last = model.atEnd || held;
  const exportTo = on.export;
  return html`<div class="player" role="group" aria-label=${m.ui.player}>
      <button type="button" data-testid="reset" aria-keyshortcuts="Home" @click=${() => on.step('first')}>⇤ ${m.ui.reset}</button>
      <button type="button" data-testid="prev" aria-keyshortcuts="ArrowLeft" aria-disabled=${first ? 'true' : 'false'} @click=${() => on.step('prev')}>◀ ${m.ui.prev}</button>
      <button type="button" data-testid="play" aria-keyshortcuts="P" aria-pressed=${playing ? 'true' : 'false'} @click=${() => on.togglePlay()}>${playing ? `⏸ ${m.ui.pause}` : `▶ ${m.ui.play}`}</button>
      <button type="button" data-testid="next" aria-keyshortcuts="ArrowRight" aria-disabled=${last ? 'true' : 'false'} title=${held ? m.predict.answerFirst : nothing} @click=${() => on.step('next')}>${m.ui.next} ▶</button>
      <span class="count" data-testid="step-count">${m.ui.stepOf(index + 1, model.steps.length)}</span>
      ${exportTo !== undefined ? html`<span class="export">
        <button type="button" data-testid="export-svg" @click=${() => exportTo('svg')}>⇩ ${m.ui.exportSvg}</button>
        <button type="button" data-testid="export-png" @click=${() => exportTo('png')}>⇩ ${m.ui.exportPng}</button>
      </span>` : ''}
    </div>`;
}
