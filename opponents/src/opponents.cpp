#include "halite/opponents/opponents.h"

#include <memory>

#include "halite/opponents/mz_model.h"
#include "halite/opponents/zeta_model.h"
#include "halite/search/params.h"

namespace halite::opponents {

using search::OpponentModel;
using search::Params;
using search::PolicyDecision;

namespace {
class MzOpponentModel final : public OpponentModel {
 public:
  MzOpponentModel() : policy_(MzModelParams::from(Params(mz_model_specs()))) {}
  const PolicyDecision& decide(const State& s, int player) override { return policy_.decide(s, player); }
  bool stateless() const override { return true; }

 private:
  MzModelPolicy policy_;
};

// zeta_model and zf_model keep memory across the turns of a game: one per
// seat, reset with the recogniser.
class ZetaOpponentModel final : public OpponentModel {
 public:
  explicit ZetaOpponentModel(ZetaVariant variant)
      : policy_(ZetaModelParams::from(Params(variant == ZetaVariant::best ? zeta_model_specs() : zf_model_specs()),
                                      variant)) {}
  void reset() override { policy_.reset(); }
  const PolicyDecision& decide(const State& s, int player) override { return policy_.decide(s, player); }
  bool stateless() const override { return false; }

 private:
  ZetaModelPolicy policy_;
};

}  // namespace

std::vector<search::ModelKind> known_models() {
  // Costs: BM_RecognizerObserve (mz_model, about 1 ms an opponent) and
  // zeta_model on crowded 21x21 and 32x32 boards (2-46 ms, mostly about 22;
  // zf_model is the same code). zf_model comes after zeta_model: zeta_best's
  // seat stays zeta_model's.
  return {
      {"mz_model", [] { return std::unique_ptr<OpponentModel>(new MzOpponentModel()); }, 2.0},
      {"zeta_model", [] { return std::unique_ptr<OpponentModel>(new ZetaOpponentModel(ZetaVariant::best)); }, 25.0},
      {"zf_model", [] { return std::unique_ptr<OpponentModel>(new ZetaOpponentModel(ZetaVariant::final_)); }, 25.0}};
}

void register_opponents() {
  // Idempotent: every program's main calls it once, and a test may again.
  if (search::has_planner("mz_model")) return;
  search::register_planner(mz_model_planner_info());
  search::register_planner(zeta_model_planner_info());
  search::register_planner(zf_model_planner_info());
  for (search::ModelKind& kind : known_models()) search::register_opponent_model(std::move(kind));
}

}  // namespace halite::opponents
