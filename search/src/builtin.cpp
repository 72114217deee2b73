#include "halite/search/builtin.h"

#include "halite/search/fleet.h"
#include "halite/search/greedy.h"
#include "halite/search/mz_model.h"
#include "halite/search/zeta_model.h"

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
  v.push_back(mz_model_planner_info());
  v.push_back(zeta_model_planner_info());
  v.push_back(zf_model_planner_info());
  return v;
}

}  // namespace halite::search
