// The paste box's and the applied fix's styles (kept apart from styles.ts,
// which every view shares). Colours are the palette's custom properties.
import { css } from 'lit';

export const tracebackStyles = css`
  /* Closed, it is one line under the inputs: thin, so that a failing case's diagram stays on a laptop's first screen. */
  details.paste {
    border: 1px solid var(--line);
    border-radius: 8px;
    padding: 2px 12px;
    margin: 6px 0 0;
  }
  details.paste[open] {
    padding: 4px 12px;
  }
  details.paste summary {
    cursor: pointer;
    font-weight: bold;
    padding: 1px 0;
  }
  details.paste > label {
    display: block;
    margin: 4px 0;
  }
  details.paste textarea {
    display: block;
    width: 100%;
    box-sizing: border-box;
    resize: vertical;
  }
  .paste-read {
    margin: 8px 0;
  }
  .paste-read > p:first-child {
    margin-top: 0;
  }
  .paste-shapes {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 16px;
  }
  .paste-shape {
    display: grid;
    grid-template-columns: auto minmax(8em, 14em);
    gap: 2px 8px;
    align-items: center;
  }
  .paste-shape .mark {
    grid-column: 2;
    color: var(--muted);
    font-size: 0.875rem;
  }
  input.guess,
  .guess-a #shape-a,
  .guess-b #shape-b {
    border-style: dashed;
    border-color: var(--warn);
    box-shadow: 0 0 0 2px var(--warn) inset;
  }
  .mark.guess-mark {
    color: var(--fg);
  }
  .mark.guess-mark::before {
    content: '? ';
    font-weight: bold;
    color: var(--warn);
  }
  .paste-names {
    display: flex;
    flex-wrap: wrap;
    gap: 6px 12px;
    align-items: center;
    margin: 4px 0;
  }
  .paste-names input {
    width: 5em;
  }
  button:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  .applied {
    border-left: 4px solid var(--focus);
    padding: 2px 12px;
    margin: 0 0 8px;
  }
  .applied p {
    margin: 4px 0;
  }
  .applied code {
    font-weight: bold;
  }
`;
