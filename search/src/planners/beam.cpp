#include "halite/search/planners/beam.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>

#include "halite/search/model/opponent_fit.h"
#include "halite/search/policy/fleet.h"
#include "halite/search/rng.h"

namespace halite::search {

namespace {

std::vector<ParamSpec> beam_specs() {
  std::vector<ParamSpec> v = {
      {"beam_width", 6, 1, 256, "states kept per level", true},
      {"beam_depth", 6, 1, 50, "turns searched", true},
      {"branching", 12, 1, 256,
       "joint moves generated per state: the policy's, single-ship deviations of ships in contact, then perturbed "
       "variants",
       true},
      {"perturb_prob", 0.3, 0, 1, "chance that a ship's move costs are perturbed in a variant"},
      {"perturb_scale", 60, 0, 1e6, "scale of the uniform noise added to a perturbed ship's move costs"},
      {"depth_discount", 0.95, 0, 1, "an evaluation d turns deep counts discount^d (prefers early gains)"},
      {"default_iterations", 1000, 1, 100000000, "children evaluated when the budget has neither deadline nor cap",
       true, /*tunable=*/false},
      {"safety_ms", 3, 0, 1000, "stop expanding this long before the deadline", false, /*tunable=*/false},
      {"contact_radius", 2, 0, 42,
       "only own ships within this distance of an enemy ship deviate from the policy (0: every ship)", true},
      {"progress_weight", 1, 0, 10,
       "value of a ship's progress toward its root target, per turn, times the policy's rate"},
      {"max_progress_rate", 200, 0, 100000, "cap of the policy's rate used for progress"},
      {"min_gain", 10, 0, 100000, "the answer leaves the policy's line only for a score at least this much higher"},
      {"widen", 1, 1, 16,
       "with a deadline, after a complete beam try one this many times wider (width and branching), until time runs "
       "out (1: never)",
       true, /*tunable=*/false},
      {"prune_penalty", 400, 0, 1e9,
       "deviations the policy costs at least this much above its own move (into danger, a trade, a trap) are never "
       "tried"},
      opponent_fit_param(OpponentFit::fitted),
  };
  for (ParamSpec& s : fleet_specs()) v.push_back(std::move(s));
  for (ParamSpec& s : eval_specs()) v.push_back(std::move(s));
  return v;
}

class BeamPlanner final : public Planner {
 public:
  BeamPlanner(const Params& p, const PlannerSetup& setup)
      : width_(p.get_int("beam_width")),
        depth_(p.get_int("beam_depth")),
        branching_(p.get_int("branching")),
        perturb_prob_(p.get("perturb_prob")),
        perturb_scale_(p.get("perturb_scale")),
        discount_(p.get("depth_discount")),
        default_iterations_(p.get_int("default_iterations")),
        safety_ms_(p.get("safety_ms")),
        contact_radius_(p.get_int("contact_radius")),
        progress_weight_(p.get("progress_weight")),
        max_progress_rate_(p.get("max_progress_rate")),
        min_gain_(p.get("min_gain")),
        prune_penalty_(p.get("prune_penalty")),
        widen_(p.get_int("widen")),
        ep_(EvalParams::from(p)),
        own_(FleetParams::from(p)),
        base_(FleetParams::from(p)),
        model_(stateless(FleetParams::from(p))),
        recognizer_(setup.opponent_models, base_.predict_min_agreement, base_.predict_min_actions,
                    base_.predict_max_misses),
        opponents_(static_cast<OpponentFit>(p.get_int("opponent_fit")), base_),
        rng_(setup.seed),
        seed_(setup.seed) {}
  std::string name() const override { return "beam"; }
  void new_game() override {
    rng_.reseed(seed_);
    own_.reset();
    recognizer_.reset();
    opponents_.reset();
    play_known(false);
  }

