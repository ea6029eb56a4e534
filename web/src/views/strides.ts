// The strides view: each input's storage beside its expanded grid, the
// stride vectors before and after expanding (0s marked), the output grid
// whose cells map to the input cells they read, and the engine's loop nest.
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import type { Palette } from '../diagram/palette.js';
import { SceneBuilder, WRAP_WIDTH, textWidth } from '../diagram/scene.js';
import type { CellsPrim, LabelsPrim, Layer, Scene, TextPrim } from '../diagram/scene.js';
import type { Mark } from '../diagram/stage.js';
import { drawTensor, measureTensor } from '../diagram/tensor-grid.js';
import type { GridSpec } from '../diagram/tensor-grid.js';
import type { Messages } from '../i18n/messages.js';
import { formatCount, formatElement, formatShape } from '../model/format.js';
import { MAX_DRAWN_STORAGE, MAX_PLAN_ELEMENTS, MAX_RUN_ELEMENTS } from '../model/limits.js';
import { formulaText, indexOf, offsetFormula } from '../model/offset-formula.js';
import type { Step } from '../model/steps.js';
import type { StridedInput } from '../model/strides.js';
import { visibleIndices } from '../model/summary.js';
import type { ViewContext } from './context.js';

const CELL = 34;
// Storage cells per drawn row.
const STORAGE_ROW = 24;

export function gridWords(m: Messages): GridSpec['words'] {
  return { empty: m.grid.empty, tooManyDims: m.grid.tooManyDims, scalar: m.grid.scalar };
}

/** As PyTorch's stride() prints: a tuple, (1,) for one dim. */
function strideList(strides: readonly number[]): string {
  return formatShape(strides);
}

/** A stride vector as boxes; a 0 is hatched and labelled, not only coloured. */
function strideBoxes(sb: SceneBuilder, x: number, y: number, label: string, strides: readonly number[], p: Palette): number {
  sb.text({ x, y: y + 13, text: label, size: 13, fill: p.muted });
  let at = x + textWidth(label, 13) + 8;
  if (strides.length === 0) {
    sb.text({ x: at, y: y + 13, text: '()', size: 14, fill: p.fg, mono: true });
    return at + 20;
  }
  for (const s of strides) {
    const w = Math.max(26, textWidth(String(s), 14, true) + 10);
    const zero = s === 0;
    sb.rect({ x: at, y, w, h: 26, fill: zero ? p.zero.fill : p.cell.fill, stroke: zero ? p.zero.stroke : p.cell.stroke, strokeWidth: zero ? 2 : 1, hatch: zero, rx: 3 });
    sb.text({ x: at + w / 2, y: y + 13, text: String(s), size: 14, fill: p.fg, anchor: 'middle', mono: true, bold: zero });
    at += w + 3;
  }
  return at;
}

