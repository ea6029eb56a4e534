// The diagram's box after each render. A drawing wider than the box starts
// scrolled to its right end, where the trailing dims are (broadcasting
// compares them first), and stays there from step to step unless scrolled
// away; with fit or large it is scaled (fit.ts).
import { applyFit } from './fit.js';
import type { FitOptions } from './fit.js';

const BOX = '[data-testid="diagram"]';

export class DiagramBox {
  /** The drawing scrolled to its right end last (a new drawing starts there again). */
  private scrolled: HTMLElement | null = null;
  private pinRight = true;

  /** Before a render: whether the box is at its right end. */
  before(root: ParentNode): void {
    const box = root.querySelector(BOX);
    this.pinRight = !(box instanceof HTMLElement) || box.scrollLeft + box.clientWidth >= box.scrollWidth - 2;
  }

  /** After a render: drawing is the step's drawing in the box; fit null when neither fit nor large is asked for. */
  after(root: ParentNode, drawing: HTMLElement | null, fit: FitOptions | null): void {
    this.fit(root, fit);
    const box = root.querySelector(BOX);
    if (box instanceof HTMLElement && box.scrollWidth > box.clientWidth && (drawing !== this.scrolled || this.pinRight))
      box.scrollLeft = box.scrollWidth - box.clientWidth;
    this.scrolled = drawing;
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
