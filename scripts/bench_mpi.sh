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
# On a machine loaded by others the wall times measure the share of the cores
# each run gets (two processes get more than one), not the cost of MPI: the
# CPU time ratio shows that, and the load average says how loaded it was.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
repeats=${2:-3}
halite=$build/tools/halite
# Open MPI's mpirun refuses root without these; harmless for a user.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# About 26 s of one core here: MPI's start and end (about half a second of
# wall time, a tenth of CPU) weigh little, and 200 short games leave little
# for the last game to hold back.
arena=(arena --players 'fleet;greedy' --games 200 --size 21 --episode-steps 400 --iterations 30 --seed 1
       --jobs 1 --no-progress)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Wall and CPU (user + system, every process) seconds of a command, as "wall cpu";
# its JSONL goes to $work/$1.jsonl.
run_times() {
  local name=$1
  shift
  local TIMEFORMAT='%R %U %S'
  { time "$@" "${arena[@]}" --out "$work/$name.jsonl" > /dev/null 2>&1; } 2> "$work/time"
  awk '{printf "%.2f %.2f\n", $1, $2 + $3}' "$work/time"
}

median() { printf '%s\n' "$@" | sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "arena: ${arena[*]}"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
single=() one_rank=() two_ranks=() cpu_single=() cpu_two=()
for ((r = 1; r <= repeats; ++r)); do
  read -r w1 c1 < <(run_times single "$halite")
  read -r wo co < <(run_times one-rank mpirun -np 1 "$halite")
  read -r w2 c2 < <(run_times two-ranks mpirun -np 2 "$halite")
  single+=("$w1") one_rank+=("$wo") two_ranks+=("$w2") cpu_single+=("$c1") cpu_two+=("$c2")
  echo "repeat $r: wall (cpu) 1 process ${w1} s (${c1}), mpirun -np 1 ${wo} s (${co}), mpirun -np 2 ${w2} s (${c2})" \
       "(load $(cut -d' ' -f1 /proc/loadavg))"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
# The games without their turn times ("turn_ms", a record's last key: the
# arena writes keys sorted), which no two runs share.
games_of() { sed 's/,"turn_ms":.*}$/}/' "$1" | sort; }
for name in one-rank two-ranks; do
  cmp -s <(games_of "$work/single.jsonl") <(games_of "$work/$name.jsonl") || { echo "FAILED: $name wrote other games"; exit 1; }
done
s=$(median "${single[@]}") o=$(median "${one_rank[@]}") t=$(median "${two_ranks[@]}")
cs=$(median "${cpu_single[@]}") ct=$(median "${cpu_two[@]}")
awk -v s="$s" -v o="$o" -v t="$t" -v cs="$cs" -v ct="$ct" 'BEGIN {
  printf "median wall: 1 process %.2f s, mpirun -np 1 %.2f s, mpirun -np 2 %.2f s\n", s, o, t
  printf "2 ranks x 1 job / 1 process x 1 job = %.3f   (/ mpirun -np 1: %.3f)\n", t / s, t / o
  printf "CPU time, 2 ranks / 1 process = %.3f (the work MPI adds)\n", ct / cs }'
echo "the three runs wrote the same games"
