// mcts: naive-sampling Monte Carlo tree search over turns, anchored on the
// fleet policy. The algorithm is described in mcts.h.
#include "halite/search/planners/mcts.h"

#include <algorithm>
#include <array>
#include <boost/pool/pool.hpp>
#include <chrono>
#include <cmath>
#include <new>
#include <optional>
#include <unordered_set>

#include "halite/search/policy/common.h"
#include "halite/search/policy/fleet.h"
#include "halite/search/model/opponent_fit.h"
#include "halite/search/model/recognizer.h"
#include "halite/search/rng.h"
#include "halite/search/policy/rollout.h"

namespace halite::search {

namespace {

// A joint move packs 3 bits per unit into 64 bits.
constexpr int kMaxUnits = 21;
constexpr int kMaxTreeDepth = 10;
// How much a chosen move is preferred over the policy's in the resolver (as
// paired does): far above the differences between a ship's safe moves, below
// the danger penalties the move could put on another ship and the forbidden
// cost, so the resolver still refuses to push a neighbour into danger.
constexpr double kPreference = 1e5;
// The pools grow in blocks: the first holds kPoolFirstBlock chunks (a small
// tree costs a few hundred KB), each next one twice the last, up to
// kPoolMaxBlock chunks (one allocation stays in the tens of MB at max_units).
constexpr int64_t kPoolFirstBlock = 256;
constexpr int64_t kPoolMaxBlock = int64_t{1} << 16;
// verify_arms: the search stops this many times the playouts' expected time
// before the deadline (the policy's playout timed, the others' may cost more:
// their states differ).
constexpr double kVerifyTimeMargin = 1.5;

std::vector<ParamSpec> mcts_specs() {
  std::vector<ParamSpec> v = {
      {"horizon", 6, 1, 100, "turns simulated per iteration from the root, tree turns included", true},
      {"tree_depth", 3, 1, kMaxTreeDepth, "turns decided by the tree; later turns by the rollout policy", true},
      {"policy_depth", 1, 1, kMaxTreeDepth, "nodes shallower than this take the fleet policy as their prior (one decide() per node), deeper ones the rollout policy's moves", true},
      {"contact_radius", 2, 0, 42, "only own ships within this distance of an enemy ship are searched (0: every ship)", true},
      {"max_units", 8, 1, kMaxUnits, "at most this many ships searched, nearest to an enemy ship first", true},
      {"policy_rollout", 0, 0, 1, "below the root the ships the tree does not move play 1: the stateless fleet policy (each opponent its recognised model when that has no memory, else its fleet model), one decide() per player and simulated turn; 0: the fast rollout policy", true},
      {"verify_arms", 4, 0, 64, "0: the answer is the root's most visited joint move when its tree mean beats the policy's by min_gain; k > 0: the k most visited ones and the policy's are each played out on the whole board, every ship on its player's policy after the first turn, and the best wins by min_gain", true},
      {"verify_horizon", 8, 1, 100, "turns of each verify_arms playout, the first included", true},
      {"local_radius", 2, 0, 42, "the search simulates only the ships within this distance of a searched ship at the root, every shipyard and cell (0: every ship)", true},
      {"explore_prob", 0.4, 0, 1, "naive sampling: chance of building a joint move from the local bandits (else the global bandit's best)"},
      {"local_epsilon", 0.3, 0, 1, "a unit's local bandit picks a random opened move with this chance, else its best"},
      {"global_epsilon", 0, 0, 1, "the global bandit picks a random sampled joint move with this chance, else its best"},
      {"widen_scale", 1, 0, 10, "progressive widening: a unit's moves opened at a node = max(1, this x visits^widen_exp)"},
      {"widen_exp", 0.5, 0, 1, "progressive widening: exponent of the node's visits"},
      {"prune_penalty", 400, 0, 1e9, "moves the policy costs at least this much above its own are never searched (danger, trades, traps)"},
      {"progress_weight", 1, 0, 10, "value of a ship's progress toward its root target, per turn, times the policy's rate"},
      {"max_progress_rate", 200, 0, 100000, "cap of the policy's rate used for progress"},
      {"min_gain", 10, 0, 100000, "the answer leaves the policy's joint move only for a mean at least this much higher"},
      {"max_nodes", 20000, 1, 10000000, "most tree nodes, and most joint moves stored before sampling stops (each node's prior is stored regardless): the pools' bound", true, /*tunable=*/false},
      {"default_iterations", 2000, 1, 100000000, "iterations when the budget has neither deadline nor cap", true, /*tunable=*/false},
      {"safety_ms", 3, 0, 1000, "stop searching this long before the deadline (time to answer)", false, /*tunable=*/false},
      opponent_fit_param(OpponentFit::better),
      {"reuse_tree", 1, 0, 1, "1: keep the subtree of the joint move played when the next root is its state", true, /*tunable=*/false},
  };
  for (ParamSpec& s : fleet_specs()) v.push_back(std::move(s));
  for (ParamSpec& s : rollout_specs()) v.push_back(std::move(s));
  for (ParamSpec& s : eval_specs()) v.push_back(std::move(s));
  return v;
}

struct MctsParams {
  int horizon, tree_depth, policy_depth, contact_radius, max_units, local_radius, verify_arms, verify_horizon;
  bool policy_rollout;
  double explore_prob, local_epsilon, global_epsilon, widen_scale, widen_exp;
  double prune_penalty, progress_weight, max_progress_rate, min_gain;
  int64_t max_nodes;
  int default_iterations;
  double safety_ms;
  OpponentFit opponent_fit;
  bool reuse_tree;
  static MctsParams from(const Params& p) {
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
    m.max_nodes = static_cast<int64_t>(p.get("max_nodes"));
    m.default_iterations = p.get_int("default_iterations");
    m.safety_ms = p.get("safety_ms");
    m.opponent_fit = static_cast<OpponentFit>(p.get_int("opponent_fit"));
    m.reuse_tree = p.get("reuse_tree") != 0;
    return m;
  }
};

int move_of_key(uint64_t key, int unit) { return static_cast<int>(key >> (3 * unit) & 7u); }

// One unit's local bandit at a node.
struct UnitStats {
  std::array<uint8_t, kNumMoves> order{};  // the prior move, then the others by the policy's cost
  uint8_t allowed = 1;                     // leading moves of `order` not pruned (the prior always)
  std::array<int32_t, kNumMoves> n{};      // by move index
  std::array<double, kNumMoves> sum{};
  double mean(int m) const { return n[m] > 0 ? sum[m] / n[m] : 0; }
};

struct Node;
// One joint move of a node (the global bandit's arm).
struct Arm {
  uint64_t key = 0;
  int32_t n = 0;
  int32_t rank = 0;  // its place among its node's joint moves, in creation order
  double sum = 0;
  double average = 0;  // sum / n, kept by add(): a scan for the greedy pick compares every arm's mean
  Node* child = nullptr;
  Arm* next = nullptr;
  double mean() const { return average; }
  void add(double value) {
    ++n;
    sum += value;
    average = sum / n;
  }
};

// A node; its units' UnitStats follow it in the same pool block.
struct Node {
  int32_t visits = 0;  // iterations through or ending at this node
  int32_t evals = 0;   // iterations ending here (leaf evaluations)
  int32_t num_arms = 0;
  bool has_prior = false;
  Arm* prior = nullptr;  // the policy's joint move
  // select()'s greedy pick while it is known (nullptr: scan the joint moves
  // for it): kept across backups, which change one joint move's mean each.
  Arm* greedy = nullptr;
  // While greedy is known: at least the mean of every other arm it is
  // chosen among (the prior and the visited ones), so that a fall of the
  // pick's own mean that leaves it above every other needs no scan.
  double rival = 0;
  Arm* first = nullptr;
  Arm* last = nullptr;
  static constexpr size_t header_bytes() {
    return (sizeof(Node) + alignof(UnitStats) - 1) / alignof(UnitStats) * alignof(UnitStats);
  }
  UnitStats* units() { return std::launder(reinterpret_cast<UnitStats*>(reinterpret_cast<char*>(this) + header_bytes())); }
  const UnitStats* units() const {
    return std::launder(reinterpret_cast<const UnitStats*>(reinterpret_cast<const char*>(this) + header_bytes()));
  }
};

// The joint moves of every node by (node, key): select() looks up each key
// it samples, and a node's list grows to thousands of joint moves at the
// root. Open addressing with linear probing; clear() is a new stamp, since
// joint moves are only ever all dropped (release_tree, which then indexes
// the kept subtree again). Lookups do not depend on where an entry sits, so
// the pointer hash leaves the search deterministic.
class ArmIndex {
 public:
  Arm* find(const Node* node, uint64_t key) const {
    if (slots_.empty()) return nullptr;
    for (size_t i = slot_of(node, key);; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (s.stamp != stamp_) return nullptr;
      if (s.node == node && s.key == key) return s.arm;
    }
  }
  // `key` must not be in the index for `node` yet.
  void insert(const Node* node, uint64_t key, Arm* arm) {
    if (2 * (count_ + 1) > slots_.size()) grow();
    place({node, key, arm, stamp_});
    ++count_;
  }
  size_t size() const { return count_; }
  void clear() {
    count_ = 0;
    if (++stamp_ == 0) {  // stamps wrap: empty every slot once
      for (Slot& s : slots_) s.stamp = 0;
      stamp_ = 1;
    }
  }

