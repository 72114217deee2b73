// search/'s JointMoveTree (joint_move_tree.h), the tree both games' mcts
// planners grow: the order of a unit's moves, naive sampling from the
// prior, backups and the tree's invariants, the subtree kept as the next
// root, descending into a new or existing child, and the pools' bound.
#include <catch2/catch.hpp>

#include <array>
#include <limits>

#include "halite/search/joint_move_tree.h"
#include "halite/search/rng.h"

using halite::search::Rng;
using namespace halite::search::mcts;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// A joint move of two units whose end cell is the move index, nothing taken.
uint64_t sample(JointMoveTree& tree, Node* node, Rng& rng, const SamplingParams& p) {
  return tree.local_key(
      node, 0b11, 2, p, rng, [](int, int move) { return move; }, [](int) { return false; }, [](int) {});
}

}  // namespace

TEST_CASE("joint move tree: a unit's moves, the prior's first and the others by cost, pruned by penalty",
          "[mcts][tree]") {
  UnitStats us;
  JointMoveTree::order_moves(us, {5, 1, 2, kInf, 900}, 0, 100);
  CHECK(us.order == std::array<uint8_t, kUnitMoves>{0, 1, 2, 3, 4});
  CHECK(us.allowed == 3);  // 900 is more than 100 above 5, +inf is never opened
  JointMoveTree::order_moves(us, {kInf, 7, 3, kInf, 4}, 0, 100);
  CHECK(us.order == std::array<uint8_t, kUnitMoves>{0, 2, 4, 1, 3});
  CHECK(us.allowed == 4);  // the prior's own move forbidden: every finite one stays open
  JointMoveTree::single_move(us, 3);
  CHECK(us.order[0] == 3);
  CHECK(us.allowed == 1);
}

TEST_CASE("joint move tree: the prior first, backups keep the invariants, a kept subtree becomes the root",
          "[mcts][tree]") {
  JointMoveTree tree(2, 1000);
  tree.set_root(nullptr);
  Node* root = tree.root();
  for (int u = 0; u < 2; ++u) JointMoveTree::order_moves(root->units()[u], {0, 1, 2, 3, 4}, 0, kInf);
  tree.set_prior(root, 0);
  SamplingParams p;
  p.explore_prob = 1;
  Rng rng(7);
  std::array<PathStep, 2> path{};
  for (int i = 0; i < 200; ++i) {
    Arm* arm = tree.select(root, p, rng, [&] { return sample(tree, root, rng, p); });
    if (i == 0) CHECK(arm == root->prior);
    path[0] = {root, arm, 0b11};
    Node* child = tree.descend(arm, true).node;
    // A value that favours unit 0's move 2 and unit 1's move 3.
    const double value = (move_of_key(arm->key, 0) == 2 ? 10 : 0) + (move_of_key(arm->key, 1) == 3 ? 5 : 0);
    tree.backup(path.data(), 1, 2, value, child);
  }
  CHECK(tree.check(2, true) == "");
  CHECK(root->visits == 200);
  CHECK(root->num_arms > 1);
  const Arm* best = JointMoveTree::greedy_arm(root);
  CHECK(best->key == key_with(key_with(0, 0, 2), 1, 3));
  CHECK(JointMoveTree::scan_greedy(root) == best);

  const int64_t nodes = tree.nodes_used();
  Node* kept = best->child;
  REQUIRE(kept);
  tree.set_root(kept);
  CHECK(tree.root() == kept);
  CHECK(tree.nodes_used() == 1);
  CHECK(tree.nodes_used() < nodes);
  CHECK(tree.check(2, false) == "");
  tree.clear();
  CHECK(tree.root() == nullptr);
  CHECK(tree.nodes_used() == 0);
  CHECK(tree.arms_used() == 0);
}

TEST_CASE("joint move tree: a taken cell makes a unit give way, descent makes children, the pools stop at max_nodes",
          "[mcts][tree]") {
  JointMoveTree tree(1, 3);
  tree.set_root(nullptr);
  Node* root = tree.root();
  JointMoveTree::order_moves(root->units()[0], {0, 1, 2, 3, 4}, 0, kInf);
  tree.set_prior(root, 0);
  root->visits = 100;  // every move opened
  SamplingParams p;
  Rng rng(3);
  for (int i = 0; i < 20; ++i) {
    const uint64_t key = tree.local_key(
        root, 1, 1, p, rng, [](int, int move) { return move; }, [](int cell) { return cell != 4; }, [](int) {});
    CHECK(move_of_key(key, 0) == 4);  // the only move whose cell is free
  }
  // An arm's first visit makes its child, where that iteration stops; the
  // next goes through it; with the pool full an arm stays without a node.
  Arm* prior = root->prior;
  const JointMoveTree::Descent first = tree.descend(prior, true);
  CHECK((first.node != nullptr && first.stops));
  std::array<PathStep, 1> path{{{root, prior, 1}}};
  tree.backup(path.data(), 1, 1, 1.0, first.node);
  const JointMoveTree::Descent second = tree.descend(prior, true);
  CHECK((second.node == first.node && !second.stops));
  CHECK(tree.new_node() != nullptr);
  CHECK(tree.new_node() == nullptr);  // the root and two more: max_nodes 3
  Arm* other = tree.add_arm(root, 1);
  const JointMoveTree::Descent full = tree.descend(other, true);
  CHECK((full.node == nullptr && full.stops));
}
