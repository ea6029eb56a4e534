// The page's words as plain text, where no markup can go: an exported
// diagram's call, error and step captions, and what the live region
// announces about the verdict.
import type { TextBlock } from '../diagram/frame.js';
import { echo, formatShape, opCall, torchSize } from '../model/format.js';
import { MAX_ECHO } from '../model/limits.js';
import type { Step } from '../model/steps.js';
import type { ViewContext } from './context.js';
import { stepCaption } from './panels.js';
import { failureOf } from './verdict.js';

/** The call, the shapes and the result, as the compact embed's summary says them. */
export function callLine(ctx: ViewContext): string {
  const c = ctx.model.computation;
  // A dtype other than the default is named (c, where's condition, is always bool).
  const dtype = (o: (typeof c.operands)[number]): string => (o.dtype === 'float32' || o.name === 'c' ? '' : ` ${o.dtype}`);
  const operands = c.operands.map((o) => (o.shape === null ? `${o.name} “${echo(o.text, MAX_ECHO)}”` : `${o.name} ${formatShape(o.shape)}${dtype(o)}`));
  const result = c.resultShape;
  return [opCall(c.op, c.alpha), ...operands].join(' · ') + (result === null ? '' : ` → ${torchSize(result)}`);
}

/** The call and, when the op fails, the error (PyTorch's message verbatim). */
export function headerBlocks(ctx: ViewContext): TextBlock[] {
  const { p } = ctx;
  const blocks: TextBlock[] = [{ text: callLine(ctx), size: 15, fill: p.fg, bold: true, mono: true }];
  const failure = failureOf(ctx);
  if (failure !== null) {
    blocks.push({ text: `✗ ${[failure.lead, failure.message].filter((t) => t !== null).join(' ')}`, size: 14, fill: p.conflict.stroke, bold: true, mono: true });
  }
  return blocks;
}

/** The view, the step's number and its caption. */
export function stepBlocks(ctx: ViewContext, step: Step, index: number): TextBlock[] {
  const { m, p, model } = ctx;
  return [
    { text: `${m.ui.views[model.state.view]} · ${m.ui.stepOf(index + 1, model.steps.length)}`, size: 14, fill: p.muted, bold: true, rule: true },
    { text: stepCaption(ctx, step, index), size: 14, fill: p.fg },
  ];
}

/** The verdict in one line: what stops the op, or the result's shape. */
export function verdictLine(ctx: ViewContext): string {
  const { m } = ctx;
  const failure = failureOf(ctx);
  if (failure !== null) return [failure.lead, failure.message].filter((t) => t !== null).join(' ');
  const result = ctx.model.computation.resultShape;
  return result === null ? '' : `${m.ui.result}: ${torchSize(result)}`;
}
