#include "halite/opponents/zeta_model.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <set>

#include "cpython_order.h"
#include "halite/opponents/crouse_assignment.h"
#include "halite/search/policy/policy_planner.h"

namespace halite::opponents {

using namespace search;  // the library is written on search/'s shared pieces

// The parameters of both bots that the model reads: name, zeta_best's value,
// zeta_final's late value (from step early_until on) and early value, range,
// integer, help. kFinalOnly: a parameter zeta_best does not have.
#define ZETA_PARAMS(X)                                                                                                 \
  X(cargo_map_halite_norm, 228, 260, 228, 1, 2000, false, "cargo map: a ship's cargo / this (a yard counts 700)")      \
  X(cell_score_danger, 70, 70, 70, 0, 500, true,                                                                       \
    "staying: up to +- this / 2 by the danger around each reachable cell")                                             \
  X(cell_score_dominance, 0.6, 0.6, 0.6, -10, 10, false, "cell score: + this x the small dominance map")               \
  X(cell_score_enemy_halite, 0.2692746373102979, 0.3125712679108464, 0.2692746373102979, 0, 5, false,                  \
    "cell score: + this x a heavier enemy's cargo (<= 35)")                                                            \
  X(cell_score_farming, -50, -50, -50, -500, 500, true, "cell score of a farming cell below the harvest threshold")    \
  X(cell_score_mine_farming, kFinalOnly, -135, -135, -1000, 1000, true, "... of the ship's own cell (mining it)")      \
  X(cell_score_neighbour_discount, 0.7533825129372731, 0.75, 0.7533825129372731, 0, 2, false,                          \
    "enemies next to a cell count this much")                                                                          \
  X(cell_score_ship_halite, 0.0005, 0.00044866834268873795, 0.0005, 0, 0.01, false,                                    \
    "cell scores x (1 + this x cargo)")                                                                                \
  X(convert_when_attacked_threshold, 416, 512, 416, 0, 5000, true, "a ship this loaded may convert (at this cost)")    \
  X(disable_hunting_till, 60, 50, 45, 0, 400, true, "no hunting before this step")                                     \
  X(dominance_map_halite_clip, 112, 110, 112, 1, 1000, false, "dominance: an empty ship 1, one with this cargo 0")     \
  X(dominance_map_medium_sigma, 2.847619968321182, 2.8668329912447335, 2.847619968321182, 0.1, 5, false,               \
    "medium dominance blur")                                                                                           \
  X(dominance_map_small_radius, 3, 3, 3, 0, 10, true, "danger and first-site radius")                                  \
  X(dominance_map_small_sigma, 1.5287778769897649, 1.6, 1.5287778769897649, 0.1, 5, false, "small dominance blur")     \
  X(early_second_shipyard, 35, 30, 35, 0, 400, true, "second site by halite until this step")                          \
  X(end_return_extra_moves, 3, 3, 3, 0, 20, true, "ships end when this close to the last step")                        \
  X(end_start, 382, 382, 382, 0, 400, true, "the end game starts")                                                     \
  X(ending_halite_threshold, 10, 10, 10, 0, 1000, true, "ships with this cargo return at the end")                     \
  X(farming_end, 355, 355, 355, 0, 400, true, "first estimate of the end of farming")                                  \
  X(farming_start, 30, 30, 30, 0, 400, true, "farming starts")                                                         \
  X(farming_start_shipyards, 2, 2, 2, 1, 3, true, "yards a farming cell needs in range")                               \
  X(greed_min_map_diff, 18, 14, 18, -100, 100, true,                                                                   \
    "early, equal enemies next to a cell are ignored below this presence lead")                                        \
  X(greed_stop, 40, 30, 30, 0, 400, true, "... until this step")                                                       \
  X(guarding_aggression_radius, 3, 4, 4, 0, 10, true, "guards attack targets this close")                              \
  X(guarding_end, 375, 375, 375, 0, 400, true, "guards by hunting score until this step")                              \
  X(guarding_max_ships_per_shipyard, 3, 3, 3, 0, 10, true, "guards per endangered yard")                               \
  X(guarding_proportion, kFinalOnly, 0.35, 0.5, 0, 1, false,                                                           \
    "guards: the share of hunters that guard (half the weight)")                                                       \
  X(guarding_norm, 0.6, 1.1, 0.6, 0.01, 1, false, "guards: enemy hunting proportion norm")                             \
  X(guarding_radius, 3, 3, 3, 0, 10, true, "cells this close to a yard are guarded")                                   \
  X(guarding_radius2, 0, 0, 0, 0, 5, true, "extra radius of the guarded network")                                      \
  X(guarding_ship_advantage_norm, 17, 17, 17, 1, 100, false, "guards: ship advantage norm")                            \
  X(guarding_stop, 342, 350, 342, 0, 400, true, "yards under attack spawn defenders until this step")                  \
  X(harvest_threshold_alpha, 0.25, 0.25, 0.25, 0, 1, false,                                                            \
    "harvest threshold: weight of the enemy hunting proportion")                                                       \
  X(harvest_threshold_beta, 0.35, 0.35, 0.35, 0, 1, false, "harvest threshold: weight of the ship advantage")          \
  X(harvest_threshold_hunting_norm, 0.65, 0.65, 0.65, 0.01, 1, false, "harvest threshold: hunting proportion norm")    \
  X(harvest_threshold_ship_advantage_norm, 15, 15, 15, 1, 100, false, "harvest threshold: ship advantage norm")        \
  X(hunting_max_group_size, 1, 1, 1, 1, 1, true, "hunting groups (only 1 is modelled)")                                \
  X(hunting_min_ships, 8, 8, 8, 0, 100, true, "hunting needs this many ships")                                         \
  X(hunting_proportion, 0.45, 0.45, 0.45, 0.01, 1, false, "share of mining ships that may hunt")                       \
  X(hunting_proportion_after_farming, 0.35, 0.4, 0.35, 0.01, 1, false, "... after farming")                            \
  X(hunting_score_alpha, 0.31307190998859874, 0.3, 0.3, 0, 5, false,                                                   \
    "hunting threshold: mean - this x std of mining scores")                                                           \
  X(hunting_score_beta, 0.33026966299467286, 0.33026966299467286, 0.33026966299467286, 0, 10, false,                   \
    "hunting score: weight of the medium dominance")                                                                   \
  X(hunting_score_cargo_clip, 1.6, 1.91253000892124, 1.6, 0.01, 10, false, "hunting score: cargo map clip")            \
  X(hunting_score_delta, 0.9, 0.9, 0.9, 0, 10, false, "hunting score: dominance base")                                 \
  X(hunting_score_farming_position_penalty, 0.8, 0.788038154434421, 0.8, 0, 1, false,                                  \
    "hunting score x this per farming cell in the way")                                                                \
  X(hunting_score_gamma, 0.9791318337163172, 0.96, 0.9791318337163172, 0.5, 1, false,                                  \
    "hunting score x this ^ distance")                                                                                 \
  X(hunting_score_halite_norm, 217, 231, 217, 1, 2000, false, "hunting score: cargo norm")                             \
  X(hunting_score_hunt, 1.8482035257667, 4, 1.8482035257667, 0, 10, false,                                             \
    "hunting score x this for a trapped ship within 2")                                                                \
  X(hunting_score_intercept, 1.301910597972909, 2, 1.301910597972909, 0, 10, false,                                    \
    "hunting score x this for an interception")                                                                        \
  X(hunting_score_iota, 0.25272451340270646, 0.25, 0.25272451340270646, 0, 10, false,                                  \
    "hunting score: weight of the blurred halite")                                                                     \
  X(hunting_score_kappa, 0.2, 0.15, 0.2, 0, 10, false, "hunting score: weight of the rank")                            \
  X(hunting_score_region, 2.9006716643294306, 1.3, 2.9006716643294306, 0, 10, false,                                   \
    "hunting score x this in the guarded region")                                                                      \
  X(hunting_score_ship_bonus, 223, 220, 223, 0, 2000, false, "hunting score: value of a ship (falls to 0 at the end)") \
  X(hunting_score_ypsilon, 2.4531538731098985, 2.0795292787342774, 2.4531538731098985, 0, 10, false,                   \
    "hunting score x this near the planned site")                                                                      \
  X(hunting_score_zeta, 0.35, 0.35, 0.35, 0, 10, false, "hunting score: weight of the cargo map")                      \
  X(hunting_threshold, 9.886319178022347, 11, 9.886319178022347, -100, 100, false, "mining scores below this hunt")    \
  X(map_blur_gamma, 0.9, 0.9, 0.9, 0, 1, false, "mining: blurred halite weight, ^ distance")                           \
  X(map_blur_sigma, 0.3943145388324822, 0.5549610080793232, 0.3943145388324822, 0.1, 5, false, "halite blur")          \
  X(map_ultra_blur, 1.75, 1.75, 1.75, 0.1, 5, false, "wide halite blur")                                               \
  X(max_guarding_ships_per_target, 2, 2, 2, 1, 4, true, "defenders per target (columns)")                              \
  X(max_halite_attack_shipyard, 0, 0, 0, 0, 1000, true, "ships attack enemy yards with at most this cargo")            \
  X(max_hunting_ships_per_direction, 2, 2, 2, 1, 4, true, "hunters per enemy and direction (columns)")                 \
  X(max_intrusion_count, 3, 3, 3, 0, 100, true, "an enemy intruding more often into a farming cell is fought")         \
  X(max_ship_advantage, 15, 13, 15, 0, 100, true, "no spawns this many ships ahead")                                   \
  X(max_shipyard_distance, 8, 8, 8, 1, 20, true, "own yards at most this far apart")                                   \
  X(max_shipyards, 9, 10, 9, 0, 50, true, "connected yards at most")                                                   \
  X(min_enemy_shipyard_distance, 4, 4, 4, 0, 20, true, "sites at least this far from enemy yards")                     \
  X(min_mining_halite, 25, 27, 25, 0, 500, false, "cells mined from this halite")                                      \
  X(min_ships, 15, 20, 15, 0, 100, true, "spawn limits apply from this many ships")                                    \
  X(min_shipyard_distance, 7, 7, 7, 1, 20, true, "own yards at least this far apart")                                  \
  X(mining_score_alpha, 0.9597915235789294, 0.9981423349911503, 0.9597915235789294, 0, 2, false,                       \
    "mining: weight of the way home")                                                                                  \
  X(mining_score_alpha_min, 0.601668238389617, 0.75, 0.65, 0, 1, false, "... on the richest ground x this")            \
  X(mining_score_beta, 0.98, 0.99, 0.98, 0, 2, false, "mining: weight of the cargo")                                   \
  X(mining_score_beta_min, 0.93, 0.93, 0.93, 0, 1, false, "... on the richest ground x this")                          \
  X(mining_score_dominance_clip, 3.477399406194472, 3.3, 3.477399406194472, 0.01, 20, false, "mining safety clip")     \
  X(mining_score_dominance_norm, 0.2, 0.5318971956494243, 0.2, 0, 1, false, "mining safety weight")                    \
  X(mining_score_farming_penalty, 0.01, 0.01, 0.01, 0, 1, false, "mining score x this on an unripe farming cell")      \
  X(mining_score_gamma, 0.9867889914414822, 0.99, 0.9867889914414822, 0.5, 1, false, "mining score x this ^ turns")    \
  X(mining_score_juicy, 0.1520819307033613, 0.5, 0.45, 0, 2, false,                                                    \
    "cargo weight before mining_score_start_returning")                                                                \
  X(mining_score_juicy_end, 0.1, 0.1, 0.1, 0, 2, false, "cargo weight between farming and the end game")               \
  X(mining_score_minor_farming_penalty, 0.14823668299589474, 0.1409853963583642, 0.14823668299589474, 0, 1, false,     \
    "... on an unripe minor farming cell")                                                                             \
  X(mining_score_start_returning, 38, 42, 38, 0, 400, true, "cargo counts fully from this step")                       \
  X(minor_harvest_threshold, 0.65, 0.6665460554873913, 0.65, 0, 1, false,                                              \
    "minor farming cells ripen at this x the harvest threshold")                                                       \
  X(move_preference_base, 100, 93, 100, -1000, 1000, true, "weight of a mining ship's way")                            \
  X(move_preference_block_shipyard, -116, -116, -116, -1000, 1000, true, "blocking the only yard while it can spawn")  \
  X(move_preference_constructing, 145, 138, 145, -1000, 1000, true, "weight of the way to the site")                   \
  X(move_preference_construction_guarding, 125, 129, 125, -1000, 1000, true, "weight of a site guard's way")           \
  X(move_preference_guarding, 102, 95, 102, -1000, 1000, true, "weight of a guard's way")                              \
  X(move_preference_guarding_stay, -126, -100, -126, -1000, 1000, true, "a guard staying on halite")                   \
  X(move_preference_hunting, 101, 105, 101, -1000, 1000, true, "weight of a hunter's way")                             \
  X(move_preference_mining, 121, 124, 121, -1000, 1000, true, "mining in place")                                       \
  X(move_preference_return, 115, 115, 115, -1000, 1000, true, "weight of the way home")                                \
  X(move_preference_stay_on_shipyard, -80, -80, -80, -1000, 1000, true, "staying on a yard")                           \
  X(return_halite, 1533, 1533, 1533, 0, 5000, true, "ships return with this cargo")                                    \
  X(ship_spawn_threshold, 0.22612643383392095, 0.22612643383392095, 0.22612643383392095, 0, 10, false,                 \
    "spawn while mean halite per cell / ships exceeds this")                                                           \
  X(ships_shipyards_threshold, 0.17333887987761862, 0.17333887987761862, 0.17333887987761862, 0.01, 1, false,          \
    "yards per ship at most")                                                                                          \
  X(shipyard_abandon_dominance, -20, -20, -20, -100, 100, false, "yards below this medium dominance are given up")     \
  X(shipyard_conversion_threshold, 2.550354977134987, 2.550354977134987, 2.550354977134987, 0, 100, false,             \
    "convert while mean halite per cell / yards exceeds this")                                                         \
  X(shipyard_guarding_attack_probability, 0.37557884720209034, 0.5956995945455138, 0.37557884720209034, 0, 1, false,   \
    "yards under attack spawn and ram when this is at least .5 (the bot draws)")                                       \
  X(shipyard_guarding_min_dominance, -15, -7, -8, -100, 100, false,                                                    \
    "yards under attack defended above this dominance")                                                                \
  X(shipyard_min_dominance, -1, -1, -1, -100, 100, false, "conversions need this medium dominance")                    \
  X(shipyard_min_population, 5, 5, 5, 0, 50, false,                                                                    \
    "conversions need this x mean population x the farming disc cells")                                                \
  X(shipyard_min_ship_advantage, -12, -12, -12, -100, 100, true, "more yards need this ship advantage")                \
  X(shipyard_start, 30, 30, 30, 0, 400, true, "conversions from this step")                                            \
  X(shipyard_stop, 285, 285, 285, 0, 400, true, "... until this step")                                                 \
  X(spawn_min_dominance, -6.0, -6.0, -6.0, -100, 100, false, "yards spawn above this medium dominance")                \
  X(spawn_till, 285, 290, 300, 0, 400, true, "spawns until this step")                                                 \
  X(third_shipyard_step, 47, 58, 47, 0, 400, true, "third yard from this step")                                        \
  X(second_shipyard_step, 21, 18, 21, 0, 400, true, "second yard from this step")

namespace {
constexpr double kFinalOnly = std::numeric_limits<double>::quiet_NaN();
}  // namespace

namespace zp {
enum Id : int {
#define ZETA_ENUM(name, best_v, late_v, early_v, lo, hi, integer, help) name,
  ZETA_PARAMS(ZETA_ENUM)
#undef ZETA_ENUM
      ids_as_strings,
  kNumParams
};
}  // namespace zp

namespace {
ParamSpec ids_as_strings_spec() {
  const char* help =
      "1: units in the order of their ids as strings, as a Python agent sees them in `halite arena`; 0: in creation "
      "order, as in Kaggle's env";
  return {"ids_as_strings", 0, 0, 1, help, true, false};
}

// ZETA_PARAMS as a table, row i for zp::Id i: the specs and from() loop over
// it (one loop each, rather than the expanded code of a hundred-odd
// push_backs and lookups, which took the compiler several seconds).
struct ZetaRow {
  const char* name;
  double best, late, early, lo, hi;
  bool integer;
  const char* help;
};
constexpr ZetaRow kZetaRows[] = {
#define ZETA_ROW(name, best_v, late_v, early_v, lo, hi, integer, help) \
  {#name, best_v, late_v, early_v, lo, hi, integer, help},
    ZETA_PARAMS(ZETA_ROW)
#undef ZETA_ROW
};
static_assert(std::size(kZetaRows) == zp::ids_as_strings, "a row per parameter, in zp::Id's order");

std::string early_name(const ZetaRow& row) { return std::string("early_") + row.name; }
}  // namespace

std::vector<ParamSpec> zeta_model_specs() {
  std::vector<ParamSpec> specs;
  for (const ZetaRow& row : kZetaRows)
    if (!std::isnan(row.best)) specs.push_back({row.name, row.best, row.lo, row.hi, row.help, row.integer});
  specs.push_back(ids_as_strings_spec());
  return specs;
}

std::vector<ParamSpec> zf_model_specs() {
  std::vector<ParamSpec> specs;
  for (const ZetaRow& row : kZetaRows) specs.push_back({row.name, row.late, row.lo, row.hi, row.help, row.integer});
  for (const ZetaRow& row : kZetaRows)
    specs.push_back({early_name(row), row.early, row.lo, row.hi, std::string("before step early_until: ") + row.help,
                     row.integer});
  // zeta_final's late guarding_norm (1.1) lies beyond zeta_best's range.
  for (ParamSpec& spec : specs)
    if (spec.name == "guarding_norm" || spec.name == "early_guarding_norm") spec.max = 5;
  specs.push_back(
      {"early_until", 110, 0, 400, "the bot plays its early parameter set (early_*) before this step", true});
  specs.push_back(ids_as_strings_spec());
  return specs;
}

ZetaModelParams ZetaModelParams::from(const Params& p, ZetaVariant variant) {
  ZetaModelParams z;
  z.variant = variant;
  z.values.assign(zp::kNumParams, 0.0);
  if (variant == ZetaVariant::best) {
    for (size_t i = 0; i < std::size(kZetaRows); ++i)
      if (!std::isnan(kZetaRows[i].best)) z.values[i] = p.get(kZetaRows[i].name);
    z.values[zp::ids_as_strings] = p.get("ids_as_strings");
    z.early = z.values;
    return z;
  }
  z.early.assign(zp::kNumParams, 0.0);
  for (size_t i = 0; i < std::size(kZetaRows); ++i) {
    z.values[i] = p.get(kZetaRows[i].name);
    z.early[i] = p.get(early_name(kZetaRows[i]));
  }
  z.values[zp::ids_as_strings] = z.early[zp::ids_as_strings] = p.get("ids_as_strings");
  z.early_until = static_cast<int>(p.get("early_until"));
  return z;
}

namespace {

// Numbers of the bots' code (not of their parameter sets) that zeta_final
// changed.
struct Rules {
  std::array<int, 9> ships_per_yards;  // the ship counts for a second, third, ... yard
  // The end of farming: farming cells are mined down to this halite ...
  double farmed_halite;
  double farming_end_min, farming_end_max;  // ... the estimate's range
  // The harvest threshold before its factors: this x step + harvest_base.
  double harvest_per_step, harvest_base;
  // Guards: enemy yards are guarding targets while the player has fewer yards
  // than this; each enemy in the guarded zone keeps this many hunters hunting.
  int guard_enemy_yards_below;
  int hunters_per_intruder;
};
constexpr Rules kBestRules = {{0, 8, 16, 23, 27, 31, 36, 42, 46}, 20, 330, 365, 1.1, 80, 1 << 30, 3};
constexpr Rules kFinalRules = {{0, 8, 17, 23, 28, 33, 38, 46, 49}, 10, 325, 365, 1, 70, 6, 5};

constexpr int kLastStep = 398;  // the bots' "last step" in their end-game rules
// zeta_final's sites: early, a second yard's site scores its wide-blurred
// halite / this (+ the population around the midpoint); with this many
// connected yards, further sites need dominance (and score it).
constexpr double kEarlySiteHaliteDivisor = 5;
constexpr int kDominanceFromConnected = 4;
constexpr double kNone = -999999;  // the bot's score of a forbidden assignment
constexpr int kFar = 20;           // the bot's "no enemy" distance

// Numbers of the bot's code (not of its parameter set), by rule.
// Cell scores of a ship's reachable cells:
constexpr double kUnguardedYard = 300;     // an enemy yard whose owner can neither spawn nor defend it ...
constexpr double kUnguardedMaxCargo = 30;  // ... for a ship carrying less than this
constexpr double kEnemyYardLoaded = 400;   // a loaded ship on an enemy yard: - (this + cargo)
constexpr double kAttackYard = 400;       // an empty ship attacks an enemy yard (leading, late, in the farm, near home)
constexpr double kEnemyYardOther = -300;  // otherwise an enemy yard is avoided
constexpr double kLighterEnemy = 750;  // an enemy ship lighter than ours on the cell: - (this + cargo - its cargo / 2)
constexpr double kEqualEnemy = 450;    // one as heavy (both would sink)
constexpr double kHeavierCap = 35, kHeavierNeighbourCap = 25;  // caps of the prey bonuses
constexpr double kLighterNeighbourExtra = 0.15;                // lighter enemies next to a cell: discount + this
// Danger of each reachable cell: enemies within the small radius that can
// sink the ship count 2 (1 if as heavy), x this ^ distance (zeta_best) or x
// the discount of their distance (zeta_final: 0, 1, 2, 3 and more); a
// zeta_final ship with every reachable cell in danger weighs the danger this
// much more.
constexpr double kDangerDecay = 0.6;
constexpr std::array<double, 4> kDangerDiscount = {1, 0.75, 0.45, 0.15};
constexpr double kTrappedDangerFactor = 3;
// zeta_final: an empty ship on halite with this many of its reachable cells
// in reach of an empty enemy does not stay to mine (before kStayPenaltyUntil).
constexpr int kThreatenedCells = 4;
constexpr double kThreatenedStay = -70;
constexpr int kStayPenaltyUntil = 370;
// zeta_final's mining scores fall with the "escape" count of a cell (enemies
// that can sink the ship around it: 1 each, 0.5 if as heavy, summed over the
// reachable cells) beyond a tolerance (raised late), to 0 at the tolerance +
// kEscapeNorm; and x clip(least enemy cargo within kTinyRadius / (cargo +
// 10)) when an enemy that can sink it is that near.
constexpr double kEscapeNorm = 22, kDangerTolerance = 10, kLateDangerTolerance = 14;
constexpr int kLateDangerToleranceStep = 360;
constexpr int kTinyRadius = 2;
constexpr double kNearDangerMin = 0.25, kNearDangerMax = 0.75, kNearDangerCargo = 10;
constexpr double kEscapeSafe = 0.85;
constexpr double kEarlyYardStay = -200;  // staying on the yard in the first steps after it is built ...
constexpr int kEarlyYardSteps = 12;      // ... this many
// Worth of a player for the ranks: bank + ships and yards (falling to 0 at
// kLastStep) + a quarter of the cargo.
constexpr double kShipWorth = 500, kYardWorth = 750, kCargoWorth = 0.25;
// Maps: a yard's weight in the dominance maps (own; an enemy's in the safety
// map), the scales of the maps the bot reads, the cargo map's yard cargo.
constexpr double kYardDominance = 1.5, kEnemyYardSafety = 1.8;
constexpr double kSmallDominanceScale = 22, kMediumDominanceScale = 80, kSafetyScale = 20;
constexpr double kRegionScale = 50, kRegionSigma = 2.5, kRegionThreshold = 0.1;
constexpr double kCargoSigma = 2.5, kCargoScale = 30, kYardCargo = 700;
// Preferences that override the rest.
constexpr double kSpawnCell = -1500;     // an own ship next to a spawning yard keeps off it
constexpr double kHoldYard = 10000;      // the yard's ship stays when an enemy is next to it
constexpr double kGuardYard = 8000;      // a neighbour steps onto an unmanned yard under attack
constexpr double kRamAttacker = 500;     // the yard's ship rams the attacker (when the yard spawns)
constexpr double kEndingHome = 9999;     // an ending ship next to a yard goes in
constexpr double kConvertNow = 9999999;  // a ship chosen to convert
constexpr double kPaidConvert = 5000;    // a conversion column above this was paid when chosen
constexpr double kGuardNoMining = -500;  // a guard on its way does not stop to mine
// The end game and the first turns.
constexpr int kFirstTurns = 10;  // without a yard, the first ship builds one by then
constexpr int kLateStep =
    385;  // after this, no yard without cargo to pay it and no defensive spawn while several yards
constexpr double kLateConvertCargo = 800;  // ... the fleet's cargo that still pays a late yard
constexpr double kFirstYardCargo = 1200;   // without a yard, a fleet carrying this converts even late
constexpr int kLastRescueSpawn = 390;      // a player without ships spawns until then

// Kaggle's ship actions, as the bot codes them in its navigation tables.
enum Dir : int { kNorth = 0, kEast = 1, kSouth = 2, kWest = 3 };

// numpy's pairwise summation (add.reduce over a contiguous float64 array).
double np_sum(const double* a, size_t n) {
  if (n < 8) {
    double r = 0.;
    for (size_t i = 0; i < n; ++i) r += a[i];
    return r;
  }
  if (n <= 128) {
    double r[8];
    for (int j = 0; j < 8; ++j) r[j] = a[j];
    size_t i = 8;
    for (; i < n - (n % 8); i += 8)
      for (int j = 0; j < 8; ++j) r[j] += a[i + static_cast<size_t>(j)];
    double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) res += a[i];
    return res;
  }
  size_t n2 = n / 2;
  n2 -= n2 % 8;
  return np_sum(a, n2) + np_sum(a + n2, n - n2);
}

// scipy.ndimage.gaussian_filter(mode='wrap', truncate 4) on an n x n map,
// rows then columns; `integer` as for an integer array (each pass truncated).
void gaussian_blur(const std::vector<double>& in, int n, double sigma, bool integer, std::vector<double>& out) {
  const int radius = static_cast<int>(4.0 * sigma + 0.5);
  std::vector<double> w(static_cast<size_t>(2 * radius + 1));
  const double mult = -0.5 / (sigma * sigma);
  for (int x = -radius; x <= radius; ++x)
    w[static_cast<size_t>(x + radius)] = std::exp(mult * static_cast<double>(x * x));
  const double total = np_sum(w.data(), w.size());
  for (double& x : w) x = x / total;
  std::vector<double> tmp(in.size());
  auto wrap = [n](int i) { return ((i % n) + n) % n; };
  auto pass = [&](const std::vector<double>& src, std::vector<double>& dst, bool rows) {
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        auto at = [&](int off) {
          return rows ? src[static_cast<size_t>(wrap(r + off) * n + c)]
                      : src[static_cast<size_t>(r * n + wrap(c + off))];
        };
        double v = at(0) * w[static_cast<size_t>(radius)];
        for (int j = -radius; j < 0; ++j) v += (at(j) + at(-j)) * w[static_cast<size_t>(j + radius)];
        dst[static_cast<size_t>(r * n + c)] = integer ? std::trunc(v) : v;
      }
  };
  out.resize(in.size());
  pass(in, tmp, true);
  pass(tmp, out, false);
}

// The bot's table of mining turns: argmax over m in [1, 15] of
// (C + (1 - .75^m) 1.02^(n1+m) 500) / (n1 + n2 + m) with C from the
// cargo / halite class ch, rounded (its table was made by a bounded scalar
// minimiser; ours by golden sections to the same rounded optimum).
struct MiningTable {
  std::array<std::array<std::array<uint8_t, 15>, 22>, 22> steps{};
  MiningTable() {
    const double log_keep = std::log(.75), log_grow = std::log(1.02);
    for (int n1 = 0; n1 < 22; ++n1)
      for (int n2 = 0; n2 < 22; ++n2)
        for (int ch = 0; ch < 15; ++ch) {
          const double ratio = ch == 0 ? 0 : std::exp((ch - 5) / 2.5);
          auto f = [&](double m) {
            return (ratio * 500 + (1 - std::exp(log_keep * m)) * std::exp(log_grow * (n1 + m)) * 500) / (n1 + n2 + m);
          };
          double a = 1, b = 15;
          const double g = (std::sqrt(5.0) - 1) / 2;
          // 0.618^40 x 14 (7e-8): far below the table's closest call to a .5
          // (7e-4); the table is built in a few milliseconds.
          for (int it = 0; it < 40; ++it) {
            const double c = b - g * (b - a), d = a + g * (b - a);
            if (f(c) > f(d))
              b = d;
            else
              a = c;
          }
          steps[static_cast<size_t>(n1)][static_cast<size_t>(n2)][static_cast<size_t>(ch)] =
              static_cast<uint8_t>(std::nearbyint((a + b) / 2));
        }
  }
};
const MiningTable& mining_table() {
  static const MiningTable t;
  return t;
}

// scipy.optimize.linear_sum_assignment(maximize) on rows x cols: the
// (row, col) pairs in row order (wider than tall by transposing, as SciPy).
std::vector<std::pair<int, int>> assign_max(CrouseAssignment& solver, int rows, int cols,
                                            const std::vector<double>& score, bool maximize = true) {
  std::vector<std::pair<int, int>> out;
  if (rows == 0 || cols == 0) return out;
  const double sign = maximize ? -1 : 1;
  std::vector<double> cost(static_cast<size_t>(rows) * static_cast<size_t>(cols));
  if (rows <= cols) {
    for (size_t i = 0; i < cost.size(); ++i) cost[i] = sign * score[i];
    const auto& col_of = solver.solve(rows, cols, cost);
    for (int r = 0; r < rows; ++r) out.emplace_back(r, col_of[static_cast<size_t>(r)]);
  } else {
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c)
        cost[static_cast<size_t>(c) * static_cast<size_t>(rows) + static_cast<size_t>(r)] =
            sign * score[static_cast<size_t>(r) * static_cast<size_t>(cols) + static_cast<size_t>(c)];
    const auto& row_of = solver.solve(cols, rows, cost);
    for (int c = 0; c < cols; ++c) out.emplace_back(row_of[static_cast<size_t>(c)], c);
    std::sort(out.begin(), out.end());
  }
  return out;
}

