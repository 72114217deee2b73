// mcts: Monte Carlo search anchored on the greedy policy, two modes.
//
// paired=1 (the default): only own ships within contact_radius of an enemy
// ship are searched (the rest keep the greedy move: that is where search beats
// hand-written one- and two-step safety checks). The greedy joint plan is the
// baseline. Each sample seed plays it once to the horizon (first turn: greedy
// for every ship of every player, then the rollout policy), and then, on the
// same seed, every single-ship deviation of a searched ship (common random
// numbers: the rollout policy draws per ship id, so the other ships' draws do
// not shift). A deviation's value is its paired difference from the baseline:
// the evaluation plus each own ship's progress toward its greedy target at the
// greedy rate (so that the short horizon does not favour mining in place over
// travelling). A ship leaves the greedy move only for a mean gain of at least
// min_gain and final_z standard errors.
//
// paired=0: decoupled (Smitsimax-style) MCTS. Each searched ship has its own
// tree over its own moves (depth tree_depth); a simulation copies the root
// state, lets every ship's tree pick a move (UCB1 with a bias toward the
// greedy move, or regret matching), stages the greedy builds, lets the
// rollout policy move everything else, resolves, and continues with the
// rollout policy to the horizon. Opponents play the greedy policy on the
// first turn, or their own bandits (opponent_bandits) minimising the same
// reward. The arm values become the costs of the shared move resolver.
//
// Either way the joint answer goes through the shared move resolver, so it
// never collides own ships.
#include <algorithm>
#include <chrono>
#include <cmath>

#include "halite/search/builtin.h"
#include "halite/search/greedy.h"
#include "halite/search/rollout.h"

