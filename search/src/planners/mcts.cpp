// mcts: naive-sampling Monte Carlo tree search over turns, anchored on the
// fleet policy. The algorithm is described in mcts.h; this file holds the
// planner's face, its parameters and the steps of a turn (the rest of the
// planner: mcts_impl.h lists its sources).
#include "halite/search/planners/mcts.h"

#include <algorithm>
#include <chrono>
#include <optional>

#include "mcts_impl.h"

namespace halite::search {

namespace {

// verify_arms: the search stops this many times the playouts' expected time
// before the deadline (the policy's playout timed, the others' may cost more:
// their states differ).
constexpr double kVerifyTimeMargin = 1.5;

std::vector<ParamSpec> mcts_specs() {
  std::vector<ParamSpec> v = {
      {"horizon", 6, 1, 100, "turns simulated per iteration from the root, tree turns included", true},
      {"tree_depth", 3, 1, kMaxTreeDepth, "turns decided by the tree; later turns by the rollout policy", true},
      {"policy_depth", 1, 1, kMaxTreeDepth,
       "nodes shallower than this take the fleet policy as their prior (one decide() per node), deeper ones the "
       "rollout policy's moves",
       true},
      {"contact_radius", 2, 0, 42, "only own ships within this distance of an enemy ship are searched (0: every ship)",
       true},
      {"max_units", 8, 1, kMaxUnits, "at most this many ships searched, nearest to an enemy ship first", true},
      {"policy_rollout", 0, 0, 1,
       "below the root the ships the tree does not move play 1: the stateless fleet policy (each opponent its "
       "recognised model when that has no memory, else its fleet model), one decide() per player and simulated turn; "
       "0: the fast rollout policy",
       true},
      {"verify_arms", 4, 0, 64,
       "0: the answer is the root's most visited joint move when its tree mean beats the policy's by min_gain; k > 0: "
       "the k most visited ones and the policy's are each played out on the whole board, every ship on its player's "
       "policy after the first turn, and the best wins by min_gain",
       true},
      {"verify_horizon", 8, 1, 100, "turns of each verify_arms playout, the first included", true},
      {"local_radius", 2, 0, 42,
       "the search simulates only the ships within this distance of a searched ship at the root, every shipyard and "
       "cell (0: every ship)",
       true},
      {"explore_prob", 0.4, 0, 1,
       "naive sampling: chance of building a joint move from the local bandits (else the global bandit's best)"},
      {"local_epsilon", 0.3, 0, 1, "a unit's local bandit picks a random opened move with this chance, else its best"},
      {"global_epsilon", 0, 0, 1,
       "the global bandit picks a random sampled joint move with this chance, else its best"},
      {"widen_scale", 1, 0, 10,
       "progressive widening: a unit's moves opened at a node = max(1, this x visits^widen_exp)"},
      {"widen_exp", 0.5, 0, 1, "progressive widening: exponent of the node's visits"},
      {"prune_penalty", 400, 0, 1e9,
       "moves the policy costs at least this much above its own are never searched (danger, trades, traps)"},
      {"progress_weight", 1, 0, 10,
       "value of a ship's progress toward its root target, per turn, times the policy's rate"},
      {"max_progress_rate", 200, 0, 100000, "cap of the policy's rate used for progress"},
      {"opponent_sample", 0, 0, 1,
       "each iteration, every enemy ship that can meet a searched ship on the first turn plays, with this chance, a "
       "move drawn from the learned move model (docs/opponent-models.md) instead of its model's prediction: the tree "
       "weighs the replies a bot it cannot predict may make (0: the prediction alone)"},
      {"min_gain", 10, 0, 100000,
       "the answer leaves the policy's joint move only for a mean at least this much higher"},
      {"max_nodes", 20000, 1, 10000000,
       "most tree nodes, and most joint moves stored before sampling stops (each node's prior is stored regardless): "
       "the pools' bound",
       true, /*tunable=*/false},
      {"default_iterations", 2000, 1, 100000000, "iterations when the budget has neither deadline nor cap", true,
       /*tunable=*/false},
      {"safety_ms", 3, 0, 1000, "stop searching this long before the deadline (time to answer)", false,
       /*tunable=*/false},
      opponent_fit_param(OpponentFit::better),
      {"reuse_tree", 1, 0, 1, "1: keep the subtree of the joint move played when the next root is its state", true,
       /*tunable=*/false},
  };
  for (ParamSpec& s : fleet_specs()) v.push_back(std::move(s));
  for (ParamSpec& s : rollout_specs()) v.push_back(std::move(s));
  for (ParamSpec& s : eval_specs()) v.push_back(std::move(s));
  return v;
}

}  // namespace

MctsParams MctsParams::from(const Params& p) {
  MctsParams m;
  m.horizon = p.get_int("horizon");
  m.tree_depth = p.get_int("tree_depth");
  m.policy_depth = p.get_int("policy_depth");
  m.contact_radius = p.get_int("contact_radius");
  m.max_units = p.get_int("max_units");
  m.local_radius = p.get_int("local_radius");
  m.policy_rollout = p.get_int("policy_rollout") != 0;
  m.verify_arms = p.get_int("verify_arms");
  m.verify_horizon = p.get_int("verify_horizon");
  m.explore_prob = p.get("explore_prob");
  m.local_epsilon = p.get("local_epsilon");
  m.global_epsilon = p.get("global_epsilon");
  m.widen_scale = p.get("widen_scale");
  m.widen_exp = p.get("widen_exp");
  m.prune_penalty = p.get("prune_penalty");
  m.progress_weight = p.get("progress_weight");
  m.max_progress_rate = p.get("max_progress_rate");
  m.min_gain = p.get("min_gain");
  m.opponent_sample = p.get("opponent_sample");
  m.max_nodes = static_cast<int64_t>(p.get("max_nodes"));
  m.default_iterations = p.get_int("default_iterations");
  m.safety_ms = p.get("safety_ms");
  m.opponent_fit = static_cast<OpponentFit>(p.get_int("opponent_fit"));
  m.reuse_tree = p.get("reuse_tree") != 0;
  return m;
}

MctsPlanner::Impl::Impl(const Params& p, const PlannerSetup& setup)
    : mp_(MctsParams::from(p)),
      sampling_{mp_.explore_prob, mp_.local_epsilon, mp_.global_epsilon, mp_.widen_scale, mp_.widen_exp},
      ep_(EvalParams::from(p)),
      base_(FleetParams::from(p)),
      own_(base_),
      model_(stateless(base_)),
      recognizer_(setup.opponent_models, base_.predict_min_agreement, base_.predict_min_actions,
                  base_.predict_max_misses),
      opponents_(mp_.opponent_fit, base_),
      rollout_(RolloutParams::from(p)),
      rng_(setup.seed),
      seed_(setup.seed),
      tree_(mp_.max_units, mp_.max_nodes) {
  units_.reserve(kMaxUnits);
}

MctsPlanner::Impl::~Impl() {
  tree_.clear();
}

void MctsPlanner::Impl::new_game() {
  tree_.clear();
  kept_ = nullptr;
  rng_.reseed(seed_);
  own_.reset();
  recognizer_.reset();
  opponents_.reset();
  play_known(false);
  has_previous_root_ = false;
}

State::Orders MctsPlanner::Impl::choose(const State& root, int player, const Budget& budget, const GameMemory& memory,
                                        PlanStats& stats) {
  const auto t0 = std::chrono::steady_clock::now();
  stats = {};
  info_ = {};
  Node* const kept = kept_;
  kept_ = nullptr;
  if (root.player(player).status != Status::Active) {
    tree_.clear();
    return {};
  }
  player_ = player;
  geo_.init(root.size());
  if (mp_.opponent_sample > 0) {
    move_context_.build(root, geo_, has_previous_root_ ? &previous_root_ : nullptr);
    previous_root_ = root;
    has_previous_root_ = true;
  }
  const Budget inner = budget.for_search(mp_.safety_ms, mp_.default_iterations);
  // Read before every policy call (each costs up to milliseconds).
  auto out_of_time = [&inner]() { return inner.past_deadline(); };
  // Without the time to search: no tree, the policy's answer.
  auto give_up = [&](const State::Orders& fallback) {
    tree_.clear();
    finish(stats, t0, 0);
    return fallback;
  };

  const std::vector<int> ends = observe_opponents(root, player, budget, memory, inner);
  // The policy's answer first: the anytime fallback and the prior.
  const PolicyDecision& own = own_.decide(root, player);
  const State::Orders fallback = set_policy_answer(root, own);
  // The subtree kept from the last turn is reused when this state is the
  // one its node stands for (and the same units are searched).
  const bool predicted = kept && mp_.reuse_tree && same_state(root, predicted_);
  select_units(root, player, own, predicted ? &kept_units_ : nullptr);
  info_.units = static_cast<int>(units_.size());
  if (units_.empty() || out_of_time()) return give_up(fallback);
  if (!plan_opponents(root, player, ends, inner)) return give_up(fallback);
  prepare_first_turn(root);
  set_root(kept, predicted);

  // With verify_arms the policy's playout comes first: its time sets the
  // share of the budget kept for the others'.
  // Without the time for it the answer is the policy's.
  double policy_playout = 0;
  Budget search = inner;
  if (mp_.verify_arms > 0) {
    const auto v0 = std::chrono::steady_clock::now();
    const std::optional<double> v = playout(root, fallback, inner, stats);
    if (!v) return give_up(fallback);
    policy_playout = *v;
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - v0).count();
    search = inner.for_search(kVerifyTimeMargin * mp_.verify_arms * ms, mp_.default_iterations);
  }

