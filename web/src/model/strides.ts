// What the strides view draws: each input's storage, its strides before and
// after expanding (from the op's trace), and, for every output element, the
// storage cell of each input it reads. That mapping is computed by the core:
// a tensor holding its own cell numbers (0, 1, 2, ... in a contiguous
// storage) is broadcast to the output's shape with the core's expand, so the
// values read back are the cells the engine's strides select.
// Shapes too big to make keep everything but their values: their strides
// come from the core's stand-ins (geometry.ts), and the plan from the op run
// on zero-filled stand-ins (plan-run.ts) when the caller has one.
import type { DType, OpTrace, PlanTrace, Tensorcast } from 'tensorcast';
import type { Numbers } from './dtypes.js';
import { numbersOf } from './dtypes.js';
import { contiguousStrides, expandedStrides as standInExpanded } from './geometry.js';
import { MAX_RUN_ELEMENTS } from './limits.js';
import type { Operand } from './operands.js';
import { baseTensorOf, stridedValues, viewOf } from './operands.js';
import type { OpRun } from './run-op.js';

export interface StridedInput {
  /** Our name (a, b, c); the trace's name (self, other, condition) may differ. */
  name: string;
  /** The view's shape (the operand the op sees). */
  shape: number[];
  numel: number;
  /** The shape of the tensor whose storage it is: the typed shape. */
  baseShape: number[];
  strides: number[];
  /** null when broadcasting failed. */
  expandedStrides: number[] | null;
  offset: number;
  bool: boolean;
  dtype: DType;
  /** The storage's cells in memory order; null when the tensor is too big to make (MAX_RUN_ELEMENTS). */
  storage: Numbers | null;
  /** Per output element (row-major): the value read, and the storage cell it comes from. */
  read: Numbers | null;
  cell: Float32Array | null;
  /** Per storage cell: how many output elements read it. */
  readers: Int32Array | null;
  /** The view chain the operand was typed with ('' for none). */
  chain: string;
}

export interface StridesData {
  /** values: null when the op was too big to run for its values (only its plan is known). */
  out: { shape: number[]; strides: number[]; values: Numbers | null; bool: boolean; dtype: DType } | null;
  inputs: StridedInput[];
  plan: PlanTrace | null;
  kernel: string | null;
  /** Output rows per pass of the kernel (2: a broadcast row read once for both). */
  kernelRows: number;
}

function readersOf(cell: Float32Array, size: number): Int32Array {
  const counts = new Int32Array(size);
  for (const c of cell) counts[c] = (counts[c] ?? 0) + 1;
  return counts;
}

/** A dim's stride after expanding to `result` (the core's rule: a size-1 or missing dim is read again, stride 0). */
function expandedOf(shape: readonly number[], strides: readonly number[], result: readonly number[]): number[] {
  const lead = result.length - shape.length;
  return result.map((_, d) => (d < lead || shape[d - lead] === 1 ? 0 : strides[d - lead] as number));
}

/**
 * A program's operand (Operand.storage): its own storage and layout, and
 * what each output element reads of it, by its expanded strides (the op's
 * trace's): the reads are the program's, computed here with nothing run.
 */
function programReads(
  storage: NonNullable<Operand['storage']>, shape: number[], resultShape: number[] | null, resultNumel: number,
  fromTrace: { shape: number[]; strides: number[]; expandedStrides: number[]; offset: number } | undefined,
): Omit<StridedInput, 'name' | 'bool' | 'dtype' | 'numel' | 'chain' | 'baseShape'> {
  const strides = fromTrace?.strides ?? storage.strides;
  const offset = fromTrace?.offset ?? storage.offset;
  const expandedStrides = fromTrace?.expandedStrides ?? (resultShape === null ? null : expandedOf(shape, strides, resultShape));
  let read = null;
  let cell = null;
  if (resultShape !== null && expandedStrides !== null && resultNumel <= MAX_RUN_ELEMENTS) {
    const cells = stridedValues(storage.cells.map((_, i) => i), resultShape, expandedStrides, offset);
    cell = Float32Array.from(cells);
    const values = cells.map((c) => storage.cells[c] as number);
    read = storage.cells instanceof Float32Array ? Float32Array.from(values) : Float64Array.from(values);
  }
  return {
    shape: fromTrace?.shape ?? shape, strides, expandedStrides, offset, storage: storage.cells, read, cell,
    readers: cell === null ? null : readersOf(cell, storage.cells.length),
  };
}

