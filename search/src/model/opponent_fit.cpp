#include "halite/search/model/opponent_fit.h"

namespace halite::search {

namespace {
constexpr int kBaseModel = 0, kFittedModel = 1;  // the ledger's model kinds
}  // namespace

ParamSpec opponent_fit_param(OpponentFit default_mode) {
  return {"opponent_fit",
          static_cast<double>(default_mode),
          0,
          2,
          "which fleet model plays an opponent the recogniser cannot simulate: 0: the policy's own parameters; "
          "1: those fitted to what the game memory saw it do; 2: whichever of the two has given more of its "
          "ship actions this game (opponent_fit.h)",
          /*integer=*/true,
          /*tunable=*/false};
}

OpponentFits::OpponentFits(OpponentFit mode, const FleetParams& base)
    : mode_(mode), base_(base), base_model_(stateless(base)) {}

void OpponentFits::reset() {
  for (auto& t : tallies_) t = {};
  ledger_.clear();
}

void OpponentFits::update(const State& s, int player, const GameMemory& memory, const Budget& budget) {
  if (mode_ == OpponentFit::base) return;
  ledger_.settle(s, [this](int owner, int kind, bool agreed) {
    tallies_[static_cast<size_t>(owner)][static_cast<size_t>(kind)].add(agreed);
  });
  geo_.init(s.size());
  const bool seen = player < memory.num_players();
  for (int q = 0; q < s.num_players(); ++q) {
    if (q == player) continue;
    const FleetParams fitted = stateless(
        seen && q < memory.num_players() ? opponent_model(base_, memory.player(q), memory.player(player)) : base_);
    auto& model = fitted_[static_cast<size_t>(q)];
    if (!model)
      model = std::make_unique<FleetPolicy>(fitted);
    else
      model->set_params(fitted);
    if (mode_ != OpponentFit::better || s.player(q).status != Status::Active) continue;
    // Both candidates or neither: their scores count the same ship actions.
    if (budget.past_deadline()) continue;
    ledger_.record(s, geo_, q, kBaseModel, base_model_.decide(s, q), nullptr);
    ledger_.record(s, geo_, q, kFittedModel, model->decide(s, q), nullptr);
  }
}

bool OpponentFits::uses_fitted(int q) const {
  switch (mode_) {
    case OpponentFit::base:
      return false;
    case OpponentFit::fitted:
      return true;
    case OpponentFit::better: {
      const auto& t = tallies_[static_cast<size_t>(q)];
      return t[kFittedModel].agreed > t[kBaseModel].agreed;
    }
  }
  return false;
}

FleetPolicy& OpponentFits::model(int q) {
  return uses_fitted(q) && fitted_[static_cast<size_t>(q)] ? *fitted_[static_cast<size_t>(q)] : base_model_;
}

double OpponentFits::agreement(int q, bool fitted) const {
  return tallies_[static_cast<size_t>(q)][fitted ? kFittedModel : kBaseModel].share();
}

}  // namespace halite::search
