#include "halite/search/param_file.h"

#include "halite/json_codec.h"
#include "halite/search/planner.h"

namespace halite::search {

Params params_from_file_json(std::string* planner, const nlohmann::json& file, const std::string& what) {
  nlohmann::json values = file;
  if (file.is_object() && file.contains("params") && file["params"].is_object()) {
    values = file["params"];
    if (file.contains("planner")) {
      if (!file["planner"].is_string()) throw ParamError(what + ": \"planner\" must be a planner name (string)");
      const std::string named = file["planner"].get<std::string>();
      if (planner->empty())
        *planner = named;
      else if (named != *planner)
        throw ParamError(what + " is for planner '" + named + "', not '" + *planner + "'");
    }
  }
  if (planner->empty()) throw ParamError(what + ": no planner named (give NAME@FILE, or a file with \"planner\")");
  Params params = default_params(*planner);
  try {
    params.set_from_json(values);
  } catch (const ParamError& e) {
    throw ParamError(what + ": " + e.what());
  }
  return params;
}

Params params_from_file(std::string* planner, const std::string& path) {
  nlohmann::json file;
  try {
    file = read_json_file(path);
  } catch (const std::exception& e) {
    throw ParamError(e.what());
  }
  return params_from_file_json(planner, file, path);
}

}  // namespace halite::search
