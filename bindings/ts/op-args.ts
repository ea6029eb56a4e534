// How the arguments after an op's operands are read, for the methods that
// tensor.ts and tensorcast.ts make from the op table (generated/ops.ts):
// an op with alpha takes one options object, any other takes nothing more.
import { checkAlpha, noExtra } from './args.js';
import { OPS } from './generated/ops.js';
import type { OpInfo } from './generated/ops.js';

const ALPHA_OPS = OPS.filter((op) => op.alpha && !op.inplace).map((op) => op.name);

// Said when a binary op without alpha is given more: the usual reason is
// an alpha carried over from add.
function hintFor(op: OpInfo): string {
  return op.family === 'binary' && !op.alpha ? `; alpha is an option of ${ALPHA_OPS.join(' and ')} only` : '';
}

/**
 * alpha from a call of `op` given more than its `operands` operands (the
 * methods call this only then, so that `a.add(b)` runs no check at all):
 * add/sub's options object, or an error naming what was too much.
 */
export function alphaFrom(op: OpInfo, operands: number, args: ArrayLike<unknown>): number {
  const rest = Array.prototype.slice.call(args, operands);
  if (!op.alpha) {
    noExtra(op.name, operands, rest, hintFor(op));
    return 1;
  }
  noExtra(op.name, operands + 1, rest.slice(1));
  return checkAlpha(rest[0], op.name, true);
}
