// A program as a graph: its tensors as nodes, the calls that
// made them as edges, and after backward() the gradient going back along
// those edges, each reduction (sum_to) placed on the edge where it happened.
// Plain data from the statements tc.run returned (Note [Programs] in
// src/lang/program.h); the views (web/src/views/program-graph.ts) draw it.
//
// Note [Graph nodes]: a node is a tensor, by the core's id. An in-place
// call (x += 1, col.add_(5)) makes no new node: it writes into its
// tensor's storage, so the tensor's node records the change (its line and
// call), and so does every node drawn before it that shares the storage
// (col = x[:, 1]; col += 5 changes x: x's box says so, through col).
// A tensor bound to a name has its geometry in the statement's ValueInfo.
// One that no name holds (x[:, :, None] in x[:, :, None] - y) is known from
// the traces: the index or op that made it, an op that read it, or the
// reduction that sent a gradient to it. A node that none of these describe
// keeps a null shape, drawn as "?", rather than a guess. Storage: a view's
// output shares its input's storage (the call's view flag); named values
// carry the core's storage numbers; the two together group the nodes, and
// groups are numbered 1, 2, ... in the order their first node appears.
import type { BackwardStep, DType, OpTrace, ProgramCall, ProgramError, ProgramStatement, ReduceGradTrace, SourceSpan, TensorValues, ValueInfo } from 'tensorcast';

/** Most nodes a graph draws: beyond it the graph stops at a statement and says how much it left out. */
export const MAX_GRAPH_NODES = 60;

export interface GraphNode {
  /** 't12', or 't12.1' for the tensor after its first in-place change. */
  key: string;
  /** The core's tensor id. */
  id: number;
  /** The names bound to it, in the order the program bound them. */
  names: string[];
  /** The source text of the call that made it ('x[:, :, None]', 'd * w'), or null: what names it when no name does. */
  expr: string | null;
  shape: number[] | null;
  dtype: DType | null;
  /** The line of the statement that made it (1-based). */
  line: number;
  /** Index into ProgramGraph.calls of the call that made it, or null (made before any recorded call). */
  call: number | null;
  /** The storage group, from 1: nodes with the same number share memory. */
  storage: number;
  /** Another node has the same storage. */
  shared: boolean;
  requiresGrad: boolean;
  /** Layer of the layout: 0 for what no other node made, else one below its deepest input. */
  layer: number;
  /** After backward(): the .grad of the leaf this node is, by the name it is bound to. */
  grad: { name: string; shape: number[] | null; dtype: DType | null } | null;
  /**
   * The in-place calls that wrote into its storage after it was made, in
   * order (Note [Graph nodes]): the call (an index into ProgramGraph.calls),
   * its line, and the node it wrote through when that is another (a view
   * of the same storage); null when it wrote into this node itself.
   */
  changes: { call: number; line: number; through: string | null }[];
}

export interface GraphCall {
  index: number;
  /** The op as the program recorded it: 'sub', 'index', 'Tensor.reshape', 'torch.arange'. */
  op: string;
  /** The call's source text. */
  text: string;
  line: number;
  /** Index into the program's statements. */
  statement: number;
  inputs: string[];
  outputs: string[];
  view: boolean;
  /** It wrote into an input (an output is a later version of an input's tensor). */
  inplace: boolean;
  /** Calls folded into this one, in order (torch.arange(6.) in torch.arange(6.).reshape(2, 3)): drawn as one arrow. */
  folded: number[];
  /** Folded into a later call: not drawn. */
  hidden: boolean;
}

export interface GraphBackwardStep {
  step: BackwardStep;
  /** The call whose backward produced the gradient (the edge it flows back along), or null when no recorded call matches. */
  call: number | null;
  /** The node the gradient reached, or null for a tensor inside a call (no node). */
  input: string | null;
  /** Whether sum_to changed the shape: leading or size-1 dims were summed. */
  reduced: boolean;
}

export interface BackwardPass {
  line: number;
  /** The node backward() was called on. */
  root: string | null;
  steps: GraphBackwardStep[];
  /** Each named leaf's .grad after this backward(). */
  grads: { name: string; shape: number[] | null; dtype: DType | null; node: string | null }[];
}

