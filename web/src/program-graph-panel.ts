// The graph and backward views of a program in the code mode: builds the
// graph (model/program-graph.ts), draws it (views/program-graph.ts,
// views/program-backward.ts) into the container the code mode gives, and
// answers clicks and keys. A click on a tensor or an op, or Enter on it,
// sends PROGRAM_SELECT with the line that made it, for the code mode to open
// that line's views. The backward pass is gone through one step at a time
// (Prev / Next, ← / →, or a step in the list); the step stays while the same
// code is shown, across a change of language, theme or picked line.
import type { Palette } from './diagram/palette.js';
import { buildSvg } from './diagram/svg.js';
import { IdleWork } from './idle.js';
import type { Messages } from './i18n/messages.js';
import { backwardPlaySteps, columnsFor, layoutGraph, programGraph, stepValues } from './model/program-graph.js';
import type { ProgramGraph, ProgramLike } from './model/program-graph.js';
import { reductionScene, stepCaption, stepItem, stepOverlay, stepValueRows } from './views/program-backward.js';
import { graphScene, nodeName, opLabel, shapeText } from './views/program-graph.js';

// Note [Graph parts' names]: a tensor's box shows its name, line, shape and
// dtype, each cut short with … when it does not fit. A button must be named
// by the words it shows (WCAG 2.5.3, label in name: a speech user reads them
// off the screen and says them). So a part is named by its texts as drawn,
// name first, and the full sentence (what made it, what shares its storage,
// what changed it) is its description, read after the name. The texts after
// the first (the box's name: what a speech user says) are drawn over the
// part from a sibling group hidden from screen readers (they are in the
// name already): the button's own text is then its label, which its name
// starts with. The texts take no pointer: a click still lands on the box.
function nameAsShown(part: SVGGElement, sentence: string, id: string): void {
  const texts = [...part.querySelectorAll<SVGTextElement>(':scope > text')];
  const shown = texts.map((t) => (t.textContent ?? '').trim()).filter((t) => t !== '');
  part.setAttribute('aria-label', shown.join(', '));
  const ns = 'http://www.w3.org/2000/svg';
  const desc = part.ownerDocument.createElementNS(ns, 'desc');
  desc.id = id;
  desc.textContent = sentence;
  part.prepend(desc);
  part.setAttribute('aria-describedby', id);
  if (texts.length < 2) return;
  const rest = part.ownerDocument.createElementNS(ns, 'g');
  rest.setAttribute('aria-hidden', 'true');
  rest.setAttribute('pointer-events', 'none');
  rest.append(...texts.slice(1));
  part.after(rest);
}

/** The event a click on the graph sends (bubbles, composed): detail.line is the 1-based line to open. */
export const PROGRAM_SELECT = 'program-select';

export interface ProgramSelectDetail {
  line: number;
}

export interface GraphPanelContext {
  m: Messages;
  p: Palette;
  /** The line picked in the editor, marked in the graph. */
  line: number | null;
}

interface PanelState {
  code: string;
  graph: ProgramGraph;
  /** The backward pass as text (backwardText): what the step index refers to. */
  passes: string;
  /** Index into backwardPlaySteps; -1: the forward graph alone. */
  at: number;
  program: ProgramLike & { code: string };
  ctx: GraphPanelContext;
  /** Restore focus to this control after redrawing (a step button, prev, next). */
  focus: string | null;
  /** The columns the graph was last laid out in. */
  columns: number;
}

const states = new WeakMap<HTMLElement, PanelState>();
/** Taller than this (about ten rows), the graph gets a box of its own to scroll in. */
const TALL = 1400;
let ids = 0;

const CSS = `
.pg { display: grid; gap: 8px; min-width: 0; }
.pg h3 { margin: 4px 0 0; font-size: 1rem; }
.pg p { margin: 0; }
.pg .pg-aside { color: var(--muted, inherit); font-size: 0.9em; }
.pg .pg-scroll { overflow: auto; max-width: 100%; -webkit-overflow-scrolling: touch; }
.pg .pg-scroll.pg-tall { max-height: 85vh; }
.pg .pg-scroll svg { display: block; margin: 0 auto; }
.pg [data-pick] { cursor: pointer; outline: none; }
.pg [data-pick]:focus-visible > rect:first-child { stroke-width: 3.5px; stroke-dasharray: 3 2; }
.pg .pg-error code { white-space: pre-wrap; word-break: break-word; }
.pg .pg-nav { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.pg .pg-nav button, .pg ol button { font: inherit; min-height: 36px; padding: 4px 10px; cursor: pointer; }
.pg ol { margin: 0; padding-left: 1.6em; display: grid; gap: 4px; }
.pg ol button { text-align: start; background: none; border: 1px solid transparent; border-radius: 6px; color: inherit; font-family: ui-monospace, monospace; font-size: 0.9em; }
.pg ol button[aria-current="step"] { border-color: currentColor; font-weight: bold; }
.pg dl.pg-values { margin: 0; display: grid; gap: 2px; }
.pg dl.pg-values dd { margin: 0 0 4px 1em; font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
`;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<Record<string, string>> = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) if (v !== undefined) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function select(container: HTMLElement, line: number): void {
  container.dispatchEvent(new CustomEvent<ProgramSelectDetail>(PROGRAM_SELECT, { detail: { line }, bubbles: true, composed: true }));
}

