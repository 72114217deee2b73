#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "command.h"
#include "halite/search/param_file.h"
#include "submission_config.h"

#ifdef HALITE_OPPONENTS
#include "halite/opponents/opponents.h"
#endif

namespace halite::tools {

namespace {
std::vector<Command>& registry() {
  static std::vector<Command> all;
  return all;
}
}  // namespace

bool register_command(Command command) {
  registry().push_back(std::move(command));
  return true;
}

const std::vector<Command>& commands() {
  return registry();
}

lab::PlayerSpec parse_player_spec(const std::string& text, int num_players, lab::Game game) {
  const bool submission = text == kSubmissionSpec || text.rfind(std::string(kSubmissionSpec) + ":", 0) == 0;
  const auto at = text.find('@');
  if (submission && game == lab::Game::Halite3)
    throw search::ParamError("player '" + text + "': the submission is the Halite IV bot");
  if (!submission && (at == std::string::npos || text.rfind(lab::kPythonSpecPrefix, 0) == 0))
    return lab::PlayerSpec::parse(text, game);
  const auto colon = text.find(':', submission ? 0 : at);
  std::string planner = submission ? "" : text.substr(0, at);
  search::Params p;
  try {
    if (submission) {
      p = search::params_from_file_json(&planner, Json::parse(kSubmissionConfigJson),
                                        "the built-in bot/submission.json", num_players);
    } else {
      const std::string file = text.substr(at + 1, colon == std::string::npos ? std::string::npos : colon - at - 1);
      p = search::params_from_file(&planner, file, num_players, lab::default_params_of(game));
    }
  } catch (const search::ParamError& e) {
    throw search::ParamError("player '" + text + "': " + e.what());
  }
  std::string expanded = planner + ":";
  const Json values = p.to_json();
  for (const auto& [name, v] : values.items()) expanded += name + "=" + v.dump() + ",";
  if (colon != std::string::npos) expanded += text.substr(colon + 1);
  lab::PlayerSpec spec = lab::PlayerSpec::parse(expanded, game);
  spec.label = text;
  return spec;
}

int for_each_replay(const std::vector<std::string>& paths, bool skip_bad, std::string_view command,
                    const std::function<void(const std::string& path, const Replay& replay)>& add) {
  int skipped = 0;
  for (const std::string& path : paths) {
    try {
      add(path, read_replay_file(path));
    } catch (const JsonError& e) {
      // Reading errors name the file already; a replay that does not reproduce does not.
      const std::string why = std::string(e.what()).rfind(path, 0) == 0 ? e.what() : path + ": " + e.what();
      if (!skip_bad) throw std::runtime_error(why + " (nothing written; --skip-bad goes on without it)");
      std::fprintf(stderr, "halite %s: skipped %s\n", std::string(command).c_str(), why.c_str());
      ++skipped;
    }
  }
  return skipped;
}

std::vector<std::string> split_list(const std::string& text, char sep) {
  return absl::StrSplit(text, sep, absl::SkipEmpty());
}

std::string budget_text(const lab::TurnBudget& budget) {
  std::string text = budget.milliseconds > 0 ? absl::StrCat(budget.milliseconds, " ms") : "";
  if (budget.iterations > 0) absl::StrAppend(&text, text.empty() ? "" : ", ", budget.iterations, " iterations");
  return text.empty() ? "no deadline" : text;
}

bool serve_if_worker(lab::Cluster& cluster, const std::vector<std::string>& args, int default_jobs) {
  if (cluster.rank() == 0) return false;
  int jobs = default_jobs;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string value;
    if (args[i] == "--jobs" && i + 1 < args.size())
      value = args[i + 1];
    else if (args[i].rfind("--jobs=", 0) == 0)
      value = args[i].substr(7);
    int parsed = 0;
    if (!value.empty() && absl::SimpleAtoi(value, &parsed) && parsed >= 1 && parsed <= kMaxJobs) jobs = parsed;
  }
  lab::serve_arena_games(cluster, jobs);
  return true;
}

}  // namespace halite::tools

int main(int argc, char** argv) {
#ifdef HALITE_OPPONENTS
  halite::opponents::register_opponents();
#endif
  using namespace halite::tools;
  std::vector<Command> sorted = commands();
  std::sort(sorted.begin(), sorted.end(), [](const Command& a, const Command& b) { return a.name < b.name; });
  auto overview = [&](FILE* out) {
    std::fprintf(out, "usage: halite <command> [options]   (halite <command> --help for its options)\n\ncommands:\n");
    for (const Command& c : sorted) std::fprintf(out, "  %-14s %s\n", c.name.c_str(), c.summary.c_str());
  };
  if (argc < 2) {
    overview(stderr);
    return 2;
  }
  const std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    overview(stdout);
    return 0;
  }
  for (const Command& c : sorted) {
    if (c.name != name) continue;
    std::vector<std::string> args(argv + 2, argv + argc);
    if (std::find(args.begin(), args.end(), "--help") != args.end() ||
        std::find(args.begin(), args.end(), "-h") != args.end()) {
      std::printf("%s", c.usage.c_str());
      return 0;
    }
    try {
      return c.run(args);
    } catch (const UsageError& e) {
      std::fprintf(stderr, "halite %s: %s\n\n%s", name.c_str(), e.what(), c.usage.c_str());
      return 2;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "halite %s: error: %s\n", name.c_str(), e.what());
      return 1;
    }
  }
  std::fprintf(stderr, "halite: unknown command '%s'\n\n", name.c_str());
  overview(stderr);
  return 2;
}
