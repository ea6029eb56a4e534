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
# The worksheet's printed PDFs (e2e/worksheet.spec.js): their text, fonts and pages as PNG.
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
# The course recipes (recipes/, e2e/recipes/): each is built by the tool a course uses.
[ -d /usr/share/mkdocs/themes/material ] || need+=(mkdocs-material)
[ -d /usr/lib/python3/dist-packages/sphinx ] || need+=(python3-sphinx)
command -v jupyter-nbconvert >/dev/null 2>&1 || need+=(jupyter-nbconvert)
[ -d /usr/lib/python3/dist-packages/ipykernel ] || need+=(python3-ipykernel)

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

# npm packages: the root's and the test folders' (below), each from its own
# lock file and only when that lock changed since its node_modules was
# installed. A node_modules installed from a lock is kept, hard-linked, in
# the user's cache under the lock's hash (TC_NODE_MODULES_CACHE, default
# ~/.cache/tensorcast/node_modules), so that a fresh clone of the same lock
# (CI's) links it back in seconds instead of running npm ci (half a minute
# each). The folders install side by side: npm ci mostly waits on the disk.
cache=${TC_NODE_MODULES_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tensorcast/node_modules}

# Packages the tests need at versions that would clash with the root's, each
# folder with its own lock: Node 18 and 22 for the packaging test
# (tests/node-versions: in the root package their `node` binaries would land
# in node_modules/.bin and run every npm script; Vite needs Node 20);
# Next.js, Vite 6 and 7 for e2e/package (tests/bundlers); attw, publint, old
# TypeScript and Jest 29 (tests/package-tools).
# The course recipes with npm packages of their own: reveal.js 6 (recipes/revealjs) and
# Docusaurus 3 (recipes/docusaurus), each built in its e2e/recipes spec.
folders=(. tests/node-versions tests/bundlers tests/package-tools recipes/revealjs recipes/docusaurus)

# install_folder DIR: DIR/node_modules as DIR/package-lock.json says, from
# the cache when it holds that lock's install, else by npm ci (then cached).
# Does nothing when node_modules was installed after the lock last changed.
install_folder() {
  local dir=$1 modules=$1/node_modules
  if [ -f "$modules/.package-lock.json" ] && [ ! "$dir/package-lock.json" -nt "$modules/.package-lock.json" ]; then
    return 0
  fi
  # The key: what npm ci reads of the manifest (not its scripts), the lock,
  # and the Node that ran the packages' install scripts.
  local key saved partial
  key=$( (node -p "const m = require('./$dir/package.json'); JSON.stringify(['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'overrides', 'workspaces'].map((k) => m[k]))"
          cat "$dir/package-lock.json"; node --version) | sha256sum | cut -c1-20)
  local name=root
  [ "$dir" = . ] || name=$(printf '%s' "$dir" | tr -c 'A-Za-z0-9' '-')
  saved="$cache/$name-$key"
  rm -rf "$modules"
  if [ -f "$saved/.package-lock.json" ]; then
    echo "setup: $dir/node_modules from the cache ($saved)"
    # Hard links; a full copy where the cache is on another file system.
    cp -al "$saved" "$modules" 2>/dev/null || { rm -rf "$modules"; cp -a "$saved" "$modules"; }
  else
    echo "setup: npm ci in $dir"
    npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error
    mkdir -p "$cache"
    partial=$(mktemp -d "$saved.partial.XXXXXX")
    if cp -al "$modules/." "$partial" 2>/dev/null && mv -T "$partial" "$saved" 2>/dev/null; then :; else rm -rf "$partial"; fi
  fi
  # Newer than the lock (which a clone writes anew): installed, for the test above.
  touch "$modules/.package-lock.json"
  # The cache keeps the two installs of this folder used last.
  touch "$saved" 2>/dev/null || true
  ls -dt "$cache/$name"-*/ 2>/dev/null | grep -v '\.partial\.' | tail -n +3 | xargs -r rm -rf
}

pids=()
for dir in "${folders[@]}"; do
  install_folder "$dir" &
  pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
[ "$failed" = 0 ] || { echo "setup: an npm install failed (above)" >&2; exit 1; }
