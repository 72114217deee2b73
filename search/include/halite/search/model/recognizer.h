// Which bot an opponent is, learnt from its moves during a game, and its
// orders predicted each turn by that bot's model.
//
// The recogniser is given the models it may tell apart (ModelKind,
// opponent_model.h: a planner receives them from whoever builds it, see
// PlannerSetup in planner.h); the framework core knows no particular bot.
// Every turn the recogniser asks each model what each opponent will do, and on the next
// turn scores the answer against where the opponent's ships went. An
// opponent is recognised once one model gave at least `min_agreement` of at
// least `min_actions` of its ship actions; from then on that model's orders
// for it are the prediction (predicted_ends(), predicted_spawns()), which the
// planners use for move safety (FleetPolicy::set_predicted_cells()), for the
// opponent's first turn in a tree (mcts) or at every level (beam, with a model
// that is a pure function of the state). A model with more than `max_misses`
// ship actions of an opponent it did not give is no longer run for that
// opponent this game (it cannot catch up, and a model costs 1-25 ms an
// opponent a turn). With a deadline, the recogniser's share of a turn is
// kRecognizerTimeShare of the time left when observe() is called, and a model
// is run only while the time it is expected to take fits in what is left of
// that share (so that the planner's own answer keeps the rest); a turn
// skipped this way predicts nothing for that opponent, and a model that
// keeps memory misses that turn. The expected time is the most a decision
// of that model has taken so far, and ModelKind::expected_ms before the
// first: a recogniser first used on a crowded board in a slow build
// (sanitizers, 10-15 times slower) can overrun that one turn by one
// decision. A bot sees the game's
// first turns first, when decisions are cheap, and never does.
// Deterministic without a deadline.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "halite/search/budget.h"
#include "halite/search/opponent_model.h"
#include "halite/search/policy/common.h"

namespace halite::search {

// The recogniser's share of the time left in a turn (see above): half, as
// the planner's answer (its policy decisions, its search) needs the rest.
inline constexpr double kRecognizerTimeShare = 0.5;

// Models' predictions of where ships end this turn, scored on the next turn
// against where they went: the recogniser's tally, and mcts's and beam's
// choice of an opponent model (OpponentFits, opponent_fit.h). A prediction
// is (ship, its owner, the model `kind` that made it, its cell, its end: a
// cell or kPredictedConvert). A ship gone on the next turn agrees when it
// converted (a yard of its owner on its cell) and was predicted to; a ship
// sunk says nothing about the model.
// One model's score on one player: the ship actions predicted and scored,
// and how many it gave.
struct PredictionTally {
  int64_t actions = 0, agreed = 0;
  void add(bool agree) {
    ++actions;
    agreed += agree ? 1 : 0;
  }
  // The share it gave (0 before any).
  double share() const { return actions > 0 ? static_cast<double>(agreed) / static_cast<double>(actions) : 0; }
};

class PredictionLedger {
 public:
  // A new game.
  void clear();
  // Scores the predictions made on the turn before s, calling
  // score(owner, kind, agreed) for each that counts; nothing when s does not
  // follow that turn. Then forgets them: s is the turn predictions are made on.
  template <typename Score>
  void settle(const State& s, Score&& score);
  // Records the ship orders of `d`, model `kind`'s decision for player q in s
  // (after settle(s)). With `ends` (sized to s's ships), writes each end there too.
  void record(const State& s, const Geometry& geo, int q, int kind, const PolicyDecision& d, std::vector<int>* ends);

 private:
  struct Prediction {
    UnitId id;
    int owner, kind, cell, end;
  };
  std::vector<Prediction> predictions_;
  int last_step_ = -1;
};

template <typename Score>
void PredictionLedger::settle(const State& s, Score&& score) {
  if (s.step() == last_step_ + 1) {
    for (const Prediction& pr : predictions_) {
      const int i = s.find_ship(pr.id);
      bool agreed;
      if (i >= 0) {
        agreed = s.ships()[static_cast<size_t>(i)].cell == pr.end;
      } else {
        bool yard = false;
        for (const Shipyard& y : s.shipyards()) yard |= y.owner == pr.owner && y.cell == pr.cell;
        if (!yard && pr.end != kPredictedConvert) continue;  // sunk: says nothing
        agreed = yard && pr.end == kPredictedConvert;
      }
      score(pr.owner, pr.kind, agreed);
    }
  }
  predictions_.clear();
  last_step_ = s.step();
}

class ModelRecognizer {
 public:
  ModelRecognizer(std::vector<ModelKind> kinds, double min_agreement, int min_actions, int max_misses);
  // A new game.
  void reset();
  // This turn's state, seen by `player`, within the turn's `budget` (see
  // above). A state that does not follow the last one scores nothing.
  void observe(const State& s, int player, const Budget& budget = Budget());
  bool recognized(int q) const;
  // The kind (index into the kinds given) that recognised q; -1: none.
  int model_of(int q) const;
  const std::string& kind_name(int kind) const { return kinds_[static_cast<size_t>(kind)].name; }
  bool any_recognized() const;
  // Whether every opponent of `player` still active in s is recognised (and
  // one at least): then a planner may play its values for known opponents.
  bool all_recognized(const State& s, int player) const;
  // Whether some model is still run for q each turn (not every one dropped).
  bool modelled(int q) const;
  // Per ship of the observed state (index into s.ships()): where it ends this
  // turn, for the ships of recognised opponents (a cell or
  // kPredictedConvert); -1 for the others. Empty when no opponent is recognised.
  const std::vector<int>& predicted_ends() const { return ends_; }
  // The yards (indices into s.shipyards()) recognised opponents spawn from
  // this turn, as their models give them.
  const std::vector<int>& predicted_spawns() const { return spawns_; }
  // The best share of q's ship actions a model gave so far (0 before any).
  double agreement(int q) const;
  // The model that recognised q when it is a pure function of the state (it
  // may then play q in simulations); null otherwise.
  OpponentModel* simulator(int q);

 private:
  // Per opponent seat, per kind: the model playing that seat and its score.
  struct Seat {
    std::vector<std::unique_ptr<OpponentModel>> models;
    std::vector<PredictionTally> tallies;
  };
  bool modelled_by(int q, int kind) const;
  bool recognized_by(int q, int kind) const;

  std::vector<ModelKind> kinds_;
  std::vector<double> cost_ms_;  // per kind: the most one decision took so far (expected_ms at first)
  Geometry geo_;
  double min_agreement_;
  int min_actions_;
  int max_misses_;
  std::vector<Seat> seats_;  // per player
  PredictionLedger ledger_;  // the predictions made on the last turn observed
  std::vector<int> ends_;
  std::vector<int> spawns_;
};

}  // namespace halite::search
