// The view tabs (ARIA tabs: the selected one takes Tab, the arrows move
// between them, and the number keys 1-4 of the page's shortcuts match them).
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import { VIEWS } from '../model/state.js';
import type { View } from '../model/state.js';
import type { ViewContext } from './context.js';

export interface TabHandlers {
  select(view: View): void;
  key(event: KeyboardEvent): void;
}

export function tabs(ctx: ViewContext, on: TabHandlers): TemplateResult {
  const { m, model } = ctx;
  const view = model.state.view;
  return html`<div role="tablist" aria-label=${m.ui.viewTabs} @keydown=${(e: KeyboardEvent) => on.key(e)}>
      ${VIEWS.map((v, i) => html`<button type="button" role="tab" id=${`tab-${v}`} data-testid=${`tab-${v}`}
        aria-selected=${v === view ? 'true' : 'false'} aria-controls="panel" tabindex=${v === view ? 0 : -1}
        aria-keyshortcuts=${String(i + 1)} @click=${() => on.select(v)}>${m.ui.views[v]}</button>`)}
    </div>`;
}

/** The tab an arrow key moves to, round the ends; null for other keys. */
export function tabAfter(view: View, key: string): View | null {
  if (key !== 'ArrowLeft' && key !== 'ArrowRight') return null;
  const at = VIEWS.indexOf(view);
  return VIEWS[(at + (key === 'ArrowRight' ? 1 : VIEWS.length - 1)) % VIEWS.length] as View;
}