double clip(double a, double lo, double hi) {
  if (a <= lo) return lo;
  if (a >= hi) return hi;
  return a;
}
// Python's // on floats (CPython's float_floor_div: from fmod, not a / b).
double floordiv(double a, double b) {
  double mod = std::fmod(a, b);
  double div = (a - mod) / b;
  if (mod != 0) {
    if ((b < 0) != (mod < 0)) div -= 1.0;
  }
  if (div == 0) return std::copysign(0.0, a / b);
  double fl = std::floor(div);
  if (div - fl > 0.5) fl += 1.0;
  return fl;
}

}  // namespace

enum class ShipType {
  None,
  Mining,
  Returning,
  Hunting,
  ShipyardGuarding,
  Guarding,
  Defending,
  Converting,
  Constructing,
  ConstructionGuarding,
  Ending
};

// A hunting target as the bot keeps it: the enemy unit as it was when
// assigned (the bot holds the old object).
struct Target {
  bool yard = false;
  UnitId id{};
  int cell = 0;
  double cargo = 0;
  int owner = 0;
};

struct ZetaModelPolicy::Impl {
  bool final_ = false;  // zeta_final's rules (else zeta_best's)
  const Rules* rules = &kBestRules;
  std::vector<double> p;  // the set in play this turn: zeta_final's early set before early_until, then late
  std::vector<double> late, early;
  int early_until = 0;
  // ---- memory across turns ----
  bool started = false;
  int next_site = -1;
  int pseudo_site = -1;  // zeta_final: the third corner of a lone pair of yards, once chosen
  int first_yard_step = 0;
  int farming_end = 0;
  int last_yard_count = 0;
  double spawn_cost = 0;  // the bot's spawn budget of the last turn (twice the price while a yard is planned)
  std::vector<std::map<UnitId, int>> intrusions;  // per cell
  std::map<UnitId, Target> hunting_targets;       // by own ship
  std::vector<double> small_dom, small_safety, medium_dom, cargo_map;
  std::vector<int> region_map;

