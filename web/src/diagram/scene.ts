// A diagram as plain primitives with concrete colours. One scene feeds the
// on-screen SVG, the exported SVG file and the PNG (drawn on a canvas, which
// works under the page's CSP where loading an SVG image from a blob would not).

export interface RectPrim {
  t: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  fill: string;
  stroke: string;
  strokeWidth: number;
  /** Dashed outline: a ghost or missing dim. */
  dashed?: boolean;
  /** Diagonal hatching on top of the fill: a conflict or a stride of 0, never colour alone. */
  hatch?: boolean;
  rx?: number;
  /** Identifies the element for hover mapping (e.g. "out:5", "a:s:2"). */
  key?: string;
}

export interface TextPrim {
  t: 'text';
  x: number;
  y: number;
  text: string;
  size: number;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
  bold?: boolean;
  mono?: boolean;
  key?: string;
}

export interface LinePrim {
  t: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  stroke: string;
  width: number;
  dashed?: boolean;
  arrow?: boolean;
}

/**
 * Many cells with one look, drawn as one path: a grid of hundreds of cells
 * costs the browser one element instead of hundreds.
 */
export interface CellsPrim {
  t: 'cells';
  /** x, y, w, h of each cell, one after the other. */
  boxes: number[];
  /** Per cell, what identifies it for hover mapping (e.g. "out:5", "a:s:2"). */
  keys: (string | undefined)[];
  fill: string;
  stroke: string;
  strokeWidth: number;
  dashed?: boolean;
  hatch?: boolean;
}

/**
 * Short labels in one style, such as a grid's row or column indices, drawn
 * as one text element whose characters are placed one by one: a grid's
 * indices cost the browser one element instead of one each.
 */
export interface LabelsPrim {
  t: 'labels';
  items: { x: number; y: number; text: string }[];
  size: number;
  fill: string;
  anchor: 'middle' | 'end';
}

export type Prim = RectPrim | TextPrim | LinePrim | CellsPrim | LabelsPrim;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * A named part of a scene. Its key says everything its drawing depends on
 * besides the inputs, so a step that keeps a part can reuse its SVG.
 */
export interface Layer {
  /** '' for loose drawing between parts, which is never reused. */
  key: string;
  prims: Prim[];
  right: number;
  bottom: number;
  /** What the part's drawing returned (positions for what follows). */
  value?: unknown;
}

export interface Scene {
  width: number;
  height: number;
  /** For screen readers and the exported file. */
  title: string;
  desc: string;
  background: string;
  hatch: string;
  /** In drawing order. */
  layers: Layer[];
}

export function primsOf(scene: Scene): Prim[] {
  return scene.layers.flatMap((l) => l.prims);
}

/** Where each keyed cell of a scene is, for hover mapping and its marks. */
export function keyedBoxes(scene: Scene): Map<string, Box> {
  const boxes = new Map<string, Box>();
  for (const p of primsOf(scene)) {
    if (p.t === 'rect' && p.key !== undefined) boxes.set(p.key, { x: p.x, y: p.y, w: p.w, h: p.h });
    if (p.t !== 'cells') continue;
    p.keys.forEach((key, i) => {
      if (key !== undefined) boxes.set(key, { x: p.boxes[4 * i] as number, y: p.boxes[4 * i + 1] as number, w: p.boxes[4 * i + 2] as number, h: p.boxes[4 * i + 3] as number });
    });
  }
  return boxes;
}

/** Diagrams wrap what would run past this width onto the next line. */
export const WRAP_WIDTH = 1180;

export const FONT = "system-ui, -apple-system, 'Segoe UI', 'Noto Sans', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', 'Microsoft YaHei', sans-serif";
export const MONO = "ui-monospace, 'DejaVu Sans Mono', 'Menlo', 'Consolas', 'WenQuanYi Micro Hei Mono', monospace";

