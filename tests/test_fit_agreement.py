#!/usr/bin/env python3
"""scripts/fit_agreement.py on games the project plays itself: replays named
as kaggle-arena names them, the seat found by name, the split by seed, a fit
that starts where the recorded player's own parameters agree on every order
and keeps them; then a fit toward a changed player that moves the parameter
toward the value it played with; and the clear refusals (no replay of that
name, a split with an empty side, an undeclared parameter)."""
import json
import os
import subprocess
import sys
import tempfile

script, tool = sys.argv[1], sys.argv[2]


def play(d, agents, seed, name):
    path = os.path.join(d, name)
    subprocess.run([tool, "play", "--players", "2", "--size", "11", "--episode-steps", "60", "--seed", str(seed),
                    "--agents", agents, "--iterations", "1", "--out", path], check=True, capture_output=True)


def fit(*args):
    return subprocess.run([sys.executable, script, "--tool", tool, *args], capture_output=True, text=True)


with tempfile.TemporaryDirectory() as d:
    reps = os.path.join(d, "replays")
    os.mkdir(reps)
    # fleet in seat 0 on even seeds, seat 1 on odd ones: both seats are found by name.
    play(reps, "fleet,greedy", 10, "2p__fleet,greedy__seed10.json")
    play(reps, "greedy,fleet", 11, "2p__greedy,fleet__seed11.json")
    play(reps, "fleet,greedy", 12, "2p__fleet,greedy__seed12.json")
    play(reps, "greedy,fleet", 13, "2p__greedy,fleet__seed13.json")
    with open(os.path.join(reps, "notes.json"), "w") as f:
        f.write("{}")  # not named as a replay: ignored

    out = os.path.join(d, "fleet.json")
    r = fit("--name", "fleet", "--replays", reps, "--planner", "fleet", "--params", "hunt_weight,danger_penalty",
            "--rounds", "1", "--out", out)
    assert r.returncode == 0, r.stderr
    assert "2 training replays, 2 held out; start: 100.00% training, 100.00% held out" in r.stdout, r.stdout
    result = json.load(open(out))
    assert result["planner"] == "fleet"
    # Nothing beats agreeing on every order: the defaults are kept.
    assert result["params"] == {"hunt_weight": 0.08, "danger_penalty": 750.0}, result
    assert result["fit"]["held_out_agreement"] == 1.0
    assert result["fit"]["training_replays"] == 2 and result["fit"]["held_out_replays"] == 2

    # A player that mined cells down further (harvest_ratio 0.3; 150 steps,
    # so that the last 60, where every cell is mined, do not fill the game):
    # starting from 0.7, the fit moves toward it and agrees more than at the start.
    for seed in (20, 21, 22, 23):
        path = os.path.join(reps, f"2p__lowmine,greedy__seed{seed}.json")
        subprocess.run([tool, "play", "--players", "2", "--size", "11", "--episode-steps", "150", "--seed", str(seed),
                        "--agents", "fleet:harvest_ratio=0.3,greedy", "--iterations", "1", "--out", path],
                       check=True, capture_output=True)
    out2 = os.path.join(d, "lowmine.json")
    r = fit("--name", "lowmine", "--replays", reps, "--params", "harvest_ratio", "--rounds", "3", "--out", out2)
    assert r.returncode == 0, r.stderr
    result = json.load(open(out2))
    assert result["params"]["harvest_ratio"] < 0.7, result
    assert result["fit"]["training_agreement"] > 0.0
    assert result["fit"]["held_out_agreement"] > result["fit"]["held_out_agreement_at_start"], result

    r = fit("--name", "nobody", "--replays", reps, "--params", "hunt_weight", "--out", out)
    assert r.returncode != 0 and "need replays on both sides" in r.stderr, r.stderr
    r = fit("--name", "fleet", "--replays", os.path.join(reps, "2p__fleet,greedy__seed10.json"), "--params",
            "hunt_weight", "--out", out)
    assert r.returncode != 0 and "1 training, 0 held out" in r.stderr, r.stderr
    r = fit("--name", "fleet", "--replays", reps, "--params", "no_such_param", "--out", out)
    assert r.returncode != 0 and "declares no parameter 'no_such_param'" in r.stderr, r.stderr

print("fit_agreement: ok")
