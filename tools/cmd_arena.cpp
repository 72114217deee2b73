// halite arena: many games between planner specs; JSONL per game and a summary.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <thread>

#include "command.h"
#include "halite/json_codec.h"
#include "halite/lab/arena.h"
#include "halite/search/param_file.h"

namespace halite::tools {
namespace {


// A spec with a parameter file: NAME@FILE[:k=v,...] or @FILE[:k=v,...]. FILE
// holds {"planner": NAME, "params": {...}} (what `halite tune` writes; the
// name may then be left out) or a plain {"name": value} object (`halite
// params NAME --json`). Inline overrides apply after the file.
lab::PlayerSpec parse_spec(const std::string& text) {
  const auto at = text.find('@');
  if (at == std::string::npos || text.rfind(lab::kPythonSpecPrefix, 0) == 0) return lab::PlayerSpec::parse(text);
  const auto colon = text.find(':', at);
  const std::string file = text.substr(at + 1, colon == std::string::npos ? std::string::npos : colon - at - 1);
  std::string planner = text.substr(0, at);
  search::Params p;
  try {
    p = search::params_from_file(&planner, file);
  } catch (const search::ParamError& e) {
    throw search::ParamError("player '" + text + "': " + e.what());
  }
  std::string expanded = planner + ":";
  const Json values = p.to_json();
  for (const auto& [name, v] : values.items()) expanded += name + "=" + v.dump() + ",";
  if (colon != std::string::npos) expanded += text.substr(colon + 1);
  lab::PlayerSpec spec = lab::PlayerSpec::parse(expanded);
  spec.label = text;
  return spec;
}

int run(const std::vector<std::string>& args) {
  Flags flags(args,
              {"players", "games", "jobs", "budget-ms", "iterations", "seed", "size", "episode-steps", "out",
               "replays", "act-timeout", "overage", "python"},
              {"four-player", "json", "no-progress"});
  if (!flags.positional().empty()) throw UsageError("unexpected argument '" + flags.positional()[0] + "'");
  lab::ArenaOptions o;
  if (!flags.has("players")) throw UsageError("--players is required, e.g. --players 'greedy;random'");
  try {
    for (const std::string& s : split_list(flags.get("players", ""), ';')) o.players.push_back(parse_spec(s));
  } catch (const search::ParamError& e) {
    throw UsageError(e.what());
  }
  o.four_player = flags.has("four-player");
  if (!o.four_player && o.players.size() != 2) throw UsageError("two-player games take exactly two players (or use --four-player)");
  if (o.four_player && (o.players.empty() || o.players.size() > 4)) throw UsageError("--four-player takes 1 to 4 players");
  o.games = static_cast<int>(flags.get_int("games", 10, 1, 10'000'000));
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  o.jobs = static_cast<int>(flags.get_int("jobs", cores, 1, 1024));
  o.budget.milliseconds = flags.get_double("budget-ms", 0, 0, 1e7);
  o.budget.iterations = flags.get_int("iterations", 0, 0, 1'000'000'000'000LL);
  o.seed = static_cast<uint64_t>(flags.get_int("seed", 1, 0, 4294967295LL));
  o.config.size = static_cast<int>(flags.get_int("size", o.config.size, kMinBoardSize, kMaxBoardSize));
  o.config.episode_steps = static_cast<int>(flags.get_int("episode-steps", o.config.episode_steps, 2, 1'000'000));
  o.replay_dir = flags.get("replays", "");
  o.config.act_timeout = flags.get_double("act-timeout", o.config.act_timeout, kMinActTimeout, kMaxActTimeout);
  o.config.agent_timeout = flags.get_double("overage", o.config.agent_timeout, 0, kMaxOverage);
  o.python.python = flags.get("python", lab::kDefaultPython);
  try {
    for (const lab::PlayerSpec& spec : o.players)
      if (!spec.python_file.empty()) lab::check_python_agent(o.python, spec.python_file);
  } catch (const std::exception& e) {
    throw UsageError(e.what());
  }
  const bool json = flags.has("json");

  std::ofstream jsonl;
  if (flags.has("out")) {
    jsonl.open(flags.get("out", ""));
    if (!jsonl) throw std::runtime_error("cannot write " + flags.get("out", ""));
  }
  const bool progress = !flags.has("no-progress") && isatty(STDERR_FILENO);
  const auto t0 = std::chrono::steady_clock::now();
  int done = 0;
  auto on_game = [&](const lab::ArenaGame& game) {
    if (jsonl) jsonl << lab::game_record(o, game).dump() << "\n" << std::flush;
    ++done;
    if (!progress) return;
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double eta = elapsed / done * (o.games - done);
    const int width = 30, filled = width * done / o.games;
    std::fprintf(stderr, "\r[%s%s] %d/%d games  %.0fs elapsed  ETA %.0fs ", std::string(static_cast<size_t>(filled), '#').c_str(),
                 std::string(static_cast<size_t>(width - filled), '.').c_str(), done, o.games, elapsed, eta);
    std::fflush(stderr);
  };
  const lab::ArenaSummary summary = lab::run_arena(o, on_game);
  if (progress) std::fprintf(stderr, "\n");
  if (json) {
    std::printf("%s\n", summary.to_json().dump().c_str());
  } else {
    std::string budget = o.budget.milliseconds > 0 ? std::to_string(o.budget.milliseconds) + " ms" : "no deadline";
    if (o.budget.iterations > 0) budget += ", " + std::to_string(o.budget.iterations) + " iterations";
    std::printf("%d %s games, %dx%d, %d steps, budget %s\n\n", summary.games, o.four_player ? "four-player" : "two-player",
                o.config.size, o.config.size, o.config.episode_steps, budget.c_str());
    std::printf("%s", summary.table().c_str());
  }
  return 0;
}

HALITE_COMMAND(Command{
    "arena", "play many games between planners and Python agent files; per-game JSONL and a summary with win rates, CIs and Elo",
    "usage: halite arena --players 'SPEC;SPEC' [--games 10] [--four-player] [--jobs CORES]\n"
    "                    [--budget-ms MS] [--iterations N] [--seed 1] [--size 21] [--episode-steps 400]\n"
    "                    [--out FILE.jsonl] [--replays DIR] [--json] [--no-progress]\n"
    "                    [--act-timeout 3] [--overage 60] [--python /usr/bin/python3]\n\n"
    "Plays games between player specs. A spec is NAME or NAME:key=value,key=value\n"
    "(parameter overrides; see `halite params NAME`; seed=N fixes the planner's seed\n"
    "in every game, as halite_bot --seed) or NAME@FILE[:key=value,...] (parameters\n"
    "from a JSON file: `halite tune`'s output or `halite params NAME --json`; @FILE\n"
    "alone takes the planner named in the file) or py:FILE, a Kaggle Python agent\n"
    "file played as Kaggle's runner plays it (docs/python-agents.md). Two specs play\n"
    "two-player games with seats swapped on each board; --four-player plays\n"
    "four-player games with the specs repeated to four seats and rotated.\n"
    "Deterministic for a given --seed with --iterations and no --budget-ms, whatever\n"
    "--jobs is (for planners: Python agents are as deterministic as they are).\n\n"
    "  --players LIST     specs separated by ';' (quote it for the shell)\n"
    "  --games N          games to play (default 10)\n"
    "  --four-player      four-player games (default: two-player)\n"
    "  --jobs N           games played in parallel (default: all cores)\n"
    "  --budget-ms MS     per-turn deadline for each planner\n"
    "  --iterations N     per-turn iteration cap for each planner\n"
    "  --seed S           arena seed: chooses the boards and the planners' seeds (default 1)\n"
    "  --size N           board size (default 21)\n"
    "  --episode-steps N  states per episode (default 400)\n"
    "  --out FILE         write one JSON line per game\n"
    "  --replays DIR      write each game's Kaggle replay as DIR/game-<i>.json\n"
    "  --act-timeout S    actTimeout: seconds per turn for Python agents (default 3, Kaggle's env)\n"
    "  --overage S        the overage bank of Python agents in seconds (default 60)\n"
    "  --python PATH      the interpreter of Python agents (default /usr/bin/python3)\n"
    "  --json             print the summary as one JSON object:\n"
    "                     {\"games\", \"aborted\", \"players\": [{\"name\", \"games\", \"wins\", \"win_rate\", \"ci95\",\n"
    "                      \"elo\", \"avg_bank\", \"turn_ms\": {\"p50\", \"p99\", \"max\"}, \"errors\"}]}\n"
    "  --no-progress      no progress bar (it is shown only on a terminal anyway)\n",
    run});

}  // namespace
}  // namespace halite::tools
