// One loaded module and everything done with it: the object init() resolves
// to. Tensors belong to the instance that made it (its own wasm memory and
// handle table); handing one to another instance is a TensorcastError.
import {
  checkBool,
  checkDType,
  checkFunction,
  checkInt,
  checkInt64,
  checkIntList,
  checkNumber,
  checkOptions,
  checkSizes,
  describe,
  fail,
  splitOptions,
} from './args.js';
import type { Core } from './core.js';
import type { CompiledModule } from './loader.js';
import { Explain } from './explain.js';
import { OPS } from './generated/ops.js';
import type { OpFunctions, OpInfo } from './generated/ops.js';
import type { DType } from './generated/traces.js';
import { inferDType, readSource, typedDType } from './nested.js';
import type { NotPromise, TensorData, TypedSource } from './nested.js';
import { writeLeaves, writeMixedLeaves, writeTyped } from './fill.js';
import { typedView } from './typed-view.js';
import { MAX_DIMS } from './generated/limits.js';
import { DTYPES } from './generated/traces.js';
import { alphaFrom } from './op-args.js';
import { roundWith } from './clamp.js';
import { installGenerated } from './registry.js';
import { REGISTRY } from './generated/registry.js';
import type { RegistryEntry, RegistryFunctions } from './generated/registry.js';
import { Runtime } from './runtime.js';
import { runProgram } from './program.js';
import type { Program } from './program.js';
import type { RunOptions } from './program-types.js';
import { writeTensorList } from './tensor-list.js';
import { readShape, readViewChain } from './syntax.js';
import type { ShapeReading, ViewChain } from './generated/syntax-types.js';
import { dtypeCode, Tensor, TENSOR_TOKEN } from './tensor.js';
import type { TypedData } from './typed-view.js';
import type { WarningListener, Warnings } from './warnings.js';

/** @internal Proof that init() is the caller. */
export const TENSORCAST_TOKEN: unique symbol = Symbol('tensorcast.Tensorcast');

export interface GradOptions {
  requiresGrad?: boolean;
}
export interface FactoryOptions extends GradOptions {
  /** The element type; each factory says its default. */
  dtype?: DType;
}
export interface TensorOptions extends FactoryOptions {
  /** The shape of flat data (row-major). */
  shape?: readonly number[];
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

// The core's BroadcastPolicy enum, in order.
const POLICIES: readonly BroadcastPolicy[] = ['allow', 'warn', 'raise'];

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

function isTensor(value: unknown): value is Tensor {
  return value instanceof Tensor;
}

function wrap(runtime: Runtime<Tensor>, handle: number): Tensor {
  return new Tensor(TENSOR_TOKEN, runtime, handle);
}

export class Tensorcast {
  /** Whether the running module is the wasm SIMD build. */
  readonly simd: boolean;
  /**
   * How many threads the ops use, the calling one among them: 1 in the
   * single-threaded modules; where threads can run, the machine's cores (at
   * most 4) unless init({ threads }) says otherwise.
   */
  readonly threads: number;
  /**
   * Whether tc.run works: false in the module init({ programs: false })
   * loads, which has no interpreter.
   */
  readonly programs: boolean;
  /** The core's traces as plain data (docs/traces.md). */
  readonly explain: Explain;
  /** Every op, as the core's op table lists it (name, operands, alpha, in-place form, dtype rule, ...). */
  readonly ops: readonly OpInfo[];
  /**
   * Every function of the library, one entry each (Note [Op registry]): its
   * PyTorch signatures, how programs and the package reach it, its family,
   * dtype rule and one-line doc. docs/api.md is written from the same list.
   */
  readonly registry: readonly RegistryEntry[] = REGISTRY;
  /** @internal */
  readonly _rt: Runtime<Tensor>;
  /**
   * The compiled module this instance runs. Post it to a Web Worker and
   * call init({ wasmModule }) there: the worker's instance (its own memory
   * and tensors) starts without fetching or compiling the .wasm again.
   */
  readonly wasmModule: CompiledModule;
  /** @internal */
  private readonly _warnings: Warnings;

