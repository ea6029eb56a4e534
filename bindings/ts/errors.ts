import type { BroadcastTrace } from './generated/traces.js';

// What went wrong, for code that wants to branch on it: the core's kinds
// (its message is PyTorch's text where PyTorch has one), 'internal' (a bug),
// and the package's own ('disposed', 'instance', 'load'), each with its
// meaning: Note [Error kinds] in src/trace_schema.h.
import type { ErrorKind } from './generated/error-kinds.js';
export type { ErrorKind };

/** Every error tensorcast raises. */
export class TensorcastError extends Error {
  readonly kind: ErrorKind;
  // Declared only: set on an op's errors (runtime.ts), absent (not
  // undefined) on the others, so that printing an error shows no empty fields.
  /** The op of the table that refused (e.g. 'add', 'add_'); only on errors an op raised. */
  declare readonly op?: string;
  /** Its operands' shapes, in order ([] for a number); only on errors an op raised. */
  declare readonly shapes?: number[][];
  /** How those shapes broadcast (tc.explain.broadcast's trace); only on an elementwise op's 'shape' errors. */
  declare readonly trace?: BroadcastTrace;

  constructor(message: string, kind: ErrorKind) {
    super(message);
    this.name = 'TensorcastError';
    this.kind = kind;
  }
}
