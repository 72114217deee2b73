#include "halite/search/model/recognizer.h"

#include <algorithm>
#include <chrono>
#include <utility>

#include "halite/search/params.h"

namespace halite::search {

void PredictionLedger::clear() {
  predictions_.clear();
  last_step_ = -1;
}

void PredictionLedger::record(const State& s, const Geometry& geo, int q, int kind, const PolicyDecision& d,
                              std::vector<int>* ends) {
  const auto ships = s.ships();
  for (const auto& [i, option] : d.ship_choices) {
    const Ship& sh = ships[static_cast<size_t>(i)];
    const int end = option == kConvertOption ? kPredictedConvert : geo.neighbor(sh.cell, option);
    predictions_.push_back({sh.id, q, kind, sh.cell, end});
    if (ends) (*ends)[static_cast<size_t>(i)] = end;
  }
}

ModelRecognizer::ModelRecognizer(std::vector<ModelKind> kinds, double min_agreement, int min_actions, int max_misses)
    : kinds_(std::move(kinds)), min_agreement_(min_agreement), min_actions_(min_actions), max_misses_(max_misses) {
  // The seats' models are made on the first turn a game shows them, within
  // that turn's deadline; a model's one-time set-up (a table it computes
  // once, as zeta_model's mining turns) is done here, when the planner is
  // made, by making one.
  for (const ModelKind& kind : kinds_) {
    kind.make();
    cost_ms_.push_back(kind.expected_ms);
  }
}

void ModelRecognizer::reset() {
  for (Seat& seat : seats_) {
    for (auto& m : seat.models)
      if (m) m->reset();
    seat.tallies.assign(kinds_.size(), {});
  }
  ledger_.clear();
  ends_.clear();
  spawns_.clear();
}

void ModelRecognizer::observe(const State& s, int player, const Budget& budget) {
  if (seats_.size() != static_cast<size_t>(s.num_players())) {
    seats_.clear();
    seats_.resize(static_cast<size_t>(s.num_players()));
    for (Seat& seat : seats_) {
      seat.models.resize(kinds_.size());
      seat.tallies.assign(kinds_.size(), {});
    }
  }
  ledger_.settle(s, [this](int owner, int kind, bool agreed) {
    seats_[static_cast<size_t>(owner)].tallies[static_cast<size_t>(kind)].add(agreed);
  });
  ends_.clear();
  spawns_.clear();
  geo_.init(s.size());
  const auto ships = s.ships();
  // The recogniser's share of the turn is fixed on entry: measured against
  // what is left before each model instead, one model after another could
  // take all but a sliver of the turn (each finding half of the rest free).
  const auto start = Budget::Clock::now();
  const double share_ms = budget.has_deadline() ? kRecognizerTimeShare * budget.remaining_ms() : 0;
  auto share_left_ms = [&] {
    return share_ms - std::chrono::duration<double, std::milli>(Budget::Clock::now() - start).count();
  };
  for (int q = 0; q < s.num_players(); ++q) {
    if (q == player || s.player(q).status != Status::Active) continue;
    const int used = model_of(q);
    Seat& seat = seats_[static_cast<size_t>(q)];
    for (int k = 0; k < static_cast<int>(kinds_.size()); ++k) {
      if (!modelled_by(q, k)) continue;
      if (budget.has_deadline() && cost_ms_[static_cast<size_t>(k)] > share_left_ms()) continue;
      std::unique_ptr<OpponentModel>& model = seat.models[static_cast<size_t>(k)];
      if (!model) model = kinds_[static_cast<size_t>(k)].make();
      const auto t0 = std::chrono::steady_clock::now();
      const PolicyDecision& d = model->decide(s, q);
      const double took = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      cost_ms_[static_cast<size_t>(k)] = std::max(cost_ms_[static_cast<size_t>(k)], took);
      const bool use = k == used;
      if (use && ends_.empty()) ends_.assign(ships.size(), -1);
      ledger_.record(s, geo_, q, k, d, use ? &ends_ : nullptr);
      if (use) spawns_.insert(spawns_.end(), d.spawn_yards.begin(), d.spawn_yards.end());
    }
  }
}

bool ModelRecognizer::modelled_by(int q, int kind) const {
  if (q < 0 || q >= static_cast<int>(seats_.size())) return true;  // nothing seen yet
  const PredictionTally& t = seats_[static_cast<size_t>(q)].tallies[static_cast<size_t>(kind)];
  return t.actions - t.agreed <= max_misses_;
}

bool ModelRecognizer::recognized_by(int q, int kind) const {
  if (q < 0 || q >= static_cast<int>(seats_.size()) || !modelled_by(q, kind)) return false;
  const PredictionTally& t = seats_[static_cast<size_t>(q)].tallies[static_cast<size_t>(kind)];
  return t.actions >= min_actions_ && static_cast<double>(t.agreed) >= min_agreement_ * static_cast<double>(t.actions);
}

bool ModelRecognizer::modelled(int q) const {
  for (int k = 0; k < static_cast<int>(kinds_.size()); ++k)
    if (modelled_by(q, k)) return true;
  return false;
}

int ModelRecognizer::model_of(int q) const {
  for (int k = 0; k < static_cast<int>(kinds_.size()); ++k)
    if (recognized_by(q, k)) return k;
  return -1;
}

bool ModelRecognizer::recognized(int q) const {
  return model_of(q) >= 0;
}

bool ModelRecognizer::any_recognized() const {
  for (int q = 0; q < static_cast<int>(seats_.size()); ++q)
    if (recognized(q)) return true;
  return false;
}

bool ModelRecognizer::all_recognized(const State& s, int player) const {
  bool any = false;
  for (int q = 0; q < s.num_players(); ++q) {
    if (q == player || s.player(q).status != Status::Active) continue;
    if (!recognized(q)) return false;
    any = true;
  }
  return any;
}

double ModelRecognizer::agreement(int q) const {
  if (q < 0 || q >= static_cast<int>(seats_.size())) return 0;
  double best = 0;
  for (const PredictionTally& t : seats_[static_cast<size_t>(q)].tallies) best = std::max(best, t.share());
  return best;
}

OpponentModel* ModelRecognizer::simulator(int q) {
  const int k = model_of(q);
  if (k < 0) return nullptr;
  OpponentModel* model = seats_[static_cast<size_t>(q)].models[static_cast<size_t>(k)].get();
  return model && model->stateless() ? model : nullptr;
}

}  // namespace halite::search