export interface LeftOut {
  /** Tensors not drawn. */
  nodes: number;
  /** The first line not drawn. */
  fromLine: number;
  /** The last line of the program that ran. */
  toLine: number;
}

export interface ProgramGraph {
  nodes: GraphNode[];
  calls: GraphCall[];
  backward: BackwardPass[];
  /** The statement that raised, with PyTorch's text: the graph stops before it. */
  error: { line: number; message: string; inputs: string[] } | null;
  leftOut: LeftOut | null;
}

/** What the graph is built from: the package's Program, or the code mode's ProgramRun. */
export interface ProgramLike {
  statements: readonly ProgramStatement[];
  error: ProgramError | null;
  backward: readonly BackwardStep[];
  /** Tensors bound before the first statement (a puzzle's inputs: model/program.ts ProgramRun.inputs). */
  inputs?: Readonly<Record<string, ValueInfo>>;
}

const tensorInfos = (v: ValueInfo): ValueInfo[] => (v.type === 'Tensor' && v.id !== null ? [v] : v.items.flatMap(tensorInfos));

/** The first op event of a call: the trace of the op that made its output. */
const opEvent = (call: ProgramCall): OpTrace | null =>
  (call.traces.find((e) => e.kind === 'op') as OpTrace | undefined) ?? null;

/** An op's output shape from its trace (null when the trace does not say: matmul, views that record nothing). */
function traceShape(t: OpTrace): number[] | null {
  if (t.indexing !== null) return [...t.indexing.resultShape];
  if (t.matmul !== null) return null;
  const input = t.operands[0]?.shape;
  if (t.reducedDims.length > 0 && input !== undefined)
    return t.keepdim ? input.map((n, d) => (t.reducedDims.includes(d) ? 1 : n)) : input.filter((_, d) => !t.reducedDims.includes(d));
  return t.broadcast.result === null ? null : [...t.broadcast.result];
}

class UnionFind {
  private readonly parent = new Map<string, string>();
  find(k: string): string {
    let r = k;
    while (this.parent.has(r) && this.parent.get(r) !== r) r = this.parent.get(r) as string;
    this.parent.set(k, r);
    return r;
  }
  union(a: string, b: string): void {
    const ra = this.find(a);
    const rb = this.find(b);
    // The older root stays, so a group is named by its first node.
    if (ra !== rb) this.parent.set(rb, ra);
  }
}

