// mcts's answer: the orders of a joint move through the resolver, the
// tree's choice, and with verify_arms the check of the most visited joint
// moves by playouts on the whole board (mcts.h).
#include <algorithm>
#include <optional>

#include "mcts_impl.h"

namespace halite::search {

namespace {

// How much a chosen move is preferred over the policy's in the resolver (as
// paired does): far above the differences between a ship's safe moves, below
// the danger penalties the move could put on another ship and the forbidden
// cost, so the resolver still refuses to push a neighbour into danger.
constexpr double kPreference = 1e5;

}  // namespace

// The orders that play the units' moves from `key`: the policy's costs with
// those moves preferred, through the resolver (which may still move a unit
// elsewhere: the others' moves stay legal and collision-free). played_
// gets the (ship index, option) of each own ship.
State::Orders MctsPlanner::Impl::orders_of(const State& root, uint64_t key) {
  requests_ = own_requests_;
  for (size_t u = 0; u < units_.size(); ++u) {
    const int m = move_of_key(key, static_cast<int>(u));
    const int p = own_choices_[static_cast<size_t>(units_[u].choice)].second;
    MoveRequest& req = requests_[static_cast<size_t>(units_[u].choice)];
    if (m != p) req.cost[m] = req.cost[p] - kPreference;
  }
  shared_cells_.clear();
  if (steps_left(root) <= base_.crash_home_steps)
    for (const Shipyard& y : root.shipyards())
      if (y.owner == player_) shared_cells_.push_back(y.cell);
  const std::vector<int>& pick = resolver_.solve(requests_, geo_, shared_cells_);
  played_.resize(own_choices_.size());
  for (size_t k = 0; k < played_.size(); ++k) played_[k] = {requests_[k].ship_index, pick[k]};
  // A unit moved off a threatened yard leaves it to a defender, as the
  // policy's own moves would.
  std::vector<int> spawns = unblocked_spawns(root, geo_, played_, own_spawns_);
  own_.add_defenders(root, player_, played_, spawns);
  return to_orders(root, played_, spawns);
}

// The root's most visited joint move if its tree mean beats the policy's by
// min_gain, else the policy's.
const Arm* MctsPlanner::Impl::tree_answer() const {
  const Arm* best = tree_.root()->prior;
  for (const Arm* a = tree_.root()->first; a; a = a->next)
    if (a->n > best->n) best = a;
  return best != tree_.root()->prior && best->mean() >= tree_.root()->prior->mean() + mp_.min_gain
             ? best
             : tree_.root()->prior;
}

// The tree's means are of its own lines: below the root it chose our
// moves with hindsight of the simulation, and most often below the joint
// moves it visited most, so comparing them with the policy's mean favours
// those (measured: its estimate of the answer's gain ~150-470, the gain in
// the game ~0). The answer is checked on the game the bot will play: the
// verify_arms most visited joint moves and the policy's, each followed by
// every player's policy on the whole board (playout()); the best wins if
// it beats the policy's playout by min_gain.
State::Orders MctsPlanner::Impl::verified_answer(const State& root, const State::Orders& policy_orders,
                                                 double policy_value, const Budget& clock, PlanStats& stats) {
  verify_.clear();
  for (Arm* a = tree_.root()->first; a; a = a->next)
    if (a != tree_.root()->prior && a->n > 0) verify_.push_back(a);
  const size_t k = std::min(verify_.size(), static_cast<size_t>(mp_.verify_arms));
  std::partial_sort(verify_.begin(), verify_.begin() + static_cast<std::ptrdiff_t>(k), verify_.end(),
                    [](const Arm* a, const Arm* b) { return a->n != b->n ? a->n > b->n : a->key < b->key; });
  State::Orders best = policy_orders;
  std::vector<std::pair<int, int>> best_played;
  double best_value = policy_value + mp_.min_gain;
  info_.chose_policy = true;
  info_.answer_gain = 0;
  for (size_t i = 0; i < k && !clock.past_deadline(); ++i) {
    State::Orders orders = orders_of(root, verify_[i]->key);
    ++info_.verified_arms;
    if (orders == policy_orders) continue;
    const std::optional<double> v = playout(root, orders, clock, stats);
    if (!v || *v < best_value) continue;
    best = std::move(orders);
    best_played = played_;
    best_value = *v;
    info_.chose_policy = false;
    info_.answer_gain = *v - policy_value;
  }
  played_ = std::move(best_played);
  return best;
}

// The value of our `orders` and the opponents' first-turn orders on the
// whole board, then verify_horizon - 1 turns of every player's policy;
// nothing once `clock` is past its deadline (checked before every turn's
// decisions).
std::optional<double> MctsPlanner::Impl::playout(const State& root, const State::Orders& orders, const Budget& clock,
                                                 PlanStats& stats) {
  sim_.assign_from(root);
  sim_.stage(player_, orders);
  for (const auto& [index, option] : full_turn_.opp)
    if (option != 0) sim_.stage_ship(index, option_action(option));
  for (int y : opp_spawns_) sim_.stage_shipyard(y, Action::Spawn);
  sim_.resolve();
  ++stats.simulated_steps;
  for (int d = 1; d < mp_.verify_horizon && !sim_.is_terminal(); ++d) {
    if (!stage_by_policies(clock)) return std::nullopt;
    sim_.resolve();
    ++stats.simulated_steps;
  }
  // evaluate() alone: over verify_horizon turns of the policy the ships
  // travel, and the progress term (for the tree's short lines) only adds
  // its bias (measured by `halite deviations`: +35 a departing turn with
  // it, +63 without).
  return evaluate(sim_, player_, geo_, ep_);
}

}  // namespace halite::search
