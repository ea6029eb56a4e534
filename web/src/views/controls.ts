// The inputs: an example menu, each operand's shape and values, the op,
// alpha, the seed and the loss. Everything typed goes into the state as text
// and is shown back as text (Lit escapes it; nothing is parsed as HTML).
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { Computation } from '../model/compute.js';
import { formatShape, opCall } from '../model/format.js';
import { PRESETS } from '../model/presets.js';
import { DEFAULT_STATE, INPUT_FIELDS } from '../model/props.js';
import { chainOf, DTYPES, dtypeOf, FILLS, fillOf, LOSSES, OP_GROUPS, OPS, opGroupOf, operandsOf, takesAlpha, valuesOf } from '../model/state.js';
import type { OperandName, State } from '../model/state.js';
import type { ViewContext } from './context.js';

export interface ControlHandlers {
  change(patch: Partial<State>): void;
  preset(id: string): void;
  /** The fields an exercise keeps as the teacher left them (model/exercise.ts): their inputs are disabled. */
  locked?: ReadonlySet<keyof State>;
}

// The menu's groups, from the op table (model/state.ts).
const MENU = OP_GROUPS.map((group) => ({ group, ops: OPS.filter((op) => opGroupOf(op) === group) }));

/** The preset whose inputs the state has, if any. */
function currentPreset(state: Readonly<State>): string {
  const match = PRESETS.find((p) =>
    INPUT_FIELDS.every((k) => state[k] === (p.state[k] ?? DEFAULT_STATE[k])));
  return match?.id ?? '';
}

function value(event: Event): string {
  return (event.target as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement).value;
}

function operandFields(ctx: ViewContext, c: Computation, name: OperandName, on: ControlHandlers): TemplateResult {
  const { m } = ctx;
  const state = ctx.model.state;
  const operand = c.operands.find((o) => o.name === name);
  const fill = fillOf(state, name);
  const dtype = dtypeOf(state, name);
  const fills = dtype === 'bool' ? m.ui.fillBool : m.ui.fill;
  const shapeKey = name;
  const fillKey = `f${name}` as 'fa' | 'fb' | 'fc';
  const valuesKey = `v${name}` as 'va' | 'vb' | 'vc';
  const off = (key: keyof State): boolean => on.locked?.has(key) === true;
  return html`<fieldset class="operand">
    <legend>${name}</legend>
    <label for=${`shape-${name}`}>${m.ui.shapeOf(name)}</label>
    <input id=${`shape-${name}`} name=${`shape-${name}`} type="text" spellcheck="false" autocomplete="off"
      data-testid=${`shape-${name}`} ?disabled=${off(shapeKey)} aria-describedby=${`read-${name} shape-hint`} title=${m.ui.shapeHint}
      .value=${live(state[shapeKey])} @input=${(e: Event) => on.change({ [shapeKey]: value(e) })} />
    <small id=${`read-${name}`} class="read">${operand?.baseShape != null ? m.ui.readAs(formatShape(operand.baseShape)) : '\u00a0'}</small>
    ${name === 'c' ? '' : html`<label for=${`dtype-${name}`}>${m.promotion.dtypeOf(name)}</label>
    <select id=${`dtype-${name}`} data-testid=${`dtype-${name}`} class="dtype" ?disabled=${off(`d${name}` as 'da' | 'db')} .value=${live(dtype)}
      @change=${(e: Event) => on.change({ [`d${name}`]: value(e) as State['da'] })}>
      ${DTYPES.map((d) => html`<option value=${d} ?selected=${d === dtype}>${d}</option>`)}
    </select>`}
    <label for=${`view-${name}`}>${m.chain.label(name)}</label>
    <input id=${`view-${name}`} name=${`view-${name}`} type="text" spellcheck="false" autocomplete="off" class="chain"
      data-testid=${`view-${name}`} ?disabled=${off(`t${name}` as 'ta')} aria-describedby=${`sees-${name}`} placeholder=${m.chain.placeholder}
      .value=${live(chainOf(state, name))} @input=${(e: Event) => on.change({ [`t${name}`]: value(e) })} />
    <small id=${`sees-${name}`} class="read chain-sees" data-testid=${`sees-${name}`}>${operand !== undefined && operand.chain.length > 0 && operand.shape !== null ? m.chain.sees(formatShape(operand.shape)) : ''}</small>
    <label for=${`fill-${name}`}>${m.ui.valuesOf(name)}</label>
    <select id=${`fill-${name}`} data-testid=${`fill-${name}`} ?disabled=${off(fillKey)} .value=${live(fill)}
      @change=${(e: Event) => on.change({ [fillKey]: value(e) as State['fa'] })}>
      ${FILLS.map((f) => html`<option value=${f} ?selected=${f === fill}>${fills[f]}</option>`)}
    </select>
    ${fill === 'custom'
      ? html`<textarea id=${`values-${name}`} data-testid=${`values-${name}`} rows="2" spellcheck="false" ?disabled=${off(valuesKey)} aria-label=${m.ui.valuesOf(name)}
          placeholder=${m.ui.customHint} .value=${live(valuesOf(state, name))}
          @input=${(e: Event) => on.change({ [valuesKey]: value(e) })}></textarea>`
      : ''}
  </fieldset>`;
}

