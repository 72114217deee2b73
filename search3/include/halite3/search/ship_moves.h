// A ship's move as the engine prices it (state.h: a ship that cannot pay
// for its move stays): what leaving its cell costs, whether its cargo pays
// that, and the cell a move ends on. One definition for the policy, the
// search planners and the rollout.
#pragma once

#include <cstdint>

#include "halite3/constants.h"
#include "halite3/state.h"

namespace halite3::search {

// The halite a move off its cell costs `ship` (the inspired ratio when it is inspired).
inline int64_t move_cost(const State& s, const Constants& c, const Ship& ship) {
  const int64_t ratio = ship.inspired ? c.inspired_move_cost_ratio : c.move_cost_ratio;
  return s.halite[ship.cell] / ratio;
}

inline bool can_move(const State& s, const Constants& c, const Ship& ship) {
  return ship.halite >= move_cost(s, c, ship);
}

// The cell `ship` ends on with move d: its own when it stays or cannot pay.
inline int end_cell(const State& s, const Constants& c, const Ship& ship, Direction d) {
  return d == Direction::Still || !can_move(s, c, ship) ? ship.cell : s.neighbour(ship.cell, d);
}

}  // namespace halite3::search
