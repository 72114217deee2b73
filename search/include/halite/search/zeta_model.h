// A model of a second strong opponent: the decision rules of the public 2020
// bot "zeta_best" (team 0Zeta, 4th place), rewritten on this framework's
// pieces from what that bot does, as a sparring partner for `halite arena`
// and as an opponent model (with mz_model.h, two of the three public bots of
// a 4-player game can be predicted).
//
// The rules, each turn, for one player (every number of the bot's parameter
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
// Unlike mz_model this model keeps memory across turns, as the bot does: the
// planned yard site, the end of farming, the step of the first yard, the
// spawn budget of the last turn, intrusions of enemy ships into farming
// cells, each ship's last hunting target (the enemy as it was then), and the
// maps of the last turn the player had ships. So, as a specification:
//  - reset() (Planner::reset(), which `halite arena`, the agreement tool
//    and the bot call) before each game;
//  - then decide() / plan() on every turn of that game, in order, for one
//    player; a skipped turn or another player's turn gives orders other
//    than the bot's (never illegal ones).
// Where the bot's choices depend on how Python orders things, the model
// orders them the same way: SciPy's linear_sum_assignment among equal scores
// (CrouseAssignment), CPython 3.11's iteration order of the sets the bot
// builds its assignment columns from, Python's float floor division,
// SciPy's gaussian_filter (mode 'wrap'; integer maps on the first turn, as
// Kaggle's first observation holds integers), numpy's pairwise sums, and
// units in the order of the observation: creation order, as in Kaggle's env
// (`ids_as_strings` = 1: the order of their ids as strings, as a Python
// agent sees them in `halite arena`).
// One random draw of the bot (whether a yard under attack spawns and rams,
// probability shipyard_guarding_attack_probability = 0.376) is replaced by
// its likelier outcome: below .5, the yard's ship stays. Deterministic.
// Measured (docs/opponent-models.md): the bot's own orders on every turn of
// the games compared once its draw is fixed; 99.97% of its recorded ship
// actions in Kaggle's env (the rest are the draw).
//
// Exact on 21x21 boards (the bot's size); at any size the engine accepts it
// gives legal orders (tables indexed by distance are clamped).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "halite/search/common.h"
#include "halite/search/planner.h"

namespace halite::search {

// The bot's parameter set, in the order of zeta_model_specs() (names and
// help there).
struct ZetaModelParams {
  std::vector<double> values;
  static ZetaModelParams from(const Params& p);
};
std::vector<ParamSpec> zeta_model_specs();

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

PlannerInfo zeta_model_planner_info();

}  // namespace halite::search
