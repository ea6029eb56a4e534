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
};

/** prefersDark: the scheme a theme that leaves it open ('auto', 'inherit') takes (playground.ts says which). */
export function paletteFor(theme: Theme, prefersDark: boolean): Palette {
  if (theme === 'dark') return DARK;
  if (theme === 'light') return LIGHT;
  return prefersDark ? DARK : LIGHT;
}
