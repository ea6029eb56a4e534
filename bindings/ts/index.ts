// The package's public API: `import { init, TensorcastError } from 'tensorcast'`.
export { init } from './init.js';
export type { InitOptions } from './loader.js';
export { TensorcastError } from './errors.js';
export type { ErrorKind } from './errors.js';
export { Tensor } from './tensor.js';
export type { DType } from './tensor.js';
export type { Nested } from './nested.js';
export { Tensorcast } from './tensorcast.js';
export type {
  AlphaOptions,
  BroadcastPolicy,
  GradOptions,
  MemoryInfo,
  TensorOptions,
} from './tensorcast.js';
export type { Explain, ExplainedBackward, ExplainedOp } from './explain.js';
export type { WarningListener } from './warnings.js';
export type {
  BroadcastTrace,
  DimRole,
  DimRule,
  DimStep,
  OperandTrace,
  OpTrace,
  PlanTrace,
  ReduceGradTrace,
  TraceEvent,
  WarningEvent,
  WarningKind,
} from './traces.js';
