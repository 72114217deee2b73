// What the `paired` and `smitsimax` planners share: searches anchored on the
// greedy policy. At the root the greedy policy decides for every player (our
// prior moves and builds, the opponents' orders, every ship's target for the
// rollouts); the searched units are own ships in contact with an enemy ship;
// the answer goes through the shared MoveResolver, so own ships never
// collide. Private to search/src (paired.cpp, smitsimax.cpp).
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <utility>
#include <vector>

#include "halite/search/planner.h"
#include "halite/search/policy/common.h"
#include "halite/search/policy/greedy.h"
#include "halite/search/policy/rollout.h"
#include "halite/search/rng.h"

namespace halite::search {

// The parameters both read, with their specs (greedy, rollout and
// evaluation specs appended by greedy_anchored_specs()).
struct AnchorParams {
  int horizon;
  int default_iterations;
  double safety_ms;
  double prune_penalty;
  double final_z;
  bool trust_returns;
  int contact_radius;
  static AnchorParams from(const Params& p) {
    return {p.get_int("horizon"), p.get_int("default_iterations"), p.get("safety_ms"),         p.get("prune_penalty"),
            p.get("final_z"),     p.get("trust_returns") != 0,     p.get_int("contact_radius")};
  }
};

// `own` (the planner's own specs) followed by the shared ones.
inline std::vector<ParamSpec> greedy_anchored_specs(std::vector<ParamSpec> own) {
  std::vector<ParamSpec> v = {
      {"horizon", 4, 1, 100, "turns simulated per simulation (tree turns included)", true},
      {"default_iterations", 2000, 1, 100000000, "simulations when the budget has neither deadline nor cap", true,
       /*tunable=*/false},
      {"safety_ms", 3, 0, 1000, "stop simulating this long before the deadline (time to answer)", false,
       /*tunable=*/false},
      {"prune_penalty", 1e9, 0, 1e9,
       "root moves the greedy costs at least this much higher than its pick are never tried"},
      {"final_z", 1.5, 0, 10, "a move replaces the greedy one only if better by this many standard errors"},
      {"trust_returns", 0, 0, 1, "1: ships the greedy policy sends to a yard keep its move (not searched)", true,
       /*tunable=*/false},
      {"contact_radius", 2, 0, 42, "only own ships within this distance of an enemy ship are searched (0: every ship)",
       true},
  };
  for (ParamSpec& s : v) own.push_back(std::move(s));
  for (ParamSpec& s : greedy_specs()) own.push_back(std::move(s));
  for (ParamSpec& s : rollout_specs()) own.push_back(std::move(s));
  for (ParamSpec& s : eval_specs()) own.push_back(std::move(s));
  return own;
}

class GreedyAnchoredSearch : public Planner {
 public:
  GreedyAnchoredSearch(const Params& p, uint64_t seed)
      : ap_(AnchorParams::from(p)),
        ep_(EvalParams::from(p)),
        greedy_(GreedyParams::from(p)),
        opp_greedy_(GreedyParams::from(p)),
        rollout_(RolloutParams::from(p)),
        rng_(seed),
        seed_(seed) {}
  void new_game() override { rng_.reseed(seed_); }

 protected:
  struct Unit {
    UnitId id;
    bool enemy;
    int choice;  // own: index into own_choices_ / own_requests_
    int root_prior = 0;
    int root_index = -1;
    uint8_t allowed = 0x1f;  // moves searched at the root (bit per move): greedy's pick and those not pruned
  };

