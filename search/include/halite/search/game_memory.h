// GameMemory: what a player learns of the others over one game, read off the
// states it is shown turn after turn.
//
// A planner owns one and calls observe() with every state it plans for, so
// the memory is the same wherever the planner plays (the bot, `halite
// arena`, tuning): it depends only on the sequence of states, never on the
// clock, and a seeded planner stays deterministic. States carry no history
// and no orders, so every statistic is read from two consecutive states: a
// state that does not follow the previous one (a gap, a new game) starts the
// comparison afresh; counts gathered so far are kept.
//
// The statistics are what opponent models need (docs/search.md):
// - aggression: how often an opponent's empty ship near one of our loaded
//   ships moved closer to it (strong bots hunt; miners ignore us);
// - threat: how often one of our loaded ships with a lighter ship of the
//   opponent next to it was sunk there (hunters take what they reach;
//   many bots pass by);
// - yard guarding: how often an opponent kept a ship on or next to its yard
//   while one of our ships was close to that yard;
// - mining selectivity: how rich, against the board's mean, the cells its
//   ships mine are (bots that let cells regrow mine richer ones);
// - economy: spawns, conversions, losses, the cargo ships carried when they
//   converted.
// Rates come with a prior (a few imaginary observations at the neutral
// value) so that early-game estimates do not swing from one sighting.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "halite/state.h"

namespace halite::search {

struct PlayerMemory {
  int turns_seen = 0;
  int ships_spawned = 0;
  int ships_converted = 0;
  int ships_lost = 0;  // vanished without converting (collisions, shipyard hits)
  // Opponents only: our ships lost where a ship or yard of this player stood
  // on or next to the lost ship's cell afterwards (the collision's winner or
  // the yard it hit); a loss among several players' units counts for each.
  int ships_sunk = 0;
  int shipyards_lost = 0;
  int max_ships = 0;
  double converted_cargo = 0;  // sum over conversions of the ship's cargo
  // Aggression (opponents only): empty ships of this player within
  // kApproachRadius of one of our ships with cargo, and how many of them
  // ended the next turn closer to the nearest such ship.
  int64_t approach_chances = 0;
  int64_t approaches = 0;
  // Threat (opponents only): ship-turns in which one of our ships with
  // cargo, off our yards, had a ship of this player carrying less next to
  // it; and how many of those ships were lost that turn with a ship or yard
  // of this player on or next to their cell (as ships_sunk counts them).
  int64_t exposed_turns = 0;
  int loaded_sunk = 0;
  // Yard guarding: turns in which one of our ships was within
  // kYardThreatRadius of one of this player's yards, and in how many of them
  // one of this player's ships was on or next to that yard.
  int64_t yard_threat_turns = 0;
  int64_t yard_guarded_turns = 0;
  // Mining selectivity (every player, us included): ship-turns in which one
  // of this player's ships stayed on a cell with halite and its cargo grew,
  // and the sum over them of the cell's halite before the turn over the mean
  // of the board's non-empty cells then.
  int64_t mining_turns = 0;
  double mined_cell_ratio_sum = 0;

  // P(an empty ship near our loaded ship steps closer), prior 0.5 x 4 observations.
  double approach_rate() const;
  // P(a threatened yard has a guard), prior 0.5 x 4 observations.
  double guard_rate() const;
  // The mean of those ratios, prior 1 (a cell as rich as the board's mean) x 4 observations.
  double mined_cell_ratio() const;
  // P(an exposed loaded ship of ours is sunk by this player), starting at
  // `prior_rate` as if seen over `prior_turns` exposed ship-turns.
  double sink_rate(double prior_rate, double prior_turns) const;
  // Mean cargo at conversion (0 with no conversion yet).
  double mean_convert_cargo() const { return ships_converted ? converted_cargo / ships_converted : 0; }
};

class GameMemory {
 public:
  // Distances at which behaviour is counted: two moves, the reach of one
  // turn's threat for both ships.
  static constexpr int kApproachRadius = 2;
  static constexpr int kYardThreatRadius = 2;
  // The prior behind the rates: this many observations at 0.5.
  static constexpr double kPriorWeight = 4;

  GameMemory();
  ~GameMemory();
  GameMemory(const GameMemory&);
  GameMemory& operator=(const GameMemory&);

  // Forget everything: a new game in which we are `me`.
  void reset(int num_players, int me);
  // Reads the state of a new turn (call once per turn, before planning).
  void observe(const State& state);

  int me() const { return me_; }
  int num_players() const { return static_cast<int>(players_.size()); }
  const PlayerMemory& player(int p) const { return players_[static_cast<size_t>(p)]; }
  // States that did not follow the previous one.
  int gaps() const { return gaps_; }
  // One line per player, for logs.
  std::string summary() const;

 private:
  void compare(const State& prev, const State& cur);
  int me_ = 0;
  std::vector<PlayerMemory> players_;
  std::unique_ptr<State> previous_;  // heap: a State is 16 KB
  int gaps_ = 0;
};

}  // namespace halite::search
