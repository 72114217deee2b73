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

// A unit's moves from the policy's costs: its move first, then the moves
// not pruned by cost, then the pruned ones.
void MctsPlanner::Impl::set_order(UnitStats& us, const std::array<double, kNumMoves + 1>& cost, int policy) const {
  if (policy == kConvertOption) {
    policy = 0;
    for (int m = 1; m < kNumMoves; ++m)
      if (cost[m] < cost[policy]) policy = m;
  }
  // When the policy's own move is forbidden (+inf), every allowed move is
  // kept: the policy had nothing better, the search may find something.
  const double bound = cost[policy] + mp_.prune_penalty;
  std::array<std::pair<double, int>, kNumMoves> rest{};
  int allowed = 0, count = 0;
  for (int m = 0; m < kNumMoves; ++m) {
    if (m == policy) continue;
    const bool keep = cost[m] < bound || (bound == kInf && cost[m] < kInf);
    allowed += keep;
    rest[static_cast<size_t>(count++)] = {keep ? cost[m] : kInf, m};
  }
  std::stable_sort(rest.begin(), rest.begin() + count);
  us.order[0] = static_cast<uint8_t>(policy);
  for (int k = 0; k < count; ++k)
    us.order[static_cast<size_t>(k + 1)] = static_cast<uint8_t>(rest[static_cast<size_t>(k)].second);
  us.allowed = static_cast<uint8_t>(1 + allowed);
}

void MctsPlanner::Impl::set_single(UnitStats& us) const {
  for (int m = 0; m < kNumMoves; ++m) us.order[static_cast<size_t>(m)] = static_cast<uint8_t>(m);
  us.allowed = 1;
}

// The root's prior: the real policy's decision (our fleet policy, which
// keeps its planned yard site across turns).
void MctsPlanner::Impl::set_root_prior() {
  uint64_t key = 0;
  for (size_t u = 0; u < units_.size(); ++u) {
    const size_t k = static_cast<size_t>(units_[u].choice);
    UnitStats& us = root_->units()[u];
    set_order(us, own_requests_[k].cost, own_choices_[k].second);
    key |= static_cast<uint64_t>(us.order[0]) << (3 * u);
  }
  set_prior_arm(root_, key);
}

// A node below the root, on the first state that asks: the stateless fleet
// policy's decision for our player.
void MctsPlanner::Impl::policy_prior(Node* node, uint32_t alive, const PolicyDecision& d,
                                     const std::vector<MoveRequest>& requests) {
  uint64_t key = 0;
  for (size_t u = 0; u < units_.size(); ++u) {
    UnitStats& us = node->units()[u];
    set_single(us);
    if (!(alive >> u & 1)) continue;
    for (size_t k = 0; k < d.ship_choices.size(); ++k)
      if (d.ship_choices[k].first == unit_ship_[u]) {
        set_order(us, requests[k].cost, d.ship_choices[k].second);
        break;
      }
    key |= static_cast<uint64_t>(us.order[0]) << (3 * u);
  }
  set_prior_arm(node, key);
}

