// A tensor as JavaScript sees it: a handle into one wasm module's table plus
// the instance that owns it. Its description (shape, strides, dtype) never
// changes, so it is fetched once, on first use, and never on the op path.
import {
  checkBool,
  checkInt,
  checkIntList,
  checkSizes,
  describe,
  fail,
  noExtra,
} from './args.js';
import { unflatten } from './nested.js';
import { PAIR_OPS, UNARY_OPS } from './op-names.js';
import type { PairOp, UnaryOp } from './op-names.js';
import type { Nested } from './nested.js';
import type { AlphaOptions, Tensorcast } from './tensorcast.js';

/** Lets only the instance construct tensors. */
export const TENSOR_TOKEN: unique symbol = Symbol('tensorcast.Tensor');

export type DType = 'float32' | 'bool';

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

export class Tensor {
  /** @internal 0 once disposed. */
  _h: number;
  /** @internal */
  readonly _tc: Tensorcast;
  /** @internal registered with the FinalizationRegistry (lifetime.ts) */
  _r = false;
  /** @internal */
  _m: Meta | undefined = undefined;
  /** @internal the JS object last handed out as .grad, and the core's id for it */
  _grad: Tensor | null = null;
  /** @internal */
  _gradId = 0;

  /** @internal Use tc.tensor(), tc.zeros(), ... to make tensors. */
  constructor(token: typeof TENSOR_TOKEN, tc: Tensorcast, handle: number) {
    if (token !== TENSOR_TOKEN)
      fail('type', 'Tensor cannot be constructed directly; use tc.tensor(), tc.zeros(), tc.ones(), tc.full() or tc.arange()');
    this._tc = tc;
    this._h = handle;
  }

  // --- description

  /** The sizes, e.g. [2, 3] (a fresh array each time). */
  get shape(): number[] {
    return this._tc._meta(this, 'shape').shape.slice();
  }
  get ndim(): number {
    return this._tc._meta(this, 'ndim').shape.length;
  }
  get numel(): number {
    return this._tc._meta(this, 'numel').numel;
  }
  get dtype(): DType {
    return this._tc._meta(this, 'dtype').dtype;
  }
  /** The core's id for this tensor (traces name tensors by it, e.g. inputId). */
  get id(): number {
    return this._tc._meta(this, 'id').id;
  }
  /** The strides in elements, or the stride of one dim. */
  stride(): number[];
  stride(dim: number): number;
  stride(dim?: number): number[] | number {
    const m = this._tc._meta(this, 'stride');
    if (dim === undefined) return m.strides.slice();
    return m.strides[wrapDim(checkInt(dim, 'stride', 'dim'), m.shape.length)] as number;
  }
  get storageOffset(): number {
    return this._tc._meta(this, 'storageOffset').offset;
  }
  isContiguous(): boolean {
    return this._tc._meta(this, 'isContiguous').contiguous;
  }
  /** Whether dispose() or tidy() has freed this tensor. */
  get isDisposed(): boolean {
    return this._h === 0;
  }

  // --- values

  /** A copy of the values in row-major order (Uint8Array of 0/1 for bool). */
  data(): Float32Array | Uint8Array {
    return this._tc._read(this, 'data');
  }
  /** Nested arrays, like PyTorch's tolist() (booleans for a bool tensor). */
  toArray(): Nested {
    const values = this._tc._read(this, 'toArray');
    const m = this._tc._meta(this, 'toArray');
    return unflatten(values, m.shape, m.dtype === 'bool');
  }
  /** The one value of a one-element tensor (bool as 0 or 1). */
  item(): number {
    return this._tc._core._tc_item(this._tc._handle(this, 'item', 'self'));
  }

  // --- elementwise (numbers are operands too); mul, div, pow, maximum,
  // minimum, eq, ne, lt, le, gt, ge, neg, abs, exp, log, sqrt and relu are
  // added below the class

  add(other: Tensor | number, options?: AlphaOptions): Tensor {
    return this._tc.add(this, other, options);
  }
  sub(other: Tensor | number, options?: AlphaOptions): Tensor {
    return this._tc.sub(this, other, options);
  }

