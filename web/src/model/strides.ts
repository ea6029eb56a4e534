// What the strides view draws: each input's storage, its strides before and
// after expanding (from the op's trace), and, for every output element, the
// storage cell of each input it reads. That mapping is computed by the core:
// a tensor holding its own cell numbers (0, 1, 2, ... in a contiguous
// storage) is broadcast to the output's shape with the core's expand, so the
// values read back are the cells the engine's strides select.
import type { PlanTrace, Tensorcast } from 'tensorcast';
import { MAX_RUN_ELEMENTS } from './limits.js';
import type { Operand } from './operands.js';
import { baseTensorOf, viewOf } from './operands.js';
import type { OpRun } from './run-op.js';

export interface StridedInput {
  /** Our name (a, b, c); the trace's name (self, other, condition) may differ. */
  name: string;
  /** The view's shape (the operand the op sees). */
  shape: number[];
  /** The shape of the tensor whose storage it is: the typed shape. */
  baseShape: number[];
  strides: number[];
  /** null when broadcasting failed. */
  expandedStrides: number[] | null;
  offset: number;
  bool: boolean;
  /** The storage's cells in memory order. */
  storage: Float32Array | Uint8Array | null;
  /** Per output element (row-major): the value read, and the storage cell it comes from. */
  read: Float32Array | Uint8Array | null;
  cell: Float32Array | null;
  /** Per storage cell: how many output elements read it. */
  readers: Int32Array | null;
  /** The view chain the operand was typed with ('' for none). */
  chain: string;
}

export interface StridesData {
  out: { shape: number[]; strides: number[]; values: Float32Array | Uint8Array; bool: boolean } | null;
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

export function computeStrides(
  tc: Tensorcast, operands: readonly Operand[], resultShape: number[] | null, run: OpRun | null,
): StridesData {
  return tc.tidy(() => {
    const resultNumel = resultShape === null ? Infinity : resultShape.reduce((p, s) => p * s, 1);
    const traced = run?.trace?.operands ?? null;
    const inputs = operands.map((operand, i): StridedInput => {
      const fromTrace = traced?.[i + 1];
      const base = { name: operand.name, bool: operand.dtype === 'bool', chain: operand.chainText.trim(), baseShape: operand.baseShape ?? [] };
      if (operand.values === null || operand.shape === null)
        return {
          ...base, shape: operand.shape ?? [], strides: fromTrace?.strides ?? [], expandedStrides: fromTrace?.expandedStrides ?? null,
          offset: fromTrace?.offset ?? 0, storage: null, read: null, cell: null, readers: null,
        };
      // The storage is the base's; the op reads it through the view.
      const stored = baseTensorOf(tc, operand);
      const storage = stored.data();
      const x = viewOf(operand, stored);
      let expandedStrides = fromTrace?.expandedStrides ?? null;
      let read = null;
      let cell = null;
      if (resultShape !== null) {
        const expanded = x.broadcastTo(resultShape);
        // Without a trace (the op was too big to run) the strides still come from the core's view.
        expandedStrides ??= expanded.stride() as number[];
        if (resultNumel <= MAX_RUN_ELEMENTS) {
          read = expanded.data();
          const cells = tc.arange(storage.length).reshape(operand.baseShape as number[]);
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
    const out = outTrace !== undefined && run?.values != null && run.shape !== null
      ? { shape: run.shape, strides: outTrace.strides, values: run.values, bool: run.bool }
      : null;
    return { out, inputs, plan: run?.trace?.plan ?? null, kernel: run?.trace?.kernel ?? null, kernelRows: run?.trace?.kernelRows ?? 1 };
  });
}
