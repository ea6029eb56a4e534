// The backward view of a program, one step at a time: backward() starts at
// its tensor, then each gradient the core sent back (a BackwardStep, the
// trace of Note [Gradient reduction]) is drawn on the graph's arrow it went
// back along, and explained as the gradient view explains its own inputs:
// the same words for leading and size-1 dims (m.grad), the same core call
// (reductionCall) and the same stages with their arrows (stageArrow). The
// program's tensors are freed once it has run: a step's numbers are the
// record's (stepValues: Note [Call gradients]), never computed again.
import { SceneBuilder, WRAP_WIDTH, textWidth } from '../diagram/scene.js';
import type { Scene } from '../diagram/scene.js';
import type { Palette } from '../diagram/palette.js';
import type { Messages } from '../i18n/messages.js';
import { formatElement, formatShape } from '../model/format.js';
import { stridedValues } from '../model/operands.js';
import type { TensorValues } from 'tensorcast';
import { reductionShapes } from '../model/gradient.js';
import type { BackwardPlayStep, GraphBackwardStep, GraphNode, ProgramGraph } from '../model/program-graph.js';
import { arrowWidth, reductionCall, stageArrow, stageCalls } from './gradient.js';
import type { GraphOverlay } from './program-graph.js';
import { nodeName } from './program-graph.js';

const nodeOf = (graph: ProgramGraph, key: string | null): GraphNode | null => (key === null ? null : graph.nodes.find((n) => n.key === key) ?? null);

/** What a step's gradient reached is called: its name or code, else its tensor id. */
function targetName(m: Messages, graph: ProgramGraph, s: GraphBackwardStep): string {
  const n = nodeOf(graph, s.input);
  return n === null ? s.step.name ?? m.programGraph.tensorId(s.step.inputId) : nodeName(m, n);
}

/** The op a step's gradient came back through: the call as written, or the backward node's name. */
function opName(graph: ProgramGraph, s: GraphBackwardStep): string {
  return s.call === null ? s.step.op : (graph.calls[s.call]?.text ?? s.step.op);
}

const reduceStep = (graph: ProgramGraph, step: BackwardPlayStep): GraphBackwardStep | null =>
  step.kind === 'reduce' ? graph.backward[step.pass]?.steps[step.index] ?? null : null;

/** A leaf the gradient reached: a named tensor that holds a .grad after the pass. */
function leafName(graph: ProgramGraph, s: GraphBackwardStep, pass: number): string | null {
  return graph.backward[pass]?.grads.find((g) => g.node !== null && g.node === s.input)?.name ?? null;
}

/** The text of a step in the list. */
export function stepItem(m: Messages, graph: ProgramGraph, step: BackwardPlayStep): string {
  const pass = graph.backward[step.pass];
  if (pass === undefined) return '';
  const b = m.programGraph.backward;
  if (step.kind === 'start') return `${m.programGraph.line(pass.line)} · ${rootName(m, graph, step.pass)}.backward()`;
  if (step.kind === 'grads') return pass.grads.length === 0 ? b.noGrads : pass.grads.map((g) => `${g.name}.grad ${g.shape === null ? '?' : formatShape(g.shape)}`).join(', ');
  const s = reduceStep(graph, step) as GraphBackwardStep;
  return b.item(s.step.op, targetName(m, graph, s), formatShape(s.step.gradShape), formatShape(s.step.resultShape));
}

function rootName(m: Messages, graph: ProgramGraph, pass: number): string {
  const root = nodeOf(graph, graph.backward[pass]?.root ?? null);
  return root === null ? '?' : nodeName(m, root);
}

/** The caption of a step: what happens to the gradient there. */
export function stepCaption(m: Messages, graph: ProgramGraph, step: BackwardPlayStep): string {
  const pass = graph.backward[step.pass];
  if (pass === undefined) return '';
  const b = m.programGraph.backward;
  if (step.kind === 'start') {
    const root = nodeOf(graph, pass.root);
    return b.start(pass.line, rootName(m, graph, step.pass), root?.shape == null ? '?' : formatShape(root.shape));
  }
  if (step.kind === 'grads')
    return pass.grads.length === 0 ? b.noGrads : b.grads(pass.grads.map((g) => m.grad.final(g.name, g.shape === null ? '?' : formatShape(g.shape))));
  const s = reduceStep(graph, step) as GraphBackwardStep;
  const name = targetName(m, graph, s);
  const { gradShape, targetShape, leadingDims, onesDims, resultShape } = s.step;
  const leaf = leafName(graph, s, step.pass);
  return m.sentences([
    b.arrives(opName(graph, s), s.step.op, name, formatShape(gradShape), formatShape(targetShape)),
    ...(s.reduced
      ? [
          leadingDims.length > 0 ? m.grad.leadingPart(name, leadingDims) : '',
          onesDims.length > 0 ? m.grad.onesPart(name, onesDims) : '',
          b.reducedTo(reductionCall(s.step), name, formatShape(resultShape)),
        ]
      : [b.same]),
    leaf === null ? '' : b.isGrad(leaf),
  ].filter((t) => t !== ''));
}

