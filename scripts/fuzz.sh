#!/usr/bin/env bash
# Fuzz smoke: builds the fuzz targets of the sanitized clang build
# (libFuzzer + ASan + UBSan, build/sanitize: scripts/sanitized-build.sh),
# replays every regression input, then fuzzes each target for FUZZ_SECONDS
# (default 15) from its committed seed corpus, as many targets at a time as
# the machine has cores (each fuzzer uses one). Fails on any crash,
# sanitizer report or failed check. New corpus entries go to
# build/sanitize/corpus (not committed); a crashing input is saved as
# build/sanitize/artifacts/<target>-crash-*.
#   FUZZ_SECONDS=60 bash scripts/fuzz.sh            # longer runs
#   FUZZ_TARGETS="views elementwise" bash scripts/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-15}
targets=${FUZZ_TARGETS:-"parse_shape broadcast views elementwise parse_index matmul program syntax"}
out=build/sanitize
parallel=${TC_TEST_JOBS:-$(nproc)}

# Every target, whichever are fuzzed: the regressions replay them all.
build_targets=()
for source in tests/fuzz/fuzz_*.cpp; do build_targets+=("$(basename "$source" .cpp)"); done
bash scripts/sanitized-build.sh "${build_targets[@]}"

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
# One target: its fuzzer's log in $out/<target>.log, its status in
# $out/<target>.status.
fuzz_one() {
  local target=$1 work="$out/corpus/$1"
  mkdir -p "$work"
  # The first folder receives new inputs; the committed seeds are only read.
  # -rss_limit_mb catches a runaway allocation; -timeout a hang.
  if "$out/fuzz_$target" "$work" "tests/fuzz/corpus/$target" \
      -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
      -print_final_stats=1 -artifact_prefix="$out/artifacts/$target-" \
      >"$out/$target.log" 2>&1; then
    echo ok >"$out/$target.status"
  else
    echo failed >"$out/$target.status"
  fi
}
running=0
for target in $targets; do
  echo "== fuzz $target (${seconds}s)"
  rm -f "$out/$target.status"
  fuzz_one "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$parallel" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait
failed=0
for target in $targets; do
  if [ "$(cat "$out/$target.status" 2>/dev/null)" != ok ]; then
    tail -n 60 "$out/$target.log"
    echo "fuzz $target FAILED: the input is in $out/artifacts/ (replay: $out/fuzz_$target <file>)"
    failed=1
  else
    echo "fuzz $target: $(grep -E '^stat::number_of_executed_units|^Done' "$out/$target.log" | tr '\n' ' ')"
  fi
done
[ "$failed" = 0 ] || exit 1
echo "fuzz smoke passed"