  /** @internal Use init(). */
  constructor(token: typeof TENSORCAST_TOKEN, core: Core, warnings: Warnings, wasmModule: WebAssembly.Module) {
    if (token !== TENSORCAST_TOKEN)
      fail('type', 'Tensorcast cannot be constructed directly; use `const tc = await init()`');
    this._warnings = warnings;
    this.wasmModule = wasmModule;
    this._rt = new Runtime<Tensor>(core, wrap, isTensor, (event) => warnings.emit(event));
    this.ops = this._rt.ops;
    this.simd = core._tc_simd() !== 0;
    this.threads = core._tc_threads();
    this.programs = typeof core.runProgram === 'function';
    this.explain = new Explain(this._rt);
  }

  // --- making tensors

  /**
   * tensor([[1, 2, 3], [4, 5, 6]]) (int64), tensor([1.5, 2]) (float32),
   * tensor([1, 2, 3, 4, 5, 6], { shape: [2, 1, 3], dtype: 'float32' }),
   * tensor(7) (0-dimensional), tensor([true, false]) (bool),
   * tensor(new Int32Array([1, 2])) (int32: a typed array keeps its type).
   */
  tensor(data: TensorData, options?: TensorOptions): Tensor {
    const opts = checkOptions<TensorOptions>(options, 'tensor', ['shape', 'requiresGrad', 'dtype']);
    const source = readSource(data, 'tensor');
    const given = source.shape.reduce((a, b) => a * b, 1);
    const shape = opts.shape === undefined ? source.shape : checkIntList(opts.shape, 'tensor', 'shape');
    const wanted = opts.dtype === undefined ? undefined : (DTYPES[checkDType(opts.dtype, 'tensor', 'dtype')] as DType);
    const grad = gradFlag(opts, 'tensor');
    let made: Tensor;
    if (source.typed !== null) {
      // As torch.from_numpy, then .to(dtype) when one is asked for.
      const [own, view] = this._empty(typedDType(source.typed), shape, given);
      this._copiedIn(own, view, source.typed);
      made = wanted === undefined || wanted === own.dtype ? own : this._converted(own, wanted);
    } else {
      // The core checks the shape, the count and the memory before any
      // leaf is read (absurd data is refused at once, not scanned): made
      // first in the dtype asked for, or float32, and made again if the
      // leaves call for another.
      const [first, view] = this._empty(wanted ?? 'float32', shape, given);
      let inferred: DType;
      try {
        inferred = inferDType(data, source.shape, 'tensor');
      } catch (error) {
        first.dispose();
        throw error;
      }
      const target = wanted ?? inferred;
      // An integer dtype asked of data that is not all int64 already is
      // checked value by value in the core, each value by its kind, as
      // torch.tensor checks each Python number (an int wraps into uint8
      // down to -255, a float must be in range).
      if (target === 'uint8' || target === 'int32' || (target === 'int64' && inferred === 'float32')) {
        first.dispose();
        made = this._checkedIntegers(data, source.shape, shape, given, target);
      } else if (target === first.dtype) {
        made = this._written(first, view, data, source.shape);
      } else {
        first.dispose();
        const [t, v] = this._empty(target, shape, given);
        made = this._written(t, v, data, source.shape);
      }
    }
    // Numbers that are all integers infer int64 (JavaScript has no `1.`).
    const intsInferred = wanted === undefined && source.typed === null && made.dtype === 'int64';
    return this._withGrad(made, grad, intsInferred ? 'tensor' : undefined);
  }

