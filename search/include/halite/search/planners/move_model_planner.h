// `move_model`: the learned move model (model/move_model.h) played as a
// planner: each own ship takes its likeliest option, no yard spawns. It is
// there to measure the model with `halite agreement` as every other planner
// is measured, not to play games.
#pragma once

#include "halite/search/planner.h"

namespace halite::search {

PlannerInfo move_model_planner_info();

}  // namespace halite::search
