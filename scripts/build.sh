#!/usr/bin/env bash
# Builds everything: the native core and tests, the wasm tests and the two
# wasm modules of the npm package (SIMD and not), then the TypeScript facade.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
# ccache, when the machine has it, for rebuilds in several checkouts (paths
# relative to each checkout, so that they share one cache).
launcher=()
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
fi

cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >/dev/null
cmake --build build/native -j "$jobs"
# What the TypeScript and the docs know of the core (op table, trace schema,
# limits), written from the core's declarations (bindings/gen/contracts.cpp).
build/native/gen_contracts .

# Debian's emcc needs Debian's acorn, and its node config passes a flag Node
# 20 refuses, hence our own emulator line (docs/toolchain.md).
export NODE_PATH=/usr/share/nodejs
if [ ! -f build/wasm/CMakeCache.txt ]; then
  emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" \
    "-DCMAKE_CROSSCOMPILING_EMULATOR=$(command -v node);--no-experimental-fetch" >/dev/null
fi
cmake --build build/wasm -j "$jobs"

# The npm package: the two wasm modules built above and the
# TypeScript facade, assembled in dist/.
bash bindings/build-dist.sh

# The playground: type-checked, then bundled by Vite into web/dist
# with the package just assembled in dist/.
node_modules/.bin/tsc -p web/tsconfig.json
node_modules/.bin/vite build --config web/vite.config.ts --logLevel warn

# The offline site (web/site/) and the offline file, from the package and
# the playground's sources: e2e/site.spec.js opens them.
bash scripts/build-site.sh
