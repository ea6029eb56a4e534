// A sequence of tensors as the core takes one (cat, stack): every element a
// live tensor of this instance, their handles written into the scratch
// buffer (bindings/bind_shape.cpp reads them back). Checked in full before
// anything is written, so a refusal changes nothing.
import { describe, fail } from './args.js';
import type { Held, Runtime } from './runtime.js';

/** Writes the handles at scratch slot 0; returns how many. */
export function writeTensorList<T extends Held>(rt: Runtime<T>, value: unknown, fn: string, arg: string): number {
  if (value === undefined) fail('type', `${fn}(): missing argument '${arg}'`);
  if (!Array.isArray(value))
    fail('type', `${fn}(): argument '${arg}' must be a sequence of Tensors, not ${describe(value)}`);
  const handles = new Array<number>(value.length);
  for (let i = 0; i < value.length; i++) {
    const t: unknown = value[i];
    if (!rt.isTensor(t))
      fail('type', `${fn}(): argument '${arg}' must be a sequence of Tensors, but found ${describe(t)} at index ${i}`);
    handles[i] = rt.handle(t, fn, `${arg}[${i}]`);
  }
  return rt.scratch.writeInts(handles);
}
