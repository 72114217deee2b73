# Answers Kaggle's runner takes as {} (a list at step 1, None at step 2), then
# at step 3 a value JSON cannot hold, which its schema check finds INVALID.
def agent(obs, config):
    if obs.step == 1:
        return ["NORTH"]
    if obs.step == 2:
        return None
    if obs.step == 3:
        return {uid: {"NORTH"} for uid in obs.players[obs.player][2]}
    return {}
