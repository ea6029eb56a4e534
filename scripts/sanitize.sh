#!/usr/bin/env bash
# The whole native test suite under AddressSanitizer + UndefinedBehavior-
# Sanitizer: configures the root project with -DTC_SANITIZE=ON into
# build/asan and runs its ctest. Any sanitizer report aborts the test binary
# (-fno-sanitize-recover=all in CMakeLists.txt), so ctest fails.
set -euo pipefail
cd "$(dirname "$0")/.."

# One build at a time (docs/toolchain.md): each uses every core.
flock /tmp/tc-build.lock bash -c "
  cmake -S . -B build/asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTC_SANITIZE=ON >/dev/null &&
  cmake --build build/asan -j $(nproc)"

# detect_leaks: a leak fails the run too. halt_on_error is the default for ASan.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
ctest --test-dir build/asan --output-on-failure
