// How each role a size plays at one dim looks in the column diagrams. The
// core's DimRole says 'same' both for sizes that are all equal and for the
// size another operand's 1 is stretched to; drawn alike, a learner reads
// "4 and 1 are equal". So the look tells them apart by the dim's rule. Each
// role has its own colour and its own glyph and outline, so that no colour
// carries a meaning alone (palette.ts).
import type { DimRole, DimRule } from 'tensorcast';
import type { Palette, Tone } from './palette.js';

export const LOOK_ROLES = ['equal', 'kept', 'stretched', 'missing', 'conflict'] as const;
export type LookRole = (typeof LOOK_ROLES)[number];

export interface Look {
  tone: Tone;
  /** Drawn in the cell's corner and in the legend's swatch. */
  glyph: string;
  strokeWidth: number;
  dashed: boolean;
  hatch: boolean;
}

/** The look's role of an operand's role at a dim decided by rule. */
export function lookRoleOf(role: DimRole, rule: DimRule): LookRole {
  switch (role) {
    case 'same':
      // Kept: the result takes this size while another operand's 1 (or missing dim) stretches to it.
      return rule === 'one' || rule === 'missing' ? 'kept' : 'equal';
    case 'expanded':
      return 'stretched';
    case 'missing':
      return 'missing';
    case 'conflict':
      return 'conflict';
  }
}

export function lookOf(p: Palette, role: LookRole): Look {
  switch (role) {
    case 'equal':
      return { tone: p.same, glyph: '=', strokeWidth: 1.5, dashed: false, hatch: false };
    case 'kept':
      return { tone: p.kept, glyph: '↓', strokeWidth: 3, dashed: false, hatch: false };
    case 'stretched':
      return { tone: p.one, glyph: '↔', strokeWidth: 1.5, dashed: false, hatch: false };
    case 'missing':
      return { tone: p.missing, glyph: '+', strokeWidth: 1.5, dashed: true, hatch: false };
    case 'conflict':
      return { tone: p.conflict, glyph: '✗', strokeWidth: 2, dashed: false, hatch: true };
  }
}
