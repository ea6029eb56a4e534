// One loaded module and everything done with it: the object init() resolves
// to. Tensors belong to the instance that made it (its own wasm memory and
// handle table); handing one to another instance is a TensorcastError.
import {
  checkBool,
  checkFunction,
  checkIntList,
  checkNumber,
  checkOptions,
  checkSizes,
  describe,
  fail,
  noExtra,
  splitOptions,
} from './args.js';
import type { Core } from './core.js';
import { Explain } from './explain.js';
import { Lifetime } from './lifetime.js';
import type { Owned } from './lifetime.js';
import { fillNested, readSource } from './nested.js';
import { Scratch } from './scratch.js';
import { Tensor, TENSOR_TOKEN } from './tensor.js';
import type { DType, Meta } from './tensor.js';
import { PAIR_OPS, UNARY_OPS } from './op-names.js';
import type { PairOp, UnaryOp } from './op-names.js';
import type { WarningListener, Warnings } from './warnings.js';

/** @internal Proof that init() is the caller. */
export const TENSORCAST_TOKEN: unique symbol = Symbol('tensorcast.Tensorcast');

export interface AlphaOptions {
  /** add: self + alpha * other; sub: self - alpha * other. Default 1. */
  alpha?: number;
}
export interface GradOptions {
  requiresGrad?: boolean;
}
export interface TensorOptions extends GradOptions {
  /** The shape of flat data (row-major). */
  shape?: readonly number[];
  /** Default: 'bool' when every value is a boolean, else 'float32'. */
  dtype?: DType;
}
export type BroadcastPolicy = 'allow' | 'warn' | 'raise';
export interface MemoryInfo {
  /** Tensors alive on the JavaScript side (not yet disposed or collected). */
  tensors: number;
  /** Bytes of tensor storage alive in the module (views share theirs). */
  bytes: number;
  /** The size of the wasm memory (it grows, never shrinks). */
  heapSize: number;
  /** Bytes the module's allocator has handed out and not got back. */
  heapUsed: number;
}

/** @internal An entry of bindings/op_table.cpp. */
export interface OpEntry {
  name: string;
  arity: number;
  inplace: boolean;
  alpha: boolean;
  code: number;
}

// The core's BroadcastPolicy enum, in order.
const POLICIES: readonly BroadcastPolicy[] = ['allow', 'warn', 'raise'];

function alphaOf(options: unknown, fn: string): number {
  if (options === undefined) return 1;
  const { alpha } = checkOptions<AlphaOptions>(options, fn, ['alpha']);
  return alpha === undefined ? 1 : checkNumber(alpha, fn, 'alpha');
}

function policyCode(policy: unknown, fn: string): number {
  const code = POLICIES.indexOf(policy as BroadcastPolicy);
  if (code < 0)
    fail(typeof policy === 'string' ? 'value' : 'type',
      `${fn}(): policy must be 'allow', 'warn' or 'raise', not ${typeof policy === 'string' ? `'${policy}'` : describe(policy)}`);
  return code;
}

// Runs fn between enter() and exit() (a C++ guard pushed and popped), even
// when it throws. An async fn would outlive the scope, so it is refused.
function runScoped<T>(fn: () => T, enter: () => void, exit: () => void, name: string, what: string): T {
  enter();
  let result: T;
  try {
    result = fn();
  } finally {
    exit();
  }
  if (typeof (result as { then?: unknown } | null)?.then === 'function')
    fail('value', `${name}(): fn returned a Promise; ${what} only while fn runs synchronously`);
  return result;
}

function gradFlag(options: GradOptions, fn: string): boolean | undefined {
  return options.requiresGrad === undefined ? undefined : checkBool(options.requiresGrad, fn, 'requiresGrad');
}

function isTensor(value: unknown): value is Owned {
  return value instanceof Tensor;
}

export class Tensorcast {
  /** Whether the running module is the wasm SIMD build. */
  readonly simd: boolean;
  /** The core's traces as plain data (docs/traces.md). */
  readonly explain: Explain;
  /** @internal */
  readonly _core: Core;
  /** @internal */
  readonly _life: Lifetime;
  /** @internal */
  readonly _scratch: Scratch;
  /** @internal */
  readonly _ops: ReadonlyMap<string, OpEntry>;
  /** @internal */
  private readonly _warnings: Warnings;
  /** @internal Op numbers for the hot path, from the core's own table. */
  readonly _c: Readonly<Record<string, number>>;

