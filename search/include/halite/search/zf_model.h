// A model of the third public 2020 bot of the 4-player games: "zeta_final",
// the final submission of team 0Zeta (the same team's earlier zeta_best is
// zeta_model.h). zeta_final keeps zeta_best's structure, so this model
// started as a copy of zeta_model (search/src/zf_model.cpp), then was
// changed where zeta_final differs (listed below).
//
// The rules are zeta_model's (see zeta_model.h for the outline: maps, yard
// network and farming cells, typed ships, the four assignments, the final
// assignment of ships to cells, yards and spawns, and how the model orders
// ties as Python does), with zeta_final's differences.
//
// What zeta_final changes from zeta_best, all modelled (the bot's code is
// the earlier one with these differences, once both are put in one format):
//  - two parameter sets: an early set before step early_until (110), then
//    the late set for the rest of the game (the bot switches once). Every
//    number of both is a parameter: NAME (late value), early_NAME (early);
//  - the danger of a reachable cell weighs enemies by a table of distances
//    (1, .75, .45, .15) instead of .6^distance, triples when every reachable
//    cell is in reach of a lighter enemy, and goes to each reachable cell
//    (zeta_best added it to the ship's own cell); an empty ship on halite
//    with four reachable cells in reach of an empty enemy does not stay;
//  - mining scores fall with an "escape" count of threats around the cell
//    beyond a tolerance (10, 14 from step 360) and with a lighter enemy
//    within 2 of it;
//  - a lone pair of yards is farmed and guarded as a triangle whose third
//    corner is the site a third yard would take (chosen once per game);
//    wider farming and guarding radii while yards have one connection;
//  - site scores: early second sites add the population around the
//    midpoint, later ones the dominance (required from 4 connected yards);
//  - guards: enemy yards are guard targets only while the bot has fewer
//    than 6 yards; the guards' share mixes in guarding_proportion; each
//    intruder keeps 5 hunters hunting (3 before); ships on a yard are no
//    longer made guards before the hunting assignment;
//  - the ship counts for further yards, the farming-end estimate (cells
//    farmed down to 10, end in [325, 365]), the harvest threshold's base
//    (step + 70), a ship's own unripe farming cell scores
//    cell_score_mine_farming.
// Measured (docs/opponent-models.md): 99.97% of zeta_final's recorded ship
// actions on the games it was built on; the Python bot, its random draw
// fixed as the model fixes it, gives the model's orders on the differing
// turns checked. The random draw (a yard under attack spawns and rams) is
// replaced by its likelier outcome, which differs between the two sets:
// the yard's ship stays while early (p = 0.376 < .5), spawns and rams late
// (0.596).
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
