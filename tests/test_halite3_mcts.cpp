// Halite III's mcts planner (search3/'s mcts.h) and its rollout policy
// (rollout.h): legal commands in seeded games of 2 and 4 players on 32x32 and
// 64x64 maps, the same game for a seed and an iteration cap, a consistent
// tree every turn, the policy's commands on turns without contact, and the
// rollout's moves on hand-made states.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "build_kind.h"
#include "halite/lab/halite3_match.h"
#include "halite3/search/mcts.h"
#include "halite3/search/policy.h"
#include "halite3/search/rollout.h"
#include "halite3_search_checks.h"

using namespace halite;
using halite::testing::per_build;

TEST_CASE("halite3 mcts: legal commands in seeded games of 2 and 4 players on 32x32 and 64x64", "[halite3][mcts]") {
  struct Game {
    int size, players, turns;
    uint32_t seed;
  };
  const std::vector<Game> games = {{32, 2, per_build(120, 40), 3},
                                   {32, 4, per_build(120, 40), 4},
                                   {64, 2, per_build(60, 20), 5},
                                   {64, 4, per_build(60, 20), 6}};
  int differing = 0;
  for (const Game& g : games) {
    INFO(g.size << "x" << g.size << ", " << g.players << " players, seed " << g.seed);
    const testing::Halite3Played played =
        testing::play_halite3_searched("mcts", g.size, g.players, g.turns, g.seed, {"contact_radius=0"});
    CHECK(played.match.result.aborted == "");
    for (const std::string& error : played.match.result.errors) CHECK(error == "");
    differing += played.differing;
  }
  // The search is no copy of the policy: it leaves the policy's joint move
  // on some turns.
  CHECK(differing > 0);
}

TEST_CASE("halite3 mcts: the same game for a seed and an iteration cap", "[halite3][mcts]") {
  const int turns = per_build(80, 30);
  const testing::Halite3Played a = testing::play_halite3_searched("mcts", 32, 4, turns, 8, {"contact_radius=0"});
  const testing::Halite3Played b = testing::play_halite3_searched("mcts", 32, 4, turns, 8, {"contact_radius=0"});
  CHECK(a.searched_commands == b.searched_commands);
  CHECK(a.match.final_state == b.match.final_state);
  CHECK(a.match.result.banks == b.match.result.banks);
}

TEST_CASE("halite3 mcts: a consistent tree every turn, and the policy's commands without contact", "[halite3][mcts]") {
  const lab::Halite3Start start = lab::halite3_start(11, 32, 2, 0);
  const halite3::Constants& c = start.constants;
  halite::search::Params params = halite3::search::planner_params("mcts");
  params.set_from_string("max_units=4");
  const auto mcts = halite3::search::make_mcts_planner(params, 5);
  halite3::search::GreedyPolicy own(halite3::search::PolicyParams::defaults());
  halite3::search::GreedyPolicy other(halite3::search::PolicyParams::defaults());
  halite3::State s = start.state;
  const int turns = per_build(150, 60);
  int searched = 0, unsearched = 0;
  for (int turn = 0; turn < turns; ++turn) {
    halite3::update_inspiration(s, c);
    INFO("turn " << s.turn);
    std::vector<halite3::PlayerCommands> commands(2);
    commands[0].commands = mcts->decide(s, c, 0, halite::search::Budget::iterations(60));
    const std::vector<halite3::Command> policy = own.decide(s, c, 0);
    const halite3::search::MctsTurnInfo& info = mcts->last_turn();
    CHECK(mcts->check_tree() == "");
    CHECK(info.units <= 4);
    if (info.units == 0) {
      ++unsearched;
      CHECK(commands[0].commands == policy);
      CHECK(info.iterations == 0);
    } else {
      ++searched;
      CHECK(info.iterations == 60);
      CHECK(info.nodes >= 1);
      CHECK(info.root_joint_moves >= 1);
      if (info.chose_policy) CHECK(commands[0].commands == policy);
    }
    testing::check_halite3_commands(s, c, 0, commands[0].commands);
    commands[1].commands = other.decide(s, c, 1);
    REQUIRE(halite3::resolve_turn(s, c, commands).empty());
  }
  CHECK(searched > 0);
  CHECK(unsearched > 0);
}

namespace {

// A 32x32 two-player start with its ships replaced by `ships`.
halite3::State with_ships(const std::vector<halite3::Ship>& ships) {
  halite3::State s = lab::halite3_start(2, 32, 2, 0).state;
  s.ship_count = static_cast<int32_t>(ships.size());
  for (size_t i = 0; i < ships.size(); ++i) s.ships[i] = ships[i];
  s.next_ship_id = static_cast<int32_t>(ships.size());
  return s;
}

}  // namespace

TEST_CASE("halite3 rollout: ships head for their targets, keep apart and out of enemy reach", "[halite3][mcts]") {
  const halite3::Constants c = lab::halite3_start(2, 32, 2, 0).constants;
  halite3::search::TargetRollout rollout;
  std::vector<halite3::Direction> moves;
  using halite3::Direction;
  const auto at = [](int x, int y) { return static_cast<uint16_t>(y * 32 + x); };

  SECTION("a step along the longer axis; on its target a ship stays") {
    halite3::State s = with_ships({{0, 0, at(10, 10), 0, false}, {1, 0, at(20, 20), 0, false}});
    s.halite[at(10, 10)] = 0;
    rollout.prepare({{0, at(13, 11)}, {1, at(20, 20)}}, 0.9);
    rollout.moves(s, c, moves);
    CHECK(moves == std::vector<Direction>{Direction::East, Direction::Still});
  }
  SECTION("two ships of one player wishing one cell end on two") {
    halite3::State s = with_ships({{0, 0, at(10, 10), 0, false}, {1, 0, at(12, 10), 0, false}});
    s.halite[at(10, 10)] = s.halite[at(12, 10)] = 0;
    rollout.prepare({{0, at(11, 10)}, {1, at(11, 10)}}, 0.9);
    rollout.moves(s, c, moves);
    CHECK(moves[0] == Direction::East);
    CHECK(moves[1] != Direction::West);
  }
  SECTION("a step into an enemy ship's reach gives way to a safe one") {
    halite3::State s = with_ships({{0, 0, at(10, 10), 0, false}, {1, 0, at(12, 10), 1, false}});
    s.halite[at(10, 10)] = 0;
    rollout.prepare({{0, at(15, 10)}, {1, at(12, 10)}}, 0.9);
    rollout.moves(s, c, moves);
    CHECK(moves[0] == Direction::Still);  // (11, 10) is next to the enemy; staying is safe
  }
  SECTION("a ship that cannot pay stays; a full one heads home") {
    halite3::State s = with_ships({{0, 0, at(10, 10), 0, false}, {1, 1000, at(20, 20), 0, false}});
    s.halite[at(10, 10)] = 500;
    rollout.prepare({{0, at(15, 10)}, {1, at(25, 20)}}, 0.9);
    rollout.moves(s, c, moves);
    CHECK(moves[0] == Direction::Still);
    const int home = s.players[0].shipyard;
    CHECK(s.distance(s.neighbour(at(20, 20), moves[1]), home) < s.distance(at(20, 20), home));
  }
}
