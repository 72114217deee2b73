#include "referee.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>

#include "halite/json_codec.h"
#include "halite/lab/arena.h"
#include "halite/lab/match.h"
#include "halite/lab/process_agent.h"
#include "options.h"

namespace halite::bot {

namespace {

// "--games" and its text as a number within [lo, hi] (search::Flags' check).
double number(const std::string& flag, const std::string& text, double lo, double hi) {
  return search::Flags::parse_double(flag.substr(2), text, lo, hi);
}

std::string replay_path(const std::string& pattern, int game) {
  std::string path = pattern;
  if (auto pos = path.find("%d"); pos != std::string::npos) path.replace(pos, 2, std::to_string(game));
  return path;
}

}  // namespace

bool parse_referee_args(int argc, char** argv, RefereeOptions* o) {
  bool vs = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i], value;
    bool inline_value = false;
    if (auto eq = a.find('='); a.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = a.substr(eq + 1);
      a = a.substr(0, eq);
      inline_value = true;
    }
    static const char* const kOwn[] = {"--vs",   "--games",         "--board-seed",  "--act-timeout", "--overage",
                                       "--size", "--episode-steps", "--opponent-ms", "--replay"};
    if (std::find_if(std::begin(kOwn), std::end(kOwn), [&](const char* f) { return a == f; }) == std::end(kOwn)) {
      o->bot_args.push_back(argv[i]);
      continue;
    }
    if (!inline_value) {
      if (i + 1 >= argc) throw UsageError(a + " needs a value");
      value = argv[++i];
    }
    if (a == "--vs") {
      vs = true;
      o->opponents.clear();
      size_t start = 0;
      while (start <= value.size()) {
        size_t semi = value.find(';', start);
        if (semi == std::string::npos) semi = value.size();
        if (semi > start) o->opponents.push_back(value.substr(start, semi - start));
        start = semi + 1;
      }
    } else if (a == "--games") {
      o->games = static_cast<int>(number(a, value, 1, 1e6));
    } else if (a == "--board-seed") {
      o->seed = static_cast<uint64_t>(number(a, value, 0, 4294967295.0));
    } else if (a == "--act-timeout") {
      o->act_timeout = number(a, value, 0.01, 3600);
    } else if (a == "--overage") {
      o->overage = number(a, value, 0, 36000);
    } else if (a == "--size") {
      o->size = static_cast<int>(number(a, value, kMinBoardSize, kMaxBoardSize));
    } else if (a == "--episode-steps") {
      o->episode_steps = static_cast<int>(number(a, value, 2, 100000));
    } else if (a == "--opponent-ms") {
      o->opponent_ms = number(a, value, 0, 600000);
    } else if (a == "--replay") {
      o->replay = value;
    }
  }
  return vs;
}

int run_referee(const RefereeOptions& o, const std::string& self_path) {
  const int n = static_cast<int>(o.opponents.size()) + 1;
  if (n != 2 && n != 4) throw UsageError("--vs takes 1 or 3 opponents separated by ';' (2- or 4-player games)");
  std::vector<lab::PlayerSpec> specs;
  for (const std::string& text : o.opponents) specs.push_back(lab::PlayerSpec::parse(text));

  int wins = 0, failures = 0;
  double rank_sum = 0, worst_turn_ms = 0, least_overage = o.overage;
  lab::ProcessAgent bot(self_path, o.bot_args);  // one process over the games, as on Kaggle
  for (int g = 0; g < o.games; ++g) {
    const int me = g % n;
    lab::MatchOptions match;
    Config& config = match.config;
    config.size = o.size;
    config.episode_steps = o.episode_steps;
    config.act_timeout = o.act_timeout;
    config.agent_timeout = o.overage;
    config.random_seed = static_cast<uint32_t>(o.seed + static_cast<uint64_t>(g / n));
    config.has_random_seed = true;
    if (auto err = config.validate(); !err.empty()) throw UsageError(err);
    match.record = !o.replay.empty() && (g == 0 || o.replay.find("%d") != std::string::npos);

    lab::TurnBudget opponent_budget;
    opponent_budget.milliseconds = o.opponent_ms;
    std::vector<std::unique_ptr<search::Planner>> planners;
    std::vector<std::unique_ptr<lab::PlannerAgent>> opponents;
    std::vector<lab::Agent*> seats(static_cast<size_t>(n));
    std::vector<std::string> names(static_cast<size_t>(n));
    for (int p = 0, k = 0; p < n; ++p) {
      if (p == me) {
        seats[p] = &bot;
        names[p] = "halite_bot";
        continue;
      }
      const lab::PlayerSpec& spec = specs[static_cast<size_t>(k++)];
      planners.push_back(
          search::make_planner(spec.planner, spec.overrides, o.seed * 7919 + static_cast<uint64_t>(g * 4 + p)));
      opponents.push_back(std::make_unique<lab::PlannerAgent>(*planners.back(), opponent_budget));
      seats[p] = opponents.back().get();
      names[p] = spec.label;
    }
    const lab::MatchResult result = lab::play_match(seats, match);
    const Status status = result.statuses[me];
    if (!result.errors[me].empty())
      std::fprintf(stderr, "halite_bot --vs: game %d: %s: %s\n", g, status_name(status), result.errors[me].c_str());
    if (!result.aborted.empty())
      std::fprintf(stderr, "halite_bot --vs: game %d aborted: %s\n", g, result.aborted.c_str());
    wins += result.ranks[me] == 0;
    rank_sum += result.ranks[me];
    failures += is_failure(status);
    worst_turn_ms = std::max(worst_turn_ms, bot.max_turn_ms());
    least_overage = std::min(least_overage, bot.overage_left_s());
    std::string banks;
    for (int p = 0; p < n; ++p) {
      char item[96];
      std::snprintf(item, sizeof item, "%s%s %.0f", p ? ", " : "", names[p].c_str(), result.banks[p]);
      banks += item;
    }
    std::printf(
        "game %d (board seed %u, bot in seat %d): rank %d, %s; status %s; max turn %.1f ms, overage left %.2f s\n", g,
        config.random_seed, me, result.ranks[me] + 1, banks.c_str(), status_name(status), bot.max_turn_ms(),
        bot.overage_left_s());
    std::fflush(stdout);
    if (match.record) {
      const std::string path = replay_path(o.replay, g);
      std::ofstream(path) << result.replay(names, "halite_bot-" + std::to_string(g)).dump() << "\n";
      std::printf("  replay: %s\n", path.c_str());
    }
  }
  std::printf(
      "%d games: bot won %d (%.1f%%), average rank %.2f, %d timeouts/errors/invalid; slowest turn %.1f ms, "
      "least overage left %.2f s\n",
      o.games, wins, 100.0 * wins / o.games, 1 + rank_sum / o.games, failures, worst_turn_ms, least_overage);
  return failures == 0 ? 0 : 1;
}

}  // namespace halite::bot
