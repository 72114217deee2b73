// halite play: one game between planners, a Kaggle replay and a standings table
// (with --game halite3, a Halite III game and its .hlt: play_halite3.h).
#include <cstdio>
#include <fstream>

#include "command.h"
#include "halite/lab/arena.h"
#include "play_halite3.h"
#include "view/page.h"

namespace halite::tools {
namespace {

int run(const std::vector<std::string>& args) {
  Flags flags(args,
              {"seed", "players", "size", "agents", "out", "budget-ms", "iterations", "episode-steps", "act-timeout",
               "overage", "python", "view", "trace", "game", "turns"},
              {});
  if (!flags.positional().empty()) throw UsageError("unexpected argument '" + flags.positional()[0] + "'");
  if (game_flag(flags) == lab::Game::Halite3) return play_halite3(flags);
  refuse_halite3_flags(flags);
  const int players = static_cast<int>(flags.get_int("players", 4, 1, 4));
  if (players == 3) throw UsageError("--players takes 1, 2 or 4");
  Config config;
  config.size = static_cast<int>(flags.get_int("size", config.size, kMinBoardSize, kMaxBoardSize));
  config.episode_steps = static_cast<int>(flags.get_int("episode-steps", config.episode_steps, 2, 1'000'000));
  config.random_seed = static_cast<uint32_t>(flags.get_int("seed", 1, 0, 4294967295LL));
  config.has_random_seed = true;
  config.act_timeout = flags.get_double("act-timeout", config.act_timeout, kMinActTimeout, kMaxActTimeout);
  config.agent_timeout = flags.get_double("overage", config.agent_timeout, 0, kMaxOverage);
  lab::PythonRuntime python;
  python.python = flags.get("python", lab::kDefaultPython);

  std::vector<std::string> names;
  if (flags.has("agents")) {
    // ';' separates agents as in `halite arena --players`, so that an agent
    // may take several overrides (`fleet:a=1,b=2;greedy`); a list without
    // ';' is split on ',', one override at most per agent.
    const std::string list = flags.get("agents", "");
    names = split_list(list, list.find(';') != std::string::npos ? ';' : ',');
  } else {
    // The competition bot's planner and values first (the strongest against the public bots,
    // docs/results.md), then the other built-ins at their defaults.
    static constexpr std::string_view kDefaultLineUp[] = {kSubmissionSpec, "beam", "greedy", "miner"};
    for (int p = 0; p < players; ++p) names.emplace_back(kDefaultLineUp[p]);
  }
  if (static_cast<int>(names.size()) != players)
    throw UsageError("--agents names " + std::to_string(names.size()) + " agents for " + std::to_string(players) +
                     " players");

  std::vector<lab::PlayerSpec> specs;
  std::vector<const lab::PlayerSpec*> seat_specs;
  try {
    for (const std::string& name : names) {
      specs.push_back(parse_player_spec(name, players));
      if (!specs.back().python_file.empty()) lab::check_python_agent(python, specs.back().python_file);
    }
  } catch (const std::exception& e) {
    throw UsageError(e.what());
  }
  for (const lab::PlayerSpec& spec : specs) seat_specs.push_back(&spec);
  lab::MatchOptions options;
  options.config = config;
  options.record = true;
  options.budget.milliseconds = flags.get_double("budget-ms", 0, 0, 1e7);
  options.budget.iterations = flags.get_int("iterations", 0, 0, 1'000'000'000'000LL);
  lab::GameSeats seats(python, options.budget);
  std::optional<lab::TraceFile> trace;
  if (flags.has("trace")) trace.emplace(flags.get("trace", ""));
  seats.set_trace(trace ? &*trace : nullptr);
  const lab::MatchResult result = lab::play_match(
      seats.seat(seat_specs, [&](int seat) { return uint64_t{config.random_seed} * 4 + static_cast<uint64_t>(seat); }),
      options);

  const std::string out = flags.get("out", "replay-" + std::to_string(config.random_seed) + ".json");
  const Json replay_json = result.replay(names, "halite-play-" + std::to_string(config.random_seed));
  {
    std::ofstream file(out);
    if (!file) throw std::runtime_error("cannot write " + out);
    file << replay_json.dump() << "\n";
    if (!file) throw std::runtime_error("error writing " + out);
  }
  // The viewer page: written when asked (the replay read back and replayed,
  // as `halite view` does: a few tens of milliseconds), else its command.
  const std::string page_path = flags.get("view", out.substr(0, out.rfind(".json")) + ".html");
  if (flags.has("view")) {
    std::vector<view::TraceLine> trace_lines;
    if (trace) trace_lines = view::read_trace_file(trace->path());
    std::ofstream page(page_path, std::ios::binary);
    page << view::single_game_page(replay_from_json(replay_json), out, trace_lines);
    if (!page.flush()) throw std::runtime_error("cannot write " + page_path);
  }

  const State& last = result.recorded_states.back();
  std::printf("Game: %d players, %dx%d, seed %u, %d states. Replay: %s\n\n", players, config.size, config.size,
              config.random_seed, result.states, out.c_str());
  std::printf("%-5s %-7s %-14s %10s %10s %6s %6s  %s\n", "rank", "player", "agent", "reward", "bank", "ships", "yards",
              "status");
  std::vector<int> order(static_cast<size_t>(players));
  for (int p = 0; p < players; ++p) order[p] = p;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return result.ranks[a] < result.ranks[b]; });
  for (int p : order) {
    int ships = 0, yards = 0;
    for (const Ship& s : last.ships()) ships += s.owner == p;
    for (const Shipyard& y : last.shipyards()) yards += y.owner == p;
    const Player& pl = last.player(p);
    std::string reward = is_failure(pl.status) ? "null" : std::to_string(static_cast<long long>(pl.reward));
    std::printf("%-5d %-7d %-14s %10s %10.0f %6d %6d  %s%s\n", result.ranks[p] + 1, p, names[p].c_str(), reward.c_str(),
                pl.bank, ships, yards, status_name(pl.status),
                result.errors[p].empty() ? "" : (" (" + result.errors[p] + ")").c_str());
  }
  if (flags.has("view"))
    std::printf("\nview: %s written (open it in a browser)\n", page_path.c_str());
  else
    std::printf("\nview: halite view %s%s --out %s\n", out.c_str(), trace ? (" --trace " + trace->path()).c_str() : "",
                page_path.c_str());
  return 0;
}

