// beam: beam search over the own fleet's joint moves, a few turns deep.
//
// From each state of the beam, `branching` joint moves of our fleet are
// generated: the greedy policy's own, and variants in which the greedy move
// costs are perturbed (each ship with probability perturb_prob gets noise of
// scale perturb_scale on its move costs) and re-resolved by the shared
// resolver, so every variant is collision-free. Opponents play the greedy
// policy. Each child is the parent copied, staged and resolved by the engine,
// scored by the shared evaluation; the best `width` children form the next
// level. The answer is the first joint move of the best state found at the
// deepest level reached. An iteration is one child evaluated.
#include <algorithm>
#include <chrono>
#include <cmath>

#include "halite/search/builtin.h"
#include "halite/search/greedy.h"
#include "halite/search/rng.h"

namespace halite::search {

namespace {

std::vector<ParamSpec> beam_specs() {
  std::vector<ParamSpec> v = {
      {"beam_width", 4, 1, 256, "states kept per level", true},
      {"beam_depth", 3, 1, 50, "turns searched", true},
      {"branching", 6, 1, 256, "joint moves generated per state (the greedy one first)", true},
      {"perturb_prob", 0.3, 0, 1, "chance that a ship's move costs are perturbed in a variant"},
      {"perturb_scale", 60, 0, 1e6, "scale of the uniform noise added to a perturbed ship's move costs"},
      {"depth_discount", 0.95, 0, 1, "an evaluation d turns deep counts discount^d (prefers early gains)"},
      {"default_iterations", 200, 1, 100000000, "children evaluated when the budget has neither deadline nor cap", true},
      {"safety_ms", 3, 0, 1000, "stop expanding this long before the deadline"},
  };
  for (ParamSpec& s : greedy_specs()) v.push_back(std::move(s));
  for (ParamSpec& s : eval_specs()) v.push_back(std::move(s));
  return v;
}

class BeamPlanner final : public Planner {
 public:
  BeamPlanner(const Params& p, uint64_t seed)
      : width_(p.get_int("beam_width")),
        depth_(p.get_int("beam_depth")),
        branching_(p.get_int("branching")),
        perturb_prob_(p.get("perturb_prob")),
        perturb_scale_(p.get("perturb_scale")),
        discount_(p.get("depth_discount")),
        default_iterations_(p.get_int("default_iterations")),
        safety_ms_(p.get("safety_ms")),
        ep_(EvalParams::from(p)),
        greedy_(GreedyParams::from(p)),
        rng_(seed),
        seed_(seed) {}
  std::string name() const override { return "beam"; }
  void reset() override { rng_.reseed(seed_); }