 private:
  struct Slot {
    const Node* node = nullptr;
    uint64_t key = 0;
    Arm* arm = nullptr;
    uint32_t stamp = 0;  // == stamp_: in use
  };
  size_t slot_of(const Node* node, uint64_t key) const {
    return static_cast<size_t>(mix64(reinterpret_cast<uintptr_t>(node) ^ mix64(key))) & mask_;
  }
  void place(const Slot& entry) {
    size_t i = slot_of(entry.node, entry.key);
    while (slots_[i].stamp == stamp_) i = (i + 1) & mask_;
    slots_[i] = entry;
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(std::max<size_t>(kFirstSlots, 2 * old.size()), Slot{});
    mask_ = slots_.size() - 1;
    for (const Slot& s : old)
      if (s.stamp == stamp_) place(s);
  }
  static constexpr size_t kFirstSlots = 1024;  // a power of two
  std::vector<Slot> slots_;
  size_t mask_ = 0, count_ = 0;
  uint32_t stamp_ = 1;
};

}  // namespace

struct MctsPlanner::Impl {
  Impl(const Params& p, const PlannerSetup& setup)
      : mp_(MctsParams::from(p)),
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
        node_bytes_(Node::header_bytes() + static_cast<size_t>(mp_.max_units) * sizeof(UnitStats)),
        node_pool_(node_bytes_, kPoolFirstBlock, static_cast<size_t>(std::clamp(mp_.max_nodes, kPoolFirstBlock, kPoolMaxBlock))),
        arm_pool_(sizeof(Arm), kPoolFirstBlock, static_cast<size_t>(std::clamp(mp_.max_nodes, kPoolFirstBlock, kPoolMaxBlock))) {
    units_.reserve(kMaxUnits);
  }
  ~Impl() { release_tree(nullptr); }

  void new_game() {
    release_tree(nullptr);
    kept_ = nullptr;
    rng_.reseed(seed_);
    own_.reset();
    recognizer_.reset();
    opponents_.reset();
    play_known(false);
  }