/** A monospaced character's advance, in ems (DejaVu Sans Mono's is 0.602). */
export const MONO_ADVANCE = 0.61;

// Wide (CJK) characters take about a full em; the rest about 0.6 of one.
export function textWidth(text: string, size: number, mono = false): number {
  let w = 0;
  for (const ch of text) w += /[\u2E80-\uFFEF]/.test(ch) ? 1 : mono ? MONO_ADVANCE : 0.58;
  return w * size;
}

const loose = (): Layer => ({ key: '', prims: [], right: 0, bottom: 0 });

/**
 * Collects primitives and grows the scene's bounds around them. Parts drawn
 * with part() are taken from `previous` (the last scene's parts, when the
 * inputs are the same) instead of being drawn again.
 */
export class SceneBuilder {
  private readonly layers: Layer[] = [loose()];
  private right = 0;
  private bottom = 0;

  constructor(private readonly previous: ReadonlyMap<string, Layer> = new Map()) {}

  /** Draws (or reuses) a part named by key, which must say all it depends on besides the inputs. */
  part<T>(key: string, draw: () => T): T {
    const old = this.previous.get(key);
    if (old !== undefined) {
      this.layers.push(old, loose());
      this.grow(old.right, old.bottom);
      return old.value as T;
    }
    const layer: Layer = { key, prims: [], right: 0, bottom: 0 };
    this.layers.push(layer);
    const value = draw();
    layer.value = value;
    this.layers.push(loose());
    return value;
  }

  private get current(): Layer {
    return this.layers[this.layers.length - 1] as Layer;
  }

  private get prims(): Prim[] {
    return this.current.prims;
  }

  rect(p: Omit<RectPrim, 't'>): void {
    this.prims.push({ t: 'rect', ...p });
    this.grow(p.x + p.w, p.y + p.h);
  }

  text(p: Omit<TextPrim, 't'>): void {
    this.prims.push({ t: 'text', ...p });
    const w = textWidth(p.text, p.size, p.mono);
    const left = p.anchor === 'middle' ? p.x - w / 2 : p.anchor === 'end' ? p.x - w : p.x;
    this.grow(left + w, p.y + p.size * 0.3);
  }

  cells(p: Omit<CellsPrim, 't'>): void {
    if (p.keys.length === 0) return;
    this.prims.push({ t: 'cells', ...p });
    for (let i = 0; i < p.boxes.length; i += 4) this.grow((p.boxes[i] as number) + (p.boxes[i + 2] as number), (p.boxes[i + 1] as number) + (p.boxes[i + 3] as number));
  }

  labels(p: Omit<LabelsPrim, 't'>): void {
    if (p.items.length === 0) return;
    this.prims.push({ t: 'labels', ...p });
    for (const item of p.items) {
      const w = textWidth(item.text, p.size, true);
      this.grow(p.anchor === 'middle' ? item.x + w / 2 : item.x, item.y + p.size * 0.3);
    }
  }

  line(p: Omit<LinePrim, 't'>): void {
    this.prims.push({ t: 'line', ...p });
    this.grow(Math.max(p.x1, p.x2), Math.max(p.y1, p.y2));
  }

  /** Reserves space without drawing (a margin). */
  grow(x: number, y: number): void {
    this.right = Math.max(this.right, x);
    this.bottom = Math.max(this.bottom, y);
    const layer = this.current;
    layer.right = Math.max(layer.right, x);
    layer.bottom = Math.max(layer.bottom, y);
  }

  get width(): number {
    return this.right;
  }

  get height(): number {
    return this.bottom;
  }

  build(meta: { title: string; desc: string; background: string; hatch: string }, margin = 16): Scene {
    // Empty parts stay: they carry values (a layout) for the next step.
    const layers = this.layers.filter((l) => l.key !== '' || l.prims.length > 0);
    return { ...meta, width: Math.ceil(this.right + margin), height: Math.ceil(this.bottom + margin), layers };
  }
}
