// Monte Carlo tree search for Halite III: search/'s JointMoveTree
// (joint_move_tree.h, the tree Halite IV's mcts grows) over this game, a
// combinatorial bandit per node with naive sampling over the joint moves of
// the own ships near enemies.
//
// Anchored on the greedy policy (policy.h): a turn with no own ship within
// contact_radius of an enemy ship plays the policy's commands unsearched.
// Otherwise the units are the own ships in contact that can pay for a move
// and do not build a dropoff, nearest an enemy first, at most max_units.
// Every iteration copies the root and simulates `horizon` turns with the
// engine (resolve_turn, then update_inspiration):
//   * the first turn: every ship but the units as the policies decided at the
//     root (ours, and each opponent's greedy model with this planner's policy
//     parameters, each keeping the game's memory), the units as the tree
//     chooses;
//   * the next turns while the tree lasts (tree_depth): every ship by the
//     rollout policy (rollout.h), the units as the tree chooses; an own ship
//     whose rollout cell a unit takes gives way (stays, else any free
//     neighbour);
//   * on the tree's turns, with ram_prob each, an enemy ship next to where a
//     unit ends, carrying no more than the unit, moves onto it instead
//     (bots ram; the greedy models and the rollout never do);
//   * then the rollout policy alone, to the horizon;
// and the value of the state reached, evaluate() (value.h), is backed up
// the path. A node's prior is the policy's joint move at the root and the
// rollout's below it; a unit's moves are opened in order of the distance
// they leave to its target, an end where an enemy ship stands or can step
// costing enemy_cost more; moves costing prune_penalty above the prior's
// are never opened. The tree is open loop: a node stands for the states
// its joint moves lead to.
//
// The answer: the root's most visited joint move if its mean beats the
// policy's by min_gain, else the policy's commands. Only the units' moves
// change, onto cells no other own ship ends on (nor the yard when the
// policy spawns), so the engine accepts every command.
//
// Deterministic for a seed and an iteration cap; with a deadline the clock
// is read every iteration.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "halite3/search/planner.h"

namespace halite3::search {

// What the last decide() searched, for tests and tools.
struct MctsTurnInfo {
  int units = 0;                 // ships searched (0: the policy's answer unsearched)
  int64_t iterations = 0;        // iterations run
  int64_t nodes = 0;             // tree nodes after the search
  int64_t root_joint_moves = 0;  // joint moves tried at the root
  bool chose_policy = true;      // the answer was the policy's joint move
};

class MctsPlanner : public Planner {
 public:
  virtual const MctsTurnInfo& last_turn() const = 0;
  // JointMoveTree::check() of the last search's tree (empty: consistent;
  // for tests: it walks the whole tree).
  virtual std::string check_tree() const = 0;
};

// The mcts planner with `params` (planner_params("mcts")'s), `seed` drawing
// the naive sampling.
std::unique_ptr<MctsPlanner> make_mcts_planner(const Params& params, uint64_t seed);

}  // namespace halite3::search
