// What Tensor, Explain and Tensorcast share of one loaded module: the core's
// functions, the scratch buffer, tensor lifetimes, the op table and the
// checks every handle passes before it reaches wasm. It knows tensors only
// through `wrap` and `isTensor`, given by the facade, so that no module of
// the package imports one that imports it back (as tfjs's kernels depend on
// their backend, not on the user-facing API).
import { describe, fail, int64Value } from './args.js';
import type { Core } from './core.js';
import { OPS, OPS_DIGEST } from './generated/ops.js';
import type { OpInfo } from './generated/ops.js';
import { TensorcastError } from './errors.js';
import type { BroadcastTrace, WarningEvent } from './generated/traces.js';
import { Lifetime } from './lifetime.js';
import { outOfMemoryAdvice, tooManyUntracked, untrackedWarning } from './memory-advice.js';
import type { Census } from './memory-advice.js';
import { Scratch } from './scratch.js';
import { REGISTRY } from './generated/registry.js';
import { BOOL_NUMBER, INT64_NUMBER, NUMBER } from './generated/limits.js';


/** What the runtime needs of a tensor object. */
export interface Held {
  /** The wasm handle; 0 once disposed. */
  _h: number;
  readonly shape: number[];
  /** Inside a tidy scope or not, registered with the collector or not (lifetime.ts). */
  _r: number;
  /** What made it (lifetime.ts). */
  _o: number;
  /** The runtime that made it (a method: Note [What deep walkers see] in tensor.ts). */
  _rt(): unknown;
}

export class Runtime<T extends Held> {
  readonly life: Lifetime;
  readonly scratch: Scratch;
  /** The op table the package was generated from, checked against the core's at load (Note [The op table]). */
  readonly ops: readonly OpInfo[];
  private readonly codes = new Map<string, number>();
  private libraryChecked = false;

  constructor(
    readonly core: Core,
    private readonly wrap: (runtime: Runtime<T>, handle: number) => T,
    readonly isTensor: (value: unknown) => value is T,
    warn: (event: WarningEvent) => void,
  ) {
    this.scratch = new Scratch(core);
    checkOpTable(core);
    this.ops = Object.freeze(OPS.map((op) => Object.freeze({ ...op })));
    this.life = new Lifetime(
      (handle) => core._tc_release(handle),
      this.ops.map((op) => op.name),
      (untracked) => tooManyUntracked(untracked, () => core._tc_storage_bytes()),
      () => warn({ kind: 'warning', warningKind: 'memory', message: untrackedWarning(this.census()), shapes: [] }),
      (message) => warn({ kind: 'warning', warningKind: 'memory', message, shapes: [] }),
    );
    this.ops.forEach((op, code) => this.codes.set(op.name, code));
  }

  /**
   * Calls entry `entry` of the core's library (its index in REGISTRY). The
   * library is checked against REGISTRY on the first call rather than at
   * init(): the core builds the library's table when first asked for it, and
   * on a page that table and the code building it (compiled by the browser
   * on first use) held the first render for about 25 ms, 100 ms on a phone
   * (bench/notes.md, "The first render on a phone"). Only calls by number
   * need the two to agree.
   */
  callEntry(entry: number, method: number, self: number, slotCount: number): number {
    if (!this.libraryChecked) {
      checkLibrary(this.core.libraryNames());
      this.libraryChecked = true;
    }
    return this.core._tc_call_entry(entry, method, self, slotCount);
  }

  /** The op's number across the wasm boundary; undefined for an unknown name. */
  code(name: string): number | undefined {
    return this.codes.get(name);
  }

  /** A new tensor object owning `handle`, made by `origin` (an op code, or a function's name). */
  adopt(handle: number, origin: number | string): T {
    const t = this.wrap(this, handle);
    this.life.adopt(t, typeof origin === 'number' ? origin : this.life.origin(origin));
    return t;
  }

  /** What is alive, for memory warnings and errors. */
  census(): Census {
    const { live, untracked, origins, made } = this.life;
    return { live, untracked, bytes: this.core._tc_storage_bytes(), origins, made };
  }

  /** The core's out-of-memory message with what is alive and what to do. */
  adviseOnMemory(message: string): string {
    return outOfMemoryAdvice(message, this.census());
  }

  /** A live handle of this instance, or a clear error. */
  handle(t: T, fn: string, arg: string): number {
    const what = arg === 'self' ? 'the tensor' : `argument '${arg}'`;
    if (t._rt() !== this)
      fail('instance', `${fn}(): ${what} belongs to another tensorcast instance; each init() with options loads its own module, and tensors cannot move between them`);
    if (t._h === 0)
      fail('disposed', `${fn}(): ${what} is disposed (freed by dispose() or tidy()) and cannot be used`);
    return t._h;
  }

  tensorArg(t: unknown, fn: string, arg: string): number {
    if (!this.isTensor(t))
      fail('type', t === undefined ? `${fn}(): missing argument '${arg}'` : `${fn}(): argument '${arg}' must be a Tensor, not ${describe(t)}`);
    return this.handle(t, fn, arg);
  }

