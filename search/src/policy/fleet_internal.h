// What the fleet policy's sources (fleet*.cpp) share beyond fleet.h: the
// constants more than one of its parts uses.
#pragma once

#include <cstdlib>

namespace halite::search::fleet_internal {

// A pair the assignment must not choose (the ship has no such candidate).
inline constexpr double kAbsent = 1e9;
// The builder's value for its site and a recalled ship's for home: above any
// value the scores can give, so that these roles are never traded away.
inline constexpr double kForcedValue = 1e6;
// A bound on a mining trip's value is raised by this factor: far more than
// the few roundings between it and the value computed (a larger factor only
// makes the pruning a little less eager).
inline constexpr double kBoundMargin = 1 + 1e-9;

// The directions a unit at offset (dr, dc) from a ship lies in (bits 0-3:
// rows before, rows after, columns before, columns after), each a cone no
// wider to the side than it reaches ahead (a diagonal offset lies in two).
inline int box_cones(int dr, int dc) {
  return (dr < 0 && std::abs(dc) <= -dr ? 1 : 0) | (dr > 0 && std::abs(dc) <= dr ? 2 : 0) |
         (dc < 0 && std::abs(dr) <= -dc ? 4 : 0) | (dc > 0 && std::abs(dr) <= dc ? 8 : 0);
}

}  // namespace halite::search::fleet_internal
