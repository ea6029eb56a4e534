// The component's styles. Colours come from the palette as custom
// properties set on the wrapper, so the page and its diagrams share them.
import { css } from 'lit';
import type { Palette } from './diagram/palette.js';

/** The palette as the custom properties the styles below read. */
export function cssVars(p: Palette): Record<string, string> {
  return {
    '--bg': p.bg, '--fg': p.fg, '--muted': p.muted, '--line': p.cell.stroke, '--field': p.cell.fill,
    '--focus': p.accent, '--bad': p.conflict.stroke, '--bad-bg': p.conflict.fill, '--warn': p.missing.stroke,
    '--zero': p.zero.stroke, '--zero-bg': p.zero.fill, 'color-scheme': p.name,
  };
}

export const styles = css`
  :host {
    display: block;
    font-family: system-ui, -apple-system, 'Segoe UI', 'Noto Sans', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', 'Microsoft YaHei', sans-serif;
    font-size: 16px;
    line-height: 1.5;
  }
  :host([sync-hash]) .app {
    min-height: 100vh;
  }
  /* The iframe page is as tall as what it shows: its parent sizes the frame to that (frame-height.ts), and a
     frame's whole height would never let it shrink again. */
  :host([frame]) .app {
    min-height: 0;
  }
  .app {
    background: var(--bg);
    color: var(--fg);
    padding: 16px 24px 24px;
    box-sizing: border-box;
  }
  header {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 8px 24px;
  }
  h1 {
    font-size: 1.6rem;
    margin: 0;
  }
  h3 {
    font-size: 1rem;
    margin: 8px 0 4px;
  }
  .intro {
    color: var(--muted);
    margin: 4px 0 12px;
    max-width: 70em;
  }
  .tools {
    margin-left: auto;
    display: flex;
    /* 8px: with "Make an exercise" among them, the laptop's tools still fit beside the title on one line. */
    gap: 8px;
    align-items: center;
  }
  /* The copy buttons joined under one word (views/share-bar.ts copyButtons). */
  .copies {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
  .copies .joined {
    display: inline-flex;
  }
  .copies .joined button {
    padding: 4px 6px;
  }
  .copies .joined button:not(:first-child) {
    border-top-left-radius: 0;
    border-bottom-left-radius: 0;
  }
  .copies .joined button:not(:last-child) {
    border-top-right-radius: 0;
    border-bottom-right-radius: 0;
    border-right-width: 0;
  }
  .inputs {
    border: 1px solid var(--line);
    border-radius: 8px;
    padding: 8px 12px;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px 12px;
    margin: 4px 0;
  }
  .hint,
  .aside,
  .read {
    color: var(--muted);
    font-size: 0.875rem;
  }
  .hint {
    margin: 4px 0;
  }
  .operands {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
  }
  fieldset.operand {
    border: 1px solid var(--line);
    border-radius: 6px;
    display: grid;
    grid-template-columns: auto minmax(14em, 1fr);
    gap: 4px 8px;
    align-items: center;
    margin: 0;
    min-width: 22em;
  }
  fieldset.operand legend {
    font-weight: bold;
    font-family: ui-monospace, 'DejaVu Sans Mono', monospace;
    font-size: 1.1rem;
  }
  fieldset.operand .read,
  fieldset.operand textarea {
    grid-column: 2;
  }
  input,
  select,
  textarea,
  button {
    font: inherit;
    color: var(--fg);
    background: var(--field);
    border: 1px solid var(--line);
    border-radius: 6px;
    padding: 4px 8px;
  }
  input[type='text'],
  textarea {
    font-family: ui-monospace, 'DejaVu Sans Mono', monospace;
    min-width: 0;
  }
  input.short {
    width: 6em;
  }
  select {
    max-width: 100%;
  }
  button {
    cursor: pointer;
  }
  button:hover {
    border-color: var(--fg);
  }
  :focus-visible {
    outline: 3px solid var(--focus);
    outline-offset: 2px;
  }
  .verdict {
    margin: 12px 0;
    min-height: 2.5em;
  }
  .result {
    font-size: 1.25rem;
    margin: 0;
  }
  .result output {
    font-family: ui-monospace, 'DejaVu Sans Mono', monospace;
    font-weight: bold;
  }
  .problem {
    border-left: 6px double var(--bad);
    background: var(--bad-bg);
    padding: 4px 12px;
    border-radius: 4px;
  }
  .problem .failed::before {
    content: '✗ ';
  }
  .message {
    font-family: ui-monospace, 'DejaVu Sans Mono', monospace;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .problem .message {
    font-weight: bold;
  }
  .note,
  .notice {
    border-left: 4px solid var(--warn);
    padding: 2px 12px;
    margin: 8px 0;
  }
  pre.message {
    margin: 4px 0;
  }
  /* What a link or the embedding page asked for that could not be used: above everything, until dismissed. */
  .link-notice {
    max-width: 70em;
  }
  .link-notice p,
  .link-notice ul {
    margin: 4px 0;
  }
  .link-notice ul {
    padding-left: 1.2em;
  }
  .link-notice li {
    overflow-wrap: anywhere;
  }
  .ok::before {
    content: '✓ ';
  }
  /* Secondary to PyTorch's current message: one line until opened. */
  details.old-message summary {
    cursor: pointer;
  }
  /* Ranked, most likely first (Note [Ranking fixes]): one per line, with what it changes in meaning. */
  .fixes {
    list-style: none;
    padding: 0;
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: 8px;
  }
  .fix code {
    font-weight: bold;
  }
  .fixes .meaning {
    display: block;
    margin: 2px 0 0 4px;
  }
  [role='tablist'] {
    display: flex;
    gap: 4px;
    border-bottom: 2px solid var(--line);
    margin-top: 12px;
  }
  [role='tab'] {
    border-radius: 6px 6px 0 0;
    border-bottom: none;
    padding: 6px 16px;
    font-size: 1.05rem;
  }
  [role='tab'][aria-selected='true'] {
    background: var(--bg);
    border-color: var(--fg);
    border-width: 2px;
    font-weight: bold;
    text-decoration: underline;
    text-underline-offset: 4px;
  }
  .player {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    margin: 12px 0 4px;
  }
  .player .count {
    font-weight: bold;
    min-width: 9em;
  }
  .player .export {
    margin-left: auto;
    display: flex;
    gap: 8px;
  }
  .caption {
    font-size: 1.1rem;
    margin: 4px 0 8px;
    max-width: 70em;
    min-height: 3em;
  }
  .diagram {
    position: relative;
    overflow: auto;
    max-width: 100%;
    border: 1px solid var(--line);
    border-radius: 8px;
  }
  .diagram:focus-visible {
    outline-offset: -3px;
  }
  .diagram .viewport {
    position: relative;
    overflow: hidden;
  }
  /* The sheets stacked over the image (diagram/stage.ts): only what they draw takes the pointer. */
  .viewport svg.part,
  .viewport svg.marks {
    position: absolute;
    left: 0;
    top: 0;
    overflow: visible;
    pointer-events: none;
  }
  .viewport svg.part > g {
    pointer-events: auto;
  }
  .diagram svg {
    display: block;
  }
  /* Set per view, not per step: cursor is inherited, and changing it
     restyles every element of the diagram. */
  .diagram.pointing svg {
    cursor: crosshair;
  }
  .diagram rect[data-hl] {
    stroke: var(--focus);
    stroke-width: 4px;
  }
  .diagram rect[data-hl='same'] {
    stroke-dasharray: 4 3;
    stroke-width: 3px;
  }
  /* The hovered cell's offset sum, placed next to it (formula-tip.ts). */
  .diagram .formula {
    position: absolute;
    pointer-events: none;
    /* Its own width wherever it is placed (an absolute box would shrink near the right edge), never wider than the box. */
    width: max-content;
    max-width: min(calc(100% - 8px), 34em);
    padding: 4px 8px;
    border: 2px solid var(--focus);
    border-radius: 6px;
    background: var(--bg);
    color: var(--fg);
    font-family: ui-monospace, 'DejaVu Sans Mono', monospace;
    font-size: 0.9rem;
    line-height: 1.4;
    box-shadow: 0 2px 6px rgb(0 0 0 / 25%);
  }
  .diagram .formula[hidden] {
    display: none;
  }
  .reads {
    min-height: 1.5em;
    font-family: ui-monospace, 'DejaVu Sans Mono', monospace;
    margin: 6px 0;
  }
  table.strides {
    border-collapse: collapse;
    margin: 8px 0;
  }
  table.strides th,
  table.strides td {
    border: 1px solid var(--line);
    padding: 4px 10px;
    text-align: left;
    font-family: ui-monospace, 'DejaVu Sans Mono', monospace;
  }
  mark.zero {
    background: var(--zero-bg);
    color: var(--fg);
    outline: 2px solid var(--zero);
    font-weight: bold;
    padding: 0 3px;
  }
  .grads code.values {
    display: block;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  /* The compact embed: one bar with what is shown, the language and the way out. */
  :host([compact]) .app {
    padding: 12px 16px 16px;
  }
  .bar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 16px;
  }
  .bar .verdict {
    flex: 1 1 28em;
    margin: 0;
    min-height: 0;
  }
  .summary {
    font-family: ui-monospace, 'DejaVu Sans Mono', monospace;
    font-size: 1.05rem;
    margin: 0;
  }
  .summary > * {
    white-space: nowrap;
  }
  .summary > .typed {
    white-space: normal;
    overflow-wrap: anywhere;
  }
  .summary output {
    font-weight: bold;
  }
  .bar .problem {
    margin: 6px 0 0;
  }
  .bar .problem p {
    margin: 2px 0;
  }
  .bar .tools {
    flex-wrap: wrap;
  }
  a.open {
    color: var(--fg);
    border: 1px solid var(--focus);
    border-radius: 6px;
    padding: 4px 8px;
    text-decoration: underline;
    text-underline-offset: 3px;
  }
  a.open:hover {
    border-color: var(--fg);
  }
  /* The header's link to the puzzle view. */
  a.puzzles-link {
    white-space: nowrap;
    color: var(--focus);
    text-underline-offset: 3px;
  }
  .keys {
    color: var(--muted);
    font-size: 0.875rem;
    margin-top: 16px;
  }
  /* Predict mode (views/predict.ts): the switch, the question's form and the outcome. */
  label.switch {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
  .predict {
    margin: 0 0 10px;
  }
  .predict .ask {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
  }
  .predict .ask .problem {
    flex-basis: 100%;
    margin: 0;
  }
  .predict .right,
  .predict .wrong {
    margin: 4px 0;
    padding: 4px 12px;
    border-left: 6px solid var(--focus);
    border-radius: 4px;
  }
  .predict .wrong {
    border-left-style: double;
    border-left-color: var(--bad);
    background: var(--bad-bg);
  }
  .sr {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;
