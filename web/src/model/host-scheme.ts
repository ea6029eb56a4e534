// theme="inherit": the element takes the light or dark scheme of the page
// it sits in. Course sites say which scheme they show in their own ways, so
// the page's signals are read in order, the most specific first:
//   1. MkDocs Material: data-md-color-scheme on <body> ("default" is light,
//      "slate" dark; a site may name schemes of its own, read as unknown);
//   2. data-theme on <html> ("light" or "dark"): Docusaurus, and the
//      PyData Sphinx theme of Jupyter Book; else on <body>: Sphinx's Furo
//      ("auto" there means the reader's system, read as unknown);
//   3. CSS: the color-scheme where the element sits ("dark", "light",
//      "only dark"; "normal" or "light dark" leave the choice to the reader);
//   4. the reader's system (prefers-color-scheme), as theme="auto" does.
// The element reads these from the document and watches them
// (playground.ts); this module only decides, so Node can test it.

/** What a host page says of its colours, as the element read it. */
export interface HostScheme {
  /** <body>'s data-md-color-scheme, or null when absent. */
  mdColorScheme: string | null;
  /** <html>'s data-theme, else <body>'s, or null when neither has one. */
  dataTheme: string | null;
  /** The computed `color-scheme` at the element ('normal' when the page sets none). */
  colorScheme: string;
  /** The reader's system prefers dark (prefers-color-scheme: dark). */
  prefersDark: boolean;
}

// Maps, not objects: a page's value is any text ("constructor" included).
const MKDOCS: ReadonlyMap<string, boolean> = new Map([['default', false], ['slate', true]]);
const DOCUSAURUS: ReadonlyMap<string, boolean> = new Map([['light', false], ['dark', true]]);

/** Dark, light, or null when a color-scheme value leaves it to the reader ('normal', 'light dark'). */
function cssScheme(value: string): boolean | null {
  const words = value.trim().toLowerCase().split(/\s+/);
  const dark = words.includes('dark');
  const light = words.includes('light');
  return dark === light ? null : dark;
}

/** Whether the host page shows its dark scheme: the first of its signals that says (see above). */
export function hostIsDark(host: Readonly<HostScheme>): boolean {
  const md = MKDOCS.get(host.mdColorScheme ?? '');
  if (md !== undefined) return md;
  const docusaurus = DOCUSAURUS.get(host.dataTheme ?? '');
  if (docusaurus !== undefined) return docusaurus;
  return cssScheme(host.colorScheme) ?? host.prefersDark;
}
