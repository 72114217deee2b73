// mcts's internals, shared by the planner's sources: its parameters and
// its Impl, whose members are defined by what they do in
//  - mcts.cpp: the planner's face, its parameters and the steps of a turn;
//  - mcts_tree.cpp: the subtree kept for the next turn, the inspection (the
//    tree itself is search/'s JointMoveTree, joint_move_tree.h);
//  - mcts_bandits.cpp: the units, the nodes' priors and the naive sampling
//    of joint moves from the bandits;
//  - mcts_simulate.cpp: one iteration and its simulated turns;
//  - mcts_verify.cpp: the answer, checked by playouts with verify_arms.
// The algorithm is described in halite/search/planners/mcts.h.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "halite/search/joint_move_tree.h"
#include "halite/search/model/move_model.h"
#include "halite/search/model/opponent_fit.h"
#include "halite/search/model/recognizer.h"
#include "halite/search/planners/mcts.h"
#include "halite/search/policy/common.h"
#include "halite/search/policy/fleet.h"
#include "halite/search/policy/rollout.h"
#include "halite/search/rng.h"

namespace halite::search {

namespace mcts {

struct MctsParams {
  int horizon, tree_depth, policy_depth, contact_radius, max_units, local_radius, verify_arms, verify_horizon;
  bool policy_rollout;
  double explore_prob, local_epsilon, global_epsilon, widen_scale, widen_exp;
  double prune_penalty, progress_weight, max_progress_rate, min_gain, opponent_sample;
  int64_t max_nodes;
  int default_iterations;
  double safety_ms;
  OpponentFit opponent_fit;
  bool reuse_tree;
  static MctsParams from(const Params& p);
};

}  // namespace mcts

using mcts::Arm;
using mcts::JointMoveTree;
using mcts::kMaxTreeDepth;
using mcts::kMaxUnits;
using mcts::MctsParams;
using mcts::move_of_key;
using mcts::Node;
using mcts::PathStep;
using mcts::UnitStats;
static_assert(mcts::kUnitMoves == kNumMoves, "a unit's moves are the ship's five moves");

struct MctsPlanner::Impl {
  Impl(const Params& p, const PlannerSetup& setup);
  ~Impl();

  void new_game();
  State::Orders choose(const State& root, int player, const Budget& budget, const GameMemory& memory, PlanStats& stats);

  // ---- the steps of a turn (mcts.cpp) ----------------------------------------

  std::vector<int> observe_opponents(const State& root, int player, const Budget& budget, const GameMemory& memory,
                                     const Budget& inner);
  State::Orders set_policy_answer(const State& root, const PolicyDecision& own);
  bool plan_opponents(const State& root, int player, const std::vector<int>& ends, const Budget& inner);
  void prepare_first_turn(const State& root);
  void set_root(Node* kept, bool predicted);
  int64_t search_tree(const Budget& search, PlanStats& stats);
  State::Orders answer(const State& root, int player, const State::Orders& fallback, double policy_playout,
                       const Budget& inner, PlanStats& stats);

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

  // ---- the answer (mcts_verify.cpp) ------------------------------------------

  State::Orders orders_of(const State& root, uint64_t key);
  const Arm* tree_answer() const;
  State::Orders verified_answer(const State& root, const State::Orders& policy_orders, double policy_value,
                                const Budget& clock, PlanStats& stats);
  std::optional<double> playout(const State& root, const State::Orders& orders, const Budget& clock, PlanStats& stats);

  // ---- units and priors (mcts_bandits.cpp) -----------------------------------

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

  void select_units(const State& root, int player, const PolicyDecision& own, const std::vector<UnitId>* sticky);
  void set_order(UnitStats& us, const std::array<double, kNumMoves + 1>& cost, int policy) const;
  void set_root_prior();
  void policy_prior(Node* node, uint32_t alive, const PolicyDecision& d, const std::vector<MoveRequest>& requests);
  void rollout_prior(Node* node, uint32_t alive);

  // ---- naive sampling (mcts_bandits.cpp) -------------------------------------

  Arm* select(Node* node, int depth, uint32_t alive);
  uint64_t sample_local(Node* node, int depth, uint32_t alive);

  // ---- one iteration and its simulated turns (mcts_simulate.cpp) -------------