  zeros(shape: readonly number[], options?: FactoryOptions): Tensor;
  zeros(...sizes: number[] | [...sizes: number[], options: FactoryOptions]): Tensor;
  zeros(...args: unknown[]): Tensor {
    return this._filled(args, 0, 'zeros');
  }
  ones(shape: readonly number[], options?: FactoryOptions): Tensor;
  ones(...sizes: number[] | [...sizes: number[], options: FactoryOptions]): Tensor;
  ones(...args: unknown[]): Tensor {
    return this._filled(args, 1, 'ones');
  }
  /**
   * full([2, 3], 7) is float32 (a JavaScript number cannot say whether it
   * is 7 or 7.0: see README, "Dtypes"); full([2], true) is bool,
   * full([2], 7n) int64; { dtype } for any other. The value must fit the
   * dtype, as PyTorch checks it.
   */
  full(shape: readonly number[], value: number | boolean | bigint, options?: FactoryOptions): Tensor {
    const sizes = checkIntList(shape, 'full', 'size');
    if (typeof value !== 'number' && typeof value !== 'boolean' && typeof value !== 'bigint')
      fail('type', value === undefined ? "full(): missing argument 'fill_value'" : `full(): argument 'fill_value' must be a number, a boolean or a BigInt, not ${describe(value)}`);
    const opts = checkOptions<FactoryOptions>(options, 'full', ['requiresGrad', 'dtype']);
    const inferred: DType = typeof value === 'boolean' ? 'bool' : typeof value === 'bigint' ? 'int64' : 'float32';
    return this._full(sizes, value, opts, inferred, 'full');
  }
  /**
   * arange(end), arange(start, end), arange(start, end, step): PyTorch's
   * values; int64 when every argument is an integer, else float32, unless
   * { dtype }.
   */
  arange(end: number, options?: FactoryOptions): Tensor;
  arange(start: number, end: number, step?: number, options?: FactoryOptions): Tensor;
  arange(...args: unknown[]): Tensor {
    const [numbers, options] = splitOptions(args);
    if (numbers.length < 1 || numbers.length > 3)
      fail('type', `arange(): expected 1 to 3 numbers (end | start, end[, step]), got ${numbers.length}`);
    const names = numbers.length === 1 ? ['end'] : ['start', 'end', 'step'];
    const [a, b, c] = numbers.map((n, i) => checkNumber(n, 'arange', names[i] as string));
    const opts = checkOptions<FactoryOptions>(options, 'arange', ['requiresGrad', 'dtype']);
    const grad = gradFlag(opts, 'arange');
    const ints = (numbers as number[]).every((n) => Number.isSafeInteger(n));
    const dtype = opts.dtype === undefined ? dtypeCode(ints ? 'int64' : 'float32') : checkDType(opts.dtype, 'arange', 'dtype');
    const core = this._rt.core;
    const h = numbers.length === 1 ? core._tc_arange(0, a as number, 1, dtype) : core._tc_arange(a as number, b as number, c ?? 1, dtype);
    return this._withGrad(this._rt.adopt(h, 'arange'), grad, opts.dtype === undefined && ints ? 'arange' : undefined);
  }

  // --- the factories (src/ops/factories.cpp, src/ops/random.cpp)