export function programGraph(program: ProgramLike, maxNodes = MAX_GRAPH_NODES): ProgramGraph {
  const nodes: GraphNode[] = [];
  const byKey = new Map<string, GraphNode>();
  const latest = new Map<number, GraphNode>();
  const calls: GraphCall[] = [];
  const storages = new UnionFind();
  const storageOf = new Map<number, string>();  // the core's storage number -> a node key of it
  const failing = program.error === null ? -1 : program.statements.length - 1;
  let leftOut: LeftOut | null = null;
  let lastLine = 0;
  for (const s of program.statements) lastLine = Math.max(lastLine, s.endLine);

  const add = (id: number, line: number, call: number | null): GraphNode => {
    const node: GraphNode = {
      key: `t${id}`, id, names: [], expr: null, shape: null, dtype: null,
      line, call, storage: 0, shared: false, requiresGrad: false, layer: 0, grad: null, changes: [],
    };
    nodes.push(node);
    byKey.set(node.key, node);
    latest.set(id, node);
    return node;
  };
  const known = (id: number, line: number): GraphNode => latest.get(id) ?? add(id, line, null);
  const describe = (node: GraphNode, v: ValueInfo): void => {
    node.shape = v.shape === null ? node.shape : [...v.shape];
    node.dtype = v.dtype ?? node.dtype;
    node.requiresGrad = v.requiresGrad;
    if (v.storage !== null) {
      const other = storageOf.get(v.storage);
      if (other === undefined) storageOf.set(v.storage, node.key);
      else storages.union(other, node.key);
    }
  };

  // The inputs come first, named, on line 0: before every statement.
  for (const [name, v] of Object.entries(program.inputs ?? {}))
    for (const info of tensorInfos(v)) {
      const node = known(info.id as number, 0);
      describe(node, info);
      if (!node.names.includes(name)) node.names.push(name);
    }

  // Each recorded call's index among all the program's calls (what a backward step's `call` names) -> its GraphCall.
  const callAt = new Map<number, number>();
  let recorded = -1;
  statements: for (const [si, s] of program.statements.entries()) {
    if (si === failing) break;
    for (const c of s.calls) {
      recorded++;
      if (c.outputs.length === 0) continue;
      const fresh = c.outputs.filter((id) => !latest.has(id)).length + c.inputs.filter((id) => !latest.has(id)).length;
      if (nodes.length + fresh > maxNodes) {
        leftOut = { nodes: 0, fromLine: s.line, toLine: lastLine };
        break statements;
      }
      const inputs = c.inputs.map((id) => known(id, s.line).key);
      const index = calls.length;
      const inplace = c.outputs.some((id) => c.inputs.includes(id));
      // An in-place call's output is its input, changed: the same node (Note [Graph nodes]).
      const outputs = c.outputs.map((id) => {
        const written = c.inputs.includes(id) ? latest.get(id) : undefined;
        if (written === undefined) return add(id, s.line, index);
        written.changes.push({ call: index, line: c.line, through: null });
        return written;
      });
      const text = sourceText(s, c);
      if (outputs.length === 1 && !inplace) (outputs[0] as GraphNode).expr = text;
      const event = opEvent(c);
      outputs.forEach((o, k) => {
        const info = c.outputInfo[k];
        if (info !== undefined) describe(o, info);
        if (event !== null && o.shape === null && k === 0) {
          o.shape = traceShape(event);
          o.dtype = event.promotion.resultDtype;
        }
        // A view shares its self's storage (the first input); a new tensor starts its own.
        if (c.view && inputs[0] !== undefined) storages.union(inputs[0], o.key);
        // Until a name's ValueInfo says: an op on a tensor that requires grad records it (float outputs only).
        const float = o.dtype === null || o.dtype.startsWith('float');
        o.requiresGrad ||= float && inputs.some((key) => byKey.get(key)?.requiresGrad === true);
      });
      // An op that read an unnamed tensor says its shape in the trace.
      if (event !== null && event.operands.length === c.inputs.length)
        inputs.forEach((k, i) => {
          const n = byKey.get(k) as GraphNode;
          const o = event.operands[i];
          if (n.shape === null && o !== undefined) {
            n.shape = [...o.shape];
            n.dtype ??= o.dtype;
          }
        });
      callAt.set(recorded, index);
      calls.push({ index, op: c.op, text, line: c.line, statement: si, inputs, outputs: outputs.map((o) => o.key), view: c.view, inplace, folded: [], hidden: false });
    }
    for (const [name, v] of Object.entries(s.names))
      for (const info of tensorInfos(v)) {
        const node = known(info.id as number, s.line);
        describe(node, info);
        if (!node.names.includes(name)) node.names.push(name);
      }
  }
  if (leftOut !== null) {
    const drawn = new Set(nodes.map((n) => n.id));
    const rest = new Set<number>();
    for (const s of program.statements)
      if (s.line >= leftOut.fromLine)
        for (const c of s.calls) for (const id of [...c.inputs, ...c.outputs]) if (!drawn.has(id)) rest.add(id);
    leftOut.nodes = rest.size;
  }

  // The reductions: each gradient step on the edge of the call whose backward ran it.
  const backward: BackwardPass[] = [];
  for (const step of program.backward) {
    let pass = backward[backward.length - 1];
    if (pass === undefined || pass.line !== step.line) {
      const statement = program.statements.find((s) => s.line === step.line);
      const rootId = statement?.calls.find((c) => c.op.endsWith('backward'))?.inputs[0];
      pass = { line: step.line, root: rootId === undefined ? null : latestBefore(nodes, rootId, step.line)?.key ?? null, steps: [], grads: [] };
      backward.push(pass);
    }
    const input = latestBefore(nodes, step.inputId, step.line);
    if (input !== null && input.shape === null) input.shape = [...step.targetShape];
    // The core says which call made the node whose backward ran (Note [Call numbers]).
    const call = step.call === null ? null : callAt.get(step.call) ?? null;
    if (call !== null) {
      const out = byKey.get(calls[call]?.outputs[0] as string);
      if (out !== undefined && out.shape === null) out.shape = [...step.gradShape];
    }
    pass.steps.push({ step, call, input: input?.key ?? null, reduced: step.leadingDims.length > 0 || step.onesDims.length > 0 });
  }
  for (const pass of backward) {
    const statement = program.statements.find((s) => s.line === pass.line);
    for (const [name, v] of Object.entries(statement?.grads ?? {})) {
      const node = nodes.filter((n) => n.names.includes(name) && n.line <= pass.line).pop() ?? null;
      pass.grads.push({ name, shape: v.shape === null ? null : [...v.shape], dtype: v.dtype, node: node?.key ?? null });
    }
  }
  // A backward() that ran: each leaf's .grad as the last pass left it.
  for (const pass of backward) for (const g of pass.grads) {
    const node = g.node === null ? undefined : byKey.get(g.node);
    if (node !== undefined) node.grad = { name: g.name, shape: g.shape, dtype: g.dtype };
  }

  foldChains(nodes, calls, backward);
  changesThrough(nodes, calls, storages);

  // Storage groups, numbered in the order their first node appears.
  const numbers = new Map<string, number>();
  const sizes = new Map<string, number>();
  for (const n of nodes) {
    const root = storages.find(n.key);
    if (!numbers.has(root)) numbers.set(root, numbers.size + 1);
    sizes.set(root, (sizes.get(root) ?? 0) + 1);
  }
  for (const n of nodes) {
    const root = storages.find(n.key);
    n.storage = numbers.get(root) as number;
    n.shared = (sizes.get(root) as number) > 1;
  }

  // Layers: each node one below its deepest input (calls are in program order, so inputs come first);
  // an in-place call moves nothing: its tensor stays where it was made.
  for (const c of calls) {
    if (c.hidden || c.inplace) continue;
    const depth = Math.max(-1, ...c.inputs.map((k) => (byKey.get(k) as GraphNode).layer));
    for (const k of c.outputs) (byKey.get(k) as GraphNode).layer = depth + 1;
  }
  // A tensor made from nothing (torch.ones, torch.tensor) sits just above its first reader, not at the
  // top: y in x[:, :, None] - y is drawn beside x[:, :, None], and its arrow crosses no other row.
  const readers = new Map<string, number>();
  for (const c of calls) if (!c.hidden) for (const k of c.inputs) if (!readers.has(k)) readers.set(k, Math.min(...c.outputs.map((o) => (byKey.get(o) as GraphNode).layer)));
  for (const n of nodes) {
    const made = n.call === null ? null : calls[n.call];
    const reader = readers.get(n.key);
    if ((made === null || made === undefined || made.inputs.length === 0) && reader !== undefined) n.layer = Math.max(0, reader - 1);
  }

  let error: ProgramGraph['error'] = null;
  if (program.error !== null) {
    const s = program.statements[failing];
    const ids = new Set<number>();
    // What the failing statement named that the graph holds: the tensors it read before it raised.
    for (const c of s?.calls ?? []) for (const id of c.inputs) ids.add(id);
    // And the names it read, as the core lists them (a NameError's line read those before it).
    for (const n of nodes) if (s !== undefined && n.names.some((name) => s.reads.includes(name))) ids.add(n.id);
    const drawn = new Set(nodes.map((n) => n.key));
    const inputs = [...ids].map((id) => latest.get(id)?.key).filter((k): k is string => k !== undefined && drawn.has(k));
    error = { line: program.error.line, message: program.error.message, inputs };
  }
  return { nodes, calls, backward, error, leftOut };
}

