// Scaling the diagram for a slide or a lecture hall: "large" draws it 1.4
// times as big, and never with its numbers smaller than LARGE_TEXT_PX (read
// from the back of a room); "fit" shrinks it to the box's width (never
// scrolling sideways) and, when given a length (fit="60vh"), to that height
// too, down to that floor in a large diagram: below it, the box keeps the
// height given and scrolls instead of the numbers shrinking. The
// scale is a transform, so the step's drawing is not made again; margins
// make the layout take the scaled size. The pointer's position is divided
// by the scale (output-cursor.ts reads it from the box's size on screen,
// which counts a page's own transforms too: a reveal.js slide's); the
// offset-sum tip, placed in the diagram's box, multiplies drawing
// coordinates by it (viewportScale).

export interface FitOptions {
  fit: boolean;
  /** In CSS pixels; null: no limit. */
  maxHeight: number | null;
  large: boolean;
}

const LARGE = 1.4;
/** The least size, in CSS pixels, of a cell's number in a large diagram. */
export const LARGE_TEXT_PX = 24;

/** A length an author writes in the fit attribute (480px, 60vh, 30em, 30rem), in pixels; null for anything else. */
export function lengthPx(text: string | null, viewportHeight: number): number | null {
  const match = /^\s*(\d{1,5}(?:\.\d+)?)\s*(px|vh|em|rem)?\s*$/.exec(text ?? '');
  if (match === null) return null;
  const n = Number(match[1]);
  const unit = match[2] ?? 'px';
  return unit === 'vh' ? (n * viewportHeight) / 100 : unit === 'px' ? n : n * 16;
}

/** The scale for a drawing of width × height in a box of the given inner width; minText: its cells' smallest number size (null: none). */
export function fitScale(width: number, height: number, boxWidth: number, o: FitOptions, minText: number | null = null): number {
  let s = o.large ? LARGE : 1;
  if (o.fit && width > 0) s = Math.min(s, boxWidth / width);
  if (o.fit && o.maxHeight !== null && height > 0) s = Math.min(s, o.maxHeight / height);
  if (o.large && minText !== null && minText > 0) s = Math.max(s, LARGE_TEXT_PX / minText);
  return Math.max(s, 0.05);
}

/** The smallest font size of the numbers in the drawing's cells (their texts carry a data-key), or null. */
function smallestCellText(viewport: HTMLElement): number | null {
  let least: number | null = null;
  for (const text of viewport.querySelectorAll('text[data-key]')) {
    const size = parseFloat(text.getAttribute('font-size') ?? '');
    if (size > 0 && (least === null || size < least)) least = size;
  }
  return least;
}

/** Scales the viewport (the stage's box, sized to the step) inside the diagram's box. */
export function applyFit(diagram: HTMLElement, viewport: HTMLElement, o: FitOptions): void {
  const width = parseFloat(viewport.style.width) || viewport.offsetWidth;
  const height = parseFloat(viewport.style.height) || viewport.offsetHeight;
  const s = fitScale(width, height, diagram.clientWidth, o, o.large ? smallestCellText(viewport) : null);
  // Fitted only when the floor left it fitted: else the box scrolls, as high as the fit asked.
  const fits = o.fit && width * s <= diagram.clientWidth + 0.5 && (o.maxHeight === null || height * s <= o.maxHeight + 0.5);
  diagram.classList.toggle('fit', fits);
  diagram.style.maxHeight = o.fit && !fits && o.maxHeight !== null ? `${o.maxHeight}px` : '';
  if (s === 1) {
    viewport.style.transform = '';
    viewport.style.marginRight = viewport.style.marginBottom = '';
    return;
  }
  viewport.style.transform = `scale(${s})`;
  viewport.style.marginRight = `${width * (s - 1)}px`;
  viewport.style.marginBottom = `${height * (s - 1)}px`;
}

/** The scale applyFit gave the viewport (1 when none): drawing coordinates times it are the diagram box's layout pixels. */
export function viewportScale(viewport: HTMLElement): number {
  const transform = getComputedStyle(viewport).transform;
  return transform === 'none' ? 1 : new DOMMatrixReadOnly(transform).a;
}
