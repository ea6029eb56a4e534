// An arrow's head as a plain triangle at the line's end. SVG files draw it
// as a path of their own, not a <marker> with orient="auto-start-reverse"
// and fill="context-stroke" (SVG 2), which PowerPoint, Keynote and
// Inkscape 0.92 draw wrongly or not at all; the canvas draws the same points.
import type { LinePrim } from './scene.js';

type Point = [number, number];

/** The triangle's three corners: the tip, then the two barbs. */
export function arrowhead(p: Pick<LinePrim, 'x1' | 'y1' | 'x2' | 'y2' | 'width'>): [Point, Point, Point] {
  const angle = Math.atan2(p.y2 - p.y1, p.x2 - p.x1);
  const size = 4 + p.width * 2;
  return [
    [p.x2, p.y2],
    [p.x2 - size * Math.cos(angle - 0.45), p.y2 - size * Math.sin(angle - 0.45)],
    [p.x2 - size * Math.cos(angle + 0.45), p.y2 - size * Math.sin(angle + 0.45)],
  ];
}
