// The one script a page needs: defines <tensorcast-playground>.
import { TensorcastPlayground } from './playground.js';

if (customElements.get('tensorcast-playground') === undefined)
  customElements.define('tensorcast-playground', TensorcastPlayground);

export { TensorcastPlayground };
