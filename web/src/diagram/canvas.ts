// A scene drawn on a canvas, for PNG export: the page's CSP forbids loading
// a blob: or data: image, so the SVG cannot be rasterised through an <img>.
import { arrowhead } from './arrowhead.js';
import { FONT, MONO, primsOf } from './scene.js';
import type { CellsPrim, Prim, RectPrim, Scene } from './scene.js';

function hatchPattern(ctx: CanvasRenderingContext2D, colour: string, scale: number): CanvasPattern | null {
  const tile = document.createElement('canvas');
  tile.width = tile.height = Math.round(8 * scale);
  const t = tile.getContext('2d');
  if (t === null) return null;
  t.strokeStyle = colour;
  t.lineWidth = 3 * scale;
  // Three strokes so the diagonal continues across tile edges.
  const n = tile.width;
  t.beginPath();
  for (const x of [-n, 0, n]) {
    t.moveTo(x, n);
    t.lineTo(x + n, 0);
  }
  t.stroke();
  return ctx.createPattern(tile, 'repeat');
}

// A canvas ignores the colour 'none' and would fill with the last colour set.
function fill(ctx: CanvasRenderingContext2D, colour: string): void {
  if (colour === 'none') return;
  ctx.fillStyle = colour;
  ctx.fill();
}

/** Fills, hatches and strokes the path just built, in a box's look (rects and cells alike). */
function paintBoxes(ctx: CanvasRenderingContext2D, p: RectPrim | CellsPrim, hatch: CanvasPattern | null): void {
  fill(ctx, p.fill);
  if (p.hatch === true && hatch !== null) {
    ctx.fillStyle = hatch;
    ctx.fill();
  }
  ctx.setLineDash(p.dashed === true ? [6, 4] : []);
  ctx.strokeStyle = p.stroke;
  ctx.lineWidth = p.strokeWidth;
  ctx.stroke();
}

function draw(ctx: CanvasRenderingContext2D, p: Prim, hatch: CanvasPattern | null): void {
  switch (p.t) {
    case 'rect': {
      ctx.beginPath();
      ctx.roundRect(p.x, p.y, p.w, p.h, p.rx ?? 0);
      paintBoxes(ctx, p, hatch);
      return;
    }
    case 'cells': {
      ctx.beginPath();
      for (let i = 0; i < p.boxes.length; i += 4) ctx.rect(p.boxes[i] as number, p.boxes[i + 1] as number, p.boxes[i + 2] as number, p.boxes[i + 3] as number);
      paintBoxes(ctx, p, hatch);
      return;
    }
    case 'text': {
      ctx.font = `${p.bold === true ? 'bold ' : ''}${p.size}px ${p.mono === true ? MONO : FONT}`;
      ctx.fillStyle = p.fill;
      ctx.textAlign = p.anchor === 'middle' ? 'center' : p.anchor === 'end' ? 'right' : 'left';
      ctx.textBaseline = 'middle';
      ctx.fillText(p.text, p.x, p.y);
      return;
    }
    case 'labels': {
      ctx.font = `${p.size}px ${MONO}`;
      ctx.fillStyle = p.fill;
      ctx.textAlign = p.anchor === 'middle' ? 'center' : 'right';
      ctx.textBaseline = 'middle';
      for (const { x, y, text } of p.items) ctx.fillText(text, x, y);
      return;
    }
    case 'line': {
      ctx.beginPath();
      ctx.setLineDash(p.dashed === true ? [5, 4] : []);
      ctx.strokeStyle = p.stroke;
      ctx.lineWidth = p.width;
      ctx.moveTo(p.x1, p.y1);
      ctx.lineTo(p.x2, p.y2);
      ctx.stroke();
      if (p.arrow === true) {
        const [tip, left, right] = arrowhead(p);
        ctx.setLineDash([]);
        ctx.beginPath();
        ctx.moveTo(...tip);
        ctx.lineTo(...left);
        ctx.lineTo(...right);
        ctx.closePath();
        ctx.fillStyle = p.stroke;
        ctx.fill();
      }
      return;
    }
  }
}

export function scenePng(scene: Scene, scale = 2): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(scene.width * scale);
  canvas.height = Math.ceil(scene.height * scale);
  const ctx = canvas.getContext('2d');
  if (ctx === null) return Promise.reject(new Error('no 2D canvas'));
  ctx.scale(scale, scale);
  ctx.fillStyle = scene.background;
  ctx.fillRect(0, 0, scene.width, scene.height);
  const hatch = hatchPattern(ctx, scene.hatch, scale);
  hatch?.setTransform(new DOMMatrix().scale(1 / scale));
  for (const p of primsOf(scene)) draw(ctx, p, hatch);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob === null ? reject(new Error('PNG encoding failed')) : resolve(blob)), 'image/png'));
}
