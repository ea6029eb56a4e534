// Defines <tensorcast-playground> in this page's registry, once (a page may
// load the element twice: a script tag and a bundled import, or a site that
// swaps pages without reloading). Only element.ts imports this module, and
// only where customElements exists: Note [Element entry without a DOM].
import { TensorcastPlayground } from './playground.js';

/** The class the registry holds under the name: this one, or one defined before it. */
export function defineElement(): CustomElementConstructor {
  const defined = customElements.get('tensorcast-playground');
  if (defined !== undefined) return defined;
  customElements.define('tensorcast-playground', TensorcastPlayground);
  return TensorcastPlayground;
}

export { TensorcastPlayground };
