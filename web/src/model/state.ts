// The playground's whole state: what a URL hash or the component's
// attributes can say. Every field is plain data so that a link reproduces a
// view exactly; each field's default and link rules are in props.ts.

export const VIEWS = ['align', 'strides', 'grad', 'inplace'] as const;
export type View = (typeof VIEWS)[number];

/** The binary ops of the core, where, and the in-place ops. */
export const OPS = [
  'add', 'sub', 'mul', 'div', 'pow', 'maximum', 'minimum',
  'eq', 'ne', 'lt', 'le', 'gt', 'ge',
  'where',
  'add_', 'sub_', 'mul_', 'div_',
] as const;
export type Op = (typeof OPS)[number];

/** How an operand's values are made: arange, ones, seeded random, or typed. */
export const FILLS = ['arange', 'ones', 'random', 'custom'] as const;
export type Fill = (typeof FILLS)[number];

export const LOSSES = ['sum', 'weighted'] as const;
export type Loss = (typeof LOSSES)[number];

export const LANGS = ['en', 'zh'] as const;
export type Lang = (typeof LANGS)[number];

export const THEMES = ['auto', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

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
  seed: number;
  loss: Loss;
  view: View;
  /** The step shown; null means the last one (everything revealed). */
  step: number | null;
  lang: Lang;
  theme: Theme;
}

export function fillOf(state: State, name: OperandName): Fill {
  return name === 'a' ? state.fa : name === 'b' ? state.fb : state.fc;
}

export function valuesOf(state: State, name: OperandName): string {
  return name === 'a' ? state.va : name === 'b' ? state.vb : state.vc;
}

export function isInplace(op: Op): boolean {
  return op.endsWith('_');
}

export function isComparison(op: Op): boolean {
  return op === 'eq' || op === 'ne' || op === 'lt' || op === 'le' || op === 'gt' || op === 'ge';
}

export function takesAlpha(op: Op): boolean {
  return op === 'add' || op === 'sub' || op === 'add_' || op === 'sub_';
}

/** The operands an op takes, in the core's order. */
export function operandsOf(op: Op): readonly OperandName[] {
  return op === 'where' ? ['c', 'a', 'b'] : ['a', 'b'];
}