/** What a call's span covers of its statement's text (both 1-based, end exclusive). */
export function sourceText(s: ProgramStatement, span: SourceSpan): string {
  const lines = s.source.split('\n');
  const at = (line: number, column: number): number => {
    let offset = 0;
    for (let l = s.line; l < line; l++) offset += (lines[l - s.line]?.length ?? 0) + 1;
    return offset + column - (line === s.line ? s.column : 1);
  };
  const text = s.source.slice(Math.max(0, at(span.line, span.column)), Math.max(0, at(span.endLine, span.endColumn)));
  return text.trim() === '' ? s.source.trim() : text.trim();
}

/**
 * Folds away a tensor that nothing shows: no name, no shape from any trace,
 * no gradient step, read by one call only, of its own statement (the
 * torch.arange(6.) of torch.arange(6.).reshape(2, 3)). The call that read it
 * takes the inputs of the call that made it and is drawn as both.
 */
function foldChains(nodes: GraphNode[], calls: GraphCall[], backward: readonly BackwardPass[]): void {
  const stepped = new Set(backward.flatMap((p) => [p.root, ...p.steps.map((s) => s.input)]));
  const readers = new Map<string, GraphCall[]>();
  for (const c of calls) for (const k of new Set(c.inputs)) readers.set(k, [...(readers.get(k) ?? []), c]);
  const gone = new Set<string>();
  for (const n of nodes) {
    const made = n.call === null ? undefined : calls[n.call];
    const read = readers.get(n.key) ?? [];
    const reader = read[0];
    if (n.names.length > 0 || n.shape !== null || stepped.has(n.key) || made === undefined || made.outputs.length !== 1 || read.length !== 1
      || reader === undefined || reader.statement !== made.statement || reader.inputs.filter((k) => k === n.key).length !== 1) continue;
    reader.inputs = reader.inputs.flatMap((k) => (k === n.key ? made.inputs : [k]));
    reader.folded = [...made.folded, made.index, ...reader.folded];
    // Still a view of what is drawn only if every link of the chain is one.
    reader.view &&= made.view;
    made.hidden = true;
    gone.add(n.key);
  }
  const kept = nodes.filter((n) => !gone.has(n.key));
  nodes.splice(0, nodes.length, ...kept);
}

