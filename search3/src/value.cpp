#include "halite3/search/value.h"

#include <algorithm>

namespace halite3::search {

std::vector<ParamSpec> value_specs() {
  return {HALITE3_VALUE_PARAMS(HALITE_PARAM_SPEC, HALITE_PARAM_FIXED_SPEC)};
}

ValueParams ValueParams::from(const Params& params) {
  ValueParams out;
  HALITE3_VALUE_PARAMS(HALITE_PARAM_READ, HALITE_PARAM_READ)
  return out;
}

double evaluate(const State& s, const Constants& c, int me, const ValueParams& p) {
  const Player& player = s.players[me];
  double cargo = 0;
  int ships = 0;
  for (const Ship& ship : s.ship_list()) {
    if (ship.owner != me) continue;
    cargo += ship.halite;
    ++ships;
  }
  const double left = std::max<double>(0, static_cast<double>(c.max_turns - s.turn)) / static_cast<double>(c.max_turns);
  return static_cast<double>(player.halite) + p.cargo_weight * cargo +
         left * (p.ship_value * ships + p.dropoff_value * player.dropoff_count);
}

}  // namespace halite3::search
