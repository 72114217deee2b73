// mcts's iterations: the state they start from, one iteration down the tree
// and on to the horizon with its backup, and the simulated turns: the first
// turn's orders, the rollout or the players' policies below the root, our
// other ships giving way to the units (mcts.h).
#include <algorithm>
#include <utility>
#include <vector>

#include "mcts_impl.h"

namespace halite::search {

// Ship indices of the units in sim_ (-1: gone); bit u set when unit u lives.
uint32_t MctsPlanner::Impl::map_units() {
  uint32_t alive = 0;
  for (size_t u = 0; u < units_.size(); ++u) {
    unit_ship_[u] = sim_.find_ship(units_[u].id);
    if (unit_ship_[u] >= 0) alive |= 1u << u;
  }
  return alive;
}

// The first turn on `s` (the root, or the local part of it: `turn` holds
// its ship indices): the policy's orders for our other ships and builds,
// the opponents' orders `opp` (turn.opp, or an iteration's draw from it),
// the units' moves from `key`.
void MctsPlanner::Impl::stage_root(State& s, const FirstTurn& turn, const std::vector<std::pair<int, int>>& opp,
                                   uint64_t key) const {
  const auto ships = s.ships();
  for (const auto& [index, option] : turn.own)
    if (option != 0) s.stage_ship(index, option_action(option));
  for (size_t u = 0; u < units_.size(); ++u) {
    const int m = move_of_key(key, static_cast<int>(u));
    if (m != 0) s.stage_ship(turn.unit_index[u], kMoveActions[m]);
  }
  for (int y : own_spawns_) {
    const int cell = s.shipyards()[static_cast<size_t>(y)].cell;
    bool blocked = false;
    for (size_t u = 0; u < units_.size() && !blocked; ++u)
      blocked = geo_.neighbor(ships[static_cast<size_t>(turn.unit_index[u])].cell,
                              move_of_key(key, static_cast<int>(u))) == cell;
    if (!blocked) s.stage_shipyard(y, Action::Spawn);
  }
  for (const auto& [index, option] : opp)
    if (option != 0) s.stage_ship(index, option_action(option));
  for (int y : opp_spawns_) s.stage_shipyard(y, Action::Spawn);
}

// opponent_sample: each enemy ship of sim_turn_.opp that can meet a unit on
// the first turn, with its move model distribution over the moves (a
// convert counted as staying: the ship leaves no mover on the board either way).
void MctsPlanner::Impl::prepare_sampled_opponents(const State& root) {
  // Two moves apart, an enemy ship and a unit can end on the same cell.
  constexpr int kMeetingDistance = 2;
  sampled_opponents_.clear();
  if (mp_.opponent_sample <= 0) return;
  std::vector<int> root_of_sim(sim_root_->ships().size());
  for (size_t i = 0; i < root.ships().size(); ++i) {
    const int local = sim_root_ == &local_root_ ? local_index_[i] : static_cast<int>(i);
    if (local >= 0) root_of_sim[static_cast<size_t>(local)] = static_cast<int>(i);
  }
  const auto ships = root.ships();
  for (size_t slot = 0; slot < sim_turn_.opp.size(); ++slot) {
    const int i = root_of_sim[static_cast<size_t>(sim_turn_.opp[slot].first)];
    bool near = false;
    for (size_t u = 0; u < units_.size() && !near; ++u)
      near = geo_.dist(ships[static_cast<size_t>(i)].cell, ships[static_cast<size_t>(units_[u].root_index)].cell) <=
             kMeetingDistance;
    if (!near) continue;
    move_context_.features(i, move_features_);
    const std::array<double, kMoveOptions> p = MoveModel::builtin().distribution(move_features_);
    SampledOpponent so{slot, {}};
    double sum = 0;
    for (int m = 0; m < kNumMoves; ++m) {
      sum += p[static_cast<size_t>(m)] + (m == 0 ? p[kNumMoves] : 0);
      so.cumulative[static_cast<size_t>(m)] = sum;
    }
    sampled_opponents_.push_back(so);
  }
}

// This iteration's first-turn orders of the opponents: sim_turn_.opp, each
// sampled ship's move redrawn with chance opponent_sample. Draws from
// `roll` only when there is a ship to sample, so that opponent_sample 0
// leaves every rollout as it was.
const std::vector<std::pair<int, int>>& MctsPlanner::Impl::first_turn_opponents(Rng& roll) {
  if (sampled_opponents_.empty()) return sim_turn_.opp;
  iteration_opp_ = sim_turn_.opp;
  for (const SampledOpponent& so : sampled_opponents_) {
    if (!roll.chance(mp_.opponent_sample)) continue;
    const double r = roll.uniform() * so.cumulative.back();
    int m = 0;
    while (m + 1 < kNumMoves && r >= so.cumulative[static_cast<size_t>(m)]) ++m;
    iteration_opp_[so.slot].second = m;
  }
  return iteration_opp_;
}

// The state the iterations start from: the root, or with local_radius its
// ships within that distance of a unit (every shipyard and cell kept), and
// the first turn's orders in its ship indices. Ships far from every unit
// hardly change which joint move is best, but each costs its share of every
// simulated turn and adds its rollout's noise to every value.
void MctsPlanner::Impl::set_sim_root(const State& root) {
  sim_root_ = &root;
  sim_turn_ = full_turn_;
  info_.simulated_ships = static_cast<int>(root.ships().size());
  if (mp_.local_radius <= 0) return;
  const auto ships = root.ships();
  keep_.assign(ships.size(), 0);
  size_t kept = 0;
  for (size_t i = 0; i < ships.size(); ++i) {
    for (size_t u = 0; u < units_.size() && !keep_[i]; ++u)
      keep_[i] = geo_.dist(ships[i].cell, ships[static_cast<size_t>(units_[u].root_index)].cell) <= mp_.local_radius;
    kept += keep_[i];
  }
  if (kept == ships.size()) return;
  local_root_ = with_ships(root, keep_);
  local_index_.assign(ships.size(), -1);
  int next = 0;
  for (size_t i = 0; i < ships.size(); ++i)
    if (keep_[i]) local_index_[i] = next++;
  auto remap = [this](std::vector<std::pair<int, int>>& orders) {
    size_t out = 0;
    for (const auto& [index, option] : orders)
      if (local_index_[static_cast<size_t>(index)] >= 0)
        orders[out++] = {local_index_[static_cast<size_t>(index)], option};
    orders.resize(out);
  };
  remap(sim_turn_.own);
  remap(sim_turn_.opp);
  for (size_t u = 0; u < units_.size(); ++u)
    sim_turn_.unit_index[u] = local_index_[static_cast<size_t>(units_[u].root_index)];
  sim_root_ = &local_root_;
  info_.simulated_ships = static_cast<int>(kept);
}

// One iteration: down the tree, one new node, the rollout to the horizon,
// the backup. False when the deadline stopped it before any change.
bool MctsPlanner::Impl::iterate(uint64_t roll_seed, const Budget& inner, PlanStats& stats) {
  Rng roll(roll_seed);
  sim_.assign_from(*sim_root_);
  const int tree_turns = std::min(mp_.tree_depth, mp_.horizon);
  int depth = 0;
  Node* node = tree_.root();
  Node* leaf = nullptr;
  for (;;) {
    const uint32_t alive = depth == 0 ? (1u << units_.size()) - 1 : map_units();
    if (sim_.is_terminal() || depth >= tree_turns || alive == 0) {
      leaf = node;
      break;
    }
    if (depth == 0) {
      for (size_t u = 0; u < units_.size(); ++u) unit_ship_[u] = sim_turn_.unit_index[u];
    } else {
      if (mp_.policy_rollout) {
        if (!stage_others(roll, inner)) return false;
        if (!node->has_prior && depth < mp_.policy_depth) {
          policy_prior(node, alive, own_sim_decision(), model_.requests());
          ++info_.policy_priors;
        }
      } else {
        if (!node->has_prior && depth < mp_.policy_depth) {
          if (inner.past_deadline()) return false;
          policy_prior(node, alive, model_.decide(sim_, player_), model_.requests());
          ++info_.policy_priors;
        }
        stage_others(roll, inner);
      }
      if (!node->has_prior) rollout_prior(node, alive);
    }
    Arm* arm = select(node, depth, alive);
    if (depth == 0) {
      stage_root(sim_, sim_turn_, first_turn_opponents(roll), arm->key);
    } else {
      for (size_t u = 0; u < units_.size(); ++u)
        if (alive >> u & 1) sim_.stage_ship(unit_ship_[u], kMoveActions[move_of_key(arm->key, static_cast<int>(u))]);
      give_way(alive, arm->key);
    }
    sim_.resolve();
    ++stats.simulated_steps;
    path_[static_cast<size_t>(depth)] = {node, arm, alive};
    ++depth;
    const auto [next, stops] = tree_.descend(arm, depth < tree_turns);
    if (stops) {
      leaf = next;
      break;
    }
    node = next;
  }
  for (int d = depth; d < mp_.horizon && !sim_.is_terminal(); ++d) {
    if (!stage_others(roll, inner)) return false;
    sim_.resolve();
    ++stats.simulated_steps;
  }
  double value = evaluate(sim_, player_, geo_, ep_);
  if (mp_.progress_weight > 0) value += mp_.progress_weight * progress_.value(sim_, player_, geo_);
  tree_.backup(path_.data(), depth, static_cast<int>(units_.size()), value, leaf);
  return true;
}

// A simulated turn below the root: every ship staged by the rollout policy
// or (policy_rollout) by the players' policies, the tree's units restaged
// after. With the policies the opponents come first and our policy last,
// so that own_sim_decision() is still model_'s decision for this state.
// False when the deadline came first (policy_rollout only).
bool MctsPlanner::Impl::stage_others(Rng& roll, const Budget& inner) {
  if (mp_.policy_rollout) return stage_by_policies(inner);
  rollout_.stage_all(sim_, geo_, roll);
  return true;
}

// Every ship of sim_ staged by its player's policy: each opponent's
// recognised model when that has no memory, else its fleet model; ours
// last. False, half staged, when `clock` is past its deadline before a decision
// (each costs up to milliseconds).
bool MctsPlanner::Impl::stage_by_policies(const Budget& clock) {
  std::fill_n(policy_moves_.begin(), sim_.ships().size(), uint8_t{0});
  for (int q = 0; q < sim_.num_players(); ++q) {
    if (q == player_ || sim_.player(q).status != Status::Active) continue;
    if (clock.past_deadline()) return false;
    OpponentModel* known = base_.predict_opponents ? recognizer_.simulator(q) : nullptr;
    stage_policy(known ? known->decide(sim_, q) : opponents_.model(q).decide(sim_, q));
  }
  if (clock.past_deadline()) return false;
  own_sim_decision_ = &model_.decide(sim_, player_);
  stage_policy(*own_sim_decision_);
  return true;
}

void MctsPlanner::Impl::stage_policy(const PolicyDecision& d) {
  stage_decision(sim_, d);
  for (const auto& [index, option] : d.ship_choices)
    policy_moves_[static_cast<size_t>(index)] = static_cast<uint8_t>(option == kConvertOption ? 0 : option);
}

// Below the root our other ships play the rollout policy, which planned
// around the units' rollout moves, not the tree's: a ship whose move ends
// where a unit (or an own ship before it) ends takes its first free cell
// instead (staying first), so that the simulated fleet, like the real one
// (the resolver), does not collide with itself.
void MctsPlanner::Impl::give_way(uint32_t alive, uint64_t key) {
  mark_units(alive);
  const auto ships = sim_.ships();
  for (size_t u = 0; u < units_.size(); ++u)
    if (alive >> u & 1)
      taken_[static_cast<size_t>(geo_.neighbor(ships[static_cast<size_t>(unit_ship_[u])].cell,
                                               move_of_key(key, static_cast<int>(u))))] = epoch_;
  for (size_t i = 0; i < ships.size(); ++i) {
    if (ships[i].owner != player_ || ship_mark_[i] == epoch_) continue;
    const int end = geo_.neighbor(ships[i].cell, other_move(static_cast<int>(i)));
    if (taken_[static_cast<size_t>(end)] != epoch_) {
      taken_[static_cast<size_t>(end)] = epoch_;
      continue;
    }
    for (int m = 0; m < kNumMoves; ++m) {
      const int c = geo_.neighbor(ships[i].cell, m);
      if (taken_[static_cast<size_t>(c)] == epoch_) continue;
      taken_[static_cast<size_t>(c)] = epoch_;
      sim_.stage_ship(static_cast<int>(i), kMoveActions[m]);
      break;
    }
  }
}

}  // namespace halite::search
