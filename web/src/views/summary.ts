// The compact embed's line in place of the inputs and the verdict: the call,
// each operand's shape, and the result's shape, or what stopped the op.
// Typed text is echoed as text (Lit escapes it), cut short as in the verdict.
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import { echo, formatShape, opCall } from '../model/format.js';
import { MAX_ECHO } from '../model/limits.js';
import type { ViewContext } from './context.js';
import { failureOf, resultOutput } from './verdict.js';

export function compactSummary(ctx: ViewContext): TemplateResult {
  const c = ctx.model.computation;
  // Each part keeps to one line (but text as typed, which can be long); a
  // narrow page breaks the line between them.
  const operands = c.operands.map((o) => (o.shape === null
    ? html` · <span class="typed">${o.name} “${echo(o.text, MAX_ECHO)}”</span>`
    : html` · <span>${o.name} ${formatShape(o.shape)}</span>`));
  // Predict mode: the result and PyTorch's error wait for the prediction; a problem with the inputs does not.
  const hidden = ctx.model.resultHidden;
  const result = hidden ? null : resultOutput(c);
  const shownFailure = failureOf(ctx);
  const failure = hidden && shownFailure?.pytorch === true ? null : shownFailure;
  return html`<p class="summary" data-testid="summary"><code>${opCall(c.op, c.alpha)}</code>${operands}${result === null ? (hidden ? html` <span>→ ?</span>` : '') : html` <span>→ ${result}</span>`}</p>
    ${failure === null ? '' : html`<div class="problem">
      ${failure.lead === null ? '' : html`<p class="failed">${failure.lead}</p>`}
      <p><code data-testid="error" class="message">${failure.message}</code></p>
    </div>`}`;
}
