// halite arena: many games between planner specs; JSONL per game and a summary.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>

#include "command.h"
#include "halite/json_codec.h"
#include "halite/lab/arena.h"
#include "halite/lab/halite3_match.h"
#include "play_halite3.h"

namespace halite::tools {
namespace {

// The games already in `path` (a run of this arena, stopped or still going),
// for --resume and --summary. A torn last line (the writer killed, or still
// writing, mid-line) is left out, and with `cut_torn_line` (--resume) cut off
// the file; any other line that is not a game of this arena is an error
// naming it.
std::vector<lab::ArenaGame> read_finished_games(const lab::ArenaOptions& o, const std::string& path,
                                                bool cut_torn_line) {
  std::vector<lab::ArenaGame> games;
  if (!std::filesystem::exists(path)) return games;
  const std::string text = read_file_text(path);
  std::vector<bool> seen(static_cast<size_t>(o.games), false);
  size_t pos = 0, line_number = 0;
  while (pos < text.size()) {
    ++line_number;
    const size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) {
      if (cut_torn_line) std::filesystem::resize_file(path, pos);  // torn: that game is played again
      break;
    }
    const std::string where = path + " line " + std::to_string(line_number) + ": ";
    try {
      lab::ArenaGame game = lab::game_from_record(o, Json::parse(text.substr(pos, nl - pos)));
      if (seen[game.index]) throw std::runtime_error("game " + std::to_string(game.index) + " is there twice");
      seen[game.index] = true;
      games.push_back(std::move(game));
    } catch (const Json::exception& e) {
      throw std::runtime_error(where + "not JSON (" + e.what() + ")");
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(where + e.what());
    }
    pos = nl + 1;
  }
  return games;
}

void print_summary(const lab::ArenaOptions& o, const lab::ArenaSummary& summary, bool json) {
  if (json) {
    nlohmann::json j = summary.to_json();
    j["arena_games"] = o.games;  // "games" are those summed up: fewer with --summary of an unfinished run
    std::printf("%s\n", j.dump().c_str());
    return;
  }
  const std::string games = summary.games == o.games ? std::to_string(o.games)
                                                     : std::to_string(summary.games) + " of " + std::to_string(o.games);
  if (o.game == lab::Game::Halite3) {
    std::printf("%s %s Halite III games, %s, budget %s\n\n", games.c_str(),
                o.four_player ? "four-player" : "two-player", halite3_map_text(o.halite3_size, o.halite3_turns).c_str(),
                budget_text(o.budget).c_str());
  } else {
    std::printf("%s %s games, %dx%d, %d steps, budget %s\n\n", games.c_str(),
                o.four_player ? "four-player" : "two-player", o.config.size, o.config.size, o.config.episode_steps,
                budget_text(o.budget).c_str());
  }
  std::printf("%s", summary.table().c_str());
}

// The players of --players: Halite IV specs (with parameter files,
// submission and py:FILE) or Halite III's.
void read_players(const Flags& flags, lab::ArenaOptions& o) {
  if (!flags.has("players")) throw UsageError("--players is required, e.g. --players 'greedy;random'");
  o.four_player = flags.has("four-player");
  const std::vector<std::string> specs = split_list(flags.get("players", ""), ';');
  if (o.game == lab::Game::Halite3) {
    o.players = parse_halite3_specs(specs, "--players", o.four_player ? 4 : 2);
  } else {
    try {
      for (const std::string& s : specs) o.players.push_back(parse_player_spec(s, o.four_player ? 4 : 2));
    } catch (const search::ParamError& e) {
      throw UsageError(e.what());
    }
  }
  if (!o.four_player && o.players.size() != 2)
    throw UsageError("two-player games take exactly two players (or use --four-player)");
  if (o.four_player && (o.players.empty() || o.players.size() > 4))
    throw UsageError("--four-player takes 1 to 4 players");
}

// The flags of a Halite IV arena: the planners' budget, the board, the
// Python agents' clock, traces.
void read_halite4_options(const Flags& flags, lab::ArenaOptions& o) {
  o.config.size = static_cast<int>(flags.get_int("size", o.config.size, kMinBoardSize, kMaxBoardSize));
  o.config.episode_steps = static_cast<int>(flags.get_int("episode-steps", o.config.episode_steps, 2, 1'000'000));
  o.trace = flags.has("trace");
  if (o.trace && o.replay_dir.empty()) throw UsageError("--trace writes beside the replays: give --replays DIR");
  o.config.act_timeout = flags.get_double("act-timeout", o.config.act_timeout, kMinActTimeout, kMaxActTimeout);
  o.config.agent_timeout = flags.get_double("overage", o.config.agent_timeout, 0, kMaxOverage);
  o.python.python = flags.get("python", lab::kDefaultPython);
  try {
    for (const lab::PlayerSpec& spec : o.players)
      if (!spec.python_file.empty()) lab::check_python_agent(o.python, spec.python_file);
  } catch (const std::exception& e) {
    throw UsageError(e.what());
  }
}

// The flags of a Halite III arena: the map side (one, or the official ones
// in turn) and the turn count.
void read_halite3_options(const Flags& flags, lab::ArenaOptions& o) {
  const Halite3MapFlags map = halite3_map_flags(flags);
  o.halite3_size = map.size;
  o.halite3_turns = map.turns;
  try {
    lab::check_halite3_map(static_cast<uint32_t>(o.seed), o.halite3_size, o.four_player ? 4 : 2, o.halite3_turns);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

int run(const std::vector<std::string>& args) {
  lab::Cluster cluster;
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (serve_if_worker(cluster, args, cores)) return 0;
  Flags flags(args,
              {"players", "games", "jobs", "budget-ms", "iterations", "seed", "size", "episode-steps", "out", "replays",
               "act-timeout", "overage", "python", "game", "turns"},
              {"four-player", "json", "no-progress", "resume", "summary", "trace"});
  if (!flags.positional().empty()) throw UsageError("unexpected argument '" + flags.positional()[0] + "'");
  lab::ArenaOptions o;
  o.game = game_flag(flags);
  if (o.game == lab::Game::Halite3)
    refuse_halite4_flags(flags);
  else
    refuse_halite3_flags(flags);
  read_players(flags, o);
  o.games = static_cast<int>(flags.get_int("games", 10, 1, 10'000'000));
  o.jobs = static_cast<int>(flags.get_int("jobs", cores, 1, kMaxJobs));
  o.seed = static_cast<uint64_t>(flags.get_int("seed", 1, 0, 4294967295LL));
  o.replay_dir = flags.get("replays", "");
  o.budget = turn_budget_flags(flags);
  if (o.game == lab::Game::Halite3)
    read_halite3_options(flags, o);
  else
    read_halite4_options(flags, o);
  o.cluster = &cluster;
  const bool json = flags.has("json");
  const std::string out_path = flags.get("out", "");
  const bool resume = flags.has("resume");
  if (resume && out_path.empty()) throw UsageError("--resume continues the games of --out: give --out");
  if (flags.has("summary")) {
    // The games --out holds so far (a run going on in another process, or
    // stopped), summed up as the arena would; nothing is played or written.
    if (out_path.empty()) throw UsageError("--summary reads the games of --out: give --out");
    if (resume || !o.replay_dir.empty())
      throw UsageError("--summary plays nothing: it takes neither --resume nor --replays");
    if (!std::filesystem::exists(out_path)) throw std::runtime_error(out_path + ": no such file");
    print_summary(o, lab::summarize_arena(o, read_finished_games(o, out_path, /*cut_torn_line=*/false)), json);
    return 0;
  }

  if (!o.replay_dir.empty()) {
    // Made now, so that no game's replay (or trace) is lost to a missing folder.
    std::error_code ec;
    std::filesystem::create_directories(o.replay_dir, ec);
    if (ec || !std::filesystem::is_directory(o.replay_dir))
      throw std::runtime_error("--replays " + o.replay_dir + ": cannot make the folder" +
                               (ec ? " (" + ec.message() + ")" : ""));
  }
  std::vector<lab::ArenaGame> finished;
  if (resume) finished = read_finished_games(o, out_path, /*cut_torn_line=*/true);
  std::ofstream jsonl;
  if (!out_path.empty()) {
    jsonl.open(out_path, resume ? std::ios::app : std::ios::trunc);
    if (!jsonl) throw std::runtime_error("cannot write " + out_path);
  }
  cluster.set_resume_hint(out_path.empty() ? "with --out FILE the finished games would have been kept"
                                           : "the finished games are in " + out_path +
                                                 ": the same command with --resume plays the others");
  const bool progress = !flags.has("no-progress") && isatty(STDERR_FILENO);
  const auto t0 = std::chrono::steady_clock::now();
  const int already = static_cast<int>(finished.size());
  int done = already;
  auto on_game = [&](const lab::ArenaGame& game) {
    if (jsonl) jsonl << lab::game_record(o, game).dump() << "\n" << std::flush;
    ++done;
    if (!progress) return;
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double eta = elapsed / (done - already) * (o.games - done);
    const int width = 30, filled = width * done / o.games;
    std::fprintf(stderr, "\r[%s%s] %d/%d games  %.0fs elapsed  ETA %.0fs ",
                 std::string(static_cast<size_t>(filled), '#').c_str(),
                 std::string(static_cast<size_t>(width - filled), '.').c_str(), done, o.games, elapsed, eta);
    std::fflush(stderr);
  };
  const lab::ArenaSummary summary = lab::run_arena(o, on_game, finished);
  if (progress) std::fprintf(stderr, "\n");
  print_summary(o, summary, json);
  return 0;
}

HALITE_COMMAND(Command{
    "arena",
    "play many games between planners and Python agent files; per-game JSONL and a summary with win rates, CIs and Elo",
    "usage: halite arena [--game halite4] --players 'SPEC;SPEC' [--games 10] [--four-player] [--jobs CORES]\n"
    "                    [--budget-ms MS] [--iterations N] [--seed 1] [--size 21] [--episode-steps 400]\n"
    "                    [--out FILE.jsonl [--resume | --summary]] [--replays DIR] [--json] [--no-progress]\n"
    "                    [--act-timeout 3] [--overage 60] [--python /usr/bin/python3]\n"
    "       mpirun -np N halite arena ...   (the games shared by N processes; docs/cluster.md)\n\n"
    "Plays games between player specs. A spec is NAME or NAME:key=value,key=value\n"
    "(parameter overrides; see `halite params NAME`; seed=N fixes the planner's seed\n"
    "in every game, as halite_bot --seed; blind gives it no model of a named bot,\n"
    "as halite_bot --blind) or NAME@FILE[:key=value,...] (parameters\n"
    "from a JSON file: `halite tune`'s output, `halite params NAME --json` or a\n"
    "bot config, whose \"by_players\" values for 2 or 4 players apply; @FILE\n"
    "alone takes the planner named in the file) or submission[:key=value,...] (the\n"
    "same with bot/submission.json as this binary was built with it) or py:FILE,\n"
    "a Kaggle Python agent file played as Kaggle's runner plays it\n"
    "(docs/python-agents.md). Two specs play\n"
    "two-player games with seats swapped on each board; --four-player plays\n"
    "four-player games with the specs repeated to four seats and rotated.\n"
    "Deterministic (all but the turn times) for a given --seed with --iterations and\n"
    "no --budget-ms, whatever --jobs is, and under mpirun whatever the number of\n"
    "processes (each plays with its own --jobs threads); Python agents are as\n"
    "deterministic as they are.\n\n"
    "  --game G           halite4 (default) or halite3 (below)\n"
    "  --players LIST     specs separated by ';' (quote it for the shell)\n"
    "  --games N          games to play (default 10)\n"
    "  --four-player      four-player games (default: two-player)\n"
    "  --jobs N           games played in parallel (default: all cores)\n"
    "  --budget-ms MS     per-turn deadline for each planner\n"
    "  --iterations N     per-turn iteration cap for each planner\n"
    "  --seed S           arena seed: chooses the boards and the planners' seeds (default 1)\n"
    "  --size N           board size (default 21)\n"
    "  --episode-steps N  states per episode (default 400)\n"
    "  --out FILE         write one JSON line per game (in the order they finish), with\n"
    "                     its turn times\n"
    "  --resume           keep the games already in --out (a stopped run of the same\n"
    "                     arena: same players, seed and games) and play only the others\n"
    "  --summary          play nothing: the summary of the games --out holds so far (a\n"
    "                     run of the same arena, going on in another process or stopped;\n"
    "                     a torn last line left out, the file untouched)\n"
    "  --replays DIR      write each game's Kaggle replay as DIR/game-<i>.json\n"
    "  --trace            with --replays: also the planner seats' reasons as\n"
    "                     DIR/game-<i>.trace.jsonl (halite view --trace; docs/viewer.md)\n"
    "  --act-timeout S    actTimeout: seconds per turn for Python agents (default 3, Kaggle's env)\n"
    "  --overage S        the overage bank of Python agents in seconds (default 60)\n"
    "  --python PATH      the interpreter of Python agents (default /usr/bin/python3)\n"
    "  --json             print the summary as one JSON object:\n"
    "                     {\"games\", \"arena_games\", \"aborted\", \"timed_games\", \"players\": [{\"name\",\n"
    "                      \"games\", \"wins\", \"win_rate\", \"ci95\", \"elo\", \"avg_bank\", \"turn_ms\": {\"p50\",\n"
    "                      \"p99\", \"max\", \"turns\"}, \"errors\"}]} (\"games\": those summed up,\n"
    "                      \"arena_games\": --games)\n"
    "  --no-progress      no progress bar (it is shown only on a terminal anyway)\n\n"
    "With --game halite3: Halite III games on this project's engine (docs/halite3.md)\n"
    "between specs of the Halite III planners, greedy or beam, as NAME:k=v,... (halite\n"
    "params NAME --game halite3 lists them) or NAME@FILE[:k=v,...] (halite tune --game\n"
    "halite3's output), seated, seeded, recorded and summed up as above (avg bank:\n"
    "the halite each ends with; turn times: the planner's decide()); deterministic,\n"
    "turn times apart, whatever --jobs is, without --budget-ms. --episode-steps,\n"
    "--act-timeout, --overage, --python and --trace are refused; and:\n"
    "  --size N           every map's side, 1 to 64, as the map generator splits it for\n"
    "                     the players (default: 32, 40, 48, 56, 64 in turn, one a board)\n"
    "  --turns N          every game's turn count (default the official count for the\n"
    "                     size: 400 at 32 to 500 at 64)\n"
    "  --replays DIR      each game's official-format replay as DIR/game-<i>.hlt\n"
    "  --out FILE         as above, each line with \"size\", its map's side (\"board_seed\"\n"
    "                     is the map seed, as the official engine's --seed)\n",
    run});

}  // namespace
}  // namespace halite::tools
