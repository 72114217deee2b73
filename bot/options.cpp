#include "options.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "halite/json_codec.h"
#include "halite/search/flags.h"
#include "halite/search/param_file.h"
#include "halite/search/planner.h"

namespace halite::bot {

std::string default_planner() {
  for (const char* name : kPreferredPlanners)
    for (const search::PlannerInfo& info : search::planners())
      if (info.name == name) return name;
  return search::planners().empty() ? std::string() : search::planners().front().name;
}

bool has_player_count_values(const Options& o, int num_players) {
  return o.by_players.contains(std::to_string(num_players)) || o.players_sets.count(num_players) > 0 ||
         o.players_fallback_sets.count(num_players) > 0 || o.players_planner.count(num_players) > 0;
}

namespace {

double number_of(const nlohmann::json& v, const std::string& key, double lo, double hi) {
  if (!v.is_number()) throw UsageError(key + ": expected a number, got " + v.dump());
  const double x = v.get<double>();
  if (!std::isfinite(x) || x < lo || x > hi)
    throw UsageError(key + " = " + v.dump() + " is out of range (" + std::to_string(lo) + " to " + std::to_string(hi) +
                     ")");
  return x;
}

void set_time_key(TimePolicy* t, const std::string& key, double x, const std::string& where) {
  if (key == "margin_ms")
    t->margin_ms = x;
  else if (key == "max_turn_ms")
    t->max_turn_ms = x;
  else if (key == "overage_use")
    t->overage_use = x;
  else if (key == "overage_low_s")
    t->overage_low_s = x;
  else if (key == "degrade_turns")
    t->degrade_turns = static_cast<int>(x);
  else if (key == "min_plan_ms")
    t->min_plan_ms = x;
  else if (key == "iterations")
    t->iterations = static_cast<int64_t>(x);
  else
    throw UsageError(where + ": unknown time key '" + key + "'");
}

struct TimeKey {
  const char* name;
  double lo, hi;
};
constexpr TimeKey kTimeKeys[] = {{"margin_ms", 0, 60000},    {"max_turn_ms", 0, 600000}, {"overage_use", 0, 1},
                                 {"overage_low_s", 0, 3600}, {"degrade_turns", 0, 1000}, {"min_plan_ms", 0, 60000},
                                 {"iterations", 0, 1e15}};

const TimeKey* time_key(const std::string& name) {
  for (const TimeKey& k : kTimeKeys)
    if (name == k.name) return &k;
  return nullptr;
}

// "--players-set 2:k=v": the player count and "k=v"; "--players-planner
// 2:mcts" (is_set false): the player count and "mcts".
std::pair<int, std::string> player_count_set(const std::string& flag, const std::string& text, bool is_set = true) {
  const size_t colon = text.find(':');
  const bool well_formed = colon == 1 && text[0] >= '1' && text[0] <= '0' + kMaxPlayers &&
                           (is_set ? text.find('=', colon) != std::string::npos : colon + 1 < text.size());
  if (!well_formed)
    throw UsageError(flag + " takes N:" + (is_set ? "key=value" : "NAME") + " with N a number of players, 1 to " +
                     std::to_string(kMaxPlayers) + "; got '" + text + "'");
  return {text[0] - '0', text.substr(colon + 1)};
}

// "--max-turn-ms" -> "max_turn_ms"
std::string flag_key(const std::string& flag) {
  std::string k = flag.substr(2);
  for (char& c : k)
    if (c == '-') c = '_';
  return k;
}

}  // namespace

void apply_config_json(const nlohmann::json& j, Options* o, const std::string& what) {
  if (!j.is_object()) throw UsageError(what + ": expected a JSON object");
  for (const auto& [key, v] : j.items()) {
    const std::string path = what + ": \"" + key + "\"";
    if (key == "planner" || key == "fallback") {
      if (!v.is_string()) throw UsageError(path + " must be a planner name (string)");
      (key == "planner" ? o->planner : o->fallback) = v.get<std::string>();
    } else if (key == "params" || key == "fallback_params") {
      if (!v.is_object()) throw UsageError(path + " must be an object {name: value}");
      (key == "params" ? o->params : o->fallback_params) = v;
    } else if (key == "by_players") {
      try {
        search::check_by_players(v, what);
      } catch (const search::ParamError& e) {
        throw UsageError(e.what());
      }
      o->by_players = v;
      for (int count : o->players_planner_from_file) o->players_planner.erase(count);
      o->players_planner_from_file.clear();
      for (const auto& [count, entry] : v.items())
        if (entry.contains("planner")) {
          o->players_planner[count[0] - '0'] = entry["planner"].get<std::string>();
          o->players_planner_from_file.insert(count[0] - '0');
        }
    } else if (key == "seed") {
      o->seed = static_cast<uint64_t>(number_of(v, path, 0, 9007199254740991.0));
    } else if (key == "blind") {
      if (!v.is_boolean()) throw UsageError(path + " must be true or false");
      o->blind = v.get<bool>();
    } else if (key == "trace") {
      if (!v.is_string()) throw UsageError(path + " must be a file name (string)");
      o->trace = v.get<std::string>();
    } else if (key == "verbose") {
      o->verbose = static_cast<int>(number_of(v, path, 0, 3));
    } else if (key == "time") {
      if (!v.is_object()) throw UsageError(path + " must be an object");
      for (const auto& [tk, tv] : v.items()) {
        const TimeKey* spec = time_key(tk);
        if (!spec) throw UsageError(path + ": unknown key '" + tk + "'");
        set_time_key(&o->time, tk, number_of(tv, what + ": time." + tk, spec->lo, spec->hi), what);
      }
    } else if (const TimeKey* spec = time_key(key)) {
      set_time_key(&o->time, key, number_of(v, path, spec->lo, spec->hi), what);
    } else {
      // Tuning logs may carry extra keys (score, iteration): tolerated.
      std::fprintf(stderr, "halite_bot: warning: %s is not a bot option; ignored\n", path.c_str());
    }
  }
}

void apply_config_file(const std::string& path, Options* o) {
  nlohmann::json j;
  try {
    j = read_json_file(path);
  } catch (const std::exception& e) {
    throw UsageError("--config " + path + ": " + e.what());
  }
  apply_config_json(j, o, path);
}

std::string usage_text() {
  // Defaults are read from the code they describe, so the text cannot drift.
  const TimePolicy t;
  std::string preferred;
  for (const char* name : kPreferredPlanners) preferred += (preferred.empty() ? "" : ", ") + std::string(name);
  auto num = [](double x) { return search::format_number(x); };
  return "usage: halite_bot [options]\n"
         "\n"
         "Plays Halite IV through a line protocol: the first line on stdin is Kaggle's\n"
         "configuration object, then one observation per line; each observation is\n"
         "answered with one line holding the action object. A line\n"
         "{\"configuration\": {...}, \"observation\": {...}} sets the configuration and\n"
         "is answered as an observation.\n"
         "\n"
         "options:\n"
         "  --config FILE        JSON: {\"planner\", \"params\", \"fallback\", \"fallback_params\",\n"
         "                       \"seed\", \"blind\", \"trace\", \"verbose\", \"time\": {time keys below},\n"
         "                       \"by_players\": {\"2\": {\"planner\", \"params\": {...}, \"fallback_params\": "
         "{...}}}}\n"
         "  --planner NAME       the main planner (default: " +
         default_planner() +
         ", the first registered of\n"
         "                       " +
         preferred +
         ")\n"
         "  --set k=v            a parameter of the main planner (repeatable)\n"
         "  --fallback NAME      the cheap planner for short time and failures (" +
         kDefaultFallback +
         ")\n"
         "  --fallback-set k=v   a parameter of the fallback planner (repeatable)\n"
         "  --players-planner N:NAME   the main planner of games of N players (default: --planner's)\n"
         "  --players-set N:k=v  a parameter of the main planner in games of N players only\n"
         "  --players-fallback-set N:k=v   the same for the fallback planner\n"
         "  --seed N             planner seed (1)\n"
         "  --blind              give the planners no model of a named bot (opponents/): the recogniser\n"
         "                       knows no one and the known_* values never apply\n"
         "  --trace FILE         write why each unit got its order, one JSON line a turn\n"
         "                       (halite view --trace; docs/viewer.md)\n"
         "  --margin-ms X        safety margin under actTimeout (" +
         num(t.margin_ms) +
         ")\n"
         "  --max-turn-ms X      cap on the main planner's time per turn (0: none)\n"
         "  --overage-use F      fraction of the overage bank to spend, 0..1 (" +
         num(t.overage_use) +
         ")\n"
         "  --overage-low-s X    overage bank below which turns get half time (" +
         num(t.overage_low_s) +
         ")\n"
         "  --degrade-turns N    fallback turns after a turn that ran long (" +
         num(t.degrade_turns) +
         ")\n"
         "  --min-plan-ms X      below this budget the fallback plays (" +
         num(t.min_plan_ms) +
         ")\n"
         "  --iterations N       iteration cap per turn for the main planner (0: none)\n"
         "  --verbose N          stderr: 0 errors, 1 + game summaries, 2 + every turn (1)\n"
         "  --quiet              same as --verbose 0\n"
         "  --debug-delay-ms X   testing: the main planner sleeps X ms before each plan\n"
         "  --list-planners      print the registered planners and their parameters\n"
         "  --help\n";
}

Options parse_args(int argc, char** argv) {
  std::vector<std::string> valued = {"config",
                                     "trace",
                                     "planner",
                                     "set",
                                     "fallback",
                                     "fallback-set",
                                     "players-planner",
                                     "players-set",
                                     "players-fallback-set",
                                     "seed",
                                     "debug-delay-ms",
                                     "verbose"};
  for (const TimeKey& k : kTimeKeys) {
    std::string flag = k.name;
    std::replace(flag.begin(), flag.end(), '_', '-');
    valued.push_back(flag);
  }
  const search::Flags flags(std::vector<std::string>(argv + 1, argv + argc), valued,
                            {"help", "list-planners", "blind", "quiet"});
  Options o;
  for (const std::string& arg : flags.positional()) {
    if (arg != "-h") throw UsageError("unexpected argument '" + arg + "'");
    o.help = true;
  }
  // In the order given: a later flag overrides a --config file before it.
  for (const auto& [name, value] : flags.items()) {
    const std::string flag = "--" + name;
    if (name == "help") {
      o.help = true;
    } else if (name == "list-planners") {
      o.list_planners = true;
    } else if (name == "blind") {
      o.blind = true;
    } else if (name == "quiet") {
      o.verbose = 0;
    } else if (name == "config") {
      apply_config_file(value, &o);
    } else if (name == "trace") {
      o.trace = value;
    } else if (name == "planner") {
      o.planner = value;
    } else if (name == "set") {
      o.sets.push_back(value);
    } else if (name == "fallback") {
      o.fallback = value;
    } else if (name == "fallback-set") {
      o.fallback_sets.push_back(value);
    } else if (name == "players-planner") {
      const auto [count, planner] = player_count_set(flag, value, false);
      o.players_planner[count] = planner;
      o.players_planner_from_file.erase(count);
    } else if (name == "players-set" || name == "players-fallback-set") {
      const auto [count, set] = player_count_set(flag, value);
      (name == "players-set" ? o.players_sets : o.players_fallback_sets)[count].push_back(set);
    } else if (name == "seed") {
      o.seed = static_cast<uint64_t>(search::Flags::parse_double(name, value, 0, 9007199254740991.0));
    } else if (name == "debug-delay-ms") {
      o.debug_delay_ms = search::Flags::parse_double(name, value, 0, 3600000);
    } else if (name == "verbose") {
      o.verbose = static_cast<int>(search::Flags::parse_double(name, value, 0, 3));
    } else {
      const TimeKey* spec = time_key(flag_key(flag));  // the flags left are the time keys
      set_time_key(&o.time, flag_key(flag), search::Flags::parse_double(name, value, spec->lo, spec->hi), "flags");
    }
  }
  return o;
}

}  // namespace halite::bot
