// The code mode's page: the examples menu, the editor, what print() wrote,
// the error of the line that raised, and the picked line's op in the views
// the two-shape mode has (its tabs and panel, passed in as views). Every
// text from the program is put into the page as text (Lit escapes it).
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import type { Messages } from '../i18n/messages.js';
import type { ProgramPreset } from '../model/code-source.js';
import { operandSources } from '../model/line-op.js';
import { NO_RUNNER, statementAt } from '../model/program.js';
import type { ProgramRun } from '../model/program.js';
import { MODES } from '../model/state.js';
import type { Mode, State } from '../model/state.js';

/** The two modes, as a pair of toggle buttons beside the title. */
export function modeSwitch(m: Messages, mode: Mode, change: (patch: Partial<State>) => void): TemplateResult {
  return html`<div class="modes" role="group" aria-label=${m.code.mode}>
    ${MODES.map((k) => html`<button type="button" data-testid=${`mode-${k}`} aria-pressed=${k === mode ? 'true' : 'false'}
      @click=${() => change({ mode: k })}>${m.code.modes[k]}</button>`)}
  </div>`;
}

export interface CodeShown {
  m: Messages;
  /** The run whose output, graph and views are shown: the last, or the last that could read the code (code-mode.ts's shown). */
  program: ProgramRun | null;
  /** The last run: its error is the one shown. */
  latest: ProgramRun | null;
  /** What is shown is not the code's as it is now (a stand-in, or a run going on): drawn faded. */
  faded: boolean;
  /** Where a long run's progress and Stop button show (the code mode's own node, code-mode.ts). */
  status: HTMLElement;
  picked: number | null;
  /** The picked line's op is in the views below (the failing line's: its verdict says PyTorch's message). */
  opened: boolean;
  presets: readonly ProgramPreset[];
  /** The preset whose code is in the editor, or ''. */
  presetId: string;
}

export interface CodeHandlers {
  preset(id: string): void;
}

function examples(shown: CodeShown, on: CodeHandlers): TemplateResult | string {
  const { m, presets } = shown;
  if (presets.length === 0) return '';
  return html`<label class="examples">${m.code.examples}
    <select data-testid="code-preset" @change=${(e: Event) => on.preset((e.target as HTMLSelectElement).value)}>
      <option value="" ?selected=${shown.presetId === ''}>${m.code.examplePick}</option>
      ${presets.map((p) => html`<option value=${p.id} ?selected=${p.id === shown.presetId}>${p.title[m.lang]}</option>`)}
    </select>
  </label>`;
}

function errorBlock(m: Messages, program: ProgramRun): TemplateResult | string {
  const error = program.error;
  if (error === null) return '';
  const message = error.message === NO_RUNNER ? m.code.noRunner : `${error.pythonType}: ${error.message}`;
  // Not a live region: a half-typed line raises at nearly every keystroke.
  return html`<div class="problem code-problem" data-testid="code-error">
    <p class="failed">${m.code.errorAt(error.line)}</p>
    <pre class="message">${message}</pre>
  </div>`;
}

/** Above the views: which line they show, or how to pick one. */
function lineHeading(shown: CodeShown): TemplateResult {
  const { m, program, picked } = shown;
  const statement = program === null || picked === null ? null : statementAt(program, picked);
  if (statement === null || picked === null) return html`<p class="aside" data-testid="pick-hint">${m.code.pickHint}</p>`;
  const source = statement.source.length > 200 ? `${statement.source.slice(0, 199)}…` : statement.source;
  if (!shown.opened) return html`<p class="aside" data-testid="line-no-op">${m.code.noOp(statement.line)}</p>`;
  const sources = program === null ? [] : operandSources(program, statement);
  const names = sources.length === 3 ? ['c', 'a', 'b'] : ['a', 'b'];
  const clip = (t: string): string => (t.length > 80 ? `${t.slice(0, 79)}…` : t);
  // "a is a" says nothing: only the operands the program calls otherwise.
  const pairs = sources.map((t, i): [string, string] => [names[i] as string, clip(t)]).filter(([name, text]) => name !== text);
  return html`<h2 class="line-op" data-testid="line-op">${m.code.lineOp(statement.line, source)}</h2>
    ${pairs.length === 0 ? '' : html`<p class="aside" data-testid="line-operands">${m.code.operands(pairs)}</p>`}`;
}

/**
 * The code mode below the header. editor and programViews are the code
 * mode's own nodes (code-mode.ts), the same every render; views is the
 * verdict, tabs and panel of the picked line's op, or '' when none is open.
 */
export function codePanel(shown: CodeShown, on: CodeHandlers, editor: HTMLElement, views: TemplateResult | string, programViews: HTMLElement): TemplateResult {
  const { m, program, latest } = shown;
  const fade = shown.faded ? ' faded' : '';
  return html`<div class="code-mode">
    <div class="code-tools">${examples(shown, on)}</div>
    ${editor}
    ${shown.status}
    ${program === null && shown.status.childElementCount === 0 ? html`<p role="status">${m.code.running}</p>` : ''}
    ${program !== latest && program !== null ? html`<p class="aside" data-testid="stand-in">${m.code.standIn}</p>` : ''}
    ${program !== null && program.printed !== '' ? html`<section class=${`printed${fade}`} aria-label=${m.code.printed}>
      <h2>${m.code.printed}</h2><pre data-testid="printed">${program.printed}</pre></section>` : ''}
    ${latest === null || (shown.opened && program === latest && latest.error !== null && latest.error.line === shown.picked) ? '' : errorBlock(m, latest)}
    ${lineHeading(shown)}
    ${views}
    <section class=${`whole${fade}`} aria-label=${m.code.programViews}>${programViews}</section>
  </div>`;
}
