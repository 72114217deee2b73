// The planners that ship with the framework, in the order `halite params`
// lists them. Each has its public header (policy/greedy.h,
// planners/*.h). To add a planner: write it in search/src/planners/ with its
// header in include/halite/search/planners/, and list its PlannerInfo
// function in builtin_planners() (search/src/builtin.cpp). Planners of
// particular bots live outside the core (opponents/) and are registered by
// the programs that link them (register_planner(), planner.h).
#pragma once

#include <vector>

#include "halite/search/planner.h"

namespace halite::search {

std::vector<PlannerInfo> builtin_planners();

}  // namespace halite::search
