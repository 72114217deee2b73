// Checks shared by the tests of Halite III's search planners (beam, mcts):
// a searched seat's commands are legal, and a seeded game of one searched
// seat against greedy ones with every turn's commands kept.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "halite/lab/halite3_match.h"
#include "halite3/search/planner.h"
#include "halite3/search/policy.h"

namespace halite::testing {

// Checks seat `me`'s commands for `s`: at most one a ship, of its own ships;
// no move a ship cannot pay; no two own ships ending on one cell but an own
// depot (the final rush); a spawn with the yard free; and the engine accepts
// them.
inline void check_halite3_commands(const halite3::State& s, const halite3::Constants& c, int me,
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

struct Halite3Played {
  lab::Halite3Match match;
  std::vector<std::vector<halite3::Command>> searched_commands;  // seat 0's, a turn each
  int differing = 0;  // turns where seat 0's commands are not the greedy policy's
};

// `planner` (with `sets`, "k=v" each) in seat 0 against greedy seats, an
// iteration cap of `iterations` a turn and no deadline; every turn's commands of seat
// 0 checked by check_halite3_commands.
inline Halite3Played play_halite3_searched(const std::string& planner, int size, int players, int turns,
                                           uint32_t map_seed, const std::vector<std::string>& sets,
                                           int iterations = 40) {
  std::vector<lab::Halite3Seat> seats;
  for (int p = 0; p < players; ++p) {
    const std::string name = p == 0 ? planner : "greedy";
    lab::Halite3Seat seat{name, halite3::search::planner_params(name), map_seed + static_cast<uint64_t>(p)};
    if (p == 0)
      for (const std::string& s : sets) seat.params.set_from_string(s);
    seats.push_back(std::move(seat));
  }
  const lab::Halite3Start start = lab::halite3_start(map_seed, size, players, turns);
  halite3::search::GreedyPolicy greedy(halite3::search::PolicyParams::defaults());
  Halite3Played out;
  out.match =
      lab::play_halite3_match(start, map_seed, seats, lab::TurnBudget{0, iterations}, nullptr,
                              [&](const halite3::State& s, const std::vector<halite3::PlayerCommands>& commands) {
                                check_halite3_commands(s, start.constants, 0, commands[0].commands);
                                out.searched_commands.push_back(commands[0].commands);
                                if (greedy.decide(s, start.constants, 0) != commands[0].commands) ++out.differing;
                              });
  return out;
}

}  // namespace halite::testing
