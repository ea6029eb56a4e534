// A tensor as JavaScript sees it: a handle into one wasm module's table plus
// the runtime that owns it. Its description (shape, strides, dtype) never
// changes, so it is fetched once, on first use, and never on the op path.
import {
  checkBool,
  checkDType,
  checkInt,
  checkIntList,
  checkSizes,
  checkOptions,
  describe,
  fail,
  isPlainObject,
  noExtra,
} from './args.js';
import { OPS } from './generated/ops.js';
import type { OpInfo, OpMethods } from './generated/ops.js';
import type { RegistryMethods } from './generated/registry.js';
import type { DType } from './generated/traces.js';
import { DTYPES } from './generated/traces.js';
import { unflatten } from './nested.js';
import { textAt, typedView } from './typed-view.js';
import { alphaFrom } from './op-args.js';
import { roundWith } from './clamp.js';
import { writeIndex } from './indexing.js';
import { defineMethod } from './registry.js';
import { installConsoleView } from './console-view.js';
import type { IndexItem } from './indexing.js';
import type { Nested } from './nested.js';
import type { Runtime } from './runtime.js';

import type { TypedData } from './typed-view.js';
export type { TypedData };

/** The dtype's code across the wasm boundary (its index in DTYPES). */
export function dtypeCode(dtype: DType): number {
  return DTYPES.indexOf(dtype);
}

const FLOATING: ReadonlySet<DType> = new Set(['float32', 'float64']);

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * An int64 tensor's values for toArray() and item(): numbers when every
 * one is a safe integer (|v| <= 2^53 - 1), so that ordinary code gets
 * ordinary numbers; otherwise all BigInts, so that no value is rounded
 * and the array holds one type.
 */
export function int64Values(values: BigInt64Array): number[] | bigint[] {
  for (const v of values) if (v > SAFE || v < -SAFE) return Array.from(values);
  return Array.from(values, Number);
}

// A number or a list of them (PyTorch's int-or-list arguments).
function intList(value: unknown, fn: string, name: string): number[] {
  return typeof value === 'number' ? [checkInt(value, fn, name)] : checkIntList(value, fn, name);
}

// A reduction's dims: one number, a sequence of them, or none (every dim).
function dimList(dim: unknown, fn: string): number[] {
  return dim === undefined ? [] : intList(dim, fn, 'dim');
}

// The arguments past the first `count` (refused by noExtra): a rest
// parameter would cost an array on every call.
function extraArgs(args: IArguments, count: number): unknown[] {
  return args.length > count ? Array.prototype.slice.call(args, count) : NO_EXTRA;
}
const NO_EXTRA: unknown[] = [];

/** Lets only the instance construct tensors. */
export const TENSOR_TOKEN: unique symbol = Symbol('tensorcast.Tensor');

/** @internal */
export interface Meta {
  shape: number[];
  strides: number[];
  offset: number;
  dtype: DType;
  id: number;
  contiguous: boolean;
  numel: number;
}

// What deep equality compares (node:assert's deepStrictEqual, Jest's and
// Vitest's toEqual, chai's deep equal): an own enumerable property, read only
// when compared. Everything else a tensor holds is private, so that two
// tensors of the same values compare equal and a failed comparison never
// walks the module. Defining it on every tensor would cost ~0.13 us an op
// (Object.defineProperty is a slow path in V8), so it is defined when first
// needed: each of those comparisons reads a value's tag
// (Object.prototype.toString, which reads Symbol.toStringTag) before its keys.
const VALUE: unique symbol = Symbol('tensorcast.value');
function valueGetter(this: Tensor): { dtype: DType; shape: number[]; values: TypedData } | 'disposed' {
  if (this.isDisposed) return 'disposed';
  return { dtype: this.dtype, shape: this.shape, values: this.data() };
}
const VALUE_PROPERTY: PropertyDescriptor = { get: valueGetter, enumerable: true };
// jest-matcher-utils' SERIALIZABLE_PROPERTIES: the properties its copy of an
// object for a failure message keeps (see Tensor's getter of it).
const JEST_SERIALIZABLE: unique symbol = Symbol.for('@jest/serializableProperties') as typeof JEST_SERIALIZABLE;

export class Tensor {
  #h: number;
  readonly #rt: Runtime<Tensor>;
  #r = 0;
  #o = 0;
  #m: Meta | undefined = undefined;
  // The JS object last handed out as .grad, and the core's id for it.
  #grad: Tensor | null = null;
  #gradId = 0;

