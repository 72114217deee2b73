#!/usr/bin/env bash
# Runs the libFuzzer targets, each for SECONDS on its corpus, and fails if any
# finds a crash. The corpus of each target starts from testdata/fuzz/seeds/
# and grows in WORKDIR/corpus/<entry>; findings go to WORKDIR/findings/<entry>.
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
[ ${#entries[@]} -gt 0 ] || entries=(replay configuration observation actions bot_lines)
root=$(cd "$(dirname "$0")/.." && pwd)
failed=0
passed=0
for entry in "${entries[@]}"; do
  exe="$build/fuzz/halite_fuzz_$entry"
  [ -x "$exe" ] || { echo "fuzz/run.sh: $exe is not built" >&2; exit 2; }
  corpus="$work/corpus/$entry"
  findings="$work/findings/$entry"
  mkdir -p "$corpus" "$findings"
  cp -n "$root/testdata/fuzz/seeds/$entry/"* "$corpus/" 2>/dev/null || true
  log="$work/$entry.log"
  # No leak checks: neither per input (-detect_leaks=0) nor at exit, where
  # LeakSanitizer scanning a large corpus's heap can take minutes on a loaded
  # machine; a generous rss limit, since big replays are legitimate inputs.
  ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" "$exe" -max_total_time="$seconds" -print_final_stats=1 -rss_limit_mb=4096 -detect_leaks=0 \
      -artifact_prefix="$findings/" "$corpus" > "$log" 2>&1
  status=$?
  stats=$(grep -E "^#[0-9]+.*DONE" "$log" | tail -1)
  echo "$entry: exit $status; $stats"
  if [ $status -eq 0 ]; then passed=$((passed + 1)); else
    failed=$((failed + 1))
    grep -E "ERROR|what\(\)|runtime error|SUMMARY|Test unit written" "$log" | head -8
  fi
done
echo "fuzz: $passed passed, $failed failed"
[ $failed -eq 0 ]
