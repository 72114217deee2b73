#!/bin/bash
# The strongest public Halite III bot, built outside the repository as an
# opponent for scripts/halite3/match.py (docs/halite3.md, "Against the
# winner"): teccles' bot (teccles-halite/halite3-bot, Java), the bot that
# finished 1st in Halite III, as its README states.
#
#   bash scripts/halite3/opponent.sh GITDIR [DEST]
#
# GITDIR: a git directory of teccles-halite/halite3-bot (what `fetch` prints,
# or a clone's .git). DEST (default /tmp/h3opp/teccles) gets src/ (the
# snapshot's HEAD) and classes/ (compiled by Debian's JDK, nothing
# downloaded). The bot runs as the competition ran it, `java MyBot` with no
# arguments: its time budget per turn (1.7 s for its mining scores, stopped
# early once every cell is scored), no log files. Prints that command.
set -euo pipefail

usage() { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
if [ $# -lt 1 ] || [ $# -gt 2 ]; then usage; fi
GITDIR=$1 DEST=${2:-/tmp/h3opp/teccles}

if ! command -v javac > /dev/null || ! command -v java > /dev/null; then
  echo "opponent.sh: no JDK: apt-get install openjdk-17-jdk-headless" >&2
  exit 1
fi
git --git-dir "$GITDIR" cat-file -e HEAD:MyBot.java 2> /dev/null ||
  { echo "opponent.sh: $GITDIR has no MyBot.java at HEAD (not teccles-halite/halite3-bot?)" >&2; exit 1; }

mkdir -p "$DEST"
DEST=$(cd "$DEST" && pwd)
rm -rf "$DEST/src" "$DEST/classes"
mkdir -p "$DEST/src" "$DEST/classes"
git --git-dir "$GITDIR" archive HEAD | tar -x -C "$DEST/src"
git --git-dir "$GITDIR" rev-parse HEAD > "$DEST/commit"
javac -nowarn -encoding UTF-8 -d "$DEST/classes" -sourcepath "$DEST/src" "$DEST/src/MyBot.java" > "$DEST/build.log" 2>&1 ||
  { tail -20 "$DEST/build.log" >&2; exit 1; }
echo "teccles $(cut -c1-12 "$DEST/commit"): java -cp $DEST/classes MyBot"
