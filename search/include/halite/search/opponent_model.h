// What a planner may know of a particular bot: a model that gives the bot's
// orders, and how to make one.
//
// The framework core names no bot. A program that has models of some
// (opponents/, halite_opponents) registers them (register_opponent_model(),
// planner.h), and make_planner() hands them to the planners it builds
// (PlannerSetup); the planners that predict opponents (fleet, beam, mcts)
// give them to their ModelRecognizer (model/recognizer.h), which tells from
// an opponent's moves during a game whether one of them is that opponent.
// A planner given none plays every opponent by its own policies: it is blind
// to who it plays.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "halite/search/policy_decision.h"
#include "halite/state.h"

namespace halite::search {

// A predicted end of a ship that converts (other ends are cells).
inline constexpr int kPredictedConvert = -2;

// A model of one bot playing one seat.
class OpponentModel {
 public:
  virtual ~OpponentModel() = default;
  // A new game: a model that keeps memory across turns forgets the last one.
  virtual void reset() {}
  // The bot's decision for `player` this turn. A model that keeps memory must
  // see every turn of a game, in order, for the same player.
  virtual const PolicyDecision& decide(const State& s, int player) = 0;
  // Whether decide() is a pure function of the state: only such a model can
  // play inside simulations, on states the game may never reach.
  virtual bool stateless() const = 0;
};

// A bot the recogniser can tell apart: its name, how to make its model, and
// what one decision of the model may cost (a crowded board, a loaded
// machine), until the recogniser has timed it.
struct ModelKind {
  std::string name;
  std::function<std::unique_ptr<OpponentModel>()> make;
  double expected_ms;
};

}  // namespace halite::search
