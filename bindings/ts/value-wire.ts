// A value as the core writes it (bindings/value_json.h: RawGlobal), made
// into JavaScript: what program.get(name) returns and what a generated
// member (bindings/ts/registry.ts) returns. Tensors are adopted once per
// handle, so that one tensor met twice is one Tensor object; a string or
// sequence met again (a 'ref') is the same string or array.
import { fail, int64Value } from './args.js';
import type { RawGlobal } from './generated/program-types.js';

/**
 * A Python value in JavaScript: a Tensor, a number (an int beyond 2^53 as a
 * BigInt), a boolean, a string, null (None), or an array (a tuple, a list,
 * a torch.Size).
 */
export type WireValue<T> = T | number | bigint | boolean | string | null | WireValue<T>[] | { [field: string]: WireValue<T> };

/** A float as the core writes it: Python's spellings of the non-finite ones. */
export function pythonFloat(text: string): number {
  if (text === 'nan') return NaN;
  if (text === 'inf') return Infinity;
  if (text === '-inf') return -Infinity;
  return Number(text);
}

function pythonInt(text: string): number | bigint {
  return int64Value(BigInt(text));
}

/** How the two readers differ. */
export interface WireStyle {
  /** A named tuple (max(dim)'s) as { values, indices } (true) or as an array. */
  namedAsObject: boolean;
  /** A dtype as its Python repr, 'torch.float32' (true), or as the package's DType, 'float32'. */
  dtypeAsRepr: boolean;
}

export class WireReader<T> {
  private readonly tensors = new Map<number, T>();
  // strings and sequences in the order written: what a 'ref' names
  private readonly shared: WireValue<T>[] = [];

  constructor(
    private readonly adopt: (handle: number) => T,
    private readonly style: WireStyle,
    private readonly fn: string,
  ) {}

  read(g: RawGlobal): WireValue<T> {
    switch (g.t) {
      case 'none': return null;
      case 'bool': return g.v;
      case 'int': return pythonInt(g.v);
      case 'float': return pythonFloat(g.v);
      case 'other': return g.v;
      case 'dtype': return this.style.dtypeAsRepr ? `torch.${g.v}` : g.v;
      case 'str':
        this.shared.push(g.v);
        return g.v;
      case 'sequence': {
        if (g.fields !== undefined && this.style.namedAsObject) {
          const named: { [field: string]: WireValue<T> } = {};
          this.shared.push(named);
          g.items.forEach((item, i) => {
            named[g.fields![i] as string] = this.read(item);
          });
          return named;
        }
        const items: WireValue<T>[] = [];
        this.shared.push(items);
        for (const item of g.items) items.push(this.read(item));
        return items;
      }
      case 'ref': {
        const value = this.shared[g.r];
        if (value === undefined) fail('internal', `${this.fn}(): a value refers to value ${g.r}, which was not written before it`);
        return value;
      }
      case 'tensor': {
        let t = this.tensors.get(g.h);
        if (t === undefined) {
          t = this.adopt(g.h);
          this.tensors.set(g.h, t);
        }
        return t;
      }
    }
  }
}

/** JavaScript's casing back to PyTorch's: 'equalNan' -> 'equal_nan' (the inverse of lang::js_name). */
export function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
