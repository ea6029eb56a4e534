// The npm package's `tensorcast/playground` (dist/playground/
// tensorcast-playground.js): defines <tensorcast-playground> where there is
// a DOM. (web/dist's script of the same name is define-element.ts itself.)
//
// Note [Element entry without a DOM]: a site generator (Docusaurus, Next.js,
// Astro) imports the page's modules in Node while it renders the HTML, where
// there is no window, document or customElements; and the element's class
// (Lit's LitElement) extends HTMLElement as soon as its module runs. So this
// entry itself touches no DOM global: where customElements exists it loads
// the element's module (a chunk of its own) and defines it; elsewhere it does
// nothing and `defined` resolves to undefined. The package lists this entry
// and its chunks in "sideEffects", so a bundler keeps a bare
// `import 'tensorcast/playground'` (tests/js/playground-entry.test.js).

/**
 * A custom element's class, as customElements.get() gives it; written without
 * the DOM's types, so that a Node project's TypeScript (lib es2022, no dom)
 * reads this module's declarations too.
 */
export type ElementClass = new () => object;

/**
 * Resolves to the element's class once <tensorcast-playground> is defined
 * (the class defined first, if the page had already defined the name), or to
 * undefined where there is no custom element registry (Node).
 */
export const defined: Promise<ElementClass | undefined> =
  // `in`, not typeof: asks whether the global exists without reading it.
  'customElements' in globalThis
    ? import('./define-element.js').then((m) => m.defineElement())
    : Promise.resolve(undefined);
