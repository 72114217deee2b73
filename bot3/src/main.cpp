// halite3_bot: the greedy cell-scoring Halite III bot (search3/'s
// GreedyPolicy) over the official protocol on stdin and stdout. Run it by
// the official engine: `halite --width 32 --height 32 "halite3_bot" "..."`.
//
//   halite3_bot [--name NAME] [--set name=value]... [--timing] [--params]
//
// A malformed line, or an error of any kind, ends the bot with a message on
// stderr (which the engine keeps in its error log) and a non-zero status.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>

#include "halite3/bot/protocol.h"
#include "halite3/search/policy.h"

namespace {

struct Options {
  std::string name = "halite3_greedy";
  halite3::search::Params params{halite3::search::policy_specs()};
  bool timing = false;
};

[[noreturn]] void usage(const std::string& problem) {
  std::cerr << "halite3_bot: " << problem << "\n"
            << "usage: halite3_bot [--name NAME] [--set name=value]... [--timing] [--params]\n"
            << "  --set      change a policy parameter (--params lists them)\n"
            << "  --timing   print the turns' time on stderr at the end\n";
  std::exit(2);
}

Options parse_options(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--name") {
      options.name = value();
    } else if (arg == "--set") {
      try {
        options.params.set_from_string(value());
      } catch (const std::exception& e) {
        usage(e.what());
      }
    } else if (arg == "--timing") {
      options.timing = true;
    } else if (arg == "--params") {
      std::cout << options.params.describe();
      std::exit(0);
    } else {
      usage("unknown argument '" + arg + "'");
    }
  }
  return options;
}

int play(const Options& options) {
  using Clock = std::chrono::steady_clock;
  halite3::bot::LineReader reader(std::cin);
  halite3::bot::GameStart start = halite3::bot::read_game_start(reader);
  halite3::search::GreedyPolicy policy(halite3::search::PolicyParams::from(options.params));
  std::cout << options.name << std::endl;
  double total_ms = 0, worst_ms = 0;
  int turns = 0, worst_turn = 0;
  while (true) {
    const auto started = Clock::now();
    const int turn = halite3::bot::read_frame(reader, start.constants, start.state);
    if (turn == 0) break;
    const auto commands = policy.decide(start.state, start.constants, start.me);
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
