// smitsimax: decoupled per-ship bandit trees (Smitsimax-style) anchored on
// the greedy policy.
//
// Each searched unit (own ships in contact, and with opponent_bandits the
// enemy ships) has its own tree over its own moves, tree_depth turns deep
// (nodes from a pool of max_nodes, its room reserved per planner); no tree
// sees the others' moves (Smitsimax, the decoupled search of CodinGame's
// simultaneous-move contests). A simulation copies the root state, lets
// every unit's tree pick a move (UCB1 with a bias toward the greedy move, or
// regret matching), stages the greedy builds and the opponents' greedy
// orders, lets the rollout policy move everything else, resolves, and
// continues with the rollout policy to the horizon. A ship's reward is its
// own (cargo deposited, cargo and ship kept) plus global_weight x the
// evaluation's gain; enemy units minimise the evaluation. The arm values
// become the costs of the shared move resolver, so the joint answer never
// collides own ships.
#pragma once

#include "halite/search/planner.h"

namespace halite::search {

PlannerInfo smitsimax_planner_info();

}  // namespace halite::search
