// halite_bot: the competition bot. One Kaggle observation per line on stdin,
// one action object per line on stdout (see bot.h and docs/bot.md).
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "bot.h"
#include "halite/search/planner.h"
#include "options.h"

#ifdef HALITE_OPPONENTS
#include "halite/opponents/opponents.h"
#endif
#if HALITE_BOT_REFEREE
#include <unistd.h>  // readlink, for the referee's child process

#include "referee.h"
#endif

namespace {

void list_planners() {
  const std::string def = halite::bot::default_planner();
  for (const halite::search::PlannerInfo& info : halite::search::planners()) {
    std::printf("%s%s: %s\n", info.name.c_str(), info.name == def ? " (default)" : "", info.summary.c_str());
    const std::string d = halite::search::Params(info.params).describe();
    size_t start = 0;
    while (start < d.size()) {
      size_t end = d.find('\n', start);
      if (end == std::string::npos) end = d.size();
      std::printf("    %s\n", d.substr(start, end - start).c_str());
      start = end + 1;
    }
  }
}

#if HALITE_BOT_REFEREE
std::string self_path(const char* argv0) {
  char buf[4096];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return argv0;
  return std::string(buf, static_cast<size_t>(n));
}
#endif

}  // namespace

int main(int argc, char** argv) {
#ifdef HALITE_OPPONENTS
  halite::opponents::register_opponents();
#endif
  halite::bot::Options options;
  std::unique_ptr<halite::bot::Bot> bot;
  try {
#if HALITE_BOT_REFEREE
    halite::bot::RefereeOptions referee;
    if (halite::bot::parse_referee_args(argc, argv, &referee)) {
      // Local games: check the bot options here, then play them in a child.
      std::vector<char*> child_argv{argv[0]};
      for (std::string& a : referee.bot_args) child_argv.push_back(a.data());
      halite::bot::Options child = halite::bot::parse_args(static_cast<int>(child_argv.size()), child_argv.data());
      if (child.help || child.list_planners)
        throw halite::bot::UsageError("--help/--list-planners do not go with --vs");
      { halite::bot::Bot check(child); }
      return halite::bot::run_referee(referee, self_path(argv[0]));
    }
#else
    for (int i = 1; i < argc; ++i)
      if (const std::string a = argv[i]; a == "--vs" || a.rfind("--vs=", 0) == 0)
        throw halite::bot::UsageError(
            "--vs: this is the Kaggle submission's halite_bot (bot/make_submission.sh), which has no local "
            "referee; the build tree's bot/halite_bot has it");
#endif
    options = halite::bot::parse_args(argc, argv);
    if (options.help) {
      std::printf("%s", halite::bot::usage_text().c_str());
      return 0;
    }
    if (options.list_planners) {
      list_planners();
      return 0;
    }
    bot = std::make_unique<halite::bot::Bot>(options);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "halite_bot: %s\n\n%s", e.what(), halite::bot::usage_text().c_str());
    return 2;
  }
  if (options.verbose >= 1) {
    std::string own;  // the player counts with a main planner of their own
    for (int n = 1; n <= halite::kMaxPlayers; ++n)
      if (bot->planner_name(n) != bot->planner_name())
        own += ", " + std::to_string(n) + " players: " + bot->planner_name(n);
    std::fprintf(stderr, "halite_bot: planner %s%s, fallback %s\n", bot->planner_name().c_str(), own.c_str(),
                 bot->fallback_name().c_str());
  }

  std::ios::sync_with_stdio(false);
  std::string line;
  while (std::getline(std::cin, line)) {
    const auto received = std::chrono::steady_clock::now();
    if (std::optional<std::string> answer = bot->handle_line(line, received)) {
      answer->push_back('\n');
      std::fwrite(answer->data(), 1, answer->size(), stdout);
      std::fflush(stdout);
    }
  }
  bot->finish();
  std::fflush(stdout);
  std::fflush(stderr);
  // A planner abandoned mid-turn may still run: leave without waiting for it.
  if (!bot->idle()) std::_Exit(0);
  return 0;
}
