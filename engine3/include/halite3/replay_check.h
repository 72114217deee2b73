// Replaying a recorded Halite III game through the engine, comparing every
// turn with the record.
//
// From the recorded initial map and players, each frame's recorded commands
// are applied (a player missing from them is removed as a bot error), and the
// engine's state is compared with the record: every ship (id, position,
// cargo, inspiration) at the start of each turn and at the end, each
// player's bank and deposited halite after each turn, the dropoffs built
// (the record's construction events), every cell (the record lists the
// cells a turn changed; the rest keep their recorded value), the turn the
// game ends, and the final ranks, last turns alive and banks of the game
// statistics. The record keeps only commands the reference accepted, so
// the engine's own validation must accept every one of them too.
//
// A replay that records map_generator_seed also has its start checked
// against the generator (mapgen.h) before the first turn: every player's
// shipyard, then every cell of the initial map, the first difference
// reported at turn 0 (a shipyard with its player, a cell with its x and y).
#pragma once

#include <optional>
#include <string>

#include "halite3/replay.h"

namespace halite3 {

struct Difference {
  int turn = 0;
  int player = -1;  // -1 when the field is shared
  std::string field;
  std::string expected;
  std::string got;
  std::string str() const;  // "turn T, player P, FIELD: expected E, got G"
};

struct ReplayCheckResult {
  int turns = 0;               // turns resolved and compared
  bool map_generated = false;  // the start was generated from map_generator_seed and compared
  std::optional<Difference> difference;
  bool ok() const { return !difference; }
};

ReplayCheckResult check_replay(const Replay& replay);

}  // namespace halite3
