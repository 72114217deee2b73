// Models of two strong opponents from one team (0Zeta, 4th): the decision
// rules of the public 2020 bots "zeta_best" (planner zeta_model) and
// "zeta_final" (the team's final submission, planner zf_model), rewritten on
// this framework's pieces from what those bots do, as sparring partners for
// `halite arena` and as opponent models (with mz_model.h, the three public
// bots of a 4-player game can be predicted).
//
// zeta_final is zeta_best with about 170 changed lines (once both are put in
// one format), so one implementation plays both: the variant (ZetaVariant,
// carried in ZetaModelParams) switches the rules zeta_final changed, listed
// below.
//
// The rules, each turn, for one player (every number of a bot's parameter
// set is a parameter below, default = the bot's value):
//  - maps: Gaussian blurs (periodic) of the halite, of each player's
//    "dominance" (empty ships and yards), of the own cargo; per cell the
//    nearest enemies; the yard network (pairs / triangles of own yards 7-8
//    apart) gives guarding cells, a guarded border and "farming" cells
//    (cells inside the network that are left to regrow until a harvest
//    threshold);
//  - every own ship scores the cells it can reach (enemy ships, enemy yards,
//    dominance, danger within radius 3); then a type: constructing (the
//    planned yard site), guarding (own yards, the border), hunting (enemy
//    ships that cannot escape, interceptions, a hunting assignment),
//    returning, ending, or mining (one assignment of ships to cells by a
//    mining score over stay lengths, drop-offs as columns);
//  - each type adds its preferences to the scores; one assignment of ships
//    to reachable cells (and conversions) gives the moves;
//  - yards: a planned site chosen from the yard network's geometry, a
//    conversion when a ship stands on it (or a rich, guarded, well-placed
//    cell); spawns while the board holds enough halite per ship.
//
// What zeta_final changes from zeta_best, all modelled (ZetaVariant::final_):
//  - two parameter sets: an early set before step early_until (110), then
//    the late set for the rest of the game (the bot switches once). Every
//    number of both is a parameter of zf_model: NAME (late value),
//    early_NAME (early);
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
// The table of mining turns is the same for both.
//
// The model keeps memory across turns, as the bots do: the planned yard
// site, the end of farming, the step of the first yard, the spawn budget of
// the last turn, intrusions of enemy ships into farming cells, each ship's
// last hunting target (the enemy as it was then), the maps of the last turn
// the player had ships, and (zeta_final) the third corner of a lone pair of
// yards and the parameter set in play. So, as a specification:
//  - reset() (Planner::reset(), which `halite arena`, the agreement tool
//    and the bot call) before each game;
//  - then decide() / plan() on every turn of that game, in order, for one
//    player; a skipped turn or another player's turn gives orders other
//    than the bot's (never illegal ones).
// Where the bots' choices depend on how Python orders things, the model
// orders them the same way: SciPy's linear_sum_assignment among equal scores
// (CrouseAssignment), CPython 3.11's iteration order of the sets the bots
// build their assignment columns from, Python's float floor division,
// SciPy's gaussian_filter (mode 'wrap'; integer maps on the first turn, as
// Kaggle's first observation holds integers), numpy's pairwise sums, and
// units in the order of the observation: creation order, as in Kaggle's env
// (`ids_as_strings` = 1: the order of their ids as strings, as a Python
// agent sees them in `halite arena`).
// One random draw of the bots (whether a yard under attack spawns and rams,
// with probability shipyard_guarding_attack_probability) is replaced by its
// likelier outcome: below .5 the yard's ship stays. That is zeta_best's case
// (0.376) and zeta_final's early one; with zeta_final's late set (0.596)
// the yard spawns and rams. Deterministic.
// Measured (docs/opponent-models.md): 99.97% of the recorded ship actions of
// either bot in Kaggle's env. The Python bot, its draw fixed as the model
// fixes it, gives the model's orders: zeta_best's on every turn of the games
// compared, zeta_final's on the differing turns checked (the rest are the
// draw).
//
// Exact on 21x21 boards (the bots' size); at any size the engine accepts it
// gives legal orders (tables indexed by distance are clamped).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "halite/search/planner.h"
#include "halite/search/policy/common.h"

namespace halite::opponents {

using search::Params;
using search::ParamSpec;
using search::PlannerInfo;
using search::PolicyDecision;

// Which of the team's two bots the rules follow.
enum class ZetaVariant { best, final_ };

// A bot's parameter set, in the order of zeta_model_specs() or
// zf_model_specs() (names and help there), read by from(p, variant).
struct ZetaModelParams {
  ZetaVariant variant = ZetaVariant::best;
  std::vector<double> values;  // zeta_best's set; zeta_final's late set
  std::vector<double> early;   // zeta_final's early set (early_*); zeta_best's = values
  int early_until = 0;         // the early set is played before this step
  static ZetaModelParams from(const Params& p, ZetaVariant variant = ZetaVariant::best);
};
std::vector<ParamSpec> zeta_model_specs();
std::vector<ParamSpec> zf_model_specs();

class ZetaModelPolicy {
 public:
  explicit ZetaModelPolicy(const ZetaModelParams& params);
  ~ZetaModelPolicy();
  ZetaModelPolicy(ZetaModelPolicy&&) noexcept;
  ZetaModelPolicy& operator=(ZetaModelPolicy&&) noexcept;
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

PlannerInfo zeta_model_planner_info();  // zeta_best
PlannerInfo zf_model_planner_info();    // zeta_final

}  // namespace halite::opponents