  /** @internal Use init(). */
  constructor(token: typeof TENSORCAST_TOKEN, core: Core, warnings: Warnings) {
    if (token !== TENSORCAST_TOKEN)
      fail('type', 'Tensorcast cannot be constructed directly; use `const tc = await init()`');
    this._core = core;
    this._warnings = warnings;
    this._life = new Lifetime((handle) => core._tc_release(handle));
    this._scratch = new Scratch(core);
    const entries = (JSON.parse(core.opTable()) as Omit<OpEntry, 'code'>[]).map((e, code) => ({ ...e, code }));
    this._ops = new Map(entries.map((e) => [e.name, e]));
    this._c = Object.fromEntries(entries.map((e) => [e.name, e.code]));
    this.simd = core._tc_simd() !== 0;
    this.explain = new Explain(this);
  }

  // --- making tensors

  /**
   * tensor([[1, 2, 3], [4, 5, 6]]), tensor([1, 2, 3, 4, 5, 6], { shape: [2, 1, 3] }),
   * tensor(7) (0-dimensional), tensor([true, false]) (bool), tensor(float32Array).
   */
  tensor(data: unknown, options?: TensorOptions): Tensor {
    const opts = checkOptions<TensorOptions>(options, 'tensor', ['shape', 'requiresGrad', 'dtype']);
    const source = readSource(data, 'tensor');
    const given = source.shape.reduce((a, b) => a * b, 1);
    let shape = source.shape;
    if (opts.shape !== undefined) {
      shape = checkIntList(opts.shape, 'tensor', 'shape');
      // Negative sizes are left to the core, whose message is PyTorch's.
      if (shape.every((s) => s >= 0)) {
        const needed = shape.reduce((a, b) => a * b, 1);
        if (needed !== given)
          fail('value', `shape [${shape.join(', ')}] needs ${needed} value${needed === 1 ? '' : 's'}, but ${given} ${given === 1 ? 'was' : 'were'} given`);
      }
    }
    if (opts.dtype !== undefined && opts.dtype !== 'float32' && opts.dtype !== 'bool')
      fail(typeof opts.dtype === 'string' ? 'value' : 'type', `tensor(): dtype must be 'float32' or 'bool', not ${typeof opts.dtype === 'string' ? `'${opts.dtype}'` : describe(opts.dtype)}`);
    const grad = gradFlag(opts, 'tensor');
    const make = (bool: boolean): { t: Tensor; sawNumber: boolean } => {
      // The core makes the tensor first: its checks of the size and of the
      // memory run before any value is read.
      const t = this._adopt(this._core._tc_create(bool ? 1 : 0, this._scratch.writeInts(shape)));
      try {
        const address = this._scratch.read(0);
        const core = this._core;
        if (source.typed) {
          if (bool) for (let i = 0; i < source.typed.length; i++) core.HEAPU8[address + i] = source.typed[i] !== 0 ? 1 : 0;
          else core.HEAPF32.set(source.typed, address / 4);
          return { t, sawNumber: !bool };
        }
        const f32 = core.HEAPF32, u8 = core.HEAPU8, base = address / 4;
        const put = bool ? (i: number, v: number) => { u8[address + i] = v !== 0 ? 1 : 0; } : (i: number, v: number) => { f32[base + i] = v; };
        return { t, sawNumber: fillNested(data, source.shape, 'tensor', put) };
      } catch (error) {
        t.dispose();
        throw error;
      }
    };
    // With no dtype given, a bool tensor needs every leaf boolean: guessed
    // from the first, and made again as float32 if a number turns up.
    let made = make(opts.dtype !== undefined ? opts.dtype === 'bool' : source.bool);
    if (opts.dtype === undefined && source.bool && made.sawNumber) {
      made.t.dispose();
      made = make(false);
    }
    return this._withGrad(made.t, grad);
  }

