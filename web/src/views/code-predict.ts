// The code mode's predict switch on screen (Note [Predicting a program] in
// code-mode-predict.ts): the open question with its fields, each answer
// given with the engine's own and a way to the views that explain it, and
// the score at the end. The texts' verdicts are the two-shape predict
// mode's (m.predict).
import { html, nothing } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { TemplateResult } from 'lit';
import type { CodeScore } from '../code-mode-predict.js';
import type { Messages } from '../i18n/messages.js';
import type { CodeGiven, CodeQuestion, CodeTyped, CodeUnreadable } from '../model/code-predict.js';
import { formatShape, torchSize } from '../model/format.js';
import { statementAt } from '../model/program.js';
import type { ProgramRun } from '../model/program.js';

export interface CodePredictShown {
  m: Messages;
  run: ProgramRun;
  questions: readonly CodeQuestion[];
  open: CodeQuestion | null;
  given: (id: string) => CodeGiven | undefined;
  unreadable: { id: string; field: CodeUnreadable; text: string } | null;
  score: CodeScore;
}

export interface CodePredictHandlers {
  answer(typed: CodeTyped): void;
  /** Opens the line in the views (they explain it). */
  why(line: number): void;
  again(): void;
}

const grads = (q: CodeQuestion): string | null => (q.subject !== null && q.subject.endsWith('.grad') ? q.subject.slice(0, -'.grad'.length) : null);

function lineSource(run: ProgramRun, line: number): string {
  const source = statementAt(run, line)?.source ?? '';
  return source.length > 80 ? `${source.slice(0, 79)}…` : source;
}

/** What the learner said, as the page writes it back. */
function saidText(m: Messages, g: CodeGiven): string {
  if (g.guess.kind === 'error') return `“${m.codePredict.raises}”`;
  const parts = [formatShape(g.guess.shape), ...(g.dtype === null ? [] : [g.dtype]), ...(g.dims === null ? [] : [m.codePredict.saidDims(g.dims)])];
  return parts.join(', ');
}

/** The engine's answer. */
function answerText(m: Messages, run: ProgramRun, q: CodeQuestion): string {
  const a = q.question.kind === 'result' ? q.question.answer : null;
  if (a === null || a.kind === 'error') {
    const e = run.error;
    return m.codePredict.raisesIs(e === null ? '' : `${e.pythonType}: ${e.message}`);
  }
  const leaf = grads(q);
  if (q.summed != null && leaf !== null) return m.codePredict.summedIs(leaf, q.summed.dims, formatShape(q.summed.from), torchSize(a.shape));
  return m.codePredict.answerIs(q.subject ?? '', torchSize(a.shape), `torch.${q.dtype ?? ''}`);
}

function feedback(shown: CodePredictShown, q: CodeQuestion, g: CodeGiven, on: CodePredictHandlers): TemplateResult {
  const { m, run } = shown;
  const head = g.right ? m.predict.right : m.predict.wrong;
  const rest = m.sentences([head, m.predict.youSaid(saidText(m, g)), answerText(m, run, q)]).slice(head.length);
  return html`<li class=${g.right ? 'right' : 'wrong'} data-testid="code-predict-feedback" data-right=${g.right ? 'true' : 'false'} data-line=${q.line}>
    <strong>${head}</strong>${rest}
    <button type="button" class="link" data-testid="code-predict-why" @click=${() => on.why(q.line)}>${m.codePredict.why(q.line)}</button></li>`;
}

function questionForm(shown: CodePredictShown, q: CodeQuestion, on: CodePredictHandlers): TemplateResult {
  const { m, run } = shown;
  const bad = shown.unreadable !== null && shown.unreadable.id === q.question.id ? shown.unreadable : null;
  const leaf = grads(q);
  const subject = q.subject;
  const read = (form: HTMLFormElement, error: boolean): CodeTyped => {
    const value = (name: string): string => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
    return { error, shape: value('shape'), dtype: value('dtype'), dims: value('dims') };
  };
  const submit = (e: Event): void => {
    e.preventDefault();
    on.answer(read(e.target as HTMLFormElement, false));
  };
  const field = (name: CodeUnreadable, label: string, testid: string): TemplateResult => html`<label class="field">
      <span>${label}</span>
      <input name=${name} data-testid=${testid} type="text" spellcheck="false" autocomplete="off" autocapitalize="off"
        aria-invalid=${bad?.field === name ? 'true' : 'false'} aria-describedby=${bad?.field === name ? 'code-predict-problem' : nothing} /></label>`;
  const problem = bad === null ? '' : bad.field === 'shape' ? m.predict.unreadable(bad.text) : bad.field === 'dtype' ? m.codePredict.dtypeUnreadable(bad.text) : m.codePredict.dimsUnreadable(bad.text);
  return html`<form class="ask code-ask" data-testid="code-predict-question" data-line=${q.line} @submit=${submit}>
    <p class="question" id="code-predict-ask">${m.codePredict.ask(q.line, lineSource(run, q.line), subject)}${q.summed != null && leaf !== null ? html` ${m.codePredict.askSummed(leaf, formatShape(q.summed.from))}` : ''}</p>
    <div class="fields" role="group" aria-labelledby="code-predict-ask">
      ${q.summed != null && leaf !== null ? field('dims', m.codePredict.dimsLabel(leaf), 'code-predict-dims') : ''}
      ${field('shape', m.codePredict.shapeLabel(subject), 'code-predict-shape')}
      ${q.dtype === null || subject === null ? '' : field('dtype', m.codePredict.dtypeLabel(subject), 'code-predict-dtype')}
      <button type="submit" data-testid="code-predict-check">${m.predict.check}</button>
      <button type="button" data-testid="code-predict-error" @click=${(e: Event) => on.answer(read((e.target as HTMLElement).closest('form') as HTMLFormElement, true))}>${m.codePredict.raises}</button>
    </div>
    ${problem === '' ? '' : html`<p id="code-predict-problem" class="problem" role="alert" data-testid="code-predict-problem">${problem}</p>`}
  </form>`;
}

/** Under the editor while the switch is on: the answers so far, the open question or the score. */
export function codePredictBlock(shown: CodePredictShown, on: CodePredictHandlers): TemplateResult {
  const { m, questions, open, score } = shown;
  const answered = questions.flatMap((q) => {
    const g = shown.given(q.question.id);
    return g === undefined ? [] : [feedback(shown, q, g, on)];
  });
  const end = open === null && questions.length > 0;
  return html`<section class="code-predict" data-testid="code-predict" aria-labelledby="code-predict-heading">
    <h2 id="code-predict-heading">${m.codePredict.heading}</h2>
    ${questions.length === 0 ? html`<p class="aside" data-testid="code-predict-nothing">${m.codePredict.nothing}</p>` : ''}
    ${answered.length === 0 ? '' : html`<ol class="answers" aria-live="polite">${answered}</ol>`}
    ${open === null ? '' : html`${keyed(open.question.id, questionForm(shown, open, on))}<p class="aside">${m.sentences([m.codePredict.progress(score.answered, score.asked), m.codePredict.hidden])}</p>`}
    ${end ? html`<p class="score" role="status" data-testid="code-predict-score" data-right=${score.right} data-asked=${score.asked}>
        <strong>${m.codePredict.score(score.right, score.asked)}</strong>${score.right === score.asked ? html` ${m.codePredict.allRight}` : ''}</p>` : ''}
    ${answered.length === 0 ? '' : html`<button type="button" data-testid="code-predict-again" @click=${() => on.again()}>${m.codePredict.again}</button>`}
  </section>`;
}
