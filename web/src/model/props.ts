// The state's properties, each said once: how its text in a link or an
// attribute is read, its default, whether the core's result depends on it,
// and when a link carries it (after TensorFlow Playground's PROPS table in
// its src/state.ts). Reading and writing links (url.ts), the element's
// attributes (playground.ts), the defaults and the input fields all come
// from this table, so a new field is one entry here and one in State.
import { DTYPES, FILLS, LANGS, LOSSES, MODES, OPS, PREDICT_MODES, THEMES, VIEWS, operandsOf } from './state.js';
import type { State } from './state.js';

/** How a value is read: text as typed, one of a list, or a whole number (or null: absent). */
type KindOf<V> = [V] extends [number | null]
  ? null extends V ? { kind: 'nullable number' } : { kind: 'number' }
  : string extends V ? { kind: 'text' } : { kind: 'enum'; options: readonly V[] };

type Spec<V> = KindOf<V> & {
  default: V;
  /** The core computes with it; the others only change how the result is shown. */
  input: boolean;
  /** A link carries it always, or only when it differs from the default (links stay short). */
  link: 'always' | 'changed';
  /** A link carries it even at its default while this holds. */
  needed?: (state: Readonly<State>) => boolean;
};

// Keyed by State's fields, so the compiler checks that each has one entry of
// its own type. The order is the order of a link's keys: links already
// shared must stay byte for byte what the playground writes.
const TABLE: { readonly [K in keyof State]: Spec<State[K]> } = {
  a: { kind: 'text', default: '5,3,4,1', input: true, link: 'always' },
  b: { kind: 'text', default: '3,1,1', input: true, link: 'always' },
  // A link to a where call names all three operands.
  c: { kind: 'text', default: '3,1', input: true, link: 'changed', needed: (s) => operandsOf(s.op).includes('c') },
  op: { kind: 'enum', options: OPS, default: 'add', input: true, link: 'always' },
  alpha: { kind: 'text', default: '1', input: true, link: 'changed' },
  fa: { kind: 'enum', options: FILLS, default: 'arange', input: true, link: 'changed' },
  fb: { kind: 'enum', options: FILLS, default: 'arange', input: true, link: 'changed' },
  fc: { kind: 'enum', options: FILLS, default: 'arange', input: true, link: 'changed' },
  va: { kind: 'text', default: '', input: true, link: 'changed' },
  vb: { kind: 'text', default: '', input: true, link: 'changed' },
  vc: { kind: 'text', default: '', input: true, link: 'changed' },
  ta: { kind: 'text', default: '', input: true, link: 'changed' },
  tb: { kind: 'text', default: '', input: true, link: 'changed' },
  tc: { kind: 'text', default: '', input: true, link: 'changed' },
  loss: { kind: 'enum', options: LOSSES, default: 'sum', input: true, link: 'changed' },
  theme: { kind: 'enum', options: THEMES, default: 'auto', input: false, link: 'changed' },
  seed: { kind: 'number', default: 1, input: true, link: 'changed' },
  view: { kind: 'enum', options: VIEWS, default: 'align', input: false, link: 'always' },
  // null is the last step: a link without a step opens on the whole picture.
  step: { kind: 'nullable number', default: null, input: false, link: 'changed' },
  lang: { kind: 'enum', options: LANGS, default: 'en', input: false, link: 'always' },
  predict: { kind: 'enum', options: PREDICT_MODES, default: '0', input: false, link: 'changed' },
  // The operands' dtypes came later still: at the end, and only when not float32, so older links are written as they were.
  da: { kind: 'enum', options: DTYPES, default: 'float32', input: true, link: 'changed' },
  db: { kind: 'enum', options: DTYPES, default: 'float32', input: true, link: 'changed' },
  // The code mode came last: a two-shape link stays what it was.
  mode: { kind: 'enum', options: MODES, default: 'shapes', input: false, link: 'changed' },
};

export type Prop = { [K in keyof State]: Spec<State[K]> & { key: K } }[keyof State];

/** Every property, in the order a link lists them. */
export const PROPS: readonly Prop[] = (Object.keys(TABLE) as (keyof State)[]).map((key) => ({ key, ...TABLE[key] }) as Prop);

export const DEFAULT_STATE: Readonly<State> = Object.freeze(Object.fromEntries(PROPS.map((p) => [p.key, p.default])) as unknown as State);

/** The fields that change what the core computes (the rest only change how it is shown). */
export const INPUT_FIELDS: readonly (keyof State)[] = PROPS.filter((p) => p.input).map((p) => p.key);