  zeros(shape: readonly number[], options?: GradOptions): Tensor;
  zeros(...sizes: number[]): Tensor;
  zeros(...args: unknown[]): Tensor {
    return this._filled(args, 0, 'zeros');
  }
  ones(shape: readonly number[], options?: GradOptions): Tensor;
  ones(...sizes: number[]): Tensor;
  ones(...args: unknown[]): Tensor {
    return this._filled(args, 1, 'ones');
  }
  full(shape: readonly number[], value: number, options?: GradOptions): Tensor {
    const sizes = checkIntList(shape, 'full', 'size');
    const v = checkNumber(value, 'full', 'fill_value');
    const grad = gradFlag(checkOptions<GradOptions>(options, 'full', ['requiresGrad']), 'full');
    const t = this._adopt(this._core._tc_full(this._scratch.writeInts(sizes), v));
    return this._withGrad(t, grad);
  }
  /** arange(end), arange(start, end), arange(start, end, step): PyTorch's values. */
  arange(end: number, options?: GradOptions): Tensor;
  arange(start: number, end: number, step?: number, options?: GradOptions): Tensor;
  arange(...args: unknown[]): Tensor {
    const [numbers, options] = splitOptions(args);
    if (numbers.length < 1 || numbers.length > 3)
      fail('type', `arange(): expected 1 to 3 numbers (end | start, end[, step]), got ${numbers.length}`);
    const names = numbers.length === 1 ? ['end'] : ['start', 'end', 'step'];
    const [a, b, c] = numbers.map((n, i) => checkNumber(n, 'arange', names[i] as string));
    const grad = gradFlag(checkOptions<GradOptions>(options, 'arange', ['requiresGrad']), 'arange');
    const h = numbers.length === 1 ? this._core._tc_arange(0, a as number, 1) : this._core._tc_arange(a as number, b as number, c ?? 1);
    return this._withGrad(this._adopt(h), grad);
  }

  // --- elementwise ops (each also a Tensor method); mul, div, pow, maximum,
  // minimum, eq, ne, lt, le, gt, ge, neg, abs, exp, log, sqrt and relu are
  // added below the class

  add(input: Tensor | number, other: Tensor | number, options?: AlphaOptions): Tensor {
    return this._binary(this._c.add as number, 'add', input, other, alphaOf(options, 'add'));
  }
  sub(input: Tensor | number, other: Tensor | number, options?: AlphaOptions): Tensor {
    return this._binary(this._c.sub as number, 'sub', input, other, alphaOf(options, 'sub'));
  }
  /** condition (bool) ? input : other, all three broadcast together. */
  where(condition: Tensor, input: Tensor | number, other: Tensor | number): Tensor {
    const hc = this._tensorArg(condition, 'where', 'condition');
    const [ha, na] = this._operand(input, 'where', 'input');
    const [hb, nb] = this._operand(other, 'where', 'other');
    return this._adopt(this._core._tc_op3(this._c.where as number, hc, ha, na, hb, nb));
  }

  // --- shapes

  /** PyTorch's torch.broadcast_shapes: any number of shapes. */
  broadcastShapes(...shapes: (readonly number[])[]): number[] {
    const checked = shapes.map((s, i) => checkIntList(s, 'broadcastShapes', `shapes[${i}]`));
    const ndim = this._core._tc_broadcast_shapes(this._scratch.writeShapes(checked));
    return this._scratch.readInts(0, ndim);
  }
  /** Reads a shape typed by a person: "5,3,4,1", "(5, 3)", "torch.empty(5,3)", "torch.Size([2, 3])". */
  parseShape(text: string): number[] {
    if (typeof text !== 'string') fail('type', `parseShape(): argument 'text' must be a string, not ${describe(text)}`);
    const ndim = this._core._tc_parse_shape(this._scratch.writeBytes(new TextEncoder().encode(text)));
    return this._scratch.readInts(0, ndim);
  }

  // --- modes