  State::Orders choose(const State& root, int player, const Budget& budget, const GameMemory& memory, PlanStats& stats) {
    const auto t0 = std::chrono::steady_clock::now();
    stats = {};
    info_ = {};
    Node* const kept = kept_;
    kept_ = nullptr;
    if (root.player(player).status != Status::Active) {
      release_tree(nullptr);
      return {};
    }
    player_ = player;
    geo_.init(root.size());
    const Budget inner = budget.for_search(mp_.safety_ms, mp_.default_iterations);
    // Read before every policy call (each costs up to milliseconds).
    auto out_of_time = [&inner]() { return inner.past_deadline(); };

    // Opponents the recogniser knows: where their ships end this turn counts
    // for our policy's safety, and they play those orders in the first turn.
    std::vector<int> ends;
    if (base_.predict_opponents) {
      recognizer_.observe(root, player, budget);
      ends = recognizer_.predicted_ends();
      play_known(recognizer_.all_recognized(root, player));
      for (int q = 0; q < root.num_players(); ++q) info_.predicted_opponents += recognizer_.recognized(q) ? 1 : 0;
    }
    info_.against_known = against_known_;
    own_.set_predicted_cells(ends);
    // Every turn, searched or not: opponent_fit 2 scores its models on consecutive turns.
    opponents_.update(root, player, memory, inner);
    for (int q = 0; q < root.num_players(); ++q)
      info_.fitted_opponents += q != player && root.player(q).status == Status::Active && opponents_.uses_fitted(q) ? 1 : 0;

    // The policy's answer first: the anytime fallback and the prior.
    const PolicyDecision& own = own_.decide(root, player);
    own_choices_ = own.ship_choices;
    own_spawns_ = own.spawn_yards;
    own_requests_ = own_.requests();
    const State::Orders fallback = to_orders(root, own_choices_, own_spawns_);
    progress_.set(root, own, geo_, mp_.max_progress_rate);
    targets_.clear();
    for (size_t k = 0; k < own.ship_choices.size(); ++k)
      targets_.push_back({root.ships()[own.ship_choices[k].first].id, own.targets[k]});
    // The subtree kept from the last turn is reused when this state is the
    // one its node stands for (and the same units are searched).
    const bool predicted = kept && mp_.reuse_tree && same_state(root, predicted_);
    select_units(root, player, own, predicted ? &kept_units_ : nullptr);
    info_.units = static_cast<int>(units_.size());
    if (units_.empty() || out_of_time()) {
      release_tree(nullptr);
      finish(stats, t0, 0);
      return fallback;
    }

    // Opponents' orders on the first turn, every ship's target for the rollouts.
    opp_orders_.clear();
    opp_spawns_.clear();
    for (int q = 0; q < root.num_players(); ++q) {
      if (q == player || root.player(q).status != Status::Active) continue;
      if (out_of_time()) {
        release_tree(nullptr);
        finish(stats, t0, 0);
        return fallback;
      }
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
    std::sort(targets_.begin(), targets_.end());
    full_turn_.own.clear();
    for (size_t k = 0; k < own_choices_.size(); ++k)
      if (unit_of_choice_[k] < 0) full_turn_.own.push_back(own_choices_[k]);
    for (size_t u = 0; u < units_.size(); ++u) full_turn_.unit_index[u] = units_[u].root_index;
    full_turn_.opp = opp_orders_;
    set_sim_root(root);
    rollout_.set_targets(targets_);
    rollout_.prepare(*sim_root_, geo_);
    root_taken_.clear();
    for (size_t k = 0; k < own_choices_.size(); ++k)
      if (unit_of_choice_[k] < 0 && own_choices_[k].second != kConvertOption)
        root_taken_.push_back(geo_.neighbor(root.ships()[own_choices_[k].first].cell, own_choices_[k].second));

    // The root: the subtree kept from the last turn when this state is its
    // node's and the units are the same, else a new node.
    Node* keep = nullptr;
    if (predicted && kept_units_.size() == units_.size()) {
      keep = kept;
      for (size_t u = 0; u < units_.size(); ++u)
        if (kept_units_[u] != units_[u].id) keep = nullptr;
    }
    release_tree(keep);
    root_ = keep ? keep : new_node();
    info_.reused_visits = root_->visits;
    set_root_prior();

    // With verify_arms the policy's playout comes first: its time sets the
    // share of the budget kept for the others'.
    // Without the time for it the answer is the policy's.
    double policy_playout = 0;
    Budget search = inner;
    if (mp_.verify_arms > 0) {
      const auto v0 = std::chrono::steady_clock::now();
      const std::optional<double> v = playout(root, fallback, out_of_time, stats);
      if (!v) {
        release_tree(nullptr);
        finish(stats, t0, 0);
        return fallback;
      }
      policy_playout = *v;
      const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - v0).count();
      search = inner.for_search(kVerifyTimeMargin * mp_.verify_arms * ms, mp_.default_iterations);
    }

    // Search.
    const uint64_t roll_base = rng_.next();
    int64_t iterations = 0;
    while (!search.exhausted(iterations) && !search.past_deadline()) {
      if (!iterate(mix64(roll_base + static_cast<uint64_t>(iterations)), search, stats)) break;
      ++iterations;
    }

    // The answer.
    State::Orders orders = fallback;
    if (mp_.verify_arms > 0) {
      orders = verified_answer(root, fallback, policy_playout, out_of_time, stats);
    } else {
      const Arm* chosen = tree_answer();
      info_.chose_policy = chosen == root_->prior;
      info_.answer_gain = chosen->mean() - root_->prior->mean();
      if (!info_.chose_policy) orders = orders_of(root, chosen->key);
    }
    if (info_.chose_policy) played_ = own_choices_;
    if (mp_.reuse_tree) keep_played(root, player, orders);
    info_.nodes = nodes_used_;
    info_.joint_moves = arms_used_;
    info_.root_visits = root_->visits;
    finish(stats, t0, iterations);
    return orders;
  }

  // ---- the answer ----------------------------------------------------------

  // The orders that play the units' moves from `key`: the policy's costs with
  // those moves preferred, through the resolver (which may still move a unit
  // elsewhere: the others' moves stay legal and collision-free). played_
  // gets the (ship index, option) of each own ship.
  State::Orders orders_of(const State& root, uint64_t key) {
    requests_ = own_requests_;
    for (size_t u = 0; u < units_.size(); ++u) {
      const int m = move_of_key(key, static_cast<int>(u));
      const int p = own_choices_[static_cast<size_t>(units_[u].choice)].second;
      MoveRequest& req = requests_[static_cast<size_t>(units_[u].choice)];
      if (m != p) req.cost[m] = req.cost[p] - kPreference;
    }
    shared_cells_.clear();
    if (steps_left(root) <= base_.crash_home_steps)
      for (const Shipyard& y : root.shipyards())
        if (y.owner == player_) shared_cells_.push_back(y.cell);
    const std::vector<int>& pick = resolver_.solve(requests_, geo_, shared_cells_);
    played_.resize(own_choices_.size());
    for (size_t k = 0; k < played_.size(); ++k) played_[k] = {requests_[k].ship_index, pick[k]};
    return to_orders(root, played_, unblocked_spawns(root, geo_, played_, own_spawns_));
  }

  // The root's most visited joint move if its tree mean beats the policy's by
  // min_gain, else the policy's.
  const Arm* tree_answer() const {
    const Arm* best = root_->prior;
    for (const Arm* a = root_->first; a; a = a->next)
      if (a->n > best->n) best = a;
    return best != root_->prior && best->mean() >= root_->prior->mean() + mp_.min_gain ? best : root_->prior;
  }

  // The tree's means are of its own lines: below the root it chose our
  // moves with hindsight of the simulation, and most often below the joint
  // moves it visited most, so comparing them with the policy's mean favours
  // those (measured: its estimate of the answer's gain ~150-470, the gain in
  // the game ~0). The answer is checked on the game the bot will play: the
  // verify_arms most visited joint moves and the policy's, each followed by
  // every player's policy on the whole board (playout()); the best wins if
  // it beats the policy's playout by min_gain.
  template <typename OutOfTime>
  State::Orders verified_answer(const State& root, const State::Orders& policy_orders, double policy_value,
                                const OutOfTime& out_of_time, PlanStats& stats) {
    verify_.clear();
    for (Arm* a = root_->first; a; a = a->next)
      if (a != root_->prior && a->n > 0) verify_.push_back(a);
    const size_t k = std::min(verify_.size(), static_cast<size_t>(mp_.verify_arms));
    std::partial_sort(verify_.begin(), verify_.begin() + static_cast<std::ptrdiff_t>(k), verify_.end(),
                      [](const Arm* a, const Arm* b) { return a->n != b->n ? a->n > b->n : a->key < b->key; });
    State::Orders best = policy_orders;
    std::vector<std::pair<int, int>> best_played;
    double best_value = policy_value + mp_.min_gain;
    info_.chose_policy = true;
    info_.answer_gain = 0;
    for (size_t i = 0; i < k && !out_of_time(); ++i) {
      State::Orders orders = orders_of(root, verify_[i]->key);
      ++info_.verified_arms;
      if (orders == policy_orders) continue;
      const std::optional<double> v = playout(root, orders, out_of_time, stats);
      if (!v || *v < best_value) continue;
      best = std::move(orders);
      best_played = played_;
      best_value = *v;
      info_.chose_policy = false;
      info_.answer_gain = *v - policy_value;
    }
    played_ = std::move(best_played);
    return best;
  }

