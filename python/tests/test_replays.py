"""Every shared replay reproduced exactly through the halite4 module: each
recorded turn applied by Game.step (answers read as JSON, as a recording game
reads them) and by State.apply (answers read straight from the dicts), every
observation, reward and status compared with the record, the starting board
regenerated from randomSeed, and the replay the Game writes compared too.

    PYTHONPATH=build/python python3 python/tests/test_replays.py TESTDATA_DIR [SHARED_KAGGLE_DIR]
"""
import gzip
import json
import os
import sys

import halite4

FAILURES = {"ERROR", "INVALID", "TIMEOUT"}


def load(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    replay = json.loads(data)
    if "steps" not in replay and "replay" in replay:  # Kaggle's API wrapper
        inner = replay["replay"]
        replay = json.loads(inner) if isinstance(inner, str) else inner
    return replay


def same_observation(got, recorded):
    """The board, banks and units; remainingOverageTime is a clock reading, not a rule."""
    if got["step"] != recorded["step"] or got["halite"] != recorded["halite"]:
        return False
    for mine, theirs in zip(got["players"], recorded["players"]):
        if mine[0] != theirs[0] or mine[1] != theirs[1] or mine[2] != theirs[2]:
            return False
    return len(got["players"]) == len(recorded["players"])


def check(path):
    replay = load(path)
    steps, config = replay["steps"], replay["configuration"]
    players = len(steps[0])
    start = steps[0][0]["observation"]
    if config.get("randomSeed") is not None:
        generated = halite4.State.initial(players, config)
        if generated.observation()["halite"] != start["halite"]:
            return "the starting board regenerated from randomSeed differs"
    game = halite4.Game.from_observation(start, config)
    state = halite4.State.from_observation(start, config)
    for t in range(1, len(steps)):
        row = steps[t]
        actions = [entry["action"] for entry in row]
        failures = [entry["status"] if entry["status"] in FAILURES and entry["action"] is None else None
                    for entry in row]
        game.step(actions, failures)
        state = state.apply(actions, failures)
        if state != game.state:
            return "step %d: State.apply and Game.step differ" % t
        if not same_observation(game.observation(0), row[0]["observation"]):
            return "step %d: the observation differs" % t
        if game.rewards != [entry["reward"] for entry in row]:
            return "step %d: rewards %s, recorded %s" % (t, game.rewards, [e["reward"] for e in row])
        if game.statuses != [entry["status"] for entry in row]:
            return "step %d: statuses %s, recorded %s" % (t, game.statuses, [e["status"] for e in row])
    if not game.done:
        return "the game is not over after the recorded steps"
    written = game.replay()
    for t, (mine, theirs) in enumerate(zip(written["steps"], steps)):
        if not same_observation(mine[0]["observation"], theirs[0]["observation"]):
            return "the written replay differs at step %d" % t
        if [e["reward"] for e in mine] != [e["reward"] for e in theirs]:
            return "the written replay's rewards differ at step %d" % t
    return None


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    paths = []
    for folder in sys.argv[1:]:
        if not os.path.isdir(folder):
            print("note: %s is not here; its replays are not checked" % folder)
            continue
        paths += sorted(os.path.join(folder, name) for name in os.listdir(folder) if ".json" in name)
    passed = failed = 0
    for path in paths:
        problem = check(path)
        if problem:
            failed += 1
            print("FAIL %s: %s" % (os.path.basename(path), problem))
        else:
            passed += 1
            print("ok   %s" % os.path.basename(path))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed or not passed else 0)


if __name__ == "__main__":
    main()
