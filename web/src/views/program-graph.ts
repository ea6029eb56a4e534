// The graph view of a program: each tensor a box (its name or the code that
// made it, its shape, dtype, line and, when it shares memory, its storage
// number), each call an arrow from the tensors it read to a label with its
// op above the tensor it made; a view's arrow dashed. During the backward
// pass (program-backward.ts) the gradient is drawn going back up the arrows,
// each reduction (sum_to) on the arrow where it happened. A scene, drawn
// from the model (web/src/model/program-graph.ts) only; each node and call
// is a keyed part (node:t5, call:3) that the panel makes clickable.
import { SceneBuilder, textWidth } from '../diagram/scene.js';
import type { Scene } from '../diagram/scene.js';
import type { Palette } from '../diagram/palette.js';
import type { Messages } from '../i18n/messages.js';
import { formatShape, torchName } from '../model/format.js';
import { NODE_H, NODE_W, PILL_H, edgePath } from '../model/program-graph.js';
import type { GraphCall, GraphLayout, GraphNode, Point, ProgramGraph } from '../model/program-graph.js';

/** What the backward pass shows on the graph at its current step. */
export interface GraphOverlay {
  /** The node backward() was called on. */
  root: string | null;
  /** Edges the gradient has gone back along: the current one last. */
  edges: { call: number; input: string; label: string }[];
  /** Whether the current step's edge (the last) is the one being explained. */
  current: boolean;
  /** The .grad of each leaf, once the pass is done: node key -> text. */
  grads: Map<string, string>;
}

const OPERATORS: Readonly<Record<string, string>> = {
  add: '+', sub: '-', mul: '*', div: '/', floor_divide: '//', remainder: '%', pow: '**', matmul: '@', neg: '-x',
  add_: '+=', sub_: '-=', mul_: '*=', div_: '/=', eq: '==', ne: '!=', lt: '<', le: '<=', gt: '>', ge: '>=',
};

/** A call as its label says it (after the calls folded into it): the operator, the subscript, .method() or torch.function(). */
export function opLabel(call: GraphCall, calls: readonly GraphCall[] = []): string {
  // An operator before a method reads as code does: (@).reshape().
  const before = call.folded.map((i) => calls[i]).filter((c): c is GraphCall => c !== undefined)
    .map((c) => (OPERATORS[torchName(c.op)] !== undefined ? `(${oneLabel(c)})` : oneLabel(c)));
  return [...before, oneLabel(call)].join('');
}

function oneLabel(call: GraphCall): string {
  // The core names an operator's call by its op ('floorDivide' for //): PyTorch's name finds its symbol.
  const symbol = OPERATORS[torchName(call.op)];
  if (symbol !== undefined) return symbol;
  if (call.op === 'index') {
    const at = call.text.indexOf('[');
    return at >= 0 ? call.text.slice(at) : '[ ]';
  }
  // An attribute (x.T, x.mT) is written without parentheses.
  if (call.op.startsWith('Tensor.')) return call.text.endsWith(call.op.slice(6)) ? call.op.slice(6) : `${call.op.slice(6)}()`;
  return `${torchName(call.op)}()`;
}

/** Text cut to a width, with an ellipsis. */
export function fit(text: string, size: number, width: number, mono = false): string {
  if (textWidth(text, size, mono) <= width) return text;
  let out = text;
  while (out.length > 1 && textWidth(`${out}…`, size, mono) > width) out = out.slice(0, -1);
  return `${out}…`;
}

/** What a node is called: its names, else the code that made it, else its id. */
export function nodeName(m: Messages, n: GraphNode): string {
  if (n.names.length > 0) return n.names.join(' = ');
  return n.expr ?? m.programGraph.tensorId(n.id);
}

export function shapeText(m: Messages, n: GraphNode): string {
  return n.shape === null ? m.programGraph.unknownShape : formatShape(n.shape);
}

/** Where lines leave a node's bottom edge and reach a label's top: spread over its width, in order. */
function anchors(count: number, x: number, w: number): number[] {
  return Array.from({ length: count }, (_, i) => x + (w * (i + 1)) / (count + 1));
}

