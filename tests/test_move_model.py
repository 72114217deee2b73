#!/usr/bin/env python3
"""`halite move-data` and scripts/train_move_model.py checked together.

    python3 tests/test_move_model.py HALITE scripts/train_move_model.py WEIGHTS.json REPLAY

Exports a few turns of the replay, and checks that Python computes from the
exported features and the committed weights the probabilities that C++
computed (written beside them by the export: the embedded weights), to 1e-9;
that each row's recorded option is valid; that training on the rows writes a
weight file the script reads back; and that bad input is refused.
"""
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

halite, script, weights_path, replay = sys.argv[1:5]
spec = importlib.util.spec_from_file_location("train_move_model", script)
train = importlib.util.module_from_spec(spec)
spec.loader.exec_module(train)
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


with tempfile.TemporaryDirectory() as tmp:
    rows_path = os.path.join(tmp, "rows.npz")
    # Every 25th turn: a few hundred rows, every phase of the game.
    subprocess.run([halite, "move-data", replay, "--stride", "25", "--out", rows_path], check=True,
                   stdout=subprocess.DEVNULL)
    data = np.load(rows_path)
    n = len(data["action"])
    check(n > 200, "only %d rows" % n)
    names, w = train.read_weights(weights_path)
    check(names == [str(x) for x in data["feature_names"]], "the weight file's features are not the export's")
    logp = train.log_probabilities(data["features"], data["valid"].astype(bool), w)
    diff = np.abs(np.exp(logp) - data["probabilities"]).max()
    check(diff <= 1e-9, "Python's probabilities differ from C++'s by %g" % diff)
    check(data["valid"][np.arange(n), data["action"]].all(), "a recorded option is marked invalid")
    check((data["valid"][:, :5] == 1).all(), "a move is marked invalid")
    check(sorted(str(x) for x in data["names"]) == ["player0", "player1", "player2", "player3"],
          "seat names: %s" % list(data["names"]))

    # Training end to end on these rows: the weights written are read back.
    out = os.path.join(tmp, "w.json")
    r = subprocess.run([sys.executable, script, rows_path, "--bots", "player0,player1", "--no-loo", "--out", out],
                       capture_output=True, text=True)
    check(r.returncode == 0, "training failed: " + r.stderr)
    if r.returncode == 0:
        with open(out) as f:
            j = json.load(f)
        check(j["format"] == "halite-move-model" and len(j["weights"]) == len(names), "bad weight file written")
        r = subprocess.run([sys.executable, script, "--probabilities", out, rows_path], capture_output=True, text=True)
        check(r.returncode == 0 and len(r.stdout.splitlines()) == n, "--probabilities: " + r.stderr)

    for args, why in (([rows_path, "--bots", "nobody"], "no rows of seat"),
                      ([rows_path, "--bots", "player0", "--l2", "0"], "--l2 must be positive")):
        r = subprocess.run([sys.executable, script] + args, capture_output=True, text=True)
        check(r.returncode != 0 and why in r.stderr, "%s: expected %r, got %r" % (args, why, r.stderr))

for f in failures:
    print("FAIL:", f)
print("%d failures" % len(failures))
sys.exit(1 if failures else 0)
