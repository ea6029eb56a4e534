// round({ decimals }), for Tensor's method and tc's function alike: the op
// table's round, or the core's round with decimals (bindings/bind_unary.cpp).
import { checkInt, checkOptions, noExtra } from './args.js';
import type { Held, Runtime } from './runtime.js';

/** round(), or round({ decimals }) (PyTorch's round(decimals=d)). */
export function roundWith<T extends Held>(rt: Runtime<T>, self: T, code: number, args: ArrayLike<unknown>, from: number): T {
  if (args.length <= from) return rt.op1(code, 'round', self);
  noExtra('round', from + 1, Array.prototype.slice.call(args, from + 1));
  const { decimals } = checkOptions<{ decimals?: number }>(args[from], 'round', ['decimals']);
  if (decimals === undefined) return rt.op1(code, 'round', self);
  const d = checkInt(decimals, 'round', 'decimals');
  return rt.adopt(rt.core._tc_round_decimals(rt.handle(self, 'round', 'input'), d), 'round');
}
