// The exercise part's styles (views/exercise.ts): the teacher's form and
// the goal a page opened as an exercise shows, with its tick.
import { css } from 'lit';

export const exerciseStyles = css`
  .exercise-maker,
  .exercise {
    border: 1px solid var(--line);
    border-left: 4px solid var(--focus);
    padding: 8px 12px;
    margin: 8px 0;
    max-width: 70em;
  }
  .exercise-maker h2,
  .exercise h2 {
    font-size: 1.1rem;
    margin: 0 0 4px;
  }
  .exercise p {
    margin: 4px 0;
  }
  .exercise-maker label,
  .exercise-maker small {
    display: block;
  }
  .exercise-maker .row label,
  .exercise-parts label {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    margin-right: 12px;
  }
  .exercise-maker .row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    margin: 6px 0;
  }
  .exercise-maker input[type='text'],
  .exercise-maker textarea {
    box-sizing: border-box;
    width: 100%;
    max-width: 40em;
    font-family: ui-monospace, 'DejaVu Sans Mono', monospace;
  }
  .exercise-maker input.short {
    width: 8em;
  }
  .exercise-maker .bad,
  .exercise-maker small.bad {
    color: var(--bad);
  }
  .exercise-parts {
    border: none;
    padding: 0;
    margin: 6px 0;
  }
  .exercise.met {
    border-left-color: var(--good);
    background: var(--good-bg);
  }
  /* The muted grey falls under 4.5:1 on the dark theme's green. */
  .exercise.met .aside {
    color: var(--fg);
  }
  .exercise .tick {
    font-size: 1.4em;
    font-weight: bold;
    color: var(--good);
  }
  /* The inputs an exercise keeps as the teacher left them (views/controls.ts disables them). */
  .inputs input:disabled,
  .inputs select:disabled,
  .inputs textarea:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  /* The lines an exercise keeps as they are (exercise-lock.ts). */
  .cm-tc-locked {
    background: color-mix(in srgb, var(--muted) 14%, transparent);
    color: var(--muted);
  }
`;
