// After a fix is applied: the line to put in one's own code, a button that
// copies it, and where focus goes (this note replaces the button pressed).
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import type { Fix } from '../model/fixes.js';
import type { ViewContext } from './context.js';

export type CopyState = 'idle' | 'copied' | 'failed';

/** The line a student writes: the operand rebound to its rewrite, or the call that replaces the op. */
export function fixLine(fix: Fix): string {
  return fix.operand === null ? fix.code : `${fix.operand} = ${fix.code}`;
}

/** undoable: the page keeps its state in the URL, so Back undoes the fix (an embedded element does not). */
export function appliedFix(ctx: ViewContext, line: string, copy: CopyState, undoable: boolean, onCopy: () => void): TemplateResult {
  const t = ctx.m.traceback;
  return html`<div class="applied" data-testid="applied-fix">
    <p>${t.applied}</p>
    <div class="row"><code class="message" data-testid="fix-line">${line}</code>
      <button type="button" data-testid="copy-fix" @click=${onCopy}>${t.copy}</button>
      <span role="status" class="aside" data-testid="copy-status">${copy === 'copied' ? t.copied : copy === 'failed' ? t.copyFailed : ''}</span></div>
    ${undoable ? html`<p class="aside">${t.undo}</p>` : ''}
  </div>`;
}
