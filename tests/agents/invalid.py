# Answers a word outside the action enum at step 3: INVALID on Kaggle.
def agent(obs, config):
    if obs.step == 3:
        ships = obs.players[obs.player][2]
        return {uid: "JUMP" for uid in ships}
    return {}