export function controls(ctx: ViewContext, on: ControlHandlers): TemplateResult {
  const { m } = ctx;
  const state = ctx.model.state;
  const c = ctx.model.computation;
  const preset = currentPreset(state);
  const usesRandom = operandsOf(state.op).some((n) => fillOf(state, n) === 'random');
  return html`<section class="inputs" aria-label=${m.ui.inputs}>
    <div class="row">
      <label for="preset">${m.ui.preset}</label>
      <select id="preset" data-testid="preset" ?disabled=${(on.locked?.size ?? 0) > 0} .value=${live(preset)} @change=${(e: Event) => on.preset(value(e))}>
        <option value="" ?selected=${preset === ''}>${m.ui.presetPick}</option>
        ${PRESETS.map((p) => html`<option value=${p.id} ?selected=${p.id === preset}>${p.title[m.lang]}</option>`)}
      </select>
    </div>
    <div class="row">
      <label for="op">${m.ui.op}</label>
      <select id="op" data-testid="op" ?disabled=${on.locked?.has('op') === true} .value=${live(state.op)} @change=${(e: Event) => on.change({ op: value(e) as State['op'] })}>
        ${MENU.map((g) => html`<optgroup label=${m.ui.opGroups[g.group]}>
          ${g.ops.map((o) => html`<option value=${o} ?selected=${o === state.op}>${opCall(o)}</option>`)}
        </optgroup>`)}
      </select>
      ${takesAlpha(state.op)
        ? html`<label for="alpha">${m.ui.alpha}</label>
          <input id="alpha" data-testid="alpha" class="short" type="text" ?disabled=${on.locked?.has('alpha') === true} inputmode="decimal" spellcheck="false"
            .value=${live(state.alpha)} @input=${(e: Event) => on.change({ alpha: value(e) })} />`
        : ''}
      ${usesRandom
        ? html`<label for="seed">${m.ui.seed}</label>
          <input id="seed" data-testid="seed" class="short" type="number" min="0" max="999999999" step="1"
            .value=${live(String(state.seed))}
            @input=${(e: Event) => {
              const n = Number(value(e));
              if (Number.isInteger(n) && n >= 0 && n <= 999_999_999) on.change({ seed: n });
            }} />`
        : ''}
      ${state.view === 'grad'
        ? html`<label for="loss">${m.ui.loss}</label>
          <select id="loss" data-testid="loss" .value=${live(state.loss)} @change=${(e: Event) => on.change({ loss: value(e) as State['loss'] })}>
            ${LOSSES.map((l) => html`<option value=${l} ?selected=${l === state.loss}>${m.ui.losses[l]}</option>`)}
          </select>`
        : ''}
    </div>
    <p class="hint" id="shape-hint">${m.ui.shapeHint}</p>
    <div class="operands">${operandsOf(state.op).map((name) => operandFields(ctx, c, name, on))}</div>
  </section>`;
}
