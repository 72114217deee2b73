#!/usr/bin/env python3
"""Seeded games of halite3_bot in Halite III's official engine, against the
official Python starter bot, against itself, or against teccles' bot, the
winner of Halite III (scripts/halite3/opponent.sh builds it; docs/halite3.md).

  match.py [--games N] [--players 2,4] [--sizes 32,40,48,56,64] [--opponent starter|self|teccles]
           [--first-seed S] [--jobs J] [--engine PATH] [--bot PATH] [--starter PATH]
           [--teccles DIR] [--bot-args ARGS] [--keep DIR] [--no-timeout] [--per-game]

For every player count, N games with seeds S, S+1, ...; game i is played on
the map size sizes[i % len(sizes)], and halite3_bot sits in seat i % players
(the others are the opponent). Prints, per player count and size, the games
halite3_bot won (rank 1; against itself: seat 0's wins) with a 95% Wilson
interval, its mean score and the best opponent's, every collision of its
own ships the engine logged (expected only on own depots in the last
turns), and every bot error: a seat the engine terminated (crash, timeout,
bad command) with the first lines of its error log; the opponent's
terminations are listed apart (a game it lost that way is no measure of
strength). --per-game prints each game too. Exit status 1 when halite3_bot
erred, 2 on a usage error or a failed engine run.

--keep DIR keeps each game's replay and logs in DIR/SIZE-Pp-seedS/.
"""

import argparse
import concurrent.futures
import json
import math
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def wilson(wins, n, z=1.96):
    """The 95% Wilson score interval of wins out of n, as percentages."""
    if n == 0:
        return 0.0, 100.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return 100 * max(0.0, centre - half), 100 * min(1.0, centre + half)


def play(args, players, size, seed, seat):
    """One game: (our ranks and scores per seat, opponents' scores, errors)."""
    ours = shlex.join([args.bot] + shlex.split(args.bot_args))
    theirs = {"self": ours, "starter": shlex.join(["python3", args.starter]),
              "teccles": shlex.join(["java", "-cp", os.path.join(args.teccles, "classes"), "MyBot"])}[args.opponent]
    seats = [ours if p == seat or args.opponent == "self" else theirs for p in range(players)]
    work = tempfile.mkdtemp(prefix="h3match-")
    command = [args.engine, "--seed", str(seed), "--width", str(size), "--height", str(size),
               "--replay-directory", work, "--results-as-json"]
    if args.no_timeout:
        command.append("--no-timeout")
    run = subprocess.run(command + seats, cwd=work, capture_output=True, text=True)
    name = f"{size}-{players}p-seed{seed}"
    try:
        result = json.loads(run.stdout)
    except json.JSONDecodeError:
        shutil.rmtree(work, ignore_errors=True)
        raise RuntimeError(f"{name}: the engine failed (status {run.returncode}): {run.stderr.strip()[-500:]}")
    errors, collisions, their_errors = [], [], []
    for p in range(players):
        log = result.get("error_logs", {}).get(str(p))
        text = ""
        if log and os.path.exists(log):
            with open(log, errors="replace") as f:
                text = f.read()
        terminated = result.get("terminated", {}).get(str(p), False)
        if p != seat and args.opponent != "self":
            if terminated:
                their_errors.append(f"{name} seat {p}: terminated: " + " | ".join(text.strip().splitlines()[:3]))
            continue
        if terminated:
            errors.append(f"{name} seat {p}: terminated: " + " | ".join(text.strip().splitlines()[:6]))
        # The engine logs own ships colliding as a warning: expected on own
        # depots in the final rush, a fault anywhere else.
        turn = None
        for line in text.splitlines():
            if line.startswith("Turn "):
                turn = int(line.split()[1])
            elif "collided" in line and "owned entities" in line:
                collisions.append((name, p, turn, line.split(" on cell ")[1].split(" as ")[0]))
    stats = result["stats"]
    game = {
        "name": name, "players": players, "size": size, "seat": seat,
        "rank": stats[str(seat)]["rank"], "score": stats[str(seat)]["score"],
        "best_other": max(stats[str(p)]["score"] for p in range(players) if p != seat),
        "errors": errors, "collisions": collisions, "their_errors": their_errors,
    }
    if args.keep:
        dest = os.path.join(args.keep, name)
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(work, dest)
    shutil.rmtree(work, ignore_errors=True)
    return game


