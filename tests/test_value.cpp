// The value API (halite/value.h): apply_orders() leaves its input untouched and
// agrees with stage + resolve, legal_actions() and order_result() agree with
// what resolve() then does, the standings and winners, and the retirement
// of idle opponents in states built from observations.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string_view>

#include "conformance.h"
#include "halite/search/rng.h"
#include "halite/value.h"

using namespace halite;

namespace {

UnitId uid(std::string_view text) {
  UnitId id;
  INFO("unit id " << text);
  REQUIRE(UnitId::parse(text, &id));
  return id;
}

Config small_board(int size = 5) {
  Config c;
  c.size = size;
  return c;
}

bool contains(const std::vector<Action>& actions, Action a) {
  return std::find(actions.begin(), actions.end(), a) != actions.end();
}

constexpr Action kAllActions[] = {Action::None, Action::North,   Action::South, Action::East,
                                  Action::West, Action::Convert, Action::Spawn};

}  // namespace

TEST_CASE("apply_orders returns the next state and leaves the original untouched", "[value]") {
  Config config;
  config.random_seed = 7;
  State state = State::initial(config, 4);
  const State before = state;
  std::vector<State::Orders> orders(4);
  orders[0].push_back({state.ships()[0].id, Action::Convert});
  orders[1].push_back({state.ships()[1].id, Action::North});
  const State next = apply_orders(state, orders);
  REQUIRE(state == before);
  State stepped = state;
  stepped.step(orders);
  REQUIRE(next == stepped);
  REQUIRE(next.step() == 1);
  REQUIRE(next.shipyards().size() == 1);
  testing::check_conformance(next);

  const std::vector<Json> answers = {Json{{state.ships()[0].id.str(), "CONVERT"}},
                                     Json{{state.ships()[1].id.str(), "NORTH"}}, Json(), Json::object()};
  REQUIRE(apply_answers(state, answers) == next);
  REQUIRE(state == before);
}

TEST_CASE("apply_answers makes a player whose answer has a value outside the six words INVALID", "[value]") {
  Config config;
  config.random_seed = 3;
  const State state = State::initial(config, 4);
  const std::vector<Json> answers = {Json{{state.ships()[0].id.str(), "JUMP"}}, Json::object(), Json::object(),
                                     Json{{state.ships()[3].id.str(), "CONVERT"}}};
  const State next = apply_answers(state, answers);
  REQUIRE(next.player(0).status == Status::Invalid);
  REQUIRE(next.player(1).status == Status::Active);
  REQUIRE(state.player(0).status == Status::Active);
  // Rewards 5000, 5000 and 4500 (a conversion paid) rank ahead of the failure.
  REQUIRE(ranking(next) == std::vector<int>{3, 0, 0, 2});
  REQUIRE(winners(next) == std::vector<int>{1, 2});
}

TEST_CASE("legal actions of a ship: moves always, CONVERT when paid for and off a shipyard", "[value]") {
  State s = State::empty(small_board(), 2);
  s.add_ship(uid("0-1"), 0, 0, 100);
  s.add_ship(uid("0-2"), 6, 0, 0);
  s.add_shipyard(uid("0-3"), 6, 0);
  s.mutable_player(0).bank = 450;
  const std::vector<Action> first = legal_actions(s, uid("0-1"));
  REQUIRE(first ==
          std::vector<Action>{Action::None, Action::North, Action::South, Action::East, Action::West, Action::Convert});
  REQUIRE(order_result(s, uid("0-1"), Action::Convert) == StageResult::Ok);
  REQUIRE(order_result(s, uid("0-1"), Action::Spawn) == StageResult::NotForThisUnit);
  // On a shipyard: no conversion, whatever the bank.
  REQUIRE_FALSE(contains(legal_actions(s, uid("0-2")), Action::Convert));
  REQUIRE(order_result(s, uid("0-2"), Action::Convert) == StageResult::OnShipyard);
  // Without the cargo the bank alone (450) does not pay 500.
  s.mutable_player(0).bank = 399;
  REQUIRE(order_result(s, uid("0-1"), Action::Convert) == StageResult::InsufficientHalite);
  REQUIRE(legal_actions(s, uid("0-1")).size() == 5);
  REQUIRE_THROWS_AS(legal_actions(s, uid("9-9")), std::invalid_argument);
  REQUIRE_THROWS_AS(order_result(s, uid("9-9"), Action::None), std::invalid_argument);
}

TEST_CASE("legal actions read the orders the player has staged: the bank pays spawns in order", "[value]") {
  State s = State::empty(small_board(), 2);
  s.add_shipyard(uid("0-1"), 0, 0);
  s.add_shipyard(uid("0-2"), 12, 0);
  s.mutable_player(0).bank = 700;
  REQUIRE(legal_actions(s, uid("0-2")) == std::vector<Action>{Action::None, Action::Spawn});
  REQUIRE(s.stage_shipyard(0, Action::Spawn) == StageResult::Ok);
  // The first yard's spawn takes 500 of the 700: the second cannot spawn.
  REQUIRE(legal_actions(s, uid("0-2")) == std::vector<Action>{Action::None});
  REQUIRE(order_result(s, uid("0-2"), Action::Spawn) == StageResult::InsufficientHalite);
  REQUIRE(order_result(s, uid("0-1"), Action::North) == StageResult::NotForThisUnit);
  // Asking about the first yard replaces its own order: it can still spawn.
  REQUIRE(legal_actions(s, uid("0-1")) == std::vector<Action>{Action::None, Action::Spawn});
  const State staged = s;
  (void)legal_actions(s, uid("0-2"));
  REQUIRE(s == staged);
}