/** The node a tensor id names at a line, made by then. */
function latestBefore(nodes: readonly GraphNode[], id: number, line: number): GraphNode | null {
  return nodes.find((n) => n.id === id && n.line <= line) ?? null;
}

/**
 * Each in-place write also changes the nodes drawn before it that share the
 * written tensor's storage (Note [Graph nodes]): x after col += 5, with
 * col = x[:, 1]. Two nodes share storage when the core's storage numbers
 * or a view's call say so (the union-find of programGraph).
 */
function changesThrough(nodes: readonly GraphNode[], calls: readonly GraphCall[], storages: UnionFind): void {
  // Made before the call: by an earlier call, or known before any (a name's ValueInfo).
  const before = (n: GraphNode, c: GraphCall): boolean => (n.call === null ? n.line <= c.line : n.call < c.index);
  for (const c of calls) {
    if (!c.inplace) continue;
    for (const key of c.outputs) {
      const written = nodes.find((n) => n.key === key);
      if (written === undefined) continue;
      const root = storages.find(key);
      for (const n of nodes)
        if (n !== written && storages.find(n.key) === root && before(n, c))
          n.changes.push({ call: c.index, line: c.line, through: key });
    }
  }
  for (const n of nodes) n.changes.sort((a, b) => a.call - b.call);
}

// ---- layout

export interface NodeBox {
  key: string;
  x: number;
  y: number;
}

export interface GraphLayout {
  width: number;
  height: number;
  boxes: Map<string, NodeBox>;
  /** Each row's top (its ops' labels) and bottom (its boxes' bottom), and its boxes left to right. */
  rows: { top: number; bottom: number; boxes: NodeBox[] }[];
  /** Top of the error's box (below the last row), when the program failed. */
  errorY: number | null;
}

export const NODE_W = 156;
export const NODE_H = 58;
/** The op's label above a node its call made. */
export const PILL_H = 22;
const GAP_X = 20;
const GAP_Y = 46;
const ROW_H = PILL_H + 8 + NODE_H;
const MARGIN = 8;

