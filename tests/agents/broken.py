# A file that does not compile: loading it fails, an ERROR on the first turn.
def agent(obs, config)
    return {}
