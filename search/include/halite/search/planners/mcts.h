// mcts: a Monte Carlo tree search over turns for many units moving at once,
// anchored on the fleet policy (fleet.h).
//
// A fleet's turn is a combinatorial move: every ship moves at once. The
// search chooses joint moves as a combinatorial multi-armed bandit with naive
// sampling, as NaïveMCTS does in microRTS (S. Ontañón, "The Combinatorial
// Multi-Armed Bandit Problem and Its Application to Real-Time Strategy
// Games", AIIDE 2013; "Combinatorial Multi-armed Bandits for Real-Time
// Strategy Games", JAIR 58, 2017).
//
// Units. Only own ships within contact_radius of an enemy ship are searched,
// at most max_units of them, nearest to an enemy first; every other own ship
// plays the fleet policy's move on the first turn and the rollout policy
// (rollout.h) later. With local_radius, the iterations simulate only the
// ships within that distance of a unit at the root (every shipyard and cell
// kept; the others are left out of every simulated turn): far ships hardly
// change which joint move is best, but each costs its share of every turn
// and adds its rollout's noise to every value (docs/results.md measures it). Opponents play the fleet policy's orders
// on the first turn, each with its own or fitted parameters as opponent_fit chooses (OpponentFits, opponent_fit.h, as
// beam does), and the rollout policy later. An opponent the recogniser knows (ModelRecognizer, recognizer.h, as the
// fleet planner does) plays its predicted moves on the first turn instead, and our policy's safety counts where its
// ships end; once every opponent is known, our policy plays the known_* values (at the root and below).
//
// The tree is search/'s JointMoveTree (joint_move_tree.h), the one Halite
// III's mcts grows too; this planner simulates the turns it chooses.
// A node is the game after a joint turn of the searched units; the
// tree is open-loop: every iteration copies the root and re-simulates the
// path with the engine (stage_*, resolve), so a node below depth 1 stands for
// the states its joint moves lead to under the other ships' random rollout
// moves (the rollout's randomness comes from a per-iteration seed: common
// random numbers across the joint moves compared). Below the root an own
// ship that is not a unit gives way when its rollout move ends where a unit
// (or an own ship before it) ends: it takes its first free cell, staying
// first, as the resolver keeps the real fleet apart. Each node holds
//  - per unit, a local bandit over its moves: the moves the policy does not
//    price prune_penalty above its own (safety pruning), ordered by the
//    policy's cost and opened progressively (widen_scale x visits^widen_exp
//    of them);
//  - a global bandit over the joint moves sampled so far, whose first arm is
//    the policy's joint move (the prior: a node's first choice).
// The policy at a node is the fleet policy at the root and at depths below
// policy_depth (one decide() per node, on the first state that asks), the
// rollout policy's moves deeper (with moves onto cells a lighter-or-equal
// enemy ship can reach pruned, the rest ordered by progress toward the
// ship's target at the root).
// Naive sampling: with probability explore_prob a joint move is built unit
// by unit (in a random order) from the local bandits, each epsilon-greedy
// (local_epsilon; moves not tried yet first), skipping moves onto a cell
// another own ship already takes; otherwise the global bandit's best joint
// move is played (global_epsilon: a random one). A joint move gets its child
// node on its first visit (not at depth tree_depth, where the tree ends).
// After tree_depth turns, or at a node visited for the first time, the
// rollout policy plays every ship
// to `horizon` turns from the root (policy_rollout: below the root the ships
// that are not units play their players' policies instead, as in the
// verify_arms playouts below, one decide() per player and turn); the value is evaluate() plus the own
// ships' progress (ProgressTerm), backed up along the path: every node
// updates its global arm and each living unit's local arm.
//
// The answer: the root's most visited joint move if its mean beats the
// policy's joint move by min_gain, else the policy's; through the
// MoveResolver with the chosen moves preferred, so own ships never collide;
// builds from the fleet policy (unblocked_spawns()).
// With verify_arms = k > 0 the tree only proposes: the orders of its k most
// visited joint moves (through the resolver, as they would be played) and
// the policy's are each played out on the whole board, the opponents'
// first-turn orders as above, then verify_horizon - 1 turns of every
// player's policy (ours stateless, each opponent its recognised model when
// that has no memory, else its fitted fleet model), and valued by
// evaluate(); the best wins if it beats the policy's playout by min_gain.
// This is one step of policy improvement by rollouts (G. Tesauro and G.
// Galperin, "On-line Policy Improvement using Monte-Carlo Search", NIPS
// 1996; D. Bertsekas, J. Tsitsiklis and C. Wu, "Rollout Algorithms for
// Combinatorial Optimization", Journal of Heuristics 3, 1997): the playouts
// continue every answer with the same policy, as the game will, where the
// tree's means continue each joint move with the moves the tree chose for it
// with hindsight of its own simulation, which favours the joint moves it
// looked at most (measured with `halite deviations`: the tree's own estimate
// of an answer's gain ~150-470, its gain in the game ~0; docs/results.md).
// The policy's playout runs before the search, and the search stops early by
// 1.5 times its time per other playout, so that the deadline holds.
//
// Memory. Nodes and joint moves come from the tree's pools: at most
// max_nodes nodes (a joint move first visited past the bound stays without a
// node: a leaf), and joint moves are sampled only while fewer than max_nodes
// are stored (past the bound the global bandit's best is played; each node's
// prior is stored regardless). After a turn every node is returned to its pool except
// the subtree under the joint move actually played, which is kept when the
// next root equals that child's state (the first turn is deterministic given
// the opponent models; the child's state is stored) and the same units are
// searched (reuse_tree): then, when the kept node's units are all still in
// contact and as many ships are searched, they are the units again, in their
// order (nearest first would reorder them every turn and lose the tree).
//
// Deterministic with a seed and an iteration budget; with a deadline the
// clock is read every iteration and before every policy call (with no time
// left before the search, the answer is the policy's).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "halite/search/planner.h"

