#!/usr/bin/env python3
"""The official Halite III engine's own CPU time a turn, on a seeded game.

    python3 scripts/halite3/engine_speed.py --engine /tmp/h3ref/build/halite --bot build/bot3/halite3_bot \\
        [--seed 7] [--size 64] [--players 4] [--turn-limit 300] [--runs 3]

Plays the game with the official engine (no replay, no logs, no time limit)
and every seat the given bot, and reads the engine process's own user and
system time from /proc while it runs (its bots are other processes, whose
time is theirs): that over the turns is what one of its turns costs, the
commands' parsing and validation, the turn's resolution and the frames sent
to the bots included. With the bot and settings that made
testdata/halite3/64-4p-seed7-greedy.hlt (seed 7, 64x64, 4 halite3_bot seats,
--turn-limit 300), it is the same game as `halite_bench_halite3` replays, so
the two figures compare turn for turn (docs/halite3.md).
"""
import argparse
import json
import os
import subprocess
import sys
import time

# How often /proc is read while the engine runs: its last reading before the
# process ends is what counts, so the figure is short by at most this much.
POLL_SECONDS = 0.002


def engine_cpu_seconds(pid):
    """The process's own user + system time (not its children's), from /proc/PID/stat."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # After the ")" of the command name: field 3 (state) is fields[0], so
    # utime (14) and stime (15) are fields[11] and fields[12].
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_once(args):
    command = [args.engine, "--seed", str(args.seed), "--width", str(args.size), "--height", str(args.size),
               "--turn-limit", str(args.turn_limit), "--no-replay", "--no-logs", "--no-timeout",
               "--results-as-json"] + [args.bot] * args.players
    start = time.monotonic()
    engine = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    cpu = 0.0
    while engine.poll() is None:
        try:
            cpu = engine_cpu_seconds(engine.pid)
        except (OSError, IndexError, ValueError):
            pass  # gone between poll() and the read: the last reading stands
        time.sleep(POLL_SECONDS)
    out = engine.stdout.read()
    wall = time.monotonic() - start
    if engine.returncode != 0:
        sys.exit(f"engine_speed.py: the engine exited with {engine.returncode}")
    try:
        result = json.loads(out)
    except json.JSONDecodeError:
        sys.exit(f"engine_speed.py: the engine's --results-as-json output is not JSON: {out[:200]!r}")
    if any(result.get("terminated", {}).values()):
        sys.exit(f"engine_speed.py: a seat was terminated: {result['terminated']}")
    return cpu, wall


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine", required=True, help="the official engine's executable (scripts/halite3/reference.sh)")
    parser.add_argument("--bot", required=True, help="the bot every seat runs (e.g. build/bot3/halite3_bot)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--size", type=int, default=64, choices=(32, 40, 48, 56, 64))
    parser.add_argument("--players", type=int, default=4, choices=(2, 4))
    parser.add_argument("--turn-limit", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3, help="games played; the least CPU time counts")
    args = parser.parse_args()
    for path in (args.engine, args.bot):
        if not os.access(path, os.X_OK):
            sys.exit(f"engine_speed.py: {path} is not an executable")
    runs = [run_once(args) for _ in range(args.runs)]
    for i, (cpu, wall) in enumerate(runs):
        print(f"run {i + 1}: engine CPU {cpu:.3f} s over {args.turn_limit} turns, "
              f"{cpu / args.turn_limit * 1e6:.0f} us a turn (game wall time {wall:.1f} s)")
    best = min(cpu for cpu, _ in runs)
    print(f"official engine, {args.size}x{args.size}, {args.players} players, seed {args.seed}: "
          f"{best / args.turn_limit * 1e6:.0f} us of CPU a turn (least of {args.runs})")


if __name__ == "__main__":
    main()
