// What the code mode says of a run that takes long (code-mode.ts's
// RunStatus): a bar that moves, how long it has run and a Stop button; once
// stopped, for how long it ran and a button to run it again. The time is
// not in a live region (it changes four times a second); the words that
// a run goes on or was stopped are, once each.
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import type { RunStatus } from './code-mode.js';
import type { Messages } from './i18n/messages.js';

export interface RunStatusHandlers {
  stop(): void;
  again(): void;
}

export function runStatus(m: Messages, status: RunStatus, on: RunStatusHandlers): TemplateResult | string {
  if (status === null) return '';
  const seconds = (status.ms / 1000).toFixed(1);
  if (status.kind === 'running')
    return html`<div class="run-status" data-testid="run-status" data-state="running">
      <progress aria-label=${m.code.running}></progress>
      <span class="sr" role="status">${m.code.running}</span>
      <span data-testid="run-time">${m.code.runningFor(seconds)}</span>
      <button type="button" data-testid="run-stop" @click=${() => on.stop()}>${m.code.stop}</button>
    </div>`;
  return html`<div class="run-status" data-testid="run-status" data-state="stopped">
    <span role="status">${m.code.stoppedAfter(seconds)}</span>
    <button type="button" data-testid="run-again" @click=${() => on.again()}>${m.code.runAgain}</button>
  </div>`;
}
