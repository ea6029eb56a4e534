// The colours of each theme. Every meaning also has a text label, an icon
// or a pattern in the diagrams, so no colour carries it alone.
import type { Theme } from '../model/state.js';

export interface Tone {
  fill: string;
  stroke: string;
}

export interface Palette {
  name: 'light' | 'dark';
  bg: string;
  fg: string;
  muted: string;
  cell: Tone;
  /** equal sizes */
  same: Tone;
  /** the size kept where another operand's 1 (or missing dim) is stretched to it */
  kept: Tone;
  /** a size 1 stretched */
  one: Tone;
  /** a missing dim (a ghost 1) */
  missing: Tone;
  conflict: Tone;
  /** the column or stage being explained now */
  accent: string;
  /** stride-0 marks and the reused cell */
  zero: Tone;
  hatch: string;
  /** Drawn in the system's colours (Note [Forced colours]). */
  forced: boolean;
}

const LIGHT: Palette = {
  name: 'light',
  bg: '#ffffff',
  fg: '#1f2328',
  muted: '#59636e',
  cell: { fill: '#f6f8fa', stroke: '#818b98' },
  same: { fill: '#dafbe1', stroke: '#1a7f37' },
  kept: { fill: '#fff1e5', stroke: '#bc4c00' },
  one: { fill: '#ddf4ff', stroke: '#0969da' },
  missing: { fill: '#fff8c5', stroke: '#9a6700' },
  conflict: { fill: '#ffebe9', stroke: '#cf222e' },
  accent: '#8250df',
  zero: { fill: '#fbefff', stroke: '#8250df' },
  hatch: 'rgba(207, 34, 46, 0.45)',
  forced: false,
};

const DARK: Palette = {
  name: 'dark',
  bg: '#0d1117',
  fg: '#e6edf3',
  muted: '#9198a1',
  cell: { fill: '#161b22', stroke: '#656c76' },
  same: { fill: '#0f3d1f', stroke: '#3fb950' },
  kept: { fill: '#3d1f00', stroke: '#f0883e' },
  one: { fill: '#0c2d6b', stroke: '#58a6ff' },
  missing: { fill: '#3b2a05', stroke: '#d29922' },
  conflict: { fill: '#4c1316', stroke: '#ff7b72' },
  accent: '#bc8cff',
  zero: { fill: '#2f1a4f', stroke: '#bc8cff' },
  hatch: 'rgba(255, 123, 114, 0.55)',
  forced: false,
};

// Note [Forced colours]: when the reader's system forces its own colours
// (Windows' contrast themes: CSS forced-colors: active), the browser repaints
// the page's HTML in a few system colours but leaves an SVG's fill and stroke
// as drawn: the diagram would keep the theme's pastels (on a black page, a
// white picture). So the diagram is drawn in the CSS system colours then:
// Canvas behind, CanvasText for cells, outlines and text, Highlight for what
// is being explained or pointed at (the column checked, the hovered cell,
// the picked line), LinkText for a stretched 1. Each role keeps its glyph,
// outline width, dashes and hatching (role-looks.ts): those, not the few
// colours a contrast theme has, tell the roles apart. The keywords resolve
// to the reader's theme wherever they are painted (the page, an exported SVG
// opened under the same theme).
const SYSTEM: Omit<Palette, 'name'> = {
  bg: 'Canvas',
  fg: 'CanvasText',
  muted: 'CanvasText',
  cell: { fill: 'Canvas', stroke: 'CanvasText' },
  same: { fill: 'Canvas', stroke: 'CanvasText' },
  kept: { fill: 'Canvas', stroke: 'CanvasText' },
  one: { fill: 'Canvas', stroke: 'LinkText' },
  missing: { fill: 'Canvas', stroke: 'CanvasText' },
  conflict: { fill: 'Canvas', stroke: 'CanvasText' },
  accent: 'Highlight',
  zero: { fill: 'Canvas', stroke: 'Highlight' },
  hatch: 'CanvasText',
  forced: true,
};

/** The theme's palette (prefersDark: the scheme a theme that leaves it open, 'auto' or 'inherit', takes; playground.ts says which); under forced colours, the system's (Note [Forced colours]) with the theme's name. */
export function paletteFor(theme: Theme, prefersDark: boolean, forced = false): Palette {
  const chosen = theme === 'dark' ? DARK : theme === 'light' ? LIGHT : prefersDark ? DARK : LIGHT;
  return forced ? { ...SYSTEM, name: chosen.name } : chosen;
}