  uint32_t map_units();
  void stage_root(State& s, const FirstTurn& turn, const std::vector<std::pair<int, int>>& opp, uint64_t key) const;
  void prepare_sampled_opponents(const State& root);
  const std::vector<std::pair<int, int>>& first_turn_opponents(Rng& roll);
  void set_sim_root(const State& root);
  bool iterate(uint64_t roll_seed, const Budget& inner, PlanStats& stats);
  bool stage_others(Rng& roll, const Budget& inner);
  bool stage_by_policies(const Budget& clock);
  void stage_policy(const PolicyDecision& d);

  const PolicyDecision& own_sim_decision() const { return *own_sim_decision_; }

  // The move the last stage_others() gave ship i (0..4; a convert counts as staying).
  int other_move(int ship_index) const {
    return mp_.policy_rollout ? policy_moves_[static_cast<size_t>(ship_index)] : rollout_.move_of(ship_index);
  }

  void give_way(uint32_t alive, uint64_t key);

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

  // ---- reuse and inspection (mcts_tree.cpp) ---------------------------

  void keep_played(const State& root, int player, const State::Orders& orders);
  static bool same_state(const State& a, const State& b);
  static std::vector<ArmView> arms_of(const Node* node);
  void explain(const State& root, int player, TurnReasons& reasons) const;
  std::string check_tree() const;

  struct Candidate {
    int dist;
    UnitId id;
    int choice;
    auto operator<=>(const Candidate&) const = default;
  };

  MctsParams mp_;
  mcts::SamplingParams sampling_;  // mp_'s naive-sampling values
  EvalParams ep_;
  FleetParams base_;
  FleetPolicy own_;    // our policy at the root (keeps its planned yard site)
  FleetPolicy model_;  // stateless: our policy below the root
  ModelRecognizer recognizer_;
  bool against_known_ = false;  // own_ and model_ play base_.against_known()
  OpponentFits opponents_;      // the fleet model of each opponent the recogniser cannot simulate
  RolloutPolicy rollout_;
  std::array<uint8_t, kMaxShips> policy_moves_{};     // policy_rollout: each ship's move in the last stage_others()
  const PolicyDecision* own_sim_decision_ = nullptr;  // policy_rollout: model_'s decision in the last stage_others()
  std::vector<Arm*> verify_;                          // verify_arms: the root's joint moves checked by playout()
  Rng rng_;
  uint64_t seed_;
  Geometry geo_;
  MoveResolver resolver_;
  DangerMap danger_;
  ProgressTerm progress_;
  JointMoveTree tree_;
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
  FirstTurn full_turn_, sim_turn_;   // in the root's ship indices, in *sim_root_'s
  State local_root_;                 // the root's ships near the units (local_radius)
  const State* sim_root_ = nullptr;  // where every iteration starts: the root or local_root_
  std::vector<uint8_t> keep_;
  std::vector<int> local_index_;  // root ship index -> local_root_'s (-1: left out)
  std::array<int, kMaxUnits> unit_ship_{};
  std::array<int, kMaxUnits> unit_order_{};
  std::array<PathStep, kMaxTreeDepth + 1> path_{};
  std::array<uint32_t, kMaxCells> taken_{};
  std::array<uint32_t, kMaxShips> ship_mark_{};
  uint32_t epoch_ = 0;
  // Kept for the next turn.
  Node* kept_ = nullptr;
  std::vector<UnitId> kept_units_;
  State predicted_;
  TreeInfo info_;
  // opponent_sample: the enemy ships near the units whose first-turn move
  // each iteration may draw from the learned move model.
  struct SampledOpponent {
    size_t slot;                               // into sim_turn_.opp
    std::array<double, kNumMoves> cumulative;  // P(move <= m), kMoveActions order
  };
  std::vector<SampledOpponent> sampled_opponents_;
  std::vector<std::pair<int, int>> iteration_opp_;  // this iteration's first-turn orders of the opponents
  MoveContext move_context_;                        // the root's, built each turn when opponent_sample > 0
  MoveFeatures move_features_;
  State previous_root_;  // last turn's root: the ships' last moves, which the model reads
  bool has_previous_root_ = false;
};

}  // namespace halite::search
