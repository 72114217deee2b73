#!/usr/bin/env python3
"""The Kaggle shim (bot/main.py) exercised the way Kaggle loads and calls it.

    python3 tests/test_shim.py <path to halite_bot> <path to bot/main.py>

Standard library only. Mimics kaggle-environments: the file is exec()'d with
an empty globals dict while its folder is on sys.path, the agent is the last
callable left in those globals, and observations are dicts that also allow
attribute access. Checks the answers of a short game, that a killed bot is
restarted, that a missing executable and a hung one give {} without raising.
"""
import glob
import gzip
import json
import os
import shutil
import signal
import stat
import sys
import tempfile
import time

WORDS = {"NORTH", "SOUTH", "EAST", "WEST", "CONVERT", "SPAWN"}
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL: " + message)


class Struct(dict):
    """kaggle_environments.utils.Struct: a dict with attribute access."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name)


def structify(value):
    if isinstance(value, dict):
        return Struct({k: structify(v) for k, v in value.items()})
    if isinstance(value, list):
        return [structify(v) for v in value]
    return value


def load_agent(main_py, folder):
    """As kaggle_environments.agent does: exec with {} and take the last callable."""
    with open(main_py) as f:
        code = compile(f.read(), main_py, "exec")
    env = {}
    sys.path.insert(0, folder)
    try:
        exec(code, env)
    finally:
        sys.path.remove(folder)
    callables = [v for v in env.values() if callable(v)]
    return callables[-1] if callables else None


def child_bots():
    """Pids of halite_bot processes whose parent is this process."""
    pids = []
    for stat_path in glob.glob("/proc/[0-9]*/stat"):
        try:
            with open(stat_path) as f:
                text = f.read()
        except OSError:
            continue
        comm = text[text.index("(") + 1:text.rindex(")")]
        fields = text[text.rindex(")") + 2:].split()
        if int(fields[1]) == os.getpid() and comm.startswith("halite_bot") and fields[0] != "Z":
            pids.append(int(stat_path.split("/")[2]))
    return pids


def load_replay():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.path.join(root, "testdata", "replays", "s03_2p_s21_greedy_greedy.json.gz")
    with gzip.open(path, "rt") as f:
        replay = json.load(f)
    if isinstance(replay.get("replay"), str):
        replay = json.loads(replay["replay"])
    return replay


def observation(replay, t, player):
    shared = replay["steps"][t][0]["observation"]
    obs = {k: shared[k] for k in ("halite", "players", "step")}
    obs["player"] = player
    obs["remainingOverageTime"] = 60
    return structify(obs)


def valid_answer(answer, obs):
    if not isinstance(answer, dict):
        return False
    bank, yards, ships = obs.players[obs.player]
    own = set(yards) | set(ships)
    return all(k in own and v in WORDS for k, v in answer.items())


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    bot_path, main_py = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    os.environ.pop("HALITE_BOT", None)
    replay = load_replay()
    config = structify(replay["configuration"])
    work = tempfile.mkdtemp(prefix="halite_shim_")
    old_cwd = os.getcwd()
    try:
        agent_dir = os.path.join(work, "agent")
        elsewhere = os.path.join(work, "elsewhere")
        os.makedirs(agent_dir)
        os.makedirs(elsewhere)
        shutil.copy(main_py, os.path.join(agent_dir, "main.py"))
        shutil.copy(bot_path, os.path.join(agent_dir, "halite_bot"))
        # main.py passes a bot.json beside the executable as --config: keep turns short.
        with open(os.path.join(agent_dir, "bot.json"), "w") as f:
            json.dump({"time": {"max_turn_ms": 20, "min_plan_ms": 0}, "verbose": 0}, f)
        os.chdir(elsewhere)  # the executable must be found beside main.py, not in the cwd

        # 1. A short game through the shim.
        agent = load_agent(os.path.join(agent_dir, "main.py"), agent_dir)
        check(agent is not None and agent.__name__ == "agent",
              "the last callable of main.py is %r, not agent" % (agent,))
        nonempty = 0
        for t in range(40):
            obs = observation(replay, t, 0)
            answer = agent(obs, config)
            check(valid_answer(answer, obs), "step %d: invalid answer %r" % (t, answer))
            nonempty += bool(answer)
        check(nonempty > 20, "only %d of 40 answers had orders" % nonempty)
        bots = child_bots()
        check(len(bots) == 1, "expected one bot process, found %r" % bots)

        # 2. Kill the bot: the shim restarts it and keeps answering.
        for pid in bots:
            os.kill(pid, signal.SIGKILL)
        time.sleep(0.1)
        nonempty = 0
        for t in range(40, 80):
            obs = observation(replay, t, 0)
            answer = agent(obs, config)
            check(valid_answer(answer, obs), "after the kill, step %d: invalid answer %r" % (t, answer))
            nonempty += bool(answer)
        check(nonempty > 20, "after the kill only %d of 40 answers had orders" % nonempty)
        restarted = child_bots()
        check(len(restarted) == 1 and restarted != bots,
              "expected one new bot process, found %r (killed %r)" % (restarted, bots))
        for pid in restarted:
            os.kill(pid, signal.SIGKILL)

        # 3. No executable anywhere: {} and no exception.
        lonely = os.path.join(work, "lonely")
        os.makedirs(lonely)
        shutil.copy(main_py, os.path.join(lonely, "main.py"))
        agent = load_agent(os.path.join(lonely, "main.py"), lonely)
        if not os.path.exists("/kaggle_simulations/agent/halite_bot"):
            check(agent(observation(replay, 0, 0), config) == {}, "no executable: expected {}")

        # 4. A bot that never answers: {} once actTimeout (plus half the overage
        # beyond the reserve) has passed. No speed is asserted: the shim waits at
        # least actTimeout (select cannot return early), and gives up long before
        # the bot would answer (a shim that waited for it would take 600 s).
        hung = os.path.join(work, "hung_bot.sh")
        with open(hung, "w") as f:
            f.write("#!/bin/sh\nexec sleep 600\n")
        os.chmod(hung, os.stat(hung).st_mode | stat.S_IXUSR)
        os.environ["HALITE_BOT"] = hung
        agent = load_agent(os.path.join(lonely, "main.py"), lonely)
        obs = observation(replay, 0, 0)
        obs["remainingOverageTime"] = 1.0
        quick = structify(dict(replay["configuration"], actTimeout=1))
        started = time.monotonic()
        answer = agent(obs, quick)
        took = time.monotonic() - started
        check(answer == {}, "hung bot: expected {}, got %r" % (answer,))
        check(1.0 <= took < 60, "hung bot: the shim took %.2f s (actTimeout 1 s, then it gives up)" % took)
        del os.environ["HALITE_BOT"]
    finally:
        os.chdir(old_cwd)
        shutil.rmtree(work, ignore_errors=True)
    if failures:
        print("%d failure(s)" % len(failures))
        return 1
    print("shim: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
