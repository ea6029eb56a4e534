// Which output cell of the diagram is pointed at, by the pointer (a mouse
// hovering or a finger tapping) or by the keyboard: Left and Right, Home and
// End move along the cells in row-major order, Up and Down by a row (the
// output's last dim). Each method returns the cell to highlight, or null for
// no change.
import type { Drawn } from './step-diagram.js';

const MOVES: Readonly<Record<string, number>> = { ArrowRight: 1, ArrowLeft: -1 };
const ROWS: Readonly<Record<string, number>> = { ArrowDown: 1, ArrowUp: -1 };

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
    // A scaled diagram (fit.ts): its size on screen over its size in the scene.
    const scale = drawn.box.offsetWidth > 0 ? origin.width / drawn.box.offsetWidth : 1;
    const x = (event.clientX - origin.left) / scale;
    const y = (event.clientY - origin.top) / scale;
    const hit = drawn.outBoxes.find(({ box }) => x >= box.x && x < box.x + box.w && y >= box.y && y < box.y + box.h);
    if (hit === undefined || hit.flat === drawn.outCells[this.at]) return null;
    this.at = drawn.outCells.indexOf(hit.flat);
    return hit.flat;
  }

  /**
   * The cell a key moves to; null for keys that do not move (the page may use
   * them). row: the output's last dim; Up and Down go to the cell that far
   * away in row-major order when it is drawn, else stay.
   */
  key(cells: readonly number[], key: string, row = 1): number | null {
    if (cells.length === 0) return null;
    if (key in MOVES) this.at = Math.min(Math.max(this.at + (MOVES[key] as number), 0), cells.length - 1);
    else if (key in ROWS) {
      if (this.at < 0) this.at = 0;
      else {
        const target = cells.indexOf((cells[this.at] as number) + (ROWS[key] as number) * Math.max(row, 1));
        if (target >= 0) this.at = target;
      }
    }
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
