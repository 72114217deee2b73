// Agreement: how closely a planner plays like a recorded player.
//
// An opponent model is only as good as its predictions of what the opponent
// does. For every turn of a recorded game the planner plans for one player
// from the engine's state of that turn (the replay reproduced exactly, as
// `halite dataset` reproduces it), having been shown every earlier state, as
// in a game; its orders are compared, unit by unit, with the orders the
// player gave. Both sides are read as the engine interprets them (an order
// the reference ignores is no action), so a ship that "stays" by a failed
// CONVERT and one given no order agree.
//
// The tallies split the ships by what makes their choice hard: cargo or
// none, an enemy ship near or not, and what the player recorded (stay,
// move, convert). The stay rate of the recorded moves is what a model that
// always stays would score: a model is worth something above that line.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "halite/json_codec.h"
#include "halite/lab/match.h"
#include "halite/search/geometry.h"
#include "halite/search/planner.h"

namespace halite::lab {

// Agreement counts of one kind of unit decision.
struct AgreementTally {
  int64_t decisions = 0;
  int64_t agreed = 0;
  double rate() const { return decisions ? static_cast<double>(agreed) / static_cast<double>(decisions) : 0; }
  void add(bool same) { ++decisions, agreed += same ? 1 : 0; }
  AgreementTally& operator+=(const AgreementTally& o) {
    decisions += o.decisions, agreed += o.agreed;
    return *this;
  }
};

// The ship classes tallied; a ship counts in every class it belongs to.
enum class ShipClass : uint8_t {
  All,
  Empty,         // no cargo
  Loaded,        // some cargo
  Contact,       // an enemy ship within kContactRadius moves
  Free,          // no enemy ship that close
  RecordedStay,  // the player left it where it was (no action)
  RecordedMove,
  RecordedConvert,
  kCount
};
inline constexpr int kShipClasses = static_cast<int>(ShipClass::kCount);
extern const char* const kShipClassNames[kShipClasses];

// Two moves: the reach of one turn for both ships, where collisions are decided.
inline constexpr int kContactRadius = 2;
// Whether an enemy ship is within kContactRadius moves of `ship`.
bool enemy_ship_near(const State& s, const search::Geometry& geo, const Ship& ship);

struct Agreement {
  std::array<AgreementTally, kShipClasses> ships{};
  AgreementTally yards;  // spawn or not, per shipyard
  // Ship actions, recorded (row) against predicted (column), in the
  // dataset's order: 0 none, 1 NORTH, 2 SOUTH, 3 EAST, 4 WEST, 5 CONVERT.
  std::array<std::array<int64_t, 6>, 6> confusion{};
  int64_t turns = 0;  // player-turns compared
  int replays = 0;
  // With record_turns: the ship tally of each compared turn, in order, and
  // its step (online model selection is judged from these).
  struct Turn {
    int step = 0;
    AgreementTally ships;
  };
  std::vector<Turn> per_turn;

  const AgreementTally& ship(ShipClass c) const { return ships[static_cast<size_t>(c)]; }
  // The share of recorded ship actions that are "stay": an always-stay model's agreement.
  double stay_rate() const;
  Agreement& operator+=(const Agreement& o);
  Json to_json() const;
};

// Plays `planner` as `player` through the recorded game (reset() first, then
// plan() on every state in order, within `budget` each turn) and tallies its
// agreement with the recorded orders on every turn in which the player was
// active and its recorded turn did not fail (`record_turns`: each such turn's
// tally too). Throws JsonError when the replay does not reproduce,
// std::invalid_argument for a player index the replay does not have.
Agreement replay_agreement(const Replay& replay, int player, search::Planner& planner, const TurnBudget& budget,
                           bool record_turns = false);

}  // namespace halite::lab
