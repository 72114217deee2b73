# Raises at step 3: Kaggle's runner records the agent as ERROR.
def agent(obs, config):
    if obs.step == 3:
        raise ValueError("the test agent fails on purpose at step %d" % obs.step)
    return {}
