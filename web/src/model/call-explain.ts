// The calls of a program's line that the elementwise views do not draw
// (matmul, reductions, indexing, cat and stack), explained from what the
// program recorded: the call's own trace (MatmulTrace, the reduced dims,
// IndexingTrace) and its operands' and result's shapes. Plain data only:
// the views word it (views/call-panel.ts). A matmul that raised for its
// shapes gets the hint PyTorch's users most often need: the second operand
// transposed (x @ W.T) when its last dim is the one that matches.
import type { IndexingTrace, MatmulTrace, OpTrace, ProgramCall, ProgramStatement, ValueInfo } from 'tensorcast';
import type { ProgramRun } from './program.js';

export type CallExplanation =
  | { kind: 'matmul'; a: number[]; b: number[]; out: number[]; trace: MatmulTrace }
  /** A matmul refused for its shapes; transpose: the operand whose .T would make it run (b for x @ W where W is (n, k)), or null. */
  | { kind: 'matmul-failed'; a: number[]; b: number[]; transpose: 'a' | 'b' | null }
  | { kind: 'reduction'; op: string; input: number[]; out: number[]; dims: number[]; keepdim: boolean }
  | { kind: 'index'; trace: IndexingTrace; out: number[] }
  /** cat joins along an existing dim, stack along a new one (dim: where, from the shapes; null when they do not say). */
  | { kind: 'join'; op: 'cat' | 'stack'; inputs: number[][]; out: number[]; dim: number | null };

const REDUCTIONS: ReadonlySet<string> = new Set(['sum', 'mean', 'prod', 'amax', 'amin', 'max', 'min', 'var', 'std', 'argmax', 'argmin', 'all', 'any', 'logsumexp', 'norm']);

const last = (op: string): string => op.slice(op.lastIndexOf('.') + 1);

/** Each tensor's shape as the program recorded it up to `call`, by id. */
function shapesBefore(program: ProgramRun, call: ProgramCall): Map<number, number[]> {
  const shapes = new Map<number, number[]>();
  const note = (id: number, info: ValueInfo | undefined): void => {
    if (info?.shape != null) shapes.set(id, info.shape);
  };
  for (const s of program.statements) {
    for (const c of s.calls) {
      if (c === call) return shapes;
      c.outputs.forEach((id, i) => note(id, c.outputInfo[i]));
    }
    for (const info of Object.values(s.names)) if (info.id !== null) note(info.id, info);
  }
  return shapes;
}

function opTrace(call: ProgramCall, op: string): OpTrace | undefined {
  return call.traces.find((e): e is OpTrace => e.kind === 'op' && e.op === op);
}

/** The dim a cat or stack joined along, read from the shapes: null when they do not say, or allow more than one. */
function joinDim(op: 'cat' | 'stack', inputs: readonly number[][], out: readonly number[]): number | null {
  const first = inputs[0];
  if (first === undefined) return null;
  const fits = (d: number): boolean => op === 'stack'
    ? out[d] === inputs.length && [...out.slice(0, d), ...out.slice(d + 1)].every((n, i) => n === first[i])
    : out[d] === inputs.reduce((p, s) => p + (s[d] ?? 0), 0) && out.every((n, i) => i === d || inputs.every((s) => s[i] === n));
  const dims = out.map((_, d) => d).filter(fits);
  return dims.length === 1 ? (dims[0] as number) : null;
}

/** Whether explainCall may explain the call: by its op alone, without the program's shapes (cheap, for every line). */
export function mayExplain(call: ProgramCall): boolean {
  const name = last(call.op);
  return name === 'matmul' || name === 'mm' || name === 'bmm' || call.op === 'index' || name === 'cat' || name === 'stack' || name === 'concat' ||
    (REDUCTIONS.has(name) && !call.failed);
}

/** The explanation of one call of a program's line, or null for a call the elementwise views draw or none explains. */
export function explainCall(program: ProgramRun, call: ProgramCall): CallExplanation | null {
  const name = last(call.op);
  const shapes = shapesBefore(program, call);
  const shapeOf = (id: number | undefined): number[] | null => (id === undefined ? null : shapes.get(id) ?? null);
  const out = call.outputInfo[0]?.shape ?? null;
  if (name === 'matmul' || name === 'mm' || name === 'bmm') {
    const a = shapeOf(call.inputs[0]);
    const b = shapeOf(call.inputs[1]);
    if (a === null || b === null) return null;
    const trace = opTrace(call, 'matmul')?.matmul ?? null;
    if (call.failed || trace === null || out === null) return { kind: 'matmul-failed', a, b, transpose: transposeHint(a, b) };
    return { kind: 'matmul', a, b, out, trace };
  }
  if (REDUCTIONS.has(name) && !call.failed && out !== null) {
    const trace = call.traces.find((e): e is OpTrace => e.kind === 'op' && e.reducedDims.length > 0);
    const input = shapeOf(call.inputs[0]);
    if (trace === undefined || input === null) return null;
    return { kind: 'reduction', op: name, input, out, dims: [...trace.reducedDims], keepdim: trace.keepdim };
  }
  if (call.op === 'index' && !call.failed && out !== null) {
    const trace = opTrace(call, 'index')?.indexing ?? null;
    return trace === null ? null : { kind: 'index', trace, out };
  }
  if ((name === 'cat' || name === 'stack' || name === 'concat') && !call.failed && out !== null) {
    const inputs = call.inputs.map((id) => shapeOf(id));
    if (inputs.some((s) => s === null)) return null;
    const op = name === 'stack' ? 'stack' : 'cat';
    return { kind: 'join', op, inputs: inputs as number[][], out, dim: joinDim(op, inputs as number[][], out) };
  }
  return null;
}

/**
 * For a @ b refused: which operand's transpose makes the inner dims meet.
 * b when a's last dim is b's last (x @ W with W of shape (n, k): x @ W.T),
 * else a when a's second-to-last is b's second-to-last; null otherwise.
 */
export function transposeHint(a: readonly number[], b: readonly number[]): 'a' | 'b' | null {
  if (a.length < 1 || b.length < 2) return null;
  const k = a[a.length - 1];
  if (k === b[b.length - 1] && k !== b[b.length - 2]) return 'b';
  if (a.length >= 2 && a[a.length - 2] === b[b.length - 2] && a[a.length - 1] !== b[b.length - 2]) return 'a';
  return null;
}

/** A call of a line the views can open, by its index among the statement's calls, and its text in the code. */
export interface LineChoice {
  index: number;
  text: string;
  /** 'elementwise': the alignment, strides, gradient and in-place views draw it; else its explanation's kind. */
  kind: 'elementwise' | CallExplanation['kind'];
}
