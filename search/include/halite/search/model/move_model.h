// A learned model of any bot's ship actions: for each ship, a distribution
// over its six options (stay, north, south, east, west, convert), meant for
// opponents no rule model describes (docs/opponent-models.md, "A learned move
// model").
//
// The form is a conditional logit: each option of a ship gets a feature
// vector f(option) (what is on the cell it leads to, who can reach that cell,
// how it changes the way home and to rich cells, the ship's cargo, the step,
// the ship's last move), and P(option) = exp(w . f(option)) / sum over the
// ship's valid options. The weights are fitted offline
// (scripts/train_move_model.py) on ship actions of many bots, exported by
// `halite move-data`, which computes the features with the same code as
// inference (MoveContext::features): the two cannot drift apart.
//
//   MoveContext context;
//   context.build(state, geo, &previous_state);      // once per state
//   MoveFeatures f;
//   context.features(ship_index, f);                 // per ship
//   auto p = MoveModel::builtin().distribution(f);   // or most_likely(f)
//
// Everything here is deterministic: the same state, previous state and
// weights give the same probabilities.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "halite/search/geometry.h"
#include "halite/search/opponent_model.h"
#include "halite/search/policy/common.h"
#include "halite/state.h"

namespace halite::search {

// A ship's options, in the dataset's order (the resolver's: kMoveActions
// indices, then convert).
inline constexpr int kMoveOptions = kNumMoves + 1;

// The features of one option; their names (kMoveFeatureNames) are what the
// weight file lists, in this order.
enum MoveFeature : int {
  kFStay,               // 1 for staying
  kFStayHalite,         // staying: halite on the cell / 500
  kFStayHaliteRel,      // staying: halite on the cell over the board's mean, capped
  kFStayCargo,          // staying: cargo / 500
  kFStayBare,           // staying on a cell with (almost) no halite
  kFStayOnYard,         // staying on an own yard
  kFStayStep,           // staying: step / episode steps
  kFStayLate,           // staying while the end-game recall is due
  kFDestHalite,         // moving: halite on the destination / 500
  kFPotNear,            // change of the nearby halite (short kernel) / 500
  kFPotNearEmpty,       // the same, for an empty ship
  kFPotFar,             // change of the halite further off (long kernel) / 500
  kFPotFarEmpty,        // the same, for an empty ship
  kFHome,               // change of the distance to the nearest own yard (-1, 0, 1)
  kFHomeCargo,          // the same times cargo / 500
  kFHomeLoaded,         // the same for a ship carrying at least kLoadedCargo
  kFHomeLate,           // the same while the end-game recall is due
  kFHomeLateLoaded,     // the same for a loaded ship
  kFOwnYard,            // moving onto an own yard
  kFOwnYardCargo,       // the same times cargo / 500
  kFOwnYardLate,        // the same while the end-game recall is due
  kFEnemyYard,          // moving onto an enemy yard
  kFEnemyYardEmpty,     // the same for an empty ship
  kFEnemyYardAway,      // loaded: change of the distance to the nearest enemy yard
  kFLighterReach,       // enemy ships lighter than this one that can be on the destination
  kFLighterReachCargo,  // the same times cargo / 500
  kFEqualReach,         // enemy ships carrying the same that can be on the destination
  kFEqualReachEmpty,    // the same for an empty ship
  kFHeavierAt,          // heavier enemy ships on the destination
  kFHeavierAtGain,      // their extra cargo / 500
  kFHeavierAdj,         // heavier enemy ships next to the destination
  kFPreyPot,            // change of the nearby heavier enemies' extra cargo (kernel) / 500
  kFThreatPot,          // change of the nearby lighter enemies (kernel)
  kFOwnAt,              // an own ship on the destination
  kFOwnAdj,             // own ships next to the destination / 4
  kFOwnPot,             // change of the nearby own ships (kernel)
  kFSameMove,           // the move this ship made last turn
  kFStayAgain,          // staying after staying
  kFReverse,            // the reverse of last turn's move
  kFConvert,            // 1 for converting
  kFConvertNoYard,      // converting with no own yard
  kFConvertNoYardStep,  // the same times step / episode steps
  kFConvertCargo,       // converting: cargo / 500
  kFConvertFar,         // converting: distance to the nearest own yard, capped, over the cap
  kFConvertThreat,      // converting with lighter enemy ships able to reach the cell
  kFConvertLate,        // converting loaded while the end-game recall is due
  kFConvertFleet,       // converting: own ships per own yard, capped, over the cap
  kFConvertPot,         // converting: the halite further off (long kernel) / 500
  kFConvertBank,        // converting: the bank, capped, over the cap
  kMoveFeatureCount
};
extern const char* const kMoveFeatureNames[kMoveFeatureCount];

struct MoveFeatures {
  std::array<std::array<double, kMoveFeatureCount>, kMoveOptions> f{};
  std::array<bool, kMoveOptions> valid{};  // convert is invalid on a yard or when bank + cargo cannot pay
};

// What the features need of one state, computed once for all its ships.
class MoveContext {
 public:
  // `geo` must be initialised for the state's size and outlive the context.
  // `previous` (optional): the state one turn before, from which each ship's
  // last move is read; without it the last-move features are 0.
  void build(const State& s, const Geometry& geo, const State* previous = nullptr);
  // The features of the six options of ship `ship_index` (into s.ships()).
  void features(int ship_index, MoveFeatures& out) const;
  // The ship's last move (kMoveActions index), -1 when unknown.
  int last_move(int ship_index) const { return last_move_[static_cast<size_t>(ship_index)]; }

