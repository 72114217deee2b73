// mcts's tree (JointMoveTree, joint_move_tree.h): the subtree kept for the
// next turn, and the inspection of the tree (mcts.h).
#include <string>
#include <vector>

#include "mcts_impl.h"

namespace halite::search {

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
  Arm* a = tree_.find_arm(tree_.root(), key);
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
  if (tree_.root() == nullptr) return;
  const UnitStats* stats = tree_.root()->units();
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

// Every unit moves in every visit of a fresh root; a kept subtree's root
// was a node below the last one, where a unit may have been sunk in some of
// its visits (those count for the joint move only).
std::string MctsPlanner::Impl::check_tree() const {
  return tree_.check(static_cast<int>(units_.size()), info_.reused_visits == 0);
}

}  // namespace halite::search
