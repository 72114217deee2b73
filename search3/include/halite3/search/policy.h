// The greedy cell-scoring policy for Halite III: one player's commands for a
// turn.
//
// Each turn:
//  * ships that reach the end only just in time head for the nearest own
//    depot (the final rush; own depots then take any number of ships, since
//    crashing there loses nothing);
//  * ships with cargo of at least return_fraction of their capacity return,
//    and keep returning until they deposit;
//  * every other ship scores every cell by best_trip() (trip.h): halite
//    delivered per turn of the whole trip, with the expected inspired bonus;
//    each keeps its best targets_per_ship cells, and ships take distinct
//    cells greedily, best rate first;
//  * one ship on a rich cell far from every own depot becomes a dropoff when
//    the bank (with its cargo and the cell's halite) pays for it; with
//    dropoff_save, the yard does not spawn while such a site waits for the
//    bank;
//  * moves toward the targets are resolved so that no two own ships end on
//    one cell (MoveResolver), avoiding cells next to enemy ships when there
//    is a choice and never entering one an enemy ship stands on;
//  * the shipyard spawns while a ship still pays: enough turns left, enough
//    halite per ship on the map, the bank after any dropoff, and no own ship
//    ending on the yard.
//
// Deterministic: the same states in the same order give the same commands.
// The only memory between turns is which ships are returning.
#pragma once

#include <cstdint>
#include <vector>

#include "halite3/constants.h"
#include "halite3/search/move_resolver.h"
#include "halite3/search/policy_params.h"
#include "halite3/search/ship_moves.h"
#include "halite3/state.h"

namespace halite3::search {

// What a ship does this turn, for tests and traces.
enum class Role : uint8_t { Mine, Return, Rush, Idle, Build };

struct ShipPlan {
  int32_t id = 0;
  Role role = Role::Idle;
  int target = -1;  // the cell it heads for, or -1
  double rate = 0;  // its trip's value (Mine)
  bool can_move = true;
};

class GreedyPolicy {
 public:
  explicit GreedyPolicy(const PolicyParams& params) : p_(params) {}
  // The commands of player `me` for the turn `state` is at (state.turn turns
  // resolved; ships' inspired flags as update_inspiration() sets them).
  std::vector<Command> decide(const State& state, const Constants& constants, int me);
  // The last decide()'s ships, in id order.
  const std::vector<ShipPlan>& plans() const { return plans_; }
  const PolicyParams& params() const { return p_; }

 private:
  void read_map(const State& s, const Constants& c, int me);
  void plan_roles(const State& s, const Constants& c, int me);
  void assign_targets(const State& s, const Constants& c);
  struct DropoffChoice {
    int builder = -1;   // the ship (plans_ index) that builds this turn, or -1
    bool save = false;  // a site qualifies but the bank cannot pay yet: no spawn
  };
  DropoffChoice choose_dropoff(const State& s, const Constants& c, int me) const;
  std::vector<int> wished_cells(const State& s, const Ship& ship, const ShipPlan& plan) const;
  std::vector<int> resolve_moves(const State& s);

  PolicyParams p_;
  std::vector<int32_t> returning_;  // ids, sorted
  std::vector<ShipPlan> plans_;
  std::vector<const Ship*> mine_;    // own ships, in id order (plans_ order)
  std::vector<int> depot_distance_;  // per cell
  std::vector<int> depots_;
  std::vector<uint8_t> enemy_on_, enemy_reach_, shared_;
  std::vector<double> bonus_;  // per cell: expected mining multiplier
  int turns_left_ = 0;
  bool rush_ = false;
  MoveResolver resolver_;
};

}  // namespace halite3::search
