#include "halite/search/planners/fleet_planner.h"

#include <chrono>

#include "halite/search/policy/policy_planner.h"

namespace halite::search {

void FleetPlanner::new_game() {
  policy_.set_params(base_);
  against_known_ = false;
  policy_.reset();
  recognizer_.reset();
}

State::Orders FleetPlanner::choose(const State& s, int player, const Budget& budget) {
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<int> ends;
  if (policy_.params().predict_opponents) {
    recognizer_.observe(s, player, budget);
    ends = recognizer_.predicted_ends();
  }
  // Every active opponent predicted: the values for known opponents.
  const bool all_known = policy_.params().predict_opponents && recognizer_.all_recognized(s, player);
  if (all_known != against_known_) {
    policy_.set_params(all_known ? base_.against_known() : base_);
    against_known_ = all_known;
  }
  policy_.set_predicted_cells(std::move(ends));
  policy_.set_threat_weights(threat_weights(policy_.params(), memory()));
  const PolicyDecision& d = policy_.decide(s, player);
  State::Orders orders = to_orders(s, d.ship_choices, d.spawn_yards);
  stats_ = one_pass_stats(t0);
  return orders;
}

PlannerInfo fleet_planner_info() {
  return {"fleet",
          "the strong base policy: danger, escape and control maps; spawns while a ship repays itself; yards away "
          "from enemies; roles (mine, home, hunt from four sides, guard, build, ram) by one assignment; safe moves; "
          "the orders of opponents it recognises predicted",
          fleet_specs(), [](const Params& p, const PlannerSetup& setup) {
            return std::make_unique<FleetPlanner>(FleetParams::from(p), setup.opponent_models);
          }};
}

}  // namespace halite::search
