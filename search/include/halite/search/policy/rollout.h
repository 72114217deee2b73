// The fast rollout policy shared by `mcts` and `beam`: a few operations per
// ship per turn, no allocation, no assignment.
//
// Every ship follows the plan the greedy policy gave it at the root (its
// target cell, looked up by id) and otherwise acts locally: head home with
// return_cargo or more aboard (or when the episode is about to end), mine a
// cell holding mine_threshold or more, step to the richest neighbour, or
// wander. It keeps clear of its own side's planned cells, of cells held by a
// lighter enemy ship and (avoid_reach) of cells an enemy ship carrying as much
// or less can reach this turn. It never spawns or converts. Each ship's random
// draws derive from one draw per turn and its id (common random numbers for
// paired rollouts). prepare() caches the root's yard tables.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "halite/search/policy/common.h"
#include "halite/search/rng.h"

namespace halite::search {

struct RolloutParams {
  double return_cargo;
  double mine_threshold;
  double wander;     // chance of a random move when nothing is worth doing
  bool avoid_reach;  // keep clear of cells a lighter (or equal) enemy ship can reach
  static RolloutParams from(const Params& p);
};
std::vector<ParamSpec> rollout_specs();

class RolloutPolicy {
 public:
  explicit RolloutPolicy(const RolloutParams& p) : p_(p) {}
  // Targets by ship id (sorted by id) for the ships of the root state.
  void set_targets(std::vector<std::pair<UnitId, int>> targets) { targets_ = std::move(targets); }
  // Per-plan tables of the root's yards (nearest own yard of every cell for
  // each player); stage_all() uses them while the yards are unchanged and
  // looks yards up itself otherwise. Optional.
  void prepare(const State& root, const Geometry& geo);
  // Chooses and stages a move for every ship of every active player of `s`.
  // Draws one number from `rng` per call; each ship's own draws derive from
  // it and the ship's id, so that paired rollouts stay aligned.
  // Afterwards move_of(i) is the move index (0..4) given to ship i.
  void stage_all(State& s, const Geometry& geo, Rng& rng);
  int move_of(int ship_index) const { return moves_[ship_index]; }

 private:
  RolloutParams p_;
  std::vector<std::pair<UnitId, int>> targets_;
  std::array<uint8_t, kMaxShips> moves_{};
  // The ship on a cell at the start of the turn (the last one, when several share it).
  struct Occupant {
    uint32_t stamp;  // == epoch_: this turn's
    uint8_t owner;
    int16_t index;
    double cargo;
  };
  std::array<Occupant, kMaxCells> occ_{};
  std::array<int16_t, kMaxShips> under_{};  // per ship: the one before it on its cell, -1: none
  // Per cell, a bit per player with a ship on it or next to it (who can
  // reach it this turn): most cells no enemy can reach are passed at once.
  std::array<uint8_t, kMaxCells> reachers_{};
  // Per cell, planned_key(epoch_, owner) of the last ship planned to end
  // there this turn: one compare finds a cell planned by the ship's own side.
  static constexpr int kOwnerBits = 2;
  static_assert(kMaxPlayers <= 1 << kOwnerBits);
  static constexpr uint32_t kEpochLimit = 1u << (32 - kOwnerBits);
  static uint32_t planned_key(uint32_t epoch, int owner) { return epoch << kOwnerBits | static_cast<uint32_t>(owner); }
  std::array<uint32_t, kMaxCells> planned_{};
  uint32_t epoch_ = 0;
  // prepare(): the yards it saw (count and cell sum), and per player and cell
  // the nearest own yard (-1: none) and its distance; per cell the yard owner.
  bool prepared_ = false;
  int prep_size_ = 0, prep_yards_ = 0;
  int64_t prep_sum_ = 0;
  std::vector<Shipyard> prep_list_;  // the yards prepare() saw, in order
  // When a turn's yards are the prepared ones less some (destroyed) plus
  // some after them (built), the tables still serve: a ship's nearest yard
  // from the tables unless that one is gone, then the new yards (later in
  // order, so a tie keeps the tables' pick). gone_stamp_ marks this turn's
  // cells of destroyed prepared yards; new_yards_ lists the built ones.
  bool tables_serve_yards(std::span<const Shipyard> yards);
  std::array<uint32_t, kMaxCells> gone_stamp_{};
  std::vector<Shipyard> new_yards_;
  std::array<std::array<int16_t, kMaxCells>, kMaxPlayers> home_cell_{};
  std::array<std::array<int16_t, kMaxCells>, kMaxPlayers> home_dist_{};
  std::array<int8_t, kMaxCells> yard_owner_{};

  // stage_all()'s steps.
  struct ShipRandom;  // a ship's own draws in one turn
  // Where a ship's yards come from this turn: the prepared tables as they
  // are, the tables with the difference tables_serve_yards() found, or a
  // scan of the yards.
  enum class YardSource { tables, changed_tables, scan };
  struct ShipYards {
    int home = -1;             // the ship's nearest own yard (-1: none)
    int home_dist = 1 << 20;   // its distance
    bool on_yard = false;      // the ship stands on a yard
    bool target_yard = false;  // its target is an own yard
  };
  void next_epoch();
  bool record_occupants(std::span<const Ship> ships);
  void mark_reachers(std::span<const Ship> ships, const Geometry& geo);
  YardSource yard_source(std::span<const Shipyard> yards, const Geometry& geo);
  ShipYards yards_of(const Ship& sh, int target, YardSource source, std::span<const Shipyard> yards,
                     const Geometry& geo) const;
  int wanted_move(const State& s, const Geometry& geo, const Ship& sh, int target, const ShipYards& home, int left,
                  ShipRandom& rng) const;
  bool safe(std::span<const Ship> ships, const Geometry& geo, int i, int m, bool shared) const;
  int safe_move(std::span<const Ship> ships, const Geometry& geo, int i, int want, bool shared, ShipRandom& rng) const;
};

}  // namespace halite::search
