// What the editor writes at the end of a statement's last line, as a
// debugger shows inline values: each name the statement bound with its
// shape and dtype ("d: [2, 3, 4] float32"), a number's or a size's repr
// ("n: 3"), and after backward() each gradient's shape ("w.grad: [3, 1]
// float32"). Plain text: the editor puts it in a text node, never markup.
import type { ProgramStatement, ValueInfo } from 'tensorcast';

/** Longest inline text: a tuple of many tensors is cut, with "…". */
export const MAX_INLINE = 160;

function shapeText(shape: readonly number[]): string {
  return `[${shape.join(', ')}]`;
}

// Whether a value is a tensor or holds one (as far as its items are described).
function holdsTensor(info: ValueInfo): boolean {
  return info.type === 'Tensor' || info.items.some(holdsTensor);
}

/**
 * One value: a tensor's shape and dtype, anything else its repr; a tuple,
 * list or named tuple holding a tensor item by item (its repr holds each
 * tensor's PyTorch text, lines of it).
 */
export function valueText(info: ValueInfo): string {
  if (info.type === 'Tensor' && info.shape !== null) return `${shapeText(info.shape)} ${info.dtype ?? ''}`.trimEnd();
  if (info.items.length > 0 && info.items.some(holdsTensor)) {
    const inner = info.items.map(valueText).join(', ');
    return info.type === 'list' ? `[${inner}]` : `(${inner})`;
  }
  return info.repr;
}

function clip(text: string): string {
  return text.length <= MAX_INLINE ? text : `${text.slice(0, MAX_INLINE - 1)}…`;
}

// An import binds a module (import torch, import torch.nn.functional as F): nothing to show.
const SILENT: ReadonlySet<string> = new Set(['module']);

/** The inline text of a statement; '' when it bound nothing to show (an import, a print, a bare call). */
export function inlineText(statement: ProgramStatement): string {
  const parts = [
    ...Object.entries(statement.names).filter(([, info]) => !SILENT.has(info.type)).map(([name, info]) => `${name}: ${valueText(info)}`),
    ...Object.entries(statement.grads).map(([name, info]) => `${name}.grad: ${valueText(info)}`),
  ];
  return clip(parts.join('   '));
}