  State::Orders choose(const State& root, int player, const Budget& budget) override {
    const auto t0 = std::chrono::steady_clock::now();
    stats_ = {};
    if (root.player(player).status != Status::Active) return {};
    geo_.init(root.size());
    Budget inner = budget.for_search(safety_ms_, default_iterations_);
    int64_t iterations = 0;
    // The cheap poll reads the clock every few calls; before a policy call
    // (hundreds of microseconds) read it now.
    auto out_of_time = [&]() { return inner.exhausted(iterations) || inner.past_deadline(); };

    // Opponents the recogniser knows are simulated by their model (when it is
    // a pure function of the state), and the policy's move safety counts
    // where their ships will end.
    if (base_.predict_opponents) {
      recognizer_.observe(root, player, budget);
      own_.set_predicted_cells(recognizer_.predicted_ends());
      play_known(recognizer_.all_recognized(root, player));
    }
    // Every turn, searched or not: opponent_fit 2 scores its models on consecutive turns.
    opponents_.update(root, player, memory(), inner);
    // The policy's answer is ready before any search: the anytime fallback.
    const PolicyDecision& first = own_.decide(root, player);
    State::Orders best_orders = to_orders(root, first.ship_choices, first.spawn_yards);
    progress_.set(root, first, geo_, max_progress_rate_);
    // Nothing to search when no own ship is in contact with an enemy ship.
    if (contact_radius_ > 0 && contact_ships(root, player).empty()) {
      finish(t0, 0);
      return best_orders;
    }
    // The configured beam, then, while the deadline allows and `widen` > 1,
    // wider ones (width and branching times widen each round): the answer of
    // the widest beam that reached its full depth.
    int width = width_, branching = branching_;
    for (int round = 0;; ++round) {
      State::Orders orders = best_orders;
      const bool complete = run_beam(root, player, width, branching, inner, iterations, orders, out_of_time);
      if (complete || round == 0) best_orders = std::move(orders);
      if (!complete || widen_ <= 1 || !inner.has_deadline() || out_of_time()) break;
      if (static_cast<int64_t>(width) * branching * widen_ * widen_ > kMaxLevelChildren) break;
      width *= widen_;
      branching *= widen_;
    }
    own_.note_played(root, player, best_orders);
    finish(t0, iterations);
    return best_orders;
  }

  // The root policy's reasons (own_ decided on the root last); orders the
  // beam changed show as "search".
  void explain(const State& root, int player, TurnReasons& reasons) const override {
    own_.explain(root, player, reasons);
  }

 private:
  // Widening stops before a level would hold more children than this: each
  // holds a State (16 KB), and the first games with an unbounded widening
  // allocated gigabytes and missed Kaggle's deadline.
  static constexpr int64_t kMaxLevelChildren = 2048;

