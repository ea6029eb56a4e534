// Defines <tensorcast-playground> in this page's registry when it runs, once
// (a page may load the element twice: a script tag and a bundled import).
// It needs a DOM: element.ts imports it only where customElements exists
// (Note [Element entry without a DOM]). web/dist's tensorcast-playground.js
// is this module itself (web/vite.config.ts, and web/index.html's script),
// so that the playground's code (the links it makes beside the script:
// share.ts, full-link.ts) is in that file, at the root of web/dist.
import { TensorcastPlayground } from './playground.js';

/** The class the registry holds under the name: this one, or one defined before it. */
export function defineElement(): CustomElementConstructor {
  const defined = customElements.get('tensorcast-playground');
  if (defined !== undefined) return defined;
  customElements.define('tensorcast-playground', TensorcastPlayground);
  return TensorcastPlayground;
}

defineElement();

export { TensorcastPlayground };
