// The verdict under the inputs: the result's shape, or the error (PyTorch's
// text, verbatim) with a plain explanation and fixes the core has accepted;
// notes on legal broadcasts that deserve a second look.
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import type { Computation } from '../model/compute.js';
import { kindOf } from '../model/dtypes.js';
import type { Fix, FixMeaning } from '../model/fixes.js';
import type { ProgramEdit } from '../model/program-fixes.js';
import { echo, formatCount, formatShape, torchSize } from '../model/format.js';
import { MAX_ECHO, MAX_RUN_ELEMENTS } from '../model/limits.js';
import { chainProblem } from './chain-problem.js';
import type { ViewContext } from './context.js';
import { statementText } from './promotion.js';

function bytes(numel: number): string {
  const b = numel * 4;
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let i = 0;
  let v = b;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return Number.isFinite(v) ? `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}` : '∞';
}

/** What stops the op: PyTorch's message when the broadcast or the op failed, or the playground's when an input cannot be read. */
export interface Failure {
  /** The words before the message. */
  lead: string | null;
  message: string;
  help: string | null;
  /** The message is PyTorch's (the full verdict explains it and offers fixes). */
  pytorch: boolean;
}

export function failureOf(ctx: ViewContext): Failure | null {
  const { m } = ctx;
  const c = ctx.model.computation;
  const blocker = c.blocker;
  const input = (lead: string | null, message: string, help: string | null = null): Failure => ({ lead, message, help, pytorch: false });
  if (blocker?.kind === 'operand') {
    const { name, problem } = blocker.operand;
    if (problem?.kind === 'shape') return input(m.problems.shape(name), echo(problem.message, MAX_ECHO * 2), m.problems.shapeHelp);
    if (problem?.kind === 'token') {
      const token = echo(problem.token, MAX_ECHO);
      return input(null, kindOf(problem.dtype) === 'integer' ? m.promotion.token(name, token, problem.dtype) : m.problems.token(name, token, problem.dtype === 'bool'));
    }
    if (problem?.kind === 'values') return input(m.problems.values(name), echo(problem.message, MAX_ECHO * 2));
    const chain = chainProblem(m, name, problem);
    if (chain !== null) return input(chain.lead, chain.message);
    // Too big to make: the broadcast still answers, below.
  }
  if (blocker?.kind === 'alpha') return input(null, m.problems.alpha(echo(blocker.text, MAX_ECHO)));
  return c.error === null ? null : { lead: m.ui.errorLabel, message: c.error, help: null, pytorch: true };
}

/** The result's shape (and its dtype when not float32), when the op gives one. */
export function resultOutput(c: Computation): TemplateResult | null {
  const result = c.resultShape;
  if (result === null) return null;
  // PyTorch prints a tensor's dtype unless it is the default float32.
  const dtype = c.run?.dtype ?? null;
  return html`<output data-testid="result-shape">${torchSize(result)}</output>${dtype !== null && dtype !== 'float32' ? html` · <span data-testid="result-dtype">dtype=torch.${dtype}</span>` : ''}`;
}

function why(ctx: ViewContext, c: Computation): TemplateResult {
  const { m } = ctx;
  const trace = c.broadcast;
  if (trace !== null && trace.error !== null && trace.failedDim !== null) {
    const step = trace.dims[trace.dims.length - 1];
    const sizes = c.operands.map((o, i) => ({ name: o.name, size: step?.sizes[i] ?? null }));
    return html`<p>${m.explain.mismatch(trace.failedDim, step?.trailing ?? 0, sizes)}</p>
      ${sizes.some((s) => s.size === 0) ? html`<p>${m.explain.zeroSize}</p>` : ''}`;
  }
  // Shapes that broadcast and fit: refused for the operands' dtypes or values (model/promotion-run.ts).
  const refused = c.promotion?.find((s) => s.kind === 'inplace-refused' || s.kind === 'refused');
  if (refused?.kind === 'inplace-refused') return html`<p>${statementText(ctx, refused).text}</p>`;
  if (refused !== undefined) return html`<p>${m.promotion.whyRefused}</p>`;
  const inplace = c.inplace;
  if (inplace !== null && inplace.error !== null && trace?.result != null) {
    return html`<p>${m.explain.inplace(formatShape(inplace.self), formatShape(trace.result))}</p>
      ${inplace.expandError !== null ? html`<details class="old-message"><summary>${m.explain.oldMessageSummary}</summary>
        <p>${m.explain.oldMessage}<br /><code class="message">${inplace.expandError}</code></p></details>` : ''}`;
  }
  return html`<p>${m.explain.generic}</p>`;
}

