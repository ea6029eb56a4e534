// Scenes with text around them, for export: a file taken into slides or a
// handout keeps the call, the step's caption and the error as text of its
// own (the page shows them outside the diagram). Several step scenes can be
// stacked into one tall scene.
import { SceneBuilder, textWidth } from './scene.js';
import type { Layer, Prim, Scene } from './scene.js';

export interface TextBlock {
  text: string;
  size: number;
  fill: string;
  bold?: boolean;
  mono?: boolean;
  /** A line across above it, in its colour: where one step of a stack begins. */
  rule?: boolean;
}

const PAD = 16;
const MIN_WIDTH = 560;

/** Lines no wider than width: breaks at spaces, between CJK characters, and inside a word longer than a line. */
export function wrapText(text: string, size: number, width: number, mono = false): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    const tokens = paragraph.match(/[\u2E80-\uFFEF]|\s+|[^\s\u2E80-\uFFEF]+/g) ?? [''];
    let line = '';
    const push = (): void => {
      lines.push(line.trimEnd());
      line = '';
    };
    for (const token of tokens) {
      if (/^\s+$/.test(token)) {
        if (line !== '') line += ' ';
        continue;
      }
      if (line.trim() !== '' && textWidth(line + token, size, mono) > width) push();
      for (const ch of textWidth(token, size, mono) > width ? [...token] : [token]) {
        if (line.trim() !== '' && textWidth(line + ch, size, mono) > width) push();
        line += ch;
      }
    }
    push();
  }
  return lines;
}

function shifted(p: Prim, dy: number): Prim {
  switch (p.t) {
    case 'rect':
    case 'text':
      return { ...p, y: p.y + dy };
    case 'line':
      return { ...p, y1: p.y1 + dy, y2: p.y2 + dy };
    case 'cells':
      return { ...p, boxes: p.boxes.map((v, i) => (i % 4 === 1 ? v + dy : v)) };
    case 'labels':
      return { ...p, items: p.items.map((item) => ({ ...item, y: item.y + dy })) };
  }
}

/**
 * Text blocks and scenes one under the other, in one scene as wide as the
 * widest scene (text wraps to it). meta names the result; its colours are
 * the scenes' own.
 */
export function stackScene(parts: readonly (TextBlock | Scene)[], meta: { title: string; desc: string; background: string; hatch: string }): Scene {
  const width = Math.max(MIN_WIDTH, ...parts.map((p) => ('layers' in p ? p.width : 0)));
  const layers: Layer[] = [];
  let y = PAD / 2;
  for (const part of parts) {
    if ('layers' in part) {
      for (const layer of part.layers) layers.push({ key: '', prims: layer.prims.map((p) => shifted(p, y)), right: layer.right, bottom: layer.bottom + y });
      y += part.height;
      continue;
    }
    const sb = new SceneBuilder();
    const lineHeight = part.size * 1.35;
    if (part.rule === true) {
      y += 4;
      sb.line({ x1: PAD, y1: y, x2: width - PAD, y2: y, stroke: part.fill, width: 1 });
      y += 6;
    }
    for (const line of wrapText(part.text, part.size, width - 2 * PAD, part.mono)) {
      sb.text({ x: PAD, y: y + lineHeight / 2, text: line, size: part.size, fill: part.fill, bold: part.bold, mono: part.mono });
      y += lineHeight;
    }
    y += part.size * 0.4;
    layers.push({ key: '', prims: sb.build(meta).layers.flatMap((l) => l.prims), right: width, bottom: y });
  }
  return { ...meta, width: Math.ceil(width), height: Math.ceil(y + PAD / 2), layers };
}