  const int64_t iterations = search_tree(search, stats);
  const State::Orders orders = answer(root, player, fallback, policy_playout, inner, stats);
  info_.nodes = tree_.nodes_used();
  info_.joint_moves = tree_.arms_used();
  info_.root_visits = tree_.root()->visits;
  finish(stats, t0, iterations);
  return orders;
}

// ---- the steps of a turn -----------------------------------------------------

// Opponents the recogniser knows: where their ships end this turn (the
// result) counts for our policy's safety, and they play those orders in the
// first turn. Every opponent's fitted model is updated.
std::vector<int> MctsPlanner::Impl::observe_opponents(const State& root, int player, const Budget& budget,
                                                      const GameMemory& memory, const Budget& inner) {
  std::vector<int> ends;
  if (base_.predict_opponents) {
    recognizer_.observe(root, player, budget);
    ends = recognizer_.predicted_ends();
    play_known(recognizer_.all_recognized(root, player));
    for (int q = 0; q < root.num_players(); ++q) info_.predicted_opponents += recognizer_.recognized(q) ? 1 : 0;
  }
  info_.against_known = against_known_;
  own_.set_predicted_cells(ends);
  set_threat_weights(memory, own_, model_);
  // Every turn, searched or not: opponent_fit 2 scores its models on consecutive turns.
  opponents_.update(root, player, memory, inner);
  for (int q = 0; q < root.num_players(); ++q)
    info_.fitted_opponents +=
        q != player && root.player(q).status == Status::Active && opponents_.uses_fitted(q) ? 1 : 0;
  return ends;
}

