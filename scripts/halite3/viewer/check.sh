#!/bin/bash
# Loads Halite III replays (.hlt) in the official replay viewer, libhaliteviz,
# built from a snapshot of HaliteChallenge/Halite-III outside the repository,
# in headless Debian chromium; prints OK or ERROR with what failed, per file
# (docs/halite3.md, Replays).
#
#   bash scripts/halite3/viewer/check.sh GITDIR DEST [--embedded] [--shots DIR] FILE.hlt...
#
# GITDIR: a git directory of HaliteChallenge/Halite-III (what `fetch` prints).
# DEST gets libhaliteviz/ (its tree from the snapshot, built with webpack on
# the dependencies this folder's package-lock.json pins; once: a DEST that
# holds the bundle is reused). Each file is fetched by the viewer's own
# parseReplay (zstd in its worker, then JSON.parse), drawn by HaliteVisualizer
# (EmbeddedVisualizer with --embedded), played a few frames, scrubbed to the
# last frame, played past the end, then scrubbed to frame 0 and the middle;
# an exception, a console error or a failed request is an ERROR. Screenshots
# of the last and the middle frame go to --shots (default DEST/shots);
# VERBOSE=1 in the environment prints each page's whole console.
# Exit status: 0 every file OK, 1 an ERROR, 2 usage or set-up.
set -euo pipefail

usage() { sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
[ $# -ge 3 ] || usage
GITDIR=$1 DEST=$2
shift 2
EMBEDDED=() SHOTS="" FILES=()
while [ $# -gt 0 ]; do
  case $1 in
    --embedded) EMBEDDED=(--embedded); shift ;;
    --shots) SHOTS=$2; shift 2 ;;
    -*) echo "check.sh: unknown option $1" >&2; usage ;;
    *) FILES+=("$1"); shift ;;
  esac
done
[ ${#FILES[@]} -gt 0 ] || usage
HERE=$(cd "$(dirname "$0")" && pwd)

missing=()
command -v node > /dev/null || missing+=(nodejs)
command -v npm > /dev/null || missing+=(npm)
[ -x /usr/bin/chromium ] || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ]; then
  echo "check.sh: missing Debian packages: apt-get install ${missing[*]}" >&2
  exit 2
fi

git --git-dir "$GITDIR" cat-file -e HEAD:libhaliteviz/src/main.js 2> /dev/null ||
  { echo "check.sh: $GITDIR is not a git directory of HaliteChallenge/Halite-III (no libhaliteviz/src/main.js at HEAD)" >&2; exit 2; }
mkdir -p "$DEST"
DEST=$(cd "$DEST" && pwd)
VIZ=$DEST/libhaliteviz
if [ ! -f "$VIZ/dist/bundle.js" ]; then
  rm -rf "$VIZ"
  git --git-dir "$GITDIR" archive HEAD libhaliteviz | tar -x -C "$DEST"
  cp "$HERE/package.json" "$HERE/package-lock.json" "$HERE/.npmrc" "$VIZ/"
  rm -f "$VIZ/yarn.lock"
  # webpack 5 needs to be told where node's path and url modules come from.
  node -e '
    const fs = require("fs");
    const file = process.argv[1];
    const config = fs.readFileSync(file, "utf8");
    const anchor = `devtool: "source-map",`;
    if (!config.includes(anchor)) { console.error("check.sh: " + file + " has no " + anchor); process.exit(1); }
    fs.writeFileSync(file, config.replace(anchor, anchor +
      `\n    resolve: { fallback: { path: require.resolve("path-browserify"), url: require.resolve("url/") } },`));
  ' "$VIZ/webpack.config.js"
  (cd "$VIZ" && npm ci --no-audit --no-fund --ignore-scripts > "$DEST/build.log" 2>&1 &&
    npx webpack --mode development >> "$DEST/build.log" 2>&1) || { tail -20 "$DEST/build.log" >&2; exit 2; }
fi

status=0
for f in "${FILES[@]}"; do
  NODE_PATH=$VIZ/node_modules node "$HERE/check.js" --dist "$VIZ/dist" --page "$HERE/check.html" \
    --shots "${SHOTS:-$DEST/shots}" "${EMBEDDED[@]}" "$f" || status=1
done
exit $status
