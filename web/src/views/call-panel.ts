// Under the picked line's heading in the code mode: the line's calls to
// pick from (when it makes several the views can open), and the
// explanation of a call the elementwise views do not draw: a matrix
// product, a reduction, an index, a cat or stack (model/call-explain.ts).
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import type { Messages } from '../i18n/messages.js';
import type { CallExplanation, LineChoice } from '../model/call-explain.js';
import { explainCall } from '../model/call-explain.js';
import { formatShape } from '../model/format.js';
import { inputTexts } from '../model/line-op.js';
import type { ProgramRun } from '../model/program.js';
import type { ProgramStatement } from 'tensorcast';

/** The buttons of a line's calls, the chosen one pressed; '' for a line of one. */
export function callPicker(m: Messages, choices: readonly LineChoice[], chosen: number | null, pick: (index: number) => void): TemplateResult | string {
  if (choices.length < 2) return '';
  return html`<div class="line-calls" role="group" aria-label=${m.calls.pick}>
    <p class="aside">${m.calls.pick}</p>
    ${choices.map((c) => html`<button type="button" data-testid="line-call" aria-pressed=${c.index === chosen ? 'true' : 'false'}
      @click=${() => pick(c.index)}><code>${c.text.length > 60 ? `${c.text.slice(0, 59)}…` : c.text}</code></button>`)}
  </div>`;
}

/** The sentences that explain one call. */
export function explanationLines(m: Messages, e: CallExplanation, texts: readonly string[]): string[] {
  const t = m.calls;
  switch (e.kind) {
    case 'matmul': {
      const { trace } = e;
      const batch = trace.aBatch.length === 0 && trace.bBatch.length === 0 ? null : formatShape(trace.batch.result ?? []);
      const lines = [t.matmulBatch(formatShape(trace.aBatch), formatShape(trace.bBatch), batch)];
      if (trace.aPromoted) lines.push(t.matmulPromoted('a'));
      if (trace.bPromoted) lines.push(t.matmulPromoted('b'));
      lines.push(t.matmulInner(e.a.length - 1, e.b.length === 1 ? 0 : e.b.length - 2, trace.k), t.matmulResult(trace.m, trace.k, trace.n, formatShape(e.out)));
      return lines;
    }
    case 'matmul-failed': {
      const k = e.a[e.a.length - 1] as number;
      const inner = (e.b.length === 1 ? e.b[0] : e.b[e.b.length - 2]) as number;
      const lines = [t.matmulFailed(formatShape(e.a), formatShape(e.b), k, inner)];
      const [a, b] = texts;
      if (e.transpose !== null && a !== undefined && b !== undefined && a !== '' && b !== '') {
        const swapped = (s: readonly number[]): number[] => [...s.slice(0, -2), s[s.length - 1] as number, s[s.length - 2] as number];
        const call = e.transpose === 'b' ? `${a} @ ${b}.T` : `${a}.T @ ${b}`;
        lines.push(t.matmulHint(call, formatShape(swapped(e.transpose === 'b' ? e.b : e.a))));
      }
      return lines;
    }
    case 'reduction': {
      const lines = [t.reduction(e.op, formatShape(e.input), e.dims, e.keepdim, formatShape(e.out))];
      if (!e.keepdim && e.dims.length < e.input.length) lines.push(t.reductionKeep(formatShape(e.input.map((n, d) => (e.dims.includes(d) ? 1 : n)))));
      return lines;
    }
    case 'index':
      return [
        ...e.trace.steps.map((s) => t.indexStep(s.text, formatShape(s.sizes))),
        e.trace.view ? t.indexView : t.indexCopy,
      ];
    case 'join':
      if (e.op === 'stack') return [t.stack(e.inputs.length, formatShape(e.inputs[0] ?? []), e.dim, formatShape(e.out))];
      return [t.cat(e.inputs.length, e.dim, e.dim === null ? [] : e.inputs.map((s) => s[e.dim as number] as number), formatShape(e.out))];
  }
}

/** The chosen call's explanation, when the elementwise views do not draw it; '' otherwise. edits: its fixes (a refused product's transpose), as edits of the program. */
export function callExplanation(m: Messages, program: ProgramRun, statement: ProgramStatement, chosen: number | null, edits: TemplateResult | string = ''): TemplateResult | string {
  const call = chosen === null ? undefined : statement.calls[chosen];
  if (call === undefined) return '';
  const explained = explainCall(program, call);
  if (explained === null) return '';
  const lines = explanationLines(m, explained, inputTexts(program, statement, call));
  return html`<section class="call-explained" data-testid="call-explained" data-kind=${explained.kind}>
    <ul>${lines.map((l) => html`<li>${l}</li>`)}</ul>${edits}
  </section>`;
}
