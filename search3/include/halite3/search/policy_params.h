// The greedy Halite III policy's parameters, each declared once with its
// reason (search/'s ParamSpec), and the plain struct the policy reads.
#pragma once

#include <vector>

#include "halite/search/params.h"

namespace halite3::search {

using halite::search::Params;
using halite::search::ParamSpec;

struct PolicyParams {
  int max_mine_turns;
  int targets_per_ship;
  double min_target_halite;
  double inspiration_weight;
  double return_fraction;
  double spawn_stop_fraction;
  double spawn_halite_per_ship;
  int dropoff_min_distance;
  int dropoff_radius;
  double dropoff_min_halite;
  int dropoff_ships_per_depot;
  int dropoff_min_turns_left;
  int end_margin_turns;
  double end_ships_per_turn;
  bool avoid_enemy_reach;
  int resolve_depth;
  static PolicyParams from(const Params& params);
  // Every default, without a Params in between.
  static PolicyParams defaults();
};

std::vector<ParamSpec> policy_specs();

}  // namespace halite3::search
