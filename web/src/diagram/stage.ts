// The on-screen diagram of one set of inputs in one view, theme and
// language. A keyed part, once drawn, stays in the SVG: hidden while a step
// that lacks it is shown, and laid out already when a step shows it again.
// What a step costs the browser is then small: groups shown and hidden, and
// the size of a box around the SVG. Measured in Chromium, these are what
// would cost tens of milliseconds for a few hundred cells:
// - making and laying out the elements again: parts are kept;
// - resizing the <svg>: it lays out every text in it again. Its size only
//   grows (to the largest step drawn), and an HTML box the size of the step
//   crops it;
// - visibility="hidden": it restyles every element of the group. An empty
//   clip path hides a group (from sight and the pointer) for the price of
//   one attribute.
// Parts of one scene never overlap, so the order in which they were added
// does not matter. Unkeyed parts are small and belong to one step: they are
// replaced.
import type { Box, Layer, Scene } from './scene.js';
import { describeSvg, layerElement, sizeSvg, svgRoot } from './svg.js';

const NS = 'http://www.w3.org/2000/svg';

/** A cell outlined by hover, by its key. */
export interface Mark {
  key: string;
  /** 'on': the cell hovered and the cells it reads; 'same': another reader of a reused cell. */
  how: 'on' | 'same';
}

export class SvgStage {
  /** The box that crops the SVG to the step shown. */
  readonly box: HTMLDivElement;
  readonly svg: SVGSVGElement;
  private readonly parts = new Map<string, SVGGElement>();
  private readonly hide: string;
  private loose: SVGGElement[] = [];
  private shown = new Set<SVGGElement>();
  private width = 0;
  private height = 0;
  private marks: SVGGElement | null = null;

  constructor(first: Scene, private readonly idPrefix: string, private readonly doc: Document = document) {
    this.svg = svgRoot(first, idPrefix, doc);
    const clip = doc.createElementNS(NS, 'clipPath');
    clip.setAttribute('id', `${idPrefix}-none`);
    clip.append(doc.createElementNS(NS, 'rect'));
    this.svg.querySelector('defs')?.append(clip);
    this.hide = `url(#${idPrefix}-none)`;
    this.box = doc.createElement('div');
    this.box.className = 'viewport';
    this.box.append(this.svg);
    this.grow(first);
  }

  /** Makes the SVG at least as large as the scene; it never shrinks (see above). */
  private grow(scene: Scene): void {
    if (scene.width <= this.width && scene.height <= this.height) return;
    this.width = Math.max(this.width, scene.width);
    this.height = Math.max(this.height, scene.height);
    sizeSvg(this.svg, this.width, this.height);
  }

  private part(layer: Layer): SVGGElement {
    let g = this.parts.get(layer.key);
    if (g === undefined) {
      g = layerElement(layer, this.idPrefix, this.doc);
      this.conceal(g);
      this.svg.append(g);
      this.parts.set(layer.key, g);
    }
    return g;
  }

  private conceal(g: SVGGElement): void {
    g.setAttribute('clip-path', this.hide);
    g.setAttribute('aria-hidden', 'true');
  }

  /**
   * Adds the scene's keyed parts not drawn yet, hidden, and has the browser
   * lay them out now (in idle time) rather than in the frame of the step
   * that shows them.
   */
  prepare(scene: Scene): void {
    this.grow(scene);
    const added = scene.layers.filter((l) => l.key !== '' && !this.parts.has(l.key)).map((l) => this.part(l));
    // Reading a box makes the browser lay out the new groups now.
    for (const g of added) g.getBBox();
  }

  /** Shows exactly the scene's parts. */
  show(scene: Scene): void {
    this.grow(scene);
    describeSvg(this.svg, scene);
    this.box.style.width = `${scene.width}px`;
    this.box.style.height = `${scene.height}px`;
    for (const g of this.loose) g.remove();
    this.loose = [];
    const wanted = scene.layers.map((layer) => {
      if (layer.key !== '') return this.part(layer);
      const g = layerElement(layer, this.idPrefix, this.doc);
      this.svg.append(g);
      this.loose.push(g);
      return g;
    });
    const next = new Set(wanted);
    for (const g of this.shown) if (!next.has(g)) this.conceal(g);
    for (const g of wanted) {
      g.removeAttribute('clip-path');
      g.removeAttribute('aria-hidden');
    }
    this.shown = next;
  }

  /**
   * Outlines cells above everything (hover marks): a few new rectangles,
   * whatever the size of the diagram. data-hl says how (the page's styles
   * draw it); none clears them.
   */
  mark(marks: readonly (Mark & { box: Box })[]): void {
    if (this.marks === null) {
      this.marks = this.doc.createElementNS(NS, 'g');
      this.marks.setAttribute('pointer-events', 'none');
    }
    this.marks.replaceChildren(...marks.map(({ box, key, how }) => {
      const rect = this.doc.createElementNS(NS, 'rect');
      for (const [k, v] of Object.entries({ x: box.x, y: box.y, width: box.w, height: box.h, fill: 'none', 'data-key': key, 'data-hl': how }))
        rect.setAttribute(k, String(v));
      return rect;
    }));
    if (this.svg.lastElementChild !== this.marks) this.svg.append(this.marks);
  }
}
