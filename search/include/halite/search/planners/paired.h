// paired: flat paired Monte Carlo on single-ship deviations from the greedy
// plan.
//
// Only own ships within contact_radius of an enemy ship are searched (the
// rest keep the greedy move: that is where search beats hand-written one- and
// two-step safety checks). The greedy joint plan is the baseline. Each sample
// seed plays it once to the horizon (first turn: greedy for every ship of
// every player, then the rollout policy), and then, on the same seed, every
// single-ship deviation of a searched ship (common random numbers: the
// rollout policy draws per ship id, so the other ships' draws do not shift).
// A deviation's value is its paired difference from the baseline: the
// evaluation plus each own ship's progress toward its greedy target at the
// greedy rate (so that the short horizon does not favour mining in place
// over travelling). A ship leaves the greedy move only for a mean gain of at
// least min_gain and final_z standard errors. No tree: every sample is a
// rollout from the root. Kept deviations are preferred in the MoveResolver,
// which keeps the joint move collision-free.
#pragma once

#include "halite/search/planner.h"

namespace halite::search {

PlannerInfo paired_planner_info();

}  // namespace halite::search