  /** Runs fn with autograd off (PyTorch's torch.no_grad()). */
  noGrad<T>(fn: () => T): T {
    const body = checkFunction<() => T>(fn, 'noGrad');
    const core = this._core;
    return runScoped(body, () => core._tc_no_grad_enter(), () => core._tc_no_grad_exit(), 'noGrad', 'autograd is off');
  }
  /** The seeds' backcompat warning (PyTorch's torch.utils.backcompat.broadcast_warning.enabled). */
  setBroadcastWarning(enabled: boolean): void {
    this._core._tc_set_backcompat(checkBool(enabled, 'setBroadcastWarning', 'enabled'));
  }
  /** Receives every warning; returns a function that unsubscribes. */
  onWarning(listener: WarningListener): () => void {
    return this._warnings.on(checkFunction<WarningListener>(listener, 'onWarning'));
  }
  /** What to do with rank promotion and outer-product broadcasts, from now on. */
  setBroadcastPolicy(policy: BroadcastPolicy): void {
    this._core._tc_set_policy(policyCode(policy, 'setBroadcastPolicy'));
  }
  /** The same, only while fn runs. */
  withBroadcastPolicy<T>(policy: BroadcastPolicy, fn: () => T): T {
    const code = policyCode(policy, 'withBroadcastPolicy');
    const body = checkFunction<() => T>(fn, 'withBroadcastPolicy');
    const core = this._core;
    return runScoped(body, () => core._tc_policy_enter(code), () => core._tc_policy_exit(), 'withBroadcastPolicy', 'the policy applies');
  }

  // --- lifetime

  /** Runs fn, then disposes every tensor it made except those it returns. */
  tidy<T>(fn: () => T): T {
    return this._life.tidy(checkFunction<() => T>(fn, 'tidy'), isTensor);
  }
  memory(): MemoryInfo {
    return {
      tensors: this._life.live,
      bytes: this._core._tc_storage_bytes(),
      heapSize: this._core.HEAPU8.byteLength,
      heapUsed: this._core._tc_heap_used(),
    };
  }

  // --- internals shared with Tensor and Explain

  /** @internal */
  _adopt(handle: number): Tensor {
    const t = new Tensor(TENSOR_TOKEN, this, handle);
    this._life.adopt(t);
    return t;
  }
  /** @internal A live handle of this instance, or a clear error. */
  _handle(t: Tensor, fn: string, arg: string): number {
    const what = arg === 'self' ? 'the tensor' : `argument '${arg}'`;
    if (t._tc !== this)
      fail('instance', `${fn}(): ${what} belongs to another tensorcast instance; each init() with options loads its own module, and tensors cannot move between them`);
    if (t._h === 0)
      fail('disposed', `${fn}(): ${what} is disposed (freed by dispose() or tidy()) and cannot be used`);
    return t._h;
  }
  /** @internal */
  _tensorArg(t: unknown, fn: string, arg: string): number {
    if (!(t instanceof Tensor))
      fail('type', t === undefined ? `${fn}(): missing argument '${arg}'` : `${fn}(): argument '${arg}' must be a Tensor, not ${describe(t)}`);
    return this._handle(t, fn, arg);
  }
  /** @internal [handle, 0] for a tensor, [0, value] for a number. */
  _operand(x: unknown, fn: string, arg: string): [number, number] {
    if (x instanceof Tensor) return [this._handle(x, fn, arg), 0];
    if (typeof x === 'number') return [0, x];
    if (typeof x === 'boolean') return [0, x ? 1 : 0];
    return fail('type', x === undefined ? `${fn}(): missing argument '${arg}'` : `${fn}(): argument '${arg}' must be a Tensor or a number, not ${describe(x)}`);
  }
  /** @internal The hot path: no arrays, no strings built unless it fails. */
  _binary(code: number, fn: string, a: unknown, b: unknown, alpha: number): Tensor {
    let ha = 0;
    let na = 0;
    let hb = 0;
    let nb = 0;
    if (a instanceof Tensor) ha = this._handle(a, fn, 'input');
    else if (typeof a === 'number') na = a;
    else [ha, na] = this._operand(a, fn, 'input');
    if (b instanceof Tensor) hb = this._handle(b, fn, 'other');
    else if (typeof b === 'number') nb = b;
    else [hb, nb] = this._operand(b, fn, 'other');
    return this._adopt(this._core._tc_op2(code, ha, na, hb, nb, alpha));
  }
  /** @internal */
  _inplace<T extends Tensor>(name: string, self: T, other: unknown, options: unknown): T {
    const h = this._handle(self, name, 'self');
    const [hb, nb] = this._operand(other, name, 'other');
    this._core._tc_op2(this._c[name] as number, h, 0, hb, nb, alphaOf(options, name));
    return self;
  }
  /** @internal */
  _unary(code: number, fn: string, input: unknown): Tensor {
    return this._adopt(this._core._tc_op1(code, this._tensorArg(input, fn, 'input')));
  }
  /** @internal An op taking one handle and giving one. */
  _unaryHandle(t: Tensor, fn: string, op: (h: number) => number): Tensor {
    return this._adopt(op(this._handle(t, fn, 'self')));
  }
  /** @internal An op taking a handle and sizes (via the scratch buffer). */
  _shaped(t: Tensor, fn: string, sizes: number[], op: (h: number, n: number) => number): Tensor {
    const h = this._handle(t, fn, 'self');
    return this._adopt(op(h, this._scratch.writeInts(sizes)));
  }
  /** @internal */
  _meta(t: Tensor, fn: string): Meta {
    const h = this._handle(t, fn, 'self');
    if (t._m !== undefined) return t._m;
    this._core._tc_info(h);
    const s = this._scratch;
    const ndim = s.read(0);
    const shape = s.readInts(5, ndim);
    t._m = {
      shape,
      strides: s.readInts(5 + ndim, ndim),
      offset: s.read(1),
      dtype: s.read(2) === 1 ? 'bool' : 'float32',
      id: s.read(3),
      contiguous: s.read(4) === 1,
      numel: shape.reduce((a, b) => a * b, 1),
    };
    return t._m;
  }
  /** @internal The values in row-major order, copied out of wasm memory. */
  _read(t: Tensor, fn: string): Float32Array | Uint8Array {
    const m = this._meta(t, fn);
    const address = this._core._tc_read_begin(t._h);
    try {
      // Read the views after readBegin: a contiguous copy may have grown memory.
      return m.dtype === 'bool'
        ? this._core.HEAPU8.slice(address, address + m.numel)
        : this._core.HEAPF32.slice(address / 4, address / 4 + m.numel);
    } finally {
      this._core._tc_read_end();
    }
  }
  /** @internal The same JS object for as long as the gradient stays the same. */
  _grad(t: Tensor): Tensor | null {
    const h = this._handle(t, 'grad', 'self');
    const id = this._core._tc_grad_id(h);
    if (id === 0) return null;
    const cached = t._grad;
    if (cached !== null && cached._h !== 0 && t._gradId === id) return cached;
    const g = this._adopt(this._core._tc_grad(h));
    t._grad = g;
    t._gradId = id;
    return g;
  }

