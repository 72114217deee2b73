// The greedy cell-scoring policy: the `greedy` planner, and the opponent
// model and move prior of `beam` and `mcts`.
//
// Each turn, for every own ship and every cell, the mining rate of a trip
// (the Halite III cell-scoring post-mortem adapted to Halite IV):
//
//   rate(ship, c) = max over t of (cargo + h'(c) * (1 - (1 - collectRate)^t))
//                                 / (d(ship, c) + t + d(c, home))
//
// where h'(c) is the cell's halite regrown over the d(ship, c) turns of the
// trip (capped at maxCellHalite), t the turns spent mining (1..max_mine_turns,
// and the whole trip must end before the episode does), home the nearest own
// shipyard or this turn's yard site. Returning now scores
// cargo * return_bias / d(ship, home). Cells near enemy ships that carry less
// than the ship would are discounted (target_threat_weight); empty ships may
// also hunt enemy ships with cargo (hunt_weight). Ships are then assigned to
// distinct targets by one min-cost assignment (Hungarian), each keeping its
// top `targets_per_ship` cells as candidates.
//
// Moves: each ship's five moves are costed by progress toward its target
// (scaled by the ship's rate), the danger map (threatened and tie cells),
// and spawn blocking; the shared MoveResolver picks the collision-free joint
// move. Builds come from the shared plan_builds(); ships recall home before
// the end (must_recall()).
#pragma once

#include <array>
#include <vector>

#include "halite/search/planner.h"
#include "halite/search/policy/common.h"

namespace halite::search {

struct GreedyParams {
  int max_mine_turns;
  int targets_per_ship;
  double min_target_halite;
  double return_bias;
  double target_threat_weight;
  int threat_radius;
  double hunt_weight;
  int hunt_radius;
  double danger_penalty;
  double tie_penalty;
  double min_turn_value;
  double spawn_block_penalty;
  int crash_home_steps;
  EconomyParams econ;
  static GreedyParams from(const Params& p);
};
// The greedy policy's parameters (economy_specs() included).
std::vector<ParamSpec> greedy_specs();

// Deterministic (no randomness). Reuses its buffers: after the first turns
// decide() does not allocate.
class GreedyPolicy {
 public:
  explicit GreedyPolicy(const GreedyParams& params) : p_(params) {}
  const PolicyDecision& decide(const State& state, int player);
  // decide() and stage the result on `state` (for simulations).
  void stage(State& state, int player);
  const GreedyParams& params() const { return p_; }
  const Geometry& geometry() const { return geo_; }
  const DangerMap& danger() const { return danger_; }
  // The per-move costs the last decide() gave each ship (ship_choices order),
  // for planners that search over moves with greedy as the prior.
  const std::vector<MoveRequest>& requests() const { return requests_; }
  // The safety part of those costs (danger, ties, spawn blocking) per move.
  const std::vector<std::array<double, kNumMoves>>& penalties() const { return penalties_; }

 private:
  // decide()'s steps, in order: mark yard and threatened cells; score each
  // ship's candidate targets (and its rate of heading home); assign ships to
  // targets (Hungarian); cost each ship's moves toward its target.
  void mark_cells(const State& s, int player);
  void score_targets(const State& s, int player);
  const std::vector<int>& assign_targets();
  void cost_moves(const State& s, int player, const std::vector<int>& col_of_row);

  GreedyParams p_;
  Geometry geo_;
  BuildPlan build_;
  std::vector<int> sites_;                      // this turn's conversion cells
  std::array<uint8_t, kMaxCells> yard_cell_{};  // 1: own yard or site, 2: enemy yard
  int shared_columns_ = 0;                      // target columns shared by ships; then one home column per ship
  DangerMap danger_;
  MoveResolver resolver_;
  Assignment assignment_;
  PolicyDecision decision_;
  std::array<int16_t, kMaxCells> home_{};
  std::array<double, kMaxCells> threat_{};
  std::vector<MoveRequest> requests_;
  std::vector<std::array<double, kNumMoves>> penalties_;
  std::vector<double> cost_;
  std::vector<int> columns_, ship_rows_;
  std::vector<std::pair<double, int>> scratch_;
  std::vector<double> rates_, home_rates_;
  std::vector<int> cand_begin_;
  std::vector<std::pair<int, double>> cands_;  // (column key, rate)
};

PlannerInfo greedy_planner_info();

}  // namespace halite::search