  /** torch.linspace: steps values from start to end, both included (float32 unless { dtype }). */
  linspace(start: number, end: number, steps: number, options?: FactoryOptions): Tensor {
    const s = checkNumber(start, 'linspace', 'start');
    const e = checkNumber(end, 'linspace', 'end');
    const n = checkInt(steps, 'linspace', 'steps');
    const opts = checkOptions<FactoryOptions>(options, 'linspace', ['requiresGrad', 'dtype']);
    const dtype = opts.dtype === undefined ? dtypeCode('float32') : checkDType(opts.dtype, 'linspace', 'dtype');
    const grad = gradFlag(opts, 'linspace');
    return this._withGrad(this._rt.adopt(this._rt.core._tc_linspace(s, e, n, dtype), 'linspace'), grad);
  }
  /** torch.eye: an n x m (m defaults to n) matrix with ones on the diagonal (float32 unless { dtype }). */
  eye(n: number, options?: FactoryOptions): Tensor;
  eye(n: number, m: number, options?: FactoryOptions): Tensor;
  eye(n: number, ...rest: unknown[]): Tensor {
    const rows = checkInt(n, 'eye', 'n');
    const [numbers, options] = splitOptions(rest);
    if (numbers.length > 1) fail('type', `eye(): expected n and an optional m, got ${1 + numbers.length} numbers`);
    const cols = numbers.length === 1 ? checkInt(numbers[0], 'eye', 'm') : rows;
    const opts = checkOptions<FactoryOptions>(options, 'eye', ['requiresGrad', 'dtype']);
    const dtype = opts.dtype === undefined ? dtypeCode('float32') : checkDType(opts.dtype, 'eye', 'dtype');
    const grad = gradFlag(opts, 'eye');
    return this._withGrad(this._rt.adopt(this._rt.core._tc_eye(rows, cols, dtype), 'eye'), grad);
  }
  /** torch.zeros_like: t's shape (and memory order), t's dtype unless { dtype }. */
  zerosLike(t: Tensor, options?: FactoryOptions): Tensor {
    return this._like(t, 0, options, 'zerosLike');
  }
  /** torch.ones_like. */
  onesLike(t: Tensor, options?: FactoryOptions): Tensor {
    return this._like(t, 1, options, 'onesLike');
  }
  /** torch.full_like: t's shape, filled with value in t's dtype unless { dtype } (the value must fit). */
  fullLike(t: Tensor, value: number | boolean | bigint, options?: FactoryOptions): Tensor {
    this._rt.tensorArg(t, 'fullLike', 'input');
    if (typeof value !== 'number' && typeof value !== 'boolean' && typeof value !== 'bigint')
      fail('type', value === undefined ? "fullLike(): missing argument 'fill_value'" : `fullLike(): argument 'fill_value' must be a number, a boolean or a BigInt, not ${describe(value)}`);
    return this._like(t, value, options, 'fullLike');
  }
  /**
   * Seeds the generator of rand, randn and randint. NOT PyTorch's numbers:
   * tensorcast's own Philox4x32-10 stream (README, "Random numbers"), the
   * same in every build for the same seed. A number or BigInt in
   * [-2^63, 2^64), as torch.manual_seed takes.
   */
  manualSeed(seed: number | bigint): void {
    if (typeof seed !== 'bigint') checkInt(seed, 'manualSeed', 'seed');
    const s = BigInt(seed as number | bigint);
    if (s < -(1n << 63n) || s >= 1n << 64n) fail('value', 'Overflow when unpacking long');
    this._rt.scratch.writeInt64(0, BigInt.asIntN(64, s));
    this._rt.core._tc_manual_seed();
  }
  /** Uniform in [0, 1): rand(2, 3) or rand([2, 3]), float32 unless { dtype }. Seeded by manualSeed. */
  rand(shape: readonly number[], options?: FactoryOptions): Tensor;
  rand(...sizes: number[] | [...sizes: number[], options: FactoryOptions]): Tensor;
  rand(...args: unknown[]): Tensor {
    return this._random(args, 'rand', this._rt.core._tc_rand);
  }
  /** Standard normal (Box-Muller): randn(2, 3) or randn([2, 3]). Seeded by manualSeed. */
  randn(shape: readonly number[], options?: FactoryOptions): Tensor;
  randn(...sizes: number[] | [...sizes: number[], options: FactoryOptions]): Tensor;
  randn(...args: unknown[]): Tensor {
    return this._random(args, 'randn', this._rt.core._tc_randn);
  }
  /** Uniform integers in [low, high) (int64): randint(high, shape) or randint(low, high, shape), as PyTorch orders them. */
  randint(high: number | bigint, shape: readonly number[], options?: GradOptions): Tensor;
  randint(low: number | bigint, high: number | bigint, shape: readonly number[], options?: GradOptions): Tensor;
  randint(...args: unknown[]): Tensor {
    const [given, options] = splitOptions(args);
    if (given.length < 2 || given.length > 3)
      fail('type', `randint(): expected (high, size) or (low, high, size), got ${given.length} arguments`);
    const bounds = given.slice(0, -1);
    const names = bounds.length === 1 ? ['high'] : ['low', 'high'];
    const ints = bounds.map((b, i) => {
      if (typeof b === 'bigint') return checkInt64(b);
      return BigInt(checkInt(b, 'randint', names[i] as string));
    });
    const [low, high] = ints.length === 1 ? [0n, ints[0] as bigint] : (ints as [bigint, bigint]);
    const shape = checkIntList(given[given.length - 1], 'randint', 'size');
    const opts = checkOptions<GradOptions>(options, 'randint', ['requiresGrad']);
    const grad = gradFlag(opts, 'randint');
    const { core, scratch } = this._rt;
    // The bounds past the shape's slots, written first (writeInts keeps them).
    scratch.writeInt64(shape.length, low);
    scratch.writeInt64(shape.length + 1, high);
    const h = core._tc_randint(scratch.writeInts(shape), dtypeCode('int64'));
    return this._withGrad(this._rt.adopt(h, 'randint'), grad);
  }

