// The value of a Halite III state for one player, as the search planners
// (beam.h, mcts.h) score the states they reach: one table of parameters, from
// which the struct, the specs and the reading of a Params come, as
// policy_params.h does it.
#pragma once

#include <vector>

#include "halite/search/params.h"
#include "halite3/constants.h"
#include "halite3/state.h"

namespace halite3::search {

using halite::search::Params;
using halite::search::ParamSpec;

#define HALITE3_VALUE_PARAMS(X, X_FIXED)                                                                             \
  X(double, cargo_weight, 0.75, 0, 1, "a halite in a hold counts this much of a banked one: it must still get home") \
  X(double, ship_value, 1000, 0, 100000,                                                                             \
    "a ship's value at the game's start (its cost), decaying in proportion to the turns left")                       \
  X(double, dropoff_value, 2000, 0, 100000,                                                                          \
    "a dropoff's value at the game's start, decaying in proportion to the turns left (it shortens trips)")

struct ValueParams {
  HALITE3_VALUE_PARAMS(HALITE_PARAM_FIELD, HALITE_PARAM_FIELD)
  static ValueParams from(const Params& params);
};

std::vector<ParamSpec> value_specs();

// The value of `state` for player `me`, in halite: its bank, plus
// cargo_weight of the cargo its ships hold, plus ship_value a ship and
// dropoff_value a dropoff, both times the share of the game's turns still
// to play (a ship earns, and a dropoff shortens trips, only while turns
// are left).
double evaluate(const State& state, const Constants& constants, int me, const ValueParams& params);

}  // namespace halite3::search