/**
 * Draws (or redraws) the graph views of program into container: new code
 * when the page is next idle, the same code again at once. Never throws: a
 * failure is shown as text.
 */
export function mountProgramGraph(container: HTMLElement, program: ProgramLike & { code: string }, ctx: GraphPanelContext): void {
  const old = states.get(container);
  const same = old !== undefined && old.code === program.code;
  const draw = (): void => {
    const start = performance.now();
    try {
      // A new run of the same code (asked about another line) brings other numbers: the graph is built from it.
      const graph = same && old.program === program ? old.graph : programGraph(program);
      const steps = backwardPlaySteps(graph);
      // The step stays while the backward pass reads the same (an edited comment, the same code run again).
      const last = states.get(container);
      const passes = backwardText(graph);
      const at = last !== undefined && (same || last.passes === passes) ? Math.min(last.at, steps.length - 1) : -1;
      const state: PanelState = { code: program.code, graph, passes, at, program, ctx, focus: null, columns: 0 };
      states.set(container, state);
      watchWidth(container);
      render(container, state);
    } catch (error) {
      // A bug here must not take the code mode with it: it is shown as text.
      states.delete(container);
      container.replaceChildren(el('p', { class: 'problem' }, error instanceof Error ? error.message : String(error)));
    }
    // For the e2e run to print (never asserted): what drawing the graph costs.
    performance.measure(GRAPH_MEASURE, { start, end: performance.now() });
  };
  // New code (a keystroke): drawn when the page is idle, so that the line's shapes come first and
  // typing never waits for the graph. The same code in another language, theme or line: at once.
  let work = pending.get(container);
  if (work === undefined) pending.set(container, (work = new IdleWork()));
  if (same) {
    work.stop();
    draw();
  } else
    work.start(() => {
      draw();
      return false;
    });
}

const pending = new WeakMap<HTMLElement, IdleWork>();

/** The backward passes' lines and reductions, without tensor ids (a new run of the same code has new ones). */
function backwardText(graph: ProgramGraph): string {
  return JSON.stringify(graph.backward.map((p) => [p.line, p.steps.map((s) => [s.step.op, s.step.inputIndex, s.step.gradShape, s.step.targetShape]), p.grads.map((g) => [g.name, g.shape])]));
}

/** The performance measure each mount records. */
export const GRAPH_MEASURE = 'tensorcast:program-graph';

const watched = new WeakSet<HTMLElement>();

/** Draws again when the width holds another number of columns (a phone turned, a panel opened). */
function watchWidth(container: HTMLElement): void {
  if (watched.has(container) || typeof ResizeObserver !== 'function') return;
  watched.add(container);
  new ResizeObserver(() => {
    const state = states.get(container);
    if (state !== undefined && container.clientWidth > 0 && columnsFor(container.clientWidth) !== state.columns) render(container, state);
  }).observe(container);
}

