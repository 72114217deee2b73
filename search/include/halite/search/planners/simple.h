// Two simple policies: `random` (random moves, converts and spawns in the
// style of the reference's random agent, not its exact draws)
// and `miner` (mines, brings cargo home, spawns). They are opponents for
// tests and `halite play`, and baselines for the arena.
#pragma once

#include "halite/search/planner.h"

namespace halite::search {

PlannerInfo random_planner_info();
PlannerInfo miner_planner_info();

}  // namespace halite::search
