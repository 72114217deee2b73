"""The halite4 module: State and its value API, Game, numpy views, BatchEnv,
the planners, and the errors. Run by ctest with PYTHONPATH=<build>/python:

    PYTHONPATH=build/python python3 python/tests/test_module.py
"""
import copy
import json
import math
import unittest

import numpy as np

import halite4

WORDS = {"NORTH", "SOUTH", "EAST", "WEST", "CONVERT", "SPAWN"}
SHIP_CODES = [None, "NORTH", "SOUTH", "EAST", "WEST", "CONVERT"]


def own_units(state, player):
    obs = state.observation(player)
    bank, yards, ships = obs["players"][player]
    return set(yards), set(ships)


class StateTest(unittest.TestCase):
    def test_initial_state_in_kaggle_layout(self):
        s = halite4.State.initial(4, seed=42)
        self.assertEqual((s.step, s.num_players, s.size), (0, 4, 21))
        obs = s.observation(2)
        self.assertEqual(set(obs), {"halite", "players", "player", "step", "remainingOverageTime"})
        self.assertEqual(obs["player"], 2)
        self.assertEqual(len(obs["halite"]), 441)
        self.assertEqual([p[0] for p in obs["players"]], [5000] * 4)
        self.assertEqual(s.ship_ids, ["0-1", "0-2", "0-3", "0-4"])
        self.assertEqual(s.configuration["randomSeed"], 42)
        self.assertEqual(halite4.State.from_observation(obs, s.configuration), s)

    def test_apply_returns_a_new_state_and_leaves_the_original(self):
        s = halite4.State.initial(2, seed=3)
        before = s.copy()
        ship0, ship1 = s.ship_ids
        nxt = s.apply([{ship0: "CONVERT"}, {ship1: "NORTH"}])
        self.assertEqual(s, before)
        self.assertEqual(s.step, 0)
        self.assertEqual(nxt.step, 1)
        self.assertEqual(nxt.shipyard_ids, ["1-1"])
        self.assertEqual(nxt.banks, [4500, 5000])
        self.assertNotEqual(nxt, s)
        self.assertEqual(copy.copy(nxt), nxt)
        self.assertEqual(copy.deepcopy(nxt), nxt)
        self.assertEqual(hash(copy.copy(nxt)), hash(nxt))

    def test_legal_actions_and_order_results(self):
        s = halite4.State.initial(2, seed=3)
        ship = s.ship_ids[0]
        self.assertEqual(s.legal_actions(ship), [None, "NORTH", "SOUTH", "EAST", "WEST", "CONVERT"])
        s = s.apply([{ship: "CONVERT"}, {}])
        yard = s.shipyard_ids[0]
        self.assertEqual(s.legal_actions(yard), [None, "SPAWN"])
        self.assertEqual(s.order_result(yard, "SPAWN"), "ok")
        self.assertEqual(s.order_result(yard, "NORTH"), "not_for_this_unit")
        self.assertTrue(s.would_take_effect(yard, None))
        # A bank of 500 pays one spawn or one conversion, not both.
        obs = {"step": 3, "halite": [0] * 25,
               "players": [[500, {"1-1": 0}, {"2-1": [12, 0]}], [5000, {}, {"0-2": [20, 0]}]]}
        poor = halite4.State.from_observation(obs, {"size": 5})
        self.assertEqual(poor.order_result("2-1", "CONVERT"), "ok")
        # The player's other orders are staged first: the spawn pays before the conversion.
        self.assertEqual(poor.order_result("2-1", "CONVERT", actions={"1-1": "SPAWN"}), "insufficient_halite")
        self.assertFalse(poor.would_take_effect("2-1", "CONVERT", {"1-1": "SPAWN"}))
        self.assertEqual(poor.legal_actions("0-2"), [None, "NORTH", "SOUTH", "EAST", "WEST", "CONVERT"])
        with self.assertRaisesRegex(ValueError, "no live ship or shipyard has the id 99-9"):
            s.legal_actions("99-9")
        with self.assertRaisesRegex(ValueError, "unit id"):
            s.legal_actions("ship one")
        with self.assertRaisesRegex(ValueError, "NORTH, SOUTH"):
            s.order_result(yard, "JUMP")

    def test_game_over_winners_ranking(self):
        config = {"episodeSteps": 12, "size": 9}
        s = halite4.State.initial(4, config, seed=1)
        while not s.game_over:
            s = s.apply([{} for _ in range(4)])
        self.assertEqual(s.step, 11)
        self.assertEqual(s.statuses, ["DONE"] * 4)
        self.assertEqual(s.rewards, [5000.0] * 4)
        self.assertEqual(s.ranking, [0, 0, 0, 0])
        self.assertEqual(s.winners, [0, 1, 2, 3])

    def test_invalid_answer_and_failures_as_kaggle_applies_them(self):
        s = halite4.State.initial(4, seed=5)
        nxt = s.apply([{s.ship_ids[0]: "JUMP"}, {}, {}, {s.ship_ids[3]: "CONVERT"}])
        self.assertEqual(nxt.statuses, ["INVALID", "ACTIVE", "ACTIVE", "ACTIVE"])
        self.assertEqual(nxt.rewards, [None, 5000, 5000, 4500])
        self.assertEqual(nxt.ranking, [3, 0, 0, 2])
        self.assertEqual(nxt.winners, [1, 2])
        failed = s.apply([None, {}, {}, {}], failures=[None, "TIMEOUT", None, "ERROR"])
        self.assertEqual(failed.statuses, ["ACTIVE", "TIMEOUT", "ACTIVE", "ERROR"])
        # With one player left the episode ends: the others are DONE.
        two = halite4.State.initial(2, seed=5).apply([{"0-1": "JUMP"}, {}])
        self.assertEqual(two.statuses, ["INVALID", "DONE"])
        self.assertTrue(two.game_over)
        with self.assertRaisesRegex(halite4.JsonError, "failures\\[1\\]"):
            s.apply([None] * 4, failures=[None, "ACTIVE", None, None])

    def test_numpy_views_and_planes(self):
        s = halite4.State.initial(4, seed=9)
        for _ in range(5):
            s = s.apply([{i: "SOUTH" for i in s.ship_ids}] * 4)
        halite = s.halite
        self.assertEqual(halite.shape, (21, 21))
        self.assertFalse(halite.flags.writeable)
        self.assertIsNotNone(halite.base)
        self.assertEqual(halite.ravel().tolist(), s.observation()["halite"])
        with self.assertRaises(ValueError):
            halite[0, 0] = 1
        ships = s.ships
        self.assertEqual(ships.dtype.names, ("cargo", "id", "cell", "owner", "action"))
        obs = s.observation()
        for sid, record in zip(s.ship_ids, ships):
            owner = int(record["owner"])
            self.assertEqual([int(record["cell"]), float(record["cargo"])], obs["players"][owner][2][sid])
        planes = s.planes()
        for record in ships:
            cell = int(record["cell"])
            self.assertEqual(planes["ship_owner"].ravel()[cell], record["owner"])
            self.assertEqual(planes["ship_cargo"].ravel()[cell], record["cargo"])
        self.assertEqual(int((planes["ship_owner"] >= 0).sum()), len(ships))
        self.assertEqual(int((planes["shipyard_owner"] >= 0).sum()), len(s.shipyards))
        # A view keeps its state alive.
        view = halite4.State.initial(2, seed=1).halite
        total = float(view.sum())
        self.assertEqual(float(view.sum()), total)

    def test_errors_name_what_was_wrong(self):
        s = halite4.State.initial(2, seed=1)
        obs = s.observation()
        bad = json.loads(json.dumps(obs))
        bad["players"][1][2]["0-2"] = [600, 0]
        with self.assertRaisesRegex(halite4.JsonError, "observation"):
            halite4.State.from_observation(bad)
        bad = json.loads(json.dumps(obs))
        bad["players"][0][2]["0-1"] = {1, 2}
        with self.assertRaisesRegex(halite4.JsonError, 'observation\\["players"\\]\\[0\\]\\[2\\]\\["0-1"\\]: a set'):
            halite4.State.from_observation(bad)
        bad = json.loads(json.dumps(obs))
        bad["halite"][3] = math.nan
        with self.assertRaisesRegex(halite4.JsonError, "finite"):
            halite4.State.from_observation(bad)
        with self.assertRaisesRegex(halite4.JsonError, "size"):
            halite4.State.initial(2, {"size": 40})
        deep = []
        for _ in range(1100):
            deep = [deep]
        with self.assertRaisesRegex(halite4.JsonError, "deeper than 1000"):
            halite4.State.from_observation({"halite": deep})
        with self.assertRaisesRegex(ValueError, "expected a list of 2 action dicts"):
            s.apply([{}])
        with self.assertRaisesRegex(IndexError, "player 3"):
            s.observation(3)
        with self.assertRaisesRegex(ValueError, "seed"):
            halite4.State.initial(2, seed=-1)
        with self.assertRaisesRegex(TypeError, "seed: expected an integer, got '7'"):
            halite4.State.initial(2, seed="7")


