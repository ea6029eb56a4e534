#!/usr/bin/env bash
# The whole Catch2 suite under AddressSanitizer + UndefinedBehaviorSanitizer,
# from the sanitized clang build that the fuzz smoke uses too (tests/fuzz/
# CMakeLists.txt, build/sanitize): the core is compiled with the sanitizers
# once, and the folder is kept, so a second run rebuilds only what changed.
# Any sanitizer report aborts the case (-fno-sanitize-recover=all), so ctest
# fails.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/sanitized-build.sh core_tests

# detect_leaks: a leak fails the run too. halt_on_error is the default for ASan.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
ctest --test-dir build/sanitize --output-on-failure -j "${TC_TEST_JOBS:-$(nproc)}"