HALITE_COMMAND(Command{
    "play",
    "play one game between built-in agents or Python agent files; write a Kaggle replay and print the standings",
    "usage: halite play [--game halite4] [--players 4] [--seed 1] [--size 21] [--agents 'a;b;c;d'] [--out FILE]\n"
    "                   [--budget-ms MS] [--iterations N] [--episode-steps 400]\n"
    "                   [--act-timeout 3] [--overage 60] [--python /usr/bin/python3]\n"
    "                   [--view FILE.html] [--trace FILE.jsonl]\n\n"
    "Plays one game on the default configuration (or the given size and length) and\n"
    "writes it as a Kaggle replay (Kaggle's renderer loads it; `halite replay-check`\n"
    "verifies it). Prints the final standings, and the `halite view` command that\n"
    "writes a page to watch the game (docs/viewer.md).\n\n"
    "  --game G           halite4 (default) or halite3 (below)\n"
    "  --players N        1, 2 or 4 (default 4)\n"
    "  --seed S           randomSeed of the board, 0 to 4294967295 (default 1)\n"
    "  --size N           board size, 2 to 32 (default 21)\n"
    "  --agents LIST      one per player, separated by ';' (or ',' when no agent takes\n"
    "                     more than one override): planner specs as `halite arena\n"
    "                     --players` takes them (NAME, NAME:k=v,k=v), NAME@FILE (a parameter file),\n"
    "                     submission (the planner and values of bot/submission.json\n"
    "                     as built in) or py:FILE (a Kaggle Python agent file,\n"
    "                     docs/python-agents.md), one per player (default:\n"
    "                     submission, beam, greedy, miner, as many as players: the\n"
    "                     competition bot's planner against the other built-ins)\n"
    "  --out FILE         replay file (default replay-<seed>.json in this folder)\n"
    "  --budget-ms MS     per-turn deadline for search planners (default none)\n"
    "  --iterations N     per-turn iteration cap for search planners (default none)\n"
    "  --episode-steps N  states in the episode (default 400)\n"
    "  --act-timeout S    actTimeout: seconds per turn for Python agents (default 3)\n"
    "  --overage S        the overage bank of Python agents in seconds (default 60)\n"
    "  --python PATH      the interpreter of Python agents (default /usr/bin/python3)\n"
    "  --view FILE        also write the game's viewer page (halite view) to FILE\n"
    "  --trace FILE       write the planner seats' reasons for every order, one JSON line\n"
    "                     per seat and turn (halite view --trace; docs/viewer.md)\n\n" +
        std::string(kPlayHalite3Usage),
    run});

}  // namespace
}  // namespace halite::tools
