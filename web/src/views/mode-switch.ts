// The two modes' switch: on the two-shape page too, which loads the code mode's chunk (code-chunk.ts) only when it is pressed.
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import type { Messages } from '../i18n/messages.js';
import { MODES } from '../model/state.js';
import type { Mode, State } from '../model/state.js';

export function modeSwitch(m: Messages, mode: Mode, change: (patch: Partial<State>) => void): TemplateResult {
  return html`<div class="modes" role="group" aria-label=${m.code.mode}>
    ${MODES.map((k) => html`<button type="button" data-testid=${`mode-${k}`} aria-pressed=${k === mode ? 'true' : 'false'}
      @click=${() => change({ mode: k })}>${m.code.modes[k]}</button>`)}
  </div>`;
}
