// JointMoveTree: the search tree both games' mcts planners grow, a
// combinatorial multi-armed bandit at every node with naive sampling
// (NaïveMCTS: S. Ontañón, "The Combinatorial Multi-Armed Bandit Problem and
// Its Application to Real-Time Strategy Games", AIIDE 2013; JAIR 58, 2017).
// It knows no game: a planner simulates the turns, this tree chooses the
// searched units' joint moves and keeps their statistics.
//
// A unit is one ship the search moves; it has kUnitMoves moves (stay and the
// four directions, in both games), numbered by the planner. A joint move
// packs 3 bits per unit into a key (unit u's move in bits 3u..3u+2), so at
// most kMaxUnits units are searched.
//
// A node holds
//  - per unit, a local bandit over its moves (UnitStats): the prior's move
//    first, then the others best first by the planner's costs, those priced
//    more than prune_penalty above the prior's never opened (order_moves);
//  - a global bandit over the joint moves sampled so far (Arms), whose first
//    arm is the node's prior (set_prior: the policy's joint move).
// select() plays the prior on a node's first visit; after it, with
// probability explore_prob, a joint move built unit by unit from the local
// bandits (sample_local: units in a random order, each epsilon-greedy among
// its opened moves, untried ones first, giving way from a cell another own
// ship already takes), else the global bandit's best (global_epsilon: a
// random stored one). A unit's opened moves grow with the node's visits
// (progressive widening: max(1, widen_scale x visits^widen_exp)). backup()
// adds a value to every arm and local bandit on an iteration's path.
//
// Memory: nodes (each followed by max_units UnitStats) and arms come from
// Boost.Pool pools, at most max_nodes nodes and max_nodes arms sampled
// (past the bound select() plays the global bandit's best; priors are
// stored regardless). release() returns everything to the pools except one
// subtree, kept for the next turn's root.
//
// Deterministic: every random choice is drawn from the Rng the planner
// passes, in a fixed order, and the arm index's lookups do not depend on
// where an entry sits.
#pragma once

#include <algorithm>
#include <array>
#include <boost/pool/pool.hpp>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "halite/search/rng.h"

namespace halite::search::mcts {

inline constexpr int kUnitMoves = 5;  // stay and the four directions, in both games
inline constexpr int kMaxUnits = 21;  // 3 bits a unit in a 64-bit key
inline constexpr int kMaxTreeDepth = 10;

inline int move_of_key(uint64_t key, int unit) {
  return static_cast<int>(key >> (3 * unit) & 7u);
}
inline uint64_t key_with(uint64_t key, int unit, int move) {
  return key | static_cast<uint64_t>(move) << (3 * unit);
}

// One unit's local bandit at a node.
struct UnitStats {
  std::array<uint8_t, kUnitMoves> order{};  // the prior move, then the others by the planner's cost
  uint8_t allowed = 1;                      // leading moves of `order` not pruned (the prior always)
  std::array<int32_t, kUnitMoves> n{};      // by move index
  std::array<double, kUnitMoves> sum{};
  double mean(int m) const { return n[m] > 0 ? sum[m] / n[m] : 0; }
};

struct Node;
// One joint move of a node (the global bandit's arm).
struct Arm {
  uint64_t key = 0;
  int32_t n = 0;
  int32_t rank = 0;  // its place among its node's joint moves, in creation order
  double sum = 0;
  double average = 0;  // sum / n, kept by add(): a scan for the greedy pick compares every arm's mean
  Node* child = nullptr;
  Arm* next = nullptr;
  double mean() const { return average; }
  void add(double value) {
    ++n;
    sum += value;
    average = sum / n;
  }
};

// A node; its units' UnitStats follow it in the same pool block.
struct Node {
  int32_t visits = 0;  // iterations through or ending at this node
  int32_t evals = 0;   // iterations ending here (leaf evaluations)
  int32_t num_arms = 0;
  bool has_prior = false;
  Arm* prior = nullptr;  // the policy's joint move
  // select()'s greedy pick while it is known (nullptr: scan the joint moves
  // for it): kept across backups, which change one joint move's mean each.
  Arm* greedy = nullptr;
  // While greedy is known: at least the mean of every other arm it is
  // chosen among (the prior and the visited ones), so that a fall of the
  // pick's own mean that leaves it above every other needs no scan.
  double rival = 0;
  Arm* first = nullptr;
  Arm* last = nullptr;
  static constexpr size_t header_bytes() {
    return (sizeof(Node) + alignof(UnitStats) - 1) / alignof(UnitStats) * alignof(UnitStats);
  }
  UnitStats* units() {
    return std::launder(reinterpret_cast<UnitStats*>(reinterpret_cast<char*>(this) + header_bytes()));
  }
  const UnitStats* units() const {
    return std::launder(reinterpret_cast<const UnitStats*>(reinterpret_cast<const char*>(this) + header_bytes()));
  }
};

// The joint moves of every node by (node, key): select() looks up each key
// it samples, and a node's list grows to thousands of joint moves at the
// root. Open addressing with linear probing; clear() is a new stamp, since
// joint moves are only ever all dropped (release(), which then indexes the
// kept subtree again). Lookups do not depend on where an entry sits, so the
// pointer hash leaves the search deterministic.
class ArmIndex {
 public:
  Arm* find(const Node* node, uint64_t key) const;
  // `key` must not be in the index for `node` yet.
  void insert(const Node* node, uint64_t key, Arm* arm);
  size_t size() const { return count_; }
  void clear();

