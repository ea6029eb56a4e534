// The elementwise ops that take nothing but their operands. Tensorcast and
// Tensor get one method per name (ops.ts), typed by these lists; the core's
// op table (bindings/op_table.cpp) gives each its number at load.

/** Two operands (tensors or numbers), no options: tc.mul(a, b), a.mul(b). */
export const PAIR_OPS = ['mul', 'div', 'pow', 'maximum', 'minimum', 'eq', 'ne', 'lt', 'le', 'gt', 'ge'] as const;
/** One tensor: tc.neg(a), a.neg(). */
export const UNARY_OPS = ['neg', 'abs', 'exp', 'log', 'sqrt', 'relu'] as const;

export type PairOp = (typeof PAIR_OPS)[number];
export type UnaryOp = (typeof UNARY_OPS)[number];