function storageStrip(sb: SceneBuilder, x: number, y: number, input: StridedInput, m: Messages, p: Palette): number {
  const storage = input.storage;
  if (storage === null && input.numel > MAX_RUN_ELEMENTS) {
    // Too big to make: its strides are still the core's (shown above), only the cells are not drawn.
    sb.text({ x, y: y + 10, text: m.fixes.large.notDrawn(formatCount(MAX_RUN_ELEMENTS)), size: 13, fill: p.muted });
    return y + 22;
  }
  if (storage === null) return y;
  if (storage.length === 0) {
    sb.text({ x, y: y + CELL / 2, text: m.strides.cells(0), size: 13, fill: p.muted });
    return y + CELL;
  }
  const cells = visibleIndices([storage.length], MAX_DRAWN_STORAGE)[0] ?? [];
  const row = CELL + 18;
  const strip: Omit<CellsPrim, 't'> = { boxes: [], keys: [], fill: p.cell.fill, stroke: p.cell.stroke, strokeWidth: 1.2 };
  const texts: Omit<TextPrim, 't'>[] = [];
  const indices: LabelsPrim['items'] = [];
  let at = x;
  let top = y;
  cells.forEach((i, k) => {
    // Long storages wrap, as memory would be drawn on a page.
    if (k > 0 && k % STORAGE_ROW === 0) {
      at = x;
      top += row;
    }
    if (i === null) {
      texts.push({ x: at + 12, y: top + CELL / 2, text: '…', size: 18, fill: p.muted, anchor: 'middle' });
      at += 24;
      return;
    }
    const text = formatElement(storage[i] as number, input.dtype);
    const w = Math.max(CELL, textWidth(text, 13, true) + 10);
    strip.boxes.push(at, top, w, CELL);
    strip.keys.push(`${input.name}:s:${i}`);
    texts.push({ x: at + w / 2, y: top + CELL / 2, text, size: 13, fill: p.fg, anchor: 'middle', mono: true, key: `${input.name}:s:${i}` });
    indices.push({ x: at + w / 2, y: top + CELL + 9, text: String(i) });
    at += w;
  });
  sb.cells(strip);
  sb.labels({ items: indices, size: 11, fill: p.muted, anchor: 'middle' });
  for (const t of texts) sb.text(t);
  return top + row + 4;
}

/** Whether the plan's loop order (innermost first) is the dims' own order, last dim innermost. */
function unsorted(order: readonly number[]): boolean {
  return order.every((d, k) => k === 0 || d < (order[k - 1] as number));
}

/** The loop nest as lines of code, each with its indent depth (outermost loop first). */
function loopLines(ctx: ViewContext, step: Step): { depth: number; text: string }[] {
  const { m } = ctx;
  const s = ctx.model.computation.strides;
  const plan = s.plan;
  const shape = ctx.model.computation.broadcast?.result ?? null;
  if (plan === null || (step.kind !== 'reorder' && step.kind !== 'coalesce' && step.kind !== 'kernel')) return [];
  const names = ['out', ...s.inputs.map((i) => i.name)];
  const lines = [];
  if (step.kind === 'reorder') {
    // Before coalescing: one loop per dim, in the sorted order, with each operand's expanded stride.
    const strides = [s.out?.strides ?? [], ...s.inputs.map((i) => i.expandedStrides ?? [])];
    for (let k = plan.order.length - 1, depth = 0; k >= 0; k--, depth++) {
      const d = plan.order[k] as number;
      const text = names.map((n, op) => `${n} ${strides[op]?.[d] ?? '?'}`).join(', ');
      lines.push({ depth, text: `for i${d} in range(${shape?.[d] ?? '?'}):   ${m.strides.loopComment([d], text)}` });
    }
    return lines;
  }
  for (let k = plan.shape.length - 1, depth = 0; k >= 0; k--, depth++) {
    const strides = names.map((n, op) => `${n} ${plan.strides[op]?.[k] ?? '?'}`).join(', ');
    lines.push({ depth, text: `for i${k} in range(${plan.shape[k]}):   ${m.strides.loopComment(plan.groups[k] ?? [], strides)}` });
  }
  if (step.kind === 'kernel') lines.push({ depth: plan.shape.length, text: m.strides.kernelLine(s.kernel ?? '') });
  return lines;
}

