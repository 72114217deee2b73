#include "halite/search/planners/smitsimax.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "greedy_anchored.h"

namespace halite::search {

namespace {

struct SmitsimaxParams {
  double exploration;
  double prior_weight;
  int tree_depth;
  bool regret_matching;
  double rm_exploration;
  bool opponent_bandits;
  int max_nodes;
  double global_weight;
  double penalty_weight;
  bool greedy_first_turn;
  static SmitsimaxParams from(const Params& p) {
    return {
        p.get("uct_c"),          p.get("prior_weight"),          p.get_int("tree_depth"), p.get("regret_matching") != 0,
        p.get("rm_exploration"), p.get("opponent_bandits") != 0, p.get_int("max_nodes"),  p.get("global_weight"),
        p.get("penalty_weight"), p.get("greedy_first_turn") != 0};
  }
};

std::vector<ParamSpec> smitsimax_specs() {
  return greedy_anchored_specs({
      {"uct_c", 0.4, 0, 10, "UCB1 exploration constant (rewards normalised to [0, 1])"},
      {"prior_weight", 0.3, 0, 10, "bonus of the greedy (or rollout) move, decaying as 1 / (visits + 1)"},
      {"tree_depth", 1, 1, 10, "turns decided by each ship's own tree; later turns by the rollout policy", true},
      {"regret_matching", 0, 0, 1, "1: regret matching instead of UCB1 in the bandits", true, /*tunable=*/false},
      {
          "rm_exploration",
          0.1,
          0,
          1,
          "regret matching's uniform exploration mix",
      },
      {"opponent_bandits", 0, 0, 1, "1: opponents' ships get their own bandits; 0: they play greedy", true,
       /*tunable=*/false},
      {"max_nodes", 60000, 100, 10000000,
       "node pool size per turn (its room reserved up front); also bounds the units searched", true, /*tunable=*/false},
      {"global_weight", 0.3, 0, 10,
       "weight of the whole evaluation's gain in a ship's reward (the rest is the ship's own)"},
      {"penalty_weight", 1, 0, 10, "weight of the greedy safety penalties added to the searched move values"},
      {"greedy_first_turn", 0, 0, 1, "1: own ships without a bandit play the greedy move on the first simulated turn",
       true, /*tunable=*/false},
  });
}

// One unit's tree node: a bandit over its five moves.
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

class DecoupledTrees final : public GreedyAnchoredSearch {
 public:
  DecoupledTrees(const Params& p, uint64_t seed) : GreedyAnchoredSearch(p, seed), mp_(SmitsimaxParams::from(p)) {}
  std::string name() const override { return "smitsimax"; }

  State::Orders choose(const State& root, int player, const Budget& budget) override {
    const auto t0 = std::chrono::steady_clock::now();
    stats_ = {};
    if (root.player(player).status != Status::Active) return {};
    // The pool's room is taken once (no reallocation while a turn holds
    // references into it); its nodes are built as the trees first reach
    // them: new_node() sets every field, so zeroing max_nodes of them up
    // front (15 MB at the default) would only cost the first plan.
    if (nodes_.capacity() < static_cast<size_t>(mp_.max_nodes)) nodes_.reserve(static_cast<size_t>(mp_.max_nodes));
    const Budget inner = budget.for_search(ap_.safety_ms, ap_.default_iterations);
    prepare_root(root, player, mp_.max_nodes, mp_.opponent_bandits);
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
          const double var =
              std::max(nd.sum_sq[m] / nd.n[m] - mu * mu, all_sq / std::max(1, nd.visits) - all_mu * all_mu);
          req.cost[m] = -(mu - (m == units_[u].root_prior ? 0.0 : ap_.final_z * std::sqrt(var / nd.n[m]))) +
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
    if (used_nodes_ >= mp_.max_nodes) return -1;
    if (used_nodes_ == static_cast<int>(nodes_.size())) nodes_.emplace_back();
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
    for (int d = 0; d < ap_.horizon && !sim_.is_terminal(); ++d) {
      rollout_.stage_all(sim_, geo_, rng_);
      if (d == 0) {
        for (const auto& [index, option] : own_choices_)
          if (option == kConvertOption)
            sim_.stage_ship(index, Action::Convert);
          else if (mp_.greedy_first_turn)
            sim_.stage_ship(index, kMoveActions[option]);
        for (int y : own_spawns_) sim_.stage_shipyard(y, Action::Spawn);
        for (const auto& [index, option] : opp_orders_) {
          if (index < 0)
            sim_.stage_shipyard(-1 - index, Action::Spawn);
          else
            sim_.stage_ship(index, option_action(option));
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
        if (unit_index_[u] >= 0 && cargo_before_[u] > 0 && sim_.ships()[unit_index_[u]].cargo == 0)
          deposited_[u] += cargo_before_[u];
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

  SmitsimaxParams mp_;
  std::vector<Node> nodes_;
  int used_nodes_ = 0;
  std::vector<Step> path_;
  std::vector<int> cursor_, unit_index_;
  std::vector<double> deposited_, cargo_before_;
  double lo_ = 0, hi_ = 0;
};

}  // namespace

PlannerInfo smitsimax_planner_info() {
  return {"smitsimax",
          "decoupled bandit trees (Smitsimax-style): each ship in contact has its own tree over its own moves, "
          "anchored on the greedy plan; arm values become the move resolver's costs",
          smitsimax_specs(),
          [](const Params& p, const PlannerSetup& setup) { return std::make_unique<DecoupledTrees>(p, setup.seed); }};
}

}  // namespace halite::search
