"""The Kaggle agent file (python/agent/main.py) loaded as Kaggle's loader loads
it and run on observations: the step-0 answer is the planner's, and two copies
of it play a short game to the end without an error or an invalid answer.

    PYTHONPATH=build/python python3 python/tests/test_agent.py [MAIN_PY]

(make_agent.sh runs it on the packed file, the module beside it.)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
AGENT = os.path.join(HERE, "..", "agent", "main.py")
# Kaggle's loader and observation type, as the shim's test mimics them.
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests"))
from test_shim import Struct, load_agent  # noqa: E402


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else AGENT
    folder = os.path.dirname(os.path.abspath(path))
    sys.path.insert(0, folder)  # a packed agent has the module beside it
    import halite4

    agent = load_agent(path, folder)
    config = Struct(halite4.State.initial(2).configuration, actTimeout=6, agentTimeout=60)
    state = halite4.State.initial(2, config, seed=11)
    obs = Struct(state.observation(0))
    answer = agent(obs, config)
    expected = halite4.Planner("fleet").plan(obs, config)
    if answer != expected:
        sys.exit("agent answered %r at step 0; the fleet planner answers %r" % (answer, expected))
    print("step 0 answered", answer)

    config = Struct(config, episodeSteps=60)
    players = [load_agent(path, folder), load_agent(path, folder)]
    game = halite4.Game(2, config, seed=12, record=False)
    while not game.done:
        game.step([players[p](Struct(game.observation(p)), config) for p in range(2)])
    if set(game.statuses) != {"DONE"}:
        sys.exit("the game ended with statuses %s" % game.statuses)
    print("a 60-step game between two copies of the agent: rewards %s" % game.rewards)
    print("1 passed, 0 failed")


if __name__ == "__main__":
    main()