export function stridesCaption(ctx: ViewContext, step: Step): string {
  const { m } = ctx;
  const s = ctx.model.computation.strides;
  switch (step.kind) {
    case 'storage': {
      const views = s.inputs.filter((i) => i.chain !== '' && i.storage !== null)
        .map((i) => m.chain.viewNote(`${i.name}${i.chain}`, formatShape(i.shape), formatShape(i.baseShape), i.offset));
      const text = m.sentences([m.strides.stepStorage(s.inputs.map((i) => `${i.name} ${strideList(i.strides)}`)), ...views]);
      return ctx.model.computation.broadcast?.result === null ? m.sentences([text, m.strides.noExpand]) : text;
    }
    case 'expand': {
      const text = m.strides.stepExpand(s.inputs.map((i) => `${i.name} ${strideList(i.strides)} → ${strideList(i.expandedStrides ?? [])}`));
      if (s.plan !== null) return text;
      return m.sentences([text, ctx.model.computation.valuesOnlyMissing ? m.fixes.large.noPlan(formatCount(MAX_PLAN_ELEMENTS)) : m.strides.noPlan]);
    }
    case 'reorder': {
      const order = s.plan?.order ?? [];
      const natural = [...order].sort((x, y) => y - x);
      return m.strides.stepReorder(order, unsorted(order) ? null : natural);
    }
    case 'coalesce': {
      const plan = s.plan;
      if (plan === null) return '';
      const groups = plan.groups.map((g, k) => `[${g.join(', ')}] → ${plan.shape[k]}`);
      return m.strides.stepCoalesce(groups, plan.shape.join(' × ') || '1', plan.groups.some((g) => g.length > 1));
    }
    case 'kernel':
      return m.strides.stepKernel((s.plan === null ? '' : m.strides.patterns[s.plan.innerPattern]), s.kernelRows);
    default:
      return '';
  }
}

/** Where each input's stride boxes end, so the expanded ones can follow on the same line. */
interface StrideRow {
  y: number;
  right: number;
}

/** Each input's heading, strides and storage: the part every step shows. */
function storagePart(sb: SceneBuilder, ctx: ViewContext): { bottom: number; rows: StrideRow[] } {
  const { m, p } = ctx;
  let y = 8;
  const rows: StrideRow[] = [];
  for (const input of ctx.model.computation.strides.inputs) {
    sb.text({ x: 8, y: y + 10, text: `${m.strides.storage(input.name)} · ${m.strides.cells(input.storage?.length ?? input.numel)}`, size: 16, fill: p.fg, bold: true });
    y += 26;
    if (input.chain !== '') {
      sb.text({ x: 8, y: y + 6, text: m.chain.viewOf(`${input.name}${input.chain}`, formatShape(input.baseShape), input.offset), size: 13, fill: p.muted, mono: false });
      y += 22;
    }
    rows.push({ y, right: strideBoxes(sb, 8, y, `${m.strides.table.shape} ${formatShape(input.shape)} · ${m.strides.table.strides}`, input.strides, p) });
    y += 36;
    y = storageStrip(sb, 8, y, input, m, p) + 8;
  }
  return { bottom: y, rows };
}

/** The strides after expanding, beside the ones before. */
function expandedPart(sb: SceneBuilder, ctx: ViewContext, rows: readonly StrideRow[]): void {
  const { m, p } = ctx;
  ctx.model.computation.strides.inputs.forEach((input, i) => {
    const row = rows[i];
    if (row === undefined || input.expandedStrides === null) return;
    sb.line({ x1: row.right + 6, y1: row.y + 13, x2: row.right + 34, y2: row.y + 13, stroke: p.muted, width: 2, arrow: true });
    strideBoxes(sb, row.right + 42, row.y, m.strides.table.expanded, input.expandedStrides, p);
  });
}

