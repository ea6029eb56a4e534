// The shapes of docs/traces.md: what explain.* returns and what the
// playground draws. Plain JSON-able data, camelCase keys, null for "none".

/** Per operand at one dim: 'missing' (no such dim, counts as 1), 'expanded'
 * (its 1 is stretched), 'same', or on a failing dim 'conflict'. */
export type DimRole = 'missing' | 'expanded' | 'same' | 'conflict';
/** 'equal': all present and equal; 'one': a size 1 yields; 'missing': an
 * operand lacks the dim and nothing else yields; 'mismatch': failure. */
export type DimRule = 'equal' | 'one' | 'missing' | 'mismatch';

export interface DimStep {
  dim: number;
  trailing: number;
  sizes: (number | null)[];
  roles: DimRole[];
  rule: DimRule;
  result: number | null;
}

export interface BroadcastTrace {
  kind: 'broadcast';
  inputs: number[][];
  padded: number[][];
  /** In the order the rule is applied: from the right; stops at a failing dim. */
  dims: DimStep[];
  result: number[] | null;
  error: string | null;
  failedDim: number | null;
  notes: ('outer-product' | 'backcompat' | 'rank-promotion')[];
}

export interface OperandTrace {
  name: string;
  shape: number[];
  strides: number[];
  expandedStrides: number[];
  offset: number;
  dtype: 'float32' | 'bool';
}

export interface PlanTrace {
  order: number[];
  groups: number[][];
  shape: number[];
  strides: number[][];
  innerPattern: 'contiguous' | 'scalar-a' | 'scalar-b' | 'strided' | 'reduce-inner' | 'reduce-outer';
}

export interface OpTrace {
  kind: 'op';
  op: string;
  inplace: boolean;
  broadcast: BroadcastTrace;
  /** The output first. */
  operands: OperandTrace[];
  plan: PlanTrace;
  kernel: string;
  /** Rows of the output per pass: 2 when one input is a broadcast row, read once for both (`*_2x8`), else 1. */
  kernelRows: number;
  /** sum only: dims where the input has stride 0 and the sum reduces (not looped, multiplied). */
  repeatedDims: number[];
}

export interface ReduceGradTrace {
  kind: 'reduce-grad';
  op: string;
  inputId: number;
  inputIndex: number;
  gradShape: number[];
  targetShape: number[];
  leadingDims: number[];
  onesDims: number[];
  keepdimShape: number[];
  resultShape: number[];
  viewed: boolean;
}

export type WarningKind = 'backcompat' | 'rank-promotion' | 'outer-product';

export interface WarningEvent {
  kind: 'warning';
  warningKind: WarningKind;
  message: string;
  shapes: number[][];
}

export type TraceEvent = BroadcastTrace | OpTrace | ReduceGradTrace | WarningEvent;
