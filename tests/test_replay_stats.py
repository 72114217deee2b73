#!/usr/bin/env python3
"""scripts/replay_stats.py on a hand-made three-state replay with known
events (a deposit, two empty ships colliding, a conversion, two ships
mining) and a ship mining one cell two turns: the counts at the
checkpoints (the players' zones: cells, halite, rich cells), the deposits, the ships lost (not the converted one), the
ship-turns, mining turns, halite mined (in the player's own zone or not),
moves with cargo and mining visits (how many lasted one turn), the
collision rows, ship-turns with cargo boxed in and the ships lost boxed in
(--box-radius), names from the file name, info.TeamNames or p0/p1, gzipped
replays, and the clear refusals (a missing file, a file that is not JSON,
JSON that is not a replay, an unknown agent, a bad window)."""
import gzip
import json
import os
import subprocess
import sys
import tempfile

script = sys.argv[1]


def state(players, size=5):
    # Halite 200 on cell 1, nearest a's yard (0), and 100 on cell 23, nearest b's (24).
    halite = [0] * (size * size)
    halite[1], halite[23] = 200, 100
    return {"observation": {"players": players, "step": 0, "halite": halite}, "action": {}}


# Size 5, cell = row * 5 + column. Player 0: a yard on 0, a ship s1 on 1
# with 100 that moves WEST onto the yard (a deposit), an empty ship s2 on 12
# that moves EAST to 13, a ship s3 on 7 that stays and mines 25 (its nearest
# yard is its own). Player 1: an empty ship e1 on 14 that moves WEST to 13
# (both sunk), a ship e2 on 20 that converts, a ship e3 on 9 that stays and
# mines 10 (as near player 0's yard as its own: not its zone). The second
# turn nobody moves or mines.
s0 = [[0, {"y0": 0}, {"s1": [1, 100], "s2": [12, 0], "s3": [7, 10]}],
      [600, {"y1": 24}, {"e1": [14, 0], "e2": [20, 30], "e3": [9, 50]}]]
s1 = [[100, {"y0": 0}, {"s1": [0, 0], "s3": [7, 35]}],
      [130, {"y1": 24, "y2": 20}, {"e3": [9, 60]}]]
s2 = s1
steps = [[state(s0), {"action": {}}],
         [dict(state(s1), action={"s1": "WEST", "s2": "EAST"}), {"action": {"e1": "WEST", "e2": "CONVERT"}}],
         [state(s2), {"action": {}}]]
replay = {"configuration": {"size": 5}, "steps": steps, "info": {"TeamNames": ["a", "b"]}}


def run(*args):
    return subprocess.run([sys.executable, script, *args], capture_output=True, text=True)


def figures(*args):
    r = run("--json", "--checkpoints", "0,1", "--window", "2", *args)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


