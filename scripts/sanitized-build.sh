#!/usr/bin/env bash
# Builds targets of the sanitized clang build (tests/fuzz/CMakeLists.txt:
# libFuzzer + ASan + UBSan) into build/sanitize, for scripts/sanitize.sh and
# scripts/fuzz.sh.
#   bash scripts/sanitized-build.sh core_tests fuzz_views
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's clang and its compiler-rt (libFuzzer, the sanitizers' runtimes):
# scripts/setup.sh installs clang and libclang-rt-14-dev.
if ! command -v clang++ >/dev/null 2>&1 ||
   ! compgen -G '/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a' >/dev/null; then
  echo "the sanitized build needs clang++ and libFuzzer: apt-get install -y clang libclang-rt-14-dev" >&2
  exit 1
fi
launcher=()
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
fi
targets=()
for t in "$@"; do targets+=(--target "$t"); done

# One build at a time (docs/toolchain.md): each uses every core.
exec 9>/tmp/tc-build.lock
flock 9
cmake -S tests/fuzz -B build/sanitize -DCMAKE_CXX_COMPILER=clang++ "${launcher[@]}" >/dev/null
cmake --build build/sanitize -j "$(nproc)" "${targets[@]}" >/dev/null
