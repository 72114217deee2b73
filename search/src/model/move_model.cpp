#include "halite/search/model/move_model.h"

#include <cmath>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "halite/search/policy/common.h"
#include "move_model_weights.h"  // generated from move_model.json (search/CMakeLists.txt)

namespace halite::search {

namespace {

constexpr const char* kFormat = "halite-move-model";
constexpr int kVersion = 1;

}  // namespace

MoveModel MoveModel::parse(const std::string& json_text) {
  auto fail = [](const std::string& why) { throw std::invalid_argument("move model weights: " + why); };
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(json_text);
  } catch (const nlohmann::json::parse_error& e) {
    fail(std::string("not JSON (") + e.what() + ")");
  }
  if (!j.is_object()) fail("expected a JSON object");
  if (!j.contains("format") || j["format"] != kFormat) fail(std::string("\"format\" must be \"") + kFormat + "\"");
  if (!j.contains("version") || !j["version"].is_number_integer() || j["version"].get<int>() != kVersion)
    fail("\"version\" must be " + std::to_string(kVersion) + " (the features this build computes)");
  if (!j.contains("features") || !j["features"].is_array()) fail("\"features\" must be a list of feature names");
  if (!j.contains("weights") || !j["weights"].is_array()) fail("\"weights\" must be a list of numbers");
  const auto& names = j["features"];
  const auto& weights = j["weights"];
  if (names.size() != kMoveFeatureCount || weights.size() != kMoveFeatureCount)
    fail("expected " + std::to_string(kMoveFeatureCount) + " features and weights, got " +
         std::to_string(names.size()) + " and " + std::to_string(weights.size()));
  MoveModel model;
  for (int i = 0; i < kMoveFeatureCount; ++i) {
    const auto& name = names[static_cast<size_t>(i)];
    if (!name.is_string() || name.get<std::string>() != kMoveFeatureNames[i])
      fail("feature " + std::to_string(i) + " must be \"" + kMoveFeatureNames[i] + "\", got " + name.dump());
    const auto& w = weights[static_cast<size_t>(i)];
    if (!w.is_number() || !std::isfinite(w.get<double>()))
      fail("weight " + std::to_string(i) + " (" + kMoveFeatureNames[i] + ") must be a finite number, got " + w.dump());
    model.w_[static_cast<size_t>(i)] = w.get<double>();
  }
  return model;
}

const MoveModel& MoveModel::builtin() {
  static const MoveModel model = parse(kMoveModelWeightsJson);
  return model;
}

std::array<double, kMoveOptions> MoveModel::scores(const MoveFeatures& f) const {
  std::array<double, kMoveOptions> score{};
  for (int o = 0; o < kMoveOptions; ++o) {
    if (!f.valid[static_cast<size_t>(o)]) {
      score[static_cast<size_t>(o)] = -kInf;
      continue;
    }
    double s = 0;
    for (int i = 0; i < kMoveFeatureCount; ++i) s += w_[static_cast<size_t>(i)] * f.f[static_cast<size_t>(o)][i];
    score[static_cast<size_t>(o)] = s;
  }
  return score;
}

std::array<double, kMoveOptions> MoveModel::distribution(const MoveFeatures& f) const {
  const std::array<double, kMoveOptions> score = scores(f);
  const double best = score[static_cast<size_t>(most_likely(f, score))];
  std::array<double, kMoveOptions> p{};
  double total = 0;
  for (size_t o = 0; o < p.size(); ++o)
    if (f.valid[o]) total += p[o] = std::exp(score[o] - best);
  for (double& x : p) x /= total;
  return p;
}

int MoveModel::most_likely(const MoveFeatures& f) const {
  return most_likely(f, scores(f));
}

int MoveModel::most_likely(const MoveFeatures& f, const std::array<double, kMoveOptions>& score) {
  int best = 0;
  for (int o = 1; o < kMoveOptions; ++o)
    if (f.valid[static_cast<size_t>(o)] && (!f.valid[static_cast<size_t>(best)] || score[o] > score[best])) best = o;
  return best;
}

const PolicyDecision& MoveModelOpponent::decide(const State& s, int player) {
  geo_.init(s.size());
  const State* previous = has_previous_ ? &previous_ : nullptr;
  decision_.clear();
  const auto ships = s.ships();
  auto add = [&](int i, int option) {
    decision_.ship_choices.emplace_back(i, option);
    decision_.targets.push_back(option == kConvertOption ? kPredictedConvert
                                                         : geo_.neighbor(ships[static_cast<size_t>(i)].cell, option));
    decision_.rates.push_back(0);
  };
  if (joint_) {
    prediction_.build(s, geo_, previous);
    for (const auto& [i, option] : prediction_.choices(player)) add(i, option);
  } else {
    context_.build(s, geo_, previous);
    for (size_t i = 0; i < ships.size(); ++i) {
      if (ships[i].owner != player) continue;
      context_.features(static_cast<int>(i), features_);
      add(static_cast<int>(i), model_.most_likely(features_));
    }
  }
  previous_ = s;
  has_previous_ = true;
  return decision_;
}

void JointMovePrediction::build(const State& s, const Geometry& geo, const State* previous) {
  s_ = &s;
  geo_ = &geo;
  context_.build(s, geo, previous);
}

const std::vector<std::pair<int, int>>& JointMovePrediction::choices(int player) {
  requests_.clear();
  const auto ships = s_->ships();
  for (size_t i = 0; i < ships.size(); ++i) {
    if (ships[i].owner != player) continue;
    context_.features(static_cast<int>(i), features_);
    const std::array<double, kMoveOptions> p = model_.distribution(features_);
    MoveRequest& r = requests_.emplace_back();
    r.ship_index = static_cast<int>(i);
    r.cell = ships[i].cell;
    for (int o = 0; o < kMoveOptions; ++o)
      r.cost[static_cast<size_t>(o)] = p[static_cast<size_t>(o)] > 0 ? -std::log(p[static_cast<size_t>(o)]) : kInf;
  }
  const std::vector<int>& pick = resolver_.solve(requests_, *geo_);
  choices_.clear();
  for (size_t k = 0; k < requests_.size(); ++k) choices_.emplace_back(requests_[k].ship_index, pick[k]);
  return choices_;
}

}  // namespace halite::search
