// halite3_bot: a Halite III planner of search3/ (planner.h: the greedy
// cell-scoring policy by default, beam search or mcts) over the official protocol
// on stdin and stdout. Run it by the official engine: `halite --width 32
// --height 32 "halite3_bot" "..."`.
//
//   halite3_bot [--name NAME] [--planner NAME] [--config FILE] [--set name=value]...
//               [--budget-ms MS] [--iterations N] [--seed N] [--timing] [--params]
//
// --config takes a parameter file as `halite tune` and `halite params NAME
// --game halite3 --json` write it, or a bot config with "by_players"
// (search/'s param_file.h); it is checked in full before the game, and its
// entry for the game's player count applied once the engine has said it.
// The planner is --planner's, else the file's, else greedy. --set values go
// over the file's. A search planner stops each turn --budget-ms after the
// frame was read (default kDefaultBudgetMs, well inside the engine's 2 s),
// or after --iterations children (with --budget-ms 0, deterministic for a
// --seed).
//
// A malformed line, or an error of any kind, ends the bot with a message on
// stderr (which the engine keeps in its error log) and a non-zero status.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "halite/search/flags.h"
#include "halite/search/param_file.h"
#include "halite3/bot/protocol.h"
#include "halite3/search/planner.h"

namespace {

// The engine waits 2000 ms for a turn; the rest covers a loaded machine and
// the time the frame takes to read and the answer to write.
constexpr double kDefaultBudgetMs = 1000;
// A day: any budget beyond it is a typing error, not a plan.
constexpr double kMaxBudgetMs = 86'400'000;

struct Options {
  std::string name = "halite3_greedy";
  std::string planner;  // --planner; empty: the config's, else greedy
  double budget_ms = kDefaultBudgetMs;
  int64_t iterations = 0;  // 0: no cap
  uint64_t seed = 1;
  std::optional<nlohmann::json> config;  // --config's file, already checked
  std::string config_path;
  std::vector<std::string> sets;  // --set, applied over the config
  bool timing = false;
};

// The planner and its parameters for a game of `players`: the config's (its
// "by_players" entry for that count laid over its "params"), then --set.
// players 0 only checks the config.
halite3::search::Params game_params(const Options& options, int players, std::string& planner) {
  planner = options.planner;
  if (planner.empty() && options.config) planner = halite::search::planner_for_players(*options.config, players);
  if (planner.empty()) planner = halite3::search::kGreedyPlanner;
  halite3::search::Params params =
      options.config ? halite::search::params_from_file_json(&planner, *options.config, options.config_path, players,
                                                             halite3::search::planner_params)
                     : halite3::search::planner_params(planner);
  for (const std::string& assignment : options.sets) params.set_from_string(assignment);
  return params;
}

[[noreturn]] void usage(const std::string& problem) {
  std::cerr << "halite3_bot: " << problem << "\n"
            << "usage: halite3_bot [--name NAME] [--planner NAME] [--config FILE] [--set name=value]...\n"
            << "                   [--budget-ms MS] [--iterations N] [--seed N] [--timing] [--params]\n"
            << "  --planner    greedy (default), beam or mcts\n"
            << "  --config     the planner's parameters from a file (halite tune's, or a bot config)\n"
            << "  --set        change a parameter (--params lists them), over the file's\n"
            << "  --budget-ms  a search's time a turn (default 1000)\n"
            << "  --iterations a search's cap of children a turn (with --budget-ms 0: deterministic)\n"
            << "  --seed       the search's seed (default 1)\n"
            << "  --timing   print the turns' time on stderr at the end\n";
  std::exit(2);
}

Options parse_options(int argc, char** argv) {
  Options options;
  bool list = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--name") {
      options.name = value();
    } else if (arg == "--config") {
      options.config_path = value();
      try {
        options.config = halite::search::read_param_file(options.config_path);
      } catch (const std::exception& e) {
        usage(e.what());
      }
    } else if (arg == "--planner") {
      options.planner = value();
    } else if (arg == "--budget-ms" || arg == "--iterations" || arg == "--seed") {
      const std::string flag = arg.substr(2), text = value();
      try {
        if (arg == "--budget-ms")
          options.budget_ms = halite::search::Flags::parse_double(flag, text, 0, kMaxBudgetMs);
        else if (arg == "--iterations")
          options.iterations = halite::search::Flags::parse_int(flag, text, 0, std::numeric_limits<long long>::max());
        else
          options.seed = static_cast<uint64_t>(
              halite::search::Flags::parse_int(flag, text, 0, std::numeric_limits<long long>::max()));
      } catch (const halite::search::UsageError& e) {
        usage(e.what());
      }
    } else if (arg == "--set") {
      options.sets.push_back(value());
    } else if (arg == "--timing") {
      options.timing = true;
    } else if (arg == "--params") {
      list = true;
    } else {
      usage("unknown argument '" + arg + "'");
    }
  }
  // Every value checked before the game: a bad one ends the bot now, not at
  // the engine's first frame.
  try {
    std::string planner;
    const halite3::search::Params checked = game_params(options, 0, planner);
    for (int players = 1; players <= halite3::kMaxPlayers; ++players) game_params(options, players, planner);
    if (list) {
      std::cout << checked.describe();
      std::exit(0);
    }
  } catch (const std::exception& e) {
    usage(e.what());
  }
  return options;
}

int play(const Options& options) {
  using Clock = std::chrono::steady_clock;
  halite3::bot::LineReader reader(std::cin);
  halite3::bot::GameStart start = halite3::bot::read_game_start(reader);
  std::string planner_name;
  const halite3::search::Params params = game_params(options, start.state.player_count, planner_name);
  const std::unique_ptr<halite3::search::Planner> planner =
      halite3::search::make_planner(planner_name, params, options.seed);
  std::cout << options.name << std::endl;
  double total_ms = 0, worst_ms = 0;
  int turns = 0, worst_turn = 0;
  while (true) {
    const auto started = Clock::now();
    const int turn = halite3::bot::read_frame(reader, start.constants, start.state);
    if (turn == 0) break;
    // The engine's clock runs from when it sent the frame: the read above
    // also waited for the other bots, so the search's time starts now.
    halite3::search::Budget budget =
        options.budget_ms > 0 ? halite3::search::Budget::milliseconds(options.budget_ms) : halite3::search::Budget();
    if (options.iterations > 0) budget.with_iterations(options.iterations);
    const auto commands = planner->decide(start.state, start.constants, start.me, budget);
    std::cout << halite3::bot::format_commands(commands) << std::endl;
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - started).count();
    total_ms += ms;
    ++turns;
    if (ms > worst_ms) worst_ms = ms, worst_turn = turn;
  }
  if (options.timing && turns > 0)
    std::fprintf(stderr, "halite3_bot: %d turns, mean %.2f ms, worst %.2f ms (turn %d)\n", turns, total_ms / turns,
                 worst_ms, worst_turn);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  const Options options = parse_options(argc, argv);
  try {
    return play(options);
  } catch (const halite3::bot::ProtocolError& e) {
    std::cerr << "halite3_bot: bad input: " << e.what() << std::endl;
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "halite3_bot: error: " << e.what() << std::endl;
    return 1;
  }
}
