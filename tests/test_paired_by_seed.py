#!/usr/bin/env python3
"""scripts/paired_by_seed.py on hand-made kaggle-arena records: the paired
difference of the bank and of the margin over the best other player, their
standard errors, first places and ranks, the same per seat arrangement
(the opponent seated opposite); `halite arena --out` records paired by game
with the seat named differently in the two runs (--old-agent); and the clear
refusals (a missing file, a record that is not a game, no shared game)."""
import json
import os
import subprocess
import sys
import tempfile

script = sys.argv[1]


def record(seed, seats, rewards):
    return json.dumps({"game_id": f"4p|{','.join(seats)}|seed{seed}", "format": "4p", "seed": seed,
                       "seats": seats, "rewards": rewards})


def run(*args):
    return subprocess.run([sys.executable, script, *args], capture_output=True, text=True)


with tempfile.TemporaryDirectory() as d:
    new, old, bad = (os.path.join(d, n) for n in ("new.jsonl", "old.jsonl", "bad.jsonl"))
    seats = [["ours", "a", "b", "c"], ["a", "ours", "b", "c"], ["a", "b", "ours", "c"]]
    # ours: 1000 / 3000 / 500 new, 800 / 3500 / 200 old: differences +200, -500, +300.
    with open(new, "w") as f:
        f.write(record(1, seats[0], [1000, 900, 100, 50]) + "\n")
        f.write(record(2, seats[1], [100, 3000, 200, 2900]) + "\n")  # c gains: our margin falls by 3100
        f.write(record(3, seats[2], [700, 600, 500, None]) + "\n")
        f.write(record(4, seats[0], [10, 20, 30, 40]) + "\n")  # not in old: unpaired
    with open(old, "w") as f:
        f.write(record(1, seats[0], [800, 900, 100, 50]) + "\n")
        f.write("\n")
        f.write(record(2, seats[1], [100, 3500, 200, 300]) + "\n")
        f.write(record(3, seats[2], [700, 600, 200, None]) + "\n")
    r = run(new, old, "--games")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    # mean +0.0, sd of (200, -500, 300) = 435.9, se 251.7
    assert out.startswith("3 games paired: ours's bank, new - old: +0 +- 252 (standard error); new better on 2 of 3"), out
    # margins new +100, +100, -200; old -100, +3200, -500: differences +200, -3100, +300
    assert "  its margin over the best other player, new - old: -867 +- 1117 (standard error); new better on 2 of 3" in out, out
    assert "new: first in 2 (66.7% [20.8, 93.9]), mean rank 1.67, mean bank 1500" in out, out
    assert "old: first in 1 (33.3% [6.1, 79.2]), mean rank 2.00, mean bank 1500" in out, out
    # Seat p faces 3 - p: c is opposite ours in seed 1, b in seeds 2 and 3 (margins -3100, +300).
    assert ("  b opposite: 2 games; margin new - old: -1400 +- 1700 (standard error); new better on 1 of 2; "
            "new first in 1, mean rank 2.00; old first in 1, mean rank 2.00") in out, out
    assert ("  c opposite: 1 game; margin new - old: +200 (one game: no standard error); new better on 1 of 1; "
            "new first in 1, mean rank 1.00; old first in 0, mean rank 2.00") in out, out
    assert "4p|a,b,ours,c|seed3: new 500 (rank 3), old 200 (rank 3), +300; margin -200 against -500, +300" in out, out

    # halite arena --out records: seats named by spec, games by index and board.
    def arena_record(game, board, seats, banks):
        return json.dumps({"game": game, "board_seed": board, "seats": seats, "rewards": banks, "banks": banks,
                           "ranks": [0] * len(seats), "errors": [""] * len(seats), "aborted": "", "states": 400})
    anew, aold = os.path.join(d, "anew.jsonl"), os.path.join(d, "aold.jsonl")
    with open(anew, "w") as f:
        f.write(arena_record(0, 77, ["fleet@v.json", "p", "q", "r"], [500, 400, 300, 200]) + "\n")
        f.write(arena_record(1, 77, ["p", "q", "r", "fleet@v.json"], [500, 400, 300, 900]) + "\n")
        f.write(arena_record(2, 78, ["q", "r", "fleet@v.json", "p"], [1, 2, 3, 4]) + "\n")  # not in old
    with open(aold, "w") as f:
        f.write(arena_record(0, 77, ["fleet@d.json", "p", "q", "r"], [100, 400, 300, 200]) + "\n")
        f.write(arena_record(1, 77, ["p", "q", "r", "fleet@d.json"], [500, 400, 300, 600]) + "\n")
        f.write(arena_record(2, 99, ["q", "r", "fleet@d.json", "p"], [1, 2, 3, 4]) + "\n")  # another board
    r = run(anew, aold, "--agent", "fleet@v.json", "--old-agent", "fleet@d.json", "--games")
    assert r.returncode == 0, r.stderr
    # banks +400 and +300; margins +100 / -300 (old) and +400 / +100: +400 and +300 too
    assert r.stdout.startswith("2 games paired: fleet@v.json's bank, new - old: +350 +- 50 (standard error); "
                               "new better on 2 of 2"), r.stdout
    assert "4p|fleet@v.json,p,q,r|game0|board77: new 500 (rank 1), old 100 (rank 4), +400" in r.stdout, r.stdout
    r = run(anew, aold, "--agent", "fleet@v.json")
    assert r.returncode == 2 and "no finished game with agent 'fleet@v.json'" in r.stderr, r.stderr

    r = run(new, os.path.join(d, "missing.jsonl"))
    assert r.returncode == 2 and "missing.jsonl: No such file or directory" in r.stderr, r.stderr
    with open(bad, "w") as f:
        f.write('{"seats": ["ours"]}\n')
    r = run(bad, old)
    assert r.returncode == 2 and "bad.jsonl:1: not a kaggle-arena or halite arena game record" in r.stderr, r.stderr
    r = run(new, old, "--agent", "nobody")
    assert r.returncode == 2 and "no finished game with agent 'nobody'" in r.stderr, r.stderr
    with open(bad, "w") as f:
        f.write(record(9, seats[0], [1, 2, 3, 4]) + "\n")
    r = run(bad, old)
    assert r.returncode == 2 and "share no game" in r.stderr, r.stderr
print("paired_by_seed: ok")
