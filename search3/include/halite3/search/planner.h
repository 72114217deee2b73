// Halite III's planners by name: what a seat of the arena, `halite play` and
// halite3_bot run. Each is made from a planner name and its declared
// parameters (planner_params gives them at their defaults):
//
//   greedy  the greedy cell-scoring policy (policy.h); no search, ignores the
//           budget;
//   beam    beam search over the fleet's joint moves anchored on the greedy
//           policy's line (beam.h); its parameters are its own (beam_params.h),
//           the values' (value.h) and the policy's;
//   mcts    Monte Carlo tree search over the joint moves of the ships near
//           enemies, anchored on the greedy policy (mcts.h); its parameters
//           are its own (mcts_params.h), the values' and the policy's.
//
// A planner is made for one game and seat; decide() is called once a turn,
// in turn order (a planner may keep memory between turns). With a fixed seed
// and an iteration cap (or no deadline) its answers are deterministic.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "halite/search/budget.h"
#include "halite/search/params.h"
#include "halite3/constants.h"
#include "halite3/search/policy_params.h"
#include "halite3/state.h"

namespace halite3::search {

using halite::search::Budget;

inline constexpr std::string_view kBeamPlanner = "beam";
inline constexpr std::string_view kMctsPlanner = "mcts";

class Planner {
 public:
  virtual ~Planner() = default;
  // The commands of player `me` for the turn `state` is at (ships' inspired
  // flags as update_inspiration() sets them), within `budget`: every command
  // legal for the engine.
  virtual std::vector<Command> decide(const State& state, const Constants& constants, int me, const Budget& budget) = 0;
};

// The planners' names, greedy first.
std::vector<std::string> planner_names();
// One line on what a planner is; throws halite::search::ParamError for an
// unknown name.
std::string planner_summary(const std::string& planner);
// A planner's declared parameters at their defaults; throws
// halite::search::ParamError for an unknown name. The `defaults` that
// halite::search::params_from_file takes for a Halite III file
// (param_file.h).
Params planner_params(const std::string& planner);
// The planner `planner` with `params` (as planner_params(planner) declares
// them); `seed` draws its randomness.
std::unique_ptr<Planner> make_planner(const std::string& planner, const Params& params, uint64_t seed);

}  // namespace halite3::search
