// The exercise part's views (exercise-page.ts): the teacher's form, "Make
// an exercise", and, on a page opened as an exercise, the goal in words,
// what may be edited, and the tick once the goal is met. Every text the
// teacher typed is put in as text (Lit escapes it).
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { styleMap } from 'lit/directives/style-map.js';
import type { ExerciseForm, Verdict } from '../exercise-page.js';
import type { Exercise, Goal, ShapePart } from '../model/exercise.js';
import { SHAPE_PARTS } from '../model/exercise.js';
import { formatShape } from '../model/format.js';
import type { Mode } from '../model/state.js';
import { operandsOf } from '../model/state.js';
import type { ViewContext } from './context.js';
import type { CopyKind } from './share-bar.js';

export interface MakerHandlers {
  form(patch: Partial<ExerciseForm>): void;
  close(): void;
  copy(kind: CopyKind): void;
}

/** What the form made: the link and embed code, or which field is wrong; met: the page as it is meets the goal already. */
export type Made = { link: string; embed: string; met: boolean } | { bad: 'lines' | 'name' | 'shape' };

/** In the page's tools: opens the form (or closes it). */
export function makeButton(ctx: ViewContext, open: boolean, toggle: () => void): TemplateResult {
  const x = ctx.m.exercise;
  return html`<button type="button" data-testid="make-exercise" aria-label=${x.make} title=${x.make} aria-expanded=${open ? 'true' : 'false'} @click=${toggle}>${x.makeShort}</button>`;
}

const value = (e: Event): string => (e.target as HTMLInputElement | HTMLSelectElement).value;

function editFields(ctx: ViewContext, form: ExerciseForm, on: MakerHandlers, bad: boolean): TemplateResult {
  const { m, model } = ctx;
  const x = m.exercise;
  if (model.state.mode === 'code') {
    return html`<label for="exercise-lines">${x.linesLabel}</label>
      <input id="exercise-lines" data-testid="exercise-lines" type="text" spellcheck="false" autocomplete="off" inputmode="numeric"
        aria-describedby="exercise-lines-hint" aria-invalid=${bad ? 'true' : 'false'} .value=${live(form.lines)} @input=${(e: Event) => on.form({ lines: value(e) })} />
      <small id="exercise-lines-hint" class=${bad ? 'bad' : ''}>${bad ? x.linesBad : x.linesHint}</small>`;
  }
  const operands: readonly string[] = operandsOf(model.state.op);
  const shown = SHAPE_PARTS.filter((p) => p === 'op' || p === 'da' || p === 'db' || operands.includes(p));
  const toggle = (p: ShapePart, on$: boolean): ShapePart[] => (on$ ? [...form.parts, p] : form.parts.filter((q) => q !== p));
  return html`<fieldset class="exercise-parts"><legend>${x.partsLabel}</legend>
    ${shown.map((p) => html`<label><input type="checkbox" data-testid=${`exercise-part-${p}`} .checked=${live(form.parts.includes(p))}
      @change=${(e: Event) => on.form({ parts: toggle(p, (e.target as HTMLInputElement).checked) })} /> ${x.parts[p]}</label>`)}
  </fieldset>`;
}

function goalFields(ctx: ViewContext, form: ExerciseForm, on: MakerHandlers, bad: 'name' | 'shape' | null): TemplateResult {
  const { m, model } = ctx;
  const x = m.exercise;
  const mode = model.state.mode;
  const offered = ['runs', 'shape', 'grad', 'predict'] as const;
  const named = form.kind === 'shape' || form.kind === 'grad';
  const nameField = mode === 'code'
    ? html`<input id="exercise-name" data-testid="exercise-name" type="text" spellcheck="false" autocomplete="off" class="short"
        aria-invalid=${bad === 'name' ? 'true' : 'false'} .value=${live(form.name)} @input=${(e: Event) => on.form({ name: value(e) })} />`
    : html`<select id="exercise-name" data-testid="exercise-name" .value=${live(form.name)} @change=${(e: Event) => on.form({ name: value(e) })}>
        ${['a', 'b'].map((n) => html`<option value=${n} ?selected=${n === form.name}>${n}</option>`)}
      </select>`;
  return html`<div class="row">
      <label for="exercise-goal">${x.goalLabel}</label>
      <select id="exercise-goal" data-testid="exercise-goal" .value=${live(form.kind)} @change=${(e: Event) => on.form({ kind: value(e) as Goal['kind'] })}>
        ${offered.map((k) => html`<option value=${k} ?selected=${k === form.kind}>${x.kind(mode, k)}</option>`)}
      </select>
    </div>
    ${named ? html`<div class="row">
      ${mode === 'code' || form.kind === 'grad' ? html`<label for="exercise-name">${x.nameLabel}</label>${nameField}` : ''}
      <label for="exercise-shape">${x.shapeLabel}</label>
      <input id="exercise-shape" data-testid="exercise-shape" type="text" spellcheck="false" autocomplete="off" class="short"
        aria-invalid=${bad === 'shape' ? 'true' : 'false'} .value=${live(form.shape)} @input=${(e: Event) => on.form({ shape: value(e) })} />
    </div>
    ${bad === 'name' ? html`<p class="bad" role="alert">${x.nameBad(mode)}</p>` : bad === 'shape' ? html`<p class="bad" role="alert">${x.shapeBad}</p>` : ''}` : ''}`;
}

