#!/usr/bin/env bash
# Which functions of the SIMD module hold the vector adds of the every-dtype
# loops (kernels.h x_vbinary and friends, left to the compiler's
# vectoriser): i32x4.add (int32), i64x2.add (int64), f64x2.add (float64),
# f32x4.add (float32, the hand-written kernels), per function.
#
#   bash bench/simd-loops.sh        (after scripts/build.sh; needs binaryen's wasm-dis)
#
# dist/tensorcast.wasm has no function names, so the module is linked again
# from build/wasm's objects with the same command plus --profiling-funcs
# (names only: the code is the same) into a temporary directory; dist/ and
# build/ are left as they are. bench/notes.md has what it printed.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wasm-dis >/dev/null || { echo "simd-loops: wasm-dis (binaryen) is missing" >&2; exit 1; }
bindings=build/wasm/bindings
link=$(cat "$bindings/CMakeFiles/tensorcast.dir/link.txt")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export NODE_PATH=/usr/share/nodejs  # Debian's emcc needs Debian's acorn (scripts/build.sh)
(cd "$bindings" && ${link/ -o tensorcast.js / --profiling-funcs -o $tmp/tensorcast.js }) >/dev/null
wasm-dis "$tmp/tensorcast.wasm" -o "$tmp/named.wat"
for file in dist/tensorcast.wasm dist/tensorcast-nosimd.wasm; do
  wasm-dis "$file" -o "$tmp/shipped.wat"
  printf '%s:' "$file"
  for op in i32x4.add i64x2.add f64x2.add f32x4.add; do printf ' %s %s' "$op" "$(grep -c "($op" "$tmp/shipped.wat" || true)"; done
  echo
done
echo "the same link with names: vector adds per function (at least 4)"
awk '/^ \(func /{name=$2} /\((i32x4|i64x2|f64x2|f32x4)\.add/{split($1, op, "("); n[name " " op[2]]++}
     END{for (k in n) if (n[k] >= 4) print n[k], k}' "$tmp/named.wat" |
  sed -e 's/\\20/ /g' -e 's/\\28/(/g' -e 's/\\29/)/g' -e 's/\\2c/,/g' | sort -k3 -k1nr