  // One beam of the given shape from the root; `orders` gets the first move
  // of the deepest complete level (left alone if none completed). True when
  // every level completed.
  template <typename OutOfTime>
  bool run_beam(const State& root, int player, int width, int branching, const Budget& inner, int64_t& iterations,
                State::Orders& orders, const OutOfTime& out_of_time) {
    beam_.clear();
    beam_.push_back({root, 0, orders, true});
    bool out_of_budget = false;
    int completed = 0;
    for (int depth = 0; depth < depth_ && !out_of_budget; ++depth) {
      next_.clear();
      for (const Entry& parent : beam_) {
        if (parent.state.is_terminal()) {
          next_.push_back(parent);
          continue;
        }
        if (out_of_time()) {
          out_of_budget = true;
          break;
        }
        // Opponents' orders for this parent, shared by its children.
        opp_orders_.clear();
        for (int q = 0; q < parent.state.num_players(); ++q) {
          if (q == player || parent.state.player(q).status != Status::Active) continue;
          OpponentModel* known = base_.predict_opponents ? recognizer_.simulator(q) : nullptr;
          const PolicyDecision& od =
              known ? known->decide(parent.state, q) : opponents_.model(q).decide(parent.state, q);
          State::Orders o = to_orders(parent.state, od.ship_choices, od.spawn_yards);
          opp_orders_.push_back({q, std::move(o)});
        }
        // Our own decision: at the root the real policy's (it keeps the
        // planned yard site), deeper the stateless model's.
        FleetPolicy& ours = depth == 0 ? own_ : model_;
        const PolicyDecision& own = ours.decide(parent.state, player);
        own_choices_ = own.ship_choices;
        own_spawns_ = own.spawn_yards;
        requests_ = ours.requests();
        // Variants: single-ship deviations of the ships in contact (in a
        // random order; never onto a cell another own ship ends on, nor a
        // move the policy prices as dangerous: the model of the opponents is
        // a guess, and trusting it into danger lost ships), then the policy's
        // costs of those ships perturbed.
        const std::vector<int>& contact = contact_ships(parent.state, player);
        const auto ships = parent.state.ships();
        auto end_of = [&](const std::pair<int, int>& choice) {
          return choice.second == kConvertOption ? -1 : geo_.neighbor(ships[choice.first].cell, choice.second);
        };
        deviations_.clear();
        for (size_t k = 0; k < own_choices_.size(); ++k) {
          if (own_choices_[k].second == kConvertOption) continue;
          if (std::find(contact.begin(), contact.end(), own_choices_[k].first) == contact.end()) continue;
          const MoveRequest& req = requests_[k];
          for (int m = 0; m < kNumMoves; ++m) {
            if (m == own_choices_[k].second) continue;
            if (req.cost[m] >= req.cost[own_choices_[k].second] + prune_penalty_) continue;
            const int cell = geo_.neighbor(ships[own_choices_[k].first].cell, m);
            bool taken = false;
            for (size_t o = 0; o < own_choices_.size() && !taken; ++o)
              taken = o != k && end_of(own_choices_[o]) == cell;
            if (!taken) deviations_.push_back({static_cast<int>(k), m});
          }
        }
        for (size_t k = deviations_.size(); k > 1; --k)
          std::swap(deviations_[k - 1], deviations_[rng_.below(static_cast<uint32_t>(k))]);
        for (int b = 0; b < branching; ++b) {
          if (inner.exhausted(iterations)) {
            out_of_budget = true;
            break;
          }
          std::vector<std::pair<int, int>> choices = own_choices_;
          if (b > 0 && b - 1 < static_cast<int>(deviations_.size())) {
            choices[deviations_[b - 1].first].second = deviations_[b - 1].second;
          } else if (b > 0) {
            if (contact.empty()) break;
            perturbed_ = requests_;
            for (MoveRequest& r : perturbed_) {
              if (std::find(contact.begin(), contact.end(), r.ship_index) == contact.end() ||
                  !rng_.chance(perturb_prob_))
                continue;
              for (int m = 0; m < kNumMoves; ++m)
                if (r.cost[m] < kInf) r.cost[m] += perturb_scale_ * rng_.uniform();
            }
            const std::vector<int>& pick = resolver_.solve(perturbed_, geo_);
            for (size_t k = 0; k < choices.size(); ++k) choices[k] = {perturbed_[k].ship_index, pick[k]};
          }
          ++iterations;
          std::vector<int> spawns = unblocked_spawns(parent.state, geo_, choices, own_spawns_);
          ours.add_defenders(parent.state, player, choices, spawns);
          Entry child{parent.state, 0, depth == 0 ? to_orders(parent.state, choices, spawns) : parent.first,
                      parent.policy_line && b == 0};
          child.state.stage(player, to_orders(parent.state, choices, spawns));
          for (const auto& [q, o] : opp_orders_) child.state.stage(q, o);
          child.state.resolve();
          ++stats_.simulated_steps;
          child.score = score(child.state, player) * std::pow(discount_, depth);
          next_.push_back(std::move(child));
        }
        if (out_of_budget) break;
      }
      // A level cut short by the budget is not used: its states are not
      // comparable with the policy line's.
      if (out_of_budget || next_.empty()) break;
      // Ranked by index (an Entry holds a 16 KB State: move only the kept ones).
      order_.resize(next_.size());
      for (size_t i = 0; i < order_.size(); ++i) order_[i] = static_cast<int>(i);
      std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) { return next_[a].score > next_[b].score; });
      // The policy's line always survives: the answer changes only when a
      // variant beats it at the same depth.
      const size_t keep = std::min(next_.size(), static_cast<size_t>(width));
      for (size_t i = keep; i < order_.size(); ++i)
        if (next_[order_[i]].policy_line) std::swap(order_[keep - 1], order_[i]);
      kept_.clear();
      for (size_t i = 0; i < keep; ++i) kept_.push_back(std::move(next_[order_[i]]));
      beam_.swap(kept_);
      const auto line = std::find_if(beam_.begin(), beam_.end(), [](const Entry& e) { return e.policy_line; });
      const double line_score = line != beam_.end() ? line->score : -kInf;
      ++completed;
      orders = beam_.front().score >= line_score + min_gain_ * std::pow(discount_, depth) ? beam_.front().first
                                                                                          : line->first;
    }
    return completed == depth_;
  }

