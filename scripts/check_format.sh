#!/usr/bin/env bash
# Every tracked C++ source is as clang-format writes it (.clang-format, clang-format 14 as
# Debian bookworm ships it). `bash scripts/check_format.sh --fix` rewrites them in place.
# Another major version formats some constructs differently: it is told, and the check skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(clang-format --version | sed -n 's/.*version \([0-9]*\)\..*/\1/p')
if [ "$version" != "14" ]; then
  echo "check_format: clang-format ${version:-?} is not 14, which .clang-format is written for: not checked"
  exit 0
fi
mapfile -t files < <(git ls-files '*.cpp' '*.h' ':!:docs/*' ':!:testdata/*')
if [ "${1:-}" = "--fix" ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
report=$(mktemp)
trap 'rm -f "$report"' EXIT
if ! clang-format --dry-run -Werror "${files[@]}" 2>"$report"; then
  grep -o '^[^:]*\.\(cpp\|h\):' "$report" | sort -u | sed 's/:$/: not as clang-format writes it/'
  echo "check_format: run 'bash scripts/check_format.sh --fix'"
  exit 1
fi
echo "check_format: ${#files[@]} files as clang-format writes them"
