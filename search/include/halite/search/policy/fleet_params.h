// The fleet policy's parameters (policy/fleet.h), each declared once in the
// table below: the struct's fields, the declared specs (`halite params fleet`)
// and the parsing from Params all come from it.
//
// An X-macro rather than a constexpr array of rows (as opponents/'s zeta
// model has): the policy reads its parameters by name in hot loops
// (p_.hunt_weight), so they stay plain named fields of a struct, and only
// the preprocessor can make fields from a table.
#pragma once

#include <vector>

#include "halite/search/params.h"

namespace halite::search {

// One row per parameter, in `halite params fleet` order:
//   X(type, name, default, min, max, help)
// type is the field's: double, or int and bool (whole numbers; a bool is
// read as value != 0). X_FIXED rows are the same but not tunable: mode
// switches and resources that `halite tune` leaves at their start values.
// The help may run over several string literals.
#define HALITE_FLEET_PARAMS(X, X_FIXED)                                                                                \
  /* Mining. */                                                                                                        \
  X(int, max_mine_turns, 12, 1, 60, "most turns a trip plans to mine one cell")                                        \
  X(double, stay_mining_bonus, 0.3, 0, 10,                                                                             \
    "a mining trip to the cell the ship is on is worth this much more (1 + this): ships mine a cell longer before "    \
    "hopping to a richer one with cargo aboard (0.3 measured better than 0 against the public bots, 2- and 4-player)") \
  X(int, targets_per_ship, 10, 1, 64, "mining candidates kept per ship for the assignment")                            \
  X(double, min_target_halite, 20, 0, 500, "cells with less halite are never mining targets")                          \
  X(double, harvest_ratio, 0.7, 0, 10, "a cell is mined once it holds this times the mean of the non-empty cells")     \
  X(double, home_harvest_bonus, 0.3, 0, 10,                                                                            \
    "... plus this times the mean per move closer than harvest_radius to an own yard")                                 \
  X(int, harvest_radius, 3, 0, 32, "the belt around own yards left to regrow a little longer")                         \
  X(int, harvest_all_steps, 60, 0, 400, "in the last this many steps every cell above min_target_halite is mined")     \
  X(int, farm_start_step, 400, 0, 400,                                                                                 \
    "from this step cells we hold near own yards (the farm) regrow to a harvest threshold (400: no farm)")             \
  X(int, farm_end_step, 345, 0, 400, "... until this step; then the farm is mined out")                                \
  X(int, farm_radius, 5, 0, 32, "a farm cell is within this distance of farm_yards own yards ...")                     \
  X(int, farm_yards, 1, 1, 6, "... (2: the lens between two yards, the top bots' plantations) ...")                    \
  X(double, farm_control, 0.5, -100, 100, "... where the control map is at least this")                                \
  X(double, harvest_base, 80, 0, 500, "a farm cell's harvest threshold: base + slope x step, clipped to [min, max]")   \
  X(double, harvest_slope, 1.1, 0, 10, "see harvest_base")                                                             \
  X(double, harvest_min, 110, 0, 500, "see harvest_base")                                                              \
  X(double, harvest_max, 450, 0, 500, "see harvest_base")                                                              \
  X(double, step_discount, 1, 0.5, 1, "a trip's value falls by this factor per turn it takes")                         \
  X(double, return_weight, 1, 0, 2, "weight of the way home in a trip's length")                                       \
  X(double, cargo_weight, 0.5, 0, 2, "weight of the cargo aboard in a trip's value (and of going home)")               \
  X(double, mining_cargo_weight, 1, 0, 2,                                                                              \
    "the cargo weight's share in a mining trip's value (0: a trip is valued by what it mines)")                        \
  X(double, early_cargo_weight, 0.15, 0, 2, "... before early_steps (ships fill up before going home)")                \
  X(int, early_steps, 60, 0, 400, "the opening's length for early_cargo_weight")                                       \
  X(double, threat_discount, 0.7, 0, 1, "value lost on a target a lighter enemy ship can reach first")                 \
  X(double, control_discount, 0.3, 0, 10,                                                                              \
    "a trip's value times exp(this x control) where the enemy holds control (control < 0)")                            \
  X(int, pressure_radius, 3, 0, 16,                                                                                    \
    "enemy ships lighter than a ship press on it within this distance (weight falling linearly to the edge)")          \
  X(double, pressure_discount, 0.5, 0, 10,                                                                             \
    "a trip's value times exp(-this x pressure at the target, for the cargo it will hold)")                            \
  X(double, threat_sink_rate, 0, 0, 1,                                                                                 \
    "an opponent whose lighter ships next to our loaded ones sink them at least this often (GameMemory's sink_rate) "  \
    "presses in full; one seen sinking less weighs that much less in the pressure (the penalty, the discount, the "    \
    "return risk): ships of a bot that passes by do not push ours off their cells (0: every enemy presses in full)")   \
  X(double, threat_prior_turns, 20, 0, 10000,                                                                          \
    "... an opponent's rate starts at threat_sink_rate as if seen over this many exposed ship-turns")                  \
  X(double, enemy_yard_discount, 0.15, 0, 10,                                                                          \
    "a trip's value times exp(-this x (distance to own yards - distance to enemy yards)) where an enemy yard is "      \
    "nearer: enemy ships spawn and gather there")                                                                      \
  X(int, late_discount_steps, 0, 0, 400,                                                                               \
    "in the last this many steps the three enemy discounts above (control, pressure, enemy yards) are scaled by "      \
    "late_discount_scale (0: never)")                                                                                  \
  X(double, late_discount_scale, 0.5, 0, 1,                                                                            \
    "... a ship lost late costs only what it would still bring home, and the regrown cells left are the contested "    \
    "ones")                                                                                                            \
  /* Safe cells wait (mzotkiew's mining order): a cell no enemy ship can reach before safe_margin moves after          \
     one of ours could bring its halite home is ours to take later, and regrows 2% a turn meanwhile; a                 \
     contested cell is mined now or by someone else. A trip to a safe cell holding less than                           \
     safe_full_halite is worth value / (1 + safe_discount x lead), lead = (distance of the nearest enemy               \
     ship) - (distance home) - safe_margin > 0, except in the last safe_end_steps steps. */                            \
  X(double, safe_discount, 0, 0, 100,                                                                                  \
    "safe cells wait (mzotkiew's mining order): a trip to a cell no enemy ship reaches within safe_margin moves "      \
    "more than the way home is worth value / (1 + this x those extra moves); it regrows for us meanwhile, while a "    \
    "contested cell is mined now or by another player (0: off)")                                                       \
  X(int, safe_margin, 2, 0, 42, "... the moves of lead that do not count yet")                                         \
  X(double, safe_full_halite, 400, 0, 5000, "... cells holding at least this are worth their whole value")             \
  X(int, safe_end_steps, 80, 0, 400, "... and every cell in the last this many steps (the harvest)")                   \
  X(double, pressure_penalty, 30, 0, 1e5,                                                                              \
    "cost per unit of pressure on a loaded ship's next cell, times (cargo + 100) / 100")                               \
  /* Boxed in: in each of the four directions (a cone: no more to the side than ahead) an enemy ship lighter           \
     than ours is within box_radius moves and nearer than any own yard that way. Hunters that surround a               \
     ship (mzotkiew's) pick such ships, and nearly every loaded ship of ours caught was boxed in when caught           \
     (docs/results.md). */                                                                                             \
  X(int, box_radius, 5, 0, 16,                                                                                         \
    "a loaded ship is boxed in where in each of the four directions an enemy ship lighter than it is within this "     \
    "many moves and nearer than any own yard that way (the cone: no more to the side than ahead)")                     \
  X(double, box_penalty, 150, 0, 1e6,                                                                                  \
    "cost of a ship with cargo ending its move boxed in (not on an own yard); about the ship's worth times the "       \
    "chance of being caught there within 3 turns (0.25); 150 measured better than 0 against the public bots, 2- and "  \
    "4-player")                                                                                                        \
  /* Returning. */                                                                                                     \
  X(double, return_bias, 1.2, 0, 10, "multiplies the value of taking the cargo home now")                              \
  X(int, min_return_turns, 1, 1, 64,                                                                                   \
    "the cargo's value of going home is spread over at least this many turns (a trip home and out again)")             \
  X(double, risk_return_bias, 1.0, 0, 20, "... times 1 + this x the pressure of lighter enemy ships on the ship")      \
  X(double, min_return_cargo, 50, 0, 5000, "... for ships carrying at least this")                                     \
  /* Hunting. */                                                                                                       \
  X(int, hunt_radius, 6, 0, 42, "how far an empty ship looks for enemy ships to hunt")                                 \
  X(int, hunt_home_radius, 1, 0, 42,                                                                                   \
    "enemy ships this close to one of their own yards are not hunted (they deposit first, and the yard's ships meet "  \
    "the hunters there)")                                                                                              \
  X(double, hunt_weight, 0.08, 0, 10,                                                                                  \
    "value of hunting per halite the target carries more, per side, per move of distance")                             \
  X(double, hunt_min_cargo, 30, 0, 5000, "enemy ships carrying less are not hunted")                                   \
  X(double, hunt_trap_bonus, 3, 1, 100,                                                                                \
    "hunting value multiplier for a target with no free escape (half the extra for one)")                              \
  X(double, hunt_control_bonus, 0.3, 0, 10, "hunting value times 1 + this x own control at the target")                \
  X(double, strike_free_chance, 0.3, 0, 1, "chance a target that could escape stays put (what striking it is worth)")  \
  /* Surrounds (mzotkiew's "hoards"): for an enemy ship carrying at least hunt_min_cargo, one own lighter              \
     ship per direction (from that direction's cone, nearer than the target's yards that way) and one more             \
     on the target, chosen by a small assignment. A surround is kept when it has surround_min_hunters ships            \
     and every direction is closed (by ours or a third player's lighter ship); its ships then take no other            \
     role. */                                                                                                          \
  X(int, surround_radius, 0, 0, 42,                                                                                    \
    "surrounds (mzotkiew's): own ships within this many moves of an enemy ship carrying at least hunt_min_cargo "      \
    "close its directions, one per direction and one on it, ahead of every other role (0: no surrounds; 6 measured "   \
    "worse against the public bots: docs/results.md)")                                                                 \
  X(int, surround_min_hunters, 3, 1, 5,                                                                                \
    "a surround needs this many own ships, and every direction closed by a lighter ship (of ours or a third "          \
    "player's) nearer than the target's yards that way")                                                               \
  X(double, surround_max_cargo, 5000, 0, 100000,                                                                       \
    "own ships carrying more do not surround (they have cargo to bring home)")                                         \
  X(double, surround_rate, 100, 0, 100000,                                                                             \
    "a surrounding ship's value per move toward its cell (what the move costs weigh it against)")                      \
  X(double, escort_weight, 0, 0, 100,                                                                                  \
    "an empty ship's value of escorting a boxed-in ship of ours, per halite it carries, over the distance + 1 (the "   \
    "public bots' empty ships keep off cells an empty ship of ours can reach; 0: no escorts)")                         \
  X(int, escort_radius, 4, 0, 42, "... for empty ships within this many moves of it")                                  \
  X(double, farm_guard_value, 0, 0, 100000,                                                                            \
    "an empty ship's value of standing guard on the farm's edge (a farm cell next to a cell outside it), per turn, "   \
    "over the distance + 1; a guard does not stay on a cell with halite (it would mine the farm and carry cargo): "    \
    "zeta's border guards, which keep other players' miners off the farm (0: no guards; with the farm, measured "      \
    "worse against the public bots: docs/results.md)")                                                                 \
  X(int, farm_guard_radius, 6, 0, 42, "... for empty ships within this many moves of the post")                        \
  X(double, farm_hunt_bonus, 0, 0, 100, "hunting value times 1 + this for a target on the farm")                       \
  /* Guarding and attacking yards. */                                                                                  \
  X(int, guard_radius, 3, 0, 32, "an own yard is threatened when an enemy ship is this close")                         \
  X(double, guard_value, 150, 0, 100000, "value of guarding a threatened yard (per turn, from distance 1)")            \
  X(double, yard_attack_value, 40, 0, 100000,                                                                          \
    "value of ramming an enemy yard that cannot spawn (per turn, from distance 1)")                                    \
  X(int, yard_attack_radius, 4, 0, 42, "ram such yards within this distance")                                          \
  X(int, final_attack_steps, 12, 0, 400, "in the last this many steps empty ships ram the nearest enemy yards")        \
  /* Safety. */                                                                                                        \
  X(double, danger_penalty, 750, 0, 1e6, "cost of ending where a lighter enemy ship can reach (plus the cargo)")       \
  X(double, tie_penalty, 450, 0, 1e6, "cost of ending where an enemy ship with equal cargo can reach (loaded ship)")   \
  X(double, empty_tie_penalty, 450, 0, 1e6, "the same for an empty ship (a 1:1 trade of empty ships)")                 \
  X(int, tie_free_steps, 40, 0, 400, "no tie penalty before this step, nor within 1 of an own yard")                   \
  X(double, trap_penalty, 300, 0, 1e6, "cost of ending on a cell with no safe escape next turn (plus the cargo)")      \
  X(double, narrow_penalty, 40, 0, 1e6, "cost of ending on a cell with one safe escape next turn")                     \
  X(double, spawn_block_penalty, 300, 0, 1e6, "cost of ending on a yard that spawns this turn")                        \
  X(double, emergency_convert_cargo, 300, 0, 100000, "a ship with this much cargo and no safe move converts")          \
  X(double, stay_cargo_weight, 0, 0, 1,                                                                                \
    "a ship that stays mines before next turn's fight: its escapes and the pressure on it are judged with its cargo "  \
    "plus this x what it mines (0: the cargo it holds now)")                                                           \
  X(double, stay_pressure_weight, 1, 0, 1,                                                                             \
    "the pressure penalty of a ship judged with what it mines (stay_cargo_weight > 0, staying on a cell with "         \
    "halite) is weighed by this, the whole of it, for the cargo it holds too (0: only its escapes count; the mining "  \
    "target's value already falls with the pressure there, and a ship that steps off and back never mines)")           \
  /* Control map. */                                                                                                   \
  X(double, control_sigma, 1.53, 0.3, 8, "width of the control map's Gaussian (cells)")                                \
  X(double, control_scale, 20, 0, 1000, "the control map's blurred sum is multiplied by this")                         \
  X(double, loaded_cargo, 112, 1, 5000, "a ship's control weight falls from 1 (empty) to 0 at this cargo")             \
  X(double, own_yard_weight, 1.5, 0, 10, "control weight of an own yard")                                              \
  X(double, enemy_yard_weight, 1.8, 0, 10, "control weight of an enemy yard")                                          \
  /* Economy. */                                                                                                       \
  X(double, spawn_value_scale, 0.0167, 0, 1,                                                                           \
    "a new ship's expected halite: board halite x this x (steps left - spawn_stop_steps) / (all ships + 1)")           \
  X(double, spawn_min_value, 700, 0, 100000,                                                                           \
    "spawn for the economy while that expectation exceeds this (mzotkiew used 349; 700 measured better against the "   \
    "public bots)")                                                                                                    \
  X(int, spawn_stop_steps, 42, 0, 400, "no spawns for the economy in the last this many steps")                        \
  X(int, spawn_lead, 15, 0, 400, "nor while the fleet leads every rival by this many ships")                           \
  X(int, max_ships, 60, 0, 400, "nor beyond this many own ships")                                                      \
  X(int, spawn_keep_up, 0, 0, 400,                                                                                     \
    "also spawn while a rival's fleet outnumbers ours by at least this many ships and a new ship's expectation "       \
    "exceeds spawn_keep_up_value (the bots that win 2-player games field 40-60 ships; 0: off)")                        \
  X(double, spawn_keep_up_value, 300, 0, 100000, "... the expectation a new ship needs when the fleet keeps up")       \
  X(int, min_ships, 3, 0, 400, "spawn below this many own ships whatever the expectation")                             \
  X(double, defend_reserve, 500, 0, 100000, "bank kept for defensive spawns (from defend_reserve_step on)")            \
  X(int, defend_reserve_step, 40, 0, 400, "the step from which defend_reserve is kept")                                \
  X(int, first_yard_ships, 10, 1, 400, "a second yard once the fleet has this many ships")                             \
  X(int, ships_per_yard, 7, 1, 400, "... and another for each this many more")                                         \
  X(int, max_yards, 6, 1, 100, "never more own yards than this")                                                       \
  X(int, yard_stop_steps, 100, 0, 400, "no new yards in the last this many steps")                                     \
  X(int, min_yard_distance, 5, 1, 32, "a new yard at least this far from own yards")                                   \
  X(int, max_yard_distance, 8, 1, 64, "... and at most this far from the nearest one")                                 \
  X(int, enemy_yard_distance, 6, 0, 64, "... and at least this far from enemy yards")                                  \
  X(int, site_radius, 4, 1, 16, "a site's halite is counted within this distance")                                     \
  X(int, recall_margin, 2, 0, 50, "ships head home when steps left <= distance home + this")                           \
  X(int, crash_home_steps, 1, 0, 20, "in the last this many steps own ships may crash together on a yard")             \
  X(int, max_lost_defenders, 2, 0, 400,                                                                                \
    "a yard whose defensive spawns were sunk at once this many times spawns no more defenders (an attacker that "      \
    "keeps coming trades ship for ship, and the bank is the score)")                                                   \
  X(int, defend_last_yards, 0, 0, 100,                                                                                 \
    "while the player holds at most this many yards and defend_last_fleet ships, a threatened yard spawns its "        \
    "defender whatever max_lost_defenders says, and an own ship on it is cover only if no lighter enemy can end "      \
    "there (a player with no yard and no ship is out of the game, its bank forfeited; 0: no exception)")               \
  X(int, defend_last_fleet, 2, 0, 400,                                                                                 \
    "... (a larger fleet keeps the player in the game, and defenders spawned into an attacker that keeps coming "      \
    "cost a spawn a turn)")                                                                                            \
  X_FIXED(bool, remember, 1, 0, 1,                                                                                     \
          "keep the planned yard site and the defenders lost across turns (0: the policy is a function of the state)") \
  /* Known opponents (the fleet planner): the orders of an opponent whose ship actions a model it was given gave on at \
     least predict_min_agreement of at least predict_min_actions observed are predicted each turn; this                \
     turn's move safety then counts where its ships will end, not where they could. One with more than                 \
     predict_max_misses actions the model did not give is no longer modelled (the model's cost is saved                \
     for the rest of the game). */                                                                                     \
  X_FIXED(bool, predict_opponents, 1, 0, 1, "predict the orders of opponents the model has matched so far (0: off)")   \
  X(double, predict_min_agreement, 0.98, 0, 1,                                                                         \
    "... once the model gave at least this share of their ship actions ...")                                           \
  X(int, predict_min_actions, 20, 1, 100000, "... over at least this many of them")                                    \
  X_FIXED(                                                                                                             \
      int, predict_max_misses, 50, 0, 100000,                                                                          \
      "an opponent with more ship actions than this the model did not give is no longer modelled this game (with 50 "  \
      "it would need some 2,500 more, all given, to reach 0.98; the model costs about 1 ms an opponent a turn)")       \
  X(double, catch_weight, 1, 0, 10, "value per halite of a predicted enemy ship caught by moving onto its end cell")   \
  X(bool, predicted_escapes, 0, 0, 1,                                                                                  \
    "with predicted orders, next turn's escapes are judged from where the predicted enemy ships end (a move from "     \
    "there) rather than from where they stand (two moves); unknown ships as before (0: off)")
// Against opponents that are all predicted, other values pay (the search's
// safety is exact there, and hunting, avoiding trades and more yards win:
// docs/results.md). One row per parameter P of the table above that has such
// a value: K(P, max) declares known_P, of P's type, from -1 (P unchanged) to
// max, which FleetParams::against_known() puts in place of P.
#define HALITE_FLEET_KNOWN_PARAMS(K) \
  K(hunt_weight, 10)                 \
  K(empty_tie_penalty, 1e6)          \
  K(ships_per_yard, 100)             \
  K(spawn_min_value, 1e6)            \
  K(return_bias, 10)

struct FleetParams {
  HALITE_FLEET_PARAMS(HALITE_PARAM_FIELD, HALITE_PARAM_FIELD)
#define HALITE_FLEET_KNOWN_FIELD(name, max) decltype(name) known_##name;
  HALITE_FLEET_KNOWN_PARAMS(HALITE_FLEET_KNOWN_FIELD)
#undef HALITE_FLEET_KNOWN_FIELD

  static FleetParams from(const Params& p);
  // These parameters with the known_* values in place.
  FleetParams against_known() const;
};

// The table's specs, then the known_* ones.
std::vector<ParamSpec> fleet_specs();

// These parameters with `remember` off: the policy as a function of the
// state, for the simulated turns of beam and mcts.
FleetParams stateless(FleetParams p);

}  // namespace halite::search