  // The root decisions and the units (at most max_units, by id), each with
  // its prior move and the moves searched; with `enemy_units`, enemy ships
  // are units too. Returns our greedy decision.
  const PolicyDecision& prepare_root(const State& root, int player, int max_units, bool enemy_units) {
    geo_.init(root.size());
    // Root decisions of the greedy policy: our prior, builds, and targets.
    const PolicyDecision& own = greedy_.decide(root, player);
    own_choices_ = own.ship_choices;
    own_spawns_ = own.spawn_yards;
    own_requests_ = greedy_.requests();
    own_penalties_ = greedy_.penalties();
    std::vector<std::pair<UnitId, int>> targets;
    for (size_t k = 0; k < own.ship_choices.size(); ++k)
      targets.push_back({root.ships()[own.ship_choices[k].first].id, own.targets[k]});
    opp_orders_.clear();
    for (int q = 0; q < root.num_players(); ++q) {
      if (q == player || root.player(q).status != Status::Active) continue;
      const PolicyDecision& od = opp_greedy_.decide(root, q);
      for (size_t k = 0; k < od.ship_choices.size(); ++k) {
        targets.push_back({root.ships()[od.ship_choices[k].first].id, od.targets[k]});
        opp_orders_.push_back({od.ship_choices[k].first, od.ship_choices[k].second});
      }
      for (int y : od.spawn_yards) opp_orders_.push_back({-1 - y, 0});
    }
    std::sort(targets.begin(), targets.end());
    rollout_.set_targets(std::move(targets));
    rollout_.prepare(root, geo_);

    // Units: own ships that do not convert, in contact (and, with
    // enemy_units, enemy ships).
    units_.clear();
    std::vector<int> own_yards;
    for (const Shipyard& y : root.shipyards())
      if (y.owner == player) own_yards.push_back(y.cell);
    auto in_contact = [&](int ship) {
      if (ap_.contact_radius <= 0) return true;
      const Ship& sh = root.ships()[ship];
      for (const Ship& e : root.ships())
        if (e.owner != player && geo_.dist(e.cell, sh.cell) <= ap_.contact_radius) return true;
      return false;
    };
    for (size_t k = 0; k < own_choices_.size(); ++k)
      if (own_choices_[k].second != kConvertOption && in_contact(own_choices_[k].first) &&
          (!ap_.trust_returns || std::find(own_yards.begin(), own_yards.end(), own.targets[k]) == own_yards.end()))
        units_.push_back({root.ships()[own_choices_[k].first].id, false, static_cast<int>(k)});
    if (enemy_units)
      for (const auto& [index, option] : opp_orders_)
        if (index >= 0 && option != kConvertOption) units_.push_back({root.ships()[index].id, true, -1});
    std::sort(units_.begin(), units_.end(), [](const Unit& a, const Unit& b) { return a.id < b.id; });
    if (static_cast<int>(units_.size()) > max_units) units_.resize(static_cast<size_t>(max_units));
    for (Unit& unit : units_) {
      uint8_t allowed = 0x1f;
      int prior = 0;
      const int ship = root.find_ship(unit.id);
      unit.root_index = ship;
      if (!unit.enemy) {
        const MoveRequest& req = own_requests_[unit.choice];
        prior = own_choices_[unit.choice].second;
        allowed = 0;
        for (int m = 0; m < kNumMoves; ++m)
          if (req.cost[m] < req.cost[prior] + ap_.prune_penalty) allowed |= static_cast<uint8_t>(1u << m);
      } else {
        for (const auto& [index, option] : opp_orders_)
          if (index == ship) prior = option;
      }
      unit.allowed = static_cast<uint8_t>(allowed | (1u << prior));
      unit.root_prior = prior;
    }
    return own;
  }

  // The joint move from the costed requests (collision-free), plus the
  // greedy spawns whose yard no own ship ends on.
  State::Orders answer(const State& root, int player, const std::vector<MoveRequest>& requests,
                       std::chrono::steady_clock::time_point t0) {
    std::vector<int> shared_cells;
    if (steps_left(root) <= greedy_.params().crash_home_steps)
      for (const Shipyard& y : root.shipyards())
        if (y.owner == player) shared_cells.push_back(y.cell);
    const std::vector<int>& choice = resolver_.solve(requests, geo_, shared_cells);
    std::vector<std::pair<int, int>> ship_choices;
    for (size_t r = 0; r < requests.size(); ++r) ship_choices.push_back({requests[r].ship_index, choice[r]});
    const std::vector<int> spawns = unblocked_spawns(root, geo_, ship_choices, own_spawns_);
    stats_.elapsed_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return to_orders(root, ship_choices, spawns);
  }

  AnchorParams ap_;
  EvalParams ep_;
  GreedyPolicy greedy_, opp_greedy_;
  RolloutPolicy rollout_;
  Rng rng_;
  uint64_t seed_;
  Geometry geo_;
  MoveResolver resolver_;
  std::vector<Unit> units_;
  std::vector<std::pair<int, int>> own_choices_, opp_orders_;
  std::vector<int> own_spawns_;
  std::vector<MoveRequest> own_requests_;
  std::vector<std::array<double, kNumMoves>> own_penalties_;
  State sim_;
};

}  // namespace halite::search
