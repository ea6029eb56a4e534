// Text read by the core's grammars (src/syntax; Note [Syntax schema]) and
// handed back as data: a view chain and a shape as a person types them.
// Nothing is parsed here: the text goes to the core as UTF-8 in the scratch
// buffer (bindings/bind_syntax.cpp) and comes back as the JSON its
// describe()s declare. Neither call raises for the text: a problem is part
// of the answer, with its place.
import { describe, fail } from './args.js';
import type { ShapeReading, ViewChain } from './generated/syntax-types.js';
import type { Held, Runtime } from './runtime.js';

function bytesOf<T extends Held>(rt: Runtime<T>, text: unknown, fn: string): number {
  if (typeof text !== 'string') fail('type', `${fn}(): argument 'text' must be a string, not ${describe(text)}`);
  return rt.scratch.writeBytes(new TextEncoder().encode(text));
}

export function readViewChain<T extends Held>(rt: Runtime<T>, text: unknown): ViewChain {
  return JSON.parse(rt.core.readViewChain(bytesOf(rt, text, 'readViewChain'))) as ViewChain;
}

export function readShape<T extends Held>(rt: Runtime<T>, text: unknown): ShapeReading {
  return JSON.parse(rt.core.readShapeText(bytesOf(rt, text, 'readShape'))) as ShapeReading;
}
