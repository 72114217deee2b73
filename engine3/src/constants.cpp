#include "halite3/constants.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace halite3 {

int64_t Constants::turns_for_map(int width, int height) const {
  // As HaliteImpl::initialize_game: linear between the two thresholds, the
  // fraction computed in double and truncated, nothing added below the first.
  const int64_t longest = std::max(width, height);
  int64_t turns = min_turns;
  if (longest > min_turn_threshold && max_turn_threshold > min_turn_threshold) {
    const double fraction = static_cast<double>(longest - min_turn_threshold) /
                            static_cast<double>(max_turn_threshold - min_turn_threshold);
    turns += static_cast<int64_t>(fraction * static_cast<double>(max_turns - min_turns));
  }
  return turns;
}

Constants Constants::for_map(int width, int height) {
  Constants constants;
  constants.max_turns = 500;  // Constants.hpp's MAX_TURNS before the game overwrites it
  constants.max_turns = constants.turns_for_map(width, height);
  return constants;
}

namespace {

template <class T>
T field(const nlohmann::json& json, const char* name) {
  const auto it = json.find(name);
  if (it == json.end()) throw std::runtime_error(std::string("GAME_CONSTANTS: missing ") + name);
  const bool fits = std::is_same_v<T, bool>       ? it->is_boolean()
                    : std::is_floating_point_v<T> ? it->is_number()
                                                  : it->is_number_integer();
  if (!fits) throw std::runtime_error(std::string("GAME_CONSTANTS: ") + name + " has the wrong type: " + it->dump());
  return it->get<T>();
}

}  // namespace

Constants constants_from_json(const nlohmann::json& json) {
  if (!json.is_object()) throw std::runtime_error("GAME_CONSTANTS: not an object");
  Constants c;
  c.strict_errors = field<bool>(json, "STRICT_ERRORS");
  c.max_energy = field<int64_t>(json, "MAX_ENERGY");
  c.new_entity_energy_cost = field<int64_t>(json, "NEW_ENTITY_ENERGY_COST");
  c.initial_energy = field<int64_t>(json, "INITIAL_ENERGY");
  c.dropoff_cost = field<int64_t>(json, "DROPOFF_COST");
  c.move_cost_ratio = field<int64_t>(json, "MOVE_COST_RATIO");
  c.extract_ratio = field<int64_t>(json, "EXTRACT_RATIO");
  c.min_turns = field<int64_t>(json, "MIN_TURNS");
  c.min_turn_threshold = field<int64_t>(json, "MIN_TURN_THRESHOLD");
  c.max_turns = field<int64_t>(json, "MAX_TURNS");
  c.max_turn_threshold = field<int64_t>(json, "MAX_TURN_THRESHOLD");
  c.inspiration_enabled = field<bool>(json, "INSPIRATION_ENABLED");
  c.inspired_extract_ratio = field<int64_t>(json, "INSPIRED_EXTRACT_RATIO");
  c.inspired_bonus_multiplier = field<double>(json, "INSPIRED_BONUS_MULTIPLIER");
  c.inspired_move_cost_ratio = field<int64_t>(json, "INSPIRED_MOVE_COST_RATIO");
  c.inspiration_radius = field<int64_t>(json, "INSPIRATION_RADIUS");
  c.inspiration_ship_count = field<int64_t>(json, "INSPIRATION_SHIP_COUNT");
  c.capture_enabled = field<bool>(json, "CAPTURE_ENABLED");
  c.min_cell_production = field<int64_t>(json, "MIN_CELL_PRODUCTION");
  c.max_cell_production = field<int64_t>(json, "MAX_CELL_PRODUCTION");
  c.persistence = field<double>(json, "PERSISTENCE");
  c.factor_exp_1 = field<double>(json, "FACTOR_EXP_1");
  c.factor_exp_2 = field<double>(json, "FACTOR_EXP_2");
  if (c.strict_errors)
    throw std::runtime_error("GAME_CONSTANTS: STRICT_ERRORS is true; strict error checking is not implemented");
  if (c.capture_enabled)
    throw std::runtime_error("GAME_CONSTANTS: CAPTURE_ENABLED is true; capture is not implemented");
  if (c.move_cost_ratio <= 0 || c.extract_ratio <= 0 || c.inspired_extract_ratio <= 0 ||
      c.inspired_move_cost_ratio <= 0)
    throw std::runtime_error("GAME_CONSTANTS: a cost or extraction ratio is not positive");
  // Bounds far beyond any real game that keep every sum in range.
  constexpr int64_t kLarge = 1'000'000'000;
  for (const int64_t value : {c.max_energy, c.new_entity_energy_cost, c.initial_energy, c.dropoff_cost, c.min_turns,
                              c.min_turn_threshold, c.max_turns, c.max_turn_threshold, c.inspiration_ship_count})
    if (value < 0 || value > kLarge) throw std::runtime_error("GAME_CONSTANTS: a cost, count or turn out of range");
  if (c.move_cost_ratio > kLarge || c.extract_ratio > kLarge || c.inspired_extract_ratio > kLarge ||
      c.inspired_move_cost_ratio > kLarge)
    throw std::runtime_error("GAME_CONSTANTS: a ratio out of range");
  if (c.max_energy == 0 || c.inspiration_radius < 0 || c.inspiration_radius > 64)
    throw std::runtime_error("GAME_CONSTANTS: MAX_ENERGY or INSPIRATION_RADIUS out of range");
  if (!(c.inspired_bonus_multiplier >= 0 && c.inspired_bonus_multiplier <= 1000))
    throw std::runtime_error("GAME_CONSTANTS: INSPIRED_BONUS_MULTIPLIER out of range");
  // The generator scales the map so its richest cell holds at most
  // max_cell_production, which must fit a cell; the powers and weights are
  // checked where a map is generated (mapgen.cpp).
  if (c.min_cell_production < 0 || c.min_cell_production > c.max_cell_production || c.max_cell_production > kLarge)
    throw std::runtime_error("GAME_CONSTANTS: MIN_CELL_PRODUCTION or MAX_CELL_PRODUCTION out of range");
  return c;
}

