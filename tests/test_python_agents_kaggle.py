#!/usr/bin/env python3
"""A game in `halite arena` between beam and a Python agent file, played again
in Kaggle's own environment: the same result, state by state.

    python3 tests/test_python_agents_kaggle.py HALITE HALITE_BOT MAIN_PY AGENT_FILE

beam plays with a fixed seed and iteration budget in both places: in the
arena as `beam:seed=7` with --iterations, in Kaggle's env as the submission
(bot/main.py relaying to halite_bot) with a bot.json naming the same planner,
seed and iterations. Both seat orders are played on the arena's board.

Needs kaggle_environments importable in this Python (for instance after
`source /tmp/opp/env.sh`, ../shared/tools/kaggle-arena); without it the test
prints why and exits 77, which CTest reports as skipped.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
BEAM_SEED = 7
ITERATIONS = 200
EPISODE_STEPS = 60
SIZE = 21
ACT_TIMEOUT = 6  # generous: a turn of beam must never fall back to the bot's fallback planner

try:
    from kaggle_environments import make
except Exception as e:  # absent, or not importable in this Python
    print("skipped: kaggle_environments is not importable in %s (%r); source the env.sh of "
          "../shared/tools/kaggle-arena to run this comparison" % (sys.executable, e))
    sys.exit(SKIP)


def arena_games(halite, agent, work):
    out = os.path.join(work, "games.jsonl")
    replays = os.path.join(work, "replays")
    os.mkdir(replays)
    subprocess.run([halite, "arena", "--players", "beam:seed=%d;py:%s" % (BEAM_SEED, agent), "--games", "2",
                    "--iterations", str(ITERATIONS), "--episode-steps", str(EPISODE_STEPS), "--size", str(SIZE),
                    "--act-timeout", str(ACT_TIMEOUT), "--jobs", "1", "--no-progress", "--out", out,
                    "--replays", replays, "--python", sys.executable], check=True, stdout=subprocess.DEVNULL)
    games = [json.loads(line) for line in open(out)]
    for g in games:
        g["replay"] = json.load(open(os.path.join(replays, "game-%d.json" % g["game"])))
    return games


def submission(halite_bot, main_py, work):
    folder = os.path.join(work, "submission")
    os.mkdir(folder)
    shutil.copy(main_py, os.path.join(folder, "main.py"))
    os.symlink(os.path.abspath(halite_bot), os.path.join(folder, "halite_bot"))
    with open(os.path.join(folder, "bot.json"), "w") as f:
        json.dump({"planner": "beam", "seed": BEAM_SEED, "time": {"iterations": ITERATIONS}}, f)
    return os.path.join(folder, "main.py")


def kaggle_game(board_seed, seats):
    env = make("halite", configuration={"randomSeed": board_seed, "episodeSteps": EPISODE_STEPS, "size": SIZE,
                                        "actTimeout": ACT_TIMEOUT})
    env.run(seats)
    return env.toJSON()


def main():
    if len(sys.argv) != 5:
        print(__doc__)
        return 2
    halite, halite_bot, main_py, agent = sys.argv[1:]
    failures = []
    with tempfile.TemporaryDirectory() as work:
        games = arena_games(halite, os.path.abspath(agent), work)
        bot = submission(halite_bot, main_py, work)
        os.environ.pop("HALITE_BOT", None)
        for g in games:
            seats = [bot if name.startswith("beam") else os.path.abspath(agent) for name in g["seats"]]
            ours, theirs = g["replay"]["steps"], kaggle_game(g["board_seed"], seats)["steps"]
            label = "game %d (board %d, seats %s)" % (g["game"], g["board_seed"], g["seats"])
            if len(ours) != len(theirs):
                failures.append("%s: %d states in the arena, %d in Kaggle's env" % (label, len(ours), len(theirs)))
                continue
            for t, (a, b) in enumerate(zip(ours, theirs)):
                for p, (ea, eb) in enumerate(zip(a, b)):
                    for key in ("status", "reward", "action"):
                        if ea.get(key) != eb.get(key):
                            failures.append("%s: step %d player %d: %s %r in the arena, %r in Kaggle's env"
                                            % (label, t, p, key, ea.get(key), eb.get(key)))
                oa, ob = a[0]["observation"], b[0]["observation"]
                for key in ("halite", "players"):
                    if oa[key] != ob[key]:
                        failures.append("%s: step %d: observation %s differs" % (label, t, key))
                if failures:
                    break
            rewards = [e["reward"] for e in theirs[-1]]
            print("%s: arena rewards %s, Kaggle's env %s" % (label, g["rewards"], rewards))
    for f in failures[:20]:
        print("FAIL: " + f)
    print("%d games compared, %d differences" % (len(games), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