 private:
  struct Slot {
    const Node* node = nullptr;
    uint64_t key = 0;
    Arm* arm = nullptr;
    uint32_t stamp = 0;  // == stamp_: in use
  };
  size_t slot_of(const Node* node, uint64_t key) const {
    return static_cast<size_t>(mix64(reinterpret_cast<uintptr_t>(node) ^ mix64(key))) & mask_;
  }
  void place(const Slot& entry);
  void grow();
  static constexpr size_t kFirstSlots = 1024;  // a power of two
  std::vector<Slot> slots_;
  size_t mask_ = 0, count_ = 0;
  uint32_t stamp_ = 1;
};

// Naive sampling's parameters (each planner declares them).
struct SamplingParams {
  double explore_prob = 0.4;   // chance of a joint move from the local bandits (else the global best)
  double local_epsilon = 0.3;  // a local bandit picks a random opened move with this chance, else its best
  double global_epsilon = 0;   // the global bandit picks a random stored joint move with this chance
  double widen_scale = 1;      // progressive widening: opened moves = max(1, scale x visits^exp)
  double widen_exp = 0.5;
};

// One node and the joint move an iteration took from it; `alive`: the units
// (bit u) that moved in it.
struct PathStep {
  Node* node;
  Arm* arm;
  uint32_t alive;
};

class JointMoveTree {
 public:
  // Nodes of `max_units` units, at most `max_nodes` of them; `max_units` in
  // 1..kMaxUnits.
  JointMoveTree(int max_units, int64_t max_nodes);
  ~JointMoveTree();
  JointMoveTree(const JointMoveTree&) = delete;
  JointMoveTree& operator=(const JointMoveTree&) = delete;

  Node* root() const { return root_; }
  // Everything back to the pools except the subtree at `keep` (a node of
  // this tree, or nullptr), which becomes the root; without one, a new node.
  void set_root(Node* keep);
  // Everything back to the pools; no root.
  void clear();

  // A new node, or nullptr when max_nodes are in use.
  Node* new_node();
  Arm* add_arm(Node* node, uint64_t key);
  Arm* find_arm(const Node* node, uint64_t key) const { return index_.find(node, key); }
  int64_t nodes_used() const { return nodes_used_; }
  int64_t arms_used() const { return arms_used_; }

  // The node's prior: the joint move `key` (stored if new), its first arm
  // to play; the greedy pick is recomputed.
  void set_prior(Node* node, uint64_t key);

  // Naive sampling at `node` (see the top of this file): `sample_local()`
  // builds a joint move from the local bandits (local_key() with the
  // planner's cells) when the draw asks for one.
  template <typename SampleLocal>
  Arm* select(Node* node, const SamplingParams& p, Rng& rng, SampleLocal&& sample_local) {
    if (node->prior->n == 0) return node->prior;
    if (rng.uniform() < p.explore_prob) {
      const uint64_t key = sample_local();
      if (Arm* a = find_arm(node, key)) return a;
      if (arms_used_ < max_nodes_) return add_arm(node, key);
    }
    if (p.global_epsilon > 0 && rng.uniform() < p.global_epsilon) {
      int pick = static_cast<int>(rng.below(static_cast<uint32_t>(node->num_arms)));
      for (Arm* a = node->first; a; a = a->next)
        if (pick-- == 0) return a;
    }
    return greedy_arm(node);
  }

  // Where an iteration that just played `arm` goes on: its child node
  // (stops false), or it stops at `node` (a leaf evaluation; nullptr: an
  // arm evaluated without a node). An arm gets its child on its first
  // visit when `grow` (the tree goes deeper) and the pool has room; the
  // iteration that made it stops there, so that an arm with a node always
  // has the node's visits.
  struct Descent {
    Node* node;
    bool stops;
  };
  Descent descend(Arm* arm, bool grow) {
    if (arm->child) return {arm->child, false};
    if (arm->n == 0 && grow) arm->child = new_node();
    return {arm->child, true};
  }