nlohmann::json constants_to_json(const Constants& c, int default_map_side) {
  // Constants.hpp's values for what the reference writes but never uses in
  // an official game (capture is off; the dropoff penalty is not applied).
  constexpr int64_t kReferenceMaxPlayers = 16;
  constexpr int64_t kReferenceCaptureRadius = 3;
  constexpr int64_t kReferenceShipsAboveForCapture = 3;
  constexpr int64_t kReferenceDropoffPenaltyRatio = 4;
  return {{"STRICT_ERRORS", c.strict_errors},
          {"MAX_PLAYERS", kReferenceMaxPlayers},
          {"DEFAULT_MAP_WIDTH", default_map_side},
          {"DEFAULT_MAP_HEIGHT", default_map_side},
          {"MAX_CELL_PRODUCTION", c.max_cell_production},
          {"MIN_CELL_PRODUCTION", c.min_cell_production},
          {"MAX_ENERGY", c.max_energy},
          {"NEW_ENTITY_ENERGY_COST", c.new_entity_energy_cost},
          {"INITIAL_ENERGY", c.initial_energy},
          {"DROPOFF_COST", c.dropoff_cost},
          {"MOVE_COST_RATIO", c.move_cost_ratio},
          {"DROPOFF_PENALTY_RATIO", kReferenceDropoffPenaltyRatio},
          {"EXTRACT_RATIO", c.extract_ratio},
          {"PERSISTENCE", c.persistence},
          {"FACTOR_EXP_1", c.factor_exp_1},
          {"FACTOR_EXP_2", c.factor_exp_2},
          {"MIN_TURNS", c.min_turns},
          {"MIN_TURN_THRESHOLD", c.min_turn_threshold},
          {"MAX_TURNS", c.max_turns},
          {"MAX_TURN_THRESHOLD", c.max_turn_threshold},
          {"CAPTURE_ENABLED", c.capture_enabled},
          {"CAPTURE_RADIUS", kReferenceCaptureRadius},
          {"SHIPS_ABOVE_FOR_CAPTURE", kReferenceShipsAboveForCapture},
          {"INSPIRATION_ENABLED", c.inspiration_enabled},
          {"INSPIRED_EXTRACT_RATIO", c.inspired_extract_ratio},
          {"INSPIRED_BONUS_MULTIPLIER", c.inspired_bonus_multiplier},
          {"INSPIRED_MOVE_COST_RATIO", c.inspired_move_cost_ratio},
          {"INSPIRATION_RADIUS", c.inspiration_radius},
          {"INSPIRATION_SHIP_COUNT", c.inspiration_ship_count}};
}

}  // namespace halite3
