// x[...] from JavaScript: the spec as Python's text ('1:3, None') or as an
// array with one item per index position, encoded into the scratch buffer
// for bindings/bind_indexing.cpp (Note [Index items across the boundary]).
// Nothing is parsed here: text, and the string items of the array form
// ('1:3', '...'), are read by the core's subscript grammar.
import { describe, fail } from './args.js';
import type { Held, Runtime } from './runtime.js';

/** One position of the array form: a number, null (None), '...', a slice ('1:3', '::2'), a boolean or a Tensor. */
export type IndexItem<T> = number | null | string | boolean | T;

const SLOTS = 5; // doubles per item

/**
 * Writes `spec` into the scratch buffer; returns the count the core reads
 * it by: n >= 0 items of the array form, or -(bytes + 1) for text.
 */
export function writeIndex<T extends Held>(rt: Runtime<T>, spec: unknown, fn: string): number {
  if (typeof spec === 'string') return -rt.scratch.writeBytes(new TextEncoder().encode(spec)) - 1;
  if (!Array.isArray(spec))
    fail('type', `${fn}(): the index must be a string such as '0, 1:3' or an array such as [0, '1:3'], not ${describe(spec)}`);
  const slots = new Array<number>(spec.length * SLOTS).fill(0);
  // The text area after the slots: the caller's name (for the core's
  // messages), then each string item.
  const texts: string[] = [fn];
  const textSlots: number[] = [];
  spec.forEach((item: unknown, i: number) => {
    const at = i * SLOTS;
    if (typeof item === 'number') {
      if (!Number.isInteger(item))
        fail('index', `only integers, slices (\`:\`), ellipsis (\`...\`), None and long or byte Variables are valid indices (got float) at item ${i}`);
      if (!Number.isSafeInteger(item))
        fail('value', `${fn}(): item ${i} is too large: ${item} (at most ${Number.MAX_SAFE_INTEGER} in magnitude)`);
      slots[at + 1] = item;
    } else if (item === null) {
      slots[at] = 2;
    } else if (item === '...') {
      slots[at] = 3;
    } else if (typeof item === 'boolean') {
      slots[at] = 4;
      slots[at + 1] = item ? 1 : 0;
    } else if (typeof item === 'string') {
      slots[at] = 6;
      textSlots.push(at);
      texts.push(item);
    } else if (rt.isTensor(item)) {
      slots[at] = 5;
      slots[at + 1] = rt.handle(item, fn, `index[${i}]`);
    } else {
      fail('type', `${fn}(): item ${i} must be a number, null, '...', a slice such as '1:3', a boolean or a Tensor, not ${describe(item)}`);
    }
  });
  if (textSlots.length > 0) {
    const spans = rt.scratch.writeTextsAfter(slots.length, texts);
    const name = (spans[0] as [number, number])[1];
    textSlots.forEach((at, k) => {
      const [offset, bytes] = spans[k + 1] as [number, number];
      slots[at + 1] = offset;
      slots[at + 2] = bytes;
      slots[at + 3] = name;
    });
  }
  rt.scratch.writeInts(slots);
  return spec.length;
}
