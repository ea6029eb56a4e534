#!/usr/bin/env bash
# Fuzz smoke: builds tests/fuzz with clang (libFuzzer + ASan +
# UBSan) into build/fuzz, replays every regression
# input, then fuzzes each target for FUZZ_SECONDS (default 15) from its
# committed seed corpus. Fails on any crash, sanitizer report or failed
# check. New corpus entries go to build/fuzz/corpus (not committed); a
# crashing input is saved as build/fuzz/artifacts/<target>-crash-*.
#   FUZZ_SECONDS=60 bash scripts/fuzz.sh            # longer runs
#   FUZZ_TARGETS="views elementwise" bash scripts/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-15}
targets=${FUZZ_TARGETS:-"parse_shape broadcast views elementwise parse_index matmul program"}
out=build/fuzz

# Debian's clang and its compiler-rt (libFuzzer, the sanitizers' runtimes):
# scripts/setup.sh installs clang and libclang-rt-14-dev.
if ! command -v clang++ >/dev/null 2>&1 ||
   ! compgen -G '/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a' >/dev/null; then
  echo "fuzz.sh needs clang++ and libFuzzer: apt-get install -y clang libclang-rt-14-dev" >&2
  exit 1
fi

# One build at a time (docs/toolchain.md): each uses every core.
flock /tmp/tc-build.lock bash -c "
  cmake -S tests/fuzz -B $out -DCMAKE_CXX_COMPILER=clang++ >/dev/null &&
  cmake --build $out -j $(nproc) >/dev/null"

# Regressions: each input once, with the checks of open findings on. An
# input listed in regressions/OPEN may still fail (reported, awaiting a fix
# in src/); any other must pass.
echo "== fuzz regressions"
open_list=tests/fuzz/regressions/OPEN
failed=0
for dir in tests/fuzz/regressions/*/; do
  target=$(basename "$dir")
  for input in "$dir"*; do
    [ -f "$input" ] || continue
    rel="$target/$(basename "$input")"
    if TC_FUZZ_STRICT=1 "$out/fuzz_$target" "$input" >"$out/replay.log" 2>&1; then
      if grep -qx "$rel" "$open_list"; then
        echo "fixed: $rel passes now; delete it from $open_list and make its check strict"
      else
        echo "ok    $rel"
      fi
    elif grep -qx "$rel" "$open_list"; then
      echo "open  $rel ($(grep -m1 'FUZZ CHECK FAILED\|ERROR:' "$out/replay.log" || echo fails))"
    else
      echo "FAIL  $rel"
      cat "$out/replay.log"
      failed=1
    fi
  done
done
[ "$failed" = 0 ] || exit 1

mkdir -p "$out/artifacts"
for target in $targets; do
  echo "== fuzz $target (${seconds}s)"
  work="$out/corpus/$target"
  mkdir -p "$work"
  # The first folder receives new inputs; the committed seeds are only read.
  # -rss_limit_mb catches a runaway allocation; -timeout a hang.
  if ! "$out/fuzz_$target" "$work" "tests/fuzz/corpus/$target" \
      -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
      -print_final_stats=1 -artifact_prefix="$out/artifacts/$target-" \
      >"$out/$target.log" 2>&1; then
    tail -n 60 "$out/$target.log"
    echo "fuzz $target FAILED: the input is in $out/artifacts/ (replay: $out/fuzz_$target <file>)"
    exit 1
  fi
  grep -E '^stat::number_of_executed_units|^Done' "$out/$target.log" | tr '\n' ' '
  echo
done
echo "fuzz smoke passed"
