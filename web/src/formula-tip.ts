// The offset sum of the output cell pointed at, shown next to that cell
// rather than in a line under the diagram, so the eye does not leave the
// cell to read it. It goes beside the output grid, level with the cell's
// row, when the visible part of the diagram has room there (it then covers
// no cell); else just below the cell, or above it at the drawing's foot.
// The drawing may be scaled (fit.ts): its coordinates times that scale are
// the diagram box's, where the tip is placed, unscaled.
import { viewportScale } from './fit.js';
import type { Box } from './diagram/scene.js';
import type { Drawn } from './step-diagram.js';

const GAP = 8;

export function placeTip(tip: HTMLElement, drawn: Drawn | null, flat: number | null, lines: readonly string[]): void {
  const hit = flat === null ? undefined : drawn?.outBoxes.find((o) => o.flat === flat);
  const viewport = drawn?.box ?? null;
  // Its parent, the .diagram box, scrolls the drawing and positions the tip.
  const scroller = tip.parentElement;
  if (hit === undefined || drawn === null || viewport === null || scroller === null || lines.length === 0) {
    tip.hidden = true;
    tip.replaceChildren();
    return;
  }
  tip.replaceChildren(...lines.map((line) => {
    const row = tip.ownerDocument.createElement('div');
    row.textContent = line;
    return row;
  }));
  tip.hidden = false;
  // The tip and the drawing share the scrolled box (.diagram): the drawing's coordinates, scaled, place it.
  const ox = viewport.offsetLeft;
  const oy = viewport.offsetTop;
  const k = viewportScale(viewport);
  const box: Box = { x: hit.box.x * k, y: hit.box.y * k, w: hit.box.w * k, h: hit.box.h * k };
  // A cell reached by the keyboard may be scrolled out of sight (a phone): bring it in.
  const cellLeft = ox + box.x;
  if (cellLeft + box.w > scroller.scrollLeft + scroller.clientWidth) scroller.scrollLeft = cellLeft + box.w + GAP - scroller.clientWidth;
  else if (cellLeft < scroller.scrollLeft) scroller.scrollLeft = Math.max(0, cellLeft - GAP);
  // Measured at the box's left edge: an absolute box near the right edge would shrink to fit.
  tip.style.left = '0px';
  tip.style.top = '0px';
  const w = tip.offsetWidth;
  const h = tip.offsetHeight;
  const gridRight = k * Math.max(...drawn.outBoxes.map((o) => o.box.x + o.box.w));
  const visibleRight = scroller.scrollLeft + scroller.clientWidth;
  let left: number;
  let top: number;
  if (ox + gridRight + GAP + w <= visibleRight) {
    left = ox + gridRight + GAP;
    top = Math.max(0, oy + box.y + box.h / 2 - h / 2);
  } else {
    left = Math.max(scroller.scrollLeft, Math.min(ox + box.x, visibleRight - w));
    const below = oy + box.y + box.h + GAP;
    const above = oy + box.y - h - GAP;
    top = below + h <= oy + viewport.offsetHeight * k || above < 0 ? below : above;
  }
  tip.style.left = `${left}px`;
  tip.style.top = `${top}px`;
}
