#!/bin/sh
# Builds agent.tar.gz for Kaggle: python/agent/main.py + the halite4 module
# built for the Python that will run it, with the C++ runtime linked in
# statically. Runs the packed agent on a step-0 observation before writing
# the archive (python/tests/test_agent.py).
#
#   python/make_agent.sh [--python /path/to/python3.X] [--out agent.tar.gz] [--build-dir DIR]
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
out="$PWD/agent.tar.gz"
build="$root/build-agent"
python=/usr/bin/python3
while [ $# -gt 0 ]; do
  case "$1" in
    --python) python="$2"; shift 2 ;;
    --out) case "$2" in /*) out="$2" ;; *) out="$PWD/$2" ;; esac; shift 2 ;;
    --build-dir) build="$2"; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "make_agent.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

generator=""
command -v ninja >/dev/null 2>&1 && generator="-G Ninja"
# shellcheck disable=SC2086
cmake -S "$root" -B "$build" $generator -DCMAKE_BUILD_TYPE=Release -DHALITE_PYTHON=ON \
  -DPython3_EXECUTABLE="$python" -DHALITE_NATIVE=OFF -DHALITE_BUILD_TESTS=OFF -DHALITE_BUILD_BENCH=OFF \
  -DCMAKE_MODULE_LINKER_FLAGS="-static-libstdc++ -static-libgcc" >/dev/null
cmake --build "$build" --target halite4_python

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp "$here/agent/main.py" "$stage/main.py"
cp "$build"/python/halite4*.so "$stage/"
strip --strip-unneeded "$stage"/halite4*.so 2>/dev/null || true
if ldd "$stage"/halite4*.so | grep -q 'libstdc++'; then
  echo "make_agent.sh: the module still needs libstdc++.so" >&2
  exit 1
fi

"$python" "$here/tests/test_agent.py" "$stage/main.py" || { echo "make_agent.sh: the agent test failed" >&2; exit 1; }

mkdir -p "$(dirname "$out")"
rm -f "$out"
tar -czf "$out" -C "$stage" .
echo "wrote $out: main.py and $(cd "$stage" && ls halite4*.so) for $("$python" -c 'import sys; print(sys.version.split()[0])')"