/**
 * tooBig: set when the op was not run because a tensor is too big to make
 * (Computation.valuesOnlyMissing), with the stand-in run's trace if there is one.
 */
export function computeStrides(
  tc: Tensorcast, operands: readonly Operand[], resultShape: number[] | null, run: OpRun | null,
  tooBig: { standIn: OpTrace | null } | null = null,
): StridesData {
  return tc.tidy(() => {
    const resultNumel = resultShape === null ? Infinity : resultShape.reduce((p, s) => p * s, 1);
    const trace = run?.trace ?? tooBig?.standIn ?? null;
    const traced = trace?.operands ?? null;
    const inputs = operands.map((operand, i): StridedInput => {
      const fromTrace = traced?.[i + 1];
      const base = {
        name: operand.name, bool: operand.dtype === 'bool', dtype: operand.dtype, numel: operand.numel,
        chain: operand.chainText.trim(), baseShape: operand.baseShape ?? [],
      };
      if (operand.values === null || operand.shape === null) {
        const shape = operand.shape;
        // Too big to make (or unreadable): the core's stand-ins still give its strides; a view's
        // strides are its chain's, which a contiguous stand-in would not have, so those come only from a trace.
        const plain = shape !== null && operand.chain.length === 0;
        const strides = fromTrace?.strides ?? (plain ? contiguousStrides(tc, shape) : null);
        const expanded = fromTrace?.expandedStrides ?? (plain && resultShape !== null ? standInExpanded(tc, shape, resultShape) : null);
        return {
          ...base, shape: shape ?? [], strides: strides ?? [], expandedStrides: expanded,
          offset: fromTrace?.offset ?? 0, storage: null, read: null, cell: null, readers: null,
        };
      }
      if (operand.storage !== undefined) return { ...base, ...programReads(operand.storage, operand.shape, resultShape, resultNumel, fromTrace) };
      // The storage is the base's; the op reads it through the view.
      const stored = baseTensorOf(tc, operand);
      const storage = numbersOf(stored);
      const x = viewOf(operand, stored);
      let expandedStrides = fromTrace?.expandedStrides ?? null;
      let read = null;
      let cell = null;
      if (resultShape !== null) {
        const expanded = x.broadcastTo(resultShape);
        // Without a trace (the op was too big to run) the strides still come from the core's view.
        expandedStrides ??= expanded.stride() as number[];
        if (resultNumel <= MAX_RUN_ELEMENTS) {
          read = numbersOf(expanded);
          const cells = tc.arange(storage.length, { dtype: 'float32' }).reshape(operand.baseShape as number[]);
          cell = viewOf(operand, cells).broadcastTo(resultShape).data() as Float32Array;
        }
      }
      return {
        ...base,
        shape: fromTrace?.shape ?? operand.shape,
        strides: fromTrace?.strides ?? (x.stride() as number[]),
        expandedStrides,
        offset: fromTrace?.offset ?? x.storageOffset,
        storage,
        read,
        cell,
        readers: cell === null ? null : readersOf(cell, storage.length),
      };
    });
    const outTrace = traced?.[0];
    let out: StridesData['out'] = null;
    // A program's result is drawn from its trace even when the program kept none of its values.
    if (outTrace !== undefined && run !== null && run.shape !== null && (run.values !== null || run.fromProgram === true))
      out = { shape: run.shape, strides: outTrace.strides, values: run.values, bool: run.bool, dtype: run.dtype ?? outTrace.dtype };
    else if (tooBig !== null && resultShape !== null) {
      // Not run for its values: the layout is the stand-in run's, or a new contiguous tensor's.
      const strides = outTrace?.strides ?? contiguousStrides(tc, resultShape);
      if (strides !== null) out = { shape: resultShape, strides, values: null, bool: outTrace?.dtype === 'bool', dtype: outTrace?.dtype ?? 'float32' };
    }
    return { out, inputs, plan: trace?.plan ?? null, kernel: trace?.kernel ?? null, kernelRows: trace?.kernelRows ?? 1 };
  });
}
