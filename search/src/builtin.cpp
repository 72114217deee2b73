#include "halite/search/builtin.h"

#include "halite/search/planners/beam.h"
#include "halite/search/planners/fleet_planner.h"
#include "halite/search/planners/mcts.h"
#include "halite/search/planners/move_model_planner.h"
#include "halite/search/planners/paired.h"
#include "halite/search/planners/simple.h"
#include "halite/search/planners/smitsimax.h"
#include "halite/search/policy/greedy.h"

namespace halite::search {

std::vector<PlannerInfo> builtin_planners() {
  std::vector<PlannerInfo> v;
  v.push_back(random_planner_info());
  v.push_back(miner_planner_info());
  v.push_back(greedy_planner_info());
  v.push_back(fleet_planner_info());
  v.push_back(paired_planner_info());
  v.push_back(smitsimax_planner_info());
  v.push_back(beam_planner_info());
  v.push_back(mcts_planner_info());
  v.push_back(move_model_planner_info());
  return v;
}

}  // namespace halite::search
