#!/bin/bash
# Halite III's official engine, built from Debian's packages outside the
# repository, and seeded reference games played with it (docs/halite3.md).
#
#   bash scripts/halite3/reference.sh GITDIR DEST [--seeds N] [--first-seed S] [--jobs J]
#
# GITDIR: a git directory of HaliteChallenge/Halite-III (what `fetch` prints,
# or a clone's .git). DEST gets src/ (the engine's sources, game_engine/,
# with scripts/halite3/engine.cmake as its CMakeLists.txt), build/halite
# (the engine) and replays/: for every map size (32, 40, 48, 56, 64), 2 and
# 4 players and N seeds (default 10: 100 games), SIZE-Pp-seedS.hlt and its
# result SIZE-Pp-seedS.json (the engine's --results-as-json). The seats are
# scripts/halite3/bots/reference_bot.py with their own seeds; in every
# fourth game one seat misbehaves (a garbage command, two commands for one
# ship, a dropoff it cannot pay for, or a crash), so the engine's handling of
# bad bots is recorded too. Games already in replays/ are kept.
set -euo pipefail

usage() { sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
[ $# -ge 2 ] || usage
GITDIR=$1 DEST=$2
shift 2
SEEDS=10 FIRST=1 JOBS=$(nproc)
while [ $# -gt 0 ]; do
  case $1 in
    --seeds) SEEDS=$2; shift 2 ;;
    --first-seed) FIRST=$2; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    *) echo "reference.sh: unknown option $1" >&2; usage ;;
  esac
done
HERE=$(cd "$(dirname "$0")" && pwd)
BOT=$HERE/bots/reference_bot.py

missing=()
command -v cmake > /dev/null || missing+=(cmake)
command -v pkg-config > /dev/null || missing+=(pkg-config)
pkg-config --exists libzstd 2> /dev/null || missing+=(libzstd-dev)
[ -f /usr/include/tclap/CmdLine.h ] || missing+=(libtclap-dev)
[ -f /usr/include/nlohmann/json.hpp ] || missing+=(nlohmann-json3-dev)
if [ ${#missing[@]} -gt 0 ]; then
  echo "reference.sh: missing Debian packages: apt-get install ${missing[*]}" >&2
  exit 1
fi

mkdir -p "$DEST/src" "$DEST/replays"
DEST=$(cd "$DEST" && pwd)
if [ ! -f "$DEST/src/game_engine/main.cpp" ]; then
  # Only the engine's tree is read from the snapshot.
  git --git-dir "$GITDIR" archive HEAD:game_engine --prefix game_engine/ | tar -x -C "$DEST/src"
fi
cp "$HERE/engine.cmake" "$DEST/src/game_engine/CMakeLists.txt"
cmake -S "$DEST/src/game_engine" -B "$DEST/build" -DCMAKE_BUILD_TYPE=Release > "$DEST/build.log" 2>&1 ||
  { tail -20 "$DEST/build.log" >&2; exit 1; }
cmake --build "$DEST/build" -j "$JOBS" >> "$DEST/build.log" 2>&1 || { tail -20 "$DEST/build.log" >&2; exit 1; }
ENGINE=$DEST/build/halite
echo "engine: $ENGINE"

# One game: size players seed.
play() {
  local size=$1 players=$2 seed=$3 name="$1-$2p-seed$3"
  [ -f "$DEST/replays/$name.hlt" ] && return 0
  local bots=() p flags
  for ((p = 0; p < players; ++p)); do
    flags="--seed $((seed * 10 + p)) --dropoffs $((1 + p % 2))"
    if [ $((seed % 4)) -eq 0 ] && [ "$p" -eq $((players - 1)) ]; then
      case $(((seed / 4 + size) % 4)) in
        0) flags+=" --garbage-at $((seed * 7 % 200 + 20))" ;;
        1) flags+=" --twice-at $((seed * 11 % 200 + 20))" ;;
        2) flags+=" --overspend-at $((seed * 13 % 200 + 20))" ;;
        3) flags+=" --fail-at $((seed * 17 % 200 + 20))" ;;
      esac
    fi
    bots+=("python3 $BOT $flags")
  done
  local work
  work=$(mktemp -d)
  (cd "$work" && "$ENGINE" --replay-directory "$work" --seed "$seed" --width "$size" --height "$size" --no-logs \
    --results-as-json "${bots[@]}" > result.json 2> engine.err) || { cat "$work/engine.err" >&2; rm -rf "$work"; return 1; }
  mv "$work"/replay-*.hlt "$DEST/replays/$name.hlt"
  mv "$work/result.json" "$DEST/replays/$name.json"
  rm -rf "$work"
  echo "$name"
}
export -f play
export DEST ENGINE BOT
for size in 32 40 48 56 64; do
  for players in 2 4; do
    for ((seed = FIRST; seed < FIRST + SEEDS; ++seed)); do echo "$size $players $seed"; done
  done
done | xargs -P "$JOBS" -n 3 bash -c 'play "$@"' _
echo "replays: $(ls "$DEST"/replays/*.hlt | wc -l) in $DEST/replays"
