// The diagram's box after each render. A drawing wider than the box opens
// at its left end, where the row labels are (a, b, out: what each row is),
// and stays where the reader scrolled it from step to step; a new drawing
// (other inputs, another view) opens at the left again. With fit or large
// it is scaled (fit.ts).
import { applyFit } from './fit.js';
import type { FitOptions } from './fit.js';

const BOX = '[data-testid="diagram"]';

export class DiagramBox {
  /** The drawings shown last (StepDiagram's Drawn.base): a step of them keeps the box's scroll. */
  private base: string | null = null;
  /** The box element of the last render. */
  private box: Element | null = null;

  /** After a render: base names the drawings the step shown belongs to; fit null when neither fit nor large is asked for. */
  after(root: ParentNode, base: string | null, fit: FitOptions | null): void {
    this.fit(root, fit);
    const box = root.querySelector(BOX);
    // A box just made is at its left end already. Setting scrollLeft lays the
    // page out there and then, inside the render's task: on the first render,
    // about a fifth of the phone's longest task (bench/notes.md, "The first
    // render on a phone").
    if (box instanceof HTMLElement && box === this.box && base !== this.base) box.scrollLeft = 0;
    this.box = box;
    this.base = base;
  }
  /** Scales the drawing (again, when the box was resized). */
  fit(root: ParentNode, fit: FitOptions | null): void {
    const box = root.querySelector(BOX);
    const viewport = box?.querySelector(':scope > .viewport');
    if (!(box instanceof HTMLElement) || !(viewport instanceof HTMLElement)) return;
    // Nothing asked and nothing scaled before: leave the drawing alone.
    if (fit === null && viewport.style.transform === '') return;
    applyFit(box, viewport, fit ?? { fit: false, maxHeight: null, large: false });
  }
}