namespace halite::search {

namespace {

// Paired search: how much a kept deviation is preferred over the greedy move
// in the resolver. 1e5 is far above the differences between a ship's safe
// moves (progress at most max_progress_rate per turn, a few hundred), so the
// deviation wins over the ship's own greedy move; it stays below the danger
// penalties a joint move can put on *another* ship (danger_penalty up to 1e6)
// and the forbidden cost (1e7), so the resolver still refuses a deviation
// that would push a neighbour into danger or onto a forbidden cell.
constexpr double kPairedPreference = 1e5;

struct MctsParams {
  double exploration;
  double prior_weight;
  int horizon;
  int tree_depth;
  bool regret_matching;
  double rm_exploration;
  bool opponent_bandits;
  int max_nodes;
  int default_iterations;
  double safety_ms;
  double prune_penalty;
  double global_weight;
  double final_z;
  bool trust_returns;
  int contact_radius;
  double penalty_weight;
  bool greedy_first_turn;
  double progress_weight;
  double max_progress_rate;
  double min_gain;
  static MctsParams from(const Params& p) {
    return {p.get("uct_c"),         p.get("prior_weight"),    p.get_int("horizon"),
            p.get_int("tree_depth"), p.get("regret_matching") != 0, p.get("rm_exploration"),
            p.get("opponent_bandits") != 0, p.get_int("max_nodes"), p.get_int("default_iterations"),
            p.get("safety_ms"),     p.get("prune_penalty"), p.get("global_weight"), p.get("final_z"),
            p.get("trust_returns") != 0, p.get_int("contact_radius"), p.get("penalty_weight"),
            p.get("greedy_first_turn") != 0, p.get("progress_weight"),
            p.get("max_progress_rate"), p.get("min_gain")};
  }
};

std::vector<ParamSpec> mcts_specs() {
  std::vector<ParamSpec> v = {
      {"uct_c", 0.4, 0, 10, "UCB1 exploration constant (rewards normalised to [0, 1])"},
      {"prior_weight", 0.3, 0, 10, "bonus of the greedy (or rollout) move, decaying as 1 / (visits + 1)"},
      {"horizon", 4, 1, 100, "turns simulated per simulation (tree turns included)", true},
      {"tree_depth", 1, 1, 10, "turns decided by each ship's own tree; later turns by the rollout policy", true},
      {"regret_matching", 0, 0, 1, "1: regret matching instead of UCB1 in the bandits", true, /*tunable=*/false},
      {"rm_exploration", 0.1, 0, 1, "regret matching's uniform exploration mix", },
      {"opponent_bandits", 0, 0, 1, "1: opponents' ships get their own bandits; 0: they play greedy", true, /*tunable=*/false},
      {"max_nodes", 60000, 100, 10000000, "node pool size per turn (preallocated)", true, /*tunable=*/false},
      {"default_iterations", 2000, 1, 100000000, "simulations when the budget has neither deadline nor cap", true, /*tunable=*/false},
      {"safety_ms", 3, 0, 1000, "stop simulating this long before the deadline (time to answer)", false, /*tunable=*/false},
      {"prune_penalty", 1e9, 0, 1e9, "root moves the greedy costs at least this much higher than its pick are never tried"},
      {"global_weight", 0.3, 0, 10, "weight of the whole evaluation's gain in a ship's reward (the rest is the ship's own)"},
      {"final_z", 1.5, 0, 10, "a move replaces the prior only if better by this many standard errors"},
      {"trust_returns", 0, 0, 1, "1: ships the greedy policy sends to a yard keep its move (no bandit)", true, /*tunable=*/false},
      {"contact_radius", 2, 0, 42, "only own ships within this distance of an enemy ship get a bandit (0: every ship)", true},
      {"paired", 1, 0, 1, "1: paired search: one ship at a time deviates from the greedy plan, compared with it on common random numbers", true, /*tunable=*/false},
      {"progress_weight", 1, 0, 10, "paired: value of a ship's progress toward its greedy target, per turn, times its greedy rate"},
      {"max_progress_rate", 200, 0, 100000, "paired: cap of the greedy rate used for progress"},
      {"min_gain", 10, 0, 100000, "paired: a deviation must gain at least this much (and final_z standard errors)"},
      {"greedy_first_turn", 0, 0, 1, "1: own ships without a bandit play the greedy move on the first simulated turn", true, /*tunable=*/false},
      {"penalty_weight", 1, 0, 10, "paired=0: weight of the greedy safety penalties added to the searched move values"},
  };
  for (ParamSpec& s : greedy_specs()) v.push_back(std::move(s));
  for (ParamSpec& s : rollout_specs()) v.push_back(std::move(s));
  for (ParamSpec& s : eval_specs()) v.push_back(std::move(s));
  return v;
}

// One ship's tree node: a bandit over its five moves.
struct Node {
  int32_t child[kNumMoves];
  int32_t n[kNumMoves];
  double sum[kNumMoves];
  double sum_sq[kNumMoves];
  double regret[kNumMoves];
  double strategy_sum[kNumMoves];
  int32_t visits;
  uint8_t allowed;  // bit per move
};

// What both modes share: the greedy policy's decisions at the root (our prior
// moves and builds, the opponents' greedy orders, every ship's target for the
// rollouts), the units searched, and the answer through the move resolver.
class GreedyAnchoredSearch : public Planner {
 public:
  GreedyAnchoredSearch(const Params& p, uint64_t seed)
      : mp_(MctsParams::from(p)),
        ep_(EvalParams::from(p)),
        greedy_(GreedyParams::from(p)),
        opp_greedy_(GreedyParams::from(p)),
        rollout_(RolloutParams::from(p)),
        rng_(seed),
        seed_(seed) {}
  std::string name() const override { return "mcts"; }
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
  // its prior move and the moves searched. Returns our greedy decision.
  const PolicyDecision& prepare_root(const State& root, int player, int max_units) {
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

    // Units with a tree: own ships that do not convert (and, with
    // opponent_bandits, enemy ships). Root nodes are 0 .. units-1.
    units_.clear();
    std::vector<int> own_yards;
    for (const Shipyard& y : root.shipyards())
      if (y.owner == player) own_yards.push_back(y.cell);
    auto in_contact = [&](int ship) {
      if (mp_.contact_radius <= 0) return true;
      const Ship& sh = root.ships()[ship];
      for (const Ship& e : root.ships())
        if (e.owner != player && geo_.dist(e.cell, sh.cell) <= mp_.contact_radius) return true;
      return false;
    };
    for (size_t k = 0; k < own_choices_.size(); ++k)
      if (own_choices_[k].second != kConvertOption && in_contact(own_choices_[k].first) &&
          (!mp_.trust_returns || std::find(own_yards.begin(), own_yards.end(), own.targets[k]) == own_yards.end()))
        units_.push_back({root.ships()[own_choices_[k].first].id, false, static_cast<int>(k)});
    if (mp_.opponent_bandits)
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
          if (req.cost[m] < req.cost[prior] + mp_.prune_penalty) allowed |= static_cast<uint8_t>(1u << m);
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

  MctsParams mp_;
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

// paired=1: flat Monte Carlo on common random numbers. Each sample seed plays
// the greedy joint plan once, then every allowed single-ship deviation of a
// searched ship; a deviation is kept when its mean gain over the baseline is
// at least min_gain and final_z standard errors.
class PairedMonteCarlo final : public GreedyAnchoredSearch {
 public:
  using GreedyAnchoredSearch::GreedyAnchoredSearch;

  State::Orders choose(const State& root, int player, const Budget& budget) override {
    const auto t0 = std::chrono::steady_clock::now();
    stats_ = {};
    if (root.player(player).status != Status::Active) return {};
    const Budget inner = budget.for_search(mp_.safety_ms, mp_.default_iterations);
    const PolicyDecision& own = prepare_root(root, player, std::min(mp_.max_nodes, kMaxShips));
    const int units = static_cast<int>(units_.size());
    progress_.set(root, own, geo_, mp_.max_progress_rate);
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
        const double lb = mu - mp_.final_z * std::sqrt(var / (a.n - 1));
        if (mu >= mp_.min_gain && lb > best_lb) best_lb = lb, best = m;
      }
      if (best < 0) continue;
      MoveRequest& req = requests[units_[u].choice];
      req.cost[best] = req.cost[units_[u].root_prior] - kPairedPreference;
    }
    return answer(root, player, requests, t0);
  }

