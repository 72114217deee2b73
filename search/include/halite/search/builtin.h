// The planners that ship with the framework, one factory function each.
// To add a planner: write its PlannerInfo function in search/src/, declare it
// here and list it in builtin_planners() (search/src/builtin.cpp).
#pragma once

#include <vector>

#include "halite/search/planner.h"

namespace halite::search {

PlannerInfo random_planner_info();  // the reference's random agent, reimplemented
PlannerInfo miner_planner_info();   // a simple miner that brings cargo home

std::vector<PlannerInfo> builtin_planners();

}  // namespace halite::search
