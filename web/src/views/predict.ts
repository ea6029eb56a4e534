// Predict mode on screen: the switch, the question a step asks (in place of
// its caption), the form the learner answers in, and, once answered, whether
// the prediction was right and what the answer is.
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { formatShape, opCall, torchSize } from '../model/format.js';
import { VERDICTS } from '../model/predict.js';
import type { Given, Guess, Question } from '../model/predict.js';
import type { State } from '../model/state.js';
import type { Messages } from '../i18n/messages.js';
import type { ViewContext } from './context.js';

export interface PredictHandlers {
  /** A typed shape (read by the model) or a choice. */
  predict(guess: Guess | string): void;
}

/** From the state alone (the header shows it while the core loads). */
export function predictSwitch(m: Messages, on: boolean, change: (patch: Partial<State>) => void): TemplateResult {
  return html`<label class="switch" title=${m.predict.toggleHint}>
    <input type="checkbox" role="switch" data-testid="predict-mode" aria-describedby="predict-hint" .checked=${live(on)}
      @change=${(e: Event) => change({ predict: (e.target as HTMLInputElement).checked ? '1' : '0' })} />
    ${m.predict.toggle}</label><span id="predict-hint" class="sr">${m.predict.toggleHint}</span>`;
}

/** What the step asks, said where its caption would be. */
export function questionText(ctx: ViewContext, q: Question): string {
  const { m, model } = ctx;
  switch (q.kind) {
    case 'result':
      return m.predict.askResult(opCall(model.computation.op, model.computation.alpha));
    case 'dim': {
      const names = model.computation.operands.map((o) => o.name);
      return m.predict.askDim(q.dim, q.trailing, names.map((name, i) => ({ name, size: q.sizes[i] ?? null })));
    }
    case 'grad':
      return m.predict.askGrad(q.name);
  }
}

function guessText(ctx: ViewContext, guess: Guess): string {
  const { m } = ctx;
  if (guess.kind === 'verdict') return `“${m.predict.verdicts[guess.verdict]}”`;
  return guess.kind === 'error' ? `“${m.predict.raisesError}”` : formatShape(guess.shape);
}

function answerText(ctx: ViewContext, q: Question): string {
  const { m } = ctx;
  switch (q.kind) {
    case 'result':
      return q.answer.kind === 'error' ? m.predict.resultFails : m.predict.resultIs(torchSize(q.answer.shape));
    case 'dim':
      return m.predict.dimIs(q.dim, m.predict.verdicts[q.answer]);
    case 'grad':
      return m.predict.gradIs(q.name, formatShape(q.answer));
  }
}

function feedback(ctx: ViewContext, q: Question, given: Given): TemplateResult {
  const { m } = ctx;
  const head = given.right ? m.predict.right : m.predict.wrong;
  // The language's joiner decides the gap after the bold verdict (a space in English, none in Chinese).
  const rest = m.sentences([head, m.predict.youSaid(guessText(ctx, given.guess)), answerText(ctx, q)]).slice(head.length);
  return html`<p class=${given.right ? 'right' : 'wrong'} data-testid="predict-feedback" data-right=${given.right ? 'true' : 'false'}><strong>${head}</strong>${rest}</p>`;
}

function shapeForm(ctx: ViewContext, q: Question, on: PredictHandlers): TemplateResult {
  const { m, model } = ctx;
  const unreadable = model.predictions.unreadable?.id === q.id ? model.predictions.unreadable.text : null;
  const submit = (e: Event): void => {
    e.preventDefault();
    const input = (e.target as HTMLFormElement).elements.namedItem('guess') as HTMLInputElement;
    on.predict(input.value);
  };
  return html`<form class="ask" @submit=${submit}>
    <label for="predict-shape">${q.kind === 'grad' ? m.predict.gradLabel(q.name) : m.predict.shapeLabel}</label>
    <input id="predict-shape" name="guess" data-testid="predict-shape" type="text" spellcheck="false" autocomplete="off"
      aria-invalid=${unreadable === null ? 'false' : 'true'} aria-describedby=${unreadable === null ? nothing : 'predict-problem'} .value=${unreadable ?? ''} />
    <button type="submit" data-testid="predict-check">${m.predict.check}</button>
    ${q.kind === 'result'
      ? html`<button type="button" data-testid="predict-error" @click=${() => on.predict({ kind: 'error' })}>${m.predict.raisesError}</button>`
      : ''}
    ${unreadable === null ? '' : html`<p id="predict-problem" class="problem" role="alert" data-testid="predict-problem">${m.predict.unreadable(unreadable)}</p>`}
  </form>`;
}

function verdictForm(ctx: ViewContext, on: PredictHandlers): TemplateResult {
  const { m } = ctx;
  return html`<div class="ask" role="group" aria-label=${m.predict.verdictsLabel}>
    ${VERDICTS.map((v) => html`<button type="button" data-testid=${`predict-${v}`} @click=${() => on.predict({ kind: 'verdict', verdict: v })}>${m.predict.verdicts[v]}</button>`)}
  </div>`;
}

/** Under the player: the open question's form, or how this step's predictions went. Empty outside predict mode. */
export function predictBlock(ctx: ViewContext, on: PredictHandlers): TemplateResult {
  const { model } = ctx;
  const questions = model.questionsAt(model.stepIndex);
  if (questions.length === 0) return html``;
  const open = model.pendingAt(model.stepIndex);
  const answered = questions.flatMap((q) => {
    const given = model.predictions.get(q.id);
    return given === undefined ? [] : [feedback(ctx, q, given)];
  });
  return html`<div class="predict" data-testid="predict">
    <div tabindex="-1" data-testid="predict-outcome" aria-live="polite">${answered}</div>
    ${open === null ? '' : open.kind === 'dim' ? verdictForm(ctx, on) : shapeForm(ctx, open, on)}
  </div>`;
}
