// Parameter files: one reader for the two layouts the tools write and take.
//
//   {"planner": "greedy", "params": {"max_ships": 20, ...}}   what `halite tune` writes
//   {"max_ships": 20, ...}                                     what `halite params greedy --json` writes
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "halite/search/params.h"

namespace halite::search {

// The parameters of `*planner` with the file's values applied (all or
// nothing, range-checked). When *planner is empty it becomes the planner the
// file names. Throws ParamError, its message starting with `what` (e.g. the
// file's path), when the file names another planner, when no planner is
// named at all, or when a value is unknown or out of range.
Params params_from_file_json(std::string* planner, const nlohmann::json& file, const std::string& what);

// The same, reading the file at `path` (JSON errors become ParamError).
Params params_from_file(std::string* planner, const std::string& path);

}  // namespace halite::search