  // A joint move of the units in `alive` (bits below `units`) built from
  // their local bandits at `node`, in a random order; each unit's pick
  // whose end cell, end_cell(u, move), is taken(cell) gives way to its next
  // allowed move that is not; take(cell) marks each unit's end. The
  // planner marks the cells its other ships take before the call.
  template <typename EndCell, typename Taken, typename Take>
  uint64_t local_key(const Node* node, uint32_t alive, int units, const SamplingParams& p, Rng& rng, EndCell&& end_cell,
                     Taken&& taken, Take&& take);

  // The global bandit's best joint move: the prior unless a tried one has a
  // higher mean (of equal ones, the first created).
  static Arm* greedy_arm(Node* node);
  // That pick found by a scan, and in `rival` the highest mean of the others
  // it was chosen among (-inf when none).
  static Arm* scan_greedy(const Node* node, double* rival = nullptr);

  // `value` added to every node, arm and living unit's local bandit of
  // path[0..depth), and to `leaf` (the node the iteration ended at, or
  // nullptr) as a leaf evaluation.
  void backup(const PathStep* path, int depth, int units, double value, Node* leaf);

  // A unit's local bandit from its moves' costs: `policy` first, then the
  // others cheapest first; those costing prune_penalty or more above the
  // policy's move are never opened (when the policy's move is forbidden,
  // +inf, every finite one is kept).
  static void order_moves(UnitStats& us, const std::array<double, kUnitMoves>& cost, int policy, double prune_penalty);
  // A unit with one move only (`policy`, the others never opened).
  static void single_move(UnitStats& us, int policy);

  // Empty when the statistics are consistent for `units` units, else the
  // first broken invariant: every node reached once from the root, the
  // pools' counts; at every node visits = leaf evaluations + its joint
  // moves' visits, an arm with a child has the child's visits, keys
  // distinct and all found by the index, the kept greedy pick and its rival
  // bound right; per unit, its local visits at most the joint moves' (equal
  // at the root when `every_visit_at_root`, where every unit moves in every
  // visit).
  std::string check(int units, bool every_visit_at_root) const;

 private:
  void index_subtree(const Node* node);
  void free_subtree(Node* node, Node* keep);
  static void keep_greedy(Node* node, Arm* arm, double before);

  int max_units_;
  int64_t max_nodes_;
  boost::pool<> node_pool_, arm_pool_;
  int64_t nodes_used_ = 0, arms_used_ = 0;
  ArmIndex index_;
  Node* root_ = nullptr;
  std::array<int, kMaxUnits> unit_order_{};
};

template <typename EndCell, typename Taken, typename Take>
uint64_t JointMoveTree::local_key(const Node* node, uint32_t alive, int units, const SamplingParams& p, Rng& rng,
                                  EndCell&& end_cell, Taken&& taken, Take&& take) {
  const double opened =
      std::max(1.0, std::floor(p.widen_scale * std::pow(static_cast<double>(node->visits), p.widen_exp)));
  int count = 0;
  for (int u = 0; u < units; ++u)
    if (alive >> u & 1) unit_order_[static_cast<size_t>(count++)] = u;
  for (int i = count - 1; i > 0; --i)
    std::swap(unit_order_[static_cast<size_t>(i)], unit_order_[rng.below(static_cast<uint32_t>(i + 1))]);
  uint64_t key = 0;
  const UnitStats* stats = node->units();
  for (int i = 0; i < count; ++i) {
    const int u = unit_order_[static_cast<size_t>(i)];
    const UnitStats& us = stats[u];
    const int k = static_cast<int>(std::min<double>(opened, us.allowed));
    int untried = 0;
    for (int j = 0; j < k; ++j) untried += us.n[us.order[static_cast<size_t>(j)]] == 0;
    int pick;
    if (untried > 0) {
      int r = static_cast<int>(rng.below(static_cast<uint32_t>(untried)));
      pick = us.order[0];
      for (int j = 0; j < k; ++j)
        if (us.n[us.order[static_cast<size_t>(j)]] == 0 && r-- == 0) {
          pick = us.order[static_cast<size_t>(j)];
          break;
        }
    } else if (rng.uniform() < p.local_epsilon) {
      pick = us.order[rng.below(static_cast<uint32_t>(k))];
    } else {
      pick = us.order[0];
      for (int j = 1; j < k; ++j)
        if (us.mean(us.order[static_cast<size_t>(j)]) > us.mean(pick)) pick = us.order[static_cast<size_t>(j)];
    }
    if (taken(end_cell(u, pick)))
      for (int j = 0; j < us.allowed; ++j)
        if (!taken(end_cell(u, us.order[static_cast<size_t>(j)]))) {
          pick = us.order[static_cast<size_t>(j)];
          break;
        }
    take(end_cell(u, pick));
    key = key_with(key, u, pick);
  }
  return key;
}

}  // namespace halite::search::mcts