// Our policy's decision `own` at the root kept (its choices, builds, costs,
// progress rates and targets); its orders returned.
State::Orders MctsPlanner::Impl::set_policy_answer(const State& root, const PolicyDecision& own) {
  own_choices_ = own.ship_choices;
  own_spawns_ = own.spawn_yards;
  own_requests_ = own_.requests();
  const State::Orders fallback = to_orders(root, own_choices_, own_spawns_);
  progress_.set(root, own, geo_, mp_.max_progress_rate);
  targets_.clear();
  for (size_t k = 0; k < own.ship_choices.size(); ++k)
    targets_.push_back({root.ships()[own.ship_choices[k].first].id, own.targets[k]});
  return fallback;
}

// Opponents' orders on the first turn, every ship's target for the
// rollouts. False when the deadline came first.
bool MctsPlanner::Impl::plan_opponents(const State& root, int player, const std::vector<int>& ends,
                                       const Budget& inner) {
  opp_orders_.clear();
  opp_spawns_.clear();
  for (int q = 0; q < root.num_players(); ++q) {
    if (q == player || root.player(q).status != Status::Active) continue;
    if (inner.past_deadline()) return false;
    const PolicyDecision& od = opponents_.model(q).decide(root, q);
    for (size_t k = 0; k < od.ship_choices.size(); ++k) {
      auto [index, option] = od.ship_choices[k];
      targets_.push_back({root.ships()[index].id, od.targets[k]});
      if (!ends.empty() && ends[static_cast<size_t>(index)] != -1)
        option = option_to(root.ships()[index].cell, ends[static_cast<size_t>(index)]);
      opp_orders_.push_back({index, option});
    }
    if (recognizer_.recognized(q)) {
      for (int y : recognizer_.predicted_spawns())
        if (root.shipyards()[static_cast<size_t>(y)].owner == q) opp_spawns_.push_back(y);
    } else {
      for (int y : od.spawn_yards) opp_spawns_.push_back(y);
    }
  }
  return true;
}