  /** torch.result_type: the dtype an op on a and b (tensors, numbers, booleans, BigInts) computes in. */
  resultType(a: unknown, b: unknown): DType {
    const rt = this._rt;
    const [ha, na] = rt.operand(a, 'resultType', 'a', 0);
    const [hb, nb] = rt.operand(b, 'resultType', 'b', 1);
    return DTYPES[rt.core._tc_result_type(ha, na, hb, nb)] as DType;
  }

  // --- elementwise ops: one function per entry of the op table
  // (generated/ops.ts), added below the class

  // --- shapes

  /** PyTorch's torch.broadcast_shapes: any number of shapes. */
  broadcastShapes(...shapes: (readonly number[])[]): number[] {
    const checked = shapes.map((s, i) => checkIntList(s, 'broadcastShapes', `shapes[${i}]`));
    const { core, scratch } = this._rt;
    const ndim = core._tc_broadcast_shapes(scratch.writeShapes(checked));
    return scratch.readInts(0, ndim);
  }
  /** Reads a shape typed by a person: "5,3,4,1", "(5, 3)", "torch.empty(5,3)", "torch.Size([2, 3])". */
  parseShape(text: string): number[] {
    if (typeof text !== 'string') fail('type', `parseShape(): argument 'text' must be a string, not ${describe(text)}`);
    const { core, scratch } = this._rt;
    const ndim = core._tc_parse_shape(scratch.writeBytes(new TextEncoder().encode(text)));
    return scratch.readInts(0, ndim);
  }

  // --- text read by the core's grammars (bindings/ts/syntax.ts)

  /**
   * Reads a shape as a person copies it ("4,3", "4x3", "(B, 3, H, W)",
   * "torch.Size([4, 3])") with the grammar of parseShape, named dims kept;
   * never throws for the text: `problem` says why and where it cannot be read.
   */
  readShape(text: string): ShapeReading {
    return readShape(this._rt, text);
  }
  /**
   * Reads a view chain (".T", ".permute(1, 0)[..., 1:]") with the core's
   * grammar (its x[...] is index()'s); never throws for the text: `problem`
   * says why and where it cannot be read. Nothing is run.
   */
  readViewChain(text: string): ViewChain {
    return readViewChain(this._rt, text);
  }

  // --- joining tensors: cat, stack (src/ops/cat.cpp)

  /**
   * PyTorch's torch.cat: the tensors joined along an existing dim, in their
   * promoted dtype. Tensors of shape [0] are skipped, as in PyTorch.
   */
  cat(tensors: readonly Tensor[], dim = 0): Tensor {
    const rt = this._rt;
    const d = checkInt(dim, 'cat', 'dim');
    const count = writeTensorList(rt, tensors, 'cat', 'tensors');
    return rt.adopt(rt.core._tc_cat(count, d), 'cat');
  }
  /** PyTorch's torch.stack: tensors of one shape joined along a new dim. */
  stack(tensors: readonly Tensor[], dim = 0): Tensor {
    const rt = this._rt;
    const d = checkInt(dim, 'stack', 'dim');
    const count = writeTensorList(rt, tensors, 'stack', 'tensors');
    return rt.adopt(rt.core._tc_stack(count, d), 'stack');
  }

  // --- modes

