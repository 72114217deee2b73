// A model of the third public 2020 bot of the 4-player games: "zeta_final",
// the final submission of team 0Zeta (the same team's earlier zeta_best is
// zeta_model.h). zeta_final keeps zeta_best's structure, so this model
// started as a copy of zeta_model (search/src/zf_model.cpp) and is being
// changed where zeta_final differs. WORK IN PROGRESS: see "Covered" below.
//
// The rules are zeta_model's (see zeta_model.h for the outline: maps, yard
// network and farming cells, typed ships, the four assignments, the final
// assignment of ships to cells, yards and spawns), with zeta_final's
// differences as far as modelled.
//
// Covered so far:
//  - zeta_final's two parameter sets: an early set before step early_until
//    (110), then the late set for the rest of the game (the bot switches once
//    and keeps it). Every number of both sets is a parameter: NAME (late
//    value) and early_NAME (early value).
// Not yet: the changes of the bot's rules (maps, regions, targets, hunting,
// guarding, yards: the bot's code grew from about 2,700 to 4,400 lines).
//
// Calling order (the model keeps memory across turns, as the bot does: the
// planned yard site, the end of farming, the step of the first yard, the
// spawn budget of the last turn, intrusions into farming cells, each ship's
// last hunting target, the maps of the last turn the player had ships, and
// the parameter set in play), as a specification:
//  - reset() (Planner::reset(), which `halite arena`, the agreement tool
//    and the bot call) before each game;
//  - then decide() / plan() on every turn of that game, in order, for one
//    player; a skipped turn or another player's turn gives orders other
//    than the bot's (never illegal ones).
// Units are read in the order of the observation (creation order, as in
// Kaggle's env; `ids_as_strings` = 1 for `halite arena`'s Python agents), as
// zeta_model does.
//
// Exact only on 21x21 boards (the bot's size); at any size the engine
// accepts it gives legal orders.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "halite/search/common.h"
#include "halite/search/planner.h"

namespace halite::search {

// The bot's parameter set, in the order of zf_model_specs() (names and
// help there).
struct ZfModelParams {
  std::vector<double> values;  // the late set
  std::vector<double> early;   // the early set (early_*)
  int early_until = 110;
  static ZfModelParams from(const Params& p);
};
std::vector<ParamSpec> zf_model_specs();

class ZfModelPolicy {
 public:
  explicit ZfModelPolicy(const ZfModelParams& params);
  ~ZfModelPolicy();
  ZfModelPolicy(ZfModelPolicy&&) noexcept;
  ZfModelPolicy& operator=(ZfModelPolicy&&) noexcept;
  // Forgets the game (the bot's memory); call before each game.
  void reset();
  // This turn's orders for `player`; see the header comment for the calling
  // order it needs.
  const PolicyDecision& decide(const State& state, int player);

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
  PolicyDecision decision_;
};

PlannerInfo zf_model_planner_info();

}  // namespace halite::search
