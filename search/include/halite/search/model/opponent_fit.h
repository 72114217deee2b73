// The fleet model of each opponent for beam's and mcts's simulated turns,
// when the recogniser has no model of it that can play simulations.
//
// Two candidates per opponent: the policy's own parameters (`base`: what an
// opponent playing this very policy plays) and those fitted to what the game
// memory saw the opponent do (opponent_model(), fleet.h). `opponent_fit`
// chooses:
//   0 (base): the base parameters for every opponent;
//   1 (fitted): the fitted ones;
//   2 (better): for each opponent, the one that has given more of its ship
//     actions so far this game (ties: base). Every turn both candidates
//     predict each active opponent's orders, and the next turn scores them
//     (PredictionLedger, recognizer.h): two fleet decisions an opponent a
//     turn, about 0.3 ms each on a crowded 21x21 board (BM_FleetDecide4p).
// Against opponents that play the fleet policy, modelling them by its own
// parameters beats the fitted ones (docs/results.md, "The opponent model is
// worth more than the iterations"); this mode asks the game which model predicts, instead of
// guessing who the opponent is.
// Deterministic: the scores depend only on the states observed.
#pragma once

#include <array>
#include <memory>

#include "halite/search/budget.h"
#include "halite/search/game_memory.h"
#include "halite/search/model/recognizer.h"
#include "halite/search/params.h"
#include "halite/search/policy/fleet.h"

namespace halite::search {

enum class OpponentFit { base = 0, fitted = 1, better = 2 };

// The `opponent_fit` parameter of a planner that plays OpponentFits, with the
// planner's default mode: one declaration, so every planner offers the same
// range and help. A mode switch, not tuned.
ParamSpec opponent_fit_param(OpponentFit default_mode);

class OpponentFits {
 public:
  // `base`: the planner's fleet parameters (their stateless copy is the base model).
  OpponentFits(OpponentFit mode, const FleetParams& base);
  // A new game: the scores start again.
  void reset();
  // This turn's state, as `player` sees it, with the game memory that holds
  // it: refits each opponent's model and (mode better) scores last turn's
  // predictions and predicts this turn with both candidates. A candidate's
  // decision is made only while `budget` has time; a turn cut short predicts
  // nothing for the rest (they are not scored next turn).
  void update(const State& s, int player, const GameMemory& memory, const Budget& budget);
  // Opponent q's model this turn (after update()); stateless.
  FleetPolicy& model(int q);
  // Whether q's model plays the fitted parameters this turn.
  bool uses_fitted(int q) const;
  // The share of q's ship actions the base (fitted = false) or the fitted
  // model gave so far this game (mode better; 0 before any), and how many were scored.
  double agreement(int q, bool fitted) const;
  int64_t scored_actions(int q) const { return tallies_[static_cast<size_t>(q)][0].actions; }

 private:
  OpponentFit mode_;
  FleetParams base_;
  FleetPolicy base_model_;
  std::array<std::unique_ptr<FleetPolicy>, kMaxPlayers> fitted_;
  std::array<std::array<PredictionTally, 2>, kMaxPlayers> tallies_{};  // per opponent: [base, fitted]
  PredictionLedger ledger_;
  Geometry geo_;
};

}  // namespace halite::search
