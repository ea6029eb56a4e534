#!/usr/bin/env bash
# Runs every test suite after a build: Catch2 natively and in wasm (ctest),
# the npm package under Node's test runner, and the playground in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each suite's wall time, so that CI's budget can be watched as suites grow.
step_name=""
step() {
  if [ -n "$step_name" ]; then echo "-- $step_name: $((SECONDS - step_start)) s"; fi
  step_name="$1"
  step_start=$SECONDS
  if [ -n "$1" ]; then echo "== $1"; fi
}

# The build writes docs/trace-schema.md from the core's declarations; in CI
# (a fresh clone) a difference means a commit changed the schema or the op
# table without the page.
step "docs/trace-schema.md as the build wrote it"
if ! git diff --quiet -- docs/trace-schema.md 2>/dev/null; then
  echo "docs/trace-schema.md differs from the committed one: commit the page the build wrote"
  [ "${CI:-}" = true ] && exit 1
fi

step "core, native (ctest)"
ctest --test-dir build/native --output-on-failure

step "core, wasm under Node (ctest)"
ctest --test-dir build/wasm --output-on-failure

step "fuzz smoke: libFuzzer + ASan + UBSan, limits, regressions (scripts/fuzz.sh)"
bash scripts/fuzz.sh

step "core, native under ASan + UBSan (scripts/sanitize.sh)"
bash scripts/sanitize.sh

step "npm package (node --test)"
node --test tests/js/

step "playground model and texts (node --test tests/web: web/src's DOM-free modules bundled by esbuild; both catalogues against web/src/i18n/GLOSSARY.md)"
node --test tests/web/

step "npm package in Chromium: Vite app and Web Worker, esbuild (esm, iife), Rollup, webpack 5, the forgetful loop (Playwright, e2e/package)"
node_modules/.bin/playwright test e2e/package

step "playground (Playwright e2e)"
node_modules/.bin/playwright test --project=playground

step "bench harness (tiny sizes)"
node --test bench/bench.test.js

# A fixed seed, so that CI is reproducible; npm run soak draws a new one each time.
step "soak, shortened: 50,000 random steps against the naive reference, memory flat (npm run soak: 1,000,000)"
node tests/soak/soak.js --ops 50000 --seed 6
step ""
echo "-- all suites: $SECONDS s"