function meaningText(ctx: ViewContext, meaning: FixMeaning): string {
  const { meaning: words } = ctx.m.fixes;
  switch (meaning.kind) {
    case 'reorders':
      return words.reorders(meaning.name);
    case 'pairs':
      return words.pairs(meaning.whole, meaning.part, meaning.axis);
    case 'reuses':
      return words.reuses(meaning.parts);
    case 'one-to-one':
      return words.oneToOne;
    case 'out-of-place':
      return words.outOfPlace(meaning.larger);
  }
}

function fixList(ctx: ViewContext, fixes: readonly Fix[], onFix: (fix: Fix) => void): TemplateResult {
  const { m } = ctx;
  return html`<ul class="fixes">${fixes.map((fix, i) => html`<li>
    <button type="button" class="fix" aria-label=${m.labelled(m.ui.apply(fix.code), m.ui.fixResult(formatShape(fix.resultShape)))}
      aria-describedby=${`fix-meaning-${i}`} @click=${() => onFix(fix)}>
      <code>${fix.code}</code> → ${m.ui.fixResult(formatShape(fix.resultShape))}
    </button><span class="meaning aside" id=${`fix-meaning-${i}`} data-testid="fix-meaning">${meaningText(ctx, fix.meaning)}</span></li>`)}</ul>`;
}

/** The code mode's fixes: edits of the program, checked by running it (Note [Program fixes]). */
export interface EditsShown {
  list: readonly ProgramEdit[];
  apply(edit: ProgramEdit): void;
}

function editMeaning(ctx: ViewContext, edit: ProgramEdit): string {
  if (edit.kind === 'keepdim') return ctx.m.code.keepdimMeaning;
  if (edit.kind === 'matmul-transpose') return ctx.m.code.transposeMeaning;
  return edit.meaning === null ? '' : meaningText(ctx, edit.meaning);
}

/** Each edit as the line it makes, a button that applies it, and what it means. */
export function editList(ctx: ViewContext, edits: EditsShown): TemplateResult {
  const { m } = ctx;
  return html`<ul class="fixes" data-testid="program-fixes">${edits.list.map((edit, i) => html`<li>
    <button type="button" class="fix" data-testid="program-fix" aria-label=${m.code.applyFix(edit.line, edit.text)}
      aria-describedby=${`edit-meaning-${i}`} @click=${() => edits.apply(edit)}>
      ${m.code.fixAt(edit.line)} <code>${edit.text}</code>${edit.resultShape === null ? '' : html` → ${formatShape(edit.resultShape)}`}
    </button><span class="meaning aside" id=${`edit-meaning-${i}`} data-testid="fix-meaning">${editMeaning(ctx, edit)}</span></li>`)}</ul>
    <p class="aside">${m.code.fixesChecked}</p>`;
}

/** The keepdim hint for a b that looks like a reduced without keepdim=True. */
function keepdimHints(ctx: ViewContext, c: Computation): TemplateResult[] {
  return c.keepdim.map((h) => html`<p class="aside" data-testid="keepdim">${ctx.m.fixes.keepdim(h.reduced, h.from, h.dim, formatShape(h.shape))}</p>`);
}

function notes(ctx: ViewContext, c: Computation, onFix: (fix: Fix) => void, edits: EditsShown | null, offerFixes: boolean): TemplateResult[] {
  const { m } = ctx;
  const trace = c.broadcast;
  const result = c.resultShape;
  if (trace === null || trace.result === null || result === null) return [];
  const out: TemplateResult[] = [];
  if (trace.notes.includes('outer-product')) {
    const stretched = c.operands
      .map((o, i) => {
        const dims = trace.dims.filter((d) => d.roles[i] === 'expanded' || d.roles[i] === 'missing').map((d) => d.dim).sort((x, y) => x - y);
        return dims.length > 0 ? m.notes.along(o.name, dims) : null;
      })
      .filter((s): s is string => s !== null);
    const numel = trace.result.reduce((p, s) => p * s, 1);
    const inputs = c.operands.map((o) => ({ name: o.name, count: formatCount(o.numel) }));
    const fixes = offerFixes && c.fixMode === 'outer' ? c.fixes : [];
    const list = !offerFixes ? null : edits !== null ? (edits.list.length > 0 ? editList(ctx, edits) : null) : fixes.length > 0 ? fixList(ctx, fixes, onFix) : null;
    out.push(html`<div class="note outer" role="note"><p>⚠ ${m.notes.outerProduct(stretched, formatCount(numel), inputs)}</p>
      ${list === null ? '' : html`<p>${m.ui.fixesOuter}</p>${list}`}</div>`);
  }
  for (const w of c.run?.warnings ?? []) {
    if (w.warningKind !== 'backcompat') continue;
    out.push(html`<div class="note" role="note"><p>${m.notes.backcompat(formatShape(w.shapes[0] ?? []), formatShape(trace.result))}</p>
      <pre class="message">${m.notes.backcompatLabel}: ${w.message}</pre></div>`);
  }
  if (trace.notes.includes('rank-promotion')) {
    const n = trace.result.length;
    const short = c.operands.filter((o) => (o.shape?.length ?? n) < n).map((o) => o.name);
    if (short.length > 0) out.push(html`<p class="aside">${m.notes.rankPromotion(short)}</p>`);
  }
  return out;
}

