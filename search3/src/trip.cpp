#include "halite3/search/trip.h"

#include <algorithm>
#include <cmath>

namespace halite3::search {

TripValue best_trip(const TripInput& in) {
  TripValue best;
  const double room = in.capacity - in.cargo;
  if (room <= 0 || in.halite <= 0) return best;
  const double keep = 1.0 - 1.0 / in.extract_ratio;  // share of the cell left after a turn of mining
  double left = in.halite;
  const double later_steps = std::max(0, in.to_home - 1) * in.step_cost;
  for (int t = 1; t <= in.max_mine_turns; ++t) {
    left *= keep;
    const double gained = std::min(room, (in.halite - left) * in.bonus);
    const double net = gained - in.cost_to_cell;
    if (net <= 0) continue;
    const double home_cost = (in.to_home > 0 ? left / in.move_cost_ratio : 0) + later_steps;
    const double first = in.to_cell + in.stop_turns + t;
    double cells = std::max(1.0, room / net);
    // Each further cell: the same travel (at least next_travel_min), the same t to mine.
    const double next = std::max(in.to_cell, in.next_travel_min) + t;
    const double room_for_cells = in.turns_left - in.to_home - first;
    if (room_for_cells < 0) break;  // longer mining only ends later
    cells = std::min(cells, 1.0 + std::floor(room_for_cells / next));
    const double delivered = in.cargo + std::min(room, cells * net) - home_cost;
    const double turns = first + (cells - 1) * next + in.to_home;
    const double rate = delivered / std::max(1.0, turns);
    if (rate > best.rate) best = {rate, t};
  }
  return best;
}

}  // namespace halite3::search