  // The value of our `orders` and the opponents' first-turn orders on the
  // whole board, then verify_horizon - 1 turns of every player's policy;
  // nothing once out of time (checked before every turn's decisions).
  template <typename OutOfTime>
  std::optional<double> playout(const State& root, const State::Orders& orders, const OutOfTime& out_of_time,
                                PlanStats& stats) {
    sim_.assign_from(root);
    sim_.stage(player_, orders);
    for (const auto& [index, option] : full_turn_.opp)
      if (option != 0) sim_.stage_ship(index, option == kConvertOption ? Action::Convert : kMoveActions[option]);
    for (int y : opp_spawns_) sim_.stage_shipyard(y, Action::Spawn);
    sim_.resolve();
    ++stats.simulated_steps;
    for (int d = 1; d < mp_.verify_horizon && !sim_.is_terminal(); ++d) {
      if (!stage_by_policies(out_of_time)) return std::nullopt;
      sim_.resolve();
      ++stats.simulated_steps;
    }
    // evaluate() alone: over verify_horizon turns of the policy the ships
    // travel, and the progress term (for the tree's short lines) only adds
    // its bias (measured by `halite deviations`: +35 a departing turn with
    // it, +63 without).
    return evaluate(sim_, player_, geo_, ep_);
  }

  // ---- units and priors ----------------------------------------------------

  struct Unit {
    UnitId id;
    int choice;      // index into own_choices_ / own_requests_
    int target;      // the policy's target cell at the root
    int root_index;  // ship index at the root
  };

  // The first turn's orders in one state's ship indices (the root's or the
  // local root's): our other ships' (index, option), the units' ships, the
  // opponents' (index, option).
  struct FirstTurn {
    std::vector<std::pair<int, int>> own;
    std::array<int, kMaxUnits> unit_index{};
    std::vector<std::pair<int, int>> opp;
  };

  // Own ships in contact (every own ship with contact_radius 0) that the
  // policy does not convert, nearest to an enemy ship first, at most
  // max_units. When `sticky` (the units of a subtree that could be reused)
  // are all still candidates and as many units are to be searched, they are
  // the units, in their order: a tree's statistics are per unit index.
  void select_units(const State& root, int player, const PolicyDecision& own, const std::vector<UnitId>* sticky) {
    candidates_.clear();
    const auto ships = root.ships();
    for (size_t k = 0; k < own.ship_choices.size(); ++k) {
      if (own.ship_choices[k].second == kConvertOption) continue;
      const Ship& sh = ships[static_cast<size_t>(own.ship_choices[k].first)];
      int nearest = 1 << 20;
      for (const Ship& e : ships)
        if (e.owner != player) nearest = std::min(nearest, geo_.dist(e.cell, sh.cell));
      if (mp_.contact_radius > 0 && nearest > mp_.contact_radius) continue;
      candidates_.push_back({nearest, sh.id, static_cast<int>(k)});
    }
    std::sort(candidates_.begin(), candidates_.end());
    if (sticky && sticky->size() == std::min(candidates_.size(), static_cast<size_t>(mp_.max_units))) {
      // The sticky units to the front, in their order, the others after them
      // nearest first; back to nearest first unless all are candidates.
      size_t front = 0;
      for (const UnitId id : *sticky)
        for (size_t c = front; c < candidates_.size(); ++c)
          if (candidates_[c].id == id) {
            std::rotate(candidates_.begin() + static_cast<long>(front), candidates_.begin() + static_cast<long>(c),
                        candidates_.begin() + static_cast<long>(c) + 1);
            ++front;
            break;
          }
      if (front != sticky->size()) std::sort(candidates_.begin(), candidates_.end());
    }
    if (static_cast<int>(candidates_.size()) > mp_.max_units) candidates_.resize(static_cast<size_t>(mp_.max_units));
    units_.clear();
    unit_of_choice_.assign(own.ship_choices.size(), -1);
    for (const Candidate& c : candidates_) {
      unit_of_choice_[static_cast<size_t>(c.choice)] = static_cast<int>(units_.size());
      units_.push_back({c.id, c.choice, own.targets[static_cast<size_t>(c.choice)], own.ship_choices[static_cast<size_t>(c.choice)].first});
    }
  }

  // A unit's moves from the policy's costs: its move first, then the moves
  // not pruned by cost, then the pruned ones.
  void set_order(UnitStats& us, const std::array<double, kNumMoves + 1>& cost, int policy) const {
    if (policy == kConvertOption) {
      policy = 0;
      for (int m = 1; m < kNumMoves; ++m)
        if (cost[m] < cost[policy]) policy = m;
    }
    // When the policy's own move is forbidden (+inf), every allowed move is
    // kept: the policy had nothing better, the search may find something.
    const double bound = cost[policy] + mp_.prune_penalty;
    std::array<std::pair<double, int>, kNumMoves> rest{};
    int allowed = 0, count = 0;
    for (int m = 0; m < kNumMoves; ++m) {
      if (m == policy) continue;
      const bool keep = cost[m] < bound || (bound == kInf && cost[m] < kInf);
      allowed += keep;
      rest[static_cast<size_t>(count++)] = {keep ? cost[m] : kInf, m};
    }
    std::stable_sort(rest.begin(), rest.begin() + count);
    us.order[0] = static_cast<uint8_t>(policy);
    for (int k = 0; k < count; ++k) us.order[static_cast<size_t>(k + 1)] = static_cast<uint8_t>(rest[static_cast<size_t>(k)].second);
    us.allowed = static_cast<uint8_t>(1 + allowed);
  }

  void set_single(UnitStats& us) const {
    for (int m = 0; m < kNumMoves; ++m) us.order[static_cast<size_t>(m)] = static_cast<uint8_t>(m);
    us.allowed = 1;
  }

  // The root's prior: the real policy's decision (our fleet policy, which
  // keeps its planned yard site across turns).
  void set_root_prior() {
    uint64_t key = 0;
    for (size_t u = 0; u < units_.size(); ++u) {
      const size_t k = static_cast<size_t>(units_[u].choice);
      UnitStats& us = root_->units()[u];
      set_order(us, own_requests_[k].cost, own_choices_[k].second);
      key |= static_cast<uint64_t>(us.order[0]) << (3 * u);
    }
    set_prior_arm(root_, key);
  }