  // One rollout of the greedy plan (unit `dev` playing move `dev_move` instead
  // when dev >= 0) to the horizon; the evaluation plus the own ships' progress.
  double paired_rollout(const State& root, int player, int dev, int dev_move, uint64_t seed) {
    sim_.assign_from(root);
    Rng rng(seed);
    for (int d = 0; d < mp_.horizon && !sim_.is_terminal(); ++d) {
      if (d == 0) {
        for (const auto& [index, option] : own_choices_)
          sim_.stage_ship(index, option == kConvertOption ? Action::Convert : kMoveActions[option]);
        for (int y : own_spawns_) sim_.stage_shipyard(y, Action::Spawn);
        for (const auto& [index, option] : opp_orders_) {
          if (index < 0) sim_.stage_shipyard(-1 - index, Action::Spawn);
          else sim_.stage_ship(index, option == kConvertOption ? Action::Convert : kMoveActions[option]);
        }
        if (dev >= 0) sim_.stage_ship(units_[dev].root_index, kMoveActions[dev_move]);
      } else {
        rollout_.stage_all(sim_, geo_, rng);
      }
      sim_.resolve();
      ++stats_.simulated_steps;
    }
    double value = evaluate(sim_, player, geo_, ep_);
    if (mp_.progress_weight > 0) value += mp_.progress_weight * progress_.value(sim_, player, geo_);
    return value;
  }
 private:
  struct Arm {
    int n = 0;
    double sum = 0, sum_sq = 0;
  };
  ProgressTerm progress_;
  std::vector<Arm> arms_;
};

// paired=0: decoupled (Smitsimax-style) search: a bandit tree per searched
// ship over its own moves, tree_depth turns deep, then the rollout policy.
class DecoupledTrees final : public GreedyAnchoredSearch {
 public:
  using GreedyAnchoredSearch::GreedyAnchoredSearch;

