// The planners that ship with the framework, one factory function each.
// To add a planner: write its PlannerInfo function in search/src/, declare it
// here and list it in builtin_planners() (search/src/builtin.cpp).
#pragma once

#include <vector>

#include "halite/search/planner.h"

namespace halite::search {

PlannerInfo random_planner_info();  // random moves, converts and spawns in the style of the reference's random agent
PlannerInfo miner_planner_info();   // a simple miner that brings cargo home
PlannerInfo greedy_planner_info();  // cell scoring + assignment (greedy.h)
PlannerInfo paired_planner_info();     // flat paired Monte Carlo on single-ship deviations from the greedy plan (src/paired.cpp)
PlannerInfo smitsimax_planner_info();  // decoupled bandit trees per ship, anchored on greedy (src/smitsimax.cpp)
PlannerInfo fleet_planner_info();   // the strong base policy: roles by assignment, safety maps (fleet.h)
PlannerInfo mcts_planner_info();       // tree search over turns, naive sampling of joint moves, anchored on fleet (mcts.h)
PlannerInfo beam_planner_info();    // beam search over the fleet's joint moves (src/beam.cpp)
PlannerInfo mz_model_planner_info();  // a model of a strong public bot's rules, for sparring (mz_model.h)

std::vector<PlannerInfo> builtin_planners();

}  // namespace halite::search
