# A Kaggle Halite IV agent on the halite4 module: the C++ planners called
# in-process, no child process (docs/python.md, "The Kaggle agent file").
# The submission is this file with the halite4 extension module beside it
# (python/make_agent.sh packs both).
#
# Kaggle exec()s this file and takes its LAST callable as the agent: imports
# and helpers first, `agent` last. __file__ is not defined under exec(); the
# file's folder is on sys.path only while the file executes, so the module
# is imported now.
import os
import sys

# The planner and its per-turn time: a fraction of actTimeout, capped.
PLANNER = "fleet"
PARAMS = {}
SEED = 0
BUDGET_FRACTION = 0.5
MAX_BUDGET_MS = 1000.0

for _folder in ("/kaggle_simulations/agent", os.getcwd()):
    if os.path.isdir(_folder) and _folder not in sys.path:
        sys.path.append(_folder)
import halite4  # noqa: E402  (after the search path is set)

_GAME = {"planner": None, "last_step": None}


def _budget_ms(configuration):
    act_timeout = configuration.get("actTimeout", 6) if configuration is not None else 6
    return min(float(act_timeout) * 1000.0 * BUDGET_FRACTION, MAX_BUDGET_MS)


def agent(observation, configuration):
    planner = _GAME["planner"]
    if planner is None:
        planner = _GAME["planner"] = halite4.Planner(PLANNER, PARAMS, SEED)
    step = observation["step"]
    if _GAME["last_step"] is None or step <= _GAME["last_step"]:
        planner.reset()  # a new game
    _GAME["last_step"] = step
    try:
        return planner.plan(observation, configuration, budget_ms=_budget_ms(configuration))
    except Exception as error:  # an exception would be an ERROR on Kaggle: this turn is lost, not the game
        sys.stderr.write("halite4 agent: step %s: %s\n" % (step, error))
        return {}