  State::Orders choose(const State& root, int player, const Budget& budget) override {
    const auto t0 = std::chrono::steady_clock::now();
    stats_ = {};
    if (root.player(player).status != Status::Active) return {};
    const size_t pool = static_cast<size_t>(mp_.max_nodes);
    if (nodes_.size() != pool) nodes_.resize(pool);
    const Budget inner = budget.for_search(mp_.safety_ms, mp_.default_iterations);
    prepare_root(root, player, mp_.max_nodes);
    // Root nodes 0 .. units-1, one per unit.
    used_nodes_ = 0;
    for (const Unit& unit : units_) nodes_[new_node()].allowed = unit.allowed;
    const int units = static_cast<int>(units_.size());
    path_.assign(static_cast<size_t>(units) * static_cast<size_t>(mp_.tree_depth), {-1, 0, 1.0});
    cursor_.assign(static_cast<size_t>(units), 0);
    unit_index_.assign(static_cast<size_t>(units), -1);
    deposited_.assign(static_cast<size_t>(units), 0);
    cargo_before_.assign(static_cast<size_t>(units), 0);

    const double base = evaluate(root, player, geo_, ep_);
    lo_ = kInf;
    hi_ = -kInf;
    int64_t sims = 0;
    while (units > 0 && !inner.exhausted(sims)) {
      simulate(root, player, base);
      ++sims;
    }
    stats_.iterations = sims;

    // The answer: arm values through the shared resolver.
    std::vector<MoveRequest> requests = own_requests_;
    for (int u = 0; u < units; ++u) {
      if (units_[u].enemy) continue;
      const Node& nd = nodes_[u];
      MoveRequest& req = requests[units_[u].choice];
      const double scale = hi_ > lo_ ? hi_ - lo_ : 1;
      for (int m = 0; m < kNumMoves; ++m) {
        if (!(nd.allowed >> m & 1) || nd.n[m] == 0) {
          req.cost[m] = kInf;
        } else if (mp_.regret_matching) {
          req.cost[m] = -nd.strategy_sum[m] / std::max(1, nd.visits) * scale;
        } else {
          // A lower confidence bound for every move but the prior: noise
          // alone should not move a ship off the greedy choice.
          // The variance is pooled over the node's moves, so that a move
          // tried once does not look certain.
          const double mu = nd.sum[m] / nd.n[m];
          double all_sum = 0, all_sq = 0;
          for (int k = 0; k < kNumMoves; ++k) all_sum += nd.sum[k], all_sq += nd.sum_sq[k];
          const double all_mu = all_sum / std::max(1, nd.visits);
          const double var = std::max(nd.sum_sq[m] / nd.n[m] - mu * mu, all_sq / std::max(1, nd.visits) - all_mu * all_mu);
          req.cost[m] = -(mu - (m == units_[u].root_prior ? 0.0 : mp_.final_z * std::sqrt(var / nd.n[m]))) +
                        mp_.penalty_weight * own_penalties_[units_[u].choice][m];
        }
      }
      if (sims == 0) req = own_requests_[units_[u].choice];
    }
    return answer(root, player, requests, t0);
  }

 private:
  struct Step {
    int node;
    int arm;
    double prob;  // regret matching: the probability the arm was drawn with
  };

  int new_node() {
    if (used_nodes_ >= static_cast<int>(nodes_.size())) return -1;
    Node& nd = nodes_[used_nodes_];
    std::fill(std::begin(nd.child), std::end(nd.child), -1);
    std::fill(std::begin(nd.n), std::end(nd.n), 0);
    std::fill(std::begin(nd.sum), std::end(nd.sum), 0.0);
    std::fill(std::begin(nd.sum_sq), std::end(nd.sum_sq), 0.0);
    std::fill(std::begin(nd.regret), std::end(nd.regret), 0.0);
    std::fill(std::begin(nd.strategy_sum), std::end(nd.strategy_sum), 0.0);
    nd.visits = 0;
    nd.allowed = 0x1f;
    return used_nodes_++;
  }

