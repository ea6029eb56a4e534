// The package's generated members (Note [Op registry] in
// src/lang/library.h): tc.mean(x, 0), x.mean(0, { keepdim: true }) and
// every other entry the core generates call the library entry through one
// export (bindings/bind_call.cpp), whose binder is the one a program's call
// goes through: the same overloads, defaults and PyTorch TypeErrors.
//
// A call's arguments in JavaScript: PyTorch's positional arguments in
// order, then at most one plain object of keywords (JavaScript's casing,
// equalNan for equal_nan). Undefined positional arguments at the end are
// left out, as are keywords set to undefined; one before a given argument
// is None (x.mean(undefined, true): every dim, kept), which a parameter
// with a default takes as its default, as PyTorch's binder does. An integer-valued number is
// Python's int, any other number a float; a BigInt an int; an array (or a
// typed array) a list; a string that names a dtype is that dtype, any
// other a str; null is None. The result: a Tensor, a number, a boolean, a
// string, a dtype's name, an array (a list or tuple), or an object of the
// fields of a named tuple ({ values, indices }).
import { describe, fail, int64Value, isPlainObject } from './args.js';
import { GENERATED_FUNCTIONS, GENERATED_METHODS, REGISTRY } from './generated/registry.js';
import type { RawGlobal } from './generated/program-types.js';
import { DTYPES } from './generated/traces.js';
import type { Held, Runtime } from './runtime.js';
import { snake, WireReader, type WireValue } from './value-wire.js';
import { textAt } from './typed-view.js';

// Note [Call slots] in bindings/bind_call.cpp.
const enum Slot { None, False, True, Int, Int64, Float, Tensor, List, Str, DType, Keyword }

// Lists nest at most this deep (Note [Bounded values] in src/lang/value.h).
const MAX_NESTING = 32;
const encoder = new TextEncoder();

class SlotWriter<T extends Held> {
  readonly slots: number[] = [];
  readonly int64s: [number, bigint][] = [];

  /** dtypes: a string naming a dtype is that dtype (a call's argument), else a str (a program's input). */
  constructor(private readonly rt: Runtime<T>, private readonly fn: string, private readonly dtypes = true) {}

  text(s: string): void {
    const bytes = encoder.encode(s);
    this.slots.push(bytes.length);
    for (const b of bytes) this.slots.push(b);
  }

  value(v: unknown, arg: string, depth: number): void {
    const s = this.slots;
    if (v === null) s.push(Slot.None);
    else if (v === true) s.push(Slot.True);
    else if (v === false) s.push(Slot.False);
    else if (typeof v === 'number') s.push(Number.isSafeInteger(v) ? Slot.Int : Slot.Float, v);
    else if (typeof v === 'bigint') this.bigint(v);
    else if (typeof v === 'string') {
      const code = this.dtypes ? (DTYPES as readonly string[]).indexOf(v) : -1;
      if (code >= 0) s.push(Slot.DType, code);
      else {
        s.push(Slot.Str);
        this.text(v);
      }
    } else if (this.rt.isTensor(v)) s.push(Slot.Tensor, this.rt.handle(v, this.fn, arg));
    else if (Array.isArray(v) || (ArrayBuffer.isView(v) && !(v instanceof DataView))) {
      const items = v as ArrayLike<unknown>;
      if (depth >= MAX_NESTING) fail('limit', `${this.fn}(): argument '${arg}' nests lists more than ${MAX_NESTING} deep`);
      s.push(Slot.List, items.length);
      for (let i = 0; i < items.length; i++) {
        if (items[i] === undefined) fail('type', `${this.fn}(): argument '${arg}' has a hole (undefined) at index ${i}`);
        this.value(items[i], arg, depth + 1);
      }
    } else {
      fail('type', `${this.fn}(): argument '${arg}' must be a Tensor, a number, a boolean, a BigInt, a string, null or an array, not ${describe(v)}`);
    }
  }

  private bigint(v: bigint): void {
    const n = int64Value(v);
    if (typeof n === 'number') {
      this.slots.push(Slot.Int, n);
      return;
    }
    this.slots.push(Slot.Int64, 0);
    this.int64s.push([this.slots.length - 1, n]);
  }
}

/**
 * Writes `named` as keyword slots (Note [Call slots]) after `after`
 * doubles of the scratch buffer are reserved: a program's inputs (Note
 * [Program inputs and result] in src/lang/run.cpp), each value as a call's
 * argument would be but a string is always a str. Returns how many slots.
 */