  // A node below the root, on the first state that asks: the stateless fleet
  // policy's decision for our player.
  void policy_prior(Node* node, uint32_t alive, const PolicyDecision& d, const std::vector<MoveRequest>& requests) {
    uint64_t key = 0;
    for (size_t u = 0; u < units_.size(); ++u) {
      UnitStats& us = node->units()[u];
      set_single(us);
      if (!(alive >> u & 1)) continue;
      for (size_t k = 0; k < d.ship_choices.size(); ++k)
        if (d.ship_choices[k].first == unit_ship_[u]) {
          set_order(us, requests[k].cost, d.ship_choices[k].second);
          break;
        }
      key |= static_cast<uint64_t>(us.order[0]) << (3 * u);
    }
    set_prior_arm(node, key);
  }

  // A deeper node: the rollout policy's moves (staged already) as the prior;
  // moves onto a cell a lighter-or-equal enemy ship can reach pruned, the
  // others ordered by the distance left to the ship's target at the root.
  void rollout_prior(Node* node, uint32_t alive) {
    danger_.compute(sim_, player_, geo_);
    uint64_t key = 0;
    for (size_t u = 0; u < units_.size(); ++u) {
      UnitStats& us = node->units()[u];
      set_single(us);
      if (!(alive >> u & 1)) continue;
      const Ship& sh = sim_.ships()[static_cast<size_t>(unit_ship_[u])];
      std::array<double, kNumMoves + 1> cost{};
      for (int m = 0; m < kNumMoves; ++m) {
        const int c = geo_.neighbor(sh.cell, m);
        cost[static_cast<size_t>(m)] = danger_.at(c) <= sh.cargo ? kInf : geo_.dist(c, units_[u].target);
      }
      set_order(us, cost, other_move(unit_ship_[u]));
      key |= static_cast<uint64_t>(us.order[0]) << (3 * u);
    }
    set_prior_arm(node, key);
  }

  void set_prior_arm(Node* node, uint64_t key) {
    Arm* a = find_arm(node, key);
    if (!a) a = add_arm(node, key);
    node->prior = a;
    node->has_prior = true;
    node->greedy = nullptr;
  }

  // ---- one iteration -------------------------------------------------------

  // Ship indices of the units in sim_ (-1: gone); bit u set when unit u lives.
  uint32_t map_units() {
    uint32_t alive = 0;
    for (size_t u = 0; u < units_.size(); ++u) {
      unit_ship_[u] = sim_.find_ship(units_[u].id);
      if (unit_ship_[u] >= 0) alive |= 1u << u;
    }
    return alive;
  }

  // The first turn on `s` (the root, or the local part of it: `turn` holds
  // its ship indices): the policy's orders for our other ships and builds,
  // the opponents' models' orders, the units' moves from `key`.
  void stage_root(State& s, const FirstTurn& turn, uint64_t key) const {
    const auto ships = s.ships();
    for (const auto& [index, option] : turn.own)
      if (option != 0) s.stage_ship(index, option == kConvertOption ? Action::Convert : kMoveActions[option]);
    for (size_t u = 0; u < units_.size(); ++u) {
      const int m = move_of_key(key, static_cast<int>(u));
      if (m != 0) s.stage_ship(turn.unit_index[u], kMoveActions[m]);
    }
    for (int y : own_spawns_) {
      const int cell = s.shipyards()[static_cast<size_t>(y)].cell;
      bool blocked = false;
      for (size_t u = 0; u < units_.size() && !blocked; ++u)
        blocked = geo_.neighbor(ships[static_cast<size_t>(turn.unit_index[u])].cell, move_of_key(key, static_cast<int>(u))) == cell;
      if (!blocked) s.stage_shipyard(y, Action::Spawn);
    }
    for (const auto& [index, option] : turn.opp)
      if (option != 0) s.stage_ship(index, option == kConvertOption ? Action::Convert : kMoveActions[option]);
    for (int y : opp_spawns_) s.stage_shipyard(y, Action::Spawn);
  }

  // The state the iterations start from: the root, or with local_radius its
  // ships within that distance of a unit (every shipyard and cell kept), and
  // the first turn's orders in its ship indices. Ships far from every unit
  // hardly change which joint move is best, but each costs its share of every
  // simulated turn and adds its rollout's noise to every value.
  void set_sim_root(const State& root) {
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
        if (local_index_[static_cast<size_t>(index)] >= 0) orders[out++] = {local_index_[static_cast<size_t>(index)], option};
      orders.resize(out);
    };
    remap(sim_turn_.own);
    remap(sim_turn_.opp);
    for (size_t u = 0; u < units_.size(); ++u) sim_turn_.unit_index[u] = local_index_[static_cast<size_t>(units_[u].root_index)];
    sim_root_ = &local_root_;
    info_.simulated_ships = static_cast<int>(kept);
  }

