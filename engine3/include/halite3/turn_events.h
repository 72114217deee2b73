// What happened in one Halite III turn, as the reference's replay and
// statistics see it: the events (dropoffs built, shipwrecks, spawns), the
// cells it lists as changed, the halite each depot was credited, and each
// ship's mining and collision losses.
//
// The engine's resolve_turn() only moves the State on; the replay writer
// needs the story in between. It is worked out here from the state before
// the turn (after update_inspiration), the commands and the state after
// resolve_turn(), following the reference's transaction order (dropoffs,
// moves and collisions, deposits, spawns, mining); the result is checked
// against the state after (every surviving ship, the next ship id), and a
// disagreement throws std::logic_error rather than writing a wrong replay.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "halite3/constants.h"
#include "halite3/state.h"

namespace halite3 {

struct ConstructEvent {
  int player = 0;
  int cell = 0;
  int32_t ship = 0;  // the ship that became the dropoff (the reference's event id)
};

struct SpawnEvent {
  int player = 0;
  int cell = 0;
  int32_t ship = 0;
};

// Ships destroyed together on a cell: a move collision, or a spawn onto an
// occupied shipyard (the ship there first, then the new one).
struct WreckEvent {
  int cell = 0;
  std::vector<int32_t> ships;
};

// A ship destroyed in a wreck, with the cargo it held then (after paying
// for its move, after a deposit), for the collision statistics.
struct WreckedShip {
  int32_t id = 0;
  int owner = 0;
  int64_t cargo = 0;
  int cell = 0;
};

struct MiningRecord {
  int player = 0;
  int64_t extracted = 0;  // taken from the cell
  int64_t gained = 0;     // put in the hold (more than extracted when inspired)
};

struct TurnEvents {
  std::vector<ConstructEvent> constructs;  // in player order, then command order
  std::vector<WreckEvent> wrecks;          // move collisions by cell, then spawn collisions
  std::vector<SpawnEvent> spawns;          // in the order the ids were given
  std::vector<WreckedShip> wrecked;
  std::vector<MiningRecord> mining;
  // The halite credited to a depot (shipyard or dropoff) cell: deposits,
  // cargo of ships wrecked on it, a new dropoff's credit (its cell's halite
  // and the builder's cargo).
  std::vector<std::pair<int, int64_t>> depot_credits;
  // The cells the reference reports changed, sorted: dropoff sites,
  // collision cells, depots deposited on, and every cell a ship mined
  // (even of nothing). Their halite may be unchanged.
  std::vector<int> touched_cells;
};

// `before`: the state resolve_turn() was given (after update_inspiration);
// `commands`: what it was given; `after`: the state it returned (before
// check_game_end). Players removed in the turn took no part in it.
TurnEvents turn_events(const State& before, std::span<const PlayerCommands> commands, const State& after,
                       const Constants& constants);

}  // namespace halite3
