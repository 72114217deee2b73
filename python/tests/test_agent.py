"""The Kaggle agent file (python/agent/main.py) loaded as Kaggle's loader loads
it and run on observations: the step-0 answer is the planner's, and two copies
of it play a short game to the end without an error or an invalid answer.

    PYTHONPATH=build/python python3 python/tests/test_agent.py [MAIN_PY]

(make_agent.sh runs it on the packed file, the module beside it.)
"""
import os
import sys

AGENT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "agent", "main.py")


class Struct(dict):
    """Kaggle's observation and configuration: a dict with attribute access."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name)


def load_agent(path):
    # Kaggle's loader: the file's folder on sys.path while it executes, the
    # file exec()ed in an empty scope, its last callable the agent.
    folder = os.path.dirname(os.path.abspath(path))
    sys.path.insert(0, folder)
    try:
        scope = {}
        with open(path) as f:
            exec(compile(f.read(), path, "exec"), scope)
    finally:
        sys.path.remove(folder)
    return [v for v in scope.values() if callable(v)][-1]


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else AGENT
    if path.endswith(".py") and os.path.dirname(os.path.abspath(path)) != os.path.dirname(AGENT):
        sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    import halite4

    agent = load_agent(path)
    config = Struct(halite4.State.initial(2).configuration, actTimeout=6, agentTimeout=60)
    state = halite4.State.initial(2, config, seed=11)
    obs = Struct(state.observation(0))
    answer = agent(obs, config)
    expected = halite4.Planner("fleet").plan(obs, config)
    if answer != expected:
        sys.exit("agent answered %r at step 0; the fleet planner answers %r" % (answer, expected))
    print("step 0 answered", answer)

    config = Struct(config, episodeSteps=60)
    players = [load_agent(path), load_agent(path)]
    game = halite4.Game(2, config, seed=12, record=False)
    while not game.done:
        game.step([players[p](Struct(game.observation(p)), config) for p in range(2)])
    if set(game.statuses) != {"DONE"}:
        sys.exit("the game ended with statuses %s" % game.statuses)
    print("a 60-step game between two copies of the agent: rewards %s" % game.rewards)
    print("1 passed, 0 failed")


if __name__ == "__main__":
    main()