/**
 * edits: in the code mode, the fixes as edits of the program, in place of
 * the operands' rewrites. offerFixes false: no fix, no keepdim hint and no
 * "no fix exists" (an exercise, where a fix would be the answer).
 */
export function verdictPanel(ctx: ViewContext, onFix: (fix: Fix) => void, edits: EditsShown | null = null, offerFixes = true): TemplateResult {
  const { m } = ctx;
  const c = ctx.model.computation;
  const parts: TemplateResult[] = [];
  const blocker = c.blocker;
  if (blocker?.kind === 'operand' && blocker.operand.problem?.kind === 'too-big')
    parts.push(html`<p class="notice">${m.problems.tooBig(blocker.operand.name, formatCount(blocker.operand.problem.numel), formatCount(MAX_RUN_ELEMENTS))}</p>`);
  if (blocker?.kind === 'operand' && blocker.operand.problem?.kind === 'not-kept')
    parts.push(html`<p class="notice" data-testid="not-kept">${m.problems.notKept(blocker.operand.name, formatCount(blocker.operand.problem.numel))}</p>`);
  const failure = failureOf(ctx);
  const result = resultOutput(c);
  // Predict mode: what the op gives (its shape, or PyTorch's error and all said of it) waits for the prediction.
  if (ctx.model.resultHidden && (failure === null || failure.pytorch)) {
    parts.push(html`<p class="result" data-testid="result-hidden"><span>${m.ui.result}:</span> ${m.predict.hiddenResult}</p>`);
    return html`${parts}`;
  }
  if (failure !== null && !failure.pytorch) {
    parts.push(html`<div class="problem">${failure.lead === null ? '' : html`<p>${failure.lead}</p>`}<p data-testid="error" class="message">${failure.message}</p>${failure.help === null ? '' : html`<p class="aside">${failure.help}</p>`}</div>`);
  } else if (failure !== null) {
    const fixes = offerFixes && c.fixMode === 'error' ? c.fixes : [];
    const trace = c.broadcast;
    const failed = trace?.failedDim != null ? trace.dims[trace.dims.length - 1] : undefined;
    parts.push(html`<div class="problem">
      <h3 class="failed">${failure.lead}</h3>
      <p><code data-testid="error" class="message">${failure.message}</code></p>
      <h3>${m.ui.why}</h3>${why(ctx, c)}
      ${!offerFixes ? '' : edits !== null
        ? (edits.list.length > 0 ? html`<h3>${m.ui.fixes}</h3>${editList(ctx, edits)}` : '')
        : fixes.length > 0 ? html`<h3>${m.ui.fixes}</h3>${fixList(ctx, fixes, onFix)}` : ''}
      ${!offerFixes || edits?.list.some((e) => e.kind === 'keepdim') === true ? '' : keepdimHints(ctx, c)}
      ${offerFixes && (edits === null ? fixes.length : edits.list.length) === 0 && failed !== undefined
        ? html`<p class="aside">${m.explain.noFix(failed.dim, c.operands.map((o, i) => ({ name: o.name, size: failed.sizes[i] ?? null })))}</p>`
        : ''}
    </div>`);
  } else if (result !== null) {
    parts.push(html`<p class="result"><span>${m.labelled(m.ui.result, '')}</span>${result}</p>`);
  }
  if (blocker?.kind === 'result-too-big')
    parts.push(html`<p class="notice">${m.problems.resultTooBig(formatCount(blocker.numel), bytes(blocker.numel), formatCount(MAX_RUN_ELEMENTS))}</p>`);
  parts.push(...notes(ctx, c, onFix, edits, offerFixes));
  return html`${parts}`;
}
