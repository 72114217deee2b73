#include "halite/search/planners/paired.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "greedy_anchored.h"

namespace halite::search {

namespace {

// How much a kept deviation is preferred over the greedy move in the
// resolver. 1e5 is far above the differences between a ship's safe moves
// (progress at most max_progress_rate per turn, a few hundred), so the
// deviation wins over the ship's own greedy move; it stays below the danger
// penalties a joint move can put on *another* ship (danger_penalty up to 1e6)
// and the forbidden cost (1e7), so the resolver still refuses a deviation
// that would push a neighbour into danger or onto a forbidden cell.
constexpr double kPairedPreference = 1e5;

std::vector<ParamSpec> paired_specs() {
  return greedy_anchored_specs({
      {"progress_weight", 1, 0, 10,
       "value of a ship's progress toward its greedy target, per turn, times its greedy rate"},
      {"max_progress_rate", 200, 0, 100000, "cap of the greedy rate used for progress"},
      {"min_gain", 10, 0, 100000, "a deviation must gain at least this much (and final_z standard errors)"},
      {"max_units", kMaxShips, 1, kMaxShips, "at most this many ships searched (the first by id)", true,
       /*tunable=*/false},
  });
}

class PairedMonteCarlo final : public GreedyAnchoredSearch {
 public:
  PairedMonteCarlo(const Params& p, uint64_t seed)
      : GreedyAnchoredSearch(p, seed),
        progress_weight_(p.get("progress_weight")),
        max_progress_rate_(p.get("max_progress_rate")),
        min_gain_(p.get("min_gain")),
        max_units_(p.get_int("max_units")) {}
  std::string name() const override { return "paired"; }

  State::Orders choose(const State& root, int player, const Budget& budget) override {
    const auto t0 = std::chrono::steady_clock::now();
    stats_ = {};
    if (root.player(player).status != Status::Active) return {};
    const Budget inner = budget.for_search(ap_.safety_ms, ap_.default_iterations);
    const PolicyDecision& own = prepare_root(root, player, max_units_, /*enemy_units=*/false);
    const int units = static_cast<int>(units_.size());
    progress_.set(root, own, geo_, max_progress_rate_);
    arms_.assign(static_cast<size_t>(units) * kNumMoves, Arm{});
    const uint64_t seed_base = rng_.next();
    int64_t sims = 0;
    bool done = units == 0;
    for (uint64_t k = 0; !done; ++k) {
      const uint64_t seed = seed_base + k * 0x9E3779B97F4A7C15ull;
      if (inner.exhausted(sims)) break;
      const double base = paired_rollout(root, player, -1, 0, seed);
      ++sims;
      for (int u = 0; u < units && !done; ++u) {
        for (int m = 0; m < kNumMoves; ++m) {
          if (m == units_[u].root_prior || !(units_[u].allowed >> m & 1)) continue;
          if (inner.exhausted(sims)) {
            done = true;
            break;
          }
          const double diff = paired_rollout(root, player, u, m, seed) - base;
          ++sims;
          Arm& a = arms_[static_cast<size_t>(u) * kNumMoves + m];
          ++a.n;
          a.sum += diff;
          a.sum_sq += diff * diff;
        }
      }
    }
    stats_.iterations = sims;
    std::vector<MoveRequest> requests = own_requests_;
    for (int u = 0; u < units; ++u) {
      int best = -1;
      double best_lb = 0;
      for (int m = 0; m < kNumMoves; ++m) {
        const Arm& a = arms_[static_cast<size_t>(u) * kNumMoves + m];
        if (a.n < 2) continue;
        const double mu = a.sum / a.n;
        const double var = std::max(0.0, a.sum_sq / a.n - mu * mu);
        const double lb = mu - ap_.final_z * std::sqrt(var / (a.n - 1));
        if (mu >= min_gain_ && lb > best_lb) best_lb = lb, best = m;
      }
      if (best < 0) continue;
      MoveRequest& req = requests[units_[u].choice];
      req.cost[best] = req.cost[units_[u].root_prior] - kPairedPreference;
    }
    return answer(root, player, requests, t0);
  }

 private:
  struct Arm {
    int n = 0;
    double sum = 0, sum_sq = 0;
  };

  // One rollout of the greedy plan (unit `dev` playing move `dev_move` instead
  // when dev >= 0) to the horizon; the evaluation plus the own ships' progress.
  double paired_rollout(const State& root, int player, int dev, int dev_move, uint64_t seed) {
    sim_.assign_from(root);
    Rng rng(seed);
    for (int d = 0; d < ap_.horizon && !sim_.is_terminal(); ++d) {
      if (d == 0) {
        for (const auto& [index, option] : own_choices_) sim_.stage_ship(index, option_action(option));
        for (int y : own_spawns_) sim_.stage_shipyard(y, Action::Spawn);
        for (const auto& [index, option] : opp_orders_) {
          if (index < 0)
            sim_.stage_shipyard(-1 - index, Action::Spawn);
          else
            sim_.stage_ship(index, option_action(option));
        }
        if (dev >= 0) sim_.stage_ship(units_[dev].root_index, kMoveActions[dev_move]);
      } else {
        rollout_.stage_all(sim_, geo_, rng);
      }
      sim_.resolve();
      ++stats_.simulated_steps;
    }
    double value = evaluate(sim_, player, geo_, ep_);
    if (progress_weight_ > 0) value += progress_weight_ * progress_.value(sim_, player, geo_);
    return value;
  }

  double progress_weight_, max_progress_rate_, min_gain_;
  int max_units_;
  ProgressTerm progress_;
  std::vector<Arm> arms_;
};

}  // namespace

PlannerInfo paired_planner_info() {
  return {"paired",
          "flat paired Monte Carlo on the greedy plan: ships in contact deviate one move at a time, each deviation "
          "compared with the plan on common random numbers (no tree)",
          paired_specs(),
          [](const Params& p, const PlannerSetup& setup) { return std::make_unique<PairedMonteCarlo>(p, setup.seed); }};
}

}  // namespace halite::search
