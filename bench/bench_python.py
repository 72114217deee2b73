"""Speed of the halite4 module from Python (docs/python.md, "Speed").

    PYTHONPATH=build/python python3 bench/bench_python.py [--seed-simulator DIR] [--repeat N]

One turn of a 4-player game with 100 ships (the state of bench_engine's
BM_*100Ships: the fullest state of replay s12, filled to 100 ships, every
ship given a random move) is timed through halite4's State.apply (the Kaggle
action dicts read in, the binding included), and, given the same state and
the same actions, through kaggle_environments' Board.next() and the numpy
simulator of ../shared/seeds/000 when they are importable (each is skipped,
with the reason, when not). Then the batched environment: 256 games of 4
players stepped together with random action planes (drawn before the clock
starts), in game-turns per second on one core: whole games from the starting
boards (random play keeps few ships alive), and games loaded with the
100-ship position (BatchEnv.load) whose ships all move one way each turn.

kaggle_environments comes from the scratch set-up of
../shared/tools/kaggle-arena (`source /tmp/opp/env.sh`). The seed's simulator
is a notebook, not a module: --seed-simulator names a folder holding
seed_simulator.py, its code cells extracted (kept outside the repository).
"""
import argparse
import gzip
import json
import os
import random
import statistics
import sys
import time

import numpy as np

import halite4

HERE = os.path.dirname(os.path.abspath(__file__))
REPLAY = os.path.join(HERE, "..", "testdata", "replays", "s12_4p_s21_greedy_x4.json.gz")
TARGET_SHIPS = 100
FILL_STRIDE = 3           # every third free cell gets a ship, as bench_engine fills it
FILL_BANK = 1000000       # banks large enough that nothing is refused
BATCH_GAMES = 256
BATCH_TURNS = 400
PLANE_POOL = 16           # pre-drawn action planes, cycled
SHIP_ACTION_P = [0.2, 0.195, 0.195, 0.195, 0.195, 0.02]  # none, N, S, E, W, CONVERT
SPAWN_P = 0.25
CROWDED_TURNS = 100      # from the 100-ship position at step 197: the game goes on past it


def hundred_ship_position():
    with gzip.open(REPLAY) as f:
        replay = json.load(f)
    steps = replay["steps"]
    count = lambda t: sum(len(p[2]) for p in steps[t][0]["observation"]["players"])
    best = max(range(len(steps)), key=count)
    obs = json.loads(json.dumps(steps[best][0]["observation"]))
    occupied = {c for p in obs["players"] for c in list(p[1].values()) + [v[0] for v in p[2].values()]}
    ships, serial = count(best), 1
    size = replay["configuration"]["size"]
    for cell in range(0, size * size, FILL_STRIDE):
        if ships >= TARGET_SHIPS:
            break
        if cell not in occupied:
            obs["players"][cell % 4][2]["0-%d" % (100 + serial)] = [cell, cell % 7 * 10]
            serial += 1
            ships += 1
    for p in obs["players"]:
        p[0] = FILL_BANK
    rng = random.Random(7)
    actions = []
    for p in obs["players"]:
        words = {sid: rng.choice(["NORTH", "SOUTH", "EAST", "WEST", None]) for sid in p[2]}
        actions.append({k: v for k, v in words.items() if v})
    return obs, replay["configuration"], actions


def per_call_us(fn, repeat, number):
    """Median over `repeat` runs of the mean time of one call, in microseconds."""
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        runs.append((time.perf_counter() - t0) / number * 1e6)
    return statistics.median(runs), min(runs)


def bench_halite4(obs, config, actions, repeat):
    state = halite4.State.from_observation(obs, config)
    print("halite4: %s" % state)
    median, best = per_call_us(lambda: state.apply(actions), repeat, 20000)
    return median, best, state.apply(actions)


def bench_kaggle(obs, config, actions, repeat, reference):
    try:
        from kaggle_environments.envs.halite.helpers import Board
    except ImportError as e:
        print("kaggle_environments: skipped (not importable: %s; source /tmp/opp/env.sh, see "
              "../shared/tools/kaggle-arena/README.md)" % e)
        return None
    board = Board(obs, config, next_actions=actions)
    nxt = board.next().observation
    same = nxt["halite"] == reference.observation()["halite"] and \
        [p[0] for p in nxt["players"]] == reference.banks
    print("kaggle_environments Board.next(): the same next board and banks as halite4: %s" % same)
    median, best = per_call_us(board.next, repeat, 200)
    return median, best


