// A base policy played as a planner: one decide() per turn, no search. The
// policies with a Planner face (greedy, fleet) share this wrapper.
#pragma once

#include <chrono>
#include <string>
#include <utility>

#include "halite/search/planner.h"
#include "halite/search/policy/common.h"

namespace halite::search {

// The stats of a planner that decides in one pass started at t0.
inline PlanStats one_pass_stats(std::chrono::steady_clock::time_point t0) {
  PlanStats stats;
  stats.iterations = 1;
  stats.elapsed_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return stats;
}

template <class Policy>
class PolicyPlanner final : public Planner {
 public:
  PolicyPlanner(std::string name, Policy policy) : name_(std::move(name)), policy_(std::move(policy)) {}
  std::string name() const override { return name_; }
  // Policies that keep state across turns (fleet's planned yard site) forget it.
  void new_game() override {
    if constexpr (requires(Policy & p) { p.reset(); }) policy_.reset();
  }
  State::Orders choose(const State& s, int player, const Budget&) override {
    const auto t0 = std::chrono::steady_clock::now();
    const PolicyDecision& d = policy_.decide(s, player);
    State::Orders orders = to_orders(s, d.ship_choices, d.spawn_yards);
    stats_ = one_pass_stats(t0);
    return orders;
  }

 private:
  std::string name_;
  Policy policy_;
};

}  // namespace halite::search