with tempfile.TemporaryDirectory() as d:
    plain = os.path.join(d, "game.json")
    with open(plain, "w") as f:
        json.dump(replay, f)

    r = figures("--agent", "a", plain)
    a, b = r["players"]["a"], r["players"]["b"]
    assert a["at"]["ships"] == [3, 2] and a["at"]["yards"] == [1, 1], a
    assert a["at"]["bank"] == [0, 100] and a["at"]["cargo"] == [110, 35], a
    assert a["at"]["ships so far"] == [3, 3], a
    assert b["at"]["ships"] == [3, 1] and b["at"]["yards"] == [1, 2], b
    # Zones: the 5 x 5 torus split by the yards on 0 and 24 (and 20 from the
    # second step), ties in no zone; a rich cell holds at least 150.
    assert a["at"]["zone halite"] == [200, 200] and a["at"]["zone rich"] == [1, 1], a
    assert b["at"]["zone halite"] == [100, 100] and b["at"]["zone rich"] == [0, 0], b
    assert a["at"]["zone cells"][0] == b["at"]["zone cells"][0] > 0, (a, b)  # symmetric yards
    assert a["at"]["zone cells"][1] < a["at"]["zone cells"][0] < b["at"]["zone cells"][1], (a, b)
    assert a["windows"] == [{"from": 0, "deposited": 100, "deposits": 1, "lost": 1, "ship turns": 5,
                             "mining turns": 1, "mined": 25, "mined in own zone": 25, "loaded moves": 1,
                             "visits": 1, "one-turn visits": 1}], a
    # e2 converted: neither lost nor a ship-turn.
    assert b["windows"] == [{"from": 0, "deposited": 0, "deposits": 0, "lost": 1, "ship turns": 3,
                             "mining turns": 1, "mined": 10, "mined in own zone": 0, "loaded moves": 0,
                             "visits": 1, "one-turn visits": 1}], b

    # A visit of two turns: m1 mines 10 and 8 on cell 6, then moves EAST.
    two = {"configuration": {"size": 5}, "steps": [
        [state([[0, {"y0": 0}, {"m1": [6, 0]}], [0, {"y1": 24}, {}]]), {"action": {}}],
        [state([[0, {"y0": 0}, {"m1": [6, 10]}], [0, {"y1": 24}, {}]]), {"action": {}}],
        [state([[0, {"y0": 0}, {"m1": [6, 18]}], [0, {"y1": 24}, {}]]), {"action": {}}],
        [dict(state([[0, {"y0": 0}, {"m1": [7, 18]}], [0, {"y1": 24}, {}]]), action={"m1": "EAST"}), {"action": {}}]]}
    two_path = os.path.join(d, "two.json")
    with open(two_path, "w") as f:
        json.dump(two, f)
    w = run("--json", "--window", "10", two_path)
    assert w.returncode == 0, w.stderr
    w = json.loads(w.stdout)["players"]["p0"]["windows"][0]
    assert w["mining turns"] == 2 and w["mined"] == 18 and w["visits"] == 1 and w["one-turn visits"] == 0, w
    assert w["loaded moves"] == 1, w
    assert r["collisions"] == [{"from": 0, "arrived": "a0 + b0", "outcome": "none survive", "per_game": 1}], r

    # Cargo won in a collision is not mined: c1 (empty) stays on 3, d1 with 40
    # moves WEST onto it, c1 survives with the 40.
    fight = {"configuration": {"size": 5}, "steps": [
        [state([[0, {"y0": 0}, {"c1": [3, 0]}], [0, {"y1": 24}, {"d1": [4, 40]}]]), {"action": {}}],
        [state([[0, {"y0": 0}, {"c1": [3, 40]}], [0, {"y1": 24}, {}]]), {"action": {"d1": "WEST"}}]]}
    fight_path = os.path.join(d, "fight.json")
    with open(fight_path, "w") as f:
        json.dump(fight, f)
    w = figures(fight_path)["players"]["p0"]["windows"][0]
    assert w["mining turns"] == 0 and w["mined"] == 0 and w["ship turns"] == 1, w

    # Boxed in (--box-radius): on an 11 x 11 board, p0's ship with 50 on
    # (5,5) has an empty p1 ship three moves away in each direction and is
    # gone the next turn; its ship with 20 on (0,5) has its yard (0,0) five
    # moves west and no p1 ship nearer that way, nor any east: open.
    def cell11(row, col):
        return row * 11 + col
    hunters = {f"h{i}": [c, 0] for i, c in enumerate([cell11(2, 5), cell11(8, 5), cell11(5, 2), cell11(5, 8)])}
    box = {"configuration": {"size": 11}, "steps": [
        [state([[0, {"y0": 0}, {"b1": [cell11(5, 5), 50], "b2": [cell11(0, 5), 20]}], [0, {"y1": 120}, hunters]], 11),
         {"action": {}}],
        [state([[0, {"y0": 0}, {"b2": [cell11(0, 5), 20]}], [0, {"y1": 120}, hunters]], 11), {"action": {}}]]}
    box_path = os.path.join(d, "box.json")
    with open(box_path, "w") as f:
        json.dump(box, f)
    w = figures("--box-radius", "5", box_path)["players"]["p0"]["windows"][0]
    assert (w["loaded turns"], w["boxed turns"], w["lost loaded"], w["lost boxed"]) == (2, 1, 1, 1), w
    w = figures("--box-radius", "2", box_path)["players"]["p0"]["windows"][0]
    assert (w["loaded turns"], w["boxed turns"], w["lost loaded"], w["lost boxed"]) == (2, 0, 1, 0), w
    assert "boxed turns" not in figures(box_path)["players"]["p0"]["windows"][0]  # off by default
    r = run("--box-radius", "5", box_path)
    assert r.returncode == 0 and "boxed in within 5 moves" in r.stdout, r.stdout

    # Names from the file name, the way kaggle-arena's --replay-dir writes them; a gzipped replay.
    named = os.path.join(d, "2p__ours,them__seed7.json.gz")
    with gzip.open(named, "wt") as f:
        json.dump(replay, f)
    r = figures("--agent", "ours", named)
    assert sorted(r["players"]) == ["ours", "them"], r
    assert r["collisions"][0]["arrived"] == "ours0 + them0", r
    # Names that hold an underscore (zeta_best, flynn_bee7).
    underscored = os.path.join(d, "2p__ours,zeta_best__seed7.json.gz")
    with gzip.open(underscored, "wt") as f:
        json.dump(replay, f)
    assert sorted(figures(underscored)["players"]) == ["ours", "zeta_best"]

    # Two replays: means per game.
    r = figures(plain, plain)
    assert r["players"]["a"]["games"] == 2 and r["players"]["a"]["at"]["bank"] == [0, 100], r

    # No names anywhere: p0, p1.
    anonymous = os.path.join(d, "anonymous.json")
    with open(anonymous, "w") as f:
        json.dump(dict(replay, info={}), f)
    assert sorted(figures(anonymous)["players"]) == ["p0", "p1"]

    # The text report names the collision row.
    r = run("--agent", "a", "--checkpoints", "0,1", "--window", "2", plain)
    assert r.returncode == 0 and "a0 + b0: none survive" in r.stdout, r.stdout
    assert "ship-turns" in r.stdout and "own zone" in r.stdout, r.stdout

    # Refusals.
    not_json = os.path.join(d, "broken.json")
    with open(not_json, "w") as f:
        f.write("{not json")
    not_replay = os.path.join(d, "other.json")
    with open(not_replay, "w") as f:
        json.dump({"steps": "none"}, f)
    for args, words in [([os.path.join(d, "missing.json")], "missing.json"),
                        ([not_json], "broken.json: cannot read"),
                        ([not_replay], "other.json: not a replay"),
                        (["--agent", "nobody", plain], "no replay has a player named 'nobody'"),
                        (["--window", "0", plain], "--window must be at least 1"),
                        (["--box-radius", "-1", plain], "--box-radius must be at least 0"),
                        (["--checkpoints", "1,x", plain], "--checkpoints must be whole numbers")]:
        r = run(*args)
        assert r.returncode == 2 and words in r.stderr, (args, r.returncode, r.stderr)
print("replay_stats: all checks passed")
