#!/usr/bin/env bash
# Runs the test suites after a build (scripts/build.sh), in two tiers:
#   bash scripts/test.sh          every suite (npm test, CI)
#   bash scripts/test.sh --quick  the inner loop (npm run test:quick): the
#                                 core natively, the package and the
#                                 playground's model under Node; no browser,
#                                 no sanitizers, no fuzzing
# Suites run one after another, each using the machine's cores itself
# (ctest -j, node --test's concurrency, Playwright's workers, two fuzz
# targets at a time): on two cores, running suites side by side only makes
# each slower. Each suite's wall time is printed, and all of them at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

tier=full
case "${1:-}" in
  --quick) tier=quick ;;
  "") ;;
  *) echo "usage: scripts/test.sh [--quick]" >&2; exit 2 ;;
esac
jobs=$(nproc)
export TC_TEST_JOBS=$jobs

# Each suite's wall time, so that CI's budget can be watched as suites grow.
summary=()
step_name=""
step() {
  if [ -n "$step_name" ]; then
    local took=$((SECONDS - step_start))
    echo "-- $step_name: $took s"
    summary+=("$(printf '%6d s  %s' "$took" "$step_name")")
  fi
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

step "core, native (ctest: one test per Catch2 case)"
ctest --test-dir build/native --output-on-failure -j "$jobs"

step "npm package (node --test tests/js)"
node --test --test-concurrency="$jobs" tests/js/

step "playground model and texts (node --test tests/web: web/src's DOM-free modules bundled by esbuild; both catalogues against web/src/i18n/GLOSSARY.md)"
node --test --test-concurrency="$jobs" tests/web/

if [ "$tier" = full ]; then
  step "core, wasm under Node (ctest: the SIMD core, and the threaded core with a pool of three)"
  ctest --test-dir build/wasm --output-on-failure -j "$jobs"

  step "core under ASan + UBSan (scripts/sanitize.sh: the sanitized clang build, kept in build/sanitize)"
  bash scripts/sanitize.sh

  step "fuzz smoke: libFuzzer + ASan + UBSan, limits, regressions (scripts/fuzz.sh, the same build)"
  bash scripts/fuzz.sh

  # One Playwright run for both projects: their workers share the cores, so
  # that the package's long specs (Next.js's builds) run beside playground
  # specs rather than leaving a core idle at the end of a run of their own.
  step "Playwright, $jobs workers: the npm package in Chromium (e2e/package: Vite app and Web Worker, esbuild, Rollup, webpack 5, Next.js, the README's recipes, the forgetful loop), the course recipes (e2e/recipes: MkDocs, Sphinx, Docusaurus, reveal.js, a notebook, an LMS iframe) and the playground (e2e/*.spec.js)"
  node_modules/.bin/playwright test --project=package --project=recipes --project=playground

  step "bench harness (tiny sizes)"
  node --test bench/bench.test.js bench/readme.test.js bench/wasm-sizes.test.js

  # A fixed seed, so that CI is reproducible; npm run soak draws a new one each time.
  step "soak, shortened: 50,000 random steps against the naive reference, memory flat (npm run soak: 1,000,000)"
  node tests/soak/soak.js --ops 50000 --seed 6
fi
step ""

echo
echo "== each suite's time ($tier tier)"
printf '%s\n' "${summary[@]}"
echo "-- all suites: $SECONDS s"