export function graphScene(m: Messages, p: Palette, graph: ProgramGraph, layout: GraphLayout, line: number | null, overlay: GraphOverlay | null): Scene {
  const sb = new SceneBuilder();
  const box = (key: string): { x: number; y: number } => layout.boxes.get(key) as { x: number; y: number };
  sb.grow(layout.width, layout.height);

  // Where each call's label sits (above its first output), and where lines leave each node.
  const pills = new Map<number, { x: number; y: number; w: number; label: string; size: number }>();
  for (const c of graph.calls) {
    const out = c.outputs[0];
    if (out === undefined || !layout.boxes.has(out)) continue;
    const b = box(out);
    // A long chain (torch.arange().reshape()) takes a smaller font before it is cut.
    const full = opLabel(c, graph.calls);
    const size = textWidth(full, 12, true) + 16 <= NODE_W ? 12 : 11;
    const label = fit(full, size, NODE_W - 16, true);
    const w = Math.min(NODE_W, Math.max(36, textWidth(label, size, true) + 16));
    // An in-place call writes into a tensor already drawn: its label goes under that box (Note [Graph nodes]),
    // several side by side.
    if (c.inplace) {
      const written = graph.calls.filter((o) => o.inplace && o.outputs[0] === out);
      const at = written.indexOf(c);
      const each = NODE_W / written.length;
      const narrow = Math.min(w, each - 4);
      pills.set(c.index, { x: b.x + at * each + (each - narrow) / 2, y: b.y + NODE_H + 10, w: narrow, label: fit(full, size, narrow - 12, true), size });
    } else pills.set(c.index, { x: b.x + (NODE_W - w) / 2, y: b.y - PILL_H - 8, w, label, size });
  }
  const leaving = new Map<string, number[]>();
  for (const c of graph.calls) for (const k of new Set(c.inputs)) leaving.set(k, [...(leaving.get(k) ?? []), c.index]);
  const start = (input: string, call: number): { x: number; y: number } => {
    const list = leaving.get(input) ?? [];
    const at = list.indexOf(call);
    const b = box(input);
    return { x: anchors(list.length, b.x, NODE_W)[Math.max(0, at)] as number, y: b.y + NODE_H };
  };
  const end = (c: GraphCall, input: string): { x: number; y: number } => {
    const pill = pills.get(c.index) as { x: number; y: number; w: number };
    return { x: anchors(c.inputs.length, pill.x, pill.w)[Math.max(0, c.inputs.indexOf(input))] as number, y: pill.y };
  };

  // A path of straight segments, the arrowhead on the last.
  const path = (points: readonly Point[], stroke: string, width: number, dashed: boolean): void => {
    points.slice(1).forEach((q, i) => {
      const o = points[i] as Point;
      sb.line({ x1: o.x, y1: o.y, x2: q.x, y2: q.y, stroke, width, dashed, arrow: i === points.length - 2 });
    });
  };

  // Arrows first, under the boxes.
  sb.part('edges', () => {
    for (const c of graph.calls) {
      if (!pills.has(c.index)) continue;
      for (const input of new Set(c.inputs)) {
        if (!layout.boxes.has(input)) continue;
        const b = end(c, input);
        // An in-place call's own tensor: a short arrow from its label up into the box it writes.
        if (c.inplace && c.outputs.includes(input)) {
          sb.line({ x1: b.x, y1: b.y, x2: b.x, y2: b.y - 9, stroke: p.accent, width: 1.5, dashed: false, arrow: true });
          continue;
        }
        const a = start(input, c.index);
        path(edgePath(layout, { x: a.x, y: a.y + 1 }, { x: b.x, y: b.y - 1 }), p.muted, 1.5, c.view);
      }
    }
  });

  for (const c of graph.calls) {
    const pill = pills.get(c.index);
    if (pill === undefined) continue;
    const picked = line !== null && c.line === line;
    sb.part(`call:${c.index}`, () => {
      sb.rect({ x: pill.x, y: pill.y, w: pill.w, h: PILL_H, fill: p.bg, stroke: picked ? p.accent : p.muted, strokeWidth: picked ? 2.5 : 1.2, dashed: c.view, rx: PILL_H / 2, key: `call:${c.index}` });
      sb.text({ x: pill.x + pill.w / 2, y: pill.y + PILL_H / 2, text: pill.label, size: pill.size, fill: p.fg, anchor: 'middle', mono: true });
    });
  }

  for (const n of graph.nodes) {
    const b = layout.boxes.get(n.key);
    if (b === undefined) continue;
    const picked = line !== null && n.line === line;
    const root = overlay?.root === n.key;
    sb.part(`node:${n.key}`, () => {
      sb.rect({ x: b.x, y: b.y, w: NODE_W, h: NODE_H, fill: p.cell.fill, stroke: picked || root ? p.accent : p.cell.stroke, strokeWidth: picked || root ? 2.5 : 1.2, rx: 6, key: `node:${n.key}` });
      // Line 0: bound before the first statement (model/program-graph.ts, the inputs).
      const where = n.line === 0 ? m.programGraph.input : m.programGraph.line(n.line);
      const whereW = textWidth(where, 11) + 8;
      const named = n.names.length > 0;
      sb.text({ x: b.x + 8, y: b.y + 13, text: fit(nodeName(m, n), 13, NODE_W - 16 - whereW, !named), size: 13, fill: p.fg, bold: named, mono: !named });
      sb.text({ x: b.x + NODE_W - 6, y: b.y + 13, text: where, size: 11, fill: p.muted, anchor: 'end' });
      sb.text({ x: b.x + 8, y: b.y + 30, text: fit(shapeText(m, n), 13, NODE_W - 16, n.shape !== null), size: 13, fill: n.shape === null ? p.muted : p.fg, mono: n.shape !== null });
      const tail = [n.dtype ?? '', n.shared ? m.programGraph.storage(n.storage) : ''].filter((t) => t !== '').join(' · ');
      sb.text({ x: b.x + 8, y: b.y + 47, text: fit(tail, 11, NODE_W - 16), size: 11, fill: p.muted });
      // Written in place (through itself or a view of its storage): the line of the last change.
      const change = n.changes[n.changes.length - 1];
      if (change !== undefined) {
        const text = m.programGraph.changed(change.line);
        const w = Math.min(NODE_W - 8, textWidth(text, 11) + 12);
        sb.rect({ x: b.x + 4, y: b.y - 9, w, h: 16, fill: p.bg, stroke: p.accent, strokeWidth: 1.2, rx: 4 });
        sb.text({ x: b.x + 10, y: b.y - 1, text: fit(text, 11, w - 10), size: 11, fill: p.accent, bold: true });
      }
      const grad = overlay?.grads.get(n.key);
      if (grad !== undefined) {
        const w = Math.min(NODE_W, textWidth(grad, 12, true) + 12);
        sb.rect({ x: b.x + NODE_W - w, y: b.y + NODE_H - 2, w, h: 18, fill: p.bg, stroke: p.accent, strokeWidth: 1.5, rx: 4 });
        sb.text({ x: b.x + NODE_W - w / 2, y: b.y + NODE_H + 7, text: fit(grad, 12, NODE_W - 12, true), size: 12, fill: p.accent, anchor: 'middle', mono: true, bold: true });
      }
    });
  }

  // The gradient on top: back up each arrow it has gone along, its shapes beside the op where sum_to ran.
  if (overlay !== null)
    sb.part('gradient', () => {
      overlay.edges.forEach((e, i) => {
        const c = graph.calls[e.call];
        if (c === undefined || !pills.has(c.index) || !layout.boxes.has(e.input)) return;
        const now = overlay.current && i === overlay.edges.length - 1;
        const a = start(e.input, c.index);
        const b = end(c, e.input);
        path(edgePath(layout, { x: a.x, y: a.y + 2 }, { x: b.x, y: b.y - 1 }).reverse(), p.accent, now ? 4 : 2, false);
        if (e.label === '') return;
        const w = textWidth(e.label, 12, true) + 10;
        const x = Math.min(layout.width - w - 2, Math.max(2, b.x - w / 2));
        const y = b.y - 24;
        sb.rect({ x, y, w, h: 18, fill: p.bg, stroke: p.accent, strokeWidth: now ? 2 : 1, rx: 4 });
        sb.text({ x: x + w / 2, y: y + 9, text: e.label, size: 12, fill: p.accent, anchor: 'middle', mono: true, bold: now });
      });
    });

  if (graph.error !== null && layout.errorY !== null) {
    const y = layout.errorY;
    // The sentence and PyTorch's message are below the drawing; the box says where.
    const text = `✗ ${m.programGraph.line(graph.error.line)}`;
    sb.part('error', () => {
      const w = Math.max(NODE_W, Math.min(layout.width - 16, textWidth(text, 13) + 16));
      const x = (layout.width - w) / 2;
      sb.rect({ x, y, w, h: 34, fill: p.conflict.fill, stroke: p.conflict.stroke, strokeWidth: 1.5, dashed: true, hatch: false, rx: 6, key: 'error' });
      sb.text({ x: x + w / 2, y: y + 17, text: fit(text, 13, w - 16), size: 13, fill: p.fg, anchor: 'middle' });
      const inputs = (graph.error?.inputs ?? []).filter((k) => layout.boxes.has(k));
      const ends = anchors(inputs.length, x, w);
      inputs.forEach((k, i) => {
        const from = box(k);
        path(edgePath(layout, { x: from.x + NODE_W / 2, y: from.y + NODE_H + 1 }, { x: ends[i] as number, y: y - 1 }), p.conflict.stroke, 1.2, true);
      });
    });
  }
  return sb.build({ title: m.programGraph.title, desc: m.programGraph.desc(graph.nodes.length, graph.calls.length), background: p.bg, hatch: p.hatch });
}