// The first turn's orders (in the root's ship indices and the simulated
// root's), the state the iterations start from, the rollouts' targets and
// the cells our ships that are not units take at the root.
void MctsPlanner::Impl::prepare_first_turn(const State& root) {
  std::sort(targets_.begin(), targets_.end());
  full_turn_.own.clear();
  for (size_t k = 0; k < own_choices_.size(); ++k)
    if (unit_of_choice_[k] < 0) full_turn_.own.push_back(own_choices_[k]);
  for (size_t u = 0; u < units_.size(); ++u) full_turn_.unit_index[u] = units_[u].root_index;
  full_turn_.opp = opp_orders_;
  set_sim_root(root);
  prepare_sampled_opponents(root);
  rollout_.set_targets(targets_);
  rollout_.prepare(*sim_root_, geo_);
  root_taken_.clear();
  for (size_t k = 0; k < own_choices_.size(); ++k)
    if (unit_of_choice_[k] < 0 && own_choices_[k].second != kConvertOption)
      root_taken_.push_back(geo_.neighbor(root.ships()[own_choices_[k].first].cell, own_choices_[k].second));
}

// The root: the subtree kept from the last turn when this state is its
// node's (`predicted`) and the units are the same, else a new node; with
// the policy's prior.
void MctsPlanner::Impl::set_root(Node* kept, bool predicted) {
  Node* keep = nullptr;
  if (predicted && kept_units_.size() == units_.size()) {
    keep = kept;
    for (size_t u = 0; u < units_.size(); ++u)
      if (kept_units_[u] != units_[u].id) keep = nullptr;
  }
  tree_.set_root(keep);
  info_.reused_visits = tree_.root()->visits;
  set_root_prior();
}

// The iterations, each with its own rollout seed, until `search` says stop;
// their count.
int64_t MctsPlanner::Impl::search_tree(const Budget& search, PlanStats& stats) {
  const uint64_t roll_base = rng_.next();
  int64_t iterations = 0;
  while (!search.exhausted(iterations) && !search.past_deadline()) {
    if (!iterate(mix64(roll_base + static_cast<uint64_t>(iterations)), search, stats)) break;
    ++iterations;
  }
  return iterations;
}

// The answer: verified by playouts (verify_arms), else the tree's; the
// subtree of the joint move played kept for the next turn (reuse_tree).
State::Orders MctsPlanner::Impl::answer(const State& root, int player, const State::Orders& fallback,
                                        double policy_playout, const Budget& inner, PlanStats& stats) {
  State::Orders orders = fallback;
  if (mp_.verify_arms > 0) {
    orders = verified_answer(root, fallback, policy_playout, inner, stats);
  } else {
    const Arm* chosen = tree_answer();
    info_.chose_policy = chosen == tree_.root()->prior;
    info_.answer_gain = chosen->mean() - tree_.root()->prior->mean();
    if (!info_.chose_policy) orders = orders_of(root, chosen->key);
  }
  if (info_.chose_policy)
    played_ = own_choices_;
  else
    own_.note_played(root, player, orders);
  if (mp_.reuse_tree) keep_played(root, player, orders);
  return orders;
}

MctsPlanner::MctsPlanner(const Params& params, const PlannerSetup& setup)
    : impl_(std::make_unique<Impl>(params, setup)) {}
MctsPlanner::~MctsPlanner() = default;

State::Orders MctsPlanner::choose(const State& state, int player, const Budget& budget) {
  return impl_->choose(state, player, budget, memory(), stats_);
}
void MctsPlanner::explain(const State& state, int player, TurnReasons& reasons) const {
  impl_->explain(state, player, reasons);
}
void MctsPlanner::new_game() {
  impl_->new_game();
}
const MctsPlanner::TreeInfo& MctsPlanner::tree_info() const {
  return impl_->info_;
}
std::vector<MctsPlanner::ArmView> MctsPlanner::root_arms() const {
  return Impl::arms_of(impl_->tree_.root());
}
std::vector<MctsPlanner::ArmView> MctsPlanner::kept_arms() const {
  return Impl::arms_of(impl_->kept_);
}
std::string MctsPlanner::check_tree() const {
  return impl_->check_tree();
}

PlannerInfo mcts_planner_info() {
  return {
      "mcts",
      "Monte Carlo tree search over turns for the ships in contact, joint moves by naive sampling (NaiveMCTS: local "
      "bandits per unit, a global one per node), anchored on the fleet policy, opponents played by the fleet policy "
      "with its own or fitted parameters, whichever predicts them better",
      mcts_specs(), [](const Params& p, const PlannerSetup& setup) { return std::make_unique<MctsPlanner>(p, setup); }};
}

}  // namespace halite::search