class GameTest(unittest.TestCase):
    def test_a_game_steps_records_and_replays(self):
        game = halite4.Game(2, {"episodeSteps": 30}, seed=4)
        planners = [halite4.Planner("greedy", seed=p) for p in range(2)]
        while not game.done:
            game.step([planners[p].plan(game.observation(p), game.state.configuration) for p in range(2)])
        self.assertEqual(game.step_count, 29)
        replay = game.replay(["a", "b"])
        self.assertEqual(len(replay["steps"]), 30)
        self.assertEqual(replay["info"]["TeamNames"], ["a", "b"])
        json.dumps(replay)
        # The replay's actions reproduce the game.
        again = halite4.Game.from_observation(replay["steps"][0][0]["observation"], replay["configuration"])
        for row in replay["steps"][1:]:
            again.step([entry["action"] for entry in row])
        self.assertEqual(again.state, game.state)
        self.assertEqual(again.rewards, game.rewards)
        self.assertEqual([entry["reward"] for entry in replay["steps"][-1]], game.rewards)

    def test_a_bad_step_changes_nothing_and_copies_are_independent(self):
        game = halite4.Game(2, seed=4)
        before = game.state
        with self.assertRaises(ValueError):
            game.step([{}, {"0-2": "NORTH"}, {}])
        with self.assertRaises(halite4.JsonError):
            game.step([{}, {"0-2": object()}])
        self.assertEqual(game.state, before)
        twin = game.copy()
        game.step([{"0-1": "CONVERT"}, {}])
        self.assertEqual(twin.state, before)
        self.assertEqual(game.halite.shape, (21, 21))
        view = game.halite
        game.step([{}, {}])
        self.assertEqual(view.ravel().tolist(), game.observation()["halite"])

    def test_a_finished_game_refuses_a_step(self):
        game = halite4.Game(1, {"episodeSteps": 3}, seed=1, record=False)
        game.step([{}])
        game.step([{}])
        self.assertTrue(game.done)
        with self.assertRaisesRegex(ValueError, "the game is over"):
            game.step([{}])
        with self.assertRaisesRegex(ValueError, "record=False"):
            game.replay()


