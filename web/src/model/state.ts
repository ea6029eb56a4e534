// The playground's whole state: what a URL hash or the component's
// attributes can say. Every field is plain data so that a link reproduces a
// view exactly; each field's default and link rules are in props.ts.
import { DTYPES as CORE_DTYPES, OPS as TABLE } from 'tensorcast';
import type { DType } from 'tensorcast';

export const VIEWS = ['align', 'strides', 'grad', 'inplace'] as const;
export type View = (typeof VIEWS)[number];

// The ops the playground offers, and what it knows of each, come from the
// package's op table (the core's, Note [The op table]): every op with two
// or three operands (a unary op has nothing to broadcast against), but
// matmul, whose operands do not broadcast elementwise.
type Offered = Exclude<(typeof TABLE)[number], { family: 'unary' | 'matmul' }>;
export type Op = Offered['name'];
const OFFERED = TABLE.filter((op): op is Offered => op.family !== 'unary' && op.family !== 'matmul');
const INFO = new Map<string, Offered>(OFFERED.map((op) => [op.name, op]));

function info(op: Op): Offered {
  return INFO.get(op) as Offered;
}

/** The groups of the operation menu, in its order. */
export const OP_GROUPS = ['arithmetic', 'comparison', 'where', 'inplace'] as const;
export type OpGroup = (typeof OP_GROUPS)[number];

export function opGroupOf(op: Op): OpGroup {
  const { family, inplace } = info(op);
  if (inplace) return 'inplace';
  return family === 'binary' ? 'arithmetic' : family === 'compare' ? 'comparison' : 'where';
}

/** The offered ops, grouped as the menu lists them (in each group, the table's order). */
export const OPS: readonly Op[] = OP_GROUPS.flatMap((group) =>
  OFFERED.map((op) => op.name).filter((name) => opGroupOf(name) === group));

/** How an operand's values are made: arange, ones, seeded random, or typed. */
export const FILLS = ['arange', 'ones', 'random', 'custom'] as const;
export type Fill = (typeof FILLS)[number];

export const LOSSES = ['sum', 'weighted'] as const;
export type Loss = (typeof LOSSES)[number];

export const LANGS = ['en', 'zh'] as const;
export type Lang = (typeof LANGS)[number];

// 'inherit': the host page's scheme (model/host-scheme.ts), for a course site with a light/dark switch of its own.
export const THEMES = ['auto', 'light', 'dark', 'inherit'] as const;
export type Theme = (typeof THEMES)[number];

/** Predict mode off or on ('1'): a link says predict=1. */
export const PREDICT_MODES = ['0', '1'] as const;
export type PredictMode = (typeof PREDICT_MODES)[number];

/** The dtypes an operand can have: the core's (bool, uint8, int32, int64, float32, float64). */
export const DTYPES: readonly DType[] = CORE_DTYPES;

/** The playground's two modes: two shapes and one op, or a program (the code mode). */
export const MODES = ['shapes', 'code'] as const;
export type Mode = (typeof MODES)[number];

/** The operands a state can name: a and b, and c, where's condition. */
export const OPERANDS = ['a', 'b', 'c'] as const;
export type OperandName = (typeof OPERANDS)[number];

export interface State {
  /** Shapes as typed ("5,3,4,1", "(5, 3)", "torch.empty(5,3)"); c is where's condition. */
  a: string;
  b: string;
  c: string;
  op: Op;
  /** add/sub's alpha, as typed. */
  alpha: string;
  fa: Fill;
  fb: Fill;
  fc: Fill;
  /** Values typed by hand, used when the fill is 'custom'. */
  va: string;
  vb: string;
  vc: string;
  /** View chains applied to each operand before the op (".T", "[:, 1:3]"), as typed (view-chain.ts). */
  ta: string;
  tb: string;
  tc: string;
  /** a's and b's dtypes (c, where's condition, is bool); a link without them means float32. */
  da: DType;
  db: DType;
  seed: number;
  loss: Loss;
  view: View;
  /** The step shown; null means the last one (everything revealed). */
  step: number | null;
  lang: Lang;
  theme: Theme;
  /** Each answer stays hidden until the learner predicts it (model/predict.ts). */
  predict: PredictMode;
  /** Two shapes, or a program: the program itself is in the link beside the state (code-link.ts). */
  mode: Mode;
}

export function fillOf(state: State, name: OperandName): Fill {
  return name === 'a' ? state.fa : name === 'b' ? state.fb : state.fc;
}

export function valuesOf(state: State, name: OperandName): string {
  return name === 'a' ? state.va : name === 'b' ? state.vb : state.vc;
}

export function chainOf(state: State, name: OperandName): string {
  return name === 'a' ? state.ta : name === 'b' ? state.tb : state.tc;
}

/** The dtype an operand's tensor is made with. */
export function dtypeOf(state: State, name: OperandName): DType {
  return name === 'a' ? state.da : name === 'b' ? state.db : 'bool';
}

export function isInplace(op: Op): boolean {
  return info(op).inplace;
}


export function takesAlpha(op: Op): boolean {
  return info(op).alpha;
}

/** The in-place form of an op (add -> add_; an in-place op is its own), or null. */
export function inplaceOf(op: Op): Op | null {
  const { inplace, inplaceForm } = info(op);
  return inplace ? op : (inplaceForm as Op | null);
}

/** The operands an op takes, in the core's order. */
export function operandsOf(op: Op): readonly OperandName[] {
  return info(op).arity === 3 ? ['c', 'a', 'b'] : ['a', 'b'];
}