function render(container: HTMLElement, state: PanelState): void {
  const { graph, ctx } = state;
  const { m, p } = ctx;
  const g = m.programGraph;
  const steps = backwardPlaySteps(graph);
  const step = state.at >= 0 ? steps[state.at] ?? null : null;
  const root = el('div', { class: 'pg', 'data-testid': 'program-graph' });
  root.style.setProperty('--muted', p.muted);
  const style = el('style');
  style.textContent = CSS;
  root.append(style, el('h3', {}, g.title));

  // Nothing ran (a syntax error, or line 1 raised): the code mode's own message says why.
  if (graph.nodes.length === 0) {
    root.append(el('p', { class: 'pg-aside' }, g.empty));
    container.replaceChildren(root);
    return;
  }
  root.append(el('p', { class: 'pg-aside' }, m.sentences([g.legend, g.selectHint])));

  // As many columns as the width allows (a phone: two), redrawn when the mount is called again.
  const width = container.clientWidth > 0 ? container.clientWidth : 1000;
  state.columns = columnsFor(width);
  const layout = layoutGraph(graph, state.columns);
  const scene = graphScene(m, p, graph, layout, ctx.line, step === null ? null : stepOverlay(m, graph, step));
  const prefix = `pg${ids++}`;
  const svg = buildSvg(scene, prefix);
  // Its parts are buttons: a group, not an image (an image's children are hidden from screen readers).
  svg.setAttribute('role', 'group');
  svg.setAttribute('aria-label', g.title);
  svg.removeAttribute('aria-labelledby');
  svg.setAttribute('width', String(scene.width));
  svg.setAttribute('height', String(scene.height));
  const byKey = new Map(graph.nodes.map((n) => [n.key, n]));
  const nameOf = (key: string): string => {
    const n = byKey.get(key);
    return n === undefined ? key : nodeName(m, n);
  };
  const pickable: { part: SVGGElement; line: number; order: number }[] = [];
  for (const part of svg.querySelectorAll<SVGGElement>('g[data-layer]')) {
    const layer = part.getAttribute('data-layer') as string;
    let line: number | null = null;
    let label = '';
    if (layer.startsWith('node:')) {
      const n = byKey.get(layer.slice(5));
      // An input (line 0) was bound before the program: no line of it to open.
      if (n === undefined || n.line === 0) continue;
      line = n.line;
      const shared = n.shared ? graph.nodes.filter((o) => o !== n && o.storage === n.storage).map((o) => nodeName(m, o)) : [];
      label = g.nodeLabel(nodeName(m, n), shapeText(m, n), n.dtype ?? '?', n.line, shared);
      for (const c of n.changes) label += g.changedBy(c.line, graph.calls[c.call]?.text ?? '', c.through === null ? null : nameOf(c.through));
      part.setAttribute('data-testid', `node-${n.key}`);
      part.setAttribute('data-slot', `node:${graph.nodes.indexOf(n)}`);
    } else if (layer.startsWith('call:')) {
      const c = graph.calls[Number(layer.slice(5))];
      if (c === undefined) continue;
      line = c.line;
      label = g.callLabel(`${opLabel(c, graph.calls)}${c.inplace ? ` (${g.inplace})` : ''}`, c.line, c.inputs.map(nameOf), c.outputs.map(nameOf), c.view);
      part.setAttribute('data-testid', `call-${c.index}`);
      part.setAttribute('data-slot', `call:${c.index}`);
    } else continue;
    const picked = line;
    // In reading order: by line, each op before the tensor it made.
    pickable.push({ part, line: picked, order: picked * 2 + (layer.startsWith('node:') ? 1 : 0) });
    part.setAttribute('data-pick', String(picked));
    part.setAttribute('tabindex', '-1');
    part.setAttribute('role', 'button');
    nameAsShown(part, label, `${prefix}-${layer}`);
    if (ctx.line === picked) part.setAttribute('aria-pressed', 'true');
    part.addEventListener('click', () => select(container, picked));
    part.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
      e.stopPropagation();
      select(container, picked);
    });
  }
  roving(svg, pickable.sort((a, b) => a.order - b.order).map((x) => x.part), pickable.find((x) => x.line === ctx.line)?.part);
  // A long program's graph scrolls in its own box, so that the backward steps below stay in reach.
  const scroll = el('div', { class: scene.height > TALL ? 'pg-scroll pg-tall' : 'pg-scroll', 'data-testid': 'program-graph-svg' });
  scroll.append(svg);
  root.append(scroll);

  if (graph.leftOut !== null)
    root.append(el('p', { class: 'pg-aside', 'data-testid': 'graph-left-out' }, g.leftOut(graph.leftOut.nodes, graph.leftOut.fromLine, graph.leftOut.toLine)));
  if (graph.error !== null) {
    root.append(el('p', { class: 'pg-aside', 'data-testid': 'graph-error' }, g.stopped(graph.error.line)));
  }
  if (steps.length > 0) root.append(backwardSection(container, state, steps.length));
  // A redraw (a step, the line picked by Enter, the same code run again) keeps the keyboard where it
  // was: by the part's place in the graph, which a new run of the same code keeps (its tensor ids do not).
  const active = (container.getRootNode() as Document | ShadowRoot).activeElement;
  const slot = active !== null && container.contains(active) ? active.getAttribute('data-slot') : null;
  container.replaceChildren(root);
  if (slot !== null && state.focus === null) {
    const again = container.querySelector<SVGGElement>(`g[data-slot="${slot}"]`);
    if (again !== null) {
      for (const other of container.querySelectorAll('[data-pick]')) other.setAttribute('tabindex', '-1');
      again.setAttribute('tabindex', '0');
      again.focus();
    }
  }
  if (state.focus !== null) {
    container.querySelector<HTMLElement>(`[data-focus="${state.focus}"]`)?.focus();
    state.focus = null;
  }
}

/**
 * One stop in the tab order for the whole graph (the picked line's part, or
 * the first): the arrow keys move between its tensors and ops in reading
 * order, Home and End to the first and last.
 */