def plane_actions(state, ship_plane, yard_plane):
    """The Kaggle action dicts that the BatchEnv's planes give."""
    actions = [{} for _ in range(state.num_players)]
    for sid, record in zip(state.ship_ids, state.ships):
        word = SHIP_CODES[ship_plane.ravel()[record["cell"]]]
        if word:
            actions[record["owner"]][sid] = word
    for yid, record in zip(state.shipyard_ids, state.shipyards):
        if yard_plane.ravel()[record["cell"]]:
            actions[record["owner"]][yid] = "SPAWN"
    return actions


class BatchEnvTest(unittest.TestCase):
    def test_games_follow_the_engine_exactly(self):
        config = {"episodeSteps": 25, "size": 11}
        env = halite4.BatchEnv(8, 4, config, seed=100)
        self.assertEqual(env.halite.shape, (8, 11, 11))
        self.assertEqual(env.seeds.tolist(), list(range(100, 108)))
        games = [halite4.Game(4, config, seed=100 + g, record=False) for g in range(8)]
        rng = np.random.default_rng(1)
        for turn in range(24):
            ship = rng.choice(6, size=(8, 11, 11), p=[0.3, 0.17, 0.17, 0.17, 0.17, 0.02]).astype(np.int8)
            yard = (rng.random((8, 11, 11)) < 0.3).astype(np.int8)
            expected = [plane_actions(g.state, ship[i], yard[i]) for i, g in enumerate(games)]
            env.step(ship, yard)
            for i, g in enumerate(games):
                g.step(expected[i])
                self.assertEqual(env.state(i), g.state) if not g.done else None
                planes = g.state.planes() if not g.done else None
                if planes is not None:
                    self.assertTrue(np.array_equal(env.ship_owner[i], planes["ship_owner"]))
                    self.assertTrue(np.array_equal(env.ship_cargo[i], planes["ship_cargo"]))
                    self.assertTrue(np.array_equal(env.shipyard_owner[i], planes["shipyard_owner"]))
                    self.assertTrue(np.array_equal(env.halite[i], g.halite))
                    self.assertEqual(env.banks[i].tolist(), g.state.banks)
        # The last turn ended every game: rewards are the final ones and the games restarted.
        self.assertTrue(env.done.all())
        for i, g in enumerate(games):
            self.assertTrue(g.done)
            self.assertEqual(env.rewards[i].tolist(),
                             [-math.inf if r is None else r for r in g.rewards])
        self.assertEqual(env.steps.tolist(), [0] * 8)
        self.assertEqual(env.seeds.tolist(), list(range(108, 116)))

    def test_load_and_games_that_stay_over(self):
        config = {"episodeSteps": 6, "size": 7}
        env = halite4.BatchEnv(3, 2, config, seed=5, auto_reset=False)
        position = halite4.State.initial(2, config, seed=40).apply([{"0-1": "CONVERT"}, {}])
        env.load(1, position)
        self.assertEqual(env.state(1), position)
        self.assertEqual(env.steps.tolist(), [0, 1, 0])
        self.assertEqual(env.banks[1].tolist(), position.banks)
        still = np.zeros((3, 7, 7), np.int8)
        for _ in range(4):                             # game 1 started at step 1: its 5 states are played
            env.step(still)
        self.assertEqual(env.done.tolist(), [False, True, False])
        self.assertEqual(env.rewards[1].tolist(), [4500, 5000])
        over = env.state(1)
        env.step(still)
        self.assertEqual(env.done.tolist(), [True, True, True])
        self.assertEqual(env.state(1), over)           # a finished game stays as it ended
        self.assertEqual(env.rewards[1].tolist(), [0, 0])
        with self.assertRaisesRegex(ValueError, "2-player state on a 7x7 board"):
            env.load(0, halite4.State.initial(4, config))
        with self.assertRaises(IndexError):
            env.state(3)

    def test_bad_arrays_are_refused_and_change_nothing(self):
        env = halite4.BatchEnv(2, 2, {"size": 7}, seed=1)
        before = env.state(0)
        with self.assertRaisesRegex(ValueError, "shape \\(2, 7, 7\\)"):
            env.step(np.zeros((2, 5, 5), np.int8))
        bad = np.zeros((2, 7, 7), np.int8)
        bad[1, 3, 3] = 9
        with self.assertRaisesRegex(ValueError, "ship_actions: codes"):
            env.step(bad)
        self.assertEqual(env.state(0), before)
        with self.assertRaisesRegex(ValueError, "num_players"):
            halite4.BatchEnv(2, 3)