  private _filled(args: unknown[], value: number, fn: string): Tensor {
    const [sizes, options] = splitOptions(args);
    if (sizes.length === 0) fail('type', `${fn}(): missing argument 'size'`);
    const shape = checkSizes(sizes, fn, 'size');
    const grad = gradFlag(checkOptions<GradOptions>(options, fn, ['requiresGrad']), fn);
    const t = this._adopt(this._core._tc_full(this._scratch.writeInts(shape), value));
    return this._withGrad(t, grad);
  }

  // Sets requires_grad on a tensor just made; frees it if the core refuses
  // (a bool tensor cannot require gradients).
  private _withGrad(t: Tensor, flag: boolean | undefined): Tensor {
    if (flag === undefined) return t;
    try {
      this._core._tc_set_requires_grad(t._h, flag);
    } catch (error) {
      t.dispose();
      throw error;
    }
    return t;
  }
}

// The ops that take only operands, one method each (op-names.ts).
export interface Tensorcast
  extends Record<PairOp, (input: Tensor | number, other: Tensor | number) => Tensor>,
    Record<UnaryOp, (input: Tensor) => Tensor> {}
// Anything after the operands is refused: a.mul(b, { alpha: 2 }) would
// otherwise run as a.mul(b) and look as if alpha had been applied.
for (const name of PAIR_OPS)
  Tensorcast.prototype[name] = function (this: Tensorcast, input: Tensor | number, other: Tensor | number, ...extra: unknown[]) {
    noExtra(name, 2, extra);
    return this._binary(this._c[name] as number, name, input, other, 1);
  };
for (const name of UNARY_OPS)
  Tensorcast.prototype[name] = function (this: Tensorcast, input: Tensor, ...extra: unknown[]) {
    noExtra(name, 1, extra);
    return this._unary(this._c[name] as number, name, input);
  };