  /** Runs fn with autograd off (PyTorch's torch.no_grad()). */
  noGrad<T>(fn: () => NotPromise<T>): T {
    const body = checkFunction<() => T>(fn, 'noGrad');
    const core = this._rt.core;
    return runScoped(body, () => core._tc_no_grad_enter(), () => core._tc_no_grad_exit(), 'noGrad', 'autograd is off');
  }
  /** PyTorch's opt-in warning for broadcasts that changed meaning when broadcasting came (torch.utils.backcompat.broadcast_warning.enabled). */
  setBroadcastWarning(enabled: boolean): void {
    this._rt.core._tc_set_backcompat(checkBool(enabled, 'setBroadcastWarning', 'enabled'));
  }
  /** Receives every warning; returns a function that unsubscribes. */
  onWarning(listener: WarningListener): () => void {
    return this._warnings.on(checkFunction<WarningListener>(listener, 'onWarning'));
  }
  /** What to do with rank promotion and outer-product broadcasts, from now on. */
  setBroadcastPolicy(policy: BroadcastPolicy): void {
    this._rt.core._tc_set_policy(policyCode(policy, 'setBroadcastPolicy'));
  }
  /** The same, only while fn runs. */
  withBroadcastPolicy<T>(policy: BroadcastPolicy, fn: () => NotPromise<T>): T {
    const code = policyCode(policy, 'withBroadcastPolicy');
    const body = checkFunction<() => T>(fn, 'withBroadcastPolicy');
    const core = this._rt.core;
    return runScoped(body, () => core._tc_policy_enter(code), () => core._tc_policy_exit(), 'withBroadcastPolicy', 'the policy applies');
  }

  // --- programs

  /**
   * Runs a few lines of PyTorch (README, "Programs"): parsed and run by the
   * core, never evaluated as JavaScript. Never throws for a bad program: the
   * first error, as PyTorch raises it, is in program.error, and the
   * statements before it keep their results. Throws only for a bad argument
   * (code not a string, bad options).
   *   tc.run('x = torch.ones(2, 3)\nprint(x.sum())').printed   // returns 'tensor(6.)\n'
   */
  run(code: string, options?: RunOptions): Program {
    return runProgram(this._rt, code, options);
  }

  // --- lifetime

  /** Runs fn, then disposes every tensor it made except those it returns. */
  tidy<T>(fn: () => NotPromise<T>): T {
    return this._rt.life.tidy(checkFunction<() => T>(fn, 'tidy'), isTensor);
  }
  /** Inside tidy(): t is not disposed when the tidy ends (dispose it yourself). Outside: does nothing. Returns t. */
  keep<T extends Tensor>(t: T): T {
    this._rt.tensorArg(t, 'keep', 't');
    this._rt.life.keep(t);
    return t;
  }
  memory(): MemoryInfo {
    const { core, life } = this._rt;
    return {
      tensors: life.live,
      bytes: core._tc_storage_bytes(),
      heapSize: core.HEAPU8.byteLength,
      heapUsed: core._tc_heap_used(),
    };
  }

  // zerosLike, onesLike, fullLike: the core's full_like.
  private _like(t: Tensor, value: number | boolean | bigint, options: FactoryOptions | undefined, fn: string): Tensor {
    const rt = this._rt;
    const h = rt.tensorArg(t, fn, 'input');
    const opts = checkOptions<FactoryOptions>(options, fn, ['requiresGrad', 'dtype']);
    const dtype = opts.dtype === undefined ? dtypeCode(t.dtype) : checkDType(opts.dtype, fn, 'dtype');
    const grad = gradFlag(opts, fn);
    const [kind, v] = rt.operand(value, fn, 'fill_value', 0);
    return this._withGrad(rt.adopt(rt.core._tc_full_like(h, kind, v, dtype), fn), grad);
  }

