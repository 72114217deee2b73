// Deviations: what a search planner's departures from its base policy are
// worth in the games it plays.
//
// beam and mcts answer with the fleet policy's orders unless their
// simulations find better ones, so their strength is the worth of those
// departures, and the search's own estimate of it is what is in doubt: its
// simulated opponents and rollout policy are not the real ones, and the best
// of many noisy means is biased upward (the winner's curse). This measures
// the departures outside the search. In games of the planner (player 0)
// against the given opponents, the base policy is asked for its orders on
// every state as well, fed the same states (its own instance, so its game
// memory is the game's). On every turn the two answers differ, the game is
// continued `horizon` turns twice from the state of that turn: once from the
// planner's orders and once from the base's, the opponents' orders of that
// turn the same in both (a simultaneous turn: they did not see ours), later
// turns played by fresh instances of the base for player 0 and of the
// opponents' specs. The departure's gain is evaluate() (search/common.h) of
// player 0 at the end of the first continuation minus at the end of the
// second. The game itself goes on with the planner's orders.
//
// Exact for opponents without memory (mz_model, greedy, fleet with
// remember=0): their continuation plays as they would have. An opponent with
// memory of the game (zeta_model, the fleet planner's recogniser and game
// memory) continues as a fresh instance that has not seen it, and so does the
// base for player 0 (fleet's remember=0 makes the base itself memoryless).
// For mcts the tree's own estimate of each departure is kept beside it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "halite/lab/arena.h"
#include "halite/lab/match.h"

namespace halite::lab {

struct DeviationOptions {
  Config config;  // board size, episode length; random_seed is set per game
  int games = 4;
  uint32_t first_board_seed = 1000;  // game g plays board seed first_board_seed + g
  int horizon = 8;                   // turns of each continuation, the departing turn included
  TurnBudget budget;                 // every planner's, the continuations' included
};

// How a ship's order departs from the base's.
enum class DepartureKind {
  EmptyStayToMove,
  EmptyMoveToStay,
  EmptyMoveToMove,
  LoadedStayToMove,
  LoadedMoveToStay,
  LoadedMoveToMove,
  Other
};
inline constexpr int kDepartureKinds = 7;
inline constexpr const char* kDepartureKindNames[kDepartureKinds] = {
    "empty, stay -> move",  "empty, move -> stay",        "empty, move -> other move", "loaded, stay -> move",
    "loaded, move -> stay", "loaded, move -> other move", "convert or spawn"};

struct GainTally {
  int64_t count = 0;
  double sum = 0, sum_sq = 0;
  void add(double x) { ++count, sum += x, sum_sq += x * x; }
  double mean() const { return count ? sum / static_cast<double>(count) : 0; }
  double standard_error() const;  // of the mean; 0 below two samples
};

struct DeviationReport {
  int games = 0;
  int64_t turns = 0;    // turns player 0 planned
  GainTally turn_gain;  // one sample per departing turn
  // Per kind: one sample per departing ship, the gain of its turn (a turn
  // with several departing ships counts for each).
  std::array<GainTally, kDepartureKinds> by_kind{};
  // mcts only: its own estimate of each departing turn's gain
  // (TreeInfo::answer_gain, in the same evaluate() units plus its progress
  // term), to set against turn_gain.
  GainTally searched_gain;
  std::vector<double> final_banks;  // player 0's bank at the end of each game
};

// Throws search::ParamError for a spec that is not a built-in planner (a
// Python agent cannot be copied into a continuation) or a bad parameter, and
// std::invalid_argument for a bad configuration or player count.
DeviationReport measure_deviations(const PlayerSpec& planner, const PlayerSpec& base,
                                   const std::vector<PlayerSpec>& opponents, const DeviationOptions& options);

}  // namespace halite::lab