def bench_seed(obs, config, actions, repeat, folder, reference):
    if not folder:
        print("seed numpy simulator: skipped (no --seed-simulator folder given)")
        return None
    sys.path.insert(0, folder)
    try:
        import seed_simulator
    except ImportError as e:
        print("seed numpy simulator: skipped (not importable from %s: %s)" % (folder, e))
        return None
    sim = seed_simulator.Simulator(config, len(obs["players"]))
    step_data = [{"action": a} for a in actions]
    sim.parse(obs)
    sim.next(step_data)
    close = bool(np.all(np.abs(sim.board_halite.ravel() - np.array(reference.observation()["halite"])) < 1e-9))
    print("seed numpy simulator: next board within 1e-9 of halite4's: %s; banks %s vs %s" %
          (close, [int(b) for b in sim.player_halite], [int(b) for b in reference.banks]))
    # next() changes the simulator: each timed turn starts from parse(), timed apart and subtracted.
    parse_only = per_call_us(lambda: sim.parse(obs), repeat, 300)
    both = per_call_us(lambda: (sim.parse(obs), sim.next(step_data)), repeat, 300)
    return both[0] - parse_only[0], both[1] - parse_only[1]


def random_planes(rng, size, ship_p, spawn_p):
    ships = [rng.choice(6, size=(BATCH_GAMES, size, size), p=ship_p).astype(np.int8) for _ in range(PLANE_POOL)]
    yards = [(rng.random((BATCH_GAMES, size, size)) < spawn_p).astype(np.int8) for _ in range(PLANE_POOL)]
    return ships, yards


def bench_batch_from_start(repeat):
    """Whole games from the starting boards with random planes: few ships survive random play."""
    env = halite4.BatchEnv(BATCH_GAMES, 4, seed=1)
    ships, yards = random_planes(np.random.default_rng(3), env.halite.shape[1], SHIP_ACTION_P, SPAWN_P)
    rates, ship_counts = [], []
    for _ in range(repeat):
        env.reset()
        t0 = time.perf_counter()
        for turn in range(BATCH_TURNS):
            env.step(ships[turn % PLANE_POOL], yards[turn % PLANE_POOL])
            if turn % 50 == 49:
                ship_counts.append(float((env.ship_owner >= 0).sum()) / BATCH_GAMES)
        rates.append(BATCH_GAMES * BATCH_TURNS / (time.perf_counter() - t0))
    return statistics.median(rates), max(rates), statistics.mean(ship_counts)


def bench_batch_crowded(position, repeat):
    """Every game from the 100-ship position; each turn all the ships of a game move one way
    (a random direction per game and turn), so that they do not collide and the boards stay
    crowded (random moves per ship sink them: 100 to about 43 in 10 turns)."""
    env = halite4.BatchEnv(BATCH_GAMES, 4, seed=1)
    rng = np.random.default_rng(4)
    size = env.halite.shape[1]
    planes = [np.broadcast_to(rng.integers(1, 5, size=(BATCH_GAMES, 1, 1), dtype=np.int8),
                              (BATCH_GAMES, size, size)).copy() for _ in range(PLANE_POOL)]
    rates, ship_counts = [], []
    for _ in range(repeat):
        for g in range(BATCH_GAMES):
            env.load(g, position)
        t0 = time.perf_counter()
        for turn in range(CROWDED_TURNS):
            env.step(planes[turn % PLANE_POOL])
        rates.append(BATCH_GAMES * CROWDED_TURNS / (time.perf_counter() - t0))
        ship_counts.append(float((env.ship_owner >= 0).sum()) / BATCH_GAMES)
    return statistics.median(rates), max(rates), statistics.mean(ship_counts)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed-simulator", default="", help="folder with seed_simulator.py (see above)")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    obs, config, actions = hundred_ship_position()
    print("one turn, 4 players, %d ships, %d orders (medians of %d runs; best in brackets)" %
          (sum(len(p[2]) for p in obs["players"]), sum(len(a) for a in actions), args.repeat))
    h_median, h_best, reference = bench_halite4(obs, config, actions, args.repeat)
    rows = [("halite4 State.apply (dicts in, binding included)", h_median, h_best)]
    kaggle = bench_kaggle(obs, config, actions, args.repeat, reference)
    if kaggle:
        rows.append(("kaggle_environments Board.next()", kaggle[0], kaggle[1]))
    seed = bench_seed(obs, config, actions, args.repeat, args.seed_simulator, reference)
    if seed:
        rows.append(("seed numpy simulator next() (parse() excluded)", seed[0], seed[1]))
    print("%-52s %12s %10s" % ("", "us per turn", "vs halite4"))
    for name, median, best in rows:
        print("%-52s %7.1f (%.1f) %9.1fx" % (name, median, best, median / h_median))
    print("BatchEnv, %d games of 4 players, one core (medians; best in brackets):" % BATCH_GAMES)
    rate, best_rate, ships = bench_batch_from_start(max(1, args.repeat // 2))
    print("  from the starting boards, random planes, %d turns: %.0f game-turns/s (%.0f), %.1f ships a game" %
          (BATCH_TURNS, rate, best_rate, ships))
    position = halite4.State.from_observation(obs, config)
    rate, best_rate, ships = bench_batch_crowded(position, max(1, args.repeat // 2))
    print("  from the 100-ship position, %d turns, each game's ships all moving one way: %.0f game-turns/s (%.0f), "
          "%.0f ships a game at the end" % (CROWDED_TURNS, rate, best_rate, ships))

if __name__ == "__main__":
    main()
