// Writes dist/package.json, the manifest of the package as published: the
// root package.json describes the repository (scripts, dev dependencies,
// paths into dist/), dist/ is what npm packs and users install, with its
// own README.md (bindings/README.md) and LICENSE.
import { readFileSync, writeFileSync } from 'node:fs';

const root = JSON.parse(readFileSync('package.json', 'utf8'));
const local = (path) => path.replace(/^\.\/dist\//, './');
// Conditions nest ({ node: { require: ... } }): every leaf is a path.
const localAll = (target) => (typeof target === 'string'
  ? local(target)
  : Object.fromEntries(Object.entries(target).map(([k, v]) => [k, localAll(v)])));
const exports = localAll(root.exports);
const manifest = {
  name: root.name,
  version: root.version,
  description: root.description,
  license: root.license,
  keywords: root.keywords,
  type: root.type,
  main: local(root.main),
  types: local(root.types),
  exports,
  // Importing only TensorcastError (or a type) pulls in no module, no .wasm.
  // The modules that attach methods to Tensor and Tensorcast at load time
  // are the ones defining them, which every use of the package imports.
  // Only the element's files (playground/) have effects: importing
  // 'tensorcast/playground' for nothing but its effect defines the element
  // (Note [Element entry without a DOM] in web/src/element.ts).
  sideEffects: root.sideEffects.map(local),
  engines: root.engines,
};
writeFileSync('dist/package.json', `${JSON.stringify(manifest, null, 2)}\n`);