  /**
   * [handle, 0] for a tensor; a number as [its kind, value] (bindings/handles.h):
   * a JavaScript number counts as Python's int when it is a safe integer,
   * else as a float; a boolean as bool; a BigInt as an int (its bits in
   * scratch slot `slot` when it is beyond 2^53).
   */
  operand(x: unknown, fn: string, arg: string, slot = 0): [number, number] {
    if (this.isTensor(x)) return [this.handle(x, fn, arg), 0];
    if (typeof x === 'number') return [NUMBER, x];
    if (typeof x === 'boolean') return [BOOL_NUMBER, x ? 1 : 0];
    if (typeof x === 'bigint') {
      const v = int64Value(x);
      if (typeof v === 'number') return [NUMBER, v];
      this.scratch.writeInt64(slot, v);
      return [INT64_NUMBER, slot];
    }
    return fail('type', x === undefined ? `${fn}(): missing argument '${arg}'` : `${fn}(): argument '${arg}' must be a Tensor, a number, a boolean or a BigInt, not ${describe(x)}`);
  }

  /** Two operands, one result: the hot path (no arrays, no strings unless it fails). */
  op2(code: number, fn: string, a: unknown, b: unknown, alpha: number): T {
    let ha = 0;
    let na = 0;
    let hb = 0;
    let nb = 0;
    if (this.isTensor(a)) ha = this.handle(a, fn, 'input');
    else if (typeof a === 'number') na = a;
    else [ha, na] = this.operand(a, fn, 'input');
    if (this.isTensor(b)) hb = this.handle(b, fn, 'other');
    else if (typeof b === 'number') nb = b;
    else [hb, nb] = this.operand(b, fn, 'other', 1);
    let h: number;
    try {
      h = this.core._tc_op2(code, ha, na, hb, nb, alpha);
    } catch (error) {
      throw this.opContext(error, fn, [a, b]);
    }
    return this.adopt(h, code);
  }

  /** An in-place op: writes into self and hands self back. */
  inplace<S extends T>(code: number, fn: string, self: S, other: unknown, alpha: number): S {
    const h = this.handle(self, fn, 'self');
    const [hb, nb] = this.operand(other, fn, 'other', 1);
    try {
      this.core._tc_op2(code, h, 0, hb, nb, alpha);
    } catch (error) {
      throw this.opContext(error, fn, [self, other]);
    }
    return self;
  }

  op1(code: number, fn: string, input: unknown): T {
    const h = this.tensorArg(input, fn, 'input');
    let out: number;
    try {
      out = this.core._tc_op1(code, h);
    } catch (error) {
      throw this.opContext(error, fn, [input]);
    }
    return this.adopt(out, code);
  }

  op3(code: number, fn: string, condition: unknown, input: unknown, other: unknown): T {
    const hc = this.tensorArg(condition, fn, 'condition');
    const [ha, na] = this.operand(input, fn, 'input', 1);
    const [hb, nb] = this.operand(other, fn, 'other', 2);
    let h: number;
    try {
      h = this.core._tc_op3(code, hc, ha, na, hb, nb);
    } catch (error) {
      throw this.opContext(error, fn, [condition, input, other]);
    }
    return this.adopt(h, code);
  }

  // The core's refusal of an op, with the op, its operands' shapes and, for
  // a shape error of an elementwise op, how they broadcast (matmul's
  // operands do not broadcast whole: its trace is explain.op's); the
  // message stays the core's (PyTorch's).
  private opContext(error: unknown, fn: string, operands: readonly unknown[]): unknown {
    if (!(error instanceof TensorcastError) || error.op !== undefined) return error;
    const shapes = operands.map((x) => (this.isTensor(x) ? x.shape : []));
    const context: { op: string; shapes: number[][]; trace?: BroadcastTrace } = { op: fn, shapes };
    if (error.kind === 'shape' && this.ops.find((op) => op.name === fn)?.family !== 'matmul')
      context.trace = JSON.parse(this.core.explainBroadcast(this.scratch.writeShapes(shapes))) as BroadcastTrace;
    return Object.assign(error, context);
  }

  /** A call taking one handle and giving one. */
  unaryHandle(t: T, fn: string, call: (h: number) => number): T {
    return this.adopt(call(this.handle(t, fn, 'self')), fn);
  }

  /** A call taking a handle and sizes (through the scratch buffer). */
  shaped(t: T, fn: string, sizes: number[], call: (h: number, n: number) => number): T {
    const h = this.handle(t, fn, 'self');
    return this.adopt(call(h, this.scratch.writeInts(sizes)), fn);
  }
}

// The wasm module's library, which must be the one REGISTRY was generated
// from: a package assembled from two builds would call entries by the wrong
// numbers (bindings/ts/registry.ts).
function checkLibrary(names: string): void {
  if (names !== REGISTRY.map((e) => e.name).join(','))
    fail('internal', "the wasm module's library is not the one the package was generated from (a package assembled from two builds?)");
}

// The wasm module's table, which must be the one the TypeScript was
// generated from: a package assembled from two builds would otherwise call
// ops by the wrong numbers. Compared by digest (tc::op_table_digest): the
// table as JSON, parsed and compared whole, took about 13 ms of a page's
// first render (bench/notes.md, "The first render on a phone").
function checkOpTable(core: Core): void {
  if (core._tc_op_table_digest() !== OPS_DIGEST)
    fail('internal', 'the wasm module and the package\'s JavaScript were built from different op tables (src/op_table.h); rebuild the package');
}
