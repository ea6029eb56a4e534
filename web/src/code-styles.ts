// The code mode's look: the mode switch, the editor (CodeMirror's own
// styles come with it; these set its frame, fonts and the program's marks
// over the code), print()'s output and the failing line's message. The
// syntax colours are variables, one pair per theme.
import { css } from 'lit';

export const codeStyles = css`
  .app {
    --code-keyword: #8250df;
    --code-number: #0550ae;
    --code-string: #0a3069;
    --code-call: #6639ba;
    /* Darker than the palette's green: 4.5:1 on its own 10% tint (the chip's background). */
    --code-inline: #116329;
  }
  .app[data-theme='dark'] {
    --code-keyword: #d2a8ff;
    --code-number: #79c0ff;
    --code-string: #a5d6ff;
    --code-call: #d2a8ff;
    --code-inline: #7ee787;
  }
  .modes {
    display: inline-flex;
    border: 1px solid var(--line);
    border-radius: 6px;
    overflow: hidden;
  }
  .modes button {
    border: 0;
    border-radius: 0;
    margin: 0;
    padding: 4px 12px;
    background: var(--bg);
    color: var(--fg);
    font: inherit;
    cursor: pointer;
  }
  .modes button[aria-pressed='true'] {
    background: var(--focus);
    color: var(--bg);
  }
  .code-tools {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 16px;
    align-items: center;
    margin: 8px 0;
  }
  /* A long title in the menu must not widen the page on a phone. */
  .examples {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 8px;
    min-width: 0;
    max-width: 100%;
  }
  .examples select {
    min-width: 0;
    max-width: 100%;
  }
  .editor {
    border: 1px solid var(--line);
    border-radius: 6px;
    overflow: hidden;
  }
  .editor .cm-editor {
    max-height: 70vh;
    background: var(--bg);
    color: var(--fg);
    font-size: 0.9375rem;
  }
  .editor .cm-editor.cm-focused {
    outline: 2px solid var(--focus);
    outline-offset: -2px;
  }
  .editor .cm-scroller {
    font-family: ui-monospace, 'DejaVu Sans Mono', 'Noto Sans Mono CJK SC', monospace;
    overflow: auto;
  }
  .editor .cm-gutters {
    background: var(--field);
    color: var(--muted);
    border-right: 1px solid var(--line);
  }
  .editor .cm-activeLine {
    background: color-mix(in srgb, var(--focus) 6%, transparent);
  }
  .editor .cm-cursor {
    border-left-color: var(--fg);
  }
  .editor .cm-selectionBackground,
  .editor .cm-focused .cm-selectionBackground {
    background: color-mix(in srgb, var(--focus) 25%, transparent);
  }
  /* Set apart from the code and its comments, as a debugger's inline values are. */
  .cm-tc-inline {
    margin-left: 2ch;
    padding: 0 6px;
    border-radius: 4px;
    color: var(--code-inline);
    background: color-mix(in srgb, var(--code-inline) 10%, transparent);
    font-size: 0.875em;
    /* The editor wraps its lines; a chip longer than the line (a loop's runs
       on a phone) wraps with them rather than scroll the code sideways (break-spaces: the
       spaces inside a chip wrap too, where pre-wrap lets them hang past the edge). */
    white-space: break-spaces;
    overflow-wrap: anywhere;
    box-decoration-break: clone;
    -webkit-box-decoration-break: clone;
  }
  .cm-tc-stale {
    opacity: 0.55;
  }
  /* A line that runs but is likely wrong: amber, never the green of a line that is fine. */
  .cm-tc-inline.cm-tc-warn {
    color: var(--fg);
    background: color-mix(in srgb, var(--warn) 22%, transparent);
    box-shadow: inset 0 0 0 1px var(--warn);
  }
  .cm-tc-warn-note {
    border-left: 4px solid var(--warn);
    background: color-mix(in srgb, var(--warn) 10%, transparent);
    padding: 2px 8px 4px 4ch;
    font-size: 0.875em;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .cm-tc-openable {
    cursor: pointer;
    box-shadow: inset 4px 0 0 color-mix(in srgb, var(--focus) 55%, transparent);
  }
  .cm-tc-picked {
    box-shadow: inset 3px 0 0 var(--focus);
    background: color-mix(in srgb, var(--focus) 12%, transparent);
  }
  .cm-tc-error {
    background: var(--bad-bg);
  }
  .cm-tc-error-note {
    color: var(--bad);
    background: var(--bad-bg);
    padding: 2px 8px 4px 4ch;
    font-size: 0.875em;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .printed pre,
  .code-problem pre {
    margin: 4px 0 12px;
    padding: 8px 12px;
    background: var(--field);
    border: 1px solid var(--line);
    border-radius: 6px;
    font-family: ui-monospace, 'DejaVu Sans Mono', 'Noto Sans Mono CJK SC', monospace;
    font-size: 0.875rem;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    max-height: 40vh;
    overflow: auto;
  }
  .code-problem pre {
    color: var(--bad);
    background: var(--bad-bg);
    border-color: var(--bad);
  }
  .code-mode h2 {
    font-size: 1rem;
    margin: 16px 0 4px;
  }
  .line-op {
    font-family: ui-monospace, 'DejaVu Sans Mono', 'Noto Sans Mono CJK SC', monospace;
    overflow-wrap: anywhere;
  }
  /* What stands in for the code as it is now (a line half typed, a run going on): there, but not current. */
  .code-mode .faded {
    opacity: 0.45;
    transition: opacity 0.15s;
  }
  @media (prefers-reduced-motion: reduce) {
    .code-mode .faded {
      transition: none;
    }
  }
  .run-status {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 12px;
    margin: 8px 0;
  }
  .run-status progress {
    width: 6em;
  }
  .run-status button {
    font: inherit;
    padding: 2px 14px;
  }
  .code-mode .intro {
    margin: 8px 0;
  }
  /* A line that ran more than once: the stepper through its runs. */
  .runs {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
    margin: 4px 0;
  }
  .runs button {
    min-width: 44px;
    min-height: 44px;
    font-size: 1.2rem;
  }
  .runs p {
    flex: 1 1 16em;
    margin: 0;
  }
  /* The predict switch in the code mode (views/code-predict.ts): answers, the open question, the score; a drill's head. */
  .code-predict {
    margin: 10px 0;
    padding: 8px 12px;
    border: 1px solid var(--line);
    border-radius: 6px;
  }
  .code-predict h2 {
    margin: 0 0 6px;
    font-size: 1.05rem;
  }
  .code-predict .answers {
    margin: 0 0 8px;
    padding-left: 1.6em;
  }
  .code-predict .answers li {
    margin: 4px 0;
    padding: 4px 10px;
    border-left: 6px solid var(--focus);
    border-radius: 4px;
    overflow-wrap: anywhere;
  }
  .code-predict .answers li.wrong {
    border-left-style: double;
    border-left-color: var(--bad);
    background: var(--bad-bg);
  }
  .code-predict .question {
    margin: 4px 0;
    overflow-wrap: anywhere;
  }
  .code-predict .fields {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: 8px;
  }
  .code-predict .field {
    display: flex;
    flex-direction: column;
    gap: 2px;
  }
  .code-predict .field input {
    width: 9em;
    font: inherit;
    min-height: 36px;
  }
  .code-predict button {
    font: inherit;
    min-height: 36px;
  }
  .code-predict button.link {
    min-height: 0;
    margin-left: 4px;
    padding: 0;
    border: 0;
    background: none;
    color: var(--focus);
    text-decoration: underline;
    cursor: pointer;
  }
  .code-predict .problem {
    margin: 6px 0 0;
  }
  .code-predict .score {
    font-size: 1.05rem;
  }
  .drill-head {
    margin: 8px 0;
  }
  .drill-head h2 {
    margin: 0 0 4px;
    font-size: 1.1rem;
  }
  .drill-head p,
  .drill-head ul {
    margin: 4px 0;
  }
  .drill-head ul {
    padding: 0;
    list-style: none;
  }
`;
