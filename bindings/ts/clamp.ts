// clamp(min, max) and round({ decimals }), for Tensor's methods
// and tc's functions alike: how their arguments are read and handed to the
// core (bindings/bind_unary.cpp).
import { checkInt, checkOptions, fail, isPlainObject, noExtra } from './args.js';
import type { Held, Runtime } from './runtime.js';

export interface ClampBounds {
  /** The lower bound: a number or a tensor that broadcasts with the input; null or absent for none. */
  min?: unknown;
  /** The upper bound, the same way. */
  max?: unknown;
}

// clamp(min, max), clamp({ min, max }), clamp(min): a bound that is null
// or undefined is not given.
function boundsOf(args: ArrayLike<unknown>, from: number, fn: string): [unknown, unknown] {
  const first = args[from];
  if (args.length === from + 1 && isPlainObject(first)) {
    const { min, max } = checkOptions<ClampBounds>(first, fn, ['min', 'max']);
    return [min, max];
  }
  noExtra(fn, from + 2, Array.prototype.slice.call(args, from + 2));
  return [first, args[from + 1]];
}

/** The core's clamp of self (a tensor, checked by the caller) with the bounds in args[from...]. */
export function clampWith<T extends Held>(rt: Runtime<T>, self: T, args: ArrayLike<unknown>, from: number, fn: string): T {
  const h = rt.handle(self, fn, from === 0 ? 'self' : 'input');
  const [min, max] = boundsOf(args, from, fn);
  return clampBounds(rt, h, min, max, fn);
}

/** clamp with one bound given by name (clampMin, clampMax). */
export function clampOne<T extends Held>(rt: Runtime<T>, self: T, bound: unknown, which: 'min' | 'max', fn: string): T {
  const h = rt.handle(self, fn, 'self');
  if (bound === undefined) fail('type', `${fn}(): missing argument '${which}'`);
  // Named, the bound must be a value: null is refused as any non-operand.
  if (bound === null) rt.operand(bound, fn, which);
  return which === 'min' ? clampBounds(rt, h, bound, undefined, fn) : clampBounds(rt, h, undefined, bound, fn);
}

function clampBounds<T extends Held>(rt: Runtime<T>, h: number, min: unknown, max: unknown, fn: string): T {
  const hasMin = min !== undefined && min !== null;
  const hasMax = max !== undefined && max !== null;
  // Numbers' int64 slots: 0 for min, 1 for max.
  const [hMin, nMin] = hasMin ? rt.operand(min, fn, 'min', 0) : [0, 0];
  const [hMax, nMax] = hasMax ? rt.operand(max, fn, 'max', 1) : [0, 0];
  return rt.adopt(rt.core._tc_clamp(h, (hasMin ? 1 : 0) | (hasMax ? 2 : 0), hMin, nMin, hMax, nMax), fn);
}

/** round(), or round({ decimals }) (PyTorch's round(decimals=d)). */
export function roundWith<T extends Held>(rt: Runtime<T>, self: T, code: number, args: ArrayLike<unknown>, from: number): T {
  if (args.length <= from) return rt.op1(code, 'round', self);
  noExtra('round', from + 1, Array.prototype.slice.call(args, from + 1));
  const { decimals } = checkOptions<{ decimals?: number }>(args[from], 'round', ['decimals']);
  if (decimals === undefined) return rt.op1(code, 'round', self);
  const d = checkInt(decimals, 'round', 'decimals');
  return rt.adopt(rt.core._tc_round_decimals(rt.handle(self, 'round', 'input'), d), 'round');
}
