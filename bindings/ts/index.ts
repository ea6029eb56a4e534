// The package's public API: `import { init, TensorcastError } from 'tensorcast'`.
export { init } from './init.js';
export type { CompiledModule, InitOptions } from './loader.js';
export { TensorcastError } from './errors.js';
export type { ErrorKind } from './errors.js';
export { Tensor } from './tensor.js';
export type { TypedData } from './tensor.js';
export type { Nested, NotPromise, TensorData } from './nested.js';
export { Tensorcast } from './tensorcast.js';
export type { AlphaOptions, CompareOp, DTypeRule, FunctionOp, InplaceOp, MethodOp, OpFamily, OpInfo, OpName } from './generated/ops.js';
// The op table as the package was generated from it (the same as tc.ops,
// which the package checks at load), for code that needs it before init().
export { OPS } from './generated/ops.js';
// Every function of the library, with its PyTorch signatures (the same as
// tc.registry; Note [Op registry]).
export { REGISTRY } from './generated/registry.js';
export type { Family, JsForm, RegistryEntry, RegistryFunctions, RegistryMethods } from './generated/registry.js';
// The most dims a tensor may have (the core's kMaxDims), for code that reads shapes before init().
export { MAX_DIMS } from './generated/limits.js';
export type {
  BroadcastPolicy,
  FactoryOptions,
  GradOptions,
  MemoryInfo,
  TensorOptions,
} from './tensorcast.js';
export type { Explain, ExplainedBackward, ExplainedOp } from './explain.js';
export type { WarningListener } from './warnings.js';
// round's decimals.
export type { RoundOptions } from './generated/ops.js';
export type {
  BroadcastNote,
  BroadcastTrace,
  DimRole,
  DimRule,
  DimStep,
  DType,
  InnerPattern,
  MatmulRoute,
  MatmulTrace,
  OperandTrace,
  OpTrace,
  PlanTrace,
  PromotionCategory,
  PromotionOperandTrace,
  PromotionTrace,
  ReduceGradTrace,
  TraceEvent,
  WarningEvent,
  WarningKind,
} from './generated/traces.js';
export {
  BROADCAST_NOTES,
  DIM_ROLES,
  DIM_RULES,
  DTYPES,
  DTYPE_RULES,
  INNER_PATTERNS,
  MATMUL_ROUTES,
  PROMOTION_CATEGORIES,
  WARNING_KINDS,
} from './generated/traces.js';
// --- indexing
export type { IndexItem } from './indexing.js';
export type { IndexingTrace, IndexItemKind, IndexPlacement, IndexStepTrace } from './generated/traces.js';
export { INDEX_ITEM_KINDS, INDEX_PLACEMENTS } from './generated/traces.js';
// --- text read by the core's grammars: tc.readViewChain, tc.readShape
export type {
  ChainLink,
  ChainOp,
  ChainProblem,
  ChainProblemKind,
  IndexTextItem,
  IndexTextKind,
  ShapeProblem,
  ShapeProblemKind,
  ShapeReading,
  ShapeTextDim,
  ViewChain,
} from './generated/syntax-types.js';
export { CHAIN_OPS, CHAIN_PROBLEM_KINDS, INDEX_TEXT_KINDS, SHAPE_PROBLEM_KINDS } from './generated/syntax-types.js';
// --- programs: tc.run
export type { Program, ProgramValue } from './program.js';
export type {
  BackwardStep,
  CallGradients,
  StepGradients,
  ProgramCall,
  ProgramError,
  ProgramErrorKind,
  ProgramWarning,
  ProgramStatement,
  RunOptions,
  ProgramInput,
  SourceSpan,
  TensorValues,
  ValueInfo,
} from './program-types.js';
