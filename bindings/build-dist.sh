#!/usr/bin/env bash
# Assembles the npm package in dist/ from the wasm build (build/wasm, made by
# scripts/build.sh) and the TypeScript facade (bindings/ts).
set -euo pipefail
cd "$(dirname "$0")/.."
out=build/wasm/bindings

# The single-threaded modules' glue differs only in the .wasm name it would
# fetch, and our loader fetches by itself: one glue file serves all three.
for module in tensorcast-nosimd tensorcast-noprograms; do
  if ! cmp -s <(sed "s/$module\\.wasm/tensorcast.wasm/g" "$out/$module.js") "$out/tensorcast.js"; then
    echo "build-dist: the glue of $module differs from tensorcast's; dist/ needs one glue per module now" >&2
    exit 1
  fi
done

rm -rf dist
node_modules/.bin/tsc -p bindings/tsconfig.json
# The same declarations as CommonJS (.d.cts) for the "require" condition:
# Note [Two declaration trees] in bindings/cjs-declarations.mjs.
node bindings/cjs-declarations.mjs dist
cp "$out/tensorcast.js" dist/wasm-glue.js
cp "$out/tensorcast.wasm" "$out/tensorcast-nosimd.wasm" "$out/tensorcast-noprograms.wasm" dist/
# The threaded module (Note [The threaded module], bindings/ts/threads.ts):
# its own glue, and our thread-worker.js (tsc's) in place of Emscripten's
# tensorcast-threads.worker.js.
cp "$out/tensorcast-threads.js" dist/wasm-glue-threads.js
cp "$out/tensorcast-threads.wasm" dist/

# A CommonJS entry for Node's require() (Node 18, Jest's default mode): the
# same modules bundled into one file, not a wrapper that require()s them
# (why: bindings/README.md, "Why a copy and not a thin wrapper"); import.meta.url taken from __filename
# so that the .wasm is still found next to it. Only the "node" + "require"
# condition reaches it (package.json exports); bundlers keep the ES modules.
# Jest's default mode runs it without dynamic import(): esbuild turns the
# loader's import('node:fs/promises') into require(). --keep-names: a
# tensor's class is Tensor there too (esbuild would name it _Tensor), as a
# test runner's printed diff of one shows.
node_modules/.bin/esbuild dist/index.js --bundle --format=cjs --platform=node --target=node18 \
  --log-level=warning --keep-names --supported:dynamic-import=false --define:import.meta.url=__tcImportMetaUrl \
  "--banner:js=const __tcImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" \
  --outfile=dist/index.cjs

# The element, 'tensorcast/playground' (Note [The element beside the core] in
# web/vite.package.config.ts): its modules in dist/playground/, importing the
# core above them, and the declarations of its entry.
node_modules/.bin/vite build --config web/vite.package.config.ts
types=$(mktemp -d)
node_modules/.bin/tsc -p web/tsconfig.package.json --outDir "$types"
cp "$types/element.d.ts" dist/playground/tensorcast-playground.d.ts
rm -rf "$types"

# What npm publishes is dist/ itself: its own manifest, README, API reference and licence.
node bindings/package-manifest.mjs
cp bindings/README.md dist/README.md
cp docs/api.md dist/API.md  # the API reference the README links (bindings/gen/contracts.cpp writes it)
cp LICENSE dist/LICENSE
