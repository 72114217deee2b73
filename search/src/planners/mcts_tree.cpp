// mcts's tree: its nodes and joint moves from the pools and back, the
// subtree kept for the next turn, and the inspection of the tree (mcts.h).
#include <new>
#include <string>
#include <unordered_set>
#include <vector>

#include "mcts_impl.h"

namespace halite::search {

// ---- pools -------------------------------------------------------------------

Node* MctsPlanner::Impl::new_node() {
  if (nodes_used_ >= mp_.max_nodes) return nullptr;
  void* mem = node_pool_.malloc();
  if (!mem) throw std::bad_alloc();
  Node* node = new (mem) Node{};
  char* units = static_cast<char*>(mem) + Node::header_bytes();
  for (int u = 0; u < mp_.max_units; ++u) new (units + static_cast<size_t>(u) * sizeof(UnitStats)) UnitStats{};
  ++nodes_used_;
  return node;
}

Arm* MctsPlanner::Impl::add_arm(Node* node, uint64_t key) {
  void* mem = arm_pool_.malloc();
  if (!mem) throw std::bad_alloc();
  Arm* a = new (mem) Arm{};
  a->key = key;
  a->rank = node->num_arms;
  arm_index_.insert(node, key, a);
  if (node->last)
    node->last->next = a;
  else
    node->first = a;
  node->last = a;
  ++node->num_arms;
  ++arms_used_;
  return a;
}

// Returns every node of the tree and its joint moves to the pools, except
// the subtree at `keep` (a child somewhere below the root).
void MctsPlanner::Impl::release_tree(Node* keep) {
  if (root_) free_subtree(root_, keep);
  root_ = nullptr;
  arm_index_.clear();
  if (keep) index_subtree(keep);
}

void MctsPlanner::Impl::index_subtree(const Node* node) {
  for (Arm* a = node->first; a; a = a->next) {
    arm_index_.insert(node, a->key, a);
    if (a->child) index_subtree(a->child);
  }
}

void MctsPlanner::Impl::free_subtree(Node* node, Node* keep) {
  for (Arm* a = node->first; a;) {
    Arm* next = a->next;
    if (a->child && a->child != keep) free_subtree(a->child, keep);
    arm_pool_.free(a);
    --arms_used_;
    a = next;
  }
  node_pool_.free(node);
  --nodes_used_;
}

// ---- reuse -------------------------------------------------------------------

// After the answer: the child of the joint move played is kept when the
// tree's first turn for it is the turn that will be played (our orders and
// the opponents' models' orders): its state is stored for the next root.
void MctsPlanner::Impl::keep_played(const State& root, int player, const State::Orders& orders) {
  uint64_t key = 0;
  for (size_t u = 0; u < units_.size(); ++u) {
    const int option = played_[static_cast<size_t>(units_[u].choice)].second;
    if (option == kConvertOption) return;
    key |= static_cast<uint64_t>(option) << (3 * u);
  }
  Arm* a = find_arm(root_, key);
  if (!a || !a->child) return;
  predicted_ = root;
  predicted_.stage(player, orders);
  for (const auto& [index, option] : opp_orders_)
    if (option != 0) predicted_.stage_ship(index, option_action(option));
  for (int y : opp_spawns_) predicted_.stage_shipyard(y, Action::Spawn);
  predicted_.resolve();
  sim_ = root;
  stage_root(sim_, full_turn_, full_turn_.opp, key);
  sim_.resolve();
  if (!(sim_ == predicted_)) return;
  kept_ = a->child;
  kept_units_.clear();
  for (const Unit& unit : units_) kept_units_.push_back(unit.id);
  info_.kept_visits = kept_->visits;
}

// The root policy's reasons, and for each searched unit its root bandit's
// statistics: the visits and mean of the move it was given, and of the most
// visited other move. Without a tree this turn (no unit in contact, no
// time), the policy's alone.
void MctsPlanner::Impl::explain(const State& root, int player, TurnReasons& reasons) const {
  own_.explain(root, player, reasons);
  if (root_ == nullptr) return;
  const UnitStats* stats = root_->units();
  for (size_t u = 0; u < units_.size(); ++u) {
    UnitReason* r = reasons.find(units_[u].id);
    if (r == nullptr || r->action == Action::Convert) continue;
    const int given = action_option(r->action);
    if (given < 0) continue;
    const UnitStats& us = stats[u];
    r->basis = "tree";
    r->visits = us.n[static_cast<size_t>(given)];
    r->value = us.mean(given);
    r->runner_up.reset();
    r->runner_up_value.reset();
    int other = -1;
    for (int m = 0; m < kNumMoves; ++m)
      if (m != given && us.n[static_cast<size_t>(m)] > 0 &&
          (other < 0 || us.n[static_cast<size_t>(m)] > us.n[static_cast<size_t>(other)]))
        other = m;
    if (other >= 0) {
      r->runner_up = kMoveActions[static_cast<size_t>(other)];
      r->runner_up_value = us.mean(other);
    }
  }
}

// Equal but for the time left in the players' overage banks (the runner's,
// not the rules').
bool MctsPlanner::Impl::same_state(const State& a, const State& b) {
  if (a.num_players() != b.num_players() || a.step() != b.step()) return false;
  State copy = a;
  for (int p = 0; p < copy.num_players(); ++p)
    copy.mutable_player(p).remaining_overage_time = b.player(p).remaining_overage_time;
  return copy == b;
}

// ---- inspection --------------------------------------------------------------

std::vector<MctsPlanner::ArmView> MctsPlanner::Impl::arms_of(const Node* node) {
  std::vector<ArmView> v;
  if (!node) return v;
  for (const Arm* a = node->first; a; a = a->next) v.push_back({a->key, a->n, a->mean(), a->child != nullptr});
  return v;
}

std::string MctsPlanner::Impl::check_tree() const {
  if (!root_) return nodes_used_ == 0 && arms_used_ == 0 ? "" : "no root, but nodes or joint moves in use";
  std::unordered_set<const Node*> seen;
  int64_t arms = 0;
  std::vector<const Node*> stack = {root_};
  while (!stack.empty()) {
    const Node* node = stack.back();
    stack.pop_back();
    if (!seen.insert(node).second) return "a node is reached twice";
    int64_t through = 0;
    int count = 0;
    std::unordered_set<uint64_t> keys;
    for (const Arm* a = node->first; a; a = a->next) {
      ++count;
      through += a->n;
      if (!keys.insert(a->key).second) return "a joint move stored twice in one node";
      if (a->child) {
        if (a->child->visits != a->n)
          return "a joint move's visits (" + std::to_string(a->n) + ") differ from its child's (" +
                 std::to_string(a->child->visits) + ")";
        stack.push_back(a->child);
      }
    }
    arms += count;
    if (count != node->num_arms) return "a node's joint-move count is wrong";
    for (const Arm* a = node->first; a; a = a->next)
      if (find_arm(node, a->key) != a) return "a joint move is not found by its key in its node's index";
    if (node->greedy && node->greedy != scan_greedy(node))
      return "a node's kept greedy pick is not the joint move a scan finds";
    if (node->greedy)
      for (const Arm* a = node->first; a; a = a->next)
        if (a != node->greedy && (a->n > 0 || a == node->prior) && a->mean() > node->rival)
          return "a node's rival bound is below the mean of a joint move other than its greedy pick";
    if (node->visits != node->evals + through)
      return "a node's visits (" + std::to_string(node->visits) + ") differ from its leaf evaluations (" +
             std::to_string(node->evals) + ") plus its joint moves' visits (" + std::to_string(through) + ")";
    for (size_t u = 0; u < units_.size(); ++u) {
      int64_t local = 0;
      for (int m = 0; m < kNumMoves; ++m) local += node->units()[u].n[static_cast<size_t>(m)];
      // Every unit moves in every visit of a fresh root; a kept subtree's
      // root was a node below the last one, where a unit may have been
      // sunk in some of its visits (those count for the joint move only).
      const bool every_visit = node == root_ && info_.reused_visits == 0;
      if (local > through || (every_visit && local != through))
        return "unit " + std::to_string(u) + "'s local visits (" + std::to_string(local) +
               ") do not match its node's joint-move visits (" + std::to_string(through) + ")";
    }
  }
  if (static_cast<int64_t>(seen.size()) != nodes_used_) return "the tree holds fewer nodes than the pool gave out";
  if (arms != arms_used_) return "the tree holds fewer joint moves than the pool gave out";
  if (static_cast<int64_t>(arm_index_.size()) != arms)
    return "the index holds another number of joint moves than the tree";
  return "";
}

}  // namespace halite::search
