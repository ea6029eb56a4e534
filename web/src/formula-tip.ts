// The offset sum of the output cell pointed at, shown next to that cell
// (below it, or above when the drawing ends below it) rather than in a line
// under the diagram, so the eye does not leave the cell to read it.
import type { Drawn } from './step-diagram.js';

const GAP = 6;

export function placeTip(tip: HTMLElement, drawn: Drawn | null, flat: number | null, lines: readonly string[]): void {
  const hit = flat === null ? undefined : drawn?.outBoxes.find((o) => o.flat === flat);
  const viewport = drawn?.box ?? null;
  if (hit === undefined || viewport === null || lines.length === 0) {
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
  // The tip and the drawing share the scrolled box (.diagram), so drawing coordinates place it.
  const { box } = hit;
  const w = tip.offsetWidth;
  const h = tip.offsetHeight;
  const left = Math.max(0, Math.min(viewport.offsetLeft + box.x, viewport.offsetLeft + viewport.offsetWidth - w));
  const below = viewport.offsetTop + box.y + box.h + GAP;
  const above = viewport.offsetTop + box.y - h - GAP;
  const top = below + h <= viewport.offsetTop + viewport.offsetHeight || above < 0 ? below : above;
  tip.style.left = `${left}px`;
  tip.style.top = `${top}px`;
}