  struct Entry {
    State state;
    double score;
    State::Orders first;  // our orders at the root that led here
    bool policy_line;     // every move so far was the policy's
  };

  void finish(std::chrono::steady_clock::time_point t0, int64_t iterations) {
    stats_.iterations = iterations;
    stats_.elapsed_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  }

  // Own ships (indices) within contact_radius of an enemy ship; every own
  // ship when contact_radius is 0.
  const std::vector<int>& contact_ships(const State& s, int player) {
    contact_.clear();
    const auto ships = s.ships();
    for (int i = 0; i < static_cast<int>(ships.size()); ++i) {
      if (ships[i].owner != player) continue;
      bool near = contact_radius_ <= 0;
      for (const Ship& e : ships)
        if (!near && e.owner != player && geo_.dist(e.cell, ships[i].cell) <= contact_radius_) near = true;
      if (near) contact_.push_back(i);
    }
    return contact_;
  }

  // The evaluation plus the own ships' progress toward their root targets
  // (valued at the policy's rate per turn), so that travelling is not worth
  // less than mining in place over a short horizon.
  double score(const State& s, int player) const {
    const double value = evaluate(s, player, geo_, ep_);
    if (progress_weight_ <= 0) return value;
    return value + progress_weight_ * progress_.value(s, player, geo_);
  }

  int width_, depth_, branching_;
  double perturb_prob_, perturb_scale_, discount_;
  int default_iterations_;
  double safety_ms_;
  int contact_radius_;
  double progress_weight_, max_progress_rate_, min_gain_, prune_penalty_;
  int widen_;
  EvalParams ep_;
  // Every active opponent recognised: our policy plays the known_* values
  // (at the root and deeper), as the fleet planner and mcts do.
  void play_known(bool known) { play_known_values(known, base_, against_known_, own_, model_); }

  FleetPolicy own_;
  FleetParams base_;
  FleetPolicy model_;
  bool against_known_ = false;  // own_ and model_ play base_.against_known()
  ModelRecognizer recognizer_;
  OpponentFits opponents_;  // the fleet model of each opponent the recogniser cannot simulate
  Rng rng_;
  uint64_t seed_;
  Geometry geo_;
  MoveResolver resolver_;
  std::vector<Entry> beam_, next_, kept_;
  std::vector<int> order_;
  std::vector<std::pair<int, State::Orders>> opp_orders_;
  std::vector<std::pair<int, int>> own_choices_;
  std::vector<int> own_spawns_;
  std::vector<MoveRequest> requests_, perturbed_;
  ProgressTerm progress_;
  std::vector<int> contact_;
  std::vector<std::pair<int, int>> deviations_;  // (own_choices_ entry, move)
};

}  // namespace

PlannerInfo beam_planner_info() {
  return {"beam",
          "beam search over the fleet's joint moves (the fleet policy's, deviations of ships in contact, perturbed "
          "variants), opponents modelled by the fleet policy fitted to the game memory; keeps the policy's line unless "
          "beaten",
          beam_specs(),
          [](const Params& p, const PlannerSetup& setup) { return std::make_unique<BeamPlanner>(p, setup); }};
}

}  // namespace halite::search
