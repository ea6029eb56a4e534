// Note [Tensors in the browser console]
// Node prints a tensor through util.inspect.custom: its repr, as print()
// in a program writes it. A browser's console shows an object's own and
// private fields instead (#h, #rt, #r...), and a tensor has no field that
// could read well there: its values live in wasm memory and are read on
// demand, and copying them into a field on every op would cost every op.
// The one hook a page has is DevTools' custom formatters (Chromium, Edge and
// Firefox, after "Enable custom formatters" in DevTools' settings): an
// entry of globalThis.devtoolsFormatters whose header() DevTools calls for
// each object it shows. The formatter below shows a tensor's repr and
// opens onto its shape, dtype, requiresGrad, gradFn and grad; any other
// object it leaves to DevTools (null). Not installed under Node, whose
// console has util.inspect, so that Node programs get no new global.

/** DevTools' markup: [tag, attributes, ...children] ("object" embeds a value). */
type JsonML = [string, Record<string, unknown>, ...(JsonML | string)[]];

interface Formatter {
  header(value: unknown): JsonML | null;
  hasBody(value: unknown): boolean;
  body(value: unknown): JsonML | null;
}

/** What the formatter reads of a tensor: its public surface only. */
export interface Viewed {
  toString(): string;
  readonly isDisposed: boolean;
  readonly shape: number[];
  readonly dtype: string;
  readonly requiresGrad: boolean;
  readonly gradFn: string | null;
  readonly grad: unknown;
}

// The repr keeps its line breaks and the columns PyTorch aligns.
const REPR_STYLE = { style: 'white-space: pre' };
const NAME_STYLE = { style: 'color: #881391' };

function row(name: string, value: JsonML | string): JsonML {
  return ['div', {}, ['span', NAME_STYLE, `${name}: `], value];
}

/** DevTools' formatter of the tensors isTensor recognises (Note [Tensors in the browser console]). */
export function tensorFormatter(isTensor: (value: unknown) => value is Viewed): Formatter {
  return {
    header: (value) => (isTensor(value) ? ['span', REPR_STYLE, value.toString()] : null),
    hasBody: (value) => isTensor(value) && !value.isDisposed,
    body: (value) => {
      if (!isTensor(value) || value.isDisposed) return null;
      const grad = value.grad;
      return ['div', { style: 'padding-left: 1.5em' },
        row('shape', `[${value.shape.join(', ')}]`),
        row('dtype', value.dtype),
        row('requiresGrad', String(value.requiresGrad)),
        row('gradFn', String(value.gradFn)),
        row('grad', grad === null ? 'null' : ['object', { object: grad }])];
    },
  };
}

/** Adds the formatter to globalThis.devtoolsFormatters, outside Node. */
export function installConsoleView(isTensor: (value: unknown) => value is Viewed): void {
  const g = globalThis as { devtoolsFormatters?: unknown; process?: { versions?: { node?: string } } };
  if (g.process?.versions?.node !== undefined) return;
  if (g.devtoolsFormatters === undefined) g.devtoolsFormatters = [];
  if (Array.isArray(g.devtoolsFormatters)) g.devtoolsFormatters.push(tensorFormatter(isTensor));
}