/** What the graph shows at a step: the edges the gradient has gone back along in this pass, the current one last. */
export function stepOverlay(m: Messages, graph: ProgramGraph, step: BackwardPlayStep): GraphOverlay {
  const pass = graph.backward[step.pass];
  const upTo = step.kind === 'start' ? 0 : step.kind === 'reduce' ? step.index + 1 : (pass?.steps.length ?? 0);
  const edges = (pass?.steps.slice(0, upTo) ?? []).flatMap((s) => (s.call === null || s.input === null ? [] : [{
    call: s.call, input: s.input,
    label: s.reduced ? `${m.programGraph.backward.sumTo} ${formatShape(s.step.gradShape)} → ${formatShape(s.step.resultShape)}` : formatShape(s.step.gradShape),
  }]));
  const grads = new Map<string, string>();
  if (step.kind === 'grads')
    for (const g of pass?.grads ?? []) if (g.node !== null) grads.set(g.node, `.grad ${g.shape === null ? '?' : formatShape(g.shape)}`);
  return { root: pass?.root ?? null, edges, current: step.kind === 'reduce', grads };
}

const BOX_H = 34;

/**
 * A reduction's stages, as the gradient view draws them for tensors too big
 * to hold values: each shape in a dashed box, the call that gets there on
 * the arrow before it. Wraps at width. Null for a step that sums nothing.
 */
export function reductionScene(m: Messages, p: Palette, graph: ProgramGraph, step: BackwardPlayStep, width = WRAP_WIDTH): Scene | null {
  const s = reduceStep(graph, step);
  if (s === null || !s.reduced) return null;
  const shapes = reductionShapes(s.step);
  const calls = stageCalls(s.step);
  const name = targetName(m, graph, s);
  const leaf = leafName(graph, s, step.pass);
  const stages: { text: string; op: string }[] = [{ text: `grad ${formatShape(shapes.incoming)}`, op: '' }];
  // As the gradient view: a reduction without a view ends at its keepdim sum.
  if (!s.step.viewed) stages.push({ text: `${leaf === null ? name : `${leaf}.grad`} ${formatShape(shapes.grad)}`, op: calls.ones });
  else {
    if (shapes.afterLeading !== null) stages.push({ text: formatShape(shapes.afterLeading), op: calls.leading });
    if (shapes.afterOnes !== null) stages.push({ text: formatShape(shapes.afterOnes), op: calls.ones });
    stages.push({ text: `${leaf === null ? name : `${leaf}.grad`} ${formatShape(shapes.grad)}`, op: calls.view });
  }
  const sb = new SceneBuilder();
  let x = 8;
  let y = 8;
  for (const [k, stage] of stages.entries()) {
    const w = textWidth(stage.text, 14, true) + 20;
    const lead = k > 0 ? arrowWidth(stage.op) + 8 : 0;
    if (k > 0 && x + lead + w > width - 8) {
      x = 8;
      y += BOX_H + 40;
    }
    // The arrow's call sits 30 px below the top it is given, its line at 46: the box is centred on the line.
    if (k > 0) stageArrow(sb, p, x, y + BOX_H / 2 - 46, stage.op);
    sb.rect({ x: x + lead, y, w, h: BOX_H, fill: p.bg, stroke: k === stages.length - 1 ? p.accent : p.muted, strokeWidth: 1.2, dashed: true, rx: 4 });
    sb.text({ x: x + lead + 10, y: y + BOX_H / 2, text: stage.text, size: 14, fill: p.fg, mono: true });
    x += lead + w + 8;
  }
  return sb.build({ title: m.programGraph.backward.title, desc: stepCaption(m, graph, step), background: p.bg, hatch: p.hatch });
}

/** Most elements a step's values are listed with; a larger gradient is shown by its shape alone. */
export const MAX_LISTED = 120;

/** A recorded tensor's values as nested lists, as Python prints a list ([[8, 8], [8, 8]]); null when too many or not recorded. */
export function valuesText(v: TensorValues): string | null {
  const numel = v.shape.reduce((p, n) => p * n, 1);
  if (!v.complete || numel > MAX_LISTED) return null;
  const values = stridedValues(v.cells, v.shape, v.strides, v.offset);
  if (v.shape.length === 0) return formatElement(values[0] as number, v.dtype);
  const rows = (dim: number, start: number): string => {
    const step = v.shape.slice(dim + 1).reduce((p, n) => p * n, 1);
    const parts = Array.from({ length: v.shape[dim] as number }, (_, i) =>
      dim === v.shape.length - 1 ? formatElement(values[start + i] as number, v.dtype) : rows(dim + 1, start + i * step));
    return `[${parts.join(', ')}]`;
  };
  return rows(0, 0);
}

/** The two rows a step's numbers are shown in: the gradient as it arrives, and what its input received. */
export function stepValueRows(m: Messages, graph: ProgramGraph, step: BackwardPlayStep, values: { incoming: TensorValues; reduced: TensorValues }): { label: string; text: string }[] {
  const s = reduceStep(graph, step);
  if (s === null) return [];
  const b = m.programGraph.backward;
  const leaf = leafName(graph, s, step.pass);
  const name = leaf === null ? targetName(m, graph, s) : `${leaf}.grad`;
  const rows = [{ label: b.valuesIn(formatShape(values.incoming.shape)), text: valuesText(values.incoming) }];
  // Nothing summed: the input receives the gradient as it arrived.
  if (s.reduced) rows.push({ label: b.valuesOut(name, formatShape(values.reduced.shape)), text: valuesText(values.reduced) });
  return rows.filter((r): r is { label: string; text: string } => r.text !== null);
}
