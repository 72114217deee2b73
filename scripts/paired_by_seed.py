#!/usr/bin/env python3
"""Compare two runs of ../shared/tools/kaggle-arena seed by seed.

Kaggle's Halite env and the public 2020 bots are deterministic for a seed,
so two submissions played on the same seeds differ only by what the
submissions do: the difference of our final bank, game by game, carries no
noise from the opponents, and its mean and standard error say more than two
win rates side by side (docs/results.md). Games are paired by their seed and
seat order (the arena's "game_id").

    python3 scripts/paired_by_seed.py NEW.jsonl OLD.jsonl [--agent ours] [--games]

prints the number of pairs, the mean difference NEW - OLD of the agent's
final bank with its standard error, on how many games NEW did better; the
same for the agent's margin over the best other player (its bank minus the
highest other bank: what decides a game, and in 2-player games the better
measure, since a change that lets the opponent gain more than we do raises
our bank and loses by more); and each run's first places, win rate with its
95% Wilson interval and mean rank. In 4-player games it then prints the same
per seat arrangement, named by the opponent seated diagonally opposite the
agent (the reference starts players 0-3 in the board's four quadrants, so
player p faces 3 - p across the board and has the other two as neighbours;
a rotation of seats need not give every opponent that place, and the
neighbours decide much of a game, docs/results.md).
The records of the project's own `halite arena --out` pair the same way,
game by game (the arena's seed fixes each game's board and seats); there
the seats are named by their specs, so name the old run's seat with
--old-agent when it differs:

    python3 scripts/paired_by_seed.py new.jsonl old.jsonl --agent fleet@new.json --old-agent fleet@old.json

Exits with 2 and a message naming the problem when a file cannot be read,
has no game with the agent, or the two runs share no game.
"""
import argparse
import json
import math
import sys


def wilson(wins, n, z=1.96):
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))  # no -0.0 from the roundings at 0 or n wins


def load(path, agent, key_name=None):
    """game key -> (bank, rank, margin over the best other, the opponent diagonally opposite or None) of `agent`
    in each finished game of the run. The key names the agent's seat `key_name` (default: `agent`), so that
    two runs whose compared seats have different names share their keys."""
    key_name = key_name or agent
    games = {}
    try:
        with open(path) as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                    seats, rewards = record["seats"], record["rewards"]
                    named = ",".join(key_name if s == agent else s for s in seats)
                    if "game" in record and "board_seed" in record:  # halite arena --out
                        key = f'{len(seats)}p|{named}|game{record["game"]}|board{record["board_seed"]}'
                    else:
                        key = f'{record["format"]}|{named}|seed{record["seed"]}'
                except (ValueError, KeyError, TypeError) as e:
                    raise SystemExit(f"{path}:{number}: not a kaggle-arena or halite arena game record ({e})")
                if agent not in seats:
                    continue
                me = seats.index(agent)
                mine = rewards[me]
                if mine is None:  # our ERROR/TIMEOUT: no reward to compare
                    continue
                rank = 1 + sum(1 for r in rewards if r is not None and r > mine)
                others = [r for i, r in enumerate(rewards) if i != me and r is not None]
                opposite = seats[3 - me] if len(seats) == 4 else None
                games[key] = (float(mine), rank, float(mine - max(others)) if others else float(mine), opposite)
    except OSError as e:
        raise SystemExit(f"{path}: {e.strerror}")
    if not games:
        raise SystemExit(f"{path}: no finished game with agent {agent!r}")
    return games


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("new")
    parser.add_argument("old")
    parser.add_argument("--agent", default="ours", help="the seat name compared (default: ours)")
    parser.add_argument("--old-agent", help="its name in the old run, when that differs (default: --agent)")
    parser.add_argument("--games", action="store_true", help="also print every pair")
    args = parser.parse_args()
    try:
        new, old = load(args.new, args.agent), load(args.old, args.old_agent or args.agent, args.agent)
    except SystemExit as e:
        print(f"paired_by_seed: {e}", file=sys.stderr)
        return 2
    keys = sorted(set(new) & set(old))
    if not keys:
        print(f"paired_by_seed: {args.new} and {args.old} share no game", file=sys.stderr)
        return 2
    n = len(keys)

    def paired(field, subset):
        d = [new[k][field] - old[k][field] for k in subset]
        mean = sum(d) / len(d)
        if len(d) > 1:
            se = math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1) / len(d))
            spread = f" +- {se:.0f} (standard error)"
        else:
            spread = " (one game: no standard error)"
        return d, f"new - old: {mean:+.0f}{spread}; new better on {sum(x > 0 for x in d)} of {len(d)}"

    def firsts_and_rank(run, subset):
        return sum(run[k][1] == 1 for k in subset), sum(run[k][1] for k in subset) / len(subset)

    diffs, bank_line = paired(0, keys)
    margins, margin_line = paired(2, keys)
    print(f"{n} games paired: {args.agent}'s bank, {bank_line}")
    print(f"  its margin over the best other player, {margin_line}")
    for name, run in (("new", new), ("old", old)):
        firsts, rank = firsts_and_rank(run, keys)
        low, high = wilson(firsts, n)
        bank = sum(run[k][0] for k in keys) / n
        print(f"  {name}: first in {firsts} ({100 * firsts / n:.1f}% [{100 * low:.1f}, {100 * high:.1f}]), "
              f"mean rank {rank:.2f}, mean bank {bank:.0f}")
    for opposite in sorted({new[k][3] for k in keys if new[k][3] is not None}):
        subset = [k for k in keys if new[k][3] == opposite]
        _, line = paired(2, subset)
        (nf, nr), (of, orank) = firsts_and_rank(new, subset), firsts_and_rank(old, subset)
        print(f"  {opposite} opposite: {len(subset)} game{'s' if len(subset) > 1 else ''}; margin {line}; "
              f"new first in {nf}, mean rank {nr:.2f}; old first in {of}, mean rank {orank:.2f}")
    if args.games:
        for k, d, m in zip(keys, diffs, margins):
            print(f"  {k}: new {new[k][0]:.0f} (rank {new[k][1]}), old {old[k][0]:.0f} (rank {old[k][1]}), {d:+.0f}; "
                  f"margin {new[k][2]:+.0f} against {old[k][2]:+.0f}, {m:+.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