  // One iteration: down the tree, one new node, the rollout to the horizon,
  // the backup. False when the deadline stopped it before any change.
  bool iterate(uint64_t roll_seed, const Budget& inner, PlanStats& stats) {
    Rng roll(roll_seed);
    sim_.assign_from(*sim_root_);
    const int tree_turns = std::min(mp_.tree_depth, mp_.horizon);
    int depth = 0;
    Node* node = root_;
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
        stage_root(sim_, sim_turn_, arm->key);
      } else {
        for (size_t u = 0; u < units_.size(); ++u)
          if (alive >> u & 1) sim_.stage_ship(unit_ship_[u], kMoveActions[move_of_key(arm->key, static_cast<int>(u))]);
        give_way(alive, arm->key);
      }
      sim_.resolve();
      ++stats.simulated_steps;
      path_[static_cast<size_t>(depth)] = {node, arm, alive};
      ++depth;
      if (!arm->child) {
        // A joint move gets its node on its first visit, unless the tree
        // ends there (tree_depth) or the pool is full: then it stays a leaf
        // arm, evaluated without a node, so that an arm with a node always
        // has the node's visits.
        if (arm->n == 0 && depth < tree_turns) arm->child = new_node();
        leaf = arm->child;
        break;
      }
      node = arm->child;
    }
    for (int d = depth; d < mp_.horizon && !sim_.is_terminal(); ++d) {
      if (!stage_others(roll, inner)) return false;
      sim_.resolve();
      ++stats.simulated_steps;
    }
    double value = evaluate(sim_, player_, geo_, ep_);
    if (mp_.progress_weight > 0) value += mp_.progress_weight * progress_.value(sim_, player_, geo_);
    for (int d = 0; d < depth; ++d) {
      const Step& st = path_[static_cast<size_t>(d)];
      ++st.node->visits;
      const double before = st.arm->mean();
      st.arm->add(value);
      keep_greedy(st.node, st.arm, before);
      UnitStats* us = st.node->units();
      for (size_t u = 0; u < units_.size(); ++u) {
        if (!(st.alive >> u & 1)) continue;
        const int m = move_of_key(st.arm->key, static_cast<int>(u));
        ++us[u].n[static_cast<size_t>(m)];
        us[u].sum[static_cast<size_t>(m)] += value;
      }
    }
    if (leaf) {
      ++leaf->visits;
      ++leaf->evals;
    }
    return true;
  }

  // Naive sampling at a node: the prior first; then with explore_prob a
  // joint move from the local bandits, else the global bandit's best.
  Arm* select(Node* node, int depth, uint32_t alive) {
    if (node->prior->n == 0) return node->prior;
    if (rng_.uniform() < mp_.explore_prob) {
      const uint64_t key = sample_local(node, depth, alive);
      if (Arm* a = find_arm(node, key)) return a;
      if (arms_used_ < mp_.max_nodes) return add_arm(node, key);
    }
    if (mp_.global_epsilon > 0 && rng_.uniform() < mp_.global_epsilon) {
      int pick = static_cast<int>(rng_.below(static_cast<uint32_t>(node->num_arms)));
      for (Arm* a = node->first; a; a = a->next)
        if (pick-- == 0) return a;
    }
    return greedy_arm(node);
  }

  // The global bandit's best joint move: the prior unless a tried one has a
  // higher mean (of equal ones, the first created).
  static Arm* greedy_arm(Node* node) {
    if (!node->greedy) node->greedy = scan_greedy(node, &node->rival);
    return node->greedy;
  }
  // The pick, and in `rival` the highest mean of the others it was chosen
  // among (-inf when none).
  static Arm* scan_greedy(const Node* node, double* rival = nullptr) {
    Arm* best = node->prior;
    double second = -kInf;
    for (Arm* a = node->first; a; a = a->next) {
      if (a->n == 0 || a == node->prior) continue;
      if (a->mean() > best->mean()) {
        second = std::max(second, best->mean());
        best = a;
      } else {
        second = std::max(second, a->mean());
      }
    }
    if (rival) *rival = second;
    return best;
  }

  // After `arm`'s mean went from `before` to its new value: the greedy pick
  // as greedy_arm() would find it, or unknown when the pick's own mean fell
  // to or below the rival bound (a tie goes to the scan's order).
  static void keep_greedy(Node* node, Arm* arm, double before) {
    Arm* g = node->greedy;
    if (!g) return;
    if (arm == g) {
      if (arm->mean() < before && !(arm->mean() > node->rival)) node->greedy = nullptr;
      return;
    }
    const bool first = arm == node->prior || (g != node->prior && arm->rank < g->rank);
    if (arm->mean() > g->mean() || (arm->mean() == g->mean() && first)) {
      node->rival = std::max(node->rival, g->mean());
      node->greedy = arm;
    } else {
      node->rival = std::max(node->rival, arm->mean());
    }
  }

  // A joint move built unit by unit (in a random order) from the local
  // bandits: among a unit's opened moves, one not tried yet at random, else
  // epsilon-greedy; a move onto a cell another own ship already takes gives
  // way to the unit's next move that does not.
  uint64_t sample_local(Node* node, int depth, uint32_t alive) {
    mark_units(alive);
    if (depth == 0) {
      for (int c : root_taken_) taken_[static_cast<size_t>(c)] = epoch_;
    } else {
      const auto ships = sim_.ships();
      for (size_t i = 0; i < ships.size(); ++i)
        if (ships[i].owner == player_ && ship_mark_[i] != epoch_)
          taken_[static_cast<size_t>(geo_.neighbor(ships[i].cell, other_move(static_cast<int>(i))))] = epoch_;
    }
    const double opened = std::max(1.0, std::floor(mp_.widen_scale * std::pow(static_cast<double>(node->visits), mp_.widen_exp)));
    int count = 0;
    for (size_t u = 0; u < units_.size(); ++u)
      if (alive >> u & 1) unit_order_[static_cast<size_t>(count++)] = static_cast<int>(u);
    for (int i = count - 1; i > 0; --i) std::swap(unit_order_[static_cast<size_t>(i)], unit_order_[rng_.below(static_cast<uint32_t>(i + 1))]);
    uint64_t key = 0;
    const UnitStats* stats = node->units();
    for (int i = 0; i < count; ++i) {
      const int u = unit_order_[static_cast<size_t>(i)];
      const UnitStats& us = stats[u];
      const int k = static_cast<int>(std::min<double>(opened, us.allowed));
      int untried = 0;
      for (int j = 0; j < k; ++j) untried += us.n[us.order[static_cast<size_t>(j)]] == 0;
      int pick;
      if (untried > 0) {
        int r = static_cast<int>(rng_.below(static_cast<uint32_t>(untried)));
        pick = us.order[0];
        for (int j = 0; j < k; ++j)
          if (us.n[us.order[static_cast<size_t>(j)]] == 0 && r-- == 0) {
            pick = us.order[static_cast<size_t>(j)];
            break;
          }
      } else if (rng_.uniform() < mp_.local_epsilon) {
        pick = us.order[rng_.below(static_cast<uint32_t>(k))];
      } else {
        pick = us.order[0];
        for (int j = 1; j < k; ++j)
          if (us.mean(us.order[static_cast<size_t>(j)]) > us.mean(pick)) pick = us.order[static_cast<size_t>(j)];
      }
      const int cell = sim_.ships()[static_cast<size_t>(unit_ship_[static_cast<size_t>(u)])].cell;
      if (taken_[static_cast<size_t>(geo_.neighbor(cell, pick))] == epoch_)
        for (int j = 0; j < us.allowed; ++j)
          if (taken_[static_cast<size_t>(geo_.neighbor(cell, us.order[static_cast<size_t>(j)]))] != epoch_) {
            pick = us.order[static_cast<size_t>(j)];
            break;
          }
      taken_[static_cast<size_t>(geo_.neighbor(cell, pick))] = epoch_;
      key |= static_cast<uint64_t>(pick) << (3 * u);
    }
    return key;
  }

  // A simulated turn below the root: every ship staged by the rollout policy
  // or (policy_rollout) by the players' policies, the tree's units restaged
  // after. With the policies the opponents come first and our policy last,
  // so that own_sim_decision() is still model_'s decision for this state.
  // False when the deadline came first (policy_rollout only).
  bool stage_others(Rng& roll, const Budget& inner) {
    if (mp_.policy_rollout) return stage_by_policies([&inner] { return inner.past_deadline(); });
    rollout_.stage_all(sim_, geo_, roll);
    return true;
  }

  // Every ship of sim_ staged by its player's policy: each opponent's
  // recognised model when that has no memory, else its fleet model; ours
  // last. False, half staged, when `out_of_time` says so before a decision
  // (each costs up to milliseconds).
  template <typename OutOfTime>
  bool stage_by_policies(const OutOfTime& out_of_time) {
    std::fill_n(policy_moves_.begin(), sim_.ships().size(), uint8_t{0});
    for (int q = 0; q < sim_.num_players(); ++q) {
      if (q == player_ || sim_.player(q).status != Status::Active) continue;
      if (out_of_time()) return false;
      OpponentModel* known = base_.predict_opponents ? recognizer_.simulator(q) : nullptr;
      stage_policy(known ? known->decide(sim_, q) : opponents_.model(q).decide(sim_, q));
    }
    if (out_of_time()) return false;
    own_sim_decision_ = &model_.decide(sim_, player_);
    stage_policy(*own_sim_decision_);
    return true;
  }

  void stage_policy(const PolicyDecision& d) {
    stage_decision(sim_, d);
    for (const auto& [index, option] : d.ship_choices)
      policy_moves_[static_cast<size_t>(index)] = static_cast<uint8_t>(option == kConvertOption ? 0 : option);
  }

  const PolicyDecision& own_sim_decision() const { return *own_sim_decision_; }

  // The move the last stage_others() gave ship i (0..4; a convert counts as staying).
  int other_move(int ship_index) const {
    return mp_.policy_rollout ? policy_moves_[static_cast<size_t>(ship_index)] : rollout_.move_of(ship_index);
  }

  // Below the root our other ships play the rollout policy, which planned
  // around the units' rollout moves, not the tree's: a ship whose move ends
  // where a unit (or an own ship before it) ends takes its first free cell
  // instead (staying first), so that the simulated fleet, like the real one
  // (the resolver), does not collide with itself.
  void give_way(uint32_t alive, uint64_t key) {
    mark_units(alive);
    const auto ships = sim_.ships();
    for (size_t u = 0; u < units_.size(); ++u)
      if (alive >> u & 1)
        taken_[static_cast<size_t>(geo_.neighbor(ships[static_cast<size_t>(unit_ship_[u])].cell, move_of_key(key, static_cast<int>(u))))] = epoch_;
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

  // A new epoch of the cell and ship marks, with the living units' ships marked.
  void mark_units(uint32_t alive) {
    if (++epoch_ == 0) {
      taken_.fill(0);
      ship_mark_.fill(0);
      epoch_ = 1;
    }
    for (size_t u = 0; u < units_.size(); ++u)
      if (alive >> u & 1) ship_mark_[static_cast<size_t>(unit_ship_[u])] = epoch_;
  }

  // ---- pools ---------------------------------------------------------------

  Node* new_node() {
    if (nodes_used_ >= mp_.max_nodes) return nullptr;
    void* mem = node_pool_.malloc();
    if (!mem) throw std::bad_alloc();
    Node* node = new (mem) Node{};
    char* units = static_cast<char*>(mem) + Node::header_bytes();
    for (int u = 0; u < mp_.max_units; ++u) new (units + static_cast<size_t>(u) * sizeof(UnitStats)) UnitStats{};
    ++nodes_used_;
    return node;
  }

  Arm* add_arm(Node* node, uint64_t key) {
    void* mem = arm_pool_.malloc();
    if (!mem) throw std::bad_alloc();
    Arm* a = new (mem) Arm{};
    a->key = key;
    a->rank = node->num_arms;
    arm_index_.insert(node, key, a);
    if (node->last) node->last->next = a;
    else node->first = a;
    node->last = a;
    ++node->num_arms;
    ++arms_used_;
    return a;
  }

  Arm* find_arm(const Node* node, uint64_t key) const { return arm_index_.find(node, key); }

  // Returns every node of the tree and its joint moves to the pools, except
  // the subtree at `keep` (a child somewhere below the root).
  void release_tree(Node* keep) {
    if (root_) free_subtree(root_, keep);
    root_ = nullptr;
    arm_index_.clear();
    if (keep) index_subtree(keep);
  }
  void index_subtree(const Node* node) {
    for (Arm* a = node->first; a; a = a->next) {
      arm_index_.insert(node, a->key, a);
      if (a->child) index_subtree(a->child);
    }
  }
  void free_subtree(Node* node, Node* keep) {
    for (Arm* a = node->first; a;) {
      Arm* next = a->next;
      if (a->child && a->child != keep) free_subtree(a->child, keep);
      arm_pool_.free(a);
      --arms_used_;
      a = next;
    }
    node_pool_.free(node);
    --nodes_used_;
  }

  // ---- reuse -----------------------------------------------------------------

  // After the answer: the child of the joint move played is kept when the
  // tree's first turn for it is the turn that will be played (our orders and
  // the opponents' models' orders): its state is stored for the next root.
  void keep_played(const State& root, int player, const State::Orders& orders) {
    uint64_t key = 0;
    for (size_t u = 0; u < units_.size(); ++u) {
      const int option = played_[static_cast<size_t>(units_[u].choice)].second;
      if (option == kConvertOption) return;
      key |= static_cast<uint64_t>(option) << (3 * u);
    }
    Arm* a = find_arm(root_, key);
    if (!a || !a->child) return;
    predicted_ = root;
    predicted_.stage(player, orders);
    for (const auto& [index, option] : opp_orders_)
      if (option != 0) predicted_.stage_ship(index, option == kConvertOption ? Action::Convert : kMoveActions[option]);
    for (int y : opp_spawns_) predicted_.stage_shipyard(y, Action::Spawn);
    predicted_.resolve();
    sim_ = root;
    stage_root(sim_, full_turn_, key);
    sim_.resolve();
    if (!(sim_ == predicted_)) return;
    kept_ = a->child;
    kept_units_.clear();
    for (const Unit& unit : units_) kept_units_.push_back(unit.id);
    info_.kept_visits = kept_->visits;
  }

  // Equal but for the time left in the players' overage banks (the runner's,
  // not the rules').
  static bool same_state(const State& a, const State& b) {
    if (a.num_players() != b.num_players() || a.step() != b.step()) return false;
    State copy = a;
    for (int p = 0; p < copy.num_players(); ++p)
      copy.mutable_player(p).remaining_overage_time = b.player(p).remaining_overage_time;
    return copy == b;
  }

  // The choice (kMoveActions index or kConvertOption) that ends a ship on
  // `cell` at `end` (a neighbour or the cell itself, or kPredictedConvert).
  int option_to(int cell, int end) const {
    if (end == kPredictedConvert) return kConvertOption;
    for (int m = 0; m < kNumMoves; ++m)
      if (geo_.neighbor(cell, m) == end) return m;
    return 0;
  }

  // Our policy plays the known_* values (every opponent recognised) or not.
  void play_known(bool known) { play_known_values(known, base_, against_known_, own_, model_); }

  void finish(PlanStats& stats, std::chrono::steady_clock::time_point t0, int64_t iterations) const {
    stats.iterations = iterations;
    stats.elapsed_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  }

  // ---- inspection ------------------------------------------------------------

  static std::vector<ArmView> arms_of(const Node* node) {
    std::vector<ArmView> v;
    if (!node) return v;
    for (const Arm* a = node->first; a; a = a->next) v.push_back({a->key, a->n, a->mean(), a->child != nullptr});
    return v;
  }

  std::string check_tree() const {
    if (!root_) return nodes_used_ == 0 && arms_used_ == 0 ? "" : "no root, but nodes or joint moves in use";
    std::unordered_set<const Node*> seen;
    int64_t arms = 0;
    std::vector<const Node*> stack = {root_};
    while (!stack.empty()) {
      const Node* node = stack.back();
      stack.pop_back();
      if (!seen.insert(node).second) return "a node is reached twice";
      int64_t through = 0;
      int count = 0;
      std::unordered_set<uint64_t> keys;
      for (const Arm* a = node->first; a; a = a->next) {
        ++count;
        through += a->n;
        if (!keys.insert(a->key).second) return "a joint move stored twice in one node";
        if (a->child) {
          if (a->child->visits != a->n)
            return "a joint move's visits (" + std::to_string(a->n) + ") differ from its child's (" +
                   std::to_string(a->child->visits) + ")";
          stack.push_back(a->child);
        }
      }
      arms += count;
      if (count != node->num_arms) return "a node's joint-move count is wrong";
      for (const Arm* a = node->first; a; a = a->next)
        if (find_arm(node, a->key) != a) return "a joint move is not found by its key in its node's index";
      if (node->greedy && node->greedy != scan_greedy(node))
        return "a node's kept greedy pick is not the joint move a scan finds";
      if (node->greedy)
        for (const Arm* a = node->first; a; a = a->next)
          if (a != node->greedy && (a->n > 0 || a == node->prior) && a->mean() > node->rival)
            return "a node's rival bound is below the mean of a joint move other than its greedy pick";
      if (node->visits != node->evals + through)
        return "a node's visits (" + std::to_string(node->visits) + ") differ from its leaf evaluations (" +
               std::to_string(node->evals) + ") plus its joint moves' visits (" + std::to_string(through) + ")";
      for (size_t u = 0; u < units_.size(); ++u) {
        int64_t local = 0;
        for (int m = 0; m < kNumMoves; ++m) local += node->units()[u].n[static_cast<size_t>(m)];
        // Every unit moves in every visit of a fresh root; a kept subtree's
        // root was a node below the last one, where a unit may have been
        // sunk in some of its visits (those count for the joint move only).
        const bool every_visit = node == root_ && info_.reused_visits == 0;
        if (local > through || (every_visit && local != through))
          return "unit " + std::to_string(u) + "'s local visits (" + std::to_string(local) +
                 ") do not match its node's joint-move visits (" + std::to_string(through) + ")";
      }
    }
    if (static_cast<int64_t>(seen.size()) != nodes_used_) return "the tree holds fewer nodes than the pool gave out";
    if (arms != arms_used_) return "the tree holds fewer joint moves than the pool gave out";
    if (static_cast<int64_t>(arm_index_.size()) != arms) return "the index holds another number of joint moves than the tree";
    return "";
  }

  struct Candidate {
    int dist;
    UnitId id;
    int choice;
    auto operator<=>(const Candidate&) const = default;
  };
  struct Step {
    Node* node;
    Arm* arm;
    uint32_t alive;
  };

  MctsParams mp_;
  EvalParams ep_;
  FleetParams base_;
  FleetPolicy own_;    // our policy at the root (keeps its planned yard site)
  FleetPolicy model_;  // stateless: our policy below the root
  ModelRecognizer recognizer_;
  bool against_known_ = false;  // own_ and model_ play base_.against_known()
  OpponentFits opponents_;  // the fleet model of each opponent the recogniser cannot simulate
  RolloutPolicy rollout_;
  std::array<uint8_t, kMaxShips> policy_moves_{};        // policy_rollout: each ship's move in the last stage_others()
  const PolicyDecision* own_sim_decision_ = nullptr;  // policy_rollout: model_'s decision in the last stage_others()
  std::vector<Arm*> verify_;                          // verify_arms: the root's joint moves checked by playout()
  Rng rng_;
  uint64_t seed_;
  Geometry geo_;
  MoveResolver resolver_;
  DangerMap danger_;
  ProgressTerm progress_;
  size_t node_bytes_;
  boost::pool<> node_pool_, arm_pool_;
  int64_t nodes_used_ = 0, arms_used_ = 0;
  ArmIndex arm_index_;
  Node* root_ = nullptr;
  // This turn.
  int player_ = 0;
  std::vector<Unit> units_;
  std::vector<Candidate> candidates_;
  std::vector<int> unit_of_choice_;  // per own_choices_ entry: its unit, -1 none
  std::vector<std::pair<int, int>> own_choices_, opp_orders_, played_;
  std::vector<int> own_spawns_, opp_spawns_, root_taken_, shared_cells_;
  std::vector<MoveRequest> own_requests_, requests_;
  std::vector<std::pair<UnitId, int>> targets_;
  State sim_;
  FirstTurn full_turn_, sim_turn_;  // in the root's ship indices, in *sim_root_'s
  State local_root_;                // the root's ships near the units (local_radius)
  const State* sim_root_ = nullptr; // where every iteration starts: the root or local_root_
  std::vector<uint8_t> keep_;
  std::vector<int> local_index_;    // root ship index -> local_root_'s (-1: left out)
  std::array<int, kMaxUnits> unit_ship_{};
  std::array<int, kMaxUnits> unit_order_{};
  std::array<Step, kMaxTreeDepth + 1> path_{};
  std::array<uint32_t, kMaxCells> taken_{};
  std::array<uint32_t, kMaxShips> ship_mark_{};
  uint32_t epoch_ = 0;
  // Kept for the next turn.
  Node* kept_ = nullptr;
  std::vector<UnitId> kept_units_;
  State predicted_;
  TreeInfo info_;
};