  // rand and randn: sizes as zeros() takes them.
  private _random(args: unknown[], fn: string, call: (ndim: number, dtype: number) => number): Tensor {
    const [sizes, options] = splitOptions(args);
    if (sizes.length === 0) fail('type', `${fn}(): missing argument 'size'`);
    const shape = checkSizes(sizes, fn, 'size');
    const opts = checkOptions<FactoryOptions>(options, fn, ['requiresGrad', 'dtype']);
    const dtype = opts.dtype === undefined ? dtypeCode('float32') : checkDType(opts.dtype, fn, 'dtype');
    const grad = gradFlag(opts, fn);
    const rt = this._rt;
    return this._withGrad(rt.adopt(call.call(rt.core, rt.scratch.writeInts(shape), dtype), fn), grad);
  }

  private _filled(args: unknown[], value: number, fn: string): Tensor {
    const [sizes, options] = splitOptions(args);
    if (sizes.length === 0) fail('type', `${fn}(): missing argument 'size'`);
    const shape = checkSizes(sizes, fn, 'size');
    return this._full(shape, value, checkOptions<FactoryOptions>(options, fn, ['requiresGrad', 'dtype']), 'float32', fn);
  }

  private _full(shape: number[], value: number | boolean | bigint, opts: FactoryOptions, inferred: DType, fn: string): Tensor {
    const grad = gradFlag(opts, fn);
    const dtype = opts.dtype === undefined ? dtypeCode(inferred) : checkDType(opts.dtype, fn, 'dtype');
    const rt = this._rt;
    // The value's slot is past the shape's (scratch slots 0 .. ndim - 1).
    const [kind, v] = rt.operand(value, fn, 'fill_value', MAX_DIMS);
    const t = rt.adopt(rt.core._tc_full(rt.scratch.writeInts(shape), kind, v, dtype), fn);
    return this._withGrad(t, grad);
  }

  // An uninitialised tensor of `dtype` made by the core (which checks the
  // shape, the count of values and the memory first), and a view of its
  // storage to fill (valid until the next call into the core).
  private _empty(dtype: DType, shape: readonly number[], given: number): [Tensor, TypedData] {
    const rt = this._rt;
    const t = rt.adopt(rt.core._tc_create(dtypeCode(dtype), rt.scratch.writeInts(shape), given), 'tensor');
    return [t, typedView(rt.core.HEAPU8.buffer, rt.scratch.read(0), dtype, given)];
  }

  // t converted to dtype (PyTorch's .to()), t freed.
  private _converted(t: Tensor, dtype: DType): Tensor {
    try {
      return t.to(dtype);
    } finally {
      t.dispose();
    }
  }

