// The iframe page's options (web/public/embed.html: <tensorcast-playground
// sync-hash frame>). Its hash is a playground link (the state's keys, the
// program, the puzzle, the exercise: read as every link is, url.ts and
// code-link.ts) plus the element's own attributes, which no playground link
// carries:
//
//   #v=1&a=5,3&b=3&op=add&view=strides&compact&lock&steps=2-4&large&fit=70vh&hide=lang,theme
//
// and hide=, the controls a teacher takes away (HIDEABLE). The same names
// work as the element's hide attribute on a course page.

/** The element's attributes the iframe page takes from its hash: on/off ones, and ones with a value. */
export const FRAME_FLAGS = ['compact', 'lock', 'large'] as const;
export const FRAME_VALUES = ['steps', 'fit', 'hide', 'playground-url'] as const;

export type FrameAttribute = (typeof FRAME_FLAGS)[number] | (typeof FRAME_VALUES)[number];
export const FRAME_ATTRIBUTES: readonly FrameAttribute[] = [...FRAME_FLAGS, ...FRAME_VALUES];

/**
 * Each control hide= can name, and what it selects in the element's shadow
 * root. Hidden with display: none, so it is out of the tab order and of
 * what a screen reader reads too. The keys stay working (a hidden player
 * still steps with ← →): hiding is about what the page shows.
 */
export const HIDEABLE = {
  /** The heading and the introduction under it (with its link to the puzzles). */
  title: 'header h1, .intro',
  /** The language switch. */
  lang: '[data-testid="lang"]',
  /** The theme menu. */
  theme: 'label:has(> [data-testid="theme"])',
  /** The two-shape / code mode switch. */
  mode: '.modes',
  /** The predict switch (the answers stay as hidden as the link says: predict=1 still asks). */
  predict: 'label.switch:has([data-testid="predict-mode"])',
  /** Copy link, Copy embed code, Copy iframe, and what they report. */
  share: '.copies, [data-testid="share-status"]',
  /** "Make an exercise". */
  exercise: '[data-testid="make-exercise"]',
  /** The SVG and PNG export buttons. */
  export: '[data-testid^="export-"]',
  /** The examples menus (two-shape presets, code-mode examples). */
  examples: '.row:has(> [data-testid="preset"]), label.examples',
  /** The paste box (shapes from an error message). */
  paste: '.paste',
  /** The view tabs. */
  tabs: '[role="tablist"]',
  /** The player's speed menu. */
  speed: 'label:has(> [data-testid="speed"])',
  /** The line listing the keys. */
  keys: '.keys',
  /** The link to the puzzles. */
  puzzles: '[data-testid="open-puzzles"]',
  /** A compact embed's "Open in the playground". */
  open: '[data-testid="open-full"]',
} as const;

export type Hideable = keyof typeof HIDEABLE;

/** The names hide= gives, in order, each once, and the ones that name no control. */
export function readHide(text: string | null): { names: Hideable[]; unknown: string[] } {
  const names: Hideable[] = [];
  const unknown: string[] = [];
  for (const raw of (text ?? '').split(',')) {
    const name = raw.trim();
    if (name === '') continue;
    if (Object.hasOwn(HIDEABLE, name)) {
      if (!names.includes(name as Hideable)) names.push(name as Hideable);
    } else if (!unknown.includes(name)) unknown.push(name.slice(0, 40));
  }
  return { names, unknown };
}

/** The rules that hide each named control while the element's frame has its name in data-hide (one stylesheet, written once). */
export function hideRules(): string {
  return (Object.entries(HIDEABLE) as [Hideable, string][])
    .map(([name, selectors]) => `${selectors.split(', ').map((s) => `.app[data-hide~="${name}"] ${s}`).join(', ')} { display: none !important; }`)
    .join('\n');
}

/**
 * The element's attributes a hash gives, each FrameAttribute either set
 * (its text; '' for a flag that is on) or null (absent, or a flag given as
 * 0 or false: off). The iframe page sets exactly these on its element.
 */
export function frameAttributes(hash: string): Record<FrameAttribute, string | null> {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const out = {} as Record<FrameAttribute, string | null>;
  for (const key of FRAME_FLAGS) {
    const text = params.get(key);
    out[key] = text === null || text === '0' || text === 'false' ? null : '';
  }
  for (const key of FRAME_VALUES) out[key] = params.get(key);
  return out;
}

/**
 * The element's attributes as keys to append to a link's hash ('' when none is set), read back by
 * frameAttributes: the iframe page writes them after the state's keys, so that its hash, rewritten as the
 * learner works, keeps them.
 */
export function framePart(attrs: Readonly<Record<FrameAttribute, string | null>>): string {
  const parts: string[] = [];
  for (const key of FRAME_FLAGS) if (attrs[key] !== null) parts.push(key);
  for (const key of FRAME_VALUES) {
    const value = attrs[key];
    if (value !== null) parts.push(`${key}=${encodeURIComponent(value).replace(/%2C/gi, ',')}`);
  }
  return parts.map((p) => `&${p}`).join('');
}

/** The message the iframe page posts to its parent whenever its height changes (docs/course-kit.md). */
export interface FrameHeight {
  type: 'tensorcast:height';
  /** The page's height in CSS pixels, rounded up: the iframe's height that shows all of it. */
  height: number;
}

export const HEIGHT_MESSAGE = 'tensorcast:height';
