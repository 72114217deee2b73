#!/bin/sh
# Builds submission.tar.gz for Kaggle: main.py + a statically linked halite_bot
# (the line protocol only, without the local referee --vs) + bot.json, the
# --config file (default: bot/submission.json, the settings measured best
# against the public bots). Runs a short smoke game through the packed files
# before writing the archive.
#
#   bot/make_submission.sh [--config tuned.json] [--out submission.tar.gz] [--build-dir DIR | --tree DIR]
#
# --build-dir: the script's own Release tree (default build-submission/),
# configured here with nothing but what the bot needs. --tree: an existing
# build tree instead, if it builds what Kaggle is given (Release, portable,
# no sanitizers, the models of named bots on); its objects are reused.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
out="$PWD/submission.tar.gz"
build="$root/build-submission"
config="$here/submission.json"
tree=""
while [ $# -gt 0 ]; do
  case "$1" in
    --config) config=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift 2 ;;
    --out) case "$2" in /*) out="$2" ;; *) out="$PWD/$2" ;; esac; shift 2 ;;
    --build-dir) build="$2"; shift 2 ;;
    --tree) tree="$2"; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "make_submission.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

[ -f "$config" ] || { echo "make_submission.sh: no config file $config" >&2; exit 2; }

[ -f /usr/lib/x86_64-linux-gnu/libz.a ] || [ -f /usr/lib64/libz.a ] || [ -f /usr/lib/libz.a ] || {
  echo "make_submission.sh: libz.a not found (Debian: apt-get install zlib1g-dev)" >&2; exit 1; }

if [ -n "$tree" ]; then
  # A tree configured elsewhere: only if what it builds is what Kaggle is given.
  cache="$tree/CMakeCache.txt"
  [ -f "$cache" ] || { echo "make_submission.sh: --tree $tree is not a configured build tree (no CMakeCache.txt)" >&2; exit 2; }
  cached() { sed -n "s/^$1:[A-Z]*=//p" "$cache"; }
  for want in CMAKE_BUILD_TYPE=Release HALITE_NATIVE=OFF HALITE_SANITIZE=OFF HALITE_FUZZ=OFF HALITE_OPPONENTS=ON; do
    name=${want%%=*}
    [ "$(cached "$name")" = "${want#*=}" ] || {
      echo "make_submission.sh: --tree $tree has $name=$(cached "$name"), and the submission needs ${want#*=}" >&2
      exit 2; }
  done
  build="$tree"
else
  generator=""
  command -v ninja >/dev/null 2>&1 && generator="-G Ninja"
  cmake -S "$root" -B "$build" $generator -DCMAKE_BUILD_TYPE=Release -DHALITE_NATIVE=OFF -DHALITE_SANITIZE=OFF \
    -DHALITE_FUZZ=OFF -DHALITE_OPPONENTS=ON -DHALITE_BUILD_TESTS=OFF -DHALITE_BUILD_BENCH=OFF -DHALITE_PYTHON=OFF >/dev/null
fi
cmake --build "$build" --target halite_bot_submission

exe="$build/bot/halite_bot_submission"
if ldd "$exe" >/dev/null 2>&1; then
  echo "make_submission.sh: $exe is dynamically linked:" >&2
  ldd "$exe" >&2
  exit 1
fi
file "$exe" 2>/dev/null | grep -q "statically linked" || {
  echo "make_submission.sh: warning: 'file' does not report $exe as statically linked" >&2; }

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp "$here/main.py" "$stage/main.py"
cp "$exe" "$stage/halite_bot"
strip "$stage/halite_bot" 2>/dev/null || true
chmod 755 "$stage/halite_bot"
cp "$config" "$stage/bot.json"

# Smoke test, as Kaggle runs it: main.py loaded by Kaggle's rules must answer
# step 0 with the CONVERT of the first ship (bot/smoke_test.py).
python3 "$here/smoke_test.py" "$stage" || { echo "make_submission.sh: smoke test failed" >&2; exit 1; }

mkdir -p "$(dirname "$out")"
rm -f "$out"
(cd "$stage" && tar -czf "$out" main.py halite_bot bot.json)
echo "wrote $out:"
tar -tzvf "$out"
