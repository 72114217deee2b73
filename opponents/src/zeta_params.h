// zeta_model's and zf_model's parameter table (ZETA_PARAMS) and its ids
// (zp::Id, the index of a parameter in ZetaModelParams' values), shared by
// the files of the model (zeta_model*.cpp). Private to opponents/src.
#pragma once

#include <limits>

namespace halite::opponents {

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

}  // namespace halite::opponents