  // ---- this turn ----
  const State* s = nullptr;
  int me = 0, n = 0, cells = 0, step = 0;
  double bank = 0;
  double spawn_price = 500, convert_price = 500;  // the configuration's
  int ship_count = 0, yard_count = 0;
  std::vector<int> own;        // indices into s->ships(), the bot's order
  std::vector<int> enemies;    // indices into s->ships(), by player then order
  std::vector<int> own_yards;  // indices into s->shipyards()
  std::vector<int> yard_cells;
  std::vector<int16_t> ship_at, yard_at;  // per cell: ship / yard index or -1
  std::vector<double> halite, blurred, ultra;
  double max_ultra = 0;
  double mean_halite = 0, population = 0;
  int disc_cells = 0;
  std::vector<int> rank_of, map_rank_of, halite_rank_of;  // per player
  int rank = 0, map_rank = 0;
  std::vector<int> presence_diff;
  int ship_advantage = 0;
  double enemy_hunting_share = 0;
  int max_connections = 0, connected = 0;
  std::vector<int> enemy_dist, enemy_dist2, yard_dist;
  std::vector<char> is_farming, is_minor, is_guarding, is_yard, is_enemy_at;
  std::vector<int> farming, guarding_border, real_farming;
  bool spawn_limit = false;
  int harvest = 0;
  std::vector<int> reach;  // the assignment's position columns
  int distinct_positions = 0;
  std::vector<std::vector<int>> column_of;  // per cell
  int convert_columns = 0;
  std::vector<int> danger;     // least enemy cargo that can reach each cell
  std::vector<double> escape;  // zeta_final: own x cells, the escape count (see kEscapeNorm)
  double danger_tolerance = kDangerTolerance;
  std::vector<double> pref;  // own x (reach + convert) (integers)
  double cargo = 0;
  std::vector<ShipType> type;  // per own ship
  std::vector<int> planned_sites, planned_moves;
  std::vector<int> mining_target, deposit_target, border_guard;
  std::vector<char> yard_guard, urgent_guard;
  std::vector<int> returning, mining, hunting, guarding;
  std::map<UnitId, int> vulnerable;  // enemy id -> -2 trapped, -1 stays, or its escape Dir
  std::vector<UnitId> vulnerable_order;
  std::vector<std::pair<int, double>> vulnerable_cells;
  std::map<std::pair<UnitId, int>, int> escape_count;
  std::map<std::pair<UnitId, UnitId>, std::vector<int>> interceptions;
  double mining_beta = 0;
  std::vector<int> spawns;  // yard indices
  std::vector<int> order;   // per own ship: option (kMoveActions index or kConvertOption)
  CrouseAssignment solver;

  double P(int i) const { return p[static_cast<size_t>(i)]; }
  int PI(int i) const { return static_cast<int>(p[static_cast<size_t>(i)]); }
  const Ship& ship(int k) const { return s->ships()[static_cast<size_t>(own[static_cast<size_t>(k)])]; }
  int xof(int c) const { return c % n; }
  int yof(int c) const { return n - 1 - c / n; }
  int at(int x, int y) const { return (n - 1 - (((y % n) + n) % n)) * n + ((x % n) + n) % n; }
  int dist(int a, int b) const {
    const int dx = std::abs(xof(a) - xof(b)), dy = std::abs(yof(a) - yof(b));
    return std::min(dx, n - dx) + std::min(dy, n - dy);
  }
  int axis_dist(int a, int b) const {
    const int d = std::abs(a - b);
    return std::min(d, n - d);
  }
  int move(int c, int d) const {
    static constexpr int dx[4] = {0, 1, 0, -1}, dy[4] = {1, 0, -1, 0};
    return at(xof(c) + dx[d], yof(c) + dy[d]);
  }
  // The bot's reach order: stay, south, north, west, east.
  std::array<int, 5> in_reach(int c) const {
    return {c, move(c, kSouth), move(c, kNorth), move(c, kWest), move(c, kEast)};
  }
  std::array<int, 4> neighbours(int c) const {
    return {move(c, kSouth), move(c, kNorth), move(c, kWest), move(c, kEast)};
  }
  // The bot's navigation: the x move (west / east) first, then the y move.
  std::vector<int> nav(int from, int to) const {
    std::vector<int> out;
    auto code = [this](int a1, int a2, int smaller, int greater) {
      const int adiff = std::abs(a1 - a2), adist = std::min(adiff, n - adiff);
      const bool wrap = adiff != adist;
      int d = -1;
      if ((a2 > a1) != wrap) d = greater;
      if ((a1 > a2) != wrap) d = smaller;
      return d;
    };
    const int x = code(from % n, to % n, kWest, kEast), y = code(from / n, to / n, kNorth, kSouth);
    if (x >= 0) out.push_back(x);
    if (y >= 0) out.push_back(y);
    return out;
  }
  // The bot's "farthest directions" code (west 1, east 2, north 4, south 8).
  int farthest_code(int from, int to) const {
    auto code = [this](int a1, int a2, int smaller, int greater) {
      const int adiff = std::abs(a1 - a2), adist = std::min(adiff, n - adiff);
      const bool wrap = adiff != adist;
      int d = 0;
      if ((a2 > a1) != wrap) d = greater;
      if ((a1 > a2) != wrap) d = smaller;
      return std::pair{adist, d};
    };
    const auto [xd, xc] = code(from % n, to % n, 1, 2);
    const auto [yd, yc] = code(from / n, to / n, 4, 8);
    if (yd < xd) return xc;
    if (yd > xd) return yc;
    return xc + yc;
  }
  std::vector<int> radius_list(int c, int r) const {
    std::vector<int> out;
    for (int q = 0; q < cells; ++q)
      if (dist(c, q) <= r) out.push_back(q);
    return out;
  }

  void reset(int farming_end0) {
    started = false;
    next_site = -1;
    pseudo_site = -1;
    first_yard_step = 0;
    farming_end = farming_end0;
    last_yard_count = 0;
    spawn_cost = 0;  // set on the first turn
    intrusions.clear();
    hunting_targets.clear();
    small_dom.clear();
    small_safety.clear();
    medium_dom.clear();
    cargo_map.clear();
    region_map.clear();
  }

  void decide(const State& st, int player, PolicyDecision& d);
  void compute_maps();
  std::vector<double> dominance(double sigma, double factor) const;
  void compute_regions();
  double cell_score(int k, int cell) const;
  void fill_preferences();
  void find_vulnerable();
  int estimate_farming_end() const;
  int harvest_threshold() const;
  bool reached_spawn_limit() const;
  void plan_site();
  int best_site() const;
  void build_yards();
  bool should_convert(int k) const;
  bool good_triangle(int cell) const;
  int populated(int cell) const;
  int excircle_midpoint(int a, int b, int c) const;
  bool is_triangle(int a, int b, int c) const;
  void convert(int k);
  void spawn(int yard);
  void guard_yards();
  int guard_position(int site, std::vector<UnitId>& taken);
  void move_ships();
  void assign_targets();
  ShipType ship_type(int k) const;
  double mining_score(int k, int ship_cell, int cell, double cargo_k) const;
  double hunting_score(int k, int e);
  bool interception(int k, int e, int safe, std::vector<int>* dir, int* idist, int* ipos) const;
  int farming_between(int src, int dst, bool x_axis) const;
  void change(int k, int cell, double delta);
  void prefer(int k, const std::vector<int>& dirs, double weight, bool penalize_farming = true,
              bool reduce_farming_penalty = false, int destination = -1);
  int nearest_yard(int c) const;
  void handle_returning(int k);
  void handle_mining(int k);
  void handle_hunting(int k);
  void handle_guarding(int k);
  void handle_constructing(int k, double weight);
  double border_score(int ship_cell, int border) const;
  int own_index(UnitId id) const {
    for (size_t k = 0; k < own.size(); ++k)
      if (ship(static_cast<int>(k)).id == id) return static_cast<int>(k);
    return -1;
  }
  bool typed(int k) const { return type[static_cast<size_t>(k)] != ShipType::None; }
  bool in_list(const std::vector<int>& v, int x) const { return std::find(v.begin(), v.end(), x) != v.end(); }
};

ZetaModelPolicy::ZetaModelPolicy(const ZetaModelParams& params) : impl_(std::make_unique<Impl>()) {
  // The process-wide table (tens of milliseconds) is built when the first
  // model is made, not within the first turn's deadline.
  mining_table();
  impl_->final_ = params.variant == ZetaVariant::final_;
  impl_->rules = impl_->final_ ? &kFinalRules : &kBestRules;
  impl_->late = params.values;
  impl_->early = params.early;
  impl_->early_until = params.early_until;
  impl_->p = params.early;
  impl_->reset(impl_->PI(zp::farming_end));
}
ZetaModelPolicy::~ZetaModelPolicy() = default;
ZetaModelPolicy::ZetaModelPolicy(ZetaModelPolicy&&) noexcept = default;
ZetaModelPolicy& ZetaModelPolicy::operator=(ZetaModelPolicy&&) noexcept = default;
void ZetaModelPolicy::reset() {
  impl_->p = impl_->early;
  impl_->reset(impl_->PI(zp::farming_end));
}
const PolicyDecision& ZetaModelPolicy::decide(const State& state, int player) {
  impl_->decide(state, player, decision_);
  return decision_;
}

// ---- maps ------------------------------------------------------------------

std::vector<double> ZetaModelPolicy::Impl::dominance(double sigma, double factor) const {
  // Per player: empty ships (1, falling to 0 at the clip) and yards, blurred;
  // then minus the best other player's (four rows, as the bot keeps).
  const double clip_h = P(zp::dominance_map_halite_clip);
  std::vector<std::vector<double>> rows(4, std::vector<double>(static_cast<size_t>(cells), 0.0));
  std::vector<double> raw(static_cast<size_t>(cells)), blurred_map;
  for (int q = 0; q < s->num_players(); ++q) {
    std::fill(raw.begin(), raw.end(), 0.0);
    for (const Ship& sh : s->ships())
      if (sh.owner == q) raw[sh.cell] = clip(clip_h - sh.cargo, 0, clip_h) / clip_h;
    for (const Shipyard& y : s->shipyards())
      if (y.owner == q) raw[y.cell] += kYardDominance;
    gaussian_blur(raw, n, sigma, false, blurred_map);
    for (int c = 0; c < cells; ++c)
      rows[static_cast<size_t>(q)][static_cast<size_t>(c)] = factor * blurred_map[static_cast<size_t>(c)];
  }
  std::vector<double> out(static_cast<size_t>(cells) * 4);
  for (int i = 0; i < 4; ++i)
    for (int c = 0; c < cells; ++c) {
      double m = -kInf;
      for (int j = 0; j < 4; ++j)
        if (j != i) m = std::max(m, rows[static_cast<size_t>(j)][static_cast<size_t>(c)]);
      out[static_cast<size_t>(i * cells + c)] = rows[static_cast<size_t>(i)][static_cast<size_t>(c)] - m;
    }
  return out;
}

void ZetaModelPolicy::Impl::compute_maps() {
  const double clip_h = P(zp::dominance_map_halite_clip);
  auto dom = dominance(P(zp::dominance_map_small_sigma), kSmallDominanceScale);
  small_dom.assign(dom.begin() + me * cells, dom.begin() + (me + 1) * cells);
  dom = dominance(P(zp::dominance_map_medium_sigma), kMediumDominanceScale);
  medium_dom.assign(dom.begin() + me * cells, dom.begin() + (me + 1) * cells);
  std::vector<double> raw(static_cast<size_t>(cells), 0.0), b;
  for (const Ship& sh : s->ships())
    raw[sh.cell] += (sh.owner == me ? 1 : -1) * clip(clip_h - sh.cargo, 0, clip_h) / clip_h;
  for (const Shipyard& y : s->shipyards()) raw[y.cell] += y.owner == me ? kYardDominance : -kEnemyYardSafety;
  gaussian_blur(raw, n, P(zp::dominance_map_small_sigma), false, b);
  small_safety.resize(static_cast<size_t>(cells));
  for (int c = 0; c < cells; ++c) small_safety[static_cast<size_t>(c)] = kSafetyScale * b[static_cast<size_t>(c)];
  std::fill(raw.begin(), raw.end(), 0.0);
  const double norm = P(zp::cargo_map_halite_norm);
  for (int k : own) raw[s->ships()[static_cast<size_t>(k)].cell] += s->ships()[static_cast<size_t>(k)].cargo / norm;
  for (int y : own_yards) raw[s->shipyards()[static_cast<size_t>(y)].cell] += kYardCargo / norm;
  gaussian_blur(raw, n, kCargoSigma, false, b);
  cargo_map.resize(static_cast<size_t>(cells));
  for (int c = 0; c < cells; ++c) cargo_map[static_cast<size_t>(c)] = kCargoScale * b[static_cast<size_t>(c)];
  dom = dominance(kRegionSigma, kRegionScale);
  region_map.assign(static_cast<size_t>(cells), -1);
  for (int i = 0; i < 4; ++i)
    for (int c = 0; c < cells; ++c)
      if (dom[static_cast<size_t>(i * cells + c)] >= kRegionThreshold) region_map[static_cast<size_t>(c)] = i;
}

bool ZetaModelPolicy::Impl::is_triangle(int a, int b, int c) const {
  if ((xof(a) == xof(b) && xof(b) == xof(c)) || (yof(a) == yof(b) && yof(b) == yof(c))) return false;
  const int lo = PI(zp::min_shipyard_distance), hi = PI(zp::max_shipyard_distance);
  for (int d : {dist(a, b), dist(a, c), dist(b, c)})
    if (d < lo || d > hi) return false;
  if (std::max({axis_dist(xof(a), xof(b)), axis_dist(xof(a), xof(c)), axis_dist(xof(b), xof(c))}) < 3) return false;
  if (std::max({axis_dist(yof(a), yof(b)), axis_dist(yof(a), yof(c)), axis_dist(yof(b), yof(c))}) < 3) return false;
  return true;
}

void ZetaModelPolicy::Impl::compute_regions() {
  // The yard network: triangles (or pairs) of own yards at a good distance.
  std::vector<std::vector<int>> groups;
  const int lo = PI(zp::min_shipyard_distance), hi = PI(zp::max_shipyard_distance);
  if (max_connections > 0) {
    const size_t m = yard_cells.size();
    for (size_t i = 0; i < m; ++i)
      for (size_t j = i + 1; j < m; ++j)
        for (size_t k = j + 1; k < m; ++k)
          if (is_triangle(yard_cells[i], yard_cells[j], yard_cells[k]))
            groups.push_back({yard_cells[i], yard_cells[j], yard_cells[k]});
    if (groups.empty())
      for (size_t i = 0; i < m; ++i)
        for (size_t j = i + 1; j < m; ++j) {
          const int d = dist(yard_cells[i], yard_cells[j]);
          if (lo <= d && d <= hi) groups.push_back({yard_cells[i], yard_cells[j]});
        }
    // zeta_final farms a lone pair of yards as a triangle with the site a
    // third yard would take (chosen once, then kept for the game).
    if (final_ && groups.size() == 1 && groups[0].size() == 2) {
      if (pseudo_site < 0) pseudo_site = best_site();
      if (pseudo_site >= 0) groups[0].push_back(pseudo_site);
    }
  }
  farming.clear();
  std::vector<int> minor, guarding_list, border;
  real_farming.clear();
  is_guarding.assign(static_cast<size_t>(cells), 0);
  const bool farming_on = P(zp::farming_start) <= step;
  for (int pos = 0; pos < cells; ++pos) {
    if (yard_dist[static_cast<size_t>(pos)] > hi + 4) continue;
    if (!groups.empty()) {
      for (const auto& g : groups) {
        // zeta_final widens both radii while yards have one connection.
        const int widen = final_ ? 1 : 0;
        int guard_r = (max_connections >= 2 ? hi + 1 : hi - 1 + widen) + PI(zp::guarding_radius2);
        int farm_r = (max_connections >= 2 ? hi : hi - 2 + widen) - 1;
        int border_r = farm_r + 2;
        const int required = std::min(3, std::max(PI(zp::farming_start_shipyards), static_cast<int>(g.size())));
        int max_d = 0;
        for (size_t i = 0; i < g.size(); ++i)
          for (size_t j = i + 1; j < g.size(); ++j) max_d = std::max(max_d, dist(g[i], g[j]));
        if (required == 2 && max_d == hi) ++guard_r, ++farm_r, ++border_r;
        int in_guarding = 0, in_farming = 0, in_minor = 0, in_border = 0;
        bool guard = false;
        for (int y : g) {
          const int d = dist(pos, y);
          if (d <= PI(zp::guarding_radius) && y != pseudo_site) guard = true;
          if (d <= border_r) ++in_border;
          if (farming_on) {
            if (d <= farm_r)
              ++in_guarding, ++in_farming;
            else if (d <= guard_r)
              ++in_guarding;
            if (d <= farm_r + 2) ++in_minor;
          }
        }
        if (guard || (farming_on && in_guarding >= required)) guarding_list.push_back(pos);
        if (!is_yard[static_cast<size_t>(pos)] && in_farming >= required) {
          farming.push_back(pos);
          border.push_back(pos);
          break;
        }
        if (!is_yard[static_cast<size_t>(pos)] && in_minor >= required && region_map[static_cast<size_t>(pos)] == me)
          minor.push_back(pos);
        if (in_border >= required) border.push_back(pos);
      }
    } else {
      if (yard_dist[static_cast<size_t>(pos)] <= PI(zp::guarding_radius)) guarding_list.push_back(pos);
      if (yard_dist[static_cast<size_t>(pos)] == 2) border.push_back(pos);
    }
  }
  for (int pos : farming)
    if (halite[static_cast<size_t>(pos)] > 0) real_farming.push_back(pos);
  if (step < P(zp::farming_start) || step > farming_end) farming.clear(), minor.clear();
  is_farming.assign(static_cast<size_t>(cells), 0);
  for (int c : farming) is_farming[static_cast<size_t>(c)] = 1;
  for (int c : guarding_list) is_guarding[static_cast<size_t>(c)] = 1;
  is_minor.assign(static_cast<size_t>(cells), 0);
  for (int c : minor)
    if (!is_farming[static_cast<size_t>(c)]) is_minor[static_cast<size_t>(c)] = 1;
  // The border: cells of the guarded set (in the set's order) with a
  // neighbour outside it, less farming cells and yards, then loose ends off.
  std::vector<int64_t> keys(border.begin(), border.end());
  std::vector<uint64_t> hashes(keys.begin(), keys.end());
  const std::vector<int64_t> set_order = python_set_order(keys, hashes);
  std::vector<char> in_set(static_cast<size_t>(cells), 0);
  for (int64_t c : set_order) in_set[static_cast<size_t>(c)] = 1;
  guarding_border.clear();
  for (int64_t c : set_order) {
    bool edge = false;
    for (int nb : neighbours(static_cast<int>(c))) edge |= !in_set[static_cast<size_t>(nb)];
    if (edge && !is_farming[static_cast<size_t>(c)] && !is_yard[static_cast<size_t>(c)])
      guarding_border.push_back(static_cast<int>(c));
  }
  bool changed = true;
  while (changed) {
    changed = false;
    for (size_t i = 0; i < guarding_border.size(); ++i) {
      const int c = guarding_border[i];
      int count = 0;
      static constexpr int ox[8] = {0, 0, -1, 1, -1, 1, -1, 1}, oy[8] = {-1, 1, 0, 0, -1, 1, 1, -1};
      for (int j = 0; j < 8; ++j) {
        const int q = at(xof(c) + ox[j], yof(c) + oy[j]);
        if (in_list(guarding_border, q) || is_yard[static_cast<size_t>(q)]) ++count;
      }
      if (count < 2) {
        guarding_border.erase(guarding_border.begin() + static_cast<long>(i));
        changed = true;
        break;
      }
    }
  }
}

