#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks for building and testing
# tensorcast: Debian's Emscripten, Catch2, Chromium and clang (for the
# fuzzers), then the npm packages from the lock file. Does nothing that is already done.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v emcc >/dev/null 2>&1 || need+=(emscripten)
[ -d /usr/share/nodejs/acorn ] || need+=(node-acorn)
[ -f /usr/include/catch2/catch.hpp ] || need+=(catch2)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
# The playground's Chinese text, in Chromium's screenshots and for a
# teacher on this machine: Debian ships no CJK font by default.
fc-list :lang=zh 2>/dev/null | grep -q . || need+=(fonts-wqy-microhei)
command -v cmake >/dev/null 2>&1 || need+=(cmake)
command -v g++ >/dev/null 2>&1 || need+=(g++)
command -v gzip >/dev/null 2>&1 || need+=(gzip)
# Rebuilds of a second checkout or branch (scripts/build.sh uses it when present).
command -v ccache >/dev/null 2>&1 || need+=(ccache)
# The fuzz smoke (scripts/fuzz.sh): clang with libFuzzer and the sanitizers.
command -v clang++ >/dev/null 2>&1 || need+=(clang)
compgen -G '/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a' >/dev/null ||
  need+=(libclang-rt-14-dev)

if [ ${#need[@]} -gt 0 ]; then
  cmd="apt-get update && apt-get install -y ${need[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    echo "tensorcast needs Debian packages: ${need[*]}" >&2
    echo "run as root:  $cmd" >&2
    exit 1
  fi
  echo "setup: installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi

# npm packages: from the lock file, again only when it changed.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund --loglevel=error
fi

# Packages the tests need at versions that would clash with the root's, each
# folder with its own lock: Node 18 and 22 for the packaging test
# (tests/node-versions: in the root package their `node` binaries would land
# in node_modules/.bin and run every npm script; Vite needs Node 20);
# Next.js, Vite 6 and 7 for e2e/package (tests/bundlers); attw, publint, old
# TypeScript and Jest 29 (tests/package-tools).
for dir in tests/node-versions tests/bundlers tests/package-tools; do
  if [ ! -f $dir/node_modules/.package-lock.json ] || [ $dir/package-lock.json -nt $dir/node_modules/.package-lock.json ]; then
    echo "setup: npm ci in $dir"
    npm ci --prefix $dir --no-audit --no-fund --loglevel=error
  fi
done
