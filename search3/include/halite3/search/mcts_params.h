// The Halite III mcts planner's own parameters (its policy's are the greedy
// policy's, policy_params.h, and its values value.h's): one table, from
// which the struct, the specs and the reading of a Params come, as
// policy_params.h does it.
#pragma once

#include <vector>

#include "halite/search/joint_move_tree.h"
#include "halite/search/params.h"

namespace halite3::search {

using halite::search::Params;
using halite::search::ParamSpec;

// X(type, name, default, min, max, why): tunable; X_FIXED: a resource or a
// mode that tuning leaves alone.
#define HALITE3_MCTS_PARAMS(X, X_FIXED)                                                                                \
  X(int, horizon, 8, 1, 60, "turns simulated an iteration from the root, the tree's included")                         \
  X(int, tree_depth, 3, 1, halite::search::mcts::kMaxTreeDepth,                                                        \
    "turns the tree decides for the searched ships; later turns the rollout policy plays them")                        \
  X(int, contact_radius, 2, 0, 32,                                                                                     \
    "only own ships this close to an enemy ship are searched (0: every ship); with none, no search")                   \
  X(int, max_units, 6, 1, halite::search::mcts::kMaxUnits, "at most this many ships searched, nearest an enemy first") \
  X(double, explore_prob, 0.4, 0, 1,                                                                                   \
    "naive sampling: chance of a joint move built from the ships' own bandits (else the best joint move so far)")      \
  X(double, local_epsilon, 0.3, 0, 1, "a ship's bandit picks a random opened move with this chance, else its best")    \
  X(double, global_epsilon, 0, 0, 1, "chance of replaying a random stored joint move instead of the best")             \
  X(double, widen_scale, 1, 0, 10,                                                                                     \
    "progressive widening: a ship's moves opened at a node = max(1, this x visits^exp)")                               \
  X(double, widen_exp, 0.5, 0, 1, "progressive widening: exponent of the node's visits")                               \
  X(double, enemy_cost, 1000, 0, 100000,                                                                               \
    "in the order a ship's moves are opened (cells of distance to its target), the extra cost of ending where an "     \
    "enemy ship stands or can step")                                                                                   \
  X(double, prune_penalty, 500, 0, 1e9,                                                                                \
    "a ship's moves costing this much above its prior's are never searched (with enemy_cost above it: no move into "   \
    "an enemy's reach unless the prior's is there too)")                                                               \
  X(double, ram_prob, 0, 0, 1,                                                                                         \
    "each iteration, on the tree's turns, an enemy ship next to where a searched ship ends, with no more cargo, "      \
    "moves onto it with this chance: bots ram, the greedy models and the rollout never do")                            \
  X(double, min_gain, 150, 0, 100000,                                                                                  \
    "the answer leaves the policy's joint move only for a mean this much higher (halite): the rollout is a guess")     \
  X_FIXED(int, max_nodes, 20000, 1, 10000000, "most tree nodes, and most joint moves sampled: the pools' bound")       \
  X_FIXED(int, default_iterations, 300, 1, 100000000, "iterations when the budget has neither deadline nor cap")       \
  X_FIXED(double, safety_ms, 50, 0, 10000, "stop searching this long before the deadline (the answer and the line out)")

struct MctsParams {
  HALITE3_MCTS_PARAMS(HALITE_PARAM_FIELD, HALITE_PARAM_FIELD)
  static MctsParams from(const Params& params);
};

// The mcts planner's own specs (without the policy's and the values').
std::vector<ParamSpec> mcts_specs();

}  // namespace halite3::search
