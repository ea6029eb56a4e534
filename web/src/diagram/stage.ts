// The on-screen diagram of one set of inputs in one view, theme and
// language. A keyed part, once drawn, stays on the page: hidden while a step
// that lacks it is shown, and laid out already when a step shows it again.
// What a step costs the browser is then small. Measured in Chromium, these
// are what cost tens of milliseconds for a few hundred cells, and are avoided:
// - making and laying out the elements again: parts are kept;
// - resizing an <svg>: it lays out every text in it again. Each part has an
//   <svg> of its own, sized once; an HTML box the size of the step crops them;
// - repainting the whole diagram when a little of it changes: an <svg> is
//   painted as a whole, so the parts, the step's own small drawing and the
//   hover marks are separate <svg>s, stacked;
// - visibility="hidden" restyles every element of the part, and a CSS clip
//   on an <svg> lays it out again; a clip that shows nothing, on the group
//   inside, hides a part (from sight and the pointer) for the price of one
//   attribute.
// Parts of one scene never overlap, so their stacking order does not matter.
// The first <svg> is the image for screen readers (title, description); the
// parts are drawn for the eye and hidden from them.
import type { Box, Layer, Scene } from './scene.js';
import { describeSvg, layerElement, sizeSvg, svgRoot } from './svg.js';

const NS = 'http://www.w3.org/2000/svg';
const HIDDEN = 'inset(50%)';

/** A cell outlined by hover, by its key. */
export interface Mark {
  key: string;
  /** 'on': the cell hovered and the cells it reads; 'same': another reader of a reused cell. */
  how: 'on' | 'same';
}

export class SvgStage {
  /** The box that crops the diagram to the step shown. */
  readonly box: HTMLDivElement;
  /** The image screen readers see: title, description, patterns, background. */
  readonly svg: SVGSVGElement;
  private readonly parts = new Map<string, SVGSVGElement>();
  private readonly shown = new Set<SVGSVGElement>();
  private loose: SVGSVGElement | null = null;
  private marks: SVGSVGElement | null = null;
  private width = 0;
  private height = 0;

  constructor(first: Scene, private readonly idPrefix: string, private readonly doc: Document = document) {
    this.svg = svgRoot(first, idPrefix, doc);
    this.box = doc.createElement('div');
    this.box.className = 'viewport';
    this.box.append(this.svg);
    this.grow(first);
  }

  /** Makes the background at least as large as the scene; it never shrinks (see above). */
  private grow(scene: Scene): void {
    if (scene.width <= this.width && scene.height <= this.height) return;
    this.width = Math.max(this.width, scene.width);
    this.height = Math.max(this.height, scene.height);
    sizeSvg(this.svg, this.width, this.height);
  }

  /** An <svg> over the background, holding drawing. */
  private sheet(width: number, height: number, className: string): SVGSVGElement {
    const sheet = this.doc.createElementNS(NS, 'svg');
    for (const [k, v] of Object.entries({ width, height, class: className, 'aria-hidden': 'true' })) sheet.setAttribute(k, String(v));
    return sheet;
  }

  private hide(sheet: SVGSVGElement, hidden: boolean): void {
    const g = sheet.firstElementChild as SVGGElement;
    if (hidden) {
      g.setAttribute('clip-path', HIDDEN);
      sheet.setAttribute('data-hidden', '');
    } else {
      g.removeAttribute('clip-path');
      sheet.removeAttribute('data-hidden');
    }
  }

  private part(layer: Layer): SVGSVGElement {
    let sheet = this.parts.get(layer.key);
    if (sheet === undefined) {
      // Its own size, with room for text that runs a little past the bounds measured.
      sheet = this.sheet(Math.ceil(layer.right) + 40, Math.ceil(layer.bottom) + 40, 'part');
      sheet.append(layerElement(layer, this.idPrefix, this.doc));
      this.hide(sheet, true);
      this.box.append(sheet);
      this.parts.set(layer.key, sheet);
    }
    return sheet;
  }

  /**
   * Adds the scene's keyed parts not drawn yet, hidden, and has the browser
   * lay them out now (in idle time) rather than in the frame of the step
   * that shows them.
   */
  prepare(scene: Scene): void {
    this.grow(scene);
    const added = scene.layers.filter((l) => l.key !== '' && !this.parts.has(l.key)).map((l) => this.part(l));
    // Reading a box makes the browser lay out the new parts now.
    for (const sheet of added) sheet.getBBox();
  }

  /** Shows exactly the scene's parts. */
  show(scene: Scene): void {
    this.grow(scene);
    describeSvg(this.svg, scene);
    this.box.style.width = `${scene.width}px`;
    this.box.style.height = `${scene.height}px`;
    const wanted = new Set(scene.layers.filter((l) => l.key !== '').map((l) => this.part(l)));
    for (const sheet of this.shown) if (!wanted.has(sheet)) this.hide(sheet, true);
    for (const sheet of wanted) if (!this.shown.has(sheet)) this.hide(sheet, false);
    this.shown.clear();
    for (const sheet of wanted) this.shown.add(sheet);
    // The step's own drawing (unkeyed parts) is small: made again each step.
    this.loose?.remove();
    this.loose = this.sheet(scene.width, scene.height, 'part');
    for (const layer of scene.layers) if (layer.key === '') this.loose.append(layerElement(layer, this.idPrefix, this.doc));
    this.box.append(this.loose);
    if (this.marks !== null) this.box.append(this.marks);
  }

  /**
   * Outlines cells above everything (hover marks): a few rectangles, on a
   * sheet of their own. data-hl says how (the page's styles draw it); none
   * clears them.
   */
  mark(marks: readonly (Mark & { box: Box })[]): void {
    if (this.marks === null || Number(this.marks.getAttribute('width')) !== this.width || Number(this.marks.getAttribute('height')) !== this.height) {
      this.marks?.remove();
      this.marks = this.sheet(this.width, this.height, 'marks');
    }
    this.marks.replaceChildren(...marks.map(({ box, key, how }) => {
      const rect = this.doc.createElementNS(NS, 'rect');
      for (const [k, v] of Object.entries({ x: box.x, y: box.y, width: box.w, height: box.h, fill: 'none', 'data-key': key, 'data-hl': how }))
        rect.setAttribute(k, String(v));
      return rect;
    }));
    if (this.box.lastElementChild !== this.marks) this.box.append(this.marks);
  }
}
