// The fleet policy's reasons for a trace (Planner::explain): read from what
// the last decide() left, changing nothing. Values are the policy's costs of
// the order each ship was given (a search planner may have given another
// than the policy's), negated.
#include <algorithm>

#include "fleet_internal.h"
#include "halite/search/policy/fleet.h"

namespace halite::search {

using namespace fleet_internal;

namespace {

// The trace's word for a role (docs/viewer.md).
const char* role_word(FleetPolicy::Role role) {
  using Role = FleetPolicy::Role;
  switch (role) {
    case Role::Mine:
      return "mine";
    case Role::Home:
      return "return";
    case Role::Hunt:
      return "hunt";
    case Role::Guard:
      return "guard";
    case Role::Build:
      return "build";
    case Role::Ram:
      return "ram";
    case Role::Escort:
      return "escort";
    case Role::Patrol:
      return "patrol";
    case Role::Idle:
      return "idle";
  }
  return nullptr;
}

}  // namespace

void FleetPolicy::explain(const State& s, int me, TurnReasons& reasons) const {
  const auto ships = s.ships();
  const int rows = static_cast<int>(rows_.size());
  for (size_t k = 0; k < requests_.size(); ++k) {
    const MoveRequest& req = requests_[k];
    const Ship& sh = ships[static_cast<size_t>(req.ship_index)];
    UnitReason* r = reasons.find(sh.id);
    if (r == nullptr) continue;
    // The order given, which a search planner may have changed from the policy's.
    const int given = action_option(r->action);
    const int chosen = given < 0 ? 0 : given;  // an order a ship ignores (Spawn) stays
    const int row = static_cast<int>(k);
    if (row < rows) {
      const int j = row_column_[static_cast<size_t>(row)];
      r->role = role_word(j >= shared_columns_ ? private_role_[static_cast<size_t>(row)] : columns_[j].role);
    } else {
      r->role = role_word(Role::Build);  // a conversion planned by the economy
    }
    // "policy": the policy's own choice; "search": a planner chose another
    // (the value is still the policy's cost of it).
    r->basis = k < decision_.ship_choices.size() && decision_.ship_choices[k].second == chosen ? "policy" : "search";
    if (req.cost[static_cast<size_t>(chosen)] < kInf) r->value = -req.cost[static_cast<size_t>(chosen)];
    int best = -1;
    for (int o = 0; o <= kConvertOption; ++o)
      if (o != chosen && req.cost[static_cast<size_t>(o)] < kInf &&
          (best < 0 || req.cost[static_cast<size_t>(o)] < req.cost[static_cast<size_t>(best)]))
        best = o;
    if (best >= 0) {
      r->runner_up = option_action(best);
      r->runner_up_value = -req.cost[static_cast<size_t>(best)];
    }
    if (chosen == kConvertOption) {
      r->danger = 0;
    } else {
      const int end = geo_.neighbor(sh.cell, chosen);
      const double dz = predicting_ ? exact_danger_[end] : danger_.at(end);
      r->danger = dz < sh.cargo ? 1.0 : dz == sh.cargo ? 0.5 : 0.0;
    }
  }
  // Spawning yards: for the economy (planned before the moves) or to defend
  // a yard an enemy ship stands next to.
  for (int y = 0; y < static_cast<int>(s.shipyards().size()); ++y) {
    const Shipyard& yd = s.shipyards()[static_cast<size_t>(y)];
    UnitReason* r = yd.owner == me ? reasons.find(yd.id) : nullptr;
    if (r == nullptr || r->action != Action::Spawn) continue;
    const bool economy = std::find(spawn_yards_.begin(), spawn_yards_.end(), y) != spawn_yards_.end();
    r->role = economy ? "grow" : "defend";
    r->basis = "policy";
  }
}

}  // namespace halite::search
