#!/usr/bin/env python3
"""Where a bot's games are won and lost: means over Kaggle Halite replays.

    python3 scripts/replay_stats.py [--agent NAME] [--checkpoints 50,100,...]
                                    [--window 100] [--box-radius 5] [--json] REPLAY...

For each player (by name), averaged over the replays it plays in:
- at each checkpoint step: its ships, yards, bank, the cargo its ships
  carry, and how many ships it has had so far (the first one included);
  its zone (the cells whose nearest yard is its own, and no other
  player's as near): how many cells, the halite on them, and how many
  hold at least 150 (a rich cell);
- in each window of steps: the halite it deposited (how many deposits and
  their mean size) and the ships it lost (gone without converting);
- in each window, what its ships did with their turns: ship-turns, the
  share spent mining (staying put and gaining cargo, with no other ship
  arriving there) and the halite a mining turn gained, the share spent
  moving with cargo aboard (exposed to any lighter enemy), the share
  of the halite mined on cells whose nearest yard is its own (its zone;
  a cell as near to another player's yard is not), and its mining visits
  (turns in a row a ship mined one cell; a visit counts in the window of
  its last turn): how many, and the share that lasted one turn.
With --box-radius R, also per window: its ship-turns with cargo off its
yards, the share of them boxed in (in each of the four directions, a cone
no wider to the side than it reaches ahead, a lighter ship of another
player within R moves and nearer than any yard of its own that way: the
hunters' surround, search/fleet.h's box map), and of its ships lost with
cargo, how many were boxed in on the turn they were caught.
With --agent, also the collisions its ships took part in, per window: who
arrived on the cell (each ship as its player's name and 0 for an empty
ship, + for one with cargo) and whose ship survived (the agent's, another
player's, none). An empty ship of ours that meets an empty enemy ship is
the row "NAME0 + ours0: none survive".

Replays are Kaggle's JSON (as `halite play` and the env write them, or
gzipped). Names come from the file name when it holds them the way
../shared/tools/kaggle-arena's --replay-dir writes it
(`4p__ours,zeta,mz,zf__seed1000.json`), else from the replay's
info.TeamNames, else p0, p1, ... A move's destination follows the rules'
convention (NORTH is one row up, on a torus). Exits with 2 and a message
naming the file and the problem when a replay cannot be read.
"""
import argparse
import collections
import gzip
import json
import os
import re
import sys

MOVES = {"NORTH": (-1, 0), "SOUTH": (1, 0), "EAST": (0, 1), "WEST": (0, -1)}


class ReplayError(Exception):
    pass


def load(path):
    try:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt") as f:
            replay = json.load(f)
    except (OSError, ValueError, EOFError) as e:
        raise ReplayError(f"{path}: cannot read: {e}")
    if not isinstance(replay, dict) or not isinstance(replay.get("steps"), list) or not replay["steps"]:
        raise ReplayError(f"{path}: not a replay (no list of steps)")
    try:
        size = int(replay["configuration"]["size"])
        players = len(replay["steps"][0][0]["observation"]["players"])
    except (KeyError, IndexError, TypeError, ValueError):
        raise ReplayError(f"{path}: not a Halite replay (no configuration.size or players in step 0)")
    match = re.search(r"__([^/]+?)__", os.path.basename(path))
    names = match.group(1).split(",") if match else None
    if not names or len(names) != players:
        team = (replay.get("info") or {}).get("TeamNames")
        names = team if isinstance(team, list) and len(team) == players else [f"p{i}" for i in range(players)]
    return replay, size, names


