// The paste box: a PyTorch error in, what it says and the shapes it gives
// out, with the guessed sizes marked and only the missing ones asked for.
// The pasted text is only read (model/traceback.ts) and shown back as text.
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { echo, formatShape, opCall } from '../model/format.js';
import { MAX_ECHO } from '../model/limits.js';
import type { PasteForm, PasteInput } from '../model/paste.js';
import { sameMessage, showsPatch } from '../model/paste.js';
import type { Found, Reading } from '../model/traceback.js';
import type { ViewContext } from './context.js';

export interface PasteHandlers {
  text(text: string): void;
  shape(name: 'a' | 'b', text: string): void;
  size(name: string, text: string): void;
  apply(): void;
}

function value(event: Event): string {
  return (event.target as HTMLInputElement | HTMLTextAreaElement).value;
}

function said(ctx: ViewContext, reading: Reading): TemplateResult {
  const t = ctx.m.traceback;
  switch (reading.kind) {
    case 'size':
      return html`<p>${t.readSize(reading.dim, reading.sizeA, reading.sizeB)}</p><p class="aside">${t.guessSize(reading.dim)}</p>`;
    case 'inplace':
      return html`<p>${t.readInplace(formatShape(reading.self), formatShape(reading.broadcast))}</p><p class="aside">${t.guessInplace}</p>`;
    case 'expand':
      return html`<p>${t.readExpand(reading.dim, reading.targetSize, reading.existingSize)}</p>
        ${reading.target !== null && reading.tensor !== null
          ? html`<p>${t.readExpandShapes(formatShape(reading.target), formatShape(reading.tensor))}</p><p class="aside">${t.exact}</p>`
          : html`<p class="aside">${t.guessExpand(reading.dim)}</p>`}`;
    case 'matmul': {
      const [r1, c1] = reading.leftShape;
      const [r2, c2] = reading.rightShape;
      return html`<div data-testid="paste-matmul">
        <p>${t.matmul(reading.left, reading.right, `${r1}×${c1}`, `${r2}×${c2}`, [c1, r2])}</p>
        <p>${t.matmulRule(reading.left, reading.right)}</p>
        <p>${t.matmulLinear(c1, r2)}</p>
        <p class="aside" data-testid="paste-matmul-code">${t.matmulInCode}</p></div>`;
    }
  }
}

function check(ctx: ViewContext, found: Found): TemplateResult {
  const t = ctx.m.traceback;
  const same = sameMessage(found, ctx.model.computation);
  const text = same === true ? t.same : same === false ? t.different : t.noError;
  // The verdict shows today's in-place message; an expand message is compared with the core's expand.
  const inplace = found.reading.kind === 'expand' ? ctx.model.computation.inplace : null;
  return html`<div data-testid="paste-check" role="status"><p class=${same === true ? 'ok' : 'notice'}>${text}</p>
    ${inplace?.expandError == null ? '' : html`<p>${t.expandSays(`b.expand(${inplace.self.join(', ')})`)}<br /><code class="message">${inplace.expandError}</code></p>`}</div>`;
}

function fields(ctx: ViewContext, form: PasteForm, on: PasteHandlers): TemplateResult {
  const t = ctx.m.traceback;
  // Enter in a field shows the shapes, as the button does.
  const enter = (e: KeyboardEvent): void => {
    if (e.key === 'Enter' && form.patch !== null) on.apply();
  };
  return html`<div class="paste-shapes">
      ${form.fields.map((f) => html`<div class="paste-shape">
        <label for=${`paste-${f.name}`}>${t.shapeLabel(f.name)}</label>
        <input id=${`paste-${f.name}`} data-testid=${`paste-${f.name}`} type="text" spellcheck="false" autocomplete="off"
          class=${f.guessed ? 'guess' : ''} aria-describedby=${`paste-${f.name}-note`}
          .value=${live(f.text)} @input=${(e: Event) => on.shape(f.name, value(e))} @keydown=${enter} />
        <small id=${`paste-${f.name}-note`} class=${f.guessed ? 'mark guess-mark' : 'mark'} data-testid=${`paste-${f.name}-note`}>${
          !f.reading.ok ? t.shapeProblem(f.reading.at) : f.guessed ? t.guess : t.fromMessage}</small>
      </div>`)}
    </div>
    <p class="hint">${t.shapeHint}</p>
    ${form.names.length > 0
      ? html`<div class="paste-names" role="group" aria-label=${t.askNames}><span>${t.askNames}</span>
        ${form.names.map((n) => html`<label>${n.name} =
          <input data-testid=${`paste-name-${n.name}`} class="short guess" type="text" inputmode="numeric" spellcheck="false"
            aria-label=${t.nameLabel(n.name)} .value=${live(n.text)} @input=${(e: Event) => on.size(n.name, value(e))} @keydown=${enter} /></label>`)}</div>`
      : ''}`;
}

export function pastePanel(ctx: ViewContext, input: PasteInput, form: PasteForm, on: PasteHandlers): TemplateResult {
  const t = ctx.m.traceback;
  const { found } = form;
  const shown = found !== null && showsPatch(ctx.model.state, form.patch);
  return html`<details class="paste" data-testid="paste-box">
    <summary>${t.summary}</summary>
    <label for="paste">${t.label}</label>
    <textarea id="paste" data-testid="paste" rows="4" spellcheck="false" placeholder=${t.placeholder}
      .value=${live(input.text)} @input=${(e: Event) => on.text(value(e))}></textarea>
    ${input.text.trim() !== '' && found === null ? html`<p class="aside" data-testid="paste-none">${t.none}</p>` : ''}
    ${found === null
      ? ''
      : html`<div class="paste-read" data-testid="paste-read">
          <p><code class="message">${found.errorType === null ? '' : `${found.errorType}: `}${echo(found.message, MAX_ECHO * 4)}</code></p>
          ${said(ctx, found.reading)}
          ${form.proposal === null ? '' : html`${fields(ctx, form, on)}
            <div class="row">
              <button type="button" data-testid="paste-apply" ?disabled=${form.patch === null} @click=${() => on.apply()}>${t.apply}</button>
              ${form.op === null ? '' : html`<span class="aside">${t.shownAs(opCall(form.op))}</span>`}
            </div>
            ${shown ? check(ctx, found) : ''}`}
        </div>`}
  </details>`;
}