class PlannerTest(unittest.TestCase):
    def check_answer(self, state, player, answer):
        yards, ships = own_units(state, player)
        for unit, word in answer.items():
            self.assertIn(word, WORDS)
            self.assertIn(unit, yards | ships)

    def test_every_planner_answers_legally_and_deterministically(self):
        game = halite4.Game(4, seed=8, record=False)
        for _ in range(30):
            game.step([halite4.plan(game.observation(p), planner="greedy") for p in range(4)])
        obs = game.observation(1)
        config = game.state.configuration
        self.assertIn("fleet", halite4.planners())
        for name in halite4.planners():
            first = halite4.plan(obs, config, planner=name, iterations=20, seed=3)
            second = halite4.plan(obs, config, planner=name, iterations=20, seed=3)
            self.assertEqual(first, second, name)
            self.check_answer(game.state, 1, first)
        timed = halite4.plan(obs, config, planner="beam", budget_ms=30)
        self.check_answer(game.state, 1, timed)

    def test_a_planner_keeps_its_game(self):
        planner = halite4.Planner("fleet", {"spawn_min_value": 500}, seed=2)
        self.assertEqual(planner.name, "fleet")
        game = halite4.Game(2, {"episodeSteps": 40}, seed=6, record=False)
        opponent = halite4.Planner("miner")
        while not game.done:
            game.step([planner.plan(game.observation(0)), opponent.plan_state(game.state, 1)])
        self.assertEqual(game.statuses, ["DONE", "DONE"])
        planner.reset()

    def test_planner_errors(self):
        with self.assertRaisesRegex(halite4.ParamError, "unknown planner 'nope'; known: random"):
            halite4.Planner("nope")
        with self.assertRaisesRegex(halite4.ParamError, "no_such_param"):
            halite4.Planner("fleet", {"no_such_param": 1})
        with self.assertRaisesRegex(ValueError, "iterations"):
            halite4.plan(halite4.State.initial(2).observation(), iterations=0)
        with self.assertRaisesRegex(TypeError, "budget_ms: expected a number"):
            halite4.plan(halite4.State.initial(2).observation(), budget_ms="fast")
        self.assertIn("spawn_min_value", halite4.planner_params("fleet"))


if __name__ == "__main__":
    unittest.main(verbosity=1)
