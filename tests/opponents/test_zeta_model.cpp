// The models of zeta_best (planner zeta_model) and zeta_final (zf_model),
// one implementation (search/zeta_model.h), against a game both bots played
// in Kaggle's own env, their determinism across games, and their orders on
// every board size the engine accepts.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "build_kind.h"
#include "halite/json_codec.h"
#include "halite/lab/agreement.h"
#include "halite/search/planner.h"
#include "search_checks.h"

using namespace halite;

namespace {

// 4 players (zeta_best, mzotkiew, zeta_final, our default submission), seed
// 1017 (the game tests/test_mz_model.cpp reads for mzotkiew's seat).
Replay kaggle_game() {
  const Replay replay =
      read_replay_file(std::string(HALITE_TESTDATA) + "/kaggle-env/4p_zeta_mz_zf_d10_seed1017.json.gz");
  REQUIRE(replay.num_players == 4);
  return replay;
}

// The model `planner` against the bot's seat: at most `ship_misses` ship
// actions and `spawn_misses` spawn decisions differ, every conversion agrees,
// and a second pass (reset() first) gives the same figures, as the model
// keeps memory across turns.
void check_bot_seat(const char* planner, int seat, int min_decisions, int ship_misses, int spawn_misses) {
  const Replay replay = kaggle_game();
  auto model = search::make_planner(planner, std::vector<std::string>{}, 1);
  lab::TurnBudget budget;
  budget.iterations = 1;
  const lab::Agreement a = lab::replay_agreement(replay, seat, *model, budget);
  CHECK(a.turns == 399);
  const lab::AgreementTally& ships = a.ship(lab::ShipClass::All);
  REQUIRE(ships.decisions > min_decisions);
  CHECK(ships.decisions - ships.agreed <= ship_misses);
  CHECK(a.ship(lab::ShipClass::RecordedConvert).agreed == a.ship(lab::ShipClass::RecordedConvert).decisions);
  CHECK(a.ship(lab::ShipClass::RecordedConvert).decisions > 0);
  CHECK(a.yards.decisions - a.yards.agreed <= spawn_misses);
  const lab::Agreement again = lab::replay_agreement(replay, seat, *model, budget);
  CHECK(again.ship(lab::ShipClass::All).agreed == ships.agreed);
  CHECK(again.yards.agreed == a.yards.agreed);
}

}  // namespace

TEST_CASE("zeta_model gives the orders zeta_best gave in a Kaggle-env game", "[search][zeta_model]") {
  // Measured: 6,639 of 6,640 ship actions and 1,107 of 1,109 spawn decisions;
  // the others follow the bot's random draw at a yard under attack.
  check_bot_seat("zeta_model", 0, 6000, 2, 4);
}

TEST_CASE("zf_model gives the orders zeta_final gave in a Kaggle-env game", "[search][zf_model]") {
  // Measured: 8,507 of 8,509 ship actions and 1,428 of 1,432 spawn decisions;
  // the others follow the bot's random draw at a yard under attack (steps
  // 177 and 238: the Python bot, its draw fixed as the model fixes it, gives
  // the model's orders there).
  check_bot_seat("zf_model", 2, 8000, 2, 4);
}

namespace {

// One game of a model in every seat (each its own planner), every answer
// checked for legality; returns every order given, in turn order.
std::vector<State::Orders> play(std::vector<std::unique_ptr<search::Planner>>& seats, int size, int steps,
                                uint32_t seed) {
  Config config;
  config.size = size;
  config.episode_steps = steps;
  config.random_seed = seed;
  const int players = static_cast<int>(seats.size());
  State s = State::initial(config, players);
  for (auto& p : seats) p->reset();
  std::vector<State::Orders> log;
  std::vector<State::Orders> orders(static_cast<size_t>(players));
  while (!s.is_terminal()) {
    for (int p = 0; p < players; ++p) {
      orders[static_cast<size_t>(p)].clear();
      if (s.player(p).status != Status::Active) continue;
      orders[static_cast<size_t>(p)] = seats[static_cast<size_t>(p)]->plan(s, p, search::Budget::iterations(1));
      testing::check_orders(s, p, orders[static_cast<size_t>(p)], false);
      log.push_back(orders[static_cast<size_t>(p)]);
    }
    s.step(orders);
  }
  return log;
}

std::vector<std::unique_ptr<search::Planner>> seats(const char* planner, int players) {
  std::vector<std::unique_ptr<search::Planner>> out;
  for (int p = 0; p < players; ++p) out.push_back(search::make_planner(planner, std::vector<std::string>{}, 1));
  return out;
}

void check_replays_after_reset(const char* planner) {
  auto players = seats(planner, 4);
  const int steps = testing::per_build(160, 80);
  const auto first = play(players, 21, steps, 11);
  const auto second = play(players, 21, steps, 11);  // the same planners, after reset()
  CHECK(first == second);
  auto fresh = seats(planner, 4);
  CHECK(play(fresh, 21, steps, 11) == first);
  CHECK(play(players, 21, steps, 12) != first);
}

void check_board_sizes(const char* planner) {
  for (int size : {2, 3, 4, 5, 7, 10, 16, 21, 25, 32}) {
    for (int n : {1, 2, 4}) {
      INFO(size << "x" << size << ", " << n << " players");
      auto players = seats(planner, n);
      play(players, size, size <= 10 ? testing::per_build(120, 60) : testing::per_build(60, 30), 9);
    }
  }
}

}  // namespace

TEST_CASE("zeta_model plays the same game again after reset()", "[search][zeta_model]") {
  check_replays_after_reset("zeta_model");
}

TEST_CASE("zf_model plays the same game again after reset()", "[search][zf_model]") {
  check_replays_after_reset("zf_model");
}

TEST_CASE("zeta_model gives legal orders on every board size", "[search][zeta_model]") {
  check_board_sizes("zeta_model");
}

TEST_CASE("zf_model gives legal orders on every board size", "[search][zf_model]") {
  check_board_sizes("zf_model");
}
