"""Smoke test of a packed submission, as Kaggle runs it.

    python3 bot/smoke_test.py STAGE_DIR

STAGE_DIR holds main.py and halite_bot (and bot.json when packed with a
configuration). main.py is executed the way Kaggle's loader does it, its last
callable taken as the agent and called with a step-0 observation; the agent
must answer with the CONVERT of its first ship. A bot that fails in any way
answers {} through the shim, so {} fails this test. Exit status 0 on success.
"""
import json
import sys


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    stage = sys.argv[1]
    sys.path.insert(0, stage)  # where Kaggle's loader puts the agent's folder
    scope = {}
    with open(stage + "/main.py") as f:
        exec(compile(f.read(), stage + "/main.py", "exec"), scope)
    agent = [v for v in scope.values() if callable(v)][-1]
    config = {"size": 21, "episodeSteps": 400, "actTimeout": 6, "spawnCost": 500, "convertCost": 500}
    obs = {"step": 0, "player": 0, "remainingOverageTime": 60, "halite": [10] * 441,
           "players": [[5000, {}, {"0-1": [220, 0]}], [5000, {}, {"0-2": [200, 0]}]]}
    answer = agent(obs, config)
    if answer != {"0-1": "CONVERT"}:
        sys.exit("smoke test failed: the agent answered %r at step 0, not {'0-1': 'CONVERT'}" % (answer,))
    print("smoke test: step 0 answered %s" % json.dumps(answer))


if __name__ == "__main__":
    main()