def report(label, games):
    n = len(games)
    wins = sum(1 for g in games if g["rank"] == 1)
    low, high = wilson(wins, n)
    mean = sum(g["score"] for g in games) / max(1, n)
    other = sum(g["best_other"] for g in games) / max(1, n)
    print(f"{label:<16} won {wins:>3} of {n:<3} {100 * wins / max(1, n):5.1f}% [{low:5.1f}, {high:5.1f}]"
          f"  mean score {mean:8.0f}  best opponent {other:8.0f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games per player count")
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--sizes", default="32,40,48,56,64")
    parser.add_argument("--opponent", choices=["starter", "self", "teccles"], default="starter")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--engine", default="/tmp/h3ref/build/halite")
    parser.add_argument("--bot", default=os.path.join(ROOT, "build", "bot3", "halite3_bot"))
    parser.add_argument("--starter", default="/tmp/h3starter/MyBot.py")
    parser.add_argument("--teccles", default="/tmp/h3opp/teccles", help="where opponent.sh built teccles' bot")
    parser.add_argument("--bot-args", default="", help="extra arguments of halite3_bot, e.g. '--set return_fraction=0.8'")
    parser.add_argument("--keep", help="keep each game's replay and logs under this folder")
    parser.add_argument("--no-timeout", action="store_true", help="the engine's --no-timeout")
    parser.add_argument("--per-game", action="store_true", help="also print each game's seat, rank and scores")
    args = parser.parse_args()
    try:
        players_list = [int(p) for p in args.players.split(",")]
        sizes = [int(s) for s in args.sizes.split(",")]
    except ValueError:
        parser.error("--players and --sizes take comma-separated integers")
    if args.games < 1 or any(p < 2 or p > 4 for p in players_list) or any(s < 16 or s > 64 for s in sizes):
        parser.error("--games at least 1, players 2 to 4, sizes 16 to 64")
    for path, what in ((args.engine, "--engine"), (args.bot, "--bot")):
        if not os.access(path, os.X_OK):
            parser.error(f"{what} {path} is not an executable (build it: docs/halite3.md)")
    if args.opponent == "starter" and not os.path.exists(args.starter):
        parser.error(f"--starter {args.starter} not found (extract starter_kits/Python3 there: docs/halite3.md)")
    if args.opponent == "teccles" and not os.path.exists(os.path.join(args.teccles, "classes", "MyBot.class")):
        parser.error(f"--teccles {args.teccles} has no classes/MyBot.class (build it: scripts/halite3/opponent.sh)")
    args.bot = os.path.abspath(args.bot)
    args.teccles = os.path.abspath(args.teccles)
    args.starter = os.path.abspath(args.starter)
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    jobs = []
    for players in players_list:
        for i in range(args.games):
            jobs.append((players, sizes[i % len(sizes)], args.first_seed + i, i % players))
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            games = list(pool.map(lambda job: play(args, *job), jobs))
    except RuntimeError as e:
        print(f"match.py: {e}", file=sys.stderr)
        return 2
    against = {"self": "itself (the wins of the seat i % players)", "starter": "the starter bot",
               "teccles": "teccles' bot"}[args.opponent]
    print(f"halite3_bot {args.bot_args} against {against}, seeds {args.first_seed}..{args.first_seed + args.games - 1}")
    for players in players_list:
        group = [g for g in games if g["players"] == players]
        for size in sizes:
            report(f"{players}p {size}x{size}", [g for g in group if g["size"] == size])
        report(f"{players}p all", group)
    if args.per_game:
        for g in games:
            print(f"  {g['name']:<16} seat {g['seat']} rank {g['rank']} score {g['score']:>7}"
                  f"  best opponent {g['best_other']:>7}")
    collisions = [c for g in games for c in g["collisions"]]
    print(f"own-ship collisions (game, seat, turn, cell): {len(collisions)}")
    for c in collisions:
        print(f"  {c[0]} seat {c[1]} turn {c[2]} {c[3]}")
    errors = [e for g in games for e in g["errors"]]
    print(f"bot errors: {len(errors)}")
    for e in errors:
        print("  " + e)
    their_errors = [e for g in games for e in g["their_errors"]]
    print(f"opponent errors: {len(their_errors)}")
    for e in their_errors:
        print("  " + e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