  // --- in place: this keeps its shape; on any error it keeps its values too

  add_(other: Tensor | number, options?: AlphaOptions): this {
    return this._tc._inplace('add_', this, other, options);
  }
  sub_(other: Tensor | number, options?: AlphaOptions): this {
    return this._tc._inplace('sub_', this, other, options);
  }
  mul_(other: Tensor | number): this {
    return this._tc._inplace('mul_', this, other, undefined);
  }
  div_(other: Tensor | number): this {
    return this._tc._inplace('div_', this, other, undefined);
  }

  // --- views: share storage, never copy

  /** expand(3, 2, 3) or expand([3, -1, 3]); -1 keeps a size. */
  expand(...sizes: number[] | [readonly number[]]): Tensor {
    return this._tc._shaped(this, 'expand', checkSizes(sizes, 'expand', 'size'), this._tc._core._tc_expand);
  }
  expandAs(other: Tensor): Tensor {
    const tc = this._tc;
    const h = tc._handle(this, 'expandAs', 'self');
    return tc._adopt(tc._core._tc_expand_as(h, tc._tensorArg(other, 'expandAs', 'other')));
  }
  broadcastTo(shape: readonly number[]): Tensor {
    return this._tc._shaped(this, 'broadcastTo', checkIntList(shape, 'broadcastTo', 'size'), this._tc._core._tc_broadcast_to);
  }
  /** permute(1, 0) or permute([1, 0]). */
  permute(...dims: number[] | [readonly number[]]): Tensor {
    return this._tc._shaped(this, 'permute', checkSizes(dims, 'permute', 'dims'), this._tc._core._tc_permute);
  }
  transpose(dim0: number, dim1: number): Tensor {
    const tc = this._tc;
    const d0 = checkInt(dim0, 'transpose', 'dim0');
    const d1 = checkInt(dim1, 'transpose', 'dim1');
    return tc._adopt(tc._core._tc_transpose(tc._handle(this, 'transpose', 'self'), d0, d1));
  }
  unsqueeze(dim: number): Tensor {
    const tc = this._tc;
    const d = checkInt(dim, 'unsqueeze', 'dim');
    return tc._adopt(tc._core._tc_unsqueeze(tc._handle(this, 'unsqueeze', 'self'), d));
  }
  /** Without a dim: every size-1 dim; with one: that dim, if its size is 1. */
  squeeze(dim?: number): Tensor {
    const tc = this._tc;
    if (dim === undefined) return tc._adopt(tc._core._tc_squeeze_all(tc._handle(this, 'squeeze', 'self')));
    const d = checkInt(dim, 'squeeze', 'dim');
    return tc._adopt(tc._core._tc_squeeze_dim(tc._handle(this, 'squeeze', 'self'), d));
  }
  narrow(dim: number, start: number, length: number): Tensor {
    const tc = this._tc;
    const d = checkInt(dim, 'narrow', 'dim');
    const s = checkInt(start, 'narrow', 'start');
    const n = checkInt(length, 'narrow', 'length');
    return tc._adopt(tc._core._tc_narrow(tc._handle(this, 'narrow', 'self'), d, s, n));
  }
  /** view(3, 2) or view([3, -1]): never copies; fails if the strides forbid. */
  view(...shape: number[] | [readonly number[]]): Tensor {
    return this._tc._shaped(this, 'view', checkSizes(shape, 'view', 'shape'), this._tc._core._tc_view);
  }
  /** A view when the strides allow, else a copy. */
  reshape(...shape: number[] | [readonly number[]]): Tensor {
    return this._tc._shaped(this, 'reshape', checkSizes(shape, 'reshape', 'shape'), this._tc._core._tc_reshape);
  }
  contiguous(): Tensor {
    return this._tc._unaryHandle(this, 'contiguous', this._tc._core._tc_contiguous);
  }
  clone(): Tensor {
    return this._tc._unaryHandle(this, 'clone', this._tc._core._tc_clone);
  }

  // --- reductions

