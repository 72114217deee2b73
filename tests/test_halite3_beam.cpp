// Halite III's beam planner (search3/'s beam.h): legal commands in seeded
// games of 2 and 4 players on 32x32 and 64x64 maps, the same game for a seed
// and an iteration cap, answers that differ from the greedy policy's on some
// turns, and the evaluation.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "build_kind.h"
#include "halite/lab/halite3_match.h"
#include "halite3/search/beam.h"
#include "halite3/search/policy.h"
#include "halite3/search/value.h"
#include "halite3_search_checks.h"

using namespace halite;
using halite::testing::per_build;

namespace {

halite::testing::Halite3Played play(int size, int players, int turns, uint32_t map_seed,
                                    const std::vector<std::string>& beam_sets) {
  return halite::testing::play_halite3_searched("beam", size, players, turns, map_seed, beam_sets);
}

}  // namespace

TEST_CASE("halite3 beam: legal commands in seeded games of 2 and 4 players on 32x32 and 64x64", "[halite3][beam]") {
  struct Game {
    int size, players, turns;
    uint32_t seed;
  };
  const std::vector<Game> games = {{32, 2, per_build(60, 25), 3},
                                   {32, 4, per_build(60, 25), 4},
                                   {64, 2, per_build(30, 12), 5},
                                   {64, 4, per_build(30, 12), 6}};
  int differing = 0;
  for (const Game& g : games) {
    INFO(g.size << "x" << g.size << ", " << g.players << " players, seed " << g.seed);
    const halite::testing::Halite3Played played =
        play(g.size, g.players, g.turns, g.seed, {"contact_radius=0", "beam_depth=3"});
    CHECK(played.match.result.aborted == "");
    for (const std::string& error : played.match.result.errors) CHECK(error == "");
    // Every turn is played unless the rules end the game: in the sanitized
    // build's short games, players who spent their bank on ships and crashed
    // them home for the end can no longer play.
    const halite3::State& last = played.match.final_state;
    const auto can_play = [](const halite3::Player& p) { return !p.removed && p.can_play; };
    const auto playing = std::count_if(last.players.begin(), last.players.begin() + g.players, can_play);
    CHECK((last.turn >= g.turns || playing <= 1));
    differing += played.differing;
  }
  // The search is no copy of the policy: it leaves the policy's line on some
  // turns (and only where a variant scores min_gain above it).
  CHECK(differing > 0);
}

TEST_CASE("halite3 beam: the same game for a seed and an iteration cap", "[halite3][beam]") {
  const int turns = per_build(50, 20);
  const halite::testing::Halite3Played a = play(32, 4, turns, 8, {"contact_radius=0"});
  const halite::testing::Halite3Played b = play(32, 4, turns, 8, {"contact_radius=0"});
  CHECK(a.searched_commands == b.searched_commands);
  CHECK(a.match.final_state == b.match.final_state);
  CHECK(a.match.result.banks == b.match.result.banks);
}

TEST_CASE("halite3 beam: the evaluation counts bank, cargo, ships and dropoffs, the last two by turns left",
          "[halite3][beam]") {
  const lab::Halite3Start start = lab::halite3_start(1, 32, 2, 0);
  const halite3::search::ValueParams p = halite3::search::ValueParams::from(halite3::search::planner_params("beam"));
  halite3::State s = start.state;
  const double bank = static_cast<double>(s.players[0].halite);
  CHECK(halite3::search::evaluate(s, start.constants, 0, p) == bank);
  s.ships[0] = {0, 400, static_cast<uint16_t>(s.players[0].shipyard), 0, false};
  s.ship_count = 1;
  s.players[0].dropoff_count = 1;
  CHECK(halite3::search::evaluate(s, start.constants, 0, p) ==
        Approx(bank + p.cargo_weight * 400 + p.ship_value + p.dropoff_value));
  s.turn = static_cast<int32_t>(start.constants.max_turns / 2);
  CHECK(halite3::search::evaluate(s, start.constants, 0, p) ==
        Approx(bank + p.cargo_weight * 400 + (p.ship_value + p.dropoff_value) / 2));
  CHECK(halite3::search::evaluate(s, start.constants, 1, p) == static_cast<double>(s.players[1].halite));
}

TEST_CASE("halite3 beam: with the rollout policy as the opponents below the root, legal and the same game twice",
          "[halite3][beam]") {
  // 200 children a turn: every level of the default shape (104), so the
  // opponents below the root count; the two models' games part after about
  // 40 turns (seed 9), so the sanitizer build plays 60.
  const int turns = per_build(80, 60);
  const std::vector<std::string> sets = {"contact_radius=0", "opponent_rollout=1"};
  const auto play_with = [&](const std::vector<std::string>& with) {
    return testing::play_halite3_searched("beam", 32, 4, turns, 9, with, 200);
  };
  const testing::Halite3Played a = play_with(sets);
  const testing::Halite3Played b = play_with(sets);
  CHECK(a.match.result.aborted == "");
  for (const std::string& error : a.match.result.errors) CHECK(error == "");
  CHECK(a.differing > 0);
  CHECK(a.searched_commands == b.searched_commands);
  CHECK(a.match.final_state == b.match.final_state);
  // The opponents' model below the root changes the answers.
  CHECK(play_with({"contact_radius=0", "opponent_rollout=0"}).searched_commands != a.searched_commands);
}