def destination(cell, action, size):
    dr, dc = MOVES.get(action, (0, 0))
    return ((cell // size + dr) % size) * size + (cell % size + dc) % size


def torus_offset(a, b, size):
    """The offset (rows, columns) of cell b from cell a, each in [-(size - 1) // 2, size // 2]."""
    def axis(d):
        d %= size
        return d - size if d > size // 2 else d
    return axis(b // size - a // size), axis(b % size - a % size)


def torus_distance(a, b, size):
    dr, dc = torus_offset(a, b, size)
    return abs(dr) + abs(dc)


def box_cones(dr, dc):
    """Bit k set: offset (dr, dc) lies in direction k's cone (rows before, after, columns before, after)."""
    return ((dr < 0 and abs(dc) <= -dr) | (dr > 0 and abs(dc) <= dr) << 1 |
            (dc < 0 and abs(dr) <= -dc) << 2 | (dc > 0 and abs(dr) <= dc) << 3)


def boxed_in(cell, cargo, own_yards, others, size, radius):
    """Whether a ship carrying `cargo` on `cell` is boxed in by `others` (cell, cargo) ships."""
    escape = [radius + 1] * 4
    for y in own_yards:
        dr, dc = torus_offset(cell, y, size)
        cones = box_cones(dr, dc)
        for k in range(4):
            if cones >> k & 1:
                escape[k] = min(escape[k], abs(dr) + abs(dc))
    covered = 0
    for other, other_cargo in others:
        if other_cargo >= cargo:
            continue
        dr, dc = torus_offset(cell, other, size)
        dist = abs(dr) + abs(dc)
        if dist > radius:
            continue
        cones = box_cones(dr, dc)
        for k in range(4):
            if cones >> k & 1 and dist < escape[k]:
                covered |= 1 << k
    return covered == 15


# A cell worth a trip in the late game: the public bots' late mining turns
# take about a quarter of 200-225 (measured on their Kaggle-env replays, 25 Nov 2026).
RICH_CELL = 150


def zone_owner(cell, yards, size):
    """The player whose yards alone are nearest to `cell` (the cell is in its zone), or -1 (no yard, or a tie);
    `yards` lists (cell, player)."""
    if not yards:
        return -1
    by_distance = [(torus_distance(cell, y, size), q) for y, q in yards]
    nearest = min(d for d, _ in by_distance)
    players_there = {q for d, q in by_distance if d == nearest}
    return players_there.pop() if len(players_there) == 1 else -1


def zones(players, size):
    """zone_owner of every cell."""
    yards = [(cell, p) for p, (_, own, _) in enumerate(players) for cell in own.values()]
    return [zone_owner(cell, yards, size) for cell in range(size * size)]


def stats(paths, agent, checkpoints, window, box_radius=0):
    games = collections.Counter()  # name -> replays it plays in
    at = collections.defaultdict(float)  # (name, what, step) -> sum
    per_window = collections.defaultdict(float)  # (name, what, window start) -> sum
    collisions = collections.Counter()  # (window start, arrived, survivors) -> count
    agent_games = 0
    last = 0
    for path in paths:
        replay, size, names = load(path)
        steps = replay["steps"]
        last = max(last, len(steps))
        for name in names:
            games[name] += 1
        us = names.index(agent) if agent in names else -1
        agent_games += us >= 0
        seen = [set() for _ in names]
        visits = {}  # (player, ship id) -> (turns mined in a row so far, window of the last)

        def close_visit(key):
            turns, w = visits.pop(key)
            per_window[(names[key[0]], "visits", w)] += 1
            per_window[(names[key[0]], "one-turn visits", w)] += turns == 1

        for t, step in enumerate(steps):
            try:
                players = step[0]["observation"]["players"]
                if t in checkpoints:
                    zone_of = zones(players, size)
                    halite = step[0]["observation"]["halite"]
                    for cell, p in enumerate(zone_of):
                        if p >= 0:
                            at[(names[p], "zone cells", t)] += 1
                            at[(names[p], "zone halite", t)] += halite[cell]
                            at[(names[p], "zone rich", t)] += halite[cell] >= RICH_CELL
                for p, (bank, yards, ships) in enumerate(players):
                    seen[p].update(ships)
                    if t in checkpoints:
                        name = names[p]
                        at[(name, "ships", t)] += len(ships)
                        at[(name, "yards", t)] += len(yards)
                        at[(name, "bank", t)] += bank
                        at[(name, "cargo", t)] += sum(cargo for _, cargo in ships.values())
                        at[(name, "ships so far", t)] += len(seen[p])
                if t + 1 >= len(steps):
                    continue
                following = steps[t + 1][0]["observation"]["players"]
                w = t // window * window
                arrivals = collections.defaultdict(list)  # cell -> [(player, cargo, survived)]
                stays = []  # (player, ship id, cell, cargo gained) of ships that stayed and gained cargo
                for p, (_, _, ships) in enumerate(players):
                    actions = steps[t + 1][p].get("action") or {}
                    own_yards = set(following[p][1].values())
                    if box_radius > 0:
                        yards_now = set(players[p][1].values())
                        others = [(c, x) for q, (_, _, other) in enumerate(players) if q != p for c, x in other.values()]
                    for sid, (cell, cargo) in ships.items():
                        action = actions.get(sid) if isinstance(actions, dict) else None
                        if action == "CONVERT":
                            continue
                        after = following[p][2].get(sid)
                        if box_radius > 0 and cargo > 0 and cell not in yards_now:
                            boxed = boxed_in(cell, cargo, yards_now, others, size, box_radius)
                            per_window[(names[p], "loaded turns", w)] += 1
                            per_window[(names[p], "boxed turns", w)] += boxed
                            if after is None:
                                per_window[(names[p], "lost loaded", w)] += 1
                                per_window[(names[p], "lost boxed", w)] += boxed
                        if after is None:
                            per_window[(names[p], "lost", w)] += 1
                        elif cargo > 0 and after[1] == 0 and after[0] in own_yards:
                            per_window[(names[p], "deposited", w)] += cargo
                            per_window[(names[p], "deposits", w)] += 1
                        arrivals[destination(cell, action, size)].append((p, cargo, after is not None))
                        per_window[(names[p], "ship turns", w)] += 1
                        if action is None and after is not None and after[1] > cargo:
                            stays.append((p, sid, cell, after[1] - cargo))
                        elif action is not None and cargo > 0:
                            per_window[(names[p], "loaded moves", w)] += 1
                yards = [(cell, p) for p, (_, own, _) in enumerate(players) for cell in own.values()]
                mined = set()
                for p, sid, cell, gained in stays:
                    if len(arrivals[cell]) > 1:
                        continue  # cargo won in a collision, not mined
                    mined.add((p, sid))
                    visits[(p, sid)] = (visits.get((p, sid), (0, w))[0] + 1, w)
                    per_window[(names[p], "mining turns", w)] += 1
                    per_window[(names[p], "mined", w)] += gained
                    if zone_owner(cell, yards, size) == p:
                        per_window[(names[p], "mined in own zone", w)] += gained
                for key in [key for key in visits if key not in mined]:
                    close_visit(key)
                if us >= 0:
                    for arrived in arrivals.values():
                        if len(arrived) < 2 or all(p != us for p, _, _ in arrived):
                            continue
                        who = " + ".join(sorted(names[p] + ("0" if cargo == 0 else "+") for p, cargo, _ in arrived))
                        alive = [p for p, _, survived in arrived if survived]
                        if not alive:
                            outcome = "none survive"
                        elif us in alive:
                            outcome = f"{agent} survives"
                        else:
                            outcome = f"{names[alive[0]]} survives"
                        collisions[(w, who, outcome)] += 1
            except (KeyError, IndexError, TypeError, ValueError) as e:
                raise ReplayError(f"{path}: step {t}: malformed ({type(e).__name__}: {e})")
        for key in list(visits):
            close_visit(key)
    windows = list(range(0, max(last - 1, 1), window))
    result = {"replays": len(paths), "checkpoints": checkpoints, "window": window, "box_radius": box_radius,
              "players": {}}
    for name in sorted(games):
        n = games[name]
        result["players"][name] = {
            "games": n,
            "at": {what: [round(at[(name, what, t)] / n, 2) for t in checkpoints]
                   for what in ("ships", "yards", "bank", "cargo", "ships so far", "zone cells", "zone halite",
                                "zone rich")},
            "windows": [{"from": w, "deposited": round(per_window[(name, "deposited", w)] / n, 1),
                         "deposits": round(per_window[(name, "deposits", w)] / n, 2),
                         "lost": round(per_window[(name, "lost", w)] / n, 2),
                         "ship turns": round(per_window[(name, "ship turns", w)] / n, 1),
                         "mining turns": round(per_window[(name, "mining turns", w)] / n, 1),
                         "mined": round(per_window[(name, "mined", w)] / n, 1),
                         "mined in own zone": round(per_window[(name, "mined in own zone", w)] / n, 1),
                         "loaded moves": round(per_window[(name, "loaded moves", w)] / n, 1),
                         "visits": round(per_window[(name, "visits", w)] / n, 1),
                         "one-turn visits": round(per_window[(name, "one-turn visits", w)] / n, 1),
                         **({"loaded turns": round(per_window[(name, "loaded turns", w)] / n, 1),
                             "boxed turns": round(per_window[(name, "boxed turns", w)] / n, 1),
                             "lost loaded": round(per_window[(name, "lost loaded", w)] / n, 2),
                             "lost boxed": round(per_window[(name, "lost boxed", w)] / n, 2)} if box_radius > 0 else {})}
                        for w in windows],
        }
    if agent is not None:
        result["agent"] = agent
        result["agent_games"] = agent_games
        result["collisions"] = [{"from": w, "arrived": who, "outcome": outcome,
                                 "per_game": round(count / max(agent_games, 1), 2)}
                                for (w, who, outcome), count in sorted(collisions.items(),
                                                                      key=lambda kv: (kv[0][0], -kv[1]))]
    return result


def print_text(r):
    print(f"{r['replays']} replays; means per game")
    cps = r["checkpoints"]
    for name, s in r["players"].items():
        print(f"\n{name} ({s['games']} games)")
        print("  step        " + "".join(f"{t:>9}" for t in cps))
        for what, values in s["at"].items():
            print(f"  {what:<12}" + "".join(f"{v:>9.1f}" for v in values))
        print(f"  {'steps':<12}{'deposited':>10}{'deposits':>10}{'mean':>7}{'lost':>7}"
              f"{'ship-turns':>12}{'mining':>8}{'a turn':>8}{'loaded':>8}{'own zone':>10}{'visits':>8}{'1 turn':>8}")
        for w in s["windows"]:
            mean = w["deposited"] / w["deposits"] if w["deposits"] else 0
            turns = w["ship turns"] or 1
            per_turn = w["mined"] / w["mining turns"] if w["mining turns"] else 0
            own = w["mined in own zone"] / w["mined"] if w["mined"] else 0
            span = f"{w['from']}-{w['from'] + r['window'] - 1}"
            print(f"  {span:<12}{w['deposited']:>10.0f}{w['deposits']:>10.1f}{mean:>7.0f}{w['lost']:>7.1f}"
                  f"{w['ship turns']:>12.0f}{w['mining turns'] / turns:>8.2f}{per_turn:>8.1f}"
                  f"{w['loaded moves'] / turns:>8.2f}{own:>10.2f}{w['visits']:>8.0f}"
                  f"{w['one-turn visits'] / w['visits'] if w['visits'] else 0:>8.2f}")
        if r["box_radius"] > 0:
            print(f"  {'steps':<12}{'loaded turns':>14}{'boxed':>8}{'lost with cargo':>17}{'boxed':>8}"
                  f"   (boxed in within {r['box_radius']} moves)")
            for w in s["windows"]:
                span = f"{w['from']}-{w['from'] + r['window'] - 1}"
                share = w["boxed turns"] / w["loaded turns"] if w["loaded turns"] else 0
                print(f"  {span:<12}{w['loaded turns']:>14.0f}{share:>8.3f}{w['lost loaded']:>17.2f}{w['lost boxed']:>8.2f}")
    if "collisions" in r:
        print(f"\ncollisions of {r['agent']}'s ships ({r['agent_games']} games), per game")
        for c in r["collisions"]:
            span = f"{c['from']}-{c['from'] + r['window'] - 1}"
            print(f"  {span:<10}{c['per_game']:>6.2f}  {c['arrived']}: {c['outcome']}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("replays", nargs="+")
    ap.add_argument("--agent", help="the player whose collisions to list (a name as the replays give it)")
    ap.add_argument("--checkpoints", default="50,100,150,200,250,300,350,399",
                    help="comma-separated steps (default: %(default)s)")
    ap.add_argument("--window", type=int, default=100, help="steps per window (default: %(default)s)")
    ap.add_argument("--box-radius", type=int, default=0,
                    help="also count ship-turns with cargo boxed in within this many moves (0, the default: off)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args()
    try:
        checkpoints = [int(x) for x in args.checkpoints.split(",") if x.strip()]
    except ValueError:
        print(f"replay_stats: --checkpoints must be whole numbers, got {args.checkpoints!r}", file=sys.stderr)
        return 2
    if args.window < 1:
        print(f"replay_stats: --window must be at least 1, got {args.window}", file=sys.stderr)
        return 2
    if args.box_radius < 0:
        print(f"replay_stats: --box-radius must be at least 0, got {args.box_radius}", file=sys.stderr)
        return 2
    try:
        result = stats(args.replays, args.agent, checkpoints, args.window, args.box_radius)
    except ReplayError as e:
        print(f"replay_stats: {e}", file=sys.stderr)
        return 2
    if args.agent is not None and result["agent_games"] == 0:
        print(f"replay_stats: no replay has a player named {args.agent!r}", file=sys.stderr)
        return 2
    if args.json:
        json.dump(result, sys.stdout, indent=1)
        print()
    else:
        print_text(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
