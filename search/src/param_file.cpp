#include "halite/search/param_file.h"

#include "halite/config.h"
#include "halite/json_codec.h"
#include "halite/search/planner.h"

namespace halite::search {

void check_by_players(const nlohmann::json& by_players, const std::string& what) {
  if (!by_players.is_object())
    throw ParamError(what + ": \"by_players\" must be an object {\"2\": {...}, \"4\": {...}}");
  for (const auto& [count, entry] : by_players.items()) {
    const std::string path = what + ": by_players.\"" + count + "\"";
    const bool is_count = count.size() == 1 && count[0] >= '1' && count[0] <= '0' + kMaxPlayers;
    if (!is_count)
      throw ParamError(path + ": the key must be a number of players, 1 to " + std::to_string(kMaxPlayers));
    if (!entry.is_object())
      throw ParamError(path + " must be an object {\"params\": {...}, \"fallback_params\": {...}}");
    for (const auto& [section, values] : entry.items()) {
      if (section == "planner") {
        if (!values.is_string()) throw ParamError(path + ".planner must be a planner name (string)");
        try {
          planner_info(values.get<std::string>());
        } catch (const ParamError& e) {
          throw ParamError(path + ".planner: " + e.what());
        }
        continue;
      }
      bool known = false;
      for (const char* s : kPlayerCountSections) known |= section == s;
      if (!known)
        throw ParamError(path + ": unknown key '" + section +
                         "' (it takes \"planner\", \"params\" and \"fallback_params\")");
      if (!values.is_object()) throw ParamError(path + "." + section + " must be an object {name: value}");
    }
  }
}

nlohmann::json values_for_players(const nlohmann::json& config, const std::string& section, int num_players) {
  nlohmann::json values = nlohmann::json::object();
  if (config.contains(section)) values = config[section];
  const std::string count = std::to_string(num_players);
  if (config.contains("by_players") && config["by_players"].contains(count) &&
      config["by_players"][count].contains(section))
    for (const auto& [name, v] : config["by_players"][count][section].items()) values[name] = v;
  return values;
}

std::string planner_for_players(const nlohmann::json& config, int num_players) {
  const std::string count = std::to_string(num_players);
  if (config.contains("by_players") && config["by_players"].contains(count) &&
      config["by_players"][count].contains("planner"))
    return config["by_players"][count]["planner"].get<std::string>();
  return config.contains("planner") && config["planner"].is_string() ? config["planner"].get<std::string>() : "";
}

Params params_from_file_json(std::string* planner, const nlohmann::json& file, const std::string& what, int num_players,
                             DefaultParams defaults) {
  nlohmann::json values = file;
  // The config layout (what `halite tune` and the bot take), told from a
  // plain {name: value} object by its keys: no parameter has these names.
  const bool config_layout =
      file.is_object() && (file.contains("params") || file.contains("planner") || file.contains("by_players"));
  if (config_layout) {
    if (file.contains("params") && !file["params"].is_object())
      throw ParamError(what + ": \"params\" must be an object {name: value}");
    if (file.contains("by_players")) check_by_players(file["by_players"], what);
    values = values_for_players(file, "params", num_players);
    if (file.contains("planner") && !file["planner"].is_string())
      throw ParamError(what + ": \"planner\" must be a planner name (string)");
    if (const std::string named = planner_for_players(file, num_players); !named.empty()) {
      if (planner->empty())
        *planner = named;
      else if (named != *planner)
        throw ParamError(what + " is for planner '" + named + "', not '" + *planner + "'");
    }
  }
  if (planner->empty()) throw ParamError(what + ": no planner named (give NAME@FILE, or a file with \"planner\")");
  Params params = defaults(*planner);
  try {
    params.set_from_json(values);
  } catch (const ParamError& e) {
    throw ParamError(what + ": " + e.what());
  }
  return params;
}

nlohmann::json read_param_file(const std::string& path) {
  try {
    return read_json_file(path);
  } catch (const std::exception& e) {
    throw ParamError(e.what());
  }
}

Params params_from_file(std::string* planner, const std::string& path, int num_players, DefaultParams defaults) {
  return params_from_file_json(planner, read_param_file(path), path, num_players, defaults);
}

}  // namespace halite::search
