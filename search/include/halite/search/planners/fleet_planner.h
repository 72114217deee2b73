// The `fleet` planner: the fleet policy played as a planner, one decision a
// turn, with the opponents it recognises predicted.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "halite/search/model/recognizer.h"
#include "halite/search/planner.h"
#include "halite/search/policy/fleet.h"

namespace halite::search {

PlannerInfo fleet_planner_info();

// The `fleet` planner: the fleet policy (policy/fleet.h), plus the opponents
// it recognises during a game among the models it is given (ModelRecognizer,
// model/recognizer.h): for an opponent whose orders a model has given so far (predict_min_agreement of at least
// predict_min_actions ship actions), this turn's move safety counts where
// its ships will end, not where they could (set_predicted_cells()). Once
// every active opponent is predicted, the policy plays the known_* values.
// Deterministic (the model and the policy are), so the bot and `halite
// arena` agree.
class FleetPlanner final : public Planner {
 public:
  // `opponent_models`: the bots it may recognise (none: it predicts no one).
  explicit FleetPlanner(const FleetParams& fleet, std::vector<ModelKind> opponent_models = {})
      : base_(fleet),
        policy_(fleet),
        recognizer_(std::move(opponent_models), fleet.predict_min_agreement, fleet.predict_min_actions,
                    fleet.predict_max_misses) {}
  std::string name() const override { return "fleet"; }
  const ModelRecognizer& recognizer() const { return recognizer_; }
  // Whether the policy plays the known_* values now (every opponent predicted).
  bool against_known() const { return against_known_; }

 protected:
  State::Orders choose(const State& state, int player, const Budget& budget) override;
  void explain(const State& state, int player, TurnReasons& reasons) const override {
    policy_.explain(state, player, reasons);
  }
  void new_game() override;

 private:
  FleetParams base_;
  FleetPolicy policy_;
  ModelRecognizer recognizer_;
  bool against_known_ = false;  // the policy plays base_.against_known()
};

}  // namespace halite::search