  // typed copied into t's view; t freed if the copy fails (a typed array
  // that went out of bounds of a resizable buffer, or whose buffer was
  // detached since readSource looked: memory that grew in _empty).
  private _copiedIn(t: Tensor, view: TypedData, typed: TypedSource): void {
    try {
      writeTyped(view, typed);
    } catch (error) {
      t.dispose();
      fail('type', `tensor(): could not read the ${typed.constructor.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  // t with the leaves written into view; freed if a leaf is refused.
  private _written(t: Tensor, view: TypedData, data: unknown, dataShape: readonly number[]): Tensor {
    try {
      writeLeaves(view, data, dataShape);
    } catch (error) {
      t.dispose();
      throw error;
    }
    return t;
  }

  // Nested data as torch.tensor(data, dtype=<an integer dtype>) stores it:
  // the leaves read into int64 (ints, bools) and float64 (floats) with a
  // mask of which is which, then checked and converted by the core.
  private _checkedIntegers(data: unknown, dataShape: readonly number[], shape: readonly number[], given: number, dtype: DType): Tensor {
    const rt = this._rt;
    const parts: Tensor[] = [];
    try {
      for (const d of ['int64', 'float64', 'bool'] as const) parts.push(this._empty(d, shape, given)[0]);
      // Views taken after the last allocation: memory may have grown.
      const buffer = rt.core.HEAPU8.buffer;
      const address = (t: Tensor) => rt.core._tc_storage_address(t._h);
      const [ints, floats, mask] = parts as [Tensor, Tensor, Tensor];
      writeMixedLeaves(
        typedView(buffer, address(ints), 'int64', given) as BigInt64Array,
        typedView(buffer, address(floats), 'float64', given) as Float64Array,
        typedView(buffer, address(mask), 'bool', given) as Uint8Array,
        data,
        dataShape,
      );
      return rt.adopt(rt.core._tc_tensor_from_values(ints._h, floats._h, mask._h, dtypeCode(dtype)), 'tensor');
    } finally {
      for (const t of parts) t.dispose();
    }
  }

  // Sets requires_grad on a tensor just made; frees it if the core refuses
  // (a bool tensor cannot require gradients). `inferredInts` names the
  // function whose int64 dtype came from integer numbers, not from a dtype
  // asked for: the refusal then says how to get floats.
  private _withGrad(t: Tensor, flag: boolean | undefined, inferredInts?: string): Tensor {
    if (flag === undefined) return t;
    try {
      // The factories' words (PyTorch's TensorOptions check, capital O).
      if (flag && t.dtype !== 'float32' && t.dtype !== 'float64')
        fail('autograd', 'Only Tensors of floating point and complex dtype can require gradients' +
          (inferredInts === undefined ? '' : intsInferredHint(inferredInts)));
      this._rt.core._tc_set_requires_grad(t._h, flag);
    } catch (error) {
      t.dispose();
      throw error;
    }
    return t;
  }
}

/**
 * What follows PyTorch's refusal when `fn` inferred int64 from integer
 * numbers: JavaScript writes 1.0 as 1, so data a Python user would write as
 * floats infers int64 here, as PyTorch's ints do.
 */
function intsInferredHint(fn: string): string {
  return `. ${fn}() made int64 because every number given is an integer (as PyTorch does for Python ints; ` +
    `JavaScript writes 1.0 as 1): pass { dtype: 'float32' } for a float tensor that can require gradients`;
}

// One function per op of the table that is a function of tc
// (generated/ops.ts): tc.add(a, b, { alpha }), tc.relu(a), tc.where(c, a, b).
export interface Tensorcast extends OpFunctions<Tensor> {}
// As Tensor's methods, without rest parameters on the op path.
OPS.forEach((op: OpInfo, code) => {
  if (op.inplace) return;
  const name = op.name;
  const functions = Tensorcast.prototype as unknown as Record<string, unknown>;
  if (op.family === 'unary') {
    functions[name] = function (this: Tensorcast, input: unknown) {
      if (arguments.length > 1) alphaFrom(op, 1, arguments);
      return this._rt.op1(code, name, input);
    };
  } else if (op.family === 'matmul') {
    functions[name] = function (this: Tensorcast, input: unknown, other: unknown) {
      if (arguments.length > 2) alphaFrom(op, 2, arguments);
      this._rt.tensorArg(input, name, 'input');
      this._rt.tensorArg(other, name, 'other');
      return this._rt.op2(code, name, input, other, 1);
    };
  } else if (op.family === 'where') {
    functions[name] = function (this: Tensorcast, condition: unknown, input: unknown, other: unknown) {
      if (arguments.length > 3) alphaFrom(op, 3, arguments);
      return this._rt.op3(code, name, condition, input, other);
    };
  } else {
    functions[name] = function (this: Tensorcast, input: unknown, other: unknown) {
      return this._rt.op2(code, name, input, other, arguments.length > 2 ? alphaFrom(op, 2, arguments) : 1);
    };
  }
});

// round({ decimals }) (bindings/ts/clamp.ts).
{
  const functions = Tensorcast.prototype as unknown as Record<string, unknown>;
  const code = OPS.findIndex((op) => op.name === 'round');
  functions.round = function (this: Tensorcast, input: unknown) {
    this._rt.tensorArg(input, 'round', 'input');
    return roundWith(this._rt, input as Tensor, code, arguments, 1);
  };
}

// The members generated from the library's entries (bindings/ts/registry.ts,
// Note [Op registry] in src/lang/library.h): tc.mean(x, 0), x.mean(0), ...
export interface Tensorcast extends RegistryFunctions<Tensor> {}
installGenerated(Tensorcast.prototype, Tensor.prototype);