  // Normalised mean of an arm for the unit's side.
  double mean(const Node& nd, int m, bool enemy) const {
    (void)enemy;  // enemy rewards are stored negated already
    const double raw = nd.sum[m] / nd.n[m];
    return hi_ > lo_ ? (raw - lo_) / (hi_ - lo_) : 0.5;
  }

  Step select(Node& nd, int prior, bool enemy) {
    if (mp_.regret_matching) {
      double w[kNumMoves], total = 0;
      int allowed = 0;
      for (int m = 0; m < kNumMoves; ++m)
        if (nd.allowed >> m & 1) ++allowed, total += std::max(0.0, nd.regret[m]);
      for (int m = 0; m < kNumMoves; ++m) {
        if (!(nd.allowed >> m & 1)) {
          w[m] = 0;
          continue;
        }
        const double rm = total > 0 ? std::max(0.0, nd.regret[m]) / total : (m == prior ? 1.0 : 0.0);
        w[m] = (1 - mp_.rm_exploration) * rm + mp_.rm_exploration / allowed;
        nd.strategy_sum[m] += w[m];
      }
      double x = rng_.uniform();
      int arm = prior;
      for (int m = 0; m < kNumMoves; ++m) {
        if (w[m] <= 0) continue;
        arm = m;
        if ((x -= w[m]) < 0) break;
      }
      return {-1, arm, std::max(w[arm], 1e-9)};
    }
    if (nd.n[prior] == 0 && (nd.allowed >> prior & 1)) return {-1, prior, 1};
    for (int m = 0; m < kNumMoves; ++m)
      if ((nd.allowed >> m & 1) && nd.n[m] == 0) return {-1, m, 1};
    const double log_total = std::log(static_cast<double>(nd.visits) + 1);
    int best = prior;
    double best_score = -kInf;
    for (int m = 0; m < kNumMoves; ++m) {
      if (!(nd.allowed >> m & 1)) continue;
      const double score = mean(nd, m, enemy) + mp_.exploration * std::sqrt(log_total / nd.n[m]) +
                           (m == prior ? mp_.prior_weight / (nd.n[m] + 1) : 0);
      if (score > best_score) best_score = score, best = m;
    }
    return {-1, best, 1};
  }

  // Maps units to current ship indices (both sorted by id); -1 when gone.
  void map_units() {
    const auto ships = sim_.ships();
    size_t i = 0;
    for (size_t u = 0; u < units_.size(); ++u) {
      while (i < ships.size() && ships[i].id < units_[u].id) ++i;
      unit_index_[u] = i < ships.size() && ships[i].id == units_[u].id ? static_cast<int>(i) : -1;
    }
  }

