// halite params: list the planners, or print one planner's parameters.
#include <cstdio>

#include "command.h"
#include "halite/json_codec.h"
#include "halite/search/param_file.h"
#include "halite/search/planner.h"
#include "play_halite3.h"

namespace halite::tools {
namespace {

int run(const std::vector<std::string>& args) {
  Flags flags(args, {"file", "set", "game"}, {"json"});
  const lab::Game game = game_flag(flags);
  if (flags.positional().size() > 1) throw UsageError("takes at most one planner name");
  if (flags.positional().empty() && game == lab::Game::Halite4) {
    for (const search::PlannerInfo& p : search::planners())
      std::printf("%-10s %3zu parameters  %s\n", p.name.c_str(), p.params.size(), p.summary.c_str());
    return 0;
  }
  // Halite III without a name: its default planner's parameters.
  const std::string name = flags.positional().empty() ? std::string(lab::kHalite3Greedy) : flags.positional()[0];
  search::Params params;
  try {
    std::string planner = name;
    params = flags.has("file")
                 ? search::params_from_file(&planner, flags.get("file", ""), 0, lab::default_params_of(game))
                 : lab::default_params_of(game)(name);
    for (const std::string& s : flags.get_all("set")) params.set_from_string(s);
  } catch (const search::ParamError& e) {
    throw UsageError(e.what());
  }
  const std::string summary =
      game == lab::Game::Halite3 ? halite3::search::planner_summary(name) : search::planner_info(name).summary;
  if (flags.has("json"))
    std::printf("%s\n", params.to_json().dump(2).c_str());
  else
    std::printf("%s: %s\n\n%s", name.c_str(), summary.c_str(), params.describe().c_str());
  return 0;
}

HALITE_COMMAND(Command{"params",
                       "list the planners, or print a planner's parameters (name, value, default, range, help)",
                       "usage: halite params [PLANNER] [--game halite4|halite3] [--file PARAMS.json]\n"
                       "                     [--set name=value]... [--json]\n\n"
                       "Without PLANNER: the registered planners. With PLANNER: each of its declared\n"
                       "parameters with its value, default, range and help, after applying --file (a\n"
                       "JSON object {\"name\": value}, or halite tune's {\"planner\", \"params\"}) and\n"
                       "--set overrides, which are range-checked;\n"
                       "unknown names are refused with the list of known ones. --json prints the\n"
                       "values as a JSON object that --file accepts.\n\n"
                       "With --game halite3: the Halite III policy's parameters (search3/, the ones\n"
                       "halite3_bot --set and the specs greedy:k=v take), PLANNER greedy or left out.\n",
                       run});

}  // namespace
}  // namespace halite::tools
