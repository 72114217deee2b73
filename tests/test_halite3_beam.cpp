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

using namespace halite;
using halite::testing::per_build;

namespace {

// Beam against greedy seats; with contact_radius 0 every turn is searched.
std::vector<lab::Halite3Seat> seats(int players, const std::vector<std::string>& beam_sets, uint64_t seed) {
  std::vector<lab::Halite3Seat> out;
  for (int p = 0; p < players; ++p) {
    const std::string planner = p == 0 ? "beam" : "greedy";
    lab::Halite3Seat seat{planner, halite3::search::planner_params(planner), seed + static_cast<uint64_t>(p)};
    if (p == 0)
      for (const std::string& s : beam_sets) seat.params.set_from_string(s);
    out.push_back(std::move(seat));
  }
  return out;
}

// Checks the beam seat's commands for `s`: at most one a ship, of its own
// ships; no move a ship cannot pay; no two own ships ending on one cell but an
// own depot (the final rush); a spawn with the bank for it and the yard
// free; and the engine accepts them.
void check_commands(const halite3::State& s, const halite3::Constants& c, int me,
                    const std::vector<halite3::Command>& commands) {
  using halite3::Command;
  std::vector<int> ending(static_cast<size_t>(s.cells()), 0);
  std::vector<int32_t> commanded;
  bool spawn = false;
  for (const Command& command : commands) {
    if (command.type == Command::Type::Spawn) {
      REQUIRE(!spawn);
      spawn = true;
      continue;
    }
    const halite3::Ship* ship = s.find_ship(command.ship);
    REQUIRE(ship);
    REQUIRE(ship->owner == me);
    REQUIRE(std::find(commanded.begin(), commanded.end(), command.ship) == commanded.end());
    commanded.push_back(command.ship);
    if (command.type == Command::Type::Construct) continue;
    REQUIRE(command.direction != halite3::Direction::Still);
    const int64_t ratio = ship->inspired ? c.inspired_move_cost_ratio : c.move_cost_ratio;
    REQUIRE(ship->halite >= s.halite[ship->cell] / ratio);
    ++ending[s.neighbour(ship->cell, command.direction)];
  }
  for (const halite3::Ship& ship : s.ship_list())
    if (ship.owner == me && std::find(commanded.begin(), commanded.end(), ship.id) == commanded.end())
      ++ending[ship.cell];
  for (int cell = 0; cell < s.cells(); ++cell) {
    INFO("turn " << s.turn << ": " << ending[cell] << " own ships end on cell " << cell);
    REQUIRE((ending[cell] <= 1 || s.owner[cell] == me));
  }
  if (spawn) REQUIRE(ending[s.players[me].shipyard] == 0);
  halite3::State after = s;
  std::vector<halite3::PlayerCommands> all(static_cast<size_t>(s.player_count));
  all[me].commands = commands;
  REQUIRE(halite3::resolve_turn(after, c, all).empty());
}

struct Played {
  lab::Halite3Match match;
  std::vector<std::vector<halite3::Command>> beam_commands;  // seat 0's, a turn each
  int differing = 0;  // turns where seat 0's commands are not the greedy policy's
};

Played play(int size, int players, int turns, uint32_t map_seed, const std::vector<std::string>& beam_sets) {
  const lab::Halite3Start start = lab::halite3_start(map_seed, size, players, turns);
  halite3::search::GreedyPolicy greedy(halite3::search::PolicyParams::defaults());
  Played out;
  out.match =
      lab::play_halite3_match(start, map_seed, seats(players, beam_sets, map_seed), lab::TurnBudget{0, 40}, nullptr,
                              [&](const halite3::State& s, const std::vector<halite3::PlayerCommands>& commands) {
                                check_commands(s, start.constants, 0, commands[0].commands);
                                out.beam_commands.push_back(commands[0].commands);
                                if (greedy.decide(s, start.constants, 0) != commands[0].commands) ++out.differing;
                              });
  return out;
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
    const Played played = play(g.size, g.players, g.turns, g.seed, {"contact_radius=0", "beam_depth=3"});
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
  const Played a = play(32, 4, turns, 8, {"contact_radius=0"});
  const Played b = play(32, 4, turns, 8, {"contact_radius=0"});
  CHECK(a.beam_commands == b.beam_commands);
  CHECK(a.match.final_state == b.match.final_state);
  CHECK(a.match.result.banks == b.match.result.banks);
}

TEST_CASE("halite3 beam: the evaluation counts bank, cargo, ships and dropoffs, the last two by turns left",
          "[halite3][beam]") {
  const lab::Halite3Start start = lab::halite3_start(1, 32, 2, 0);
  const halite3::search::BeamParams p = halite3::search::BeamParams::from(halite3::search::planner_params("beam"));
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