  /** @internal Use tc.tensor(), tc.zeros(), ... to make tensors. */
  constructor(token: typeof TENSOR_TOKEN, runtime: Runtime<Tensor>, handle: number) {
    if (token !== TENSOR_TOKEN)
      fail('type', 'Tensor cannot be constructed directly; use tc.tensor(), tc.zeros(), tc.ones(), tc.full() or tc.arange()');
    this.#rt = runtime;
    this.#h = handle;
  }

  /** @internal "[object Tensor]"; also makes the values visible to deep equality (see VALUE). */
  get [Symbol.toStringTag](): string {
    if (#h in this && !Object.prototype.hasOwnProperty.call(this, VALUE)) Object.defineProperty(this, VALUE, VALUE_PROPERTY);
    return 'Tensor';
  }
  /**
   * @internal What Jest copies of a tensor to print a failed comparison: the
   * values only. Without it Jest reads every getter up the prototype chain,
   * and `mT` of a tensor that is not a matrix raises, as PyTorch's does.
   */
  get [JEST_SERIALIZABLE](): symbol[] {
    if (#h in this && !Object.prototype.hasOwnProperty.call(this, VALUE)) Object.defineProperty(this, VALUE, VALUE_PROPERTY);
    return [VALUE];
  }

  /** @internal The wasm handle; 0 once disposed. */
  get _h(): number {
    return this.#h;
  }
  /** @internal */
  set _h(handle: number) {
    this.#h = handle;
  }
  /** @internal Inside a tidy scope, or outside and registered with the collector or not (lifetime.ts). */
  get _r(): number {
    return this.#r;
  }
  /** @internal */
  set _r(state: number) {
    this.#r = state;
  }
  /** @internal What made it (lifetime.ts). */
  get _o(): number {
    return this.#o;
  }
  /** @internal */
  set _o(origin: number) {
    this.#o = origin;
  }
  /** @internal A method, not a getter: Note [What deep walkers see]. */
  _rt(): Runtime<Tensor> {
    return this.#rt;
  }

  // --- description

  /** The sizes, e.g. [2, 3] (a fresh array each time). */
  get shape(): number[] {
    return this._meta('shape').shape.slice();
  }
  get ndim(): number {
    return this._meta('ndim').shape.length;
  }
  get numel(): number {
    return this._meta('numel').numel;
  }
  get dtype(): DType {
    return this._meta('dtype').dtype;
  }
  /** The core's id for this tensor (traces name tensors by it, e.g. inputId). */
  get id(): number {
    return this._meta('id').id;
  }
  /** The strides in elements, or the stride of one dim. */
  stride(): number[];
  stride(dim: number): number;
  stride(dim?: number): number[] | number {
    const m = this._meta('stride');
    if (dim === undefined) return m.strides.slice();
    return m.strides[this.#rt.core._tc_stride_dim(checkInt(dim, 'stride', 'dim'), m.shape.length)] as number;
  }
  get storageOffset(): number {
    return this._meta('storageOffset').offset;
  }
  isContiguous(): boolean {
    return this._meta('isContiguous').contiguous;
  }
  /** Whether dispose() or tidy() has freed this tensor. */
  get isDisposed(): boolean {
    return this._h === 0;
  }

  // --- values

  /** A copy of the values in row-major order (Uint8Array of 0/1 for bool). */
  data(): TypedData {
    return this._read('data');
  }
  /**
   * Nested arrays, like PyTorch's tolist() (booleans for a bool tensor). The
   * rank is known only at run time: name the type you expect,
   * `t.toArray<number[][]>()` (it is not checked).
   */
  toArray<T extends Nested = Nested>(): T {
    const values = this._read('toArray');
    const m = this._meta('toArray');
    const flat = values instanceof BigInt64Array ? int64Values(values) : values;
    return unflatten(flat, m.shape, m.dtype === 'bool') as T;
  }
  /** The one value of a one-element tensor (bool as 0 or 1). */
  item(): number | boolean | bigint {
    const m = this._meta('item');
    if (m.numel !== 1) fail('value', `a Tensor with ${m.numel} elements cannot be converted to Scalar`);
    const values = this._read('item');
    if (values instanceof BigInt64Array) return int64Values(values)[0] as number | bigint;
    return m.dtype === 'bool' ? values[0] !== 0 : (values[0] as number);
  }

  // --- dtypes

  /** PyTorch's Tensor.to(dtype): this tensor when it already has the dtype, else a converted copy. */
  to(dtype: DType): Tensor {
    const rt = this.#rt;
    const h = rt.handle(this, 'to', 'self');
    return rt.adopt(rt.core._tc_to_dtype(h, checkDType(dtype, 'to', 'dtype')), 'to');
  }
  float(): Tensor {
    return this.to('float32');
  }
  double(): Tensor {
    return this.to('float64');
  }
  long(): Tensor {
    return this.to('int64');
  }
  int(): Tensor {
    return this.to('int32');
  }
  bool(): Tensor {
    return this.to('bool');
  }

  // --- elementwise ops and their in-place forms: one method per entry of
  // the op table (generated/ops.ts), added below the class. In place, this
  // keeps its shape; on any error it keeps its values too.

  // --- views: share storage, never copy

  /** expand(3, 2, 3) or expand([3, -1, 3]); -1 keeps a size. */
  expand(...sizes: number[] | [readonly number[]]): Tensor {
    return this.#rt.shaped(this, 'expand', checkSizes(sizes, 'expand', 'size'), this.#rt.core._tc_expand);
  }
  expandAs(other: Tensor): Tensor {
    const rt = this.#rt;
    const h = rt.handle(this, 'expandAs', 'self');
    return rt.adopt(rt.core._tc_expand_as(h, rt.tensorArg(other, 'expandAs', 'other')), 'expandAs');
  }
  broadcastTo(shape: readonly number[]): Tensor {
    return this.#rt.shaped(this, 'broadcastTo', checkIntList(shape, 'broadcastTo', 'size'), this.#rt.core._tc_broadcast_to);
  }
  /** permute(1, 0) or permute([1, 0]). */
  permute(...dims: number[] | [readonly number[]]): Tensor {
    return this.#rt.shaped(this, 'permute', checkSizes(dims, 'permute', 'dims'), this.#rt.core._tc_permute);
  }
  /** view(3, 2) or view([3, -1]): never copies; fails if the strides forbid. */
  view(...shape: number[] | [readonly number[]]): Tensor {
    return this.#rt.shaped(this, 'view', checkSizes(shape, 'view', 'shape'), this.#rt.core._tc_view);
  }
  /** A view when the strides allow, else a copy. */
  reshape(...shape: number[] | [readonly number[]]): Tensor {
    return this.#rt.shaped(this, 'reshape', checkSizes(shape, 'reshape', 'shape'), this.#rt.core._tc_reshape);
  }
  // --- mT (PyTorch's TensorShape.cpp; src/ops/views.cpp); transpose, squeeze,
  // flatten, movedim, select, gather, clone and the other views: generated

  /** The last two dims swapped (a matrix or a batch of matrices): PyTorch's Tensor.mT. */
  get mT(): Tensor {
    return this.#rt.unaryHandle(this, 'mT', this.#rt.core._tc_mT);
  }
  // --- indexing (README "Indexing"): PyTorch's x[...]

  /**
   * x[spec]: the text between Python's brackets ('0', ':, None, 1:3',
   * '..., -1', '[0, 2], 1:') or an array with one item per position
   * (Python's tuple): a number, null (None), '...', a slice string (':',
   * '1:3', '::2'), a boolean or a Tensor (int64 positions, or a bool mask).
   * A view when no item is a tensor or a boolean, else a copy.
   */
  index(spec: string | readonly IndexItem<Tensor>[]): Tensor {
    const rt = this.#rt;
    const h = rt.handle(this, 'index', 'self');
    return rt.adopt(rt.core._tc_index(h, writeIndex(rt, spec, 'index')), 'index');
  }
  // --- reductions, clamp, softmax: generated (bindings/ts/registry.ts)

  /** PyTorch's sum_to: sums this down to a shape it broadcasts from. */
  sumTo(shape: readonly number[]): Tensor {
    return this.#rt.shaped(this, 'sumTo', checkIntList(shape, 'sumTo', 'shape'), this.#rt.core._tc_sum_to);
  }

  // --- autograd

  get requiresGrad(): boolean {
    return (this.#rt.core._tc_flags(this.#rt.handle(this, 'requiresGrad', 'self')) & 1) !== 0;
  }
  set requiresGrad(value: boolean) {
    const flag = checkBool(value, 'requiresGrad', 'value');
    // PyTorch's setter's words (python_variable.cpp); the core checks too.
    if (flag && !FLOATING.has(this._meta('requiresGrad').dtype))
      fail('autograd', 'only Tensors of floating point and complex dtype can require gradients');
    this.#rt.core._tc_set_requires_grad(this.#rt.handle(this, 'requiresGrad', 'self'), flag);
  }
  get isLeaf(): boolean {
    return (this.#rt.core._tc_flags(this.#rt.handle(this, 'isLeaf', 'self')) & 2) !== 0;
  }
  /** PyTorch's retains_grad: true for a non-leaf after retainGrad(). */
  get retainsGrad(): boolean {
    return (this.#rt.core._tc_flags(this.#rt.handle(this, 'retainsGrad', 'self')) & 4) !== 0;
  }
  /** The gradient backward() left here, or null. Set it to a Tensor, or to null to clear it. */
  get grad(): Tensor | null {
    const rt = this.#rt;
    const h = rt.handle(this, 'grad', 'self');
    const id = rt.core._tc_grad_id(h);
    if (id === 0) return null;
    // The same JS object for as long as the gradient stays the same.
    const cached = this.#grad;
    if (cached !== null && cached._h !== 0 && this.#gradId === id) return cached;
    const g = rt.adopt(rt.core._tc_grad(h), 'grad');
    this.#grad = g;
    this.#gradId = id;
    return g;
  }
  /**
   * Sets the gradient (PyTorch's `x.grad = g`: g has this tensor's dtype and
   * size, and is not this tensor), or clears it with null.
   */
  set grad(value: Tensor | null) {
    const rt = this.#rt;
    const h = rt.handle(this, 'grad', 'self');
    if (value === null) rt.core._tc_zero_grad(h);
    else if (value instanceof Tensor) rt.core._tc_set_grad(h, rt.handle(value, 'grad', 'value'));
    else fail('type', `grad can only be set to a Tensor or null, not ${describe(value)}`);
    this.#grad = null;
  }
  /**
   * PyTorch's name for the autograd node that made this tensor (its grad_fn,
   * as grad_fn.name() gives it: 'MulBackward0'), or null for a leaf or a
   * tensor made without autograd.
   */
  get gradFn(): string | null {
    const rt = this.#rt;
    const length = rt.core._tc_grad_fn(rt.handle(this, 'gradFn', 'self'));
    return length === 0 ? null : textAt(rt.core.HEAPU8, rt.scratch.read(0), length);
  }
  /** Runs backward from this tensor (one element, or pass a gradient of its shape). */
  backward(gradient?: Tensor): void {
    const rt = this.#rt;
    const h = rt.handle(this, 'backward', 'self');
    const g = gradient === undefined ? 0 : rt.tensorArg(gradient, 'backward', 'gradient');
    rt.core._tc_backward(h, g);
  }
  // --- lifetime

  /** Frees this tensor now (views and results made from it stay valid). Idempotent; never throws. */
  dispose(): void {
    this.#rt.life.dispose(this);
  }

  /** PyTorch's repr: "tensor([[1., 2.],\n        [3., 4.]], requires_grad=True)", summarised past 1000 elements. */
  toString(): string {
    return this.#repr();
  }
  /** The same text as toString(), for JSON.stringify (a repr, not the data: use toArray() for that). */
  toJSON(): string {
    return this.#repr();
  }
  /** @internal Node's util.inspect and console.log. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.#repr();
  }
  // The core's formatter, the one print() in programs uses (Note [Tensor
  // repr] in src/tensor_repr.h).
  #repr(): string {
    if (this._h === 0) return 'tensor(<disposed>)';
    const rt = this.#rt;
    const length = rt.core._tc_repr(this._h);
    return textAt(rt.core.HEAPU8, rt.scratch.read(0), length);
  }

  /** @internal */
  _meta(fn: string): Meta {
    const rt = this.#rt;
    const h = rt.handle(this, fn, 'self');
    if (this.#m !== undefined) return this.#m;
    rt.core._tc_info(h);
    const s = rt.scratch;
    const ndim = s.read(0);
    const shape = s.readInts(5, ndim);
    this.#m = {
      shape,
      strides: s.readInts(5 + ndim, ndim),
      offset: s.read(1),
      dtype: DTYPES[s.read(2)] as DType,
      id: s.read(3),
      contiguous: s.read(4) === 1,
      numel: shape.reduce((a, b) => a * b, 1),
    };
    return this.#m;
  }

  /** @internal The values in row-major order, copied out of wasm memory. */
  _read(fn: string): TypedData {
    const m = this._meta(fn);
    const core = this.#rt.core;
    const address = core._tc_read_begin(this._h);
    try {
      // Read the memory after readBegin: a contiguous copy may have grown it.
      return typedView(core.HEAPU8.buffer, address, m.dtype, m.numel).slice();
    } finally {
      core._tc_read_end();
    }
  }
}

// `using t = tc.ones(3)` disposes t at the end of its block, where the
// engine has Symbol.dispose (Node 20.4+ and current browsers; TypeScript
// 5.2+ compiles `using` with lib esnext.disposable). Assigned here, not
// declared in the class: a computed [Symbol.dispose] would be a method
// named "undefined" on older engines. The global declaration below is the
// one TypeScript's lib esnext.disposable makes, so that these types compile
// with any lib.
declare global {
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}
export interface Tensor {
  /** dispose(), for `using` (where the engine has Symbol.dispose). */
  [Symbol.dispose](): void;
}
const dispose = (Symbol as { dispose?: symbol }).dispose;
if (dispose !== undefined) defineMethod(Tensor.prototype, dispose, Tensor.prototype.dispose);

// Note [What deep walkers see]
// Some libraries copy or print an object by reading every property up its
// prototype chain, getters included: Jest 29's diff of a failed toEqual or
// toBe (jest-matcher-utils' deepCyclicCopyReplaceable; Jest 30 reads
// SERIALIZABLE_PROPERTIES instead, see Tensor's getter of it). What such a
// walker reads of a tensor must neither throw nor make tensors nor lead
// into the module, or the failure it reports is the walk's, not the
// comparison's:
// - the runtime is reached by a method, _rt(), which a walker does not call
//   (the module's lists hold disposed tensors, whose getters throw);
// - methods are not enumerable, as a class body makes them, so that the
//   printed copy shows the values alone;
// - mT, which throws below 2 dims (PyTorch's error) and makes a new tensor
//   each time it is read (a walk that never ends), is found through the
//   last link of the prototype chain, a Proxy that lists no own property.
//   Only lookups that miss Tensor.prototype reach it: the op path never does.
// The other getters (shape, dtype, grad...) are cheap and throw only on a
// disposed tensor, which a failed comparison of one may then report.
{
  const proto = Tensor.prototype as unknown as Record<string, unknown>;
  const hidden = Object.create(Object.getPrototypeOf(proto)) as object;
  Object.defineProperty(hidden, 'mT', Object.getOwnPropertyDescriptor(proto, 'mT') as PropertyDescriptor);
  delete proto.mT;
  // Once the chain is frozen (SES's harden), a Proxy must list its target's
  // keys as they are: the walkers then see mT again, and nothing throws.
  Object.setPrototypeOf(proto, new Proxy(hidden, {
    ownKeys: (target) => (Object.isExtensible(target) ? [] : Reflect.ownKeys(target)),
    getOwnPropertyDescriptor: (target, key) => (Object.isExtensible(target) ? undefined : Reflect.getOwnPropertyDescriptor(target, key)),
  }));
}

// A browser's console shows a tensor's repr: Note [Tensors in the browser console].
installConsoleView((value): value is Tensor => value instanceof Tensor);

// One method per op of the table that is a Tensor method (generated/ops.ts):
// a.add(b, { alpha }), a.relu(), a.add_(b). Anything after the operands is
// refused: a.mul(b, { alpha: 2 }) would otherwise run as a.mul(b) and look
// as if alpha had been applied.
export interface Tensor extends OpMethods<Tensor> {}
// The methods generated from the library's entries (bindings/ts/registry.ts,
// installed by tensorcast.ts): x.mean(0), x.softmax(1), ...
export interface Tensor extends RegistryMethods<Tensor> {}
// The methods read `arguments.length` rather than rest parameters: on the
// op path a rest array is an allocation per call.
OPS.forEach((op: OpInfo, code) => {
  if (op.family !== 'where') defineMethod(Tensor.prototype, op.name, opMethod(op, code));
});

// The Tensor method of the op table's entry `code`.
function opMethod(op: OpInfo, code: number): Function {
  const name = op.name;
  if (op.family === 'unary') {
    return function (this: Tensor) {
      if (arguments.length > 0) alphaFrom(op, 0, arguments);
      return this._rt().op1(code, name, this);
    };
  } else if (op.family === 'matmul') {
    // Both operands are tensors (PyTorch's matmul takes no number): refused
    // here with the package's words, as where's condition is.
    return function (this: Tensor, other: unknown) {
      if (arguments.length > 1) alphaFrom(op, 1, arguments);
      this._rt().tensorArg(other, name, 'other');
      return this._rt().op2(code, name, this, other, 1);
    };
  } else if (op.inplace) {
    return function (this: Tensor, other: unknown) {
      return this._rt().inplace(code, name, this, other, arguments.length > 1 ? alphaFrom(op, 1, arguments) : 1);
    };
  }
  return function (this: Tensor, other: unknown) {
    return this._rt().op2(code, name, this, other, arguments.length > 1 ? alphaFrom(op, 1, arguments) : 1);
  };
}

// round({ decimals }): the op table's round, with PyTorch's
// decimals when given (bindings/ts/clamp.ts).
{
  const code = OPS.findIndex((op) => op.name === 'round');
  defineMethod(Tensor.prototype, 'round', function (this: Tensor) {
    return roundWith(this._rt(), this, code, arguments, 0);
  });
}