/** The teacher's form, under the page's header: what may be edited, the goal, and the link and embed code it makes. */
export function exerciseMaker(ctx: ViewContext, form: ExerciseForm, made: Made, on: MakerHandlers): TemplateResult {
  const { m } = ctx;
  const x = m.exercise;
  const bad = 'bad' in made ? made.bad : null;
  return html`<section class="exercise-maker" data-testid="exercise-maker" aria-labelledby="exercise-maker-heading">
    <h2 id="exercise-maker-heading">${x.heading}</h2>
    <p>${x.intro}</p>
    ${editFields(ctx, form, on, bad === 'lines')}
    ${goalFields(ctx, form, on, bad === 'lines' ? null : bad)}
    ${'bad' in made ? '' : html`
      ${made.met ? html`<p class="note" data-testid="exercise-already-met">${x.alreadyMet}</p>` : ''}
      <label for="exercise-link">${x.linkLabel}</label>
      <input id="exercise-link" data-testid="exercise-link" type="text" readonly .value=${live(made.link)} @focus=${(e: Event) => (e.target as HTMLInputElement).select()} />
      <label for="exercise-embed">${x.embedLabel}</label>
      <textarea id="exercise-embed" data-testid="exercise-embed" rows="3" readonly .value=${live(made.embed)} @focus=${(e: Event) => (e.target as HTMLTextAreaElement).select()}></textarea>
      <div class="row">
        <button type="button" data-testid="exercise-copy-link" @click=${() => on.copy('link')}>${m.layout.copyLink}</button>
        <button type="button" data-testid="exercise-copy-embed" @click=${() => on.copy('embed')}>${m.layout.copyEmbed}</button>
        <button type="button" data-testid="exercise-copy-iframe" @click=${() => on.copy('iframe')}>${m.frame.copyIframe}</button>
        <button type="button" data-testid="exercise-close" @click=${on.close}>${x.close}</button>
      </div>`}
  </section>`;
}

/** Edit ranges in words: 3–5, 8. */
function linesText(ex: Exercise): string {
  return ex.edit.mode === 'code' ? ex.edit.lines.map(([a, b]) => (a === b ? `${a}` : `${a}–${b}`)).join(', ') : '';
}

function lineCount(ex: Exercise): number {
  return ex.edit.mode === 'code' ? ex.edit.lines.reduce((n, [a, b]) => n + b - a + 1, 0) : 0;
}

function editText(ctx: ViewContext, ex: Exercise): string {
  const x = ctx.m.exercise;
  if (ex.edit.mode === 'code') return ex.edit.lines.length === 0 ? x.editAll : x.editLines(linesText(ex), lineCount(ex));
  const operands: readonly string[] = operandsOf(ctx.model.state.op);
  // A part that names an operand the op does not take says nothing to the student.
  const parts = ex.edit.parts.filter((p) => p === 'op' || p === 'da' || p === 'db' || operands.includes(p));
  return parts.length === 0 ? x.editNothing : x.editParts(parts.map((p) => x.parts[p]));
}

/** The exercise a page opened as: the goal, what may be edited, and the tick (or why not yet). */
export function exerciseBanner(ctx: ViewContext, ex: Exercise, verdict: Verdict | null): TemplateResult {
  const { m } = ctx;
  const x = m.exercise;
  const mode: Mode = ctx.model.state.mode;
  const goal = ex.goal;
  const met = verdict?.check.met === true;
  const shape = 'shape' in goal ? formatShape(goal.shape) : '';
  const found = verdict !== null && !verdict.check.met && verdict.check.why === 'shape' ? formatShape(verdict.check.shape) : '';
  const why = verdict === null || verdict.check.met ? '' : x.why(mode, goal, verdict.check, found);
  // Between sentences: a space in English, none after Chinese full-width punctuation.
  const sep = m.lang === 'zh' ? '' : ' ';
  const score = verdict?.score == null ? '' : x.score(verdict.score.right, verdict.score.answered, verdict.score.asked);
  // The palette's green, the colour of what is right (a set property, which the page's CSP allows).
  const good = styleMap({ '--good': ctx.p.same.stroke, '--good-bg': ctx.p.same.fill });
  return html`<section class=${met ? 'exercise met' : 'exercise'} style=${good} data-testid="exercise" aria-labelledby="exercise-heading">
    <h2 id="exercise-heading">${x.title}</h2>
    <p data-testid="exercise-goal-text">${x.goal(mode, goal, shape)}</p>
    <p class="aside" data-testid="exercise-edit-text">${editText(ctx, ex)}</p>
    <p role="status" data-testid="exercise-status">${met
      ? html`<span class="tick" data-testid="exercise-met" aria-hidden="true">✓</span> ${x.met}`
      : verdict === null ? nothing : html`${x.notYet}${why === '' ? '' : html`${sep}<span data-testid="exercise-why">${why}</span>`}`}${score === '' ? '' : html`${sep}<span data-testid="exercise-score">${score}</span>`}</p>
  </section>`;
}