export function writeInputSlots<T extends Held>(rt: Runtime<T>, fn: string, named: Record<string, unknown>): number {
  const w = new SlotWriter(rt, fn, false);
  for (const [name, value] of Object.entries(named)) {
    if (value === undefined) continue;
    w.slots.push(Slot.Keyword);
    w.text(name);
    w.value(value, name, 0);
  }
  const n = rt.scratch.writeInts(w.slots);
  for (const [slot, value] of w.int64s) rt.scratch.writeInt64(slot, value);
  return n;
}

/**
 * Calls entry `entry` of the library (its index in REGISTRY) as a method of
 * `self`, or as a function of torch when self is null; `fn` names the
 * member in the package's own messages.
 */
export function callEntry<T extends Held>(rt: Runtime<T>, entry: number, fn: string, self: T | null,
  args: ArrayLike<unknown>): WireValue<T> {
  let count = args.length;
  while (count > 0 && args[count - 1] === undefined) count--;
  let keywords: Record<string, unknown> | undefined;
  if (count > 0 && isPlainObject(args[count - 1])) keywords = args[--count] as Record<string, unknown>;
  const w = new SlotWriter(rt, fn);
  const selfHandle = self === null ? 0 : rt.handle(self, fn, 'self');
  for (let i = 0; i < count; i++) w.value(args[i] === undefined ? null : args[i], `${i + 1}`, 0);
  if (keywords !== undefined)
    for (const [name, value] of Object.entries(keywords)) {
      if (value === undefined) continue;
      w.slots.push(Slot.Keyword);
      w.text(snake(name));
      w.value(value, name, 0);
    }
  const n = rt.scratch.writeInts(w.slots);
  for (const [slot, value] of w.int64s) rt.scratch.writeInt64(slot, value);
  const r = rt.callEntry(entry, self === null ? 0 : 1, selfHandle, n);
  if (r > 0) return rt.adopt(r, fn);
  const at = rt.scratch.read(0);
  const raw = JSON.parse(textAt(rt.core.HEAPU8, at, -r)) as RawGlobal;
  return new WireReader<T>((h) => rt.adopt(h, fn), { namedAsObject: true, dtypeAsRepr: false }, fn).read(raw);
}

/**
 * Adds the generated functions to `functions` (Tensorcast.prototype) and the
 * generated methods to `methods` (Tensor.prototype). A name either already
 * has is left alone: the package's own member (JsForm::HandWritten) is
 * checked to be in the registry by tests/js/contracts.test.js.
 */
export function installGenerated(functions: object, methods: object): void {
  for (const e of REGISTRY) Object.freeze(e);
  Object.freeze(REGISTRY);
  // Each generated entry's number by its JavaScript name, the first one as a
  // function of torch and as a method: one pass, since this runs when the
  // package is imported (a search per name took about 10 ms of a phone's
  // first render).
  const asFunction = new Map<string, number>();
  const asMethod = new Map<string, number>();
  REGISTRY.forEach((e, i) => {
    if (e.form !== 'generated') return;
    if (e.torch && !asFunction.has(e.js)) asFunction.set(e.js, i);
    if (e.method && !asMethod.has(e.js)) asMethod.set(e.js, i);
  });
  const index = (js: string, method: boolean) => (method ? asMethod : asFunction).get(js) ?? -1;
  for (const js of GENERATED_FUNCTIONS) {
    const entry = index(js, false);
    define(functions, js, function (this: { _rt: Runtime<Held> }) {
      return callEntry(this._rt, entry, js, null, arguments);
    });
  }
  for (const js of GENERATED_METHODS) {
    const entry = index(js, true);
    define(methods, js, function (this: Held) {
      return callEntry(this._rt() as Runtime<Held>, entry, js, this, arguments);
    });
  }
}

function define(target: object, name: string, f: Function): void {
  if (Object.prototype.hasOwnProperty.call(target, name)) return;
  defineMethod(target, name, f);
}

/**
 * Makes f the method `name` of target as a class body would: writable,
 * configurable, not enumerable, so that printing a tensor or a copy of it
 * (Jest's) lists no methods (Note [What deep walkers see] in tensor.ts).
 */
export function defineMethod(target: object, name: PropertyKey, f: Function): void {
  Object.defineProperty(target, name, { value: f, writable: true, configurable: true, enumerable: false });
}
