#include "halite/search/planners/beam.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>

#include "halite/search/beam_search.h"
#include "halite/search/model/move_model.h"
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
      {"opponent_move_levels", 0, 0, 50,
       "levels, from the root, whose opponents (those the recogniser cannot simulate) move as the learned move model "
       "predicts (docs/opponent-models.md; the likeliest moves with no two of a player's ships on one cell; their "
       "spawns stay the fleet model's) instead of as their fleet model decides (0: never)",
       true},
      opponent_fit_param(OpponentFit::fitted),
  };
  for (ParamSpec& s : fleet_specs()) v.push_back(std::move(s));
  for (ParamSpec& s : eval_specs()) v.push_back(std::move(s));
  return v;
}

class BeamPlanner final : public Planner {
 public:
  BeamPlanner(const Params& p, const PlannerSetup& setup)
      : shape_{p.get_int("beam_width"), p.get_int("beam_depth"), p.get_int("branching"), p.get("depth_discount"),
               p.get("min_gain"),       p.get_int("widen"),      kMaxLevelChildren},
        perturb_prob_(p.get("perturb_prob")),
        perturb_scale_(p.get("perturb_scale")),
        default_iterations_(p.get_int("default_iterations")),
        safety_ms_(p.get("safety_ms")),
        contact_radius_(p.get_int("contact_radius")),
        progress_weight_(p.get("progress_weight")),
        max_progress_rate_(p.get("max_progress_rate")),
        prune_penalty_(p.get("prune_penalty")),
        opponent_move_levels_(p.get_int("opponent_move_levels")),
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
    has_previous_root_ = false;
  }

  State::Orders choose(const State& root, int player, const Budget& budget) override {
    const auto t0 = std::chrono::steady_clock::now();
    stats_ = {};
    if (root.player(player).status != Status::Active) return {};
    geo_.init(root.size());
    Budget inner = budget.for_search(safety_ms_, default_iterations_);
    int64_t iterations = 0;

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
    set_threat_weights(memory(), own_, model_);
    // The policy's answer is ready before any search: the anytime fallback.
    const PolicyDecision& first = own_.decide(root, player);
    State::Orders best_orders = to_orders(root, first.ship_choices, first.spawn_yards);
    progress_.set(root, first, geo_, max_progress_rate_);
    // Nothing to search when no own ship is in contact with an enemy ship.
    if (contact_radius_ > 0 && contact_ships(root, player).empty()) {
      finish(root, t0, 0);
      return best_orders;
    }
    // The configured beam, then, while the deadline allows and `widen` > 1,
    // wider ones: the answer of the widest beam that reached its full depth.
    Traits traits{*this, player};
    search_.search(traits, root, shape_, inner, iterations, best_orders);
    own_.note_played(root, player, best_orders);
    finish(root, t0, iterations);
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

  // The game as BeamSearch sees it (beam_search.h): the fleet policy's joint
  // moves and their variants, the opponents' models, the engine's step and
  // the evaluation.
  struct Traits {
    using State = halite::State;
    using Move = State::Orders;
    BeamPlanner& planner;
    int player;
    bool terminal(const State& s) const { return s.is_terminal(); }
    void expand(const State& parent, int level) { planner.expand(parent, player, level); }
    bool joint_move(const State& parent, int level, int b, Move& move) {
      return planner.joint_move(parent, player, level, b, move);
    }
    void step(State& child, int, const Move& move) {
      child.stage(player, move);
      for (const auto& [q, o] : planner.opp_orders_) child.stage(q, o);
      child.resolve();
      ++planner.stats_.simulated_steps;
    }
    double score(const State& s) const { return planner.score(s, player); }
  };

  // The opponents' orders for `parent` (shared by its children), our policy's
  // decision and the deviations its children try.
  void expand(const State& parent, int player, int depth) {
    opp_orders_.clear();
    const bool learned = depth < opponent_move_levels_;
    // The last turn's root gives the ships' last moves when it is the turn
    // just before (a turn the bot's fallback played leaves a gap).
    const bool previous = depth == 0 && has_previous_root_ && previous_root_.step() + 1 == parent.step();
    if (learned) prediction_.build(parent, geo_, previous ? &previous_root_ : nullptr);
    for (int q = 0; q < parent.num_players(); ++q) {
      if (q == player || parent.player(q).status != Status::Active) continue;
      OpponentModel* known = base_.predict_opponents ? recognizer_.simulator(q) : nullptr;
      const PolicyDecision& od = known ? known->decide(parent, q) : opponents_.model(q).decide(parent, q);
      if (known || !learned) {
        opp_orders_.push_back({q, to_orders(parent, od.ship_choices, od.spawn_yards)});
        continue;
      }
      const std::vector<std::pair<int, int>>& choices = prediction_.choices(q);
      opp_orders_.push_back({q, to_orders(parent, choices, unblocked_spawns(parent, geo_, choices, od.spawn_yards))});
    }
    // Our own decision: at the root the real policy's (it keeps the planned
    // yard site), deeper the stateless model's.
    FleetPolicy& ours = depth == 0 ? own_ : model_;
    const PolicyDecision& own = ours.decide(parent, player);
    own_choices_ = own.ship_choices;
    own_spawns_ = own.spawn_yards;
    requests_ = ours.requests();
    // Variants: single-ship deviations of the ships in contact (in a random
    // order; never onto a cell another own ship ends on, nor a move the
    // policy prices as dangerous: the model of the opponents is a guess, and
    // trusting it into danger lost ships), then the policy's costs of those
    // ships perturbed.
    const std::vector<int>& contact = contact_ships(parent, player);
    const auto ships = parent.ships();
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
        for (size_t o = 0; o < own_choices_.size() && !taken; ++o) taken = o != k && end_of(own_choices_[o]) == cell;
        if (!taken) deviations_.push_back({static_cast<int>(k), m});
      }
    }
    for (size_t k = deviations_.size(); k > 1; --k)
      std::swap(deviations_[k - 1], deviations_[rng_.below(static_cast<uint32_t>(k))]);
  }

  // Child b of the parent expand() saw: the policy's choices (b = 0), a
  // deviation, or the contact ships' costs perturbed and resolved again.
  bool joint_move(const State& parent, int player, int depth, int b, State::Orders& move) {
    std::vector<std::pair<int, int>> choices = own_choices_;
    if (b > 0 && b - 1 < static_cast<int>(deviations_.size())) {
      choices[deviations_[b - 1].first].second = deviations_[b - 1].second;
    } else if (b > 0) {
      if (contact_.empty()) return false;
      perturbed_ = requests_;
      for (MoveRequest& r : perturbed_) {
        if (std::find(contact_.begin(), contact_.end(), r.ship_index) == contact_.end() || !rng_.chance(perturb_prob_))
          continue;
        for (int m = 0; m < kNumMoves; ++m)
          if (r.cost[m] < kInf) r.cost[m] += perturb_scale_ * rng_.uniform();
      }
      const std::vector<int>& pick = resolver_.solve(perturbed_, geo_);
      for (size_t k = 0; k < choices.size(); ++k) choices[k] = {perturbed_[k].ship_index, pick[k]};
    }
    std::vector<int> spawns = unblocked_spawns(parent, geo_, choices, own_spawns_);
    (depth == 0 ? own_ : model_).add_defenders(parent, player, choices, spawns);
    move = to_orders(parent, choices, spawns);
    return true;
  }

  // Also keeps the root: the next turn's move model reads the ships' last
  // moves off it.
  void finish(const State& root, std::chrono::steady_clock::time_point t0, int64_t iterations) {
    if (opponent_move_levels_ > 0) {
      previous_root_ = root;
      has_previous_root_ = true;
    }
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

  BeamShape shape_;
  double perturb_prob_, perturb_scale_;
  int default_iterations_;
  double safety_ms_;
  int contact_radius_;
  double progress_weight_, max_progress_rate_, prune_penalty_;
  int opponent_move_levels_;
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
  BeamSearch<Traits> search_;
  std::vector<std::pair<int, State::Orders>> opp_orders_;
  std::vector<std::pair<int, int>> own_choices_;
  std::vector<int> own_spawns_;
  std::vector<MoveRequest> requests_, perturbed_;
  ProgressTerm progress_;
  std::vector<int> contact_;
  std::vector<std::pair<int, int>> deviations_;  // (own_choices_ entry, move)
  JointMovePrediction prediction_;               // opponent_move_levels: the learned model's moves
  State previous_root_;                          // last turn's root, for the model's last-move features
  bool has_previous_root_ = false;
};

}  // namespace

PlannerInfo beam_planner_info() {
  return {"beam",
          "beam search over the fleet's joint moves (the fleet policy's, deviations of ships in contact, perturbed "
          "variants), opponents modelled by the fleet policy fitted to the game memory (or the learned move model: "
          "opponent_move_levels); keeps the policy's line unless "
          "beaten",
          beam_specs(),
          [](const Params& p, const PlannerSetup& setup) { return std::make_unique<BeamPlanner>(p, setup); }};
}

}  // namespace halite::search
