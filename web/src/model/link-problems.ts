// What a link or an embedding page asked for that the playground could not
// show as asked. Every reader here accepts anything (a hand-edited,
// truncated or hostile link still opens a working page), and none of them
// falls back in silence: each fallback is a LinkProblem, and the page lists
// them in a notice above everything else (views/link-notice.ts), in the
// page's language, saying what it shows instead.
//
// What it shows instead: a value it cannot read is left at its default
// (op=frobnicate shows add, and says so). A program it cannot read (code=
// that is not base64url, not a whole deflate stream, not UTF-8, or longer
// than a program may be) or an example it does not have (preset=) leaves the
// editor empty rather than showing the default example: a learner who
// followed a teacher's link must not take the default example for the
// teacher's program, and the empty editor with the notice above it cannot be
// mistaken for anything else; the examples menu is beside it.
import { lengthPx } from '../fit.js';
import type { CodeProblem } from './code-link.js';
import { readSteps } from './step-range.js';
import type { ValueProblem } from './url.js';

export type LinkProblem =
  | ValueProblem
  /** The link's program could not be read: the editor is left empty. */
  | { kind: 'code'; problem: CodeProblem }
  /** The link names an example the playground does not have: the editor is left empty. */
  | { kind: 'preset'; text: string };

/** Where the problems came from: the URL's hash, or the attributes the embedding page wrote. */
export type LinkSource = 'link' | 'page';

export interface LinkNotice {
  source: LinkSource;
  problems: LinkProblem[];
}

/** The attributes only an element has (no link carries them), as the element reads them. */
export interface EmbedAttributes {
  steps: string | null;
  fit: string | null;
  /** Whether playground-url named a page the compact link can go to (http or https). */
  playgroundUrl: { text: string; usable: boolean } | null;
  /** The names hide= gave that name no control (frame-options.ts readHide); absent: none. */
  hide?: readonly string[];
}

/**
 * The element's own attributes that could not be used: steps that name no
 * range (every step is shown), a fit length that is none of px, vh, em, rem
 * (the diagram is fitted to the width only, as fit="" does), a
 * playground-url that is not http(s) (the link goes to the playground
 * beside the script), a hide= name that names no control (nothing more is hidden).
 */
export function embedProblems(attrs: EmbedAttributes): ValueProblem[] {
  const problems: ValueProblem[] = [];
  if (attrs.steps !== null && readSteps(attrs.steps) === null) problems.push({ kind: 'value', key: 'steps', text: attrs.steps, instead: null });
  if (attrs.fit !== null && attrs.fit.trim() !== '' && lengthPx(attrs.fit, 100) === null) problems.push({ kind: 'value', key: 'fit', text: attrs.fit, instead: '' });
  if (attrs.playgroundUrl !== null && !attrs.playgroundUrl.usable) problems.push({ kind: 'value', key: 'playground-url', text: attrs.playgroundUrl.text, instead: null });
  for (const name of attrs.hide ?? []) problems.push({ kind: 'value', key: 'hide', text: name, instead: null });
  return problems;
}

/**
 * A step past the view's last one (step=99 where there are 5): the last is
 * shown. A link counts steps from 0, so instead is the last step's index.
 */
export function stepProblems(step: number | null, count: number): ValueProblem[] {
  return step !== null && count > 0 && step > count - 1 ? [{ kind: 'value', key: 'step', text: String(step), instead: String(count - 1) }] : [];
}
