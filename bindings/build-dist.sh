#!/usr/bin/env bash
# Assembles the npm package in dist/ from the wasm build (build/wasm, made by
# scripts/build.sh) and the TypeScript facade (bindings/ts).
set -euo pipefail
cd "$(dirname "$0")/.."
out=build/wasm/bindings

# The SIMD and plain glue differ only in the .wasm name they would fetch,
# and our loader fetches by itself: one glue file serves both modules.
if ! cmp -s <(sed 's/tensorcast-nosimd\.wasm/tensorcast.wasm/g' "$out/tensorcast-nosimd.js") "$out/tensorcast.js"; then
  echo "build-dist: the SIMD and non-SIMD glue differ; dist/ needs one glue per module now" >&2
  exit 1
fi

rm -rf dist
node_modules/.bin/tsc -p bindings/tsconfig.json
cp "$out/tensorcast.js" dist/wasm-glue.js
cp "$out/tensorcast.wasm" "$out/tensorcast-nosimd.wasm" dist/

# What npm publishes is dist/ itself: its own manifest, README and licence.
node bindings/package-manifest.mjs
cp bindings/README.md dist/README.md
cp LICENSE dist/LICENSE
