# Sleeps far past actTimeout plus the overage bank at step 3: TIMEOUT.
import time


def agent(obs, config):
    if obs.step == 3:
        time.sleep(30)
    return {}
