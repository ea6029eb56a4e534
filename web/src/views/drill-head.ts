// A drill's head above the code mode's editor (code-mode-drill.ts): its
// title and statement, the hints shown one at a time, and how its last
// round went.
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import type { DrillShown } from '../code-mode-drill.js';
import type { Messages } from '../i18n/messages.js';

export function drillHead(m: Messages, shown: DrillShown, hint: () => void): TemplateResult {
  const { drill } = shown;
  if (drill === null)
    return html`<section class="drill-head problem" role="alert" data-testid="drill-missing"><p>${m.codePredict.noDrill(shown.id)}</p>
      <p><a href="#view=puzzles">${m.codePredict.allPuzzles}</a></p></section>`;
  const count = drill.hints.length;
  return html`<section class="drill-head" data-testid="drill" aria-labelledby="drill-title">
    <h2 id="drill-title">${m.labelled(m.codePredict.drill, drill.title[m.lang])}</h2>
    <p data-testid="drill-statement">${drill.statement[m.lang]}</p>
    ${shown.hints === 0 ? '' : html`<ul class="hints" aria-live="polite">${drill.hints.slice(0, shown.hints).map((h, i) =>
      html`<li data-testid="drill-hint"><strong>${m.codePredict.hintOf(i + 1, count)}</strong> ${h[m.lang]}</li>`)}</ul>`}
    ${shown.hints < count ? html`<button type="button" data-testid="drill-show-hint" @click=${hint}>${m.codePredict.showHint}</button>` : ''}
    ${shown.passed === null ? '' : html`<p role="status" data-testid="drill-result" data-passed=${shown.passed ? 'true' : 'false'}>${shown.passed ? m.codePredict.drillPassed : m.codePredict.drillFailed}</p>`}
    <p><a href="#view=puzzles">${m.codePredict.allPuzzles}</a></p>
  </section>`;
}