// ---- scores ------------------------------------------------------------------

double ZetaModelPolicy::Impl::cell_score(int k, int cell) const {
  const Ship& sh = ship(k);
  const auto ships = s->ships();
  double score = 0;
  const int yi = yard_at[static_cast<size_t>(cell)];
  const int si = ship_at[static_cast<size_t>(cell)];
  auto intruder_ok = [&](int c, UnitId id) {
    const auto& m = intrusions[static_cast<size_t>(c)];
    const auto it = m.find(id);
    return it == m.end() || it->second <= P(zp::max_intrusion_count);
  };
  if (yi >= 0) {
    const Shipyard& y = s->shipyards()[static_cast<size_t>(yi)];
    if (y.owner != me) {
      int owner_guards = 0;
      for (int nb : neighbours(cell)) {
        const int j = ship_at[static_cast<size_t>(nb)];
        if (j >= 0 && ships[static_cast<size_t>(j)].owner == y.owner && ships[static_cast<size_t>(j)].cargo <= sh.cargo)
          ++owner_guards;
      }
      if (s->player(y.owner).bank < spawn_price && si < 0 && sh.cargo < kUnguardedMaxCargo && owner_guards == 0)
        score += kUnguardedYard;
      else if (sh.cargo > P(zp::max_halite_attack_shipyard))
        score -= kEnemyYardLoaded + sh.cargo;
      else if ((sh.cargo == 0 && ((rank == 0 && ship_advantage > 0) || step >= P(zp::end_start) ||
                                  is_farming[static_cast<size_t>(cell)])) ||
               yard_dist[static_cast<size_t>(cell)] <= 2)
        score += kAttackYard;
      else
        score += kEnemyYardOther;
    } else if (bank >= spawn_cost && yard_count == 1 && !spawn_limit) {
      if (step <= 100 || medium_dom[static_cast<size_t>(cell)] >= P(zp::spawn_min_dominance))
        score += P(zp::move_preference_block_shipyard);
    }
  }
  if (si >= 0 && ships[static_cast<size_t>(si)].owner != me) {
    const Ship& e = ships[static_cast<size_t>(si)];
    if (e.cargo < sh.cargo)
      score -= kLighterEnemy + sh.cargo - 0.5 * e.cargo;
    else if (e.cargo == sh.cargo) {
      if ((!is_farming[static_cast<size_t>(cell)] || (yi < 0 && intruder_ok(cell, e.id))) &&
          yard_dist[static_cast<size_t>(cell)] > 1 && (next_site < 0 || dist(cell, next_site) > 2))
        score -= kEqualEnemy;
    } else
      score += std::min(e.cargo * P(zp::cell_score_enemy_halite), kHeavierCap);
  }
  double nv = 0;
  const double disc = P(zp::cell_score_neighbour_discount);
  for (int nb : neighbours(cell)) {
    const int j = ship_at[static_cast<size_t>(nb)];
    if (j < 0 || ships[static_cast<size_t>(j)].owner == me) continue;
    const Ship& e = ships[static_cast<size_t>(j)];
    if (e.cargo < sh.cargo) {
      nv = -(kLighterEnemy + sh.cargo) * (disc + kLighterNeighbourExtra);
      break;
    }
    if (e.cargo == sh.cargo && !is_yard[static_cast<size_t>(cell)]) {
      if ((!is_farming[static_cast<size_t>(cell)] && yard_dist[static_cast<size_t>(cell)] > 1 &&
           yard_dist[static_cast<size_t>(nb)] > 1 && (next_site < 0 || dist(cell, next_site) > 2)) ||
          (yard_at[static_cast<size_t>(nb)] < 0 && intruder_ok(nb, e.id))) {
        if (step > P(zp::greed_stop) || presence_diff[static_cast<size_t>(e.owner)] >= P(zp::greed_min_map_diff))
          nv -= kEqualEnemy * disc;
      }
    } else {
      nv += std::min(e.cargo * P(zp::cell_score_enemy_halite) * disc, kHeavierNeighbourCap);
    }
  }
  score += nv;
  score += P(zp::cell_score_dominance) * small_dom[static_cast<size_t>(cell)];
  if (is_farming[static_cast<size_t>(cell)] && 0 < halite[static_cast<size_t>(cell)] &&
      halite[static_cast<size_t>(cell)] < harvest)
    score += final_ && cell == sh.cell ? P(zp::cell_score_mine_farming) : P(zp::cell_score_farming);
  return score * (1 + P(zp::cell_score_ship_halite) * sh.cargo);
}

void ZetaModelPolicy::Impl::change(int k, int cell, double delta) {
  const size_t width = reach.size() + static_cast<size_t>(convert_columns);
  for (int col : column_of[static_cast<size_t>(cell)])
    pref[static_cast<size_t>(k) * width + static_cast<size_t>(col)] += delta;
}

void ZetaModelPolicy::Impl::fill_preferences() {
  // Columns: the cells own ships reach, in the order of the bot's set of
  // points; late in the game own yards thrice more; then conversions.
  std::vector<int64_t> keys;
  std::vector<uint64_t> hashes;
  for (size_t k = 0; k < own.size(); ++k)
    for (int c : in_reach(ship(static_cast<int>(k)).cell)) {
      keys.push_back(c);
      hashes.push_back(tuple_hash(xof(c), yof(c)));
    }
  reach.clear();
  for (int64_t c : python_set_order(keys, hashes)) reach.push_back(static_cast<int>(c));
  distinct_positions = static_cast<int>(reach.size());
  if (step > P(zp::end_start))
    for (int y : yard_cells)
      if (in_list(std::vector<int>(reach.begin(), reach.begin() + distinct_positions), y))
        for (int i = 0; i < 3; ++i) reach.push_back(y);
  convert_columns = static_cast<int>(std::floor(bank / convert_price)) + 1;
  column_of.assign(static_cast<size_t>(cells), {});
  for (size_t i = 0; i < reach.size(); ++i) column_of[static_cast<size_t>(reach[i])].push_back(static_cast<int>(i));
  danger.assign(static_cast<size_t>(cells), 99999);
  for (int e : enemies) {
    const Ship& sh = s->ships()[static_cast<size_t>(e)];
    for (int c : in_reach(sh.cell))
      if (danger[static_cast<size_t>(c)] > sh.cargo) danger[static_cast<size_t>(c)] = static_cast<int>(sh.cargo);
  }
  const size_t width = reach.size() + static_cast<size_t>(convert_columns);
  pref.assign(own.size() * width, kNone);
  if (final_) escape.assign(own.size() * static_cast<size_t>(cells), 0);
  const int small_r = PI(zp::dominance_map_small_radius);
  for (size_t k = 0; k < own.size(); ++k) {
    const Ship& sh = ship(static_cast<int>(k));
    if (sh.cargo >= P(zp::convert_when_attacked_threshold) && sh.cargo + bank >= convert_price)
      for (size_t c = reach.size(); c < width; ++c) pref[k * width + c] = -P(zp::convert_when_attacked_threshold);
    const auto r = in_reach(sh.cell);
    double* esc = final_ ? &escape[k * static_cast<size_t>(cells)] : nullptr;
    std::array<double, 5> dscore{};
    for (size_t i = 0; i < 5; ++i) {
      double ds = 0;
      for (int q : radius_list(r[i], small_r)) {
        const int dq = dist(r[i], q);
        const double discount =
            final_ ? kDangerDiscount[static_cast<size_t>(std::min(dq, 3))] : std::pow(kDangerDecay, dq);
        if (danger[static_cast<size_t>(q)] < sh.cargo) {
          ds += 2 * discount;
          if (esc)
            for (int c : in_reach(q)) esc[c] += 1;
        } else if (danger[static_cast<size_t>(q)] == sh.cargo) {
          ds += discount;
          if (esc)
            for (int c : in_reach(q)) esc[c] += 0.5;
        }
      }
      dscore[i] = ds;
    }
    const double lo = *std::min_element(dscore.begin(), dscore.end()),
                 hi = *std::max_element(dscore.begin(), dscore.end());
    double weight = P(zp::cell_score_danger);
    int threatened = 0;  // reachable cells an enemy not heavier reaches
    if (final_) {
      int sinking = 0;  // ... a lighter one
      for (int c : r) {
        sinking += danger[static_cast<size_t>(c)] < sh.cargo;
        threatened += danger[static_cast<size_t>(c)] <= sh.cargo;
      }
      if (sinking == 5) weight = kTrappedDangerFactor * weight;
    }
    for (size_t i = 0; i < 5; ++i) {
      const double v = std::trunc(cell_score(static_cast<int>(k), r[i]));
      for (int col : column_of[static_cast<size_t>(r[i])]) pref[k * width + static_cast<size_t>(col)] = v;
      // zeta_best adds each cell's danger to the ship's own cell, zeta_final
      // to that cell.
      if (sh.cargo > 0 && hi - lo > 1)
        change(static_cast<int>(k), final_ ? r[i] : sh.cell,
               std::trunc((1 - (dscore[i] - lo) / (hi - lo)) * weight - floordiv(weight, 2)));
    }
    if (final_ && threatened >= kThreatenedCells && sh.cargo == 0 && halite[static_cast<size_t>(sh.cell)] > 0 &&
        step < kStayPenaltyUntil)
      change(static_cast<int>(k), sh.cell, kThreatenedStay);
    if (yard_at[sh.cell] >= 0)
      change(static_cast<int>(k), sh.cell,
             step > kEarlyYardSteps + first_yard_step ? P(zp::move_preference_stay_on_shipyard) : kEarlyYardStay);
  }
}

void ZetaModelPolicy::Impl::find_vulnerable() {
  // Enemy ships that own lighter ships can trap: no escape (-2), only
  // staying (-1), or one escape direction.
  std::vector<int> mine(static_cast<size_t>(cells), 99999);
  for (int k : own) {
    const Ship& sh = s->ships()[static_cast<size_t>(k)];
    for (int c : in_reach(sh.cell))
      if (mine[static_cast<size_t>(c)] > sh.cargo) mine[static_cast<size_t>(c)] = static_cast<int>(sh.cargo);
  }
  vulnerable.clear();
  vulnerable_order.clear();
  escape_count.clear();
  vulnerable_cells.clear();
  for (int e : enemies) {
    const Ship& sh = s->ships()[static_cast<size_t>(e)];
    std::vector<int> escapes;
    for (int c : in_reach(sh.cell)) {
      int count = 0;
      for (int c2 : in_reach(c))
        if (c2 != c && mine[static_cast<size_t>(c2)] >= sh.cargo) ++count;
      if (mine[static_cast<size_t>(c)] >= sh.cargo && count > 1) escapes.push_back(c);
      escape_count[{sh.id, c}] = count;
    }
    if (escapes.empty()) {
      vulnerable[sh.id] = -2;
    } else if (escapes.size() == 1) {
      vulnerable[sh.id] = escapes[0] == sh.cell ? -1 : nav(sh.cell, escapes[0])[0];
    } else {
      continue;
    }
    vulnerable_order.push_back(sh.id);
    vulnerable_cells.emplace_back(sh.cell, sh.cargo);
  }
}

int ZetaModelPolicy::Impl::estimate_farming_end() const {
  const double cnt = static_cast<double>(real_farming.size());
  double sum_h = 0, sum_d = 0, sum_sd = 0;
  for (int c : real_farming) sum_h += halite[static_cast<size_t>(c)];
  for (int c : real_farming) sum_d += yard_dist[static_cast<size_t>(c)];
  for (int k : own) sum_sd += yard_dist[s->ships()[static_cast<size_t>(k)].cell];
  const double avg_h = sum_h / std::max(cnt, 1.0), avg_return = sum_d / std::max(cnt, 1.0);
  const double avg_ship = sum_sd / std::max(static_cast<double>(own.size()), 1.0);
  const int ships_n = static_cast<int>(static_cast<double>(own.size()) * 0.6);
  const double per_ship = cnt / std::max(ships_n, 1);
  const double steps_per_position = std::ceil(std::log(rules->farmed_halite / std::max(avg_h, 1.0)) / std::log(0.75));
  double steps = per_ship * steps_per_position;
  steps += std::max(std::ceil(2 * per_ship - 2), 0.0) + std::ceil(avg_ship) +
           std::ceil(2.25 * avg_return * std::max(per_ship, 1.0)) + P(zp::end_return_extra_moves) + 9;
  return static_cast<int>(clip(kLastStep - std::ceil(steps), rules->farming_end_min, rules->farming_end_max));
}

int ZetaModelPolicy::Impl::harvest_threshold() const {
  const double per_point = static_cast<double>(own.size()) / std::max(static_cast<double>(real_farming.size()), 1.0);
  double t = clip(rules->harvest_per_step * step + rules->harvest_base, 80, 480);
  const double norm = P(zp::harvest_threshold_ship_advantage_norm), beta = P(zp::harvest_threshold_beta),
               alpha = P(zp::harvest_threshold_alpha);
  const double adv = beta * clip(ship_advantage + norm, 0, 1.5 * norm) / norm;
  t *= (1 - alpha / 2 +
        alpha * (1 - clip(enemy_hunting_share, 0, P(zp::harvest_threshold_hunting_norm)) /
                         P(zp::harvest_threshold_hunting_norm))) *
       (1 - 2 * beta / 3 + adv);
  t = 0.95 * t + 0.1 * clip((per_point - 0.9) / 1.1, 0, 1);
  return static_cast<int>(clip(t, 110, 450));
}

bool ZetaModelPolicy::Impl::reached_spawn_limit() const {
  int most = 0;
  for (int q = 0; q < s->num_players(); ++q) {
    if (q == me) continue;
    int c = 0;
    for (const Ship& sh : s->ships()) c += sh.owner == q;
    most = std::max(most, c);
  }
  return step > P(zp::spawn_till) || (ship_count >= most + P(zp::max_ship_advantage) && ship_count >= P(zp::min_ships));
}

// ---- yards -------------------------------------------------------------------

int ZetaModelPolicy::Impl::populated(int cell) const {
  const int r = static_cast<int>(std::ceil(P(zp::max_shipyard_distance) / 2));
  int count = 0;
  for (int q = 0; q < cells; ++q)
    if (dist(cell, q) <= r && halite[static_cast<size_t>(q)] > 0) ++count;
  return count;
}