/** Each input expanded to the output's shape, and the output; returns the y below them. */
function gridsPart(sb: SceneBuilder, ctx: ViewContext, shape: number[], top: number): number {
  const { m, p } = ctx;
  const s = ctx.model.computation.strides;
  const out = s.out;
  const values = out?.values ?? null;
  if (out === null || values === null) return top;
  const grids: { title: string; spec: GridSpec }[] = [
    ...s.inputs.map((input) => ({
      title: m.strides.expanded(input.name, formatShape(shape)),
      spec: {
        shape, name: input.name, palette: p, keyPrefix: `${input.name}:e`, words: gridWords(m), shapeText: formatShape(shape),
        text: (f: number) => formatElement(input.read?.[f] as number, input.dtype),
        // A cell read more than once: its colour and a dashed outline (no colour alone, Note [Forced colours]).
        look: (f: number) => ((input.readers?.[input.cell?.[f] as number] ?? 1) > 1 ? { ...p.zero, dashed: true } : { ...p.cell }),
      } satisfies GridSpec,
    })),
    {
      title: m.strides.output(formatShape(out.shape)),
      spec: {
        shape: out.shape, name: 'out', palette: p, keyPrefix: 'out', words: gridWords(m), shapeText: formatShape(out.shape),
        text: (f: number) => formatElement(values[f] as number, out.dtype),
        look: () => ({ fill: p.bg, stroke: p.fg }),
      } satisfies GridSpec,
    },
  ];
  let x = 8;
  let y = top;
  let tallest = 0;
  for (const { title, spec } of grids) {
    const size = measureTensor(spec);
    const w = Math.max(size.w, textWidth(title, 14));
    // Grids that would run off the right edge start a new row.
    if (x > 8 && x + w > WRAP_WIDTH) {
      x = 8;
      y += tallest + 16;
      tallest = 0;
    }
    sb.text({ x, y: y + 8, text: title, size: 14, fill: p.fg, bold: true });
    drawTensor(sb, x, y + 24, spec);
    tallest = Math.max(tallest, size.h + 24);
    x += w + 36;
  }
  return y + tallest + 16;
}

export function stridesScene(ctx: ViewContext, shown: Step, caption: string, previous?: ReadonlyMap<string, Layer>, pending = false): Scene | null {
  const { m, p } = ctx;
  // Waiting for a prediction of the result: the storages only, nothing expanded to it.
  const step: Step = pending ? { view: 'strides', kind: 'storage' } : shown;
  const c = ctx.model.computation;
  if (c.broadcast === null) return null;
  const s = c.strides;
  const expanded = step.kind !== 'storage' && step.kind !== 'problem';
  const sb = new SceneBuilder(previous);
  // Parts the steps share: a step adds parts, and shows again those it keeps.
  const storage = sb.part('storage', () => storagePart(sb, ctx));
  let y = storage.bottom;
  if (expanded) sb.part('expanded', () => expandedPart(sb, ctx, storage.rows));
  const shape = c.broadcast.result;
  if (expanded && shape !== null && s.inputs.every((i) => i.read !== null)) {
    const top = y + 8;
    y = sb.part('grids', () => gridsPart(sb, ctx, shape, top));
  } else if (expanded && shape !== null && c.valuesOnlyMissing) {
    sb.text({ x: 8, y: y + 10, text: m.fixes.large.gridsNotDrawn(formatCount(MAX_RUN_ELEMENTS)), size: 14, fill: p.muted });
    y += 34;
  }
  const lines = loopLines(ctx, step);
  if (lines.length > 0) {
    sb.text({ x: 8, y: y + 10, text: m.strides.loops, size: 16, fill: p.fg, bold: true });
    y += 30;
    for (const line of lines) {
      sb.text({ x: 8 + line.depth * 28, y, text: line.text, size: 14, fill: p.fg, mono: true });
      y += 22;
    }
  }
  return sb.build({ title: m.ui.diagram(m.ui.views.strides), desc: caption, background: p.bg, hatch: p.hatch });
}

/** Under the diagram: the core's own kernel name at the inner-loop step (a detail), then the stride table. */
export function stridesDetails(ctx: ViewContext, step: Step, expanded: boolean): TemplateResult {
  const kernel = ctx.model.computation.strides.kernel;
  return html`${step.kind === 'kernel' && kernel !== null ? html`<p class="aside" data-testid="kernel-detail">${ctx.m.chain.kernelDetail(kernel)}</p>` : ''}${stridesTable(ctx, expanded)}`;
}