// A deeper node: the rollout policy's moves (staged already) as the prior;
// moves onto a cell a lighter-or-equal enemy ship can reach pruned, the
// others ordered by the distance left to the ship's target at the root.
void MctsPlanner::Impl::rollout_prior(Node* node, uint32_t alive) {
  danger_.compute(sim_, player_, geo_);
  uint64_t key = 0;
  for (size_t u = 0; u < units_.size(); ++u) {
    UnitStats& us = node->units()[u];
    set_single(us);
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
  set_prior_arm(node, key);
}

void MctsPlanner::Impl::set_prior_arm(Node* node, uint64_t key) {
  Arm* a = find_arm(node, key);
  if (!a) a = add_arm(node, key);
  node->prior = a;
  node->has_prior = true;
  node->greedy = nullptr;
}

// ---- naive sampling ----------------------------------------------------------

// Naive sampling at a node: the prior first; then with explore_prob a
// joint move from the local bandits, else the global bandit's best.
Arm* MctsPlanner::Impl::select(Node* node, int depth, uint32_t alive) {
  if (node->prior->n == 0) return node->prior;
  if (rng_.uniform() < mp_.explore_prob) {
    const uint64_t key = sample_local(node, depth, alive);
    if (Arm* a = find_arm(node, key)) return a;
    if (arms_used_ < mp_.max_nodes) return add_arm(node, key);
  }
  if (mp_.global_epsilon > 0 && rng_.uniform() < mp_.global_epsilon) {
    int pick = static_cast<int>(rng_.below(static_cast<uint32_t>(node->num_arms)));
    for (Arm* a = node->first; a; a = a->next)
      if (pick-- == 0) return a;
  }
  return greedy_arm(node);
}

// The global bandit's best joint move: the prior unless a tried one has a
// higher mean (of equal ones, the first created).
Arm* MctsPlanner::Impl::greedy_arm(Node* node) {
  if (!node->greedy) node->greedy = scan_greedy(node, &node->rival);
  return node->greedy;
}

// The pick, and in `rival` the highest mean of the others it was chosen
// among (-inf when none).
Arm* MctsPlanner::Impl::scan_greedy(const Node* node, double* rival) {
  Arm* best = node->prior;
  double second = -kInf;
  for (Arm* a = node->first; a; a = a->next) {
    if (a->n == 0 || a == node->prior) continue;
    if (a->mean() > best->mean()) {
      second = std::max(second, best->mean());
      best = a;
    } else {
      second = std::max(second, a->mean());
    }
  }
  if (rival) *rival = second;
  return best;
}

// After `arm`'s mean went from `before` to its new value: the greedy pick
// as greedy_arm() would find it, or unknown when the pick's own mean fell
// to or below the rival bound (a tie goes to the scan's order).
void MctsPlanner::Impl::keep_greedy(Node* node, Arm* arm, double before) {
  Arm* g = node->greedy;
  if (!g) return;
  if (arm == g) {
    if (arm->mean() < before && !(arm->mean() > node->rival)) node->greedy = nullptr;
    return;
  }
  const bool first = arm == node->prior || (g != node->prior && arm->rank < g->rank);
  if (arm->mean() > g->mean() || (arm->mean() == g->mean() && first)) {
    node->rival = std::max(node->rival, g->mean());
    node->greedy = arm;
  } else {
    node->rival = std::max(node->rival, arm->mean());
  }
}

// A joint move built unit by unit (in a random order) from the local
// bandits: among a unit's opened moves, one not tried yet at random, else
// epsilon-greedy; a move onto a cell another own ship already takes gives
// way to the unit's next move that does not.
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
  const double opened =
      std::max(1.0, std::floor(mp_.widen_scale * std::pow(static_cast<double>(node->visits), mp_.widen_exp)));
  int count = 0;
  for (size_t u = 0; u < units_.size(); ++u)
    if (alive >> u & 1) unit_order_[static_cast<size_t>(count++)] = static_cast<int>(u);
  for (int i = count - 1; i > 0; --i)
    std::swap(unit_order_[static_cast<size_t>(i)], unit_order_[rng_.below(static_cast<uint32_t>(i + 1))]);
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
      int r = static_cast<int>(rng_.below(static_cast<uint32_t>(untried)));
      pick = us.order[0];
      for (int j = 0; j < k; ++j)
        if (us.n[us.order[static_cast<size_t>(j)]] == 0 && r-- == 0) {
          pick = us.order[static_cast<size_t>(j)];
          break;
        }
    } else if (rng_.uniform() < mp_.local_epsilon) {
      pick = us.order[rng_.below(static_cast<uint32_t>(k))];
    } else {
      pick = us.order[0];
      for (int j = 1; j < k; ++j)
        if (us.mean(us.order[static_cast<size_t>(j)]) > us.mean(pick)) pick = us.order[static_cast<size_t>(j)];
    }
    const int cell = sim_.ships()[static_cast<size_t>(unit_ship_[static_cast<size_t>(u)])].cell;
    if (taken_[static_cast<size_t>(geo_.neighbor(cell, pick))] == epoch_)
      for (int j = 0; j < us.allowed; ++j)
        if (taken_[static_cast<size_t>(geo_.neighbor(cell, us.order[static_cast<size_t>(j)]))] != epoch_) {
          pick = us.order[static_cast<size_t>(j)];
          break;
        }
    taken_[static_cast<size_t>(geo_.neighbor(cell, pick))] = epoch_;
    key |= static_cast<uint64_t>(pick) << (3 * u);
  }
  return key;
}

}  // namespace halite::search
