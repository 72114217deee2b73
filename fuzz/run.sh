#!/usr/bin/env bash
# Runs the libFuzzer targets, each for SECONDS on its corpus, and fails if any
# finds a crash. The corpus of each target starts from testdata/fuzz/seeds/
# and grows in WORKDIR/corpus/<entry>; findings go to WORKDIR/findings/<entry>.
# Targets run side by side, as many at once as FUZZ_JOBS (default: the cores),
# so the whole run takes about SECONDS x targets / cores.
#
#   fuzz/run.sh BUILD_DIR WORKDIR SECONDS [ENTRY...]
#
# BUILD_DIR was configured with CXX=clang++ -DHALITE_FUZZ=ON (scripts/test.sh
# does it). See docs/fuzzing.md.
set -uo pipefail
build=${1:?usage: fuzz/run.sh BUILD_DIR WORKDIR SECONDS [ENTRY...]}
work=${2:?}
seconds=${3:?}
shift 3
entries=("$@")
[ ${#entries[@]} -gt 0 ] || entries=(replay configuration observation actions bot_lines halite3_replay)
jobs=${FUZZ_JOBS:-$(nproc)}
root=$(cd "$(dirname "$0")/.." && pwd)

# One target, in the background: its exit status goes to WORKDIR/<entry>.status.
run_entry() {
  local entry=$1
  local exe="$build/fuzz/halite_fuzz_$entry"
  local corpus="$work/corpus/$entry"
  local findings="$work/findings/$entry"
  mkdir -p "$corpus" "$findings"
  cp -n "$root/testdata/fuzz/seeds/$entry/"* "$corpus/" 2>/dev/null || true
  # No leak checks: neither per input (-detect_leaks=0) nor at exit, where
  # LeakSanitizer scanning a large corpus's heap can take minutes on a loaded
  # machine; a generous rss limit, since big replays are legitimate inputs.
  ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" "$exe" -max_total_time="$seconds" -print_final_stats=1 -rss_limit_mb=4096 -detect_leaks=0 \
      -artifact_prefix="$findings/" "$corpus" > "$work/$entry.log" 2>&1
  echo $? > "$work/$entry.status"
}

for entry in "${entries[@]}"; do
  [ -x "$build/fuzz/halite_fuzz_$entry" ] || { echo "fuzz/run.sh: $build/fuzz/halite_fuzz_$entry is not built" >&2; exit 2; }
done
mkdir -p "$work"
running=0
for entry in "${entries[@]}"; do
  rm -f "$work/$entry.status"
  if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
  run_entry "$entry" &
  running=$((running + 1))
done
wait

failed=0
passed=0
for entry in "${entries[@]}"; do
  log="$work/$entry.log"
  status=$(cat "$work/$entry.status" 2>/dev/null || echo "none")
  stats=$(grep -E "^#[0-9]+.*DONE" "$log" | tail -1)
  echo "$entry: exit $status; $stats"
  if [ "$status" = 0 ]; then passed=$((passed + 1)); else
    failed=$((failed + 1))
    grep -E "ERROR|what\(\)|runtime error|SUMMARY|Test unit written" "$log" | head -8
  fi
done
echo "fuzz: $passed passed, $failed failed"
[ $failed -eq 0 ]
