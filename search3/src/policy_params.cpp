#include "halite3/search/policy_params.h"

namespace halite3::search {

std::vector<ParamSpec> policy_specs() {
  return {
      {"max_mine_turns", 12, 1, 60,
       "most turns a trip plans to mine its cell: the rate is maximised over 1..this (the post-mortem's t_m)", true},
      {"targets_per_ship", 12, 1, 64, "best cells kept per ship for the assignment of ships to distinct cells", true},
      {"min_target_halite", 10, 0, 1000, "cells with less halite are never targets: a turn there mines almost nothing"},
      {"inspiration_weight", 0.7, 0, 1,
       "share of the inspired bonus a cell within reach of enough enemy ships counts: they move away"},
      {"return_fraction", 0.9, 0.05, 1,
       "cargo, as a share of a ship's capacity, at which it heads home: the last few halite fill too slowly"},
      {"spawn_stop_fraction", 0.35, 0, 1,
       "no spawn once fewer than this share of the game's turns is left: a new ship no longer earns its cost"},
      {"spawn_halite_per_ship", 1500, 0, 1e6,
       "spawn only while the map holds more halite than this per ship on it (the new one counted)"},
      {"dropoff_min_distance", 12, 1, 64, "a dropoff is built only this far or farther from every own depot", true},
      {"dropoff_radius", 4, 0, 16, "radius of the area whose halite makes a dropoff site rich", true},
      {"dropoff_min_halite", 8000, 0, 1e7, "least halite within dropoff_radius of a dropoff site"},
      {"dropoff_ships_per_depot", 12, 1, 200,
       "a dropoff is built only when the fleet has this many ships per depot (the new one counted)", true},
      {"dropoff_min_turns_left", 120, 0, 1000, "no dropoff with fewer turns left: it would not repay its 4000", true},
      {"end_margin_turns", 3, 0, 50, "turns of slack a ship keeps when it heads home for the end", true},
      {"end_ships_per_turn", 4, 1, 16,
       "ships a depot takes per turn in the final rush (its four sides): more ships start home earlier"},
      {"avoid_enemy_reach", 1, 0, 1,
       "1: a ship ends a turn next to an enemy ship only when nothing else is free (it may be rammed)", true, false},
      {"resolve_depth", 8, 0, 64, "how long a chain of own ships the move resolver pushes aside to let one move", true,
       false},
  };
}

PolicyParams PolicyParams::from(const Params& p) {
  PolicyParams out;
  out.max_mine_turns = p.get_int("max_mine_turns");
  out.targets_per_ship = p.get_int("targets_per_ship");
  out.min_target_halite = p.get("min_target_halite");
  out.inspiration_weight = p.get("inspiration_weight");
  out.return_fraction = p.get("return_fraction");
  out.spawn_stop_fraction = p.get("spawn_stop_fraction");
  out.spawn_halite_per_ship = p.get("spawn_halite_per_ship");
  out.dropoff_min_distance = p.get_int("dropoff_min_distance");
  out.dropoff_radius = p.get_int("dropoff_radius");
  out.dropoff_min_halite = p.get("dropoff_min_halite");
  out.dropoff_ships_per_depot = p.get_int("dropoff_ships_per_depot");
  out.dropoff_min_turns_left = p.get_int("dropoff_min_turns_left");
  out.end_margin_turns = p.get_int("end_margin_turns");
  out.end_ships_per_turn = p.get("end_ships_per_turn");
  out.avoid_enemy_reach = p.get_int("avoid_enemy_reach") != 0;
  out.resolve_depth = p.get_int("resolve_depth");
  return out;
}

PolicyParams PolicyParams::defaults() {
  return from(Params(policy_specs()));
}

}  // namespace halite3::search
