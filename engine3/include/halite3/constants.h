// The game constants of Halite III, as the official engine names them
// (game_engine/config/Constants.hpp) and writes them into every replay
// (GAME_CONSTANTS).
//
// Unlike the reference, which keeps them in a mutable global, they are a
// plain value handed to whatever needs them. `max_turns` is the number of
// turns of this game: the reference overwrites MAX_TURNS with the count for
// the map size before it writes the replay, so a replay's value is already
// that count; for new games, turns_for_map() derives it from the defaults.
#pragma once

#include <cstdint>

#include <nlohmann/json_fwd.hpp>

namespace halite3 {

struct Constants {
  bool strict_errors = false;  // true (ignored errors end the game) is not implemented: from_json rejects it
  int64_t max_energy = 1000;   // a ship's cargo capacity
  int64_t new_entity_energy_cost = 1000;
  int64_t initial_energy = 5000;
  int64_t dropoff_cost = 4000;
  int64_t move_cost_ratio = 10;  // a move costs floor(cell halite / ratio)
  int64_t extract_ratio = 4;     // a ship mines ceil(cell halite / ratio)
  int64_t min_turns = 400;       // turns on a map of min_turn_threshold or less
  int64_t min_turn_threshold = 32;
  int64_t max_turns = 400;  // turns of this game (see above)
  int64_t max_turn_threshold = 64;
  bool inspiration_enabled = true;
  int64_t inspired_extract_ratio = 4;
  double inspired_bonus_multiplier = 2;  // an inspired ship also gains this times what it mines
  int64_t inspired_move_cost_ratio = 10;
  int64_t inspiration_radius = 4;      // Manhattan distance on the torus
  int64_t inspiration_ship_count = 2;  // enemy ships within the radius that inspire
  bool capture_enabled = false;        // not supported: from_json rejects it
  // The map generator's (mapgen.h): the richest cell of a new map holds a
  // value drawn from min..max_cell_production; the noise's octaves are
  // weighted by powers of persistence; factor_exp_1 and factor_exp_2 are the
  // powers the noise is raised to before and after the octaves are summed.
  int64_t min_cell_production = 900;
  int64_t max_cell_production = 1000;
  double persistence = 0.7;
  double factor_exp_1 = 2;
  double factor_exp_2 = 2;

  // The defaults of Constants.hpp, with max_turns for a width x height map.
  static Constants for_map(int width, int height);
  // The turn count the reference gives a map, from min_turns, max_turns
  // (here: the count at max_turn_threshold) and the thresholds.
  int64_t turns_for_map(int width, int height) const;
};

// From a replay's GAME_CONSTANTS (every field the reference writes must be
// there); throws std::runtime_error naming the field that is missing or of
// the wrong type, or a rule this engine does not implement (capture,
// strict errors).
Constants constants_from_json(const nlohmann::json& json);

// GAME_CONSTANTS as the reference writes them into a replay: every field of
// `constants`, and the reference's fields this engine has no use for at
// their Constants.hpp defaults (the player limit, capture's radius and
// threshold, the unused dropoff penalty), with `default_map_side` as
// DEFAULT_MAP_WIDTH and DEFAULT_MAP_HEIGHT (the reference draws it from the
// seed: default_map_side() in game.h). constants_from_json() reads it back.
nlohmann::json constants_to_json(const Constants& constants, int default_map_side);

}  // namespace halite3
