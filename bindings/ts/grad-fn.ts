// The name PyTorch prints as grad_fn=<...> for the autograd node the core
// attached (src/autograd/node.h names it by the op). PyTorch numbers the
// overloads of one op (SumBackward0 is sum(), SumBackward1 is sum(dim)), which
// the node's op name alone cannot tell: the facade says which overload it
// called (`overload`), and only for the op that made the node.

const NAMES: Readonly<Record<string, string>> = {
  add: 'AddBackward0',
  sub: 'SubBackward0',
  mul: 'MulBackward0',
  div: 'DivBackward0',
  pow: 'PowBackward0',
  maximum: 'MaximumBackward0',
  minimum: 'MinimumBackward0',
  neg: 'NegBackward0',
  abs: 'AbsBackward0',
  exp: 'ExpBackward0',
  log: 'LogBackward0',
  sqrt: 'SqrtBackward0',
  relu: 'ReluBackward0',
  where: 'WhereBackward0',
  sum: 'SumBackward0',
  clone: 'CloneBackward0',
  expand: 'ExpandBackward0',
  permute: 'PermuteBackward0',
  transpose: 'TransposeBackward0',
  unsqueeze: 'UnsqueezeBackward0',
  squeeze: 'SqueezeBackward0',
  // torch.narrow is a slice.
  narrow: 'SliceBackward0',
  view: 'ViewBackward0',
};

/** An overload the facade called, as [node op, PyTorch's name for it]. */
export type Overload = readonly [op: string, name: string];

/** PyTorch's grad_fn class name for a node of `op`; the op itself if unknown. */
export function gradFnName(op: string, overload: Overload | undefined): string {
  if (overload !== undefined && overload[0] === op) return overload[1];
  return NAMES[op] ?? op;
}
