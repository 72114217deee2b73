// The rollout policy of Halite III's mcts (mcts.h): a cheap stand-in for
// every player's policy on the simulated turns below the root, where the
// greedy policy (milliseconds a call on a 64x64 map) would cost each
// iteration tens of its calls.
//
// Each ship heads for a cell fixed at the root, its player's policy's
// target there (a mining cell, or a depot for a ship returning or rushing
// home), one step a turn along the longer remaining axis first. A ship
// with at least return_fraction of its capacity heads for its player's
// nearest depot instead; an empty ship whose target is a depot it stands
// on, or a ship without a target (one spawned below the root), steps to
// its richest neighbour, mining elsewhere than where its player deposits.
// A ship on its target, or one whose cargo cannot pay for the move, stays
// and mines.
//
// No two ships of one player end on one cell, and ships keep out of other
// players' reach, as bots do where a meeting sinks both: ships that cannot
// move claim their cells first, then the others claim in id order, each the
// first free and safe cell (no other player's ship on it or next to it,
// but its own depots) of: its step toward the target (the longer axis, the
// other), staying, the other steps; with no such cell, the first free one
// in that order (a ship with none stays). Ships of different players may
// still meet, as the engine has them.
// Deterministic: no randomness.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "halite3/constants.h"
#include "halite3/state.h"

namespace halite3::search {

class TargetRollout {
 public:
  // The targets for the simulated turns: (ship id, cell or -1) of the
  // root's ships, any order; `return_fraction`: the cargo share at which a
  // ship heads home.
  void prepare(std::vector<std::pair<int32_t, int>> targets, double return_fraction);

  // The move of every ship of `s` (ship_list() order) for one turn.
  void moves(const State& s, const Constants& c, std::vector<Direction>& out);

 private:
  int target_of(const State& s, const Constants& c, const Ship& ship, int root_target) const;
  int nearest_depot(const State& s, int owner, int cell) const;
  Direction toward(const State& s, int from, int to, int choice) const;
  bool claimed(int owner, int cell) const { return claim_[static_cast<size_t>(cell)] == stamp_ + owner; }
  void claim(int owner, int cell) { claim_[static_cast<size_t>(cell)] = stamp_ + owner; }

  std::vector<std::pair<int32_t, int>> targets_;  // sorted by id
  double return_fraction_ = 0.9;
  std::vector<int> wish_;        // per ship: its target this turn
  std::vector<uint32_t> claim_;  // per cell: stamp_ + owner while claimed this turn
  std::vector<uint8_t> reach_;   // per cell: bit p when a ship of player p stands on it or next to it
  uint32_t stamp_ = 0;           // advances by kMaxPlayers a turn
};

}  // namespace halite3::search
