#!/usr/bin/env bash
# Fresh machine to a played game: install what is missing, build (Release),
# and play one 4-player game on the default configuration.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build
./build/tools/halite play "$@"