namespace halite::search {

class MctsPlanner final : public Planner {
 public:
  MctsPlanner(const Params& params, const PlannerSetup& setup);
  ~MctsPlanner() override;
  std::string name() const override { return "mcts"; }

  // What the last plan() left in the tree, for tests and tools.
  struct TreeInfo {
    int units = 0;              // ships searched
    int64_t nodes = 0;          // nodes in the tree after the search
    int64_t joint_moves = 0;    // joint moves stored (global arms), over all nodes
    int64_t root_visits = 0;    // iterations through the root, reused ones included
    int64_t reused_visits = 0;  // root visits kept from the previous turn (0: no reuse)
    int64_t policy_priors = 0;  // fleet decide() calls for tree nodes below the root
    int64_t kept_visits = -1;   // visits of the subtree kept for the next turn (-1: none)
    int simulated_ships = 0;    // ships in the state every iteration starts from (local_radius)
    bool chose_policy = true;   // the answer was the policy's joint move
    double answer_gain = 0;  // the estimate of the answer over the policy's joint move: their root means' difference,
                             // or with verify_arms their playouts' (0 when it chose the policy's)
    int verified_arms =
        0;  // verify_arms: joint moves checked besides the policy's (played out unless their orders are the policy's)
    int predicted_opponents = 0;  // opponents playing the recogniser's predicted orders in the first turn
    int fitted_opponents = 0;     // active opponents whose fleet model plays fitted parameters (opponent_fit.h)
    bool against_known = false;   // our policy played the known_* values
  };
  const TreeInfo& tree_info() const;

  // A joint move of a node: key (3 bits per unit, in the units' order: move
  // index 0..4 of kMoveActions), statistics, whether a child node exists.
  struct ArmView {
    uint64_t key;
    int64_t visits;
    double mean;  // 0 when not visited
    bool has_child;
    bool operator==(const ArmView&) const = default;
  };
  std::vector<ArmView> root_arms() const;  // the root's joint moves, in the order they were added
  std::vector<ArmView> kept_arms() const;  // those of the node kept for the next turn (empty: none)

  // Empty when the tree's statistics are consistent, else the first broken
  // invariant. Checked: every node is reached once from the root (a tree)
  // and the node count is the pool's; at every node, visits = leaf
  // evaluations + the visits of its joint moves; a joint move with a child
  // has as many visits as the child; per unit, the visits of its local arms
  // are at most the node's joint-move visits (equal at the root, where every
  // unit lives); keys are distinct within a node; the joint-move count is
  // the pool's.
  std::string check_tree() const;

 protected:
  State::Orders choose(const State& state, int player, const Budget& budget) override;
  // The root policy's reasons (policy/fleet.h), and for the searched units
  // the root's statistics: visits and mean of the move given and of the
  // most visited other ("tree").
  void explain(const State& state, int player, TurnReasons& reasons) const override;
  void new_game() override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

PlannerInfo mcts_planner_info();

}  // namespace halite::search
