#!/usr/bin/env bash
# Installs the Debian packages the project builds with, when they are missing.
set -euo pipefail
packages=(g++ cmake ninja-build pkg-config python3 zlib1g-dev libzstd-dev
          libboost-dev libabsl-dev nlohmann-json3-dev
          catch2 libbenchmark-dev
          python3-dev pybind11-dev python3-numpy   # the Python module halite4, its tests and the dataset reader test
          clang libclang-rt-14-dev    # the fuzz targets (libFuzzer) and the clang build
          clang-format                # scripts/check_format.sh
          libopenmpi-dev openmpi-bin  # arena and tune across processes (optional at build time)
          chromium)                   # the `halite view` page tests (headless; tests/test_viewer.py)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