/** How many nodes fit side by side in a width. */
export function columnsFor(width: number): number {
  return Math.max(1, Math.floor((width - 2 * MARGIN + GAP_X) / (NODE_W + GAP_X)));
}

/**
 * Rows top to bottom by layer, a layer wider than `columns` wrapped onto
 * more rows, each row centred. In a layer, a node goes under the middle of
 * its inputs (a tensor made from nothing: beside the other inputs of its
 * first reader), so arrows run mostly down; ties keep program order. The
 * same graph and columns always give the same layout.
 */
export function layoutGraph(graph: ProgramGraph, columns: number): GraphLayout {
  const layers = new Map<number, GraphNode[]>();
  for (const n of graph.nodes) layers.set(n.layer, [...(layers.get(n.layer) ?? []), n]);
  const order = new Map(graph.nodes.map((n, i) => [n.key, i]));
  const firstReader = new Map<string, GraphCall>();
  for (const c of graph.calls) for (const k of c.inputs) if (!firstReader.has(k)) firstReader.set(k, c);
  const boxes = new Map<string, NodeBox>();
  const placedRows: GraphNode[][] = [];
  // Positions are fixed once the widest row is known: first order every row by slot (0..columns-1) centres.
  const centre = new Map<string, number>();
  const mean = (keys: readonly string[]): number | null => {
    const xs = keys.map((k) => centre.get(k)).filter((x): x is number => x !== undefined);
    return xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length;
  };
  for (const layer of [...layers.keys()].sort((a, b) => a - b)) {
    const members = layers.get(layer) as GraphNode[];
    const key = (n: GraphNode): number => {
      const made = n.call === null ? undefined : graph.calls[n.call];
      const own = made === undefined ? null : mean(made.inputs);
      if (own !== null) return own;
      const reader = firstReader.get(n.key);
      const beside = reader === undefined ? null : mean(reader.inputs.filter((k) => k !== n.key));
      // After its reader's other inputs: y goes right of x[:, :, None], as the code reads.
      return beside === null ? Number.POSITIVE_INFINITY : beside + 0.5;
    };
    const keyed = members.map((n) => ({ n, k: key(n) }));
    keyed.sort((a, b) => (a.k === b.k ? (order.get(a.n.key) as number) - (order.get(b.n.key) as number) : a.k < b.k ? -1 : 1));
    const sorted = keyed.map((e) => e.n);
    for (let i = 0; i < sorted.length; i += columns) {
      const row = sorted.slice(i, i + columns);
      row.forEach((n, j) => centre.set(n.key, j - (row.length - 1) / 2));
      placedRows.push(row);
    }
  }
  const widest = Math.max(1, ...placedRows.map((r) => r.length));
  const width = 2 * MARGIN + widest * NODE_W + (widest - 1) * GAP_X;
  const rows: GraphLayout['rows'] = [];
  placedRows.forEach((row, r) => {
    const rowWidth = row.length * NODE_W + (row.length - 1) * GAP_X;
    const left = (width - rowWidth) / 2;
    const y = MARGIN + r * (ROW_H + GAP_Y) + PILL_H + 8;
    const placed = row.map((n, i) => ({ key: n.key, x: left + i * (NODE_W + GAP_X), y }));
    for (const b of placed) boxes.set(b.key, b);
    rows.push({ top: y - PILL_H - 8, bottom: y + NODE_H, boxes: placed });
  });
  // The error's box goes one gap below the last row; without it the drawing ends at the last row.
  const bottom = MARGIN + placedRows.length * (ROW_H + GAP_Y);
  // An in-place call's label hangs under its box: the last row makes room for it.
  const hanging = graph.calls.some((c) => c.inplace && !c.hidden) ? PILL_H + 12 : 0;
  return { width, height: graph.error === null ? bottom - GAP_Y + MARGIN + hanging : bottom + 42, boxes, rows, errorY: graph.error === null ? null : bottom };
}

export interface Point {
  x: number;
  y: number;
}

/**
 * An arrow's path from a point under one row to a point above a lower row:
 * straight when it meets no box on the way, else through the gap (between
 * two boxes, or beside a row) nearest to where the straight line would
 * cross each row in between.
 */