MctsPlanner::MctsPlanner(const Params& params, const PlannerSetup& setup)
    : impl_(std::make_unique<Impl>(params, setup)) {}
MctsPlanner::~MctsPlanner() = default;

State::Orders MctsPlanner::choose(const State& state, int player, const Budget& budget) {
  return impl_->choose(state, player, budget, memory(), stats_);
}
void MctsPlanner::new_game() { impl_->new_game(); }
const MctsPlanner::TreeInfo& MctsPlanner::tree_info() const { return impl_->info_; }
std::vector<MctsPlanner::ArmView> MctsPlanner::root_arms() const { return Impl::arms_of(impl_->root_); }
std::vector<MctsPlanner::ArmView> MctsPlanner::kept_arms() const { return Impl::arms_of(impl_->kept_); }
std::string MctsPlanner::check_tree() const { return impl_->check_tree(); }

PlannerInfo mcts_planner_info() {
  return {"mcts",
          "Monte Carlo tree search over turns for the ships in contact, joint moves by naive sampling (NaiveMCTS: local "
          "bandits per unit, a global one per node), anchored on the fleet policy, opponents played by the fleet policy "
          "with its own or fitted parameters, whichever predicts them better",
          mcts_specs(), [](const Params& p, const PlannerSetup& setup) { return std::make_unique<MctsPlanner>(p, setup); }};
}

}  // namespace halite::search
