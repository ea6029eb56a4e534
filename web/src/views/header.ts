// The line above the inputs: the title and the page's tools (language and
// theme), or, in a compact embed, one line saying what is shown with a link
// to the full playground.
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import type { Messages } from '../i18n/messages.js';
import { LANGS, THEMES } from '../model/state.js';
import type { Lang, State } from '../model/state.js';
import type { ViewContext } from './context.js';
import { predictSwitch } from './predict.js';
import { compactSummary } from './summary.js';

type Change = (patch: Partial<State>) => void;

function langSwitch(m: Messages, state: Readonly<State>, change: Change): TemplateResult {
  const other = LANGS.find((l) => l !== state.lang) as Lang;
  return html`<button type="button" data-testid="lang" lang=${other === 'zh' ? 'zh-CN' : 'en'} @click=${() => change({ lang: other })}>${m.ui.switchLanguage}</button>`;
}

/** tools: more buttons for the page's tools (sharing); intro: the mode's own introduction. */
export function header(ctx: ViewContext, change: Change, tools: TemplateResult | string = '', intro: TemplateResult | string = ctx.m.intro): TemplateResult {
  return pageHeader(ctx.m, ctx.model.state, change, tools, intro);
}

/** The same from the state alone, so that it shows while the core loads; predict: the two-shape predict switch (not on the puzzle view). */
export function pageHeader(m: Messages, state: Readonly<State>, change: Change, tools: TemplateResult | string = '', intro: TemplateResult | string = m.intro, predict = true): TemplateResult {
  return html`<header>
      <h1>${m.title}</h1>
      <div class="tools">
        ${tools}
        ${predict ? predictSwitch(m, state.predict === '1', change) : ''}
        ${langSwitch(m, state, change)}
        <label>${m.ui.theme}
          <select data-testid="theme" @change=${(e: Event) => change({ theme: (e.target as HTMLSelectElement).value as State['theme'] })}>
            ${THEMES.map((t) => html`<option value=${t} ?selected=${t === state.theme}>${m.ui.themes[t]}</option>`)}
          </select>
        </label>
      </div>
    </header>
    <p class="intro">${intro}</p>`;
}

/** In place of the title, the inputs and the verdict; fullLink opens the full playground at this state. */
export function compactHeader(ctx: ViewContext, fullLink: string, change: Change): TemplateResult {
  const { m } = ctx;
  return html`<header class="bar">
      <section class="verdict" aria-label=${m.ui.summary}>${compactSummary(ctx)}</section>
      <div class="tools">
        ${langSwitch(ctx.m, ctx.model.state, change)}
        <a class="open" data-testid="open-full" href=${fullLink} target="_blank" rel="noopener">${m.ui.openFull}<span aria-hidden="true"> ↗</span><span class="sr"> ${m.ui.newTab}</span></a>
      </div>
    </header>`;
}
