#!/usr/bin/python3
"""The figures of one Kaggle Halite game for one player, read off its replay:
what scripts/kaggle_pool.py reports per game (its `summary` and `stats`).

replay_stats(replay) gives, per player, the fleet and the bank at fixed
steps, the ships lost and why, the yards lost (and how many of them late in
the game or while a defender was affordable), and the halite brought home.
Reading the file and the board's geometry are scripts/replay_stats.py's.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replay_stats as replay_reader  # noqa: E402  (scripts/replay_stats.py: reading a replay file)

CHECKPOINTS = (100, 200, 300)
LATE_STEP = 250
BAD_STATUSES = ("ERROR", "TIMEOUT", "INVALID")


def replay_stats(replay, checkpoints=CHECKPOINTS, late_step=LATE_STEP):
    """Per player: ships, yards, bank and cargo (the ships' halite) at each checkpoint step and at the
    last step, ships lost (gone without a CONVERT order), yards lost, yards lost after `late_step`
    (gone at a later step), yards lost while a defender was affordable (the bank held spawnCost and
    the yard was given no SPAWN: a fresh ship on it would have traded with the attacker), ship-turns
    (the fleet's size summed over the steps) and halite banked (the bank's growth plus what was spent
    on ships and yards: what the fleet brought home), the ships lost by cause (lost_cause()), and of
    the ships caught, the cargo they held (summed) and how many were cornered (cornered()). A
    player whose status turns ERROR/TIMEOUT/INVALID (the env empties it) loses nothing by that."""
    steps = replay["steps"]
    n = len(steps[0][0]["observation"]["players"])
    configuration = replay.get("configuration") or {}
    spawn_cost = configuration.get("spawnCost", 500)
    convert_cost = configuration.get("convertCost", 500)
    out = []
    for p in range(n):
        out.append({"ships_at": {}, "yards_at": {}, "bank_at": {}, "cargo_at": {}, "ships_lost": 0, "yards_lost": 0,
                    "yards_lost_late": 0, "yards_lost_affordable": 0, "ships_built": 0, "ship_turns": 0,
                    "banked": 0, "lost_by": dict.fromkeys(LOSS_CAUSES, 0), "caught_cargo": 0,
                    "caught_cornered": 0})
    size = int(configuration.get("size", 21))
    last = len(steps) - 1
    try:
        for t, step in enumerate(steps):
            players = step[0]["observation"]["players"]
            for p in range(n):
                bank, yards, ships = players[p]
                for at in list(checkpoints) + ["end"]:
                    if at == t or (at == "end" and t == last):
                        out[p]["ships_at"][str(at)] = len(ships)
                        out[p]["yards_at"][str(at)] = len(yards)
                        out[p]["bank_at"][str(at)] = bank
                        out[p]["cargo_at"][str(at)] = sum(ship[1] for ship in ships.values())
            if t == last:
                break
            following = steps[t + 1]
            ends = None  # every ship's end cell this turn, worked out once, at the turn's first loss
            for p in range(n):
                if following[p].get("status") in BAD_STATUSES:
                    continue
                bank, yards, ships = players[p]
                next_bank, next_yards, next_ships = following[0]["observation"]["players"][p]
                actions = following[p].get("action") or {}
                built = sum(1 for s in next_ships if s not in ships)
                out[p]["ships_built"] += built
                out[p]["ship_turns"] += len(ships)
                out[p]["banked"] += (next_bank - bank + spawn_cost * built
                                     + convert_cost * sum(1 for y in next_yards if y not in yards))
                for sid in ships:
                    if sid not in next_ships and actions.get(sid) != "CONVERT":
                        out[p]["ships_lost"] += 1
                        ends = ends or step_ends(following, players, size)
                        cause = lost_cause(ends, p, sid)
                        out[p]["lost_by"][cause] += 1
                        if cause == "caught":
                            cell, cargo = ships[sid]
                            out[p]["caught_cargo"] += cargo
                            out[p]["caught_cornered"] += cornered(players, p, cell, cargo, size)
                lost = [y for y in yards if y not in next_yards]
                gone = len(lost)
                out[p]["yards_lost"] += gone
                if bank >= spawn_cost:
                    out[p]["yards_lost_affordable"] += sum(1 for y in lost if actions.get(y) != "SPAWN")
                if t + 1 > late_step:
                    out[p]["yards_lost_late"] += gone
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
        raise replay_reader.ReplayError(f"not a Halite replay: step {t}: {e!r}")
    return out


# Why a ship was lost (its end cell this turn, the cargo it carried): "trade" an enemy ship of equal
# cargo ended there too (both sink: empty for empty, mostly); "caught" a lighter enemy ship did (it
# survives and takes the cargo); "home" another of its own ships did, on an own yard (the cargo is
# banked: the last turns' crash home); "own" another of its own did elsewhere; "yard" the cell holds
# an enemy yard (a yard's spawn, or one an attacker sits on); "other" none of these.
LOSS_CAUSES = ("trade", "caught", "home", "own", "yard", "other")


def step_ends(following, players, size):
    """Each ship's end cell this turn and cargo, by player: [(ship id, end cell, cargo), ...]; and each
    player's yard cells (before and after the turn)."""
    ends, yards = [], []
    for p, (_, p_yards, p_ships) in enumerate(players):
        actions = following[p].get("action") or {} if p < len(following) else {}
        ends.append([(sid, replay_reader.destination(cell, actions.get(sid), size), cargo)
                     for sid, (cell, cargo) in p_ships.items()])
        next_yards = following[0]["observation"]["players"][p][1]
        yards.append(set(p_yards.values()) | set(next_yards.values()))
    return ends, yards


def lost_cause(ends_and_yards, p, sid):
    """The LOSS_CAUSES entry of player p's ship sid, lost this turn."""
    ends, yards = ends_and_yards
    end, cargo = next((e, c) for s, e, c in ends[p] if s == sid)
    if any(e == end for s, e, _ in ends[p] if s != sid):
        return "home" if end in yards[p] else "own"
    enemies = [c for q in range(len(ends)) if q != p for _, e, c in ends[q] if e == end]
    if enemies and min(enemies) < cargo:
        return "caught"
    if enemies and min(enemies) == cargo:
        return "trade"
    if any(end in yards[q] for q in range(len(yards)) if q != p):
        return "yard"
    return "other"


def cornered(players, p, cell, cargo, size):
    """Whether player p's ship on `cell` holding `cargo` had no safe move at the turn's start: its cell
    and each neighbour within one move of an enemy ship lighter than it (a hunted ship caught so was
    trapped a turn or more before; one caught with a safe move left took a risk)."""
    lighter = [c for q, (_, _, q_ships) in enumerate(players) if q != p for c, c_cargo in q_ships.values()
               if c_cargo < cargo]
    return all(any(replay_reader.torus_distance(replay_reader.destination(cell, move, size), c, size) <= 1
                   for c in lighter) for move in (None, "NORTH", "EAST", "SOUTH", "WEST"))
