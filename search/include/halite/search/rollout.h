// The fast rollout policy shared by `mcts` and `beam`: a few operations per
// ship per turn, no allocation, no assignment.
//
// Every ship follows the plan the greedy policy gave it at the root (its
// target cell, looked up by id) and otherwise acts locally: head home with
// return_cargo or more aboard (or when the episode is about to end), mine a
// cell holding mine_threshold or more, step to the richest neighbour, or
// wander. It keeps clear of its own side's planned cells and of cells held
// by a lighter enemy ship. It never spawns or converts.
#pragma once

#include <array>
#include <vector>

#include "halite/search/common.h"
#include "halite/search/rng.h"

namespace halite::search {

struct RolloutParams {
  double return_cargo;
  double mine_threshold;
  double wander;  // chance of a random move when nothing is worth doing
  static RolloutParams from(const Params& p);
};
std::vector<ParamSpec> rollout_specs();

class RolloutPolicy {
 public:
  explicit RolloutPolicy(const RolloutParams& p) : p_(p) {}
  // Targets by ship id (sorted by id) for the ships of the root state.
  void set_targets(std::vector<std::pair<UnitId, int>> targets) { targets_ = std::move(targets); }
  // Chooses and stages a move for every ship of every active player of `s`.
  // Afterwards move_of(i) is the move index (0..4) given to ship i.
  void stage_all(State& s, const Geometry& geo, Rng& rng);
  int move_of(int ship_index) const { return moves_[ship_index]; }

 private:
  RolloutParams p_;
  std::vector<std::pair<UnitId, int>> targets_;
  std::array<uint8_t, kMaxShips> moves_{};
  std::array<uint32_t, kMaxCells> stamp_{}, taken_stamp_{};
  std::array<uint8_t, kMaxCells> occ_owner_{}, plan_owner_{};
  std::array<int16_t, kMaxCells> occ_index_{};
  std::array<double, kMaxCells> occ_cargo_{};
  uint32_t epoch_ = 0;
};

}  // namespace halite::search
