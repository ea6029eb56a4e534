// The shape of a program run as the package hands it out (tc.run, Note
// [Programs] in src/lang/program.h). The C++ side writes this JSON
// (bindings/bind_program.cpp); these types are its one TypeScript source,
// and tests/js/program.test.js checks that the two agree.
import type { DType, ReduceGradTrace, TraceEvent } from './generated/traces.js';

/** Where a statement, an expression or an error sits: 1-based, end exclusive. */
export interface SourceSpan {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** A value as a statement left it. */
export interface ValueInfo {
  /** Python's type name: 'Tensor', 'int', 'float', 'bool', 'torch.Size', 'tuple', 'list', 'torch.dtype', ... */
  type: string;
  /** Python's repr for anything but a tensor ('torch.Size([2, 3])', '3', 'torch.float32'); '' for a tensor. */
  repr: string;
  /** Tensors only (null otherwise): geometry and autograd state. */
  id: number | null;
  /** The storage, numbered 1, 2, ... in order of appearance: equal numbers share memory (views). */
  storage: number | null;
  shape: number[] | null;
  strides: number[] | null;
  offset: number | null;
  dtype: DType | null;
  requiresGrad: boolean;
  /** 'SubBackward0'; null for a leaf or a non-tensor. */
  gradFn: string | null;
  isLeaf: boolean;
  /** Tuples, lists, named tuples (max(dim)): each item. */
  items: ValueInfo[];
}

/** One call a statement made: an operator, a function, a method, an index. */
export interface ProgramCall extends SourceSpan {
  /** 'torch.arange', 'Tensor.reshape', 'sub' (for -), 'matmul' (for @), 'index' (for x[...]), 'add_' (for +=), 'Tensor.backward'. */
  op: string;
  /** Tensor ids in, self first. */
  inputs: number[];
  /** Tensor ids out (two for max(dim)). */
  outputs: number[];
  /** An output shares storage with an input. */
  view: boolean;
  /** It raised (the program's error): no outputs; its traces are what it recorded before (a failed broadcast). */
  failed: boolean;
  /** Each output as the call left it (one per id of outputs): an unnamed intermediate has no other description. */
  outputInfo: ValueInfo[];
  /** The events this call recorded (a slice of its statement's traces). */
  traces: TraceEvent[];
}

export interface ProgramStatement extends SourceSpan {
  /** The statement's text as written. */
  source: string;
  /** The names it bound. */
  names: Record<string, ValueInfo>;
  calls: ProgramCall[];
  /** Everything the core recorded while it ran (the same objects tc.explain.op returns). */
  traces: TraceEvent[];
  /** What its print() calls wrote ('' if none), tensors as PyTorch prints them. */
  output: string;
  /** backward() only: each named leaf that holds a gradient now, e.g. { w: { shape: [3, 1], ... } }. */
  grads: Record<string, ValueInfo>;
}

export interface ProgramError extends SourceSpan {
  /** PyTorch's text (or Python's: "name 'x' is not defined"). */
  message: string;
  /**
   * 'syntax' (cannot be read), 'unsupported' (outside the subset), 'limit' (a ProgramLimits bound),
   * the core's kind ('shape', 'index', 'value', 'type', 'memory', 'autograd', 'policy'),
   * Python's exception in snake case without "Error" ('name', 'type', 'attribute', 'value', 'index',
   * 'zero_division', 'overflow', 'import', 'not_implemented' for what PyTorch has and tensorcast
   * leaves out, 'memory'), or 'internal' (a bug in tensorcast: please report it).
   */
  kind: string;
  /** The exception PyTorch raises: 'RuntimeError', 'TypeError', 'IndexError', 'NameError', 'SyntaxError', ... */
  pythonType: string;
}

/** One gradient brought back to its input's shape during a backward() (Note [Gradient reduction]). */
export interface BackwardStep extends ReduceGradTrace {
  /** The name the input tensor is bound to, or null (an intermediate without a name). */
  name: string | null;
  /** The line of the backward() call. */
  line: number;
}

/**
 * A program's limits (ProgramLimits in src/lang/program.h; docs/limits.md,
 * "Programs"), each an integer of at least 1. Past one, the program's error
 * has kind 'limit' (statements, work) or 'memory' (elements, memory).
 */
export interface RunOptions {
  /** Most statements (default 10,000). */
  maxStatements?: number;
  /** Most elements of any tensor a statement creates, counted as float32 bytes (default 2^24: 64 MiB). */
  maxElements?: number;
  /**
   * Most work units the whole program may spend (default 5 x 10^8, about
   * 175 ms of the slowest ops in wasm): an element read or written by a
   * plain loop is one, a float32 multiply-add a quarter, a float32 exp 16,
   * ... (docs/limits.md). Each op is charged before it starts.
   */
  maxWork?: number;
  /** Most bytes the program's tensors may hold at once (default 2^29: 512 MiB). */
  maxMemory?: number;
}