  State::Orders plan(const State& root, int player, const Budget& budget) override {
    const auto t0 = std::chrono::steady_clock::now();
    stats_ = {};
    if (root.player(player).status != Status::Active) return {};
    geo_.init(root.size());
    Budget inner = budget;
    if (budget.has_deadline())
      inner.with_deadline(budget.deadline() - std::chrono::duration_cast<Budget::Clock::duration>(
                                                  std::chrono::duration<double, std::milli>(safety_ms_)));
    if (!budget.has_deadline() && !budget.has_iteration_cap()) inner.with_iterations(default_iterations_);

    // The greedy answer is ready before any search: the anytime fallback.
    const GreedyDecision& first = greedy_.decide(root, player);
    State::Orders best_orders = to_orders(root, first.ship_choices, first.spawn_yards);
    beam_.clear();
    beam_.push_back({root, 0, best_orders});
    int64_t iterations = 0;
    bool out_of_budget = false;
    for (int depth = 0; depth < depth_ && !out_of_budget; ++depth) {
      next_.clear();
      for (const Entry& parent : beam_) {
        if (parent.state.is_terminal()) {
          next_.push_back(parent);
          continue;
        }
        // Opponents' greedy orders for this parent, shared by its children.
        opp_orders_.clear();
        for (int q = 0; q < parent.state.num_players(); ++q) {
          if (q == player || parent.state.player(q).status != Status::Active) continue;
          const GreedyDecision& od = greedy_.decide(parent.state, q);
          State::Orders o = to_orders(parent.state, od.ship_choices, od.spawn_yards);
          opp_orders_.push_back({q, std::move(o)});
        }
        const GreedyDecision& own = greedy_.decide(parent.state, player);
        own_choices_ = own.ship_choices;
        own_spawns_ = own.spawn_yards;
        requests_ = greedy_.requests();
        for (int b = 0; b < branching_; ++b) {
          if (inner.exhausted(iterations)) {
            out_of_budget = true;
            break;
          }
          ++iterations;
          std::vector<std::pair<int, int>> choices = own_choices_;
          if (b > 0) {
            perturbed_ = requests_;
            for (MoveRequest& r : perturbed_) {
              if (!rng_.chance(perturb_prob_)) continue;
              for (int m = 0; m < kNumMoves; ++m)
                if (r.cost[m] < kInf) r.cost[m] += perturb_scale_ * rng_.uniform();
            }
            const std::vector<int>& pick = resolver_.solve(perturbed_, geo_);
            for (size_t k = 0; k < choices.size(); ++k) choices[k] = {perturbed_[k].ship_index, pick[k]};
          }
          // Spawns only where no own ship ends.
          std::vector<int> spawns;
          for (int y : own_spawns_) {
            const int cell = parent.state.shipyards()[y].cell;
            bool blocked = false;
            for (const auto& [index, option] : choices)
              blocked |= option != kConvertOption && geo_.neighbor(parent.state.ships()[index].cell, option) == cell;
            if (!blocked) spawns.push_back(y);
          }
          Entry child{parent.state, 0, depth == 0 ? to_orders(parent.state, choices, spawns) : parent.first};
          child.state.stage(player, to_orders(parent.state, choices, spawns));
          for (const auto& [q, o] : opp_orders_) child.state.stage(q, o);
          child.state.resolve();
          ++stats_.simulated_steps;
          child.score = evaluate(child.state, player, geo_, ep_) * std::pow(discount_, depth);
          next_.push_back(std::move(child));
        }
        if (out_of_budget) break;
      }
      if (next_.empty()) break;
      std::stable_sort(next_.begin(), next_.end(), [](const Entry& a, const Entry& b) { return a.score > b.score; });
      if (static_cast<int>(next_.size()) > width_) next_.resize(static_cast<size_t>(width_));
      // A level cut short by the budget still ranks its children; use it
      // only if it got at least one child of every parent's greedy line.
      best_orders = next_.front().first;
      beam_.swap(next_);
    }
    stats_.iterations = iterations;
    stats_.elapsed_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return best_orders;
  }

 private:
  struct Entry {
    State state;
    double score;
    State::Orders first;  // our orders at the root that led here
  };
  int width_, depth_, branching_;
  double perturb_prob_, perturb_scale_, discount_;
  int default_iterations_;
  double safety_ms_;
  EvalParams ep_;
  GreedyPolicy greedy_;
  Rng rng_;
  uint64_t seed_;
  Geometry geo_;
  MoveResolver resolver_;
  std::vector<Entry> beam_, next_;
  std::vector<std::pair<int, State::Orders>> opp_orders_;
  std::vector<std::pair<int, int>> own_choices_;
  std::vector<int> own_spawns_;
  std::vector<MoveRequest> requests_, perturbed_;
};

}  // namespace

PlannerInfo beam_planner_info() {
  return {"beam",
          "beam search over the fleet's joint moves (greedy and perturbed-greedy variants), greedy opponents, "
          "evaluation per level",
          beam_specs(), [](const Params& p, uint64_t seed) { return std::make_unique<BeamPlanner>(p, seed); }};
}

}  // namespace halite::search