function roving(svg: SVGSVGElement, parts: SVGGElement[], start: SVGGElement | undefined): void {
  const first = start ?? parts[0];
  if (first === undefined) return;
  first.setAttribute('tabindex', '0');
  const move = (to: SVGGElement | undefined): void => {
    if (to === undefined) return;
    for (const p of parts) p.setAttribute('tabindex', p === to ? '0' : '-1');
    to.focus();
  };
  svg.addEventListener('keydown', (e) => {
    const at = parts.indexOf(e.target as SVGGElement);
    if (at < 0) return;
    const to = { ArrowDown: at + 1, ArrowRight: at + 1, ArrowUp: at - 1, ArrowLeft: at - 1, Home: 0, End: parts.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    move(parts[Math.max(0, Math.min(parts.length - 1, to))]);
  });
}

function backwardSection(container: HTMLElement, state: PanelState, count: number): HTMLElement {
  const { graph, ctx } = state;
  const { m, p } = ctx;
  const b = m.programGraph.backward;
  const steps = backwardPlaySteps(graph);
  const section = el('section', { class: 'pg-back', 'data-testid': 'program-backward', 'aria-label': b.title });
  const go = (at: number, focus: string): void => {
    state.at = Math.max(-1, Math.min(count - 1, at));
    state.focus = focus;
    render(container, state);
    // A step whose numbers the run did not keep: the code mode runs it again, asked about the pass's line.
    const now = steps[state.at];
    const line = now === undefined ? undefined : graph.backward[now.pass]?.line;
    if (now?.kind === 'reduce' && line !== undefined && line !== ctx.line && stepValues(state.program, graph, now) === null) select(container, line);
  };
  section.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLElement && e.target.closest('ol') === null && e.target.closest('.pg-nav') === null) return;
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      e.stopPropagation();
      const next = state.at + (e.key === 'ArrowRight' ? 1 : -1);
      go(next, next < 0 ? 'prev' : `step-${Math.min(count - 1, next)}`);
    }
  });
  section.append(el('h3', {}, b.title));
  const nav = el('div', { class: 'pg-nav', role: 'group', 'aria-label': m.ui.player });
  const prev = el('button', { type: 'button', 'data-testid': 'backward-prev', 'data-focus': 'prev' }, m.ui.prev);
  const next = el('button', { type: 'button', 'data-testid': 'backward-next', 'data-focus': 'next' }, m.ui.next);
  prev.disabled = state.at < 0;
  next.disabled = state.at >= count - 1;
  prev.addEventListener('click', () => go(state.at - 1, state.at - 1 < 0 ? 'next' : 'prev'));
  next.addEventListener('click', () => go(state.at + 1, state.at + 1 >= count - 1 ? 'prev' : 'next'));
  const where = el('span', { 'data-testid': 'backward-step' }, state.at < 0 ? '' : m.ui.stepOf(state.at + 1, count));
  nav.append(prev, next, where);
  section.append(nav);
  const step = state.at >= 0 ? steps[state.at] : undefined;
  const caption = el('p', { 'aria-live': 'polite', 'data-testid': 'backward-caption' }, step === undefined ? '' : stepCaption(m, graph, step));
  section.append(caption);
  const values = step === undefined ? null : stepValues(state.program, graph, step);
  if (step !== undefined && values !== null) {
    const rows = stepValueRows(m, graph, step, values);
    if (rows.length > 0) {
      const dl = el('dl', { class: 'pg-values', 'data-testid': 'backward-values' });
      for (const r of rows) dl.append(el('dt', {}, r.label), el('dd', {}, r.text));
      section.append(dl);
    }
  }
  if (step !== undefined) {
    const width = container.clientWidth > 0 ? container.clientWidth : 1000;
    const strip = reductionScene(m, p, graph, step, Math.max(240, width));
    if (strip !== null) {
      const svg = buildSvg(strip, `pgr${ids++}`);
      svg.setAttribute('width', String(strip.width));
      svg.setAttribute('height', String(strip.height));
      const box = el('div', { class: 'pg-scroll', 'data-testid': 'backward-strip' });
      box.append(svg);
      section.append(box);
    }
  }
  const list = el('ol', { 'aria-label': b.steps, 'data-testid': 'backward-steps' });
  steps.forEach((s, i) => {
    const item = el('li');
    const button = el('button', { type: 'button', 'data-focus': `step-${i}`, 'data-testid': `backward-step-${i}` }, stepItem(m, graph, s));
    if (i === state.at) button.setAttribute('aria-current', 'step');
    button.addEventListener('click', () => go(i, `step-${i}`));
    item.append(button);
    list.append(item);
  });
  section.append(list);
  return section;
}