  /** sum() over everything (0-D); sum(1); sum([0, 1], true) keeps the dims. */
  sum(dim?: number | readonly number[], keepdim = false): Tensor {
    const tc = this._tc;
    if (dim === undefined) return tc._unaryHandle(this, 'sum', tc._core._tc_sum_all);
    const dims = typeof dim === 'number' ? [checkInt(dim, 'sum', 'dim')] : checkIntList(dim, 'sum', 'dim');
    const keep = checkBool(keepdim, 'sum', 'keepdim');
    const h = tc._handle(this, 'sum', 'self');
    return tc._adopt(tc._core._tc_sum_dims(h, tc._scratch.writeInts(dims), keep));
  }
  /** PyTorch's sum_to: sums this down to a shape it broadcasts from. */
  sumTo(shape: readonly number[]): Tensor {
    return this._tc._shaped(this, 'sumTo', checkIntList(shape, 'sumTo', 'shape'), this._tc._core._tc_sum_to);
  }

  // --- autograd

  get requiresGrad(): boolean {
    return (this._tc._core._tc_flags(this._tc._handle(this, 'requiresGrad', 'self')) & 1) !== 0;
  }
  set requiresGrad(value: boolean) {
    const flag = checkBool(value, 'requiresGrad', 'value');
    this._tc._core._tc_set_requires_grad(this._tc._handle(this, 'requiresGrad', 'self'), flag);
  }
  get isLeaf(): boolean {
    return (this._tc._core._tc_flags(this._tc._handle(this, 'isLeaf', 'self')) & 2) !== 0;
  }
  /** The gradient backward() left here, or null. Set to null to clear it. */
  get grad(): Tensor | null {
    return this._tc._grad(this);
  }
  set grad(value: null) {
    if (value !== null) fail('type', `grad can only be set to null, not ${describe(value)}`);
    this._tc._core._tc_zero_grad(this._tc._handle(this, 'grad', 'self'));
    this._grad = null;
  }
  /** Runs backward from this tensor (one element, or pass a gradient of its shape). */
  backward(gradient?: Tensor): void {
    const tc = this._tc;
    const h = tc._handle(this, 'backward', 'self');
    const g = gradient === undefined ? 0 : tc._tensorArg(gradient, 'backward', 'gradient');
    tc._core._tc_backward(h, g);
  }
  /** The same values, cut from the autograd graph (shares storage). */
  detach(): Tensor {
    return this._tc._unaryHandle(this, 'detach', this._tc._core._tc_detach);
  }

  // --- lifetime

  /** Frees this tensor now (views and results made from it stay valid). Idempotent. */
  dispose(): void {
    this._tc._life.dispose(this);
  }

  toString(): string {
    if (this._h === 0) return 'tensor(<disposed>)';
    const m = this._tc._meta(this, 'toString');
    return `tensor(${JSON.stringify(this.toArray())}, shape=[${m.shape.join(', ')}], dtype=${m.dtype})`;
  }
}

// The ops that take only operands, one method each (op-names.ts).
export interface Tensor
  extends Record<PairOp, (other: Tensor | number) => Tensor>,
    Record<UnaryOp, () => Tensor> {}
for (const name of PAIR_OPS)
  Tensor.prototype[name] = function (this: Tensor, other: Tensor | number, ...extra: unknown[]) {
    noExtra(name, 1, extra);
    return this._tc[name](this, other);
  };
for (const name of UNARY_OPS)
  Tensor.prototype[name] = function (this: Tensor, ...extra: unknown[]) {
    noExtra(name, 0, extra);
    return this._tc[name](this);
  };

// PyTorch's maybe_wrap_dim, for the one dim the facade resolves itself.
function wrapDim(dim: number, ndim: number): number {
  if (ndim === 0) fail('index', `Dimension specified as ${dim} but tensor has no dimensions`);
  const n = ndim;
  if (dim < -n || dim >= n)
    fail('index', `Dimension out of range (expected to be in range of [${-n}, ${n - 1}], but got ${dim})`);
  return dim < 0 ? dim + n : dim;
}
