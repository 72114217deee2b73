#include "halite/search/builtin.h"

namespace halite::search {

std::vector<PlannerInfo> builtin_planners() {
  std::vector<PlannerInfo> v;
  v.push_back(random_planner_info());
  v.push_back(miner_planner_info());
  return v;
}

}  // namespace halite::search