 private:
  int home_distance(int player, int cell) const;
  int enemy_yard_distance(int player, int cell) const;
  void convert_features(int ship_index, int lighter_near, double pot_far, MoveFeatures& out) const;
  const State* s_ = nullptr;
  const Geometry* geo_ = nullptr;
  double mean_halite_ = 1;
  std::array<int16_t, kMaxCells> ship_at_{}, yard_owner_{};  // -1: none
  std::vector<std::vector<int>> yards_;                      // per player, the cells of its yards
  std::vector<int> ship_count_;                              // per player
  std::vector<int> last_move_;                               // per ship
};

// Weights of the conditional logit, one per feature.
class MoveModel {
 public:
  // Parses a weight file (scripts/train_move_model.py writes it): JSON with
  // "format" "halite-move-model", "version" 1, "features" (the names, exactly
  // kMoveFeatureNames in order) and "weights" (finite numbers, one per
  // feature). Throws std::invalid_argument saying what is wrong.
  static MoveModel parse(const std::string& json_text);
  // The weights committed in the repository (search/src/model/move_model.json),
  // embedded at build time.
  static const MoveModel& builtin();

  const std::array<double, kMoveFeatureCount>& weights() const { return w_; }
  // P(option) for each of the six options (0 for an invalid one).
  std::array<double, kMoveOptions> distribution(const MoveFeatures& f) const;
  // The likeliest valid option (the lowest index among equals).
  int most_likely(const MoveFeatures& f) const;

 private:
  std::array<double, kMoveOptions> scores(const MoveFeatures& f) const;  // w . f, -inf where invalid
  static int most_likely(const MoveFeatures& f, const std::array<double, kMoveOptions>& score);
  std::array<double, kMoveFeatureCount> w_{};
};

// The model's joint prediction of a player's ships on one state: the options
// of greatest joint probability (each ship's -log P as the resolver's cost)
// such that no two of the player's ships end on one cell. Per-ship likeliest
// options can send two ships of one bot onto one cell, where the engine sinks
// both; a bot avoids that, so a search simulating it should too.
//
//   JointMovePrediction prediction;
//   prediction.build(state, geo, &previous_state);   // once per state
//   auto& choices = prediction.choices(player);      // per player
class JointMovePrediction {
 public:
  explicit JointMovePrediction(const MoveModel& model = MoveModel::builtin()) : model_(model) {}
  // `geo` and `s` must outlive the calls to choices(); `previous` as for
  // MoveContext::build.
  void build(const State& s, const Geometry& geo, const State* previous = nullptr);
  // (ship index into s.ships(), option) for each ship of `player`, in ship
  // order; the option is a kMoveActions index or kConvertOption.
  const std::vector<std::pair<int, int>>& choices(int player);

 private:
  const MoveModel& model_;
  const State* s_ = nullptr;
  const Geometry* geo_ = nullptr;
  MoveContext context_;
  MoveFeatures features_;
  std::vector<MoveRequest> requests_;
  MoveResolver resolver_;
  std::vector<std::pair<int, int>> choices_;
};

// The model as an OpponentModel: each ship of the player given its likeliest
// option, or with `joint` the JointMovePrediction. It remembers the last
// state it saw, to know the ships' last moves when the next state follows
// it; so it is not stateless.
class MoveModelOpponent final : public OpponentModel {
 public:
  explicit MoveModelOpponent(bool joint = false, const MoveModel& model = MoveModel::builtin())
      : joint_(joint), model_(model), prediction_(model) {}
  void reset() override { has_previous_ = false; }
  const PolicyDecision& decide(const State& s, int player) override;
  bool stateless() const override { return false; }

 private:
  bool joint_;
  const MoveModel& model_;
  Geometry geo_;
  MoveContext context_;
  MoveFeatures features_;
  JointMovePrediction prediction_;
  PolicyDecision decision_;
  State previous_;
  bool has_previous_ = false;
};

}  // namespace halite::search
