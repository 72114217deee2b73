// The bot's options: which planner, its parameters, the fallback planner and
// the time policy. They come from a JSON file (--config FILE) and from flags;
// flags given after --config override the file's values.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "halite/search/flags.h"

namespace halite::bot {

// The planners the bot prefers, strongest first: the first one registered in
// this build is the default. Change this list when games against the public
// bots (../shared/tools/kaggle-arena) show a stronger planner: fleet scored
// a mean of 10,775 in 4-player games there, beam on it 5,716 (docs/results.md).
inline constexpr const char* kPreferredPlanners[] = {"fleet", "beam", "greedy", "miner"};
// The cheap planner used when time is short or the main planner fails: the
// fleet policy (about a millisecond a turn on 21x21, 8 ms at most in the
// arena runs) plays far better than the miner that was the fallback before
// (a late beam left the miner 74 turns of one Kaggle game, and it lost).
inline constexpr const char* kDefaultFallback = "fleet";

struct TimePolicy {
  // Subtracted from actTimeout for process start-up, pipes, the Python shim
  // and scheduling noise. Grows by itself when the overage bank shrinks.
  double margin_ms = 300;
  // Upper bound on the main planner's time per turn (0: actTimeout - margin).
  double max_turn_ms = 0;
  // Fraction of the overage bank (above overage_low_s) the bot may spread
  // over the remaining turns on top of actTimeout (0: never use it).
  double overage_use = 0;
  // Below this many seconds left in the overage bank, turns get half the
  // time and never any overage.
  double overage_low_s = 10;
  // After a turn that ran long (or cost overage) the fallback planner plays
  // this many turns.
  int degrade_turns = 5;
  // Below this many milliseconds of budget, the fallback plays the turn.
  double min_plan_ms = 15;
  // Iteration cap per turn for the main planner (0: none; deadline only).
  int64_t iterations = 0;
};

struct Options {
  std::string planner;                               // empty: the default (see default_planner())
  nlohmann::json params = nlohmann::json::object();  // from the JSON file
  std::vector<std::string> sets;                     // --set k=v, applied after params
  std::string fallback = kDefaultFallback;
  nlohmann::json fallback_params = nlohmann::json::object();
  std::vector<std::string> fallback_sets;
  // Values for games of a given number of players, laid over the ones above
  // in those games: "by_players" of the JSON file ({"2": {"params": {...},
  // "fallback_params": {...}}}, search/param_file.h) and --players-set /
  // --players-fallback-set N:k=v. Flags beat the file; within each, a
  // player count's value beats the general one.
  nlohmann::json by_players = nlohmann::json::object();
  std::map<int, std::vector<std::string>> players_sets, players_fallback_sets;
  // The main planner of games of a given number of players, when it is not
  // `planner`: a "by_players" entry's "planner" or --players-planner N:NAME
  // (the later on the command line wins, as for --planner and --config).
  std::map<int, std::string> players_planner;
  // The counts of players_planner that a config file's "by_players" named: a
  // later file's "by_players" replaces them with its own, as it replaces the
  // values (a later --players-planner flag takes its count off this set).
  std::set<int> players_planner_from_file;
  uint64_t seed = 1;
  // The planners are given no model of a named bot (opponents/), so that
  // nothing specific to a particular opponent plays: the recogniser knows
  // no one and the known_* values never apply. Strength figures quote this
  // bot first.
  bool blind = false;
  // Non-empty: every turn's reasons (the planner that answered: why each
  // unit got its order) are written there, one JSON line a turn
  // (docs/viewer.md, The trace format). The orders are the same either way.
  std::string trace;
  TimePolicy time;
  // Testing hook: the main planner sleeps this long before each plan, to
  // exercise the watchdog and the degrade path (--debug-delay-ms).
  double debug_delay_ms = 0;
  int verbose = 1;  // 0: errors only; 1: + game summaries; 2: + one line per turn
  bool list_planners = false;
  bool help = false;
};

// A command line or config file the bot cannot use (exit status 2).
using search::UsageError;

// The first of kPreferredPlanners that is registered.
std::string default_planner();

// True when games of `num_players` have values or a planner of their own
// (by_players, --players-set, --players-planner), so that they need planners
// of their own.
bool has_player_count_values(const Options& options, int num_players);

// Reads a JSON config file into `options` (throws UsageError naming the key).
void apply_config_file(const std::string& path, Options* options);
// Applies a parsed config object (same keys as the file).
void apply_config_json(const nlohmann::json& j, Options* options, const std::string& what);
// Parses argv (throws UsageError).
Options parse_args(int argc, char** argv);
std::string usage_text();

}  // namespace halite::bot
