// mcts's bandits: the units searched, each node's prior joint move and its
// units' local bandits (the moves they search, in order), and the naive
// sampling of joint moves from the local and global bandits (mcts.h).
#include <algorithm>
#include <array>
#include <cmath>
#include <utility>
#include <vector>

#include "mcts_impl.h"

namespace halite::search {

// ---- units and priors --------------------------------------------------------

// Own ships in contact (every own ship with contact_radius 0) that the
// policy does not convert, nearest to an enemy ship first, at most
// max_units. When `sticky` (the units of a subtree that could be reused)
// are all still candidates and as many units are to be searched, they are
// the units, in their order: a tree's statistics are per unit index.
void MctsPlanner::Impl::select_units(const State& root, int player, const PolicyDecision& own,
                                     const std::vector<UnitId>* sticky) {
  candidates_.clear();
  const auto ships = root.ships();
  for (size_t k = 0; k < own.ship_choices.size(); ++k) {
    if (own.ship_choices[k].second == kConvertOption) continue;
    const Ship& sh = ships[static_cast<size_t>(own.ship_choices[k].first)];
    int nearest = 1 << 20;
    for (const Ship& e : ships)
      if (e.owner != player) nearest = std::min(nearest, geo_.dist(e.cell, sh.cell));
    if (mp_.contact_radius > 0 && nearest > mp_.contact_radius) continue;
    candidates_.push_back({nearest, sh.id, static_cast<int>(k)});
  }
  std::sort(candidates_.begin(), candidates_.end());
  if (sticky && sticky->size() == std::min(candidates_.size(), static_cast<size_t>(mp_.max_units))) {
    // The sticky units to the front, in their order, the others after them
    // nearest first; back to nearest first unless all are candidates.
    size_t front = 0;
    for (const UnitId id : *sticky)
      for (size_t c = front; c < candidates_.size(); ++c)
        if (candidates_[c].id == id) {
          std::rotate(candidates_.begin() + static_cast<long>(front), candidates_.begin() + static_cast<long>(c),
                      candidates_.begin() + static_cast<long>(c) + 1);
          ++front;
          break;
        }
    if (front != sticky->size()) std::sort(candidates_.begin(), candidates_.end());
  }
  if (static_cast<int>(candidates_.size()) > mp_.max_units) candidates_.resize(static_cast<size_t>(mp_.max_units));
  units_.clear();
  unit_of_choice_.assign(own.ship_choices.size(), -1);
  for (const Candidate& c : candidates_) {
    unit_of_choice_[static_cast<size_t>(c.choice)] = static_cast<int>(units_.size());
    units_.push_back({c.id, c.choice, own.targets[static_cast<size_t>(c.choice)],
                      own.ship_choices[static_cast<size_t>(c.choice)].first});
  }
}

// A unit's moves from the policy's costs: its move first (a convert counts
// as the cheapest move), then the moves not pruned by cost, then the pruned
// ones.
void MctsPlanner::Impl::set_order(UnitStats& us, const std::array<double, kNumMoves + 1>& cost, int policy) const {
  if (policy == kConvertOption) {
    policy = 0;
    for (int m = 1; m < kNumMoves; ++m)
      if (cost[m] < cost[policy]) policy = m;
  }
  std::array<double, mcts::kUnitMoves> moves{};
  std::copy_n(cost.begin(), mcts::kUnitMoves, moves.begin());
  JointMoveTree::order_moves(us, moves, policy, mp_.prune_penalty);
}

// The root's prior: the real policy's decision (our fleet policy, which
// keeps its planned yard site across turns).
void MctsPlanner::Impl::set_root_prior() {
  uint64_t key = 0;
  for (size_t u = 0; u < units_.size(); ++u) {
    const size_t k = static_cast<size_t>(units_[u].choice);
    UnitStats& us = tree_.root()->units()[u];
    set_order(us, own_requests_[k].cost, own_choices_[k].second);
    key |= static_cast<uint64_t>(us.order[0]) << (3 * u);
  }
  tree_.set_prior(tree_.root(), key);
}

// A node below the root, on the first state that asks: the stateless fleet
// policy's decision for our player.
void MctsPlanner::Impl::policy_prior(Node* node, uint32_t alive, const PolicyDecision& d,
                                     const std::vector<MoveRequest>& requests) {
  uint64_t key = 0;
  for (size_t u = 0; u < units_.size(); ++u) {
    UnitStats& us = node->units()[u];
    JointMoveTree::single_move(us, 0);
    if (!(alive >> u & 1)) continue;
    for (size_t k = 0; k < d.ship_choices.size(); ++k)
      if (d.ship_choices[k].first == unit_ship_[u]) {
        set_order(us, requests[k].cost, d.ship_choices[k].second);
        break;
      }
    key |= static_cast<uint64_t>(us.order[0]) << (3 * u);
  }
  tree_.set_prior(node, key);
}

// A deeper node: the rollout policy's moves (staged already) as the prior;
// moves onto a cell a lighter-or-equal enemy ship can reach pruned, the
// others ordered by the distance left to the ship's target at the root.
void MctsPlanner::Impl::rollout_prior(Node* node, uint32_t alive) {
  danger_.compute(sim_, player_, geo_);
  uint64_t key = 0;
  for (size_t u = 0; u < units_.size(); ++u) {
    UnitStats& us = node->units()[u];
    JointMoveTree::single_move(us, 0);
    if (!(alive >> u & 1)) continue;
    const Ship& sh = sim_.ships()[static_cast<size_t>(unit_ship_[u])];
    std::array<double, kNumMoves + 1> cost{};
    for (int m = 0; m < kNumMoves; ++m) {
      const int c = geo_.neighbor(sh.cell, m);
      cost[static_cast<size_t>(m)] = danger_.at(c) <= sh.cargo ? kInf : geo_.dist(c, units_[u].target);
    }
    set_order(us, cost, other_move(unit_ship_[u]));
    key |= static_cast<uint64_t>(us.order[0]) << (3 * u);
  }
  tree_.set_prior(node, key);
}

// ---- naive sampling ----------------------------------------------------------

// Naive sampling at a node (JointMoveTree::select).
Arm* MctsPlanner::Impl::select(Node* node, int depth, uint32_t alive) {
  return tree_.select(node, sampling_, rng_, [&] { return sample_local(node, depth, alive); });
}

// A joint move from the local bandits (JointMoveTree::local_key), the cells
// our other ships end on marked: at the root the policy's, below it their
// staged moves'.
uint64_t MctsPlanner::Impl::sample_local(Node* node, int depth, uint32_t alive) {
  mark_units(alive);
  if (depth == 0) {
    for (int c : root_taken_) taken_[static_cast<size_t>(c)] = epoch_;
  } else {
    const auto ships = sim_.ships();
    for (size_t i = 0; i < ships.size(); ++i)
      if (ships[i].owner == player_ && ship_mark_[i] != epoch_)
        taken_[static_cast<size_t>(geo_.neighbor(ships[i].cell, other_move(static_cast<int>(i))))] = epoch_;
  }
  auto end_cell = [&](int u, int move) {
    return geo_.neighbor(sim_.ships()[static_cast<size_t>(unit_ship_[static_cast<size_t>(u)])].cell, move);
  };
  return tree_.local_key(
      node, alive, static_cast<int>(units_.size()), sampling_, rng_, end_cell,
      [&](int cell) { return taken_[static_cast<size_t>(cell)] == epoch_; },
      [&](int cell) { taken_[static_cast<size_t>(cell)] = epoch_; });
}

}  // namespace halite::search
