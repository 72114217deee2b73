#!/usr/bin/env bash
# Builds and runs the whole test suite twice: a Release build of everything
# with GCC, then an AddressSanitizer + UndefinedBehaviorSanitizer build of the
# framework core with clang (with State::check() after every turn, as in any
# build without NDEBUG), so every target compiles warning-free under both
# compilers; then the fuzz targets. Clang's sanitizer build: its
# -fsanitize=undefined includes float-cast-overflow, which GCC's leaves out,
# and it compiles faster. -g1: line tables are all the sanitizers' reports
# need, and full debug information costs a third of the compile.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each phase's start, in seconds since the script began: where CI's time goes.
phase() { echo "== scripts/test.sh: $1 (at ${SECONDS} s)"; }
phase "dependencies"
bash scripts/install_deps.sh
jobs=$(nproc)
if [ ! -d ../shared/replays/kaggle ]; then
  echo "note: ../shared/replays/kaggle is not beside this checkout: the two Kaggle episodes are skipped"
fi

# The limits on file and function length and the order of search/'s rooms;
# every C++ source as clang-format writes it.
phase "limits and format"
python3 scripts/check_limits.py
bash scripts/check_format.sh

# The Release build of everything, the models of named bots included: their
# tests run here, and the make_submission test packs this tree's static
# halite_bot_submission, what Kaggle is given, without building it again.
phase "Release build"
cmake -S . -B build-release -G Ninja -DCMAKE_BUILD_TYPE=Release -DHALITE_OPPONENTS=ON
cmake --build build-release -j "$jobs"
phase "Release tests"
(cd build-release && ctest --output-on-failure -j "$jobs")

# A sanitizer tree configured by an older script with GCC starts afresh (CMake
# keeps a tree's first compiler).
if [ -f build-asan/CMakeCache.txt ] && ! grep -q '^CMAKE_CXX_COMPILER:.*clang++' build-asan/CMakeCache.txt; then
  rm -rf build-asan
fi
# The framework core alone, without the models of named bots
# (HALITE_OPPONENTS=OFF): every test but theirs must pass, so nothing in the
# core leans on them.
phase "sanitizer build"
CXX=clang++ cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-g1 -O1" \
      -DHALITE_SANITIZE=ON -DHALITE_BUILD_BENCH=OFF -DHALITE_OPPONENTS=OFF
cmake --build build-asan -j "$jobs"
phase "sanitizer tests"
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j "$jobs")

# The fuzz targets (clang, libFuzzer with ASan + UBSan), each run briefly from
# its seed corpus: a crash fails the suite. docs/fuzzing.md runs them for hours.
# No input path reaches the models of named bots: they are left out.
phase "fuzz build"
CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=Release -DHALITE_FUZZ=ON \
      -DHALITE_BUILD_TESTS=OFF -DHALITE_BUILD_BENCH=OFF -DHALITE_OPPONENTS=OFF
cmake --build build-fuzz -j "$jobs" --target halite_fuzz_replay halite_fuzz_configuration halite_fuzz_observation \
      halite_fuzz_actions halite_fuzz_bot_lines halite_fuzz_halite3_replay
phase "fuzzers"
rm -rf build-fuzz/run
bash fuzz/run.sh build-fuzz build-fuzz/run "${HALITE_FUZZ_SECONDS:-5}"
phase "done"
