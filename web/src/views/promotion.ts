// Beside the alignment: how PyTorch decided the op's dtypes, one statement
// a line (model/promotion.ts), PyTorch's refusal verbatim where it refused.
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import { opCall, torchName } from '../model/format.js';
import type { PromotionStatement } from '../model/promotion.js';
import type { ViewContext } from './context.js';

/** One statement in words, and for a refusal the core's message. */
export function statementText(ctx: ViewContext, s: PromotionStatement): { text: string; message: string | null } {
  const t = ctx.m.promotion;
  const call = opCall(ctx.model.computation.op, ctx.model.computation.alpha);
  switch (s.kind) {
    case 'operand':
      return { text: s.number === undefined ? t.operand(s.name, s.dtype, s.category) : t.number(s.name, s.number.text, s.number.dtype), message: null };
    case 'within':
      return { text: t.within(s.category, s.names, s.dtypes, s.dtype, s.reason, s.common), message: null };
    case 'common':
      return { text: t.common(s.dtype), message: null };
    case 'across':
      return { text: t.across(s.decider, s.higher, s.lower, s.common), message: null };
    case 'rule':
      return { text: t.rule(torchName(s.op), s.rule, s.common, s.compute, s.result), message: null };
    case 'casts':
      return { text: t.casts(s.names, s.compute), message: null };
    case 'inplace':
      return { text: t.inplace(call, s.self, s.result, s.cast, s.comparison), message: null };
    case 'inplace-refused':
      return { text: t.inplaceRefused(call, s.self, s.result), message: s.message };
    case 'refused':
      return { text: t.refused, message: s.message };
  }
}

export function promotionBlock(ctx: ViewContext): TemplateResult {
  const statements = ctx.model.computation.promotion;
  if (statements === null || ctx.model.resultHidden) return html``;
  const items = statements.map((s) => {
    const { text, message } = statementText(ctx, s);
    return html`<li data-kind=${s.kind}>${text}${message === null ? '' : html`<br />${ctx.m.labelled(ctx.m.ui.errorLabel, '')}<code class="message">${message}</code>`}</li>`;
  });
  return html`<section class="promotion" data-testid="promotion" aria-labelledby="promotion-heading">
    <h3 id="promotion-heading">${ctx.m.promotion.heading}</h3>
    <ul>${items}</ul>
  </section>`;
}
