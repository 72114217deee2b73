// The greedy Halite III policy's parameters: one table, from which the
// struct the policy reads, the specs (search/'s ParamSpec: name, default,
// range, reason) and the reading of a Params come, so each is declared once.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "halite/search/params.h"

namespace halite3::search {

using halite::search::Params;
using halite::search::ParamSpec;

// X(type, name, default, min, max, why) declares a tunable parameter;
// X_FIXED one that tuning leaves alone (a mode switch or a resource).
#define HALITE3_POLICY_PARAMS(X, X_FIXED)                                                                       \
  X(int, max_mine_turns, 12, 1, 60,                                                                             \
    "most turns a trip plans to mine its cell: the rate is maximised over 1..this (the post-mortem's t_m)")     \
  X(int, next_travel_min, 0, 0, 8,                                                                              \
    "least turns of travel a trip counts to each cell after its first (0: mining on the spot travels nothing)") \
  X(int, targets_per_ship, 12, 1, 64, "best cells kept per ship for the assignment of ships to distinct cells") \
  X(double, min_target_halite, 10, 0, 1000,                                                                     \
    "cells with less halite are never targets: a turn there mines almost nothing")                              \
  X(double, inspiration_weight, 0.7, 0, 1,                                                                      \
    "share of the inspired bonus a cell within reach of enough enemy ships counts: they move away")             \
  X(double, return_fraction, 0.9, 0.05, 1,                                                                      \
    "cargo, as a share of a ship's capacity, at which it heads home: the last few halite fill too slowly")      \
  X(double, spawn_stop_fraction, 0.35, 0, 1,                                                                    \
    "no spawn once fewer than this share of the game's turns is left: a new ship no longer earns its cost")     \
  X(double, spawn_halite_per_ship, 1500, 0, 1e6,                                                                \
    "spawn only while the map holds more halite than this per ship on it (the new one counted)")                \
  X(int, dropoff_min_distance, 12, 1, 64, "a dropoff is built only this far or farther from every own depot")   \
  X(int, dropoff_radius, 4, 0, 16, "radius of the area whose halite makes a dropoff site rich")                 \
  X(double, dropoff_min_halite, 8000, 0, 1e7, "least halite within dropoff_radius of a dropoff site")           \
  X(int, dropoff_ships_per_depot, 12, 1, 200,                                                                   \
    "a dropoff is built only when the fleet has this many ships per depot (the new one counted)")               \
  X(int, dropoff_min_turns_left, 120, 0, 1000, "no dropoff with fewer turns left: it would not repay its 4000") \
  X_FIXED(bool, dropoff_save, 1, 0, 1,                                                                          \
          "1: no spawn while a dropoff site qualifies and the bank cannot pay for it (spawns would starve it)") \
  X(int, end_margin_turns, 3, 0, 50, "turns of slack a ship keeps when it heads home for the end")              \
  X(double, end_ships_per_turn, 4, 1, 16,                                                                       \
    "ships a depot takes per turn in the final rush (its four sides): more ships start home earlier")           \
  X_FIXED(bool, travel_stops, 1, 0, 1,                                                                          \
          "1: travel time counts the turns a ship mines on the way when its cargo cannot pay")                  \
  X_FIXED(bool, avoid_enemy_reach, 1, 0, 1,                                                                     \
          "1: a ship ends a turn next to an enemy ship only when nothing else is free (it may be rammed)")      \
  X_FIXED(int, resolve_depth, 8, 0, 64, "how long a chain of own ships the move resolver pushes aside to let one move")

struct PolicyParams {
  HALITE3_POLICY_PARAMS(HALITE_PARAM_FIELD, HALITE_PARAM_FIELD)
  static PolicyParams from(const Params& params);
  // Every default, without a Params in between.
  static PolicyParams defaults();
};

std::vector<ParamSpec> policy_specs();

// The greedy policy's name as a planner (planner.h), in specs and parameter
// files.
inline constexpr std::string_view kGreedyPlanner = "greedy";

}  // namespace halite3::search
