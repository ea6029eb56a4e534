// The code mode's page: the examples menu, the editor, what print() wrote,
// the error of the line that raised, and the picked line's op in the views
// the two-shape mode has (its tabs and panel, passed in as views). Every
// text from the program is put into the page as text (Lit escapes it).
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import type { Messages } from '../i18n/messages.js';
import type { ProgramPreset } from '../model/code-source.js';
import { formatShape } from '../model/format.js';
import type { LineWarning } from '../model/line-warnings.js';
import { lineChoices, operandSources } from '../model/line-op.js';
import { callExplanation, callPicker } from './call-panel.js';
import { NO_RUNNER, ranBackward, statementAt } from '../model/program.js';
import type { ProgramRun } from '../model/program.js';
import { MODES } from '../model/state.js';
import type { Mode, State } from '../model/state.js';

/** Why a line that ran is likely wrong, in words (Note [Likely wrong lines]). */
export function warningWords(m: Messages, w: LineWarning): string {
  switch (w.kind) {
    case 'outer':
      return m.code.warnOuter(formatShape(w.a), formatShape(w.b), formatShape(w.result), w.count);
    case 'reduce-dim':
      return m.code.warnReduceDim(w.reduction, w.dims, formatShape(w.input));
    case 'shared-write':
      return m.code.warnSharedWrite(w.written, w.others);
    case 'int-division':
      return m.code.warnIntDivision(w.dtype);
  }
}

/** The two modes, as a pair of toggle buttons beside the title. */
export interface CodeShown {
  m: Messages;
  /** The run whose output, graph and views are shown: the last, or the last that could read the code (code-mode.ts's shown). */
  program: ProgramRun | null;
  /** The last run: its error is the one shown. */
  latest: ProgramRun | null;
  /** program is the last run that could read the code, standing in while a line is half typed. */
  standIn: boolean;
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
  /** The picked line's call the views show (its index among the statement's calls), or null. */
  call: number | null;
  /** When the picked line ran more than once: how many times, which run is shown (0-based), how many were kept in full. */
  runs: { count: number; index: number; detailed: number } | null;
  /** The fixes of the picked call the elementwise views do not draw (a refused matrix product's), drawn under its explanation. */
  callFixes: TemplateResult | string;
  /** The line a fix just edited (Note [Program fixes]), while the code is as the fix left it; null otherwise. */
  applied: number | null;
  /** The predict switch's block (views/code-predict.ts), or '' when it is off. */
  predict?: TemplateResult | string;
  /** Questions are open (Note [Predicting a program]): print()'s output, the error and the program's views are hidden. */
  predicting?: boolean;
  /** The picked line's question is not answered yet: its views are hidden. */
  lineHidden?: boolean;
  /** Above the editor: a drill's statement and hints (views/drill-head.ts), or ''. */
  head?: TemplateResult | string;
}

export interface CodeHandlers {
  preset(id: string): void;
  /** Another call of the picked line. */
  pickCall(index: number): void;
  /** Another run of the picked line: -1 the one before, +1 the one after. */
  stepRun(delta: number): void;
  /** The editor's undo (of the fix just applied). */
  undo(): void;
}

/** A line that ran more than once: which run the views show, and buttons to step through the runs. */
function runStepper(shown: CodeShown, on: CodeHandlers): TemplateResult | string {
  const { m, runs } = shown;
  if (runs === null) return '';
  return html`<div class="runs" data-testid="line-runs">
    <button type="button" data-testid="run-previous" aria-label=${m.code.previousRun} title=${m.code.previousRun}
      ?disabled=${runs.index === 0} @click=${() => on.stepRun(-1)}>‹</button>
    <button type="button" data-testid="run-next" aria-label=${m.code.nextRun} title=${m.code.nextRun}
      ?disabled=${runs.index === runs.count - 1} @click=${() => on.stepRun(1)}>›</button>
    <p class="aside" role="status" data-testid="run-of">${m.code.runOf(runs.index + 1, runs.count)}</p>
    ${runs.index >= runs.detailed ? html`<p class="aside" data-testid="run-brief">${m.code.briefRun(runs.detailed)}</p>` : ''}
  </div>`;
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
function lineHeading(shown: CodeShown, on: CodeHandlers): TemplateResult {
  const { m, program, picked } = shown;
  if (shown.lineHidden === true) return html`<p class="aside" data-testid="line-hidden">${m.codePredict.viewsHidden}</p>`;
  const statement = program === null || picked === null ? null : statementAt(program, picked);
  if (program === null || statement === null || picked === null) return html`<p class="aside" data-testid="pick-hint">${m.code.pickHint}</p>`;
  const source = statement.source.length > 200 ? `${statement.source.slice(0, 199)}…` : statement.source;
  const choices = lineChoices(program, statement);
  const picker = html`${runStepper(shown, on)}${callPicker(m, choices, shown.call, (i) => on.pickCall(i))}`;
  // A call the elementwise views do not draw: its explanation in their place.
  if (!shown.opened && choices.length > 0)
    return html`<h2 class="line-op" data-testid="line-op">${m.code.lineOp(statement.line, source)}</h2>${picker}${callExplanation(m, program, statement, shown.call, shown.callFixes)}`;
  if (!shown.opened && ranBackward(statement)) return html`${runStepper(shown, on)}<p class="aside" data-testid="line-backward">${m.code.backwardLine(statement.line)}</p>`;
  if (!shown.opened) return html`${runStepper(shown, on)}<p class="aside" data-testid="line-no-op">${m.code.noOp(statement.line)}</p>`;
  const sources = operandSources(program, statement, shown.call);
  const names = sources.length === 3 ? ['c', 'a', 'b'] : ['a', 'b'];
  const clip = (t: string): string => (t.length > 80 ? `${t.slice(0, 79)}…` : t);
  // "a is a" says nothing: only the operands the program calls otherwise.
  const pairs = sources.map((t, i): [string, string] => [names[i] as string, clip(t)]).filter(([name, text]) => name !== text);
  return html`<h2 class="line-op" data-testid="line-op">${m.code.lineOp(statement.line, source)}</h2>${picker}
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
  const hiding = shown.predicting === true;
  return html`<div class="code-mode">
    ${shown.head ?? ''}
    <div class="code-tools">${examples(shown, on)}</div>
    ${editor}
    ${shown.status}
    ${program === null && shown.status.childElementCount === 0 ? html`<p role="status">${m.code.running}</p>` : ''}
    ${shown.standIn && program !== null ? html`<p class="aside" data-testid="stand-in">${m.code.standIn}</p>` : ''}
    ${shown.predict ?? ''}
    ${!hiding && program !== null && program.printed !== '' ? html`<section class=${`printed${fade}`} aria-label=${m.code.printed}>
      <h2>${m.code.printed}</h2><pre data-testid="printed">${program.printed}</pre></section>` : ''}
    ${hiding || latest === null || (shown.opened && !shown.standIn && latest.error !== null && latest.error.line === shown.picked) ? '' : errorBlock(m, latest)}
    ${shown.applied === null ? '' : html`<p class="applied-edit" role="status" data-testid="fix-applied">${m.code.fixApplied(shown.applied)}
      <button type="button" data-testid="fix-undo" @click=${() => on.undo()}>${m.code.undo}</button></p>`}
    ${lineHeading(shown, on)}
    ${views}
    <section class=${`whole${fade}`} aria-label=${m.code.programViews} ?hidden=${hiding}>${programViews}</section>
  </div>`;
}