/** expanded: the step has expanded the inputs, so the output and the expanded strides are shown too. */
export function stridesTable(ctx: ViewContext, expanded: boolean): TemplateResult {
  const { m } = ctx;
  const s = ctx.model.computation.strides;
  const rows = [
    ...(s.out === null || !expanded ? [] : [{ name: 'out', shape: s.out.shape, strides: s.out.strides, expanded: s.out.strides, offset: 0 }]),
    ...s.inputs.map((i) => ({ name: i.name, shape: i.shape, strides: i.strides, expanded: i.expandedStrides, offset: i.offset })),
  ];
  const cells = (strides: readonly number[] | null): TemplateResult =>
    strides === null
      ? html`—`
      : html`(${strides.map((v, k) => html`${k > 0 ? ', ' : ''}${v === 0 ? html`<mark class="zero" title=${m.strides.zeroMark}>0<span class="sr">, ${m.strides.zeroMark}</span></mark>` : String(v)}`)})`;
  return html`<table class="strides">
    <thead><tr><th scope="col">${m.strides.table.operand}</th><th scope="col">${m.strides.table.shape}</th><th scope="col">${m.strides.table.strides}</th>${expanded ? html`<th scope="col">${m.strides.table.expanded}</th>` : ''}<th scope="col">${m.strides.table.offset}</th></tr></thead>
    <tbody>${rows.map((r) => html`<tr><th scope="row">${r.name}</th><td>${formatShape(r.shape)}</td><td>${cells(r.strides)}</td>${expanded ? html`<td>${cells(r.expanded)}</td>` : ''}<td>${r.offset}</td></tr>`)}</tbody>
  </table>`;
}

/**
 * What hovering an output element marks: it, and in each input the expanded
 * element and the storage cell it reads; for a cell read again (a stride of
 * 0), the other drawn output elements that read it too.
 */
export function hoverMarks(ctx: ViewContext, flat: number, drawnOut: readonly number[]): Mark[] {
  const marks: Mark[] = [];
  for (const input of ctx.model.computation.strides.inputs) {
    const cell = input.cell?.[flat];
    if (cell === undefined) continue;
    if ((input.readers?.[cell] ?? 1) > 1)
      for (const other of drawnOut) if (other !== flat && input.cell?.[other] === cell) marks.push({ key: `${input.name}:e:${other}`, how: 'same' });
    marks.push({ key: `${input.name}:e:${flat}`, how: 'on' }, { key: `${input.name}:s:${cell}`, how: 'on' });
  }
  marks.push({ key: `out:${flat}`, how: 'on' });
  return marks;
}

/** What one output element reads, for the live region and the hover test. */
export function readsText(ctx: ViewContext, flat: number): string | null {
  const { m } = ctx;
  const s = ctx.model.computation.strides;
  const out = s.out;
  const values = out?.values ?? null;
  if (out === null || values === null) return null;
  const index = out.shape.map((_, d) => Math.floor(flat / out.shape.slice(d + 1).reduce((a, b) => a * b, 1)) % (out.shape[d] as number));
  const parts = s.inputs.map((input) => {
    const cell = input.cell?.[flat] as number;
    return m.strides.readsPart(input.name, cell, formatElement(input.storage?.[cell] as number, input.dtype), input.readers?.[cell] ?? 1);
  });
  return m.strides.reads(`out[${index.join(', ')}]`, formatElement(values[flat] as number, out.dtype), parts);
}

/**
 * Where one output element reads each input, as the sum the engine does:
 * storage offset + index · expanded strides. The cell is the one the core's
 * view read (input.cell); the sum is shown only when it agrees with it.
 */
export function formulaLines(ctx: ViewContext, flat: number): string[] {
  const s = ctx.model.computation.strides;
  const out = s.out;
  if (out === null) return [];
  const at = `out[${indexOf(out.shape, flat).join(', ')}]`;
  return s.inputs.flatMap((input) => {
    if (input.expandedStrides === null || input.cell === null) return [];
    const f = offsetFormula(out.shape, input.expandedStrides, input.offset, flat);
    return f.cell === input.cell[flat] ? [ctx.m.chain.formula(at, input.name, formulaText(f))] : [];
  });
}