TEST_CASE("a player that is not active has only None", "[value]") {
  State s = State::empty(small_board(), 2);
  s.add_ship(uid("0-1"), 0, 0, 1000);
  s.mutable_player(0).status = Status::Done;
  REQUIRE(legal_actions(s, uid("0-1")) == std::vector<Action>{Action::None});
  REQUIRE(order_result(s, uid("0-1"), Action::North) == StageResult::PlayerNotActive);
}

TEST_CASE("legal actions take effect when the turn resolves, over seeded random games", "[value]") {
  search::Rng rng(11);
  for (int game = 0; game < 6; ++game) {
    Config config;
    config.size = 7 + game;
    config.episode_steps = 60;
    config.random_seed = static_cast<uint32_t>(100 + game);
    State state = State::initial(config, game % 2 == 0 ? 2 : 4);
    while (!state.is_terminal()) {
      // Stage a random legal order for every unit, checking legal_actions
      // against order_result as the turn builds (the answer depends on what
      // is staged). Yards first: the reference pays spawns before
      // conversions, so in this order no later order changes an earlier answer.
      int spawns = 0, conversions = 0;
      for (const Shipyard& yard : state.shipyards()) {
        const std::vector<Action> legal = legal_actions(state, yard.id);
        for (Action a : kAllActions)
          REQUIRE(contains(legal, a) == (order_result(state, yard.id, a) == StageResult::Ok));
        const Action chosen = legal[rng.below(static_cast<uint32_t>(legal.size()))];
        REQUIRE(state.stage_shipyard(state.find_shipyard(yard.id), chosen) == StageResult::Ok);
        spawns += chosen == Action::Spawn;
      }
      for (const Ship& ship : state.ships()) {
        const std::vector<Action> legal = legal_actions(state, ship.id);
        for (Action a : kAllActions)
          REQUIRE(contains(legal, a) == (order_result(state, ship.id, a) == StageResult::Ok));
        const Action chosen = legal[rng.below(static_cast<uint32_t>(legal.size()))];
        REQUIRE(state.stage_ship(state.find_ship(ship.id), chosen) == StageResult::Ok);
        conversions += chosen == Action::Convert;
      }
      for (const Ship& ship : state.ships()) REQUIRE(ship.action != Action::Spawn);
      // The new units are at most those ordered (this turn's collisions may
      // destroy some of them).
      const State next = apply_orders(state, std::vector<State::Orders>{});
      int new_yards = 0, new_ships = 0;
      for (const Shipyard& y : next.shipyards()) new_yards += static_cast<int>(y.id.label()) == next.step();
      for (const Ship& sh : next.ships()) new_ships += static_cast<int>(sh.id.label()) == next.step();
      REQUIRE(new_yards <= conversions);
      REQUIRE(new_ships <= spawns);
      int issued = 0;  // the turn's id serials count every spawn and conversion made
      for (const Shipyard& y : next.shipyards())
        if (static_cast<int>(y.id.label()) == next.step()) issued = std::max(issued, static_cast<int>(y.id.serial()));
      for (const Ship& sh : next.ships())
        if (static_cast<int>(sh.id.label()) == next.step()) issued = std::max(issued, static_cast<int>(sh.id.serial()));
      REQUIRE(issued <= spawns + conversions);
      testing::check_conformance(next);
      state = next;
    }
    const std::vector<int> ranks = ranking(state);
    const std::vector<double> rewards = final_rewards(state);
    for (int p : winners(state)) {
      REQUIRE(ranks[p] == 0);
      for (double r : rewards) REQUIRE(rewards[p] >= r);
    }
  }
}

TEST_CASE("rank_players: higher first, ties share a rank, failures last", "[value]") {
  const double failed = -std::numeric_limits<double>::infinity();
  REQUIRE(rank_players({10, 30, 20, 5}) == std::vector<int>{2, 0, 1, 3});
  REQUIRE(rank_players({30, 30, failed, 5}) == std::vector<int>{0, 0, 3, 2});
  REQUIRE(rank_players({failed, failed}) == std::vector<int>{0, 0});
}

TEST_CASE("retire_idle_opponents marks players the interpreter has retired, never the asking player", "[value]") {
  State s = State::empty(small_board(), 4);
  s.add_ship(uid("0-1"), 0, 0, 0);
  s.add_shipyard(uid("0-2"), 3, 1);  // player 1: a yard and the bank to spawn
  s.add_shipyard(uid("0-3"), 4, 2);  // player 2: a yard but no bank
  s.mutable_player(1).bank = 500;
  s.mutable_player(2).bank = 499;
  s.mutable_player(3).bank = 5000;  // player 3: nothing on the board
  State asked_by_3 = s;
  retire_idle_opponents(asked_by_3, 3);
  REQUIRE(asked_by_3.player(0).status == Status::Active);
  REQUIRE(asked_by_3.player(1).status == Status::Active);
  REQUIRE(asked_by_3.player(2).status == Status::Done);
  REQUIRE(asked_by_3.player(3).status == Status::Active);
  retire_idle_opponents(s, 0);
  REQUIRE(s.player(3).status == Status::Done);
}
