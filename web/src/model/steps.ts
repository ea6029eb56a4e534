// The explicit list of steps each view walks through, built from the core's
// traces: one step per column the broadcast rule checked, per stage of the
// engine's plan, per stage of the gradient's reduction. The player moves
// over this list; views draw "everything up to the current step".
import type { Computation } from './compute.js';
import type { View } from './state.js';

export type Step =
  | { view: 'align'; kind: 'typed' }
  | { view: 'align'; kind: 'pad' }
  /** index into the broadcast trace's dims (which run from the right) */
  | { view: 'align'; kind: 'dim'; index: number }
  | { view: 'align'; kind: 'verdict' }
  | { view: 'strides'; kind: 'storage' }
  | { view: 'strides'; kind: 'expand' }
  | { view: 'strides'; kind: 'reorder' }
  | { view: 'strides'; kind: 'coalesce' }
  | { view: 'strides'; kind: 'kernel' }
  | { view: 'grad'; kind: 'forward' }
  | { view: 'grad'; kind: 'incoming' }
  | { view: 'grad'; kind: 'leading' }
  | { view: 'grad'; kind: 'ones' }
  | { view: 'grad'; kind: 'view' }
  /** out is bool (a comparison), or no input is floating-point, or (a program's line) no backward pass ran through it: there is no backward to walk. */
  | { view: 'grad'; kind: 'no-grad' }
  | { view: 'inplace'; kind: 'shapes' }
  | { view: 'inplace'; kind: 'broadcast' }
  | { view: 'inplace'; kind: 'compare' }
  | { view: 'inplace'; kind: 'verdict' }
  /** Nothing to step through: the inputs themselves are the problem. */
  | { view: View; kind: 'problem' };

export type StepKind = Step['kind'];

function alignSteps(c: Computation): Step[] {
  if (c.broadcast === null) return [{ view: 'align', kind: 'problem' }];
  return [
    { view: 'align', kind: 'typed' },
    { view: 'align', kind: 'pad' },
    ...c.broadcast.dims.map((_, index): Step => ({ view: 'align', kind: 'dim', index })),
    { view: 'align', kind: 'verdict' },
  ];
}

function strideSteps(c: Computation): Step[] {
  if (c.broadcast === null) return [{ view: 'strides', kind: 'problem' }];
  if (c.broadcast.result === null) return [{ view: 'strides', kind: 'storage' }];
  const steps: Step[] = [{ view: 'strides', kind: 'storage' }, { view: 'strides', kind: 'expand' }];
  // The plan comes from the op's run, or from a run on stand-ins when the op is too big to show (plan-run.ts).
  if (c.strides.plan !== null)
    steps.push({ view: 'strides', kind: 'reorder' }, { view: 'strides', kind: 'coalesce' }, { view: 'strides', kind: 'kernel' });
  return steps;
}

function gradSteps(c: Computation): Step[] {
  const g = c.gradient;
  if (g !== null && !g.ok && ('boolResult' in g || 'noFloatInput' in g || 'noBackward' in g)) return [{ view: 'grad', kind: 'no-grad' }];
  if (g === null || !g.ok) return [{ view: 'grad', kind: 'problem' }];
  return (['forward', 'incoming', 'leading', 'ones', 'view'] as const).map((kind) => ({ view: 'grad', kind }));
}

function inplaceSteps(c: Computation): Step[] {
  const data = c.inplace;
  if (data === null) return [{ view: 'inplace', kind: 'problem' }];
  if (data.broadcast.result === null)
    return [{ view: 'inplace', kind: 'shapes' }, { view: 'inplace', kind: 'broadcast' }, { view: 'inplace', kind: 'verdict' }];
  return (['shapes', 'broadcast', 'compare', 'verdict'] as const).map((kind) => ({ view: 'inplace', kind }));
}

export function stepsFor(view: View, c: Computation): Step[] {
  switch (view) {
    case 'align':
      return alignSteps(c);
    case 'strides':
      return strideSteps(c);
    case 'grad':
      return gradSteps(c);
    case 'inplace':
      return inplaceSteps(c);
  }
}
