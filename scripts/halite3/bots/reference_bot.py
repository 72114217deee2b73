#!/usr/bin/env python3
"""A Halite III bot for making reference games with the official engine.

Not a strong bot: a seeded, simple miner whose games exercise the rules a
reimplementation must match (spawns, moves and their cost, mining and
inspiration near enemy ships, returns, dropoffs, collisions, the end), plus
chosen misbehaviour so that the engine's handling of bad bots is recorded:

  --seed N          its random choices (default 0)
  --dropoffs N      build up to N dropoffs (default 1)
  --fail-at T       exit with status 1 at turn T (a crashed bot)
  --garbage-at T    send an unparseable command at turn T
  --twice-at T      give one ship two commands at turn T (an invalid command)
  --overspend-at T  build a dropoff it cannot pay for at turn T

The protocol is the starter kits' (stdin/stdout, one line a message):
constants as JSON; "players me"; each player's "id x y" shipyard; "width
height" and the halite rows; "NAME" back. Each turn: the turn number, per
player "id ships dropoffs halite" then its ships "id x y halite" and
dropoffs "id x y", then the changed cells "x y halite"; the commands back
on one line: "m ID d", "c ID", "g".
"""
import argparse
import json
import random
import sys

DIRECTIONS = {"n": (0, -1), "s": (0, 1), "e": (1, 0), "w": (-1, 0)}


def read_ints():
    return [int(x) for x in sys.stdin.readline().split()]


class Game:
    def __init__(self):
        self.constants = json.loads(sys.stdin.readline())
        self.num_players, self.me = read_ints()
        self.yards = {}
        for _ in range(self.num_players):
            player, x, y = read_ints()
            self.yards[player] = (x, y)
        self.width, self.height = read_ints()
        self.halite = [read_ints() for _ in range(self.height)]
        self.turn = 0
        self.banks = {}
        self.ships = {}  # player -> {id: (x, y, halite)}
        self.dropoffs = {}  # player -> {id: (x, y)}

    def update(self):
        line = sys.stdin.readline()
        if not line:
            return False
        self.turn = int(line)
        for _ in range(self.num_players):
            player, num_ships, num_dropoffs, bank = read_ints()
            self.banks[player] = bank
            self.ships[player] = {}
            for _ in range(num_ships):
                ship_id, x, y, cargo = read_ints()
                self.ships[player][ship_id] = (x, y, cargo)
            self.dropoffs[player] = {}
            for _ in range(num_dropoffs):
                dropoff_id, x, y = read_ints()
                self.dropoffs[player][dropoff_id] = (x, y)
        for _ in range(read_ints()[0]):
            x, y, amount = read_ints()
            self.halite[y][x] = amount
        return True

    def dist(self, a, b):
        dx = abs(a[0] - b[0])
        dy = abs(a[1] - b[1])
        return min(dx, self.width - dx) + min(dy, self.height - dy)

    def step(self, pos, d):
        dx, dy = DIRECTIONS.get(d, (0, 0))
        return ((pos[0] + dx) % self.width, (pos[1] + dy) % self.height)


def toward(game, pos, target, rng):
    """The directions that bring pos nearer target (shuffled), else 'o'."""
    here = game.dist(pos, target)
    nearer = [d for d in DIRECTIONS if game.dist(game.step(pos, d), target) < here]
    rng.shuffle(nearer)
    return nearer or ["o"]


def play(args):
    rng = random.Random(args.seed)
    game = Game()
    print(f"reference-{args.seed}", flush=True)
    max_turns = game.constants["MAX_TURNS"]
    ship_cost = game.constants["NEW_ENTITY_ENERGY_COST"]
    dropoff_cost = game.constants["DROPOFF_COST"]
    capacity = game.constants["MAX_ENERGY"]
    while game.update():
        t = game.turn
        if t == args.fail_at:
            sys.exit(1)
        me = game.me
        homes = [game.yards[me]] + list(game.dropoffs[me].values())
        taken = set()
        commands = []
        bank = game.banks[me]
        built = len(game.dropoffs[me])
        move_ratio = game.constants["MOVE_COST_RATIO"]
        plans = []
        for ship_id, (x, y, cargo) in sorted(game.ships[me].items()):
            pos = (x, y)
            home = min(homes, key=lambda h: game.dist(pos, h))
            far = game.dist(pos, home) >= 7
            if (t == args.overspend_at and built == 0) or (
                far and built < args.dropoffs and bank + cargo >= dropoff_cost and pos not in homes
            ):
                commands.append(f"c {ship_id}")
                built += 1
                bank -= dropoff_cost
                continue
            late = max_turns - t <= game.dist(pos, home) + 5
            if cargo < game.halite[y][x] // move_ratio:
                options = ["o"]  # cannot pay the move
            elif cargo >= capacity * 0.8 or (late and cargo > 0):
                options = toward(game, pos, home, rng)
            elif game.halite[y][x] >= 60 and cargo < capacity:
                options = ["o"]
            else:
                options = list(DIRECTIONS)
                rng.shuffle(options)
                options.sort(key=lambda d: -game.halite[game.step(pos, d)[1]][game.step(pos, d)[0]])
            plans.append((ship_id, pos, options, late))
        # Ships that stay claim their cells first; the others take free cells
        # (at the end, several may crash home), else stay.
        for ship_id, pos, options, late in plans:
            if options == ["o"]:
                taken.add(pos)
        for ship_id, pos, options, late in plans:
            if options == ["o"]:
                choice = "o"
            else:
                free = [d for d in options if game.step(pos, d) not in taken or (late and game.step(pos, d) in homes)]
                choice = free[0] if free else "o"
                taken.add(game.step(pos, choice))
            commands.append(f"m {ship_id} {choice}")
            if t == args.twice_at:
                commands.append(f"m {ship_id} {choice}")
        yard = game.yards[me]
        if bank >= ship_cost and t < max_turns * 0.6 and yard not in taken and rng.random() < 0.7:
            commands.append("g")
        if t == args.garbage_at:
            commands.append("x 7 ?")
        print(" ".join(commands), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--dropoffs", type=int, default=1)
    for flag in ("fail-at", "garbage-at", "twice-at", "overspend-at"):
        parser.add_argument("--" + flag, type=int, default=-1)
    play(parser.parse_args())


if __name__ == "__main__":
    main()