  void simulate(const State& root, int player, double base) {
    sim_.assign_from(root);
    const int units = static_cast<int>(units_.size());
    for (int u = 0; u < units; ++u) cursor_[u] = u, deposited_[u] = 0;
    int depth_done = 0;
    map_units();
    for (int d = 0; d < mp_.horizon && !sim_.is_terminal(); ++d) {
      rollout_.stage_all(sim_, geo_, rng_);
      if (d == 0) {
        for (const auto& [index, option] : own_choices_)
          if (option == kConvertOption) sim_.stage_ship(index, Action::Convert);
          else if (mp_.greedy_first_turn) sim_.stage_ship(index, kMoveActions[option]);
        for (int y : own_spawns_) sim_.stage_shipyard(y, Action::Spawn);
        for (const auto& [index, option] : opp_orders_) {
          if (index < 0) sim_.stage_shipyard(-1 - index, Action::Spawn);
          else sim_.stage_ship(index, option == kConvertOption ? Action::Convert : kMoveActions[option]);
        }
      }
      for (int u = 0; u < units; ++u) cargo_before_[u] = unit_index_[u] >= 0 ? sim_.ships()[unit_index_[u]].cargo : 0;
      if (d < mp_.tree_depth) {
        for (int u = 0; u < units; ++u) {
          Step& st = path_[static_cast<size_t>(u) * mp_.tree_depth + d];
          st.node = -1;
          const int node = cursor_[u];
          if (unit_index_[u] < 0 || node < 0) continue;
          const int prior = d == 0 ? units_[u].root_prior : rollout_.move_of(unit_index_[u]);
          Step pick = select(nodes_[node], prior, units_[u].enemy);
          pick.node = node;
          st = pick;
          sim_.stage_ship(unit_index_[u], kMoveActions[pick.arm]);
          if (d + 1 < mp_.tree_depth) {
            int& child = nodes_[node].child[pick.arm];
            if (child < 0) child = new_node();
            cursor_[u] = child;
          }
        }
        depth_done = d + 1;
      }
      sim_.resolve();
      ++stats_.simulated_steps;
      map_units();
      // A ship that still lives with its cargo gone deposited it.
      for (int u = 0; u < units; ++u)
        if (unit_index_[u] >= 0 && cargo_before_[u] > 0 && sim_.ships()[unit_index_[u]].cargo == 0) deposited_[u] += cargo_before_[u];
    }
    const double global = evaluate(sim_, player, geo_, ep_) - base;
    const double frac = std::max(0.0, static_cast<double>(steps_left(sim_)) / sim_.config().episode_steps);
    for (int u = 0; u < units; ++u) {
      double local = deposited_[u];
      if (unit_index_[u] >= 0) {
        const Ship& sh = sim_.ships()[unit_index_[u]];
        const int dist = std::min(2 * geo_.size(), nearest_yard(sim_.shipyards(), sh.owner, sh.cell, geo_).dist);
        local += ep_.ship_value * frac;
        if (dist <= steps_left(sim_)) local += sh.cargo * ep_.cargo_weight * std::pow(ep_.cargo_distance_decay, dist);
      }
      const double value = units_[u].enemy ? -global : local + mp_.global_weight * global;
      lo_ = std::min(lo_, value);
      hi_ = std::max(hi_, value);
      const double norm = hi_ > lo_ ? (value - lo_) / (hi_ - lo_) : 0.5;
      for (int d = 0; d < depth_done; ++d) {
        const Step& st = path_[static_cast<size_t>(u) * mp_.tree_depth + d];
        if (st.node < 0) break;
        Node& nd = nodes_[st.node];
        ++nd.visits;
        ++nd.n[st.arm];
        nd.sum[st.arm] += value;
        nd.sum_sq[st.arm] += value * value;
        if (mp_.regret_matching)
          for (int m = 0; m < kNumMoves; ++m)
            if (nd.allowed >> m & 1) nd.regret[m] += (m == st.arm ? norm / st.prob : 0) - norm;
      }
    }
  }

  std::vector<Node> nodes_;
  int used_nodes_ = 0;
  std::vector<Step> path_;
  std::vector<int> cursor_, unit_index_;
  std::vector<double> deposited_, cargo_before_;
  double lo_ = 0, hi_ = 0;
};

}  // namespace

PlannerInfo mcts_planner_info() {
  return {"mcts",
          "Monte Carlo search on the greedy plan: ships in contact deviate one at a time, paired rollouts on common "
          "random numbers (paired=0: decoupled bandit trees per ship)",
          mcts_specs(), [](const Params& p, uint64_t seed) -> std::unique_ptr<Planner> {
            if (p.get("paired") != 0) return std::make_unique<PairedMonteCarlo>(p, seed);
            return std::make_unique<DecoupledTrees>(p, seed);
          }};
}

}  // namespace halite::search