export function edgePath(layout: GraphLayout, from: Point, to: Point): Point[] {
  const points: Point[] = [from];
  const crosses = layout.rows.filter((r) => r.top > from.y && r.bottom < to.y);
  const straightX = (y: number): number => from.x + ((to.x - from.x) * (y - from.y)) / (to.y - from.y || 1);
  const blocked = crosses.some((r) => r.boxes.some((b) => {
    const x1 = straightX(r.top);
    const x2 = straightX(r.bottom);
    return Math.max(x1, x2) > b.x - 2 && Math.min(x1, x2) < b.x + NODE_W + 2;
  }));
  if (blocked)
    for (const r of crosses) {
      const gaps = [(r.boxes[0]?.x ?? 0) - GAP_X / 2, ...r.boxes.map((b) => b.x + NODE_W + GAP_X / 2)];
      const want = straightX((r.top + r.bottom) / 2);
      const nearest = gaps.reduce((best, g) => (Math.abs(g - want) < Math.abs(best - want) ? g : best), gaps[0] as number);
      const x = Math.min(layout.width - 2, Math.max(2, nearest));
      points.push({ x, y: r.top - 6 }, { x, y: r.bottom + 6 });
    }
  points.push(to);
  return points;
}

/** The backward pass as steps to go through one at a time: the start, each reduction, then the .grad of each leaf. */
export type BackwardPlayStep =
  | { kind: 'start'; pass: number }
  | { kind: 'reduce'; pass: number; index: number }
  | { kind: 'grads'; pass: number };

export function backwardPlaySteps(graph: ProgramGraph): BackwardPlayStep[] {
  return graph.backward.flatMap((pass, p): BackwardPlayStep[] => [
    { kind: 'start', pass: p },
    ...pass.steps.map((_, index): BackwardPlayStep => ({ kind: 'reduce', pass: p, index })),
    { kind: 'grads', pass: p },
  ]);
}

/** The numbers of one backward step as the program's pass computed them (Note [Call gradients]). */
export interface StepValues {
  /** The gradient the op's backward handed the input, in the op's result shape. */
  incoming: TensorValues;
  /** Summed to the input's shape: what the input received. */
  reduced: TensorValues;
}

const sameStep = (a: ReduceGradTrace, b: ReduceGradTrace): boolean =>
  a.inputId === b.inputId && a.call === b.call && a.inputIndex === b.inputIndex && a.op === b.op;

/**
 * A backward step's numbers, from the record only: the steps of a
 * backward() the run was asked about (ProgramCall.steps), or what a call
 * of the asked statement handed the step's input (ProgramCall.grads, the
 * same pass); null when the record holds neither (the graph then shows
 * shapes, and the page can ask the run about the pass's line).
 */
export function stepValues(program: ProgramLike, graph: ProgramGraph, step: BackwardPlayStep): StepValues | null {
  if (step.kind !== 'reduce') return null;
  const pass = graph.backward[step.pass];
  const s = pass?.steps[step.index];
  if (pass === undefined || s === undefined) return null;
  let index = 0;
  for (const statement of program.statements) {
    for (const call of statement.calls) {
      if (call.steps.length > 0 && statement.line === pass.line) {
        const events = call.traces.filter((e): e is ReduceGradTrace => e.kind === 'reduce-grad');
        const k = events.findIndex((e) => sameStep(e, s.step));
        const found = k < 0 ? undefined : call.steps[k];
        if (found !== undefined) return found;
      }
      const g = call.grads;
      if (index === s.step.call && g != null && g.line === pass.line) {
        const k = call.inputs.indexOf(s.step.inputId);
        const incoming = g.inputs[k];
        const reduced = g.reduced[k];
        if (incoming != null && reduced != null) return { incoming, reduced };
      }
      index++;
    }
  }
  return null;
}

/** Whether the record holds the numbers of every step of a pass (the run was asked about its backward() line). */
export function passHasValues(program: ProgramLike, graph: ProgramGraph, pass: number): boolean {
  const p = graph.backward[pass];
  return p !== undefined && p.steps.every((_, index) => stepValues(program, graph, { kind: 'reduce', pass, index }) !== null);
}
