#include "halite3/search/planner.h"

#include "halite3/search/beam.h"
#include "halite3/search/beam_params.h"
#include "halite3/search/mcts.h"
#include "halite3/search/mcts_params.h"
#include "halite3/search/policy.h"
#include "halite3/search/value.h"

namespace halite3::search {

namespace {

class GreedyPlanner final : public Planner {
 public:
  explicit GreedyPlanner(const Params& params) : policy_(PolicyParams::from(params)) {}
  std::vector<Command> decide(const State& state, const Constants& constants, int me, const Budget&) override {
    return policy_.decide(state, constants, me);
  }

 private:
  GreedyPolicy policy_;
};

[[noreturn]] void unknown(const std::string& planner) {
  throw halite::search::ParamError("unknown Halite III planner '" + planner + "' (the planners are " +
                                   std::string(kGreedyPlanner) + ", " + std::string(kBeamPlanner) + " and " +
                                   std::string(kMctsPlanner) + ")");
}

}  // namespace

std::vector<std::string> planner_names() {
  return {std::string(kGreedyPlanner), std::string(kBeamPlanner), std::string(kMctsPlanner)};
}

std::string planner_summary(const std::string& planner) {
  if (planner == kGreedyPlanner)
    return "the greedy cell-scoring policy: best halite per turn of a trip, distinct targets, dropoffs, spawns, the "
           "final rush";
  if (planner == kBeamPlanner)
    return "beam search over the fleet's joint moves (the greedy policy's, deviations of ships near enemies, "
           "perturbed variants), opponents played by the greedy policy; keeps the policy's line unless beaten";
  if (planner == kMctsPlanner)
    return "Monte Carlo tree search over the joint moves of the ships near enemies (naive sampling), the other ships "
           "on the policies' commands, then a target-following rollout; keeps the policy's move unless beaten";
  unknown(planner);
}

Params planner_params(const std::string& planner) {
  if (planner == kGreedyPlanner) return Params{policy_specs()};
  std::vector<ParamSpec> specs;
  if (planner == kBeamPlanner)
    specs = beam_specs();
  else if (planner == kMctsPlanner)
    specs = mcts_specs();
  else
    unknown(planner);
  for (ParamSpec& spec : value_specs()) specs.push_back(std::move(spec));
  for (ParamSpec& spec : policy_specs()) specs.push_back(std::move(spec));
  return Params{std::move(specs)};
}

std::unique_ptr<Planner> make_planner(const std::string& planner, const Params& params, uint64_t seed) {
  if (planner == kGreedyPlanner) return std::make_unique<GreedyPlanner>(params);
  if (planner == kBeamPlanner) return make_beam_planner(params, seed);
  if (planner == kMctsPlanner) return make_mcts_planner(params, seed);
  unknown(planner);
}

}  // namespace halite3::search
