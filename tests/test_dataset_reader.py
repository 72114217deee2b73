#!/usr/bin/env python3
"""`halite dataset` checked from the outside, with Debian's python3 and numpy.

    python3 tests/test_dataset_reader.py HALITE docs/dataset.md REPLAY...

Writes a dataset of the replays, runs the reader example of docs/dataset.md
on it, and checks every sample against the replays' own JSON: the planes are
the torus around the unit as the recorded observation shows it, the globals
add up, the action is the one recorded, every unit of every played turn has
its sample. Then --compress, --player and --winners against that file.
"""
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

WINDOW = 5
SHIP_LABELS = {"NORTH": 1, "SOUTH": 2, "EAST": 3, "WEST": 4, "CONVERT": 5}
FAILURES = ("ERROR", "INVALID", "TIMEOUT")
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL: " + message)
    return condition


def load_replay(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        replay = json.load(f)
    return json.loads(replay["replay"]) if "steps" not in replay else replay


def crop(grid, size, cell):
    r0, c0 = divmod(cell, size)
    half = WINDOW // 2
    rows = [(r0 + dy - half) % size for dy in range(WINDOW)]
    cols = [(c0 + dx - half) % size for dx in range(WINDOW)]
    return grid[np.ix_(rows, cols)]


def expected_planes(obs, size, player):
    planes = np.zeros((7, size, size), dtype=np.float32)
    planes[0] = np.asarray(obs["halite"], dtype=np.float32).reshape(size, size)
    for q, (_, yards, ships) in enumerate(obs["players"]):
        own = q == player
        for cell, cargo in ships.values():
            planes[1 if own else 3].flat[cell] = 1
            planes[2 if own else 4].flat[cell] = cargo
        for cell in yards.values():
            planes[5 if own else 6].flat[cell] = 1
    return planes


def check_replay(data, index, replay, name):
    size = replay["configuration"]["size"]
    steps = replay["steps"]
    ships = {k: data["ship_" + k][data["ship_replay"] == index] for k in ("planes", "globals", "action", "step", "player", "cell")}
    yards = {k: data["yard_" + k][data["yard_replay"] == index] for k in ("planes", "globals", "action", "step", "player", "cell")}
    at = {"ship": 0, "yard": 0}
    for t in range(len(steps) - 1):
        obs = steps[t][0]["observation"]
        for p, entry in enumerate(steps[t]):
            after = steps[t + 1][p]
            if entry["status"] != "ACTIVE" or after["status"] in FAILURES:
                continue
            bank, my_yards, my_ships = obs["players"][p]
            action = after["action"] or {}
            board = expected_planes(obs, size, p)
            for kind, units, samples in (("ship", my_ships, ships), ("yard", my_yards, yards)):
                for uid in sorted(units, key=lambda u: (int(u.split("-")[0]), int(u.split("-")[1]))):
                    i = at[kind]
                    at[kind] += 1
                    where = "%s: step %d player %d %s %s" % (name, t, p, kind, uid)
                    if not check(i < len(samples["action"]), where + ": no sample"):
                        return
                    cell = units[uid][0] if kind == "ship" else units[uid]
                    check(samples["step"][i] == t and samples["player"][i] == p and samples["cell"][i] == cell,
                          where + ": sample %d is step %d player %d cell %d" % (
                              i, samples["step"][i], samples["player"][i], samples["cell"][i]))
                    want = np.stack([crop(board[c], size, cell) for c in range(7)])
                    check(np.array_equal(samples["planes"][i], want), where + ": planes differ")
                    word = action.get(uid)
                    label = SHIP_LABELS.get(word, 0) if kind == "ship" else int(word == "SPAWN")
                    check(samples["action"][i] == label,
                          where + ": action %d, recorded %r" % (samples["action"][i], word))
                    g = samples["globals"][i]
                    check(g[0] == t and g[2] == np.float32(bank), where + ": globals %s" % g[:3])
    check(at["ship"] == len(ships["action"]), "%s: %d ship samples, %d expected" % (name, len(ships["action"]), at["ship"]))
    check(at["yard"] == len(yards["action"]), "%s: %d yard samples, %d expected" % (name, len(yards["action"]), at["yard"]))


def reader_example(docs):
    text = open(docs).read()
    section = text[text.index("## Reading it"):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def main():
    if len(sys.argv) < 4:
        print(__doc__)
        return 2
    halite, docs, replays = sys.argv[1], sys.argv[2], sys.argv[3:]
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "all.npz")
        subprocess.run([halite, "dataset", *replays, "--window", str(WINDOW), "--out", out], check=True)
        example = os.path.join(work, "reader.py")
        open(example, "w").write(reader_example(docs))
        run = subprocess.run([sys.executable, example, out], capture_output=True, text=True)
        print(run.stdout, end="")
        check(run.returncode == 0, "the reader example of docs/dataset.md failed: " + run.stderr)
        check("ship samples from %d replays" % len(replays) in run.stdout, "the reader example printed no summary")

        data = np.load(out)
        check(list(data["replays"]) == replays, "replays: %s" % list(data["replays"]))
        check(data["ship_planes"].shape[1:] == (7, WINDOW, WINDOW), "ship_planes shape %s" % (data["ship_planes"].shape,))
        check(data["ship_planes"].dtype == np.float32 and data["ship_action"].dtype == np.int8, "dtypes")
        for index, path in enumerate(replays):
            check_replay(data, index, load_replay(path), os.path.basename(path))

        # --compress and --player 0 on the first replay: the same samples, deflated.
        small = os.path.join(work, "p0.npz")
        subprocess.run([halite, "dataset", replays[0], "--window", str(WINDOW), "--player", "0", "--compress",
                        "--out", small], check=True, stdout=subprocess.DEVNULL)
        part = np.load(small)
        keep = (data["ship_replay"] == 0) & (data["ship_player"] == 0)
        check(np.array_equal(part["ship_planes"], data["ship_planes"][keep]), "--compress --player 0: other planes")
        check(np.array_equal(part["ship_action"], data["ship_action"][keep]), "--compress --player 0: other actions")
        check(os.path.getsize(small) * 4 < os.path.getsize(out), "--compress did not compress")

        # --winners: only the players with the best final reward.
        winners = os.path.join(work, "w.npz")
        subprocess.run([halite, "dataset", *replays, "--window", str(WINDOW), "--winners", "--out", winners],
                       check=True, stdout=subprocess.DEVNULL)
        won = np.load(winners)
        for index, path in enumerate(replays):
            final = load_replay(path)["steps"][-1]
            rewards = [e["reward"] if e["reward"] is not None else float("-inf") for e in final]
            best = {p for p, r in enumerate(rewards) if r == max(rewards)}
            players = set(won["ship_player"][won["ship_replay"] == index].tolist())
            check(players <= best and players, "%s: --winners kept players %s, winners %s" % (path, players, best))
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
