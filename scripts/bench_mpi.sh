#!/usr/bin/env bash
# Scaling of `halite arena` under MPI on this machine: the same fixed arena
# played by one process with one thread, by `mpirun -np 1` and by
# `mpirun -np 2` (one thread each), interleaved so that the three share the
# machine's load; prints every wall time, the medians, the ratios and the
# load average, and checks that the three wrote the same games.
#
#   bash scripts/bench_mpi.sh [BUILD_DIR (build)] [REPEATS (3)]
#
# The target of docs/cluster.md: 2 ranks x 1 job <= 0.55x the time of 1 x 1.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
repeats=${2:-3}
halite=$build/tools/halite
# Open MPI's mpirun refuses root without these; harmless for a user.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
arena=(arena --players 'fleet;greedy' --games 32 --size 21 --episode-steps 400 --iterations 30 --seed 1
       --jobs 1 --no-progress)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Wall time of a command in milliseconds; its JSONL goes to $work/$1.jsonl.
run_ms() {
  local name=$1
  shift
  local t0 t1
  t0=$(date +%s%N)
  "$@" "${arena[@]}" --out "$work/$name.jsonl" > /dev/null
  t1=$(date +%s%N)
  echo $(((t1 - t0) / 1000000))
}

median() { printf '%s\n' "$@" | sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "arena: ${arena[*]}"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
single=() one_rank=() two_ranks=()
for ((r = 1; r <= repeats; ++r)); do
  single+=("$(run_ms single "$halite")")
  one_rank+=("$(run_ms one-rank mpirun -np 1 "$halite")")
  two_ranks+=("$(run_ms two-ranks mpirun -np 2 "$halite")")
  echo "repeat $r: 1 process ${single[-1]} ms, mpirun -np 1 ${one_rank[-1]} ms, mpirun -np 2 ${two_ranks[-1]} ms" \
       "(load $(cut -d' ' -f1 /proc/loadavg))"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
for name in one-rank two-ranks; do
  cmp -s <(sort "$work/single.jsonl") <(sort "$work/$name.jsonl") || { echo "FAILED: $name wrote other games"; exit 1; }
done
s=$(median "${single[@]}") o=$(median "${one_rank[@]}") t=$(median "${two_ranks[@]}")
awk -v s="$s" -v o="$o" -v t="$t" 'BEGIN {
  printf "median: 1 process %d ms, mpirun -np 1 %d ms, mpirun -np 2 %d ms\n", s, o, t
  printf "2 ranks x 1 job / 1 process x 1 job = %.3f   (/ mpirun -np 1: %.3f)\n", t / s, t / o }'
echo "the three runs wrote the same games"