namespace {
// The bot's signed shortest offset from a1 to a2 on one axis.
int component(int a1, int a2, int n) {
  const int lo = std::min(a1, a2), hi = std::max(a1, a2);
  const int adiff = hi - lo, adist = std::min(adiff, n - adiff);
  if (adiff == adist) return a2 == hi ? adiff : -adiff;
  return a2 == hi ? -adist : adist;
}
}  // namespace

int ZetaModelPolicy::Impl::excircle_midpoint(int a, int b, int c) const {
  // The centre of the circle through three yards (sites), on the torus.
  const double abx = component(xof(a), xof(b), n), aby = component(yof(a), yof(b), n);
  const double acx = component(xof(a), xof(c), n), acy = component(yof(a), yof(c), n);
  const double rx = -aby, ry = abx, vx = -acy, vy = acx;
  const double m1x = 0.5 * abx, m1y = 0.5 * aby, m2x = 0.5 * acx, m2y = 0.5 * acy;
  const double den = ry * vx - rx * vy;
  if (den == 0) {
    const double bcx = component(xof(b), xof(c), n), bcy = component(yof(b), yof(c), n);
    const double lab = std::abs(abx) + std::abs(aby), lac = std::abs(acx) + std::abs(acy),
                 lbc = std::abs(bcx) + std::abs(bcy);
    const double m = std::max({lab, lac, lbc});
    if (lab == m) return c;
    if (lac == m) return b;
    return a;
  }
  const double t = (m1x * vy - m2x * vy - m1y * vx + m2y * vx) / den;
  const double qx = xof(a) + m1x + t * rx, qy = yof(a) + m1y + t * ry;
  return at(static_cast<int>(std::nearbyint(qx)), static_cast<int>(std::nearbyint(qy)));
}

void ZetaModelPolicy::Impl::plan_site() {
  const int site = best_site();
  if (site >= 0) next_site = site;
}

