# A deterministic Kaggle Halite IV agent using only the standard library: a
# plain miner for the tests of Python players (tests/test_python_agents.cpp,
# tests/test_python_agents_kaggle.py). It reads the observation and the
# configuration both ways Kaggle allows (attributes and keys) and prints once,
# which must not disturb the worker's protocol.
import math

MOVES = {"NORTH": (-1, 0), "SOUTH": (1, 0), "EAST": (0, 1), "WEST": (0, -1)}
RETURN_CARGO = 300
MINE_FLOOR = 80
MAX_SHIPS = 4


def step_to(size, pos, move):
    dr, dc = MOVES[move]
    r, c = divmod(pos, size)
    return ((r + dr) % size) * size + (c + dc) % size


def distance(size, a, b):
    (ra, ca), (rb, cb) = divmod(a, size), divmod(b, size)
    dr, dc = abs(ra - rb), abs(ca - cb)
    return min(dr, size - dr) + min(dc, size - dc)


def agent(obs, config):
    size = config.size
    halite = obs["halite"]
    bank, yards, ships = obs.players[obs.player]
    if obs.step == 0:
        print("deterministic agent: playing player", obs["player"])
    actions = {}
    taken = set()
    ship_ids = sorted(ships)
    if not yards and ship_ids and bank + ships[ship_ids[0]][1] >= config["convertCost"]:
        actions[ship_ids[0]] = "CONVERT"
        yards = {"new": ships[ship_ids[0]][0]}
        ship_ids = ship_ids[1:]
    for uid in ship_ids:
        pos, cargo = ships[uid]
        if cargo >= RETURN_CARGO and yards:
            home = min(yards.values(), key=lambda y: (distance(size, pos, y), y))
            options = sorted(MOVES, key=lambda m: (distance(size, step_to(size, pos, m), home), m))
        elif halite[pos] >= MINE_FLOOR:
            options = [None]
        else:
            options = sorted(MOVES, key=lambda m: (-halite[step_to(size, pos, m)], m))
        options = options + [None]
        for move in options:
            target = pos if move is None else step_to(size, pos, move)
            if target not in taken:
                taken.add(target)
                if move is not None:
                    actions[uid] = move
                break
    for uid in sorted(yards):
        if uid in obs.players[obs.player][1] and len(ships) < MAX_SHIPS and bank >= config.spawnCost \
                and yards[uid] not in taken and obs.step < config.episodeSteps - 20:
            actions[uid] = "SPAWN"
            bank -= config.spawnCost
            taken.add(yards[uid])
    assert math.isfinite(bank)
    return actions
