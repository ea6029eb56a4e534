#!/usr/bin/env bash
# Runs every test suite after a build: Catch2 natively and in wasm (ctest),
# the npm package under Node's test runner, and the playground in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== core, native (ctest)"
ctest --test-dir build/native --output-on-failure

echo "== core, wasm under Node (ctest)"
ctest --test-dir build/wasm --output-on-failure