int ZetaModelPolicy::Impl::best_site() const {
  std::vector<std::pair<int, double>> options;
  const int lo = PI(zp::min_shipyard_distance), hi = PI(zp::max_shipyard_distance);
  std::vector<int> enemy_yards;
  for (int q = 0; q < s->num_players(); ++q)
    for (const Shipyard& y : s->shipyards())
      if (y.owner == q && q != me) enemy_yards.push_back(y.cell);
  if (own_yards.empty()) {
    if (own.empty()) return -1;
    int best = 0;
    for (size_t k = 1; k < own.size(); ++k)
      if (ultra[ship(static_cast<int>(k)).cell] > ultra[ship(best).cell]) best = static_cast<int>(k);
    const int sc = ship(best).cell;
    for (int pos : radius_list(sc, PI(zp::dominance_map_small_radius)))
      if (halite[static_cast<size_t>(pos)] <= 40)
        options.emplace_back(pos, ultra[static_cast<size_t>(pos)] / (1 + dist(sc, pos)));
  } else if (max_connections == 0) {
    const int yc = yard_cells[0];
    const bool early = step <= P(zp::early_second_shipyard);
    for (int pos = 0; pos < cells; ++pos) {
      const int d = dist(yc, pos);
      int near = kFar;
      for (int e : enemy_yards) near = std::min(near, dist(pos, e));
      if (lo <= d && d <= hi && near >= P(zp::min_enemy_shipyard_distance)) {
        const double hx = 0.5 * component(xof(yc), xof(pos), n), hy = 0.5 * component(yof(yc), yof(pos), n);
        const int mid =
            at(xof(yc) + static_cast<int>(std::nearbyint(hx)), yof(yc) + static_cast<int>(std::nearbyint(hy)));
        if (early && halite[static_cast<size_t>(pos)] <= 50)
          options.emplace_back(pos, final_ ? ultra[static_cast<size_t>(pos)] / kEarlySiteHaliteDivisor + populated(mid)
                                           : ultra[static_cast<size_t>(pos)]);
        else
          options.emplace_back(pos, populated(mid));
      }
    }
  } else {
    const bool require_dominance =
        connected > 2 && (map_rank != 0 || rank != 0 || (final_ && connected >= kDominanceFromConnected));
    std::vector<int> avoid;
    for (int q = 0; q < s->num_players(); ++q)
      for (const Shipyard& y : s->shipyards())
        if (y.owner == q && q != me && presence_diff[static_cast<size_t>(q)] < 12) avoid.push_back(y.cell);
    for (int pos = 0; pos < cells; ++pos) {
      if (require_dominance && medium_dom[static_cast<size_t>(pos)] < P(zp::shipyard_min_dominance) * 1.8) continue;
      bool near_enemy = false;
      for (int a : avoid) near_enemy |= dist(pos, a) < P(zp::min_enemy_shipyard_distance);
      if (near_enemy) continue;
      const int sd = yard_dist[static_cast<size_t>(pos)];
      if (sd < lo || hi < sd) continue;
      std::vector<int> good;
      for (int y : yard_cells)
        if (lo <= dist(pos, y) && dist(pos, y) <= hi) good.push_back(y);
      for (size_t i = 0; i < good.size(); ++i)
        for (size_t j = i + 1; j < good.size(); ++j)
          if (is_triangle(pos, good[i], good[j]))
            options.emplace_back(pos, populated(excircle_midpoint(good[i], good[j], pos)) +
                                          (final_ && require_dominance ? medium_dom[static_cast<size_t>(pos)] : 0));
    }
  }
  if (options.empty()) return -1;
  std::stable_sort(options.begin(), options.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  return options[0].first;
}

bool ZetaModelPolicy::Impl::good_triangle(int cell) const {
  const int lo = PI(zp::min_shipyard_distance), hi = PI(zp::max_shipyard_distance);
  const int sd = yard_dist[static_cast<size_t>(cell)];
  if (!(lo <= sd && sd <= hi)) return false;
  std::vector<int> good;
  for (int y : yard_cells)
    if (lo <= dist(cell, y) && dist(cell, y) <= hi) good.push_back(y);
  if (good.empty()) return false;
  std::vector<int> mids;
  if (max_connections == 0) {
    const double hx = 0.5 * component(xof(cell), xof(good[0]), n), hy = 0.5 * component(yof(cell), yof(good[0]), n);
    mids.push_back(
        at(xof(cell) + static_cast<int>(std::nearbyint(hx)), yof(cell) + static_cast<int>(std::nearbyint(hy))));
  } else {
    for (size_t i = 0; i < good.size(); ++i)
      for (size_t j = i + 1; j < good.size(); ++j) {
        const int a = good[i], b = good[j];
        if ((xof(a) == xof(b) && xof(b) == xof(cell)) || (yof(a) == yof(b) && yof(b) == yof(cell)))
          mids.push_back(cell);
        else
          mids.push_back(excircle_midpoint(a, b, cell));
      }
  }
  const double threshold = P(zp::shipyard_min_population) * population * disc_cells;
  for (int m : mids)
    if (populated(m) >= threshold) return true;
  return false;
}

bool ZetaModelPolicy::Impl::should_convert(int k) const {
  const Ship& sh = ship(k);
  if (bank + sh.cargo < convert_price) return false;
  int nearest = kFar;
  for (int e : enemies) nearest = std::min(nearest, dist(sh.cell, s->ships()[static_cast<size_t>(e)].cell));
  int guards = 0;
  for (size_t j = 0; j < own.size(); ++j) {
    const int d = dist(ship(static_cast<int>(j)).cell, sh.cell);
    if ((0 < d && d < nearest) || (d == 1 && type[j] == ShipType::ConstructionGuarding)) ++guards;
  }
  if (guards == 0 && ship_count > 5) return false;
  if (sh.cell == next_site && step <= P(zp::shipyard_stop)) return true;
  if (yard_count == 0 && step <= kFirstTurns) return false;
  if (yard_count == 0 && (step <= P(zp::end_start) || sh.cargo >= convert_price || cargo >= kFirstYardCargo))
    return true;
  if (connected >= P(zp::max_shipyards)) return false;
  if (mean_halite / yard_count < P(zp::shipyard_conversion_threshold) ||
      (std::max(connected, 1) + 1) / static_cast<double>(ship_count) >= P(zp::ships_shipyards_threshold))
    return false;
  if (medium_dom[sh.cell] < P(zp::shipyard_min_dominance)) return false;
  return good_triangle(sh.cell);
}

void ZetaModelPolicy::Impl::convert(int k) {
  const Ship& sh = ship(k);
  type[static_cast<size_t>(k)] = ShipType::Converting;
  const size_t width = reach.size() + static_cast<size_t>(convert_columns);
  for (size_t c = static_cast<size_t>(distinct_positions); c < width; ++c)
    pref[static_cast<size_t>(k) * width + c] = kConvertNow;
  bank += sh.cargo - convert_price;
  --ship_count;
  ++yard_count;
  planned_sites.push_back(sh.cell);
  if (step < 10) first_yard_step = step;
  if (sh.cell == next_site) next_site = -1;
}

void ZetaModelPolicy::Impl::spawn(int y) {
  const int cell = s->shipyards()[static_cast<size_t>(y)].cell;
  spawns.push_back(y);
  planned_moves.push_back(cell);
  bank -= spawn_price;
  ++ship_count;
  std::vector<int> around = {cell};
  for (int nb : neighbours(cell)) around.push_back(nb);
  for (int c : around) {
    const int j = ship_at[static_cast<size_t>(c)];
    if (j >= 0 && s->ships()[static_cast<size_t>(j)].owner == me)
      change(own_index(s->ships()[static_cast<size_t>(j)].id), cell, kSpawnCell);
  }
}

void ZetaModelPolicy::Impl::build_yards() {
  if (own.empty()) return;
  std::vector<int> avoid;
  for (int q = 0; q < s->num_players(); ++q)
    for (const Shipyard& y : s->shipyards())
      if (y.owner == q && q != me && presence_diff[static_cast<size_t>(q)] < (step > 130 ? 14 : 10))
        avoid.push_back(y.cell);
  const int lo = PI(zp::min_shipyard_distance), hi = PI(zp::max_shipyard_distance);
  bool in_avoid = false;
  if (next_site >= 0)
    for (int a : avoid)
      if (dist(a, next_site) < P(zp::min_enemy_shipyard_distance)) {
        in_avoid = true;
        break;
      }
  const int board_yards = static_cast<int>(own_yards.size());
  if (next_site >= 0 &&
      !(lo <= yard_dist[static_cast<size_t>(next_site)] && yard_dist[static_cast<size_t>(next_site)] <= hi &&
        !in_avoid && board_yards >= last_yard_count) &&
      board_yards > 0 && step <= P(zp::shipyard_stop))
    plan_site();
  const bool disabled =
      (P(zp::shipyard_start) > step || step > P(zp::shipyard_stop)) && (step > kFirstTurns || board_yards > 0);
  const int base = std::max(connected, 1) + 1;
  const int board_ships = static_cast<int>(own.size());
  const bool want =
      step < P(zp::shipyard_stop) && ((P(zp::third_shipyard_step) <= step && step < 200 && max_connections <= 1 &&
                                       ship_advantage > -10 && ship_count >= rules->ships_per_yards[2]) ||
                                      (P(zp::second_shipyard_step) <= step && max_connections == 0 &&
                                       ship_advantage > -18 && ship_count >= rules->ships_per_yards[1]) ||
                                      (((base < static_cast<int>(rules->ships_per_yards.size()) &&
                                         board_ships >= rules->ships_per_yards[static_cast<size_t>(base)]) ||
                                        base / static_cast<double>(board_ships) <= P(zp::ships_shipyards_threshold)) &&
                                       ship_advantage > P(zp::shipyard_min_ship_advantage) && max_connections > 1));
  if (want) {
    if (next_site < 0) {
      plan_site();
    } else if (small_dom[static_cast<size_t>(next_site)] >= -3) {
      std::vector<int> candidates;
      for (size_t k = 0; k < own.size(); ++k) {
        const Ship& sh = ship(static_cast<int>(k));
        if ((sh.cargo <= 0 || (step <= 45 && enemy_dist[static_cast<size_t>(next_site)] >= 2)) &&
            !typed(static_cast<int>(k)))
          candidates.push_back(static_cast<int>(k));
      }
      std::stable_sort(candidates.begin(), candidates.end(),
                       [&](int a, int b) { return dist(ship(a).cell, next_site) < dist(ship(b).cell, next_site); });
      const int occupant = ship_at[static_cast<size_t>(next_site)];
      if (!candidates.empty() && (occupant < 0 || s->ships()[static_cast<size_t>(occupant)].owner != me))
        type[static_cast<size_t>(candidates[0])] = ShipType::Constructing;
      if (candidates.size() > 1 && bank > 250 && small_dom[static_cast<size_t>(next_site)] < 3)
        type[static_cast<size_t>(candidates[1])] = ShipType::ConstructionGuarding;
    }
  } else if (disabled) {
    return;
  }
  std::vector<int> by_cargo(own.size());
  std::iota(by_cargo.begin(), by_cargo.end(), 0);
  std::stable_sort(by_cargo.begin(), by_cargo.end(), [&](int a, int b) { return ship(a).cargo > ship(b).cargo; });
  for (int k : by_cargo) {
    if (should_convert(k) && type[static_cast<size_t>(k)] != ShipType::Converting &&
        (!disabled || (next_site >= 0 && ship(k).cell == next_site))) {
      convert(k);
      return;
    }
  }
}

int ZetaModelPolicy::Impl::guard_position(int site, std::vector<UnitId>& taken) {
  const int ed = enemy_dist[static_cast<size_t>(site)], ed2 = enemy_dist2[static_cast<size_t>(site)];
  const double dom = medium_dom[static_cast<size_t>(site)];
  int md = kFar, md2 = kFar, guard = -1, guard2 = -1;
  for (size_t k = 0; k < own.size(); ++k) {
    const ShipType t = type[k];
    const Ship& sh = ship(static_cast<int>(k));
    if (t == ShipType::Converting || t == ShipType::Constructing) continue;
    if (std::find(taken.begin(), taken.end(), sh.id) != taken.end()) continue;
    const int d = dist(site, sh.cell);
    if (d < md && (sh.cargo <= 0 || d < ed)) {
      md2 = md;
      md = d;
      guard2 = guard;
      guard = static_cast<int>(k);
    } else if (d < md2 && (sh.cargo <= 0 || d < ed2)) {
      guard2 = static_cast<int>(k);
      md2 = d;
    }
  }
  if (guard >= 0) taken.push_back(ship(guard).id);
  auto place = [&](int g, int e_d, int m_d) {
    if (dom < P(zp::shipyard_abandon_dominance)) return;
    if (g < 0) return;
    if (e_d - 1 <= m_d) {
      yard_guard[static_cast<size_t>(g)] = 1;
      guarding.push_back(g);
      border_guard[static_cast<size_t>(g)] = site;
      type[static_cast<size_t>(g)] = ShipType::Guarding;
      if (e_d <= m_d) urgent_guard[static_cast<size_t>(g)] = 1;
    } else if (e_d - 2 <= m_d) {
      if (halite[ship(g).cell] > 0) change(g, ship(g).cell, kGuardNoMining);
    }
  };
  place(guard, ed, md);
  place(guard2, ed2, md2);
  return md;
}

void ZetaModelPolicy::Impl::guard_yards() {
  std::vector<UnitId> taken;
  for (int site : std::vector<int>(planned_sites)) guard_position(site, taken);
  for (int yi : own_yards) {
    const Shipyard& y = s->shipyards()[static_cast<size_t>(yi)];
    if (in_list(planned_moves, y.cell)) continue;
    const double dom = medium_dom[y.cell];
    const int md = guard_position(y.cell, taken);
    std::vector<int> attackers;
    double lightest = 500;
    for (int nb : neighbours(y.cell)) {
      const int j = ship_at[static_cast<size_t>(nb)];
      if (j >= 0 && s->ships()[static_cast<size_t>(j)].owner != me) attackers.push_back(j);
    }
    if (!attackers.empty()) {
      lightest = kInf;
      for (int j : attackers) lightest = std::min(lightest, s->ships()[static_cast<size_t>(j)].cargo);
    }
    if (attackers.empty() || md == 1) continue;
    const int on = ship_at[y.cell];
    if (on >= 0) {
      const int k = own_index(s->ships()[static_cast<size_t>(on)].id);
      type[static_cast<size_t>(k)] = ShipType::ShipyardGuarding;
      // The bot draws random() > attack probability here; the model takes the
      // likelier outcome (the yard's ship stays when the probability is
      // below .5).
      const bool draw_stays = P(zp::shipyard_guarding_attack_probability) < 0.5;
      if (bank < spawn_cost || (step > P(zp::spawn_till) && (yard_count > 1 || step > kLateStep)) ||
          dom < P(zp::shipyard_guarding_min_dominance) || draw_stays || step >= P(zp::guarding_stop)) {
        if (dom > P(zp::shipyard_abandon_dominance)) change(k, y.cell, kHoldYard);
      } else {
        spawn(yi);
        for (int j : attackers) change(k, s->ships()[static_cast<size_t>(j)].cell, kRamAttacker);
      }
    } else {
      std::vector<int> potential;
      for (int nb : neighbours(y.cell)) {
        const int j = ship_at[static_cast<size_t>(nb)];
        if (j >= 0 && s->ships()[static_cast<size_t>(j)].owner == me &&
            s->ships()[static_cast<size_t>(j)].cargo <= lightest)
          potential.push_back(own_index(s->ships()[static_cast<size_t>(j)].id));
      }
      if (!potential.empty() && (reached_spawn_limit() || bank < spawn_cost)) {
        std::stable_sort(potential.begin(), potential.end(),
                         [&](int a, int b) { return ship(a).cargo < ship(b).cargo; });
        change(potential[0], y.cell, kGuardYard);
        type[static_cast<size_t>(potential[0])] = ShipType::ShipyardGuarding;
      } else if (bank > spawn_cost &&
                 (dom >= P(zp::shipyard_guarding_min_dominance) || step <= 25 || yard_count == 1) &&
                 (step < P(zp::guarding_stop) || (yard_count == 1 && step < P(zp::end_start)))) {
        spawn(yi);
      }
    }
  }
}

// ---- ship types and targets --------------------------------------------------

ShipType ZetaModelPolicy::Impl::ship_type(int k) const {
  if (typed(k)) return type[static_cast<size_t>(k)];
  const Ship& sh = ship(k);
  if (step >= P(zp::end_start) && yard_dist[sh.cell] + step + P(zp::end_return_extra_moves) >= kLastStep &&
      sh.cargo >= P(zp::ending_halite_threshold))
    return ShipType::Ending;
  if (sh.cargo >= P(zp::return_halite)) return ShipType::Returning;
  for (const auto& [c, h] : vulnerable_cells)
    if (sh.cargo <= h && dist(sh.cell, c) <= 2) return ShipType::Hunting;
  return ShipType::Mining;
}

double ZetaModelPolicy::Impl::mining_score(int k, int ship_cell, int cell, double cargo_k) const {
  const int dfs = dist(ship_cell, cell);
  int dsy = yard_dist[static_cast<size_t>(cell)];
  double alpha = step > 20 + dsy ? P(zp::mining_score_alpha) : 0.5;
  double beta = mining_beta;
  // (On a board without halite the bot divides by zero; the model takes 0.)
  const double quality = max_ultra > 0 ? ultra[static_cast<size_t>(ship_cell)] / max_ultra : 0;
  if (alpha == P(zp::mining_score_alpha))
    alpha *= P(zp::mining_score_alpha_min) + (1 - P(zp::mining_score_alpha_min)) * (1 - quality);
  if (beta == P(zp::mining_score_beta))
    beta *= P(zp::mining_score_beta_min) + (1 - P(zp::mining_score_beta_min)) * (1 - quality);
  const double g = std::pow(P(zp::map_blur_gamma), dfs);
  const double h = halite[static_cast<size_t>(cell)];
  double hv = (1 - g) * blurred[static_cast<size_t>(cell)] + g * h;
  if (is_enemy_at[static_cast<size_t>(cell)] && dfs > 1)
    hv *= std::pow(0.75, dfs - 1);
  else
    hv = std::min(std::pow(1.02, dfs) * hv, 500.0);
  const bool farming_active = P(zp::farming_start) <= step + dfs && step + dfs < farming_end;
  if (dsy > 20) dsy = 20;
  int ch;
  if (cargo_k == 0)
    ch = 0;
  else if (hv == 0)
    ch = 14;
  else
    ch = static_cast<int>(clip(std::trunc(std::log(beta * cargo_k / hv) * 2.5 + 5.5), 0, 14));
  int steps;
  if (dsy == 0) {
    steps = 0;
    if (dfs == 0) return 0;
  } else if (is_farming[static_cast<size_t>(cell)] && h >= harvest && farming_active) {
    steps = static_cast<int>(std::ceil(std::log(harvest / hv) / std::log(0.75)));
  } else {
    const int i1 = std::min(std::max(dfs, 0), 21);
    const int i2 = std::min(std::max(static_cast<int>(std::nearbyint(alpha * dsy)), 0), 21);
    steps = mining_table().steps[static_cast<size_t>(i1)][static_cast<size_t>(i2)][static_cast<size_t>(ch)];
  }
  if (step >= P(zp::end_start)) {
    const int ending = step + dfs + steps + dsy + PI(zp::end_return_extra_moves) / 2 - kLastStep;
    if (ending > 0) steps = std::max(steps - ending, 0);
  }
  const double dclip = P(zp::mining_score_dominance_clip), dnorm = P(zp::mining_score_dominance_norm);
  double safety = dnorm * clip(small_safety[static_cast<size_t>(cell)] + dclip, 0, 1.5 * dclip) / (1.5 * dclip);
  if (step < P(zp::mining_score_start_returning)) {
    safety /= 1.5;
    safety += dnorm / 3;
  }
  safety += 1 - dnorm / 2;
  double score = std::pow(P(zp::mining_score_gamma), dfs + steps) *
                 (beta * cargo_k + (1 - std::pow(0.75, steps)) * hv) * safety /
                 std::max(dfs + steps + alpha * dsy, 1.0);
  if (dsy == 0 && step <= 11) score *= 0.1;
  if (farming_active) {
    if (h < harvest && is_farming[static_cast<size_t>(cell)])
      score *= P(zp::mining_score_farming_penalty);
    else if (h < P(zp::minor_harvest_threshold) * harvest && is_minor[static_cast<size_t>(cell)])
      score *= P(zp::mining_score_minor_farming_penalty);
  }
  if (step <= 8 + first_yard_step && dsy <= 3) score *= 0.05;
  if (final_) {
    const double escape_score =
        1 -
        clip(escape[static_cast<size_t>(k) * static_cast<size_t>(cells) + static_cast<size_t>(cell)] - danger_tolerance,
             0, kEscapeNorm) /
            kEscapeNorm;
    score *= escape_score;
    if (escape_score > kEscapeSafe && step > P(zp::greed_stop)) {
      int nearest = 99999;
      for (int q : radius_list(cell, kTinyRadius)) nearest = std::min(nearest, danger[static_cast<size_t>(q)]);
      if (nearest <= cargo_k) score *= clip(nearest / (cargo_k + kNearDangerCargo), kNearDangerMin, kNearDangerMax);
    }
  }
  return score;
}

bool ZetaModelPolicy::Impl::interception(int k, int e, int safe, std::vector<int>* dir, int* idist, int* ipos) const {
  const Ship& sh = ship(k);
  const Ship& en = s->ships()[static_cast<size_t>(e)];
  const int ip = (safe == kWest || safe == kEast) ? at(xof(sh.cell), yof(en.cell)) : at(xof(en.cell), yof(sh.cell));
  const std::vector<int> target_dir = nav(en.cell, ip);
  const int d = dist(sh.cell, ip);
  std::vector<int> idir = nav(sh.cell, ip);
  if (idir.empty() && dist(sh.cell, en.cell) > 1) idir = nav(sh.cell, en.cell);
  if (!target_dir.empty() && target_dir[0] == safe && dist(en.cell, ip) >= d) {
    if (dir) *dir = idir;
    if (idist) *idist = d;
    if (ipos) *ipos = ip;
    return true;
  }
  return false;
}

int ZetaModelPolicy::Impl::farming_between(int src, int dst, bool x_axis) const {
  const int s1 = x_axis ? xof(src) : yof(src), s2 = x_axis ? yof(src) : xof(src);
  const int dc = x_axis ? yof(dst) : xof(dst);
  const int distance = axis_dist(s2, dc);
  int count = 0;
  for (int f : real_farming) {
    if ((x_axis ? xof(f) : yof(f)) != s1) continue;
    const int f2 = x_axis ? yof(f) : xof(f);
    if (axis_dist(s2, f2) < distance && axis_dist(dc, f2) < distance) ++count;
  }
  return count;
}

double ZetaModelPolicy::Impl::hunting_score(int k, int e) {
  const Ship& sh = ship(k);
  const Ship& en = s->ships()[static_cast<size_t>(e)];
  const double dh = en.cargo - sh.cargo;
  const int d = dist(sh.cell, en.cell);
  double hs;
  if (dh < 0)
    hs = -9999;
  else if (dh == 0)
    hs = 0.25 * P(zp::hunting_score_ship_bonus) * (1 - step / static_cast<double>(kLastStep)) /
         P(zp::hunting_score_halite_norm);
  else
    hs = (P(zp::hunting_score_ship_bonus) * (1 - step / static_cast<double>(kLastStep)) + dh) /
         P(zp::hunting_score_halite_norm);
  const double dom =
      P(zp::hunting_score_delta) + P(zp::hunting_score_beta) * clip(medium_dom[en.cell] + 10, 0, 20) / 20;
  const double player_score = 1 + P(zp::hunting_score_kappa) * (rank <= 1 ? 3 - rank_of[static_cast<size_t>(me)]
                                                                          : rank_of[static_cast<size_t>(me)]);
  double score = std::pow(P(zp::hunting_score_gamma), d) * hs *
                 (is_guarding[en.cell] ? P(zp::hunting_score_region) : 1) * dom * player_score *
                 (1 + P(zp::hunting_score_iota) * clip(ultra[en.cell], 0, 200) / 200) *
                 (1 + P(zp::hunting_score_zeta) * clip(cargo_map[en.cell], 0, P(zp::hunting_score_cargo_clip)) /
                          P(zp::hunting_score_cargo_clip));
  if (next_site >= 0 && dist(en.cell, next_site) <= 3) score *= P(zp::hunting_score_ypsilon);
  const auto v = vulnerable.find(en.id);
  if (v != vulnerable.end()) {
    const int safe = v->second;
    if (d <= 2) {
      score *= P(zp::hunting_score_hunt);
    } else if (safe != -1 && safe != -2) {
      std::vector<int> dir;
      if (interception(k, e, safe, &dir, nullptr, nullptr)) {
        score *= P(zp::hunting_score_intercept);
        interceptions[{sh.id, en.id}] = dir;
      }
    } else if (d <= 4) {
      score *= P(zp::hunting_score_intercept) / 2;
    }
  }
  if (!real_farming.empty() && !is_farming[en.cell]) {
    int least = 1 << 30;
    // The bot passes each move as the axis: never 'x', so always the y test.
    for (size_t i = 0; i < nav(sh.cell, en.cell).size(); ++i)
      least = std::min(least, farming_between(sh.cell, en.cell, false));
    score *= std::pow(P(zp::hunting_score_farming_position_penalty), least);
  }
  return score;
}

double ZetaModelPolicy::Impl::border_score(int ship_cell, int b) const {
  double score = 0.5 * dist(ship_cell, b) + small_dom[static_cast<size_t>(b)] +
                 (ship_cell == b && halite[static_cast<size_t>(b)] > 0 ? 50 : 0);
  if (yard_dist[static_cast<size_t>(b)] <= 2) score -= 1.5;
  return score;
}

void ZetaModelPolicy::Impl::assign_targets() {
  if (ship_count == 0) return;
  const auto ships = s->ships();
  // Mining: cells worth mining and drop-offs (a yard at each ship's distance).
  std::vector<int> targets;
  for (int c = 0; c < cells; ++c)
    if (halite[static_cast<size_t>(c)] >= P(zp::min_mining_halite) && small_safety[static_cast<size_t>(c)] >= -2)
      targets.push_back(c);
  {
    std::vector<int64_t> keys;
    for (int y : yard_cells)
      for (int k : mining) keys.push_back(y + dist(ship(k).cell, y) * 1000);
    std::vector<uint64_t> hashes(keys.begin(), keys.end());
    for (int64_t key : python_set_order(keys, hashes)) targets.push_back(static_cast<int>(key));
  }
  mining_beta = step >= P(zp::mining_score_start_returning) ? P(zp::mining_score_beta) : P(zp::mining_score_juicy);
  if (farming_end < step && step < P(zp::end_start)) mining_beta = P(zp::mining_score_juicy_end);
  const int rows = static_cast<int>(mining.size()), cols = static_cast<int>(targets.size());
  std::vector<double> scores(static_cast<size_t>(rows) * static_cast<size_t>(cols));
  for (int r = 0; r < rows; ++r) {
    const Ship& sh = ship(mining[static_cast<size_t>(r)]);
    for (int c = 0; c < cols; ++c) {
      int pos = targets[static_cast<size_t>(c)];
      double& v = scores[static_cast<size_t>(r * cols + c)];
      if (pos >= 1000) {  // a drop-off (one at distance 0 reads as a plain cell, as in the bot)
        const int d = pos / 1000;
        pos %= 1000;
        if (d != dist(sh.cell, pos)) {
          v = kNone;
          continue;
        }
      }
      v = mining_score(mining[static_cast<size_t>(r)], sh.cell, pos, sh.cargo);
    }
  }
  const auto pairs = assign_max(solver, rows, cols, scores);
  std::vector<double> assigned;
  for (const auto& [r, c] : pairs) assigned.push_back(scores[static_cast<size_t>(r * cols + c)]);
  std::sort(assigned.begin(), assigned.end());
  const double proportion = step < farming_end ? P(zp::hunting_proportion) : P(zp::hunting_proportion_after_farming);
  const bool hunting_on =
      step > P(zp::disable_hunting_till) && (ship_count >= P(zp::hunting_min_ships) || step > P(zp::spawn_till));
  double threshold = -1;
  if (!assigned.empty()) {
    const double mean = np_sum(assigned.data(), assigned.size()) / static_cast<double>(assigned.size());
    std::vector<double> sq(assigned.size());
    for (size_t i = 0; i < assigned.size(); ++i) sq[i] = (assigned[i] - mean) * (assigned[i] - mean);
    const double sd = std::sqrt(np_sum(sq.data(), sq.size()) / static_cast<double>(sq.size()));
    const size_t idx = static_cast<size_t>(std::ceil(static_cast<double>(assigned.size()) * proportion)) - 1;
    threshold = std::max(mean - sd * P(zp::hunting_score_alpha), assigned[std::min(idx, assigned.size() - 1)]);
  }
  std::vector<std::pair<int, int>> ship_targets;  // (own ship, cell)
  for (const auto& [r, c] : pairs) {
    const double v = scores[static_cast<size_t>(r * cols + c)];
    const int k = mining[static_cast<size_t>(r)];
    if ((v < (step > 80 ? P(zp::hunting_threshold) : P(zp::hunting_threshold) - 4) ||
         (v <= threshold && ship(k).cargo <= 0)) &&
        hunting_on)
      continue;
    ship_targets.emplace_back(k, targets[static_cast<size_t>(c)] % 1000);
  }
  for (const auto& [k, cell] : ship_targets) {
    if (in_list(yard_cells, cell)) {
      returning.push_back(k);
      mining.erase(std::find(mining.begin(), mining.end(), k));
      type[static_cast<size_t>(k)] = ShipType::Returning;
      deposit_target[static_cast<size_t>(k)] = cell;
      continue;
    }
    mining_target[static_cast<size_t>(k)] = cell;
  }
  for (int k : std::vector<int>(mining)) {
    if (mining_target[static_cast<size_t>(k)] >= 0) continue;
    if (ship(k).cargo <= 0) {
      hunting.push_back(k);
      type[static_cast<size_t>(k)] = ShipType::Hunting;
    } else {
      returning.push_back(k);
      type[static_cast<size_t>(k)] = ShipType::Returning;
    }
  }

  // Hunting: each enemy ship has columns per direction it can be approached from.
  interceptions.clear();
  const int per_dir = PI(zp::max_hunting_ships_per_direction);
  std::vector<std::pair<int, int>> columns;  // (direction code, enemy)
  for (int e : enemies)
    for (int code : {1, 2, 4, 8})
      for (int i = 0; i < per_dir; ++i) columns.emplace_back(code, e);
  const int hrows = static_cast<int>(hunting.size()), hcols = static_cast<int>(columns.size());
  std::vector<double> hscores(static_cast<size_t>(hrows) * static_cast<size_t>(hcols));
  for (int r = 0; r < hrows; ++r) {
    const int k = hunting[static_cast<size_t>(r)];
    std::map<int, double> memo;
    for (int c = 0; c < hcols; ++c) {
      const auto [code, e] = columns[static_cast<size_t>(c)];
      const int far = farthest_code(ship(k).cell, ships[static_cast<size_t>(e)].cell);
      const int diff = far - code;
      if (far == code || diff == 1 || diff == 2 || diff == 4 || diff == 8) {
        auto it = memo.find(e);
        if (it == memo.end()) it = memo.emplace(e, hunting_score(k, e)).first;
        hscores[static_cast<size_t>(r * hcols + c)] = it->second;
      } else {
        hscores[static_cast<size_t>(r * hcols + c)] = kNone;
      }
    }
  }
  std::vector<double> assigned_h;
  const auto hpairs = assign_max(solver, hrows, hcols, hscores);
  std::vector<char> hunted_now(ships.size(), 0);
  for (const auto& [r, c] : hpairs) {
    const int e = columns[static_cast<size_t>(c)].second;
    const Ship& en = ships[static_cast<size_t>(e)];
    hunting_targets[ship(hunting[static_cast<size_t>(r)]).id] = {false, en.id, en.cell, en.cargo, en.owner};
    hunted_now[static_cast<size_t>(e)] = 1;
    assigned_h.push_back(hscores[static_cast<size_t>(r * hcols + c)]);
  }

  if (!own_yards.empty()) {
    // Guards: the weakest hunters guard, attack nearby intruders, or hold the border.
    std::vector<Target> guard_targets;
    std::vector<int> guard_target_ship;  // ship index or -1 (yard)
    for (int e : enemies)
      if (is_guarding[ships[static_cast<size_t>(e)].cell]) {
        const Ship& en = ships[static_cast<size_t>(e)];
        guard_targets.push_back({false, en.id, en.cell, en.cargo, en.owner});
        guard_target_ship.push_back(e);
      }
    for (int q = 0; q < s->num_players(); ++q)
      for (const Shipyard& y : s->shipyards())
        if (y.owner == q && q != me && is_guarding[y.cell] && yard_count < rules->guard_enemy_yards_below) {
          guard_targets.push_back({true, y.id, y.cell, 0, y.owner});
          guard_target_ship.push_back(-1);
        }
    std::sort(assigned_h.begin(), assigned_h.end());
    int endangered = 0;
    for (int y : own_yards) {
      bool any = false;
      for (int e : enemies)
        any |= dist(ships[static_cast<size_t>(e)].cell, s->shipyards()[static_cast<size_t>(y)].cell) <= 6;
      endangered += any;
    }
    int in_zone = 0;
    for (int e : enemies) in_zone += is_guarding[ships[static_cast<size_t>(e)].cell];
    const int L = static_cast<int>(assigned_h.size());
    const double gnorm = P(zp::guarding_ship_advantage_norm), hnorm = P(zp::guarding_norm);
    // The guards' share of the hunters; zeta_final mixes in a fixed share.
    const double pressure =
        (1 - clip(ship_advantage, 0, gnorm) / gnorm) * (clip(enemy_hunting_share, 0, hnorm) / hnorm);
    const double share = final_ ? 0.5 * pressure + 0.5 * P(zp::guarding_proportion) : pressure;
    const int a =
        std::min({static_cast<int>(std::ceil(share * L)) - 1, PI(zp::guarding_max_ships_per_shipyard) * endangered - 1,
                  step >= P(zp::guarding_end) ? 0 : 500});
    const int gti = std::min(std::max({a, std::min(L - 1, static_cast<int>(own_yards.size())),
                                       L - rules->hunters_per_intruder * in_zone - 1}) -
                                 static_cast<int>(guarding.size()),
                             static_cast<int>(guarding_border.size()) - 1);
    if (gti > 0) {
      const double gthreshold = assigned_h[static_cast<size_t>(gti)];
      for (const auto& [r, c] : hpairs) {
        const int k = hunting[static_cast<size_t>(r)];
        const int tcell = ships[static_cast<size_t>(columns[static_cast<size_t>(c)].second)].cell;
        if (hscores[static_cast<size_t>(r * hcols + c)] < gthreshold) {
          if (!is_guarding[static_cast<size_t>(tcell)] ||
              dist(ship(k).cell, tcell) > P(zp::guarding_aggression_radius) || in_list(yard_cells, ship(k).cell))
            guarding.push_back(k);
          else
            type[static_cast<size_t>(k)] = ShipType::Defending;
        }
      }
      std::vector<Target> gt;
      for (size_t i = 0; i < guard_targets.size(); ++i) {
        const int e = guard_target_ship[i];
        if (e < 0 || !hunted_now[static_cast<size_t>(e)] || guard_targets[i].cargo > 0) gt.push_back(guard_targets[i]);
      }
      std::vector<int> free_guards;
      for (int k : guarding)
        if (!yard_guard[static_cast<size_t>(k)]) free_guards.push_back(k);
      std::vector<int> defending;
      if (!gt.empty() && !free_guards.empty()) {
        const int per = PI(zp::max_guarding_ships_per_target);
        const int dr = static_cast<int>(free_guards.size()), dc = static_cast<int>(gt.size()) * per;
        std::vector<double> dm(static_cast<size_t>(dr) * static_cast<size_t>(dc), 99999);
        for (int r = 0; r < dr; ++r)
          for (int t = 0; t < static_cast<int>(gt.size()); ++t) {
            const int d = dist(ship(free_guards[static_cast<size_t>(r)]).cell, gt[static_cast<size_t>(t)].cell);
            if (d <= P(zp::guarding_aggression_radius)) dm[static_cast<size_t>(r * dc + t * per)] = d;
          }
        for (const auto& [r, c] : assign_max(solver, dr, dc, dm, false)) {
          if (dm[static_cast<size_t>(r * dc + c)] > P(zp::guarding_aggression_radius)) continue;
          const int k = free_guards[static_cast<size_t>(r)];
          defending.push_back(k);
          type[static_cast<size_t>(k)] = ShipType::Defending;
          hunting_targets[ship(k).id] = gt[static_cast<size_t>(c / per)];
        }
      }
      for (int k : std::vector<int>(guarding)) {
        if (in_list(defending, k)) continue;
        auto it = std::find(hunting.begin(), hunting.end(), k);
        if (it != hunting.end()) hunting.erase(it);
        type[static_cast<size_t>(k)] = ShipType::Guarding;
      }
    }
    std::vector<int> kept;
    for (int k : guarding)
      if (!in_list(hunting, k)) kept.push_back(k);
    guarding = kept;
    std::vector<int> available;
    for (int k : guarding)
      if (!yard_guard[static_cast<size_t>(k)]) available.push_back(k);
    if (!available.empty()) {
      const int br = static_cast<int>(available.size()), bc = static_cast<int>(guarding_border.size());
      std::vector<double> bm(static_cast<size_t>(br) * static_cast<size_t>(bc));
      for (int r = 0; r < br; ++r)
        for (int c = 0; c < bc; ++c)
          bm[static_cast<size_t>(r * bc + c)] =
              border_score(ship(available[static_cast<size_t>(r)]).cell, guarding_border[static_cast<size_t>(c)]);
      for (const auto& [r, c] : assign_max(solver, br, bc, bm, false))
        border_guard[static_cast<size_t>(available[static_cast<size_t>(r)])] = guarding_border[static_cast<size_t>(c)];
    }
    for (int k : available)
      if (border_guard[static_cast<size_t>(k)] < 0) {
        type[static_cast<size_t>(k)] = ShipType::Hunting;
        hunting.push_back(k);
      }
  }
}

// ---- moves -------------------------------------------------------------------

void ZetaModelPolicy::Impl::prefer(int k, const std::vector<int>& dirs, double weight, bool penalize_farming,
                                   bool reduce_farming_penalty, int destination) {
  const int c = ship(k).cell;
  for (int d : dirs) change(k, move(c, d), weight);
  if (destination >= 0 && dirs.size() >= 2 && !real_farming.empty()) {
    const int a1 = farming_between(c, destination, dirs[0] == kEast || dirs[0] == kWest);
    const int a2 = farming_between(c, destination, dirs[1] == kEast || dirs[1] == kWest);
    if (a1 > a2)
      change(k, move(c, dirs[0]), std::trunc(floordiv(-weight, 2)));
    else if (a1 < a2)
      change(k, move(c, dirs[1]), std::trunc(floordiv(-weight, 2)));
  }
  for (int d : {kNorth, kEast, kSouth, kWest})
    if (std::find(dirs.begin(), dirs.end(), d) == dirs.end()) change(k, move(c, d), std::trunc(floordiv(-weight, 1.2)));
  if (!penalize_farming || reduce_farming_penalty) {
    const auto nbs = neighbours(c);
    std::vector<int> around(nbs.begin(), nbs.end());
    around.push_back(c);
    const double delta =
        !penalize_farming ? -P(zp::cell_score_farming) : std::trunc(floordiv(-P(zp::cell_score_farming), 1.5));
    for (int q : around)
      if (is_farming[static_cast<size_t>(q)] && 0 < halite[static_cast<size_t>(q)] &&
          halite[static_cast<size_t>(q)] < harvest)
        change(k, q, delta);
  }
}

int ZetaModelPolicy::Impl::nearest_yard(int c) const {
  int best = -1, bd = 1 << 30;
  for (int y : yard_cells)
    if (dist(c, y) < bd) bd = dist(c, y), best = y;
  return best;
}

void ZetaModelPolicy::Impl::handle_returning(int k) {
  const Ship& sh = ship(k);
  const bool ending = type[static_cast<size_t>(k)] == ShipType::Ending;
  int dest = !ending && deposit_target[static_cast<size_t>(k)] >= 0 ? deposit_target[static_cast<size_t>(k)]
                                                                    : nearest_yard(sh.cell);
  if (dest < 0) {
    if (planned_sites.empty()) return;
    dest = planned_sites[0];
  }
  if (ending && dist(sh.cell, dest) == 1) {
    change(k, dest, kEndingHome);
    return;
  }
  prefer(k, nav(sh.cell, dest), P(zp::move_preference_return), true, false, dest);
}

void ZetaModelPolicy::Impl::handle_mining(int k) {
  const int target = mining_target[static_cast<size_t>(k)];
  if (target < 0) return;
  const Ship& sh = ship(k);
  const bool reduce = !is_farming[static_cast<size_t>(target)];
  if (target != sh.cell) {
    prefer(k, nav(sh.cell, target), P(zp::move_preference_base), true, reduce, target);
    if (yard_dist[sh.cell] == 1)
      for (int nb : neighbours(sh.cell)) {
        const int y = yard_at[static_cast<size_t>(nb)];
        if (y >= 0 && s->shipyards()[static_cast<size_t>(y)].owner == me)
          change(k, nb, (step <= 11 && bank >= spawn_price ? 5 : 1) * P(zp::move_preference_stay_on_shipyard));
      }
  } else {
    change(k, target, P(zp::move_preference_mining));
    prefer(k, {}, P(zp::move_preference_mining), true, reduce);
  }
}

void ZetaModelPolicy::Impl::handle_hunting(int k) {
  const Ship& sh = ship(k);
  const double w = P(zp::move_preference_hunting);
  const auto known = hunting_targets.find(sh.id);
  bool penalize = true;
  if (type[static_cast<size_t>(k)] == ShipType::Defending && known != hunting_targets.end() &&
      is_farming[static_cast<size_t>(known->second.cell)])
    penalize = false;
  if (step >= P(zp::end_start) && sh.cargo == 0) {
    std::vector<std::pair<int, double>> targets;  // (cell, key)
    for (int q = 0; q < s->num_players(); ++q)
      for (const Shipyard& y : s->shipyards())
        if (y.owner == q && q != me && step + dist(sh.cell, y.cell) <= kLastStep) {
          const double key =
              (halite_rank_of[static_cast<size_t>(me)] <= 1 ? 30 - halite_rank_of[static_cast<size_t>(q)] * 10
                                                            : halite_rank_of[static_cast<size_t>(q)] * 10) -
              dist(sh.cell, y.cell);
          targets.emplace_back(y.cell, key);
        }
    if (!targets.empty()) {
      std::stable_sort(targets.begin(), targets.end(),
                       [](const auto& a, const auto& b) { return a.second > b.second; });
      prefer(k, nav(sh.cell, targets[0].first), w * 2, penalize, false, targets[0].first);
    }
  }
  if (enemies.empty()) return;
  Target t;
  if (known != hunting_targets.end()) {
    t = known->second;
  } else {
    int best = -1;
    double bs = -kInf;
    for (int e : enemies) {
      const double v = hunting_score(k, e);
      if (best < 0 || v > bs) best = e, bs = v;
    }
    const Ship& en = s->ships()[static_cast<size_t>(best)];
    t = {false, en.id, en.cell, en.cargo, en.owner};
  }
  if (!((t.yard && sh.cargo <= P(zp::max_halite_attack_shipyard)) || (!t.yard && t.cargo >= sh.cargo))) return;
  const int d = dist(sh.cell, t.cell);
  if (halite[sh.cell] > 0 && d > 1) change(k, sh.cell, std::trunc(-0.8 * w));
  const auto ic = interceptions.find({sh.id, t.id});
  if (ic != interceptions.end()) {
    prefer(k, ic->second, w, penalize, false, t.cell);
    return;
  }
  if (d > 2 || t.yard) {
    prefer(k, nav(sh.cell, t.cell), w, penalize, false, t.cell);
    return;
  }
  const auto target_reach = in_reach(t.cell);
  std::vector<int> possible;
  for (int c : in_reach(sh.cell)) {
    if (std::find(target_reach.begin(), target_reach.end(), c) == target_reach.end()) {
      if (c != sh.cell || halite[static_cast<size_t>(c)] >= 4 * (t.cargo - sh.cargo))
        change(k, c, std::trunc(floordiv(-w, 1.2)));
      else
        change(k, c, std::trunc(floordiv(-w, 2)));
    } else {
      possible.push_back(c);
    }
  }
  for (int c : possible)
    if (!escape_count.count({t.id, c})) escape_count[{t.id, c}] = 3;
  std::set<int, std::greater<int>> counts;
  for (int c : possible) counts.insert(escape_count[{t.id, c}]);
  std::map<int, int> rank_of_count;
  int i = 0;
  for (int cnt : counts) rank_of_count[cnt] = i++;
  for (int c : possible) {
    if (c != sh.cell || halite[static_cast<size_t>(c)] < 4 * (t.cargo - sh.cargo)) {
      change(k, c, std::trunc(w / (rank_of_count[escape_count[{t.id, c}]] + 1)));
    } else {
      const auto v = vulnerable.find(t.id);
      if (v != vulnerable.end() && v->second == -2)
        change(k, c, w);
      else
        change(k, c, std::trunc(-w));
    }
  }
}

void ZetaModelPolicy::Impl::handle_guarding(int k) {
  const int target = border_guard[static_cast<size_t>(k)];
  if (target < 0) return;
  const Ship& sh = ship(k);
  const double w = P(zp::move_preference_guarding);
  if (yard_guard[static_cast<size_t>(k)]) {
    if (sh.cell != target) {
      const double weight = dist(sh.cell, target) > 3 || urgent_guard[static_cast<size_t>(k)] ? w * 2 : w;
      prefer(k, nav(sh.cell, target), weight, false, false, target);
    } else {
      change(k, sh.cell, w - P(zp::move_preference_stay_on_shipyard));
    }
  } else {
    if (halite[sh.cell] > 0) change(k, sh.cell, P(zp::move_preference_guarding_stay));
    prefer(k, nav(sh.cell, target), w, false, false, target);
  }
}

void ZetaModelPolicy::Impl::handle_constructing(int k, double weight) {
  int site = next_site;
  if (site < 0) {
    if (planned_sites.empty()) return;
    site = planned_sites[0];
  }
  prefer(k, nav(ship(k).cell, site), weight, true, false, site);
}

void ZetaModelPolicy::Impl::move_ships() {
  if (own.empty()) return;
  returning.clear();
  mining.clear();
  hunting.clear();
  guarding.clear();
  if (yard_count == 0 && step > kFirstTurns) {
    int best = 0;
    for (size_t k = 1; k < own.size(); ++k)
      if (ship(static_cast<int>(k)).cargo > ship(best).cargo) best = static_cast<int>(k);
    const Ship& sh = ship(best);
    if (sh.cargo + bank >= convert_price &&
        (step <= kLateStep || cargo > kLateConvertCargo || sh.cargo >= convert_price))
      convert(best);
  }
  // zeta_best makes ships on a yard guards before the hunting assignment.
  for (size_t k = 0; k < own.size() && !final_; ++k)
    if (yard_at[ship(static_cast<int>(k)).cell] >= 0 && 30 < step && step < farming_end &&
        !typed(static_cast<int>(k))) {
      guarding.push_back(static_cast<int>(k));
      type[k] = ShipType::Guarding;
    }
  if (P(zp::disable_hunting_till) <= step && step <= farming_end + 10) {
    std::vector<int> candidates;
    for (size_t k = 0; k < own.size(); ++k)
      if (!typed(static_cast<int>(k))) candidates.push_back(static_cast<int>(k));
    for (UnitId tid : vulnerable_order) {
      const int safe = vulnerable[tid];
      const int e = s->find_ship(tid);
      const Ship& target = s->ships()[static_cast<size_t>(e)];
      const double required = target.cargo - 1;
      int chosen = -1;
      double min_h = 9999;
      int min_d = kFar;
      for (int k : candidates) {
        if (typed(k)) continue;
        const Ship& sh = ship(k);
        if (sh.cargo > required) continue;
        if (safe == -2 || safe == -1) {
          if (danger[sh.cell] > sh.cargo && dist(sh.cell, target.cell) != 0)
            type[static_cast<size_t>(k)] = ShipType::Hunting;
          continue;
        }
        int idist = 0, ipos = 0;
        if (!interception(k, e, safe, nullptr, &idist, &ipos)) continue;
        if (idist > min_d || (idist == min_d && sh.cargo >= min_h)) continue;
        if (idist > 3 && sh.cargo > danger[static_cast<size_t>(ipos)]) continue;
        chosen = k;
        min_h = sh.cargo;
        min_d = idist;
      }
      if (chosen >= 0) type[static_cast<size_t>(chosen)] = ShipType::Hunting;
    }
  }
  for (size_t k = 0; k < own.size(); ++k) {
    const ShipType t = ship_type(static_cast<int>(k));
    type[k] = t;
    if (t == ShipType::Mining)
      mining.push_back(static_cast<int>(k));
    else if (t == ShipType::Returning || t == ShipType::Ending)
      returning.push_back(static_cast<int>(k));
    else if (t == ShipType::Hunting)
      hunting.push_back(static_cast<int>(k));
  }
  assign_targets();
  for (size_t k = 0; k < own.size(); ++k) {
    const int ki = static_cast<int>(k);
    switch (type[k]) {
      case ShipType::Mining:
        handle_mining(ki);
        break;
      case ShipType::Returning:
      case ShipType::Ending:
        handle_returning(ki);
        break;
      case ShipType::Hunting:
      case ShipType::Defending:
        handle_hunting(ki);
        break;
      case ShipType::Guarding:
        handle_guarding(ki);
        break;
      case ShipType::Constructing:
        handle_constructing(ki, P(zp::move_preference_constructing));
        break;
      case ShipType::ConstructionGuarding:
        handle_constructing(ki, P(zp::move_preference_construction_guarding));
        break;
      default:
        break;
    }
  }
}

// ---- the turn ------------------------------------------------------------------

void ZetaModelPolicy::Impl::decide(const State& st, int player, PolicyDecision& d) {
  d.clear();
  s = &st;
  me = player;
  n = st.size();
  cells = n * n;
  step = st.step();
  spawn_price = static_cast<double>(st.config().spawn_cost);
  convert_price = static_cast<double>(st.config().convert_cost);
  const bool new_game = !started || static_cast<int>(intrusions.size()) != cells;
  if (new_game) p = early;
  if (step >= early_until) p = late;  // zeta_final switches once and keeps the late set
  danger_tolerance = step >= kLateDangerToleranceStep ? kLateDangerTolerance : kDangerTolerance;
  if (new_game) {
    reset(PI(zp::farming_end));
    spawn_cost = spawn_price;
    started = true;
    intrusions.assign(static_cast<size_t>(cells), {});
  }
  if (st.player(player).status != Status::Active) return;
  const auto ships = st.ships();
  const auto yards = st.shipyards();
  bank = st.player(me).bank;
  own.clear();
  enemies.clear();
  own_yards.clear();
  yard_cells.clear();
  for (int q = 0; q < st.num_players(); ++q)
    for (size_t i = 0; i < ships.size(); ++i)
      if (ships[i].owner == q) (q == me ? own : enemies).push_back(static_cast<int>(i));
  for (size_t i = 0; i < yards.size(); ++i)
    if (yards[i].owner == me) own_yards.push_back(static_cast<int>(i));
  if (PI(zp::ids_as_strings)) {  // as nlohmann::json's sorted objects list them
    auto by_name = [](auto units) {
      return [units](int a, int b) {
        return units[static_cast<size_t>(a)].id.str() < units[static_cast<size_t>(b)].id.str();
      };
    };
    std::stable_sort(own.begin(), own.end(), by_name(ships));
    std::stable_sort(own_yards.begin(), own_yards.end(), by_name(yards));
    std::vector<int> sorted_enemies;
    for (int q = 0; q < st.num_players(); ++q) {
      std::vector<int> theirs;
      for (int e : enemies)
        if (ships[static_cast<size_t>(e)].owner == q) theirs.push_back(e);
      std::stable_sort(theirs.begin(), theirs.end(), by_name(ships));
      sorted_enemies.insert(sorted_enemies.end(), theirs.begin(), theirs.end());
    }
    enemies = sorted_enemies;
  }
  for (int i : own_yards) yard_cells.push_back(yards[static_cast<size_t>(i)].cell);
  ship_count = static_cast<int>(own.size());
  yard_count = static_cast<int>(own_yards.size());
  ship_at.assign(static_cast<size_t>(cells), -1);
  yard_at.assign(static_cast<size_t>(cells), -1);
  for (size_t i = 0; i < ships.size(); ++i) ship_at[ships[i].cell] = static_cast<int16_t>(i);
  for (size_t i = 0; i < yards.size(); ++i) yard_at[yards[i].cell] = static_cast<int16_t>(i);
  is_yard.assign(static_cast<size_t>(cells), 0);
  for (int c : yard_cells) is_yard[static_cast<size_t>(c)] = 1;
  is_enemy_at.assign(static_cast<size_t>(cells), 0);
  for (int e : enemies) is_enemy_at[ships[static_cast<size_t>(e)].cell] = 1;
  halite.assign(st.cells().begin(), st.cells().end());
  mean_halite = 0;
  int populated_cells = 0;
  for (double h : halite) mean_halite += h, populated_cells += h > 0;
  mean_halite /= cells;
  population = static_cast<double>(populated_cells) / cells;
  disc_cells = static_cast<int>(radius_list(0, static_cast<int>(std::ceil(P(zp::max_shipyard_distance) / 2))).size());
  const bool integer_map = step == 0;  // Kaggle's first halite list holds ints
  gaussian_blur(halite, n, P(zp::map_blur_sigma), integer_map, blurred);
  gaussian_blur(halite, n, P(zp::map_ultra_blur), integer_map, ultra);
  max_ultra = *std::max_element(ultra.begin(), ultra.end());

  // Ranks: numpy's argsort of four values is stable, reversed.
  const int np_ = st.num_players();
  auto ranks = [&](const std::vector<double>& value, std::vector<int>& rank_of_player) {
    std::vector<int> order_(static_cast<size_t>(np_));  // over [me] + opponents
    std::vector<int> players_list = {me};
    for (int q = 0; q < np_; ++q)
      if (q != me) players_list.push_back(q);
    std::iota(order_.begin(), order_.end(), 0);
    std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) {
      return value[static_cast<size_t>(players_list[static_cast<size_t>(a)])] <
             value[static_cast<size_t>(players_list[static_cast<size_t>(b)])];
    });
    std::reverse(order_.begin(), order_.end());
    rank_of_player.assign(static_cast<size_t>(np_), 0);
    for (int r = 0; r < np_; ++r)
      rank_of_player[static_cast<size_t>(players_list[static_cast<size_t>(order_[static_cast<size_t>(r)])])] = r;
  };
  std::vector<double> score(static_cast<size_t>(np_)), presence(static_cast<size_t>(np_)),
      banks(static_cast<size_t>(np_));
  std::vector<int> ship_n(static_cast<size_t>(np_), 0), yard_n(static_cast<size_t>(np_), 0);
  std::vector<double> cargo_q(static_cast<size_t>(np_), 0);
  for (const Ship& sh : ships) ++ship_n[sh.owner], cargo_q[sh.owner] += sh.cargo * kCargoWorth;
  for (const Shipyard& y : yards) ++yard_n[y.owner];
  for (int q = 0; q < np_; ++q) {
    const double left = 1 - step / static_cast<double>(kLastStep);
    score[static_cast<size_t>(q)] = st.player(q).bank + ship_n[static_cast<size_t>(q)] * kShipWorth * left +
                                    yard_n[static_cast<size_t>(q)] * kYardWorth * left +
                                    cargo_q[static_cast<size_t>(q)];
    presence[static_cast<size_t>(q)] = ship_n[static_cast<size_t>(q)] + yard_n[static_cast<size_t>(q)];
    banks[static_cast<size_t>(q)] = st.player(q).bank;
  }
  ranks(score, rank_of);
  ranks(presence, map_rank_of);
  ranks(banks, halite_rank_of);
  rank = rank_of[static_cast<size_t>(me)];
  map_rank = map_rank_of[static_cast<size_t>(me)];
  presence_diff.assign(static_cast<size_t>(np_), 0);
  int most_ships = 0, enemy_ships = 0, enemy_empty = 0;
  for (int q = 0; q < np_; ++q) {
    if (q == me) continue;
    presence_diff[static_cast<size_t>(q)] =
        static_cast<int>(presence[static_cast<size_t>(me)] - presence[static_cast<size_t>(q)]);
    most_ships = std::max(most_ships, ship_n[static_cast<size_t>(q)]);
  }
  for (int e : enemies) ++enemy_ships, enemy_empty += ships[static_cast<size_t>(e)].cargo <= 1;
  ship_advantage = ship_count - most_ships;
  enemy_hunting_share = static_cast<double>(enemy_empty) / std::max(1, enemy_ships);

  max_connections = connected = 0;
  for (int a : yard_cells) {
    int c = 0;
    for (int b : yard_cells)
      if (a != b && P(zp::min_shipyard_distance) <= dist(a, b) && dist(a, b) <= P(zp::max_shipyard_distance)) {
        ++c;
        max_connections = std::max(max_connections, c);
      }
    if (c > 0) ++connected;
  }
  enemy_dist.assign(static_cast<size_t>(cells), kFar);
  enemy_dist2.assign(static_cast<size_t>(cells), kFar);
  for (int c = 0; c < cells; ++c) {
    int m1 = kFar, m2 = kFar;
    for (int e : enemies) {
      const int dd = dist(c, ships[static_cast<size_t>(e)].cell);
      if (dd < m1)
        m2 = m1, m1 = dd;
      else if (dd < m2)
        m2 = dd;
    }
    enemy_dist[static_cast<size_t>(c)] = m1;
    enemy_dist2[static_cast<size_t>(c)] = m2;
  }
  yard_dist.assign(static_cast<size_t>(cells), 3);
  if (!yard_cells.empty())
    for (int c = 0; c < cells; ++c) {
      int m = 1 << 30;
      for (int y : yard_cells) m = std::min(m, dist(c, y));
      yard_dist[static_cast<size_t>(c)] = m;
    }
  if (!own.empty() || small_dom.empty()) compute_maps();
  compute_regions();
  planned_moves.clear();
  spawn_limit = reached_spawn_limit();
  harvest = harvest_threshold();
  fill_preferences();
  cargo = 0;
  for (int k : own) cargo += ships[static_cast<size_t>(k)].cargo;
  planned_sites.clear();
  const size_t m = own.size();
  type.assign(m, ShipType::None);
  mining_target.assign(m, -1);
  deposit_target.assign(m, -1);
  border_guard.assign(m, -1);
  yard_guard.assign(m, 0);
  urgent_guard.assign(m, 0);
  guarding.clear();
  spawns.clear();
  for (int e : enemies) {
    const Ship& sh = ships[static_cast<size_t>(e)];
    if (is_farming[sh.cell]) ++intrusions[sh.cell][sh.id];
  }
  find_vulnerable();
  if (step < farming_end) farming_end = estimate_farming_end();
  // The bot's special first steps.
  if (step == 0) plan_site();
  if (step <= kFirstTurns && own_yards.empty() && own.size() == 1 && ship(0).cell != next_site)
    type[0] = ShipType::Constructing;
  build_yards();
  guard_yards();
  {
    bool constructing = false;
    for (ShipType t : type) constructing |= t == ShipType::Constructing;
    bool own_on_site = false;
    if (next_site >= 0) {
      const int j = ship_at[static_cast<size_t>(next_site)];
      own_on_site = j >= 0 && ships[static_cast<size_t>(j)].owner == me;
    }
    spawn_cost = next_site >= 0 && (constructing || own_on_site || step < 20) && step < P(zp::shipyard_stop)
                     ? 2 * spawn_price
                     : spawn_price;
  }
  move_ships();

  // The moves: one assignment of ships to reachable cells and conversions.
  order.assign(m, 0);
  if (m > 0) {
    const int width = static_cast<int>(reach.size()) + convert_columns;
    for (const auto& [r, c] : assign_max(solver, static_cast<int>(m), width, pref)) {
      const Ship& sh = ship(r);
      if (c >= static_cast<int>(reach.size())) {
        if (pref[static_cast<size_t>(r * width + c)] <= kPaidConvert) {
          bank -= convert_price;
          planned_sites.push_back(sh.cell);
        }
        order[static_cast<size_t>(r)] = kConvertOption;
        continue;
      }
      const int target = reach[static_cast<size_t>(c)];
      if (target != sh.cell) {
        const int dir = nav(sh.cell, target)[0];
        static constexpr int kToMove[4] = {1, 3, 2, 4};  // N, E, S, W as kMoveActions indices
        order[static_cast<size_t>(r)] = kToMove[dir];
      }
      planned_moves.push_back(target);
    }
  }

  // Spawning.
  if (own.empty() && bank >= spawn_price && step < kLastRescueSpawn && !own_yards.empty()) spawn(own_yards[0]);
  std::vector<int> by_score = own_yards;
  auto spawn_score = [&](int yi) {
    const int c = yards[static_cast<size_t>(yi)].cell;
    if (step <= P(zp::farming_start)) return ultra[static_cast<size_t>(c)];
    const double dom = medium_dom[static_cast<size_t>(c)];
    if (dom < P(zp::shipyard_abandon_dominance)) return -999.0;
    return -dom;
  };
  std::stable_sort(by_score.begin(), by_score.end(), [&](int a, int b) { return spawn_score(a) > spawn_score(b); });
  for (int yi : by_score) {
    if (bank < spawn_cost) break;
    const int c = yards[static_cast<size_t>(yi)].cell;
    if (in_list(planned_moves, c)) continue;
    if (reached_spawn_limit()) continue;
    if (ship_count >= P(zp::min_ships) && mean_halite / ship_count < P(zp::ship_spawn_threshold)) continue;
    if (medium_dom[static_cast<size_t>(c)] < P(zp::spawn_min_dominance) && step > 75 && yard_count > 1) continue;
    spawn(yi);
  }
  last_yard_count = static_cast<int>(own_yards.size());

  // Orders, legal whatever the bot asked: a conversion it cannot pay or on
  // a yard stays.
  double pay = st.player(me).bank;
  for (size_t k = 0; k < m; ++k) {
    int option = order[k];
    const Ship& sh = ship(static_cast<int>(k));
    if (option == kConvertOption) {
      if (yard_at[sh.cell] >= 0 || pay + sh.cargo < convert_price)
        option = 0;
      else
        pay += sh.cargo - convert_price;
    }
    d.ship_choices.emplace_back(own[k], option);
    d.targets.push_back(sh.cell);
    d.rates.push_back(0);
  }
  std::vector<int> spawned;
  for (int yi : spawns) {
    if (in_list(spawned, yi) || pay < spawn_price) continue;
    spawned.push_back(yi);
    pay -= spawn_price;
    d.spawn_yards.push_back(yi);
  }
}

PlannerInfo zeta_model_planner_info() {
  return {"zeta_model",
          "a model of the public 2020 bot zeta_best (0Zeta, 4th): yard network, farming, typed ships, assignments; "
          "keeps memory across the turns of a game",
          zeta_model_specs(), [](const Params& p, const PlannerSetup&) {
            return std::make_unique<PolicyPlanner<ZetaModelPolicy>>("zeta_model",
                                                                    ZetaModelPolicy(ZetaModelParams::from(p)));
          }};
}

PlannerInfo zf_model_planner_info() {
  return {"zf_model",
          "a model of the public 2020 bot zeta_final (0Zeta's final submission): zeta_model's rules with zeta_final's "
          "changes and its early and late parameter sets; "
          "keeps memory across the turns of a game",
          zf_model_specs(), [](const Params& p, const PlannerSetup&) {
            return std::make_unique<PolicyPlanner<ZetaModelPolicy>>(
                "zf_model", ZetaModelPolicy(ZetaModelParams::from(p, ZetaVariant::final_)));
          }};
}

}  // namespace halite::opponents
