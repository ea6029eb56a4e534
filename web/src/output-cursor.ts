// Which output cell of the diagram is pointed at, by the pointer or by the
// keyboard (the arrows, Home and End move along the cells in row-major
// order). Each method returns the cell to highlight, or null for no change.
import type { Drawn } from './step-diagram.js';

const MOVES: Readonly<Record<string, number>> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

export class OutputCursor {
  /** An index into the drawing's outCells; -1 before any cell is pointed at. */
  private at = -1;

  reset(): void {
    this.at = -1;
  }

  // Cells are drawn as one path per look, so the pointer's position, not
  // the element under it, says which output element it is on.
  point(drawn: Drawn | null, event: PointerEvent): number | null {
    if (drawn?.box == null) return null;
    const origin = drawn.box.getBoundingClientRect();
    const x = event.clientX - origin.left;
    const y = event.clientY - origin.top;
    const hit = drawn.outBoxes.find(({ box }) => x >= box.x && x < box.x + box.w && y >= box.y && y < box.y + box.h);
    if (hit === undefined || hit.flat === drawn.outCells[this.at]) return null;
    this.at = drawn.outCells.indexOf(hit.flat);
    return hit.flat;
  }

  /** The cell a key moves to; null for keys that do not move (the page may use them). */
  key(cells: readonly number[], key: string): number | null {
    if (cells.length === 0) return null;
    if (key in MOVES) this.at = Math.min(Math.max(this.at + (MOVES[key] as number), 0), cells.length - 1);
    else if (key === 'Home') this.at = 0;
    else if (key === 'End') this.at = cells.length - 1;
    else return null;
    return cells[this.at] as number;
  }

  /** On focus, the cell pointed at last, or the first. */
  focus(cells: readonly number[]): number | null {
    if (cells.length === 0) return null;
    if (this.at < 0) this.at = 0;
    return cells[this.at] as number;
  }
}
