// Parameter files: one reader for the two layouts the tools write and take.
//
//   {"planner": "greedy", "params": {"max_ships": 20, ...}}   what `halite tune` writes
//   {"max_ships": 20, ...}                                     what `halite params greedy --json` writes
//
// A bot config (docs/bot.md) may also carry values for games of a given
// number of players, laid over "params" (and "fallback_params") in those
// games, and a planner of their own:
//
//   {"planner": "fleet", "params": {...},
//    "by_players": {"2": {"planner": "mcts", "params": {"verify_arms": 4}}}}
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "halite/search/params.h"

namespace halite::search {

// A registered planner's parameters at their defaults (declared in planner.h).
Params default_params(const std::string& name);

// The parameters of `*planner` with the file's values applied (all or
// nothing, range-checked). When *planner is empty it becomes the planner the
// file names (for num_players > 0, planner_for_players()). Throws
// ParamError, its message starting with `what` (e.g. the file's path), when
// the file names another planner, when no planner is named at all, or when a
// value is unknown or out of range.
//
// With num_players > 0, the file's "by_players" entry for that many players
// (if any) is applied over its "params"; with 0, "by_players" is checked but
// not applied.
//
// `defaults` gives a planner's declared parameters at their defaults (or
// throws ParamError for an unknown name): default_params, the planners of
// this layer, unless the file is for another game's planners (Halite III's,
// lab/halite3_match.h).
using DefaultParams = Params (*)(const std::string& planner);
Params params_from_file_json(std::string* planner, const nlohmann::json& file, const std::string& what,
                             int num_players = 0, DefaultParams defaults = default_params);

// The JSON of the parameter file at `path`, plain or gzip (read_json_file's);
// a missing file or malformed JSON throws ParamError naming the file. For a
// caller that checks a file before the game and applies it once the player
// count is known (params_from_file_json).
nlohmann::json read_param_file(const std::string& path);

// The same, reading the file at `path` (read_param_file).
Params params_from_file(std::string* planner, const std::string& path, int num_players = 0,
                        DefaultParams defaults = default_params);

// The sections of values an entry of "by_players" may hold; besides them, an
// entry may name its own "planner" (a registered planner's name).
inline constexpr const char* kPlayerCountSections[] = {"params", "fallback_params"};

// Checks a "by_players" object: keys are player counts "1" to kMaxPlayers,
// values objects holding only kPlayerCountSections, each an object of
// {name: value}, and "planner", a registered planner's name. Throws
// ParamError naming the first thing that is wrong (the values themselves are
// checked when a planner's Params take them).
void check_by_players(const nlohmann::json& by_players, const std::string& what);

// The planner a config names for games of `num_players`: its "by_players"
// entry's "planner" when there is one, else its "planner", else "". `config`
// is assumed checked (check_by_players).
std::string planner_for_players(const nlohmann::json& config, int num_players);

// config[section] with config["by_players"]["<num_players>"][section] laid
// over it, key by key (an empty object when neither is there). `config` is
// assumed checked (check_by_players).
nlohmann::json values_for_players(const nlohmann::json& config, const std::string& section, int num_players);

}  // namespace halite::search
