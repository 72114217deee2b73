// halite tune: SPSA tuning of a planner's declared parameters from games.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "command.h"
#include "halite/json_codec.h"
#include "halite/lab/spsa.h"
#include "halite/search/param_file.h"
#include "play_halite3.h"

namespace halite::tools {
namespace {

// Written whole, then renamed: a reader never sees half a file.
void write_file(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << text;
    if (!out) throw std::runtime_error("cannot write " + tmp);
  }
  std::filesystem::rename(tmp, path);
}

std::string duration_text(double s) {
  char buf[32];
  if (s < 60)
    std::snprintf(buf, sizeof buf, "%.0fs", s);
  else if (s < 3600)
    std::snprintf(buf, sizeof buf, "%dm%02ds", static_cast<int>(s) / 60, static_cast<int>(s) % 60);
  else
    std::snprintf(buf, sizeof buf, "%dh%02dm", static_cast<int>(s) / 3600, static_cast<int>(s) / 60 % 60);
  return buf;
}

std::string duration_ms_text(double ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", ms);
  return buf;
}

const std::vector<std::string> kSettingFlags = {"planner",
                                                "params",
                                                "start",
                                                "set",
                                                "mode",
                                                "opponent",
                                                "games-per-iteration",
                                                "spsa-iterations",
                                                "iterations",
                                                "budget-ms",
                                                "size",
                                                "episode-steps",
                                                "players",
                                                "seed",
                                                "c-end-ratio",
                                                "r-end",
                                                "c-end",
                                                "alpha",
                                                "gamma",
                                                "A-ratio",
                                                "log",
                                                "game",
                                                "turns"};

// The default output names' stem: the planner, prefixed with halite3- for
// Halite III's (whose greedy is not Halite IV's greedy).
std::string output_stem(lab::Game game, const std::string& planner) {
  return game == lab::Game::Halite3 ? "halite3-" + planner : planner;
}

// --resume LOG: the stem of the tune the log holds, for the default output names.
std::string output_stem_of_tune_log(const std::string& log_path) {
  std::ifstream in(log_path);
  std::string first;
  if (!in || !std::getline(in, first)) throw std::runtime_error("cannot read " + log_path);
  try {
    const nlohmann::json options = nlohmann::json::parse(first).at("options");
    const lab::Game game = options.value("game", "halite4") == "halite3" ? lab::Game::Halite3 : lab::Game::Halite4;
    return output_stem(game, options.at("planner").get<std::string>());
  } catch (const nlohmann::json::exception&) {
    throw std::runtime_error(log_path + ": not a halite tune log");
  }
}

// --c-end name=value, each into o.c_end.
void read_c_end(const Flags& flags, lab::TuneOptions& o) {
  for (const std::string& c : flags.get_all("c-end")) {
    const auto eq = c.find('=');
    char* end = nullptr;
    const double v = eq == std::string::npos ? 0 : std::strtod(c.c_str() + eq + 1, &end);
    if (eq == std::string::npos || eq == 0 || end == c.c_str() + eq + 1 || *end != '\0' || !(v > 0))
      throw UsageError("--c-end takes name=value (value > 0), got '" + c + "'");
    o.c_end[c.substr(0, eq)] = v;
  }
}

// The games' own settings: Halite IV's per-turn budget, board and episode
// length, or Halite III's map side (0: the official sides in turn) and turn
// count; the other game's flags refused.
void read_game_settings(const Flags& flags, lab::TuneOptions& o) {
  if (o.game == lab::Game::Halite3) {
    refuse_halite4_flags(flags);
    const Halite3MapFlags map = halite3_map_flags(flags);
    o.halite3_size = map.size;
    o.halite3_turns = map.turns;
    // A tune's games must be reproducible: search planners take no deadline
    // here and stop at their default_iterations.
    for (const char* name : {"budget-ms", "iterations"})
      if (flags.has(name)) throw UsageError(std::string("--") + name + " is not available with --game halite3");
    return;
  }
  refuse_halite3_flags(flags);
  o.budget.milliseconds = flags.get_double("budget-ms", 0, 0, 1e7);
  o.budget.iterations = flags.get_int("iterations", flags.has("budget-ms") ? 0 : 200, 0, 1'000'000'000'000LL);
  o.config.size = static_cast<int>(flags.get_int("size", o.config.size, kMinBoardSize, kMaxBoardSize));
  o.config.episode_steps = static_cast<int>(flags.get_int("episode-steps", o.config.episode_steps, 2, 1'000'000));
}

// A new run's settings, from the command line (UsageError on a bad one).
lab::TuneOptions tune_options_from_flags(const Flags& flags, int jobs, lab::Cluster& cluster) {
  lab::TuneOptions o;
  if (flags.positional().size() > 1) throw UsageError("takes one planner name");
  if (flags.positional().size() == 1 && flags.has("planner")) throw UsageError("give the planner once");
  o.planner = flags.positional().empty() ? flags.get("planner", "") : flags.positional()[0];
  if (o.planner.empty()) throw UsageError("which planner? e.g. halite tune greedy");
  o.game = game_flag(flags);
  read_game_settings(flags, o);
  try {
    const search::DefaultParams defaults = lab::default_params_of(o.game);
    search::Params start = flags.has("start")
                               ? search::params_from_file(&o.planner, flags.get("start", ""), 0, defaults)
                               : defaults(o.planner);
    for (const std::string& s : flags.get_all("set")) start.set_from_string(s);
    o.start = start.to_json();
    o.names = split_list(flags.get("params", ""), ',');
    o.mode = flags.get("mode", "pair");
    o.opponent = flags.get("opponent", "greedy");
    if (flags.has("opponent") && o.mode != "opponent") throw UsageError("--opponent needs --mode opponent");
    o.players = static_cast<int>(flags.get_int("players", 2, 2, 4));
    o.games = static_cast<int>(flags.get_int("games-per-iteration", 8, 1, 1'000'000));
    o.spsa.iterations = static_cast<int>(flags.get_int("spsa-iterations", 100, 1, 100'000'000));
    o.spsa.seed = static_cast<uint64_t>(flags.get_int("seed", 1, 0, 4294967295LL));
    o.spsa.alpha = flags.get_double("alpha", 0.602, 0.01, 10);
    o.spsa.gamma = flags.get_double("gamma", 0.101, 0, 10);
    o.spsa.A_ratio = flags.get_double("A-ratio", 0.1, 0, 1000);
    o.c_end_ratio = flags.get_double("c-end-ratio", 0.1, 1e-9, 10);
    o.r_end = flags.get_double("r-end", 0.2, 1e-12, 1e6);
    read_c_end(flags, o);
    o.jobs = jobs;
    o.cluster = &cluster;
    o.validate();
  } catch (const search::ParamError& e) {
    throw UsageError(e.what());
  }
  return o;
}

// The parameters an iteration played, as name=value ...
std::string theta_text(const lab::TuneRun& r, const lab::SpsaIteration& it) {
  std::string theta;
  const std::vector<double> shown = lab::Spsa(r.params, r.options.spsa).played(it.theta);
  for (size_t i = 0; i < r.params.size(); ++i) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%s%s=%.4g", i ? " " : "", r.params[i].name.c_str(), shown[i]);
    theta += buf;
  }
  return theta;
}

// The games a tune plays: "21x21, 400 steps, budget 200 iterations", or
// Halite III's "Halite III, sizes 32 to 64 in turn, official turns".
std::string games_text(const lab::TuneOptions& o) {
  if (o.game == lab::Game::Halite3) return "Halite III, " + halite3_map_text(o.halite3_size, o.halite3_turns);
  char buf[160];
  std::snprintf(buf, sizeof buf, "%dx%d, %d steps, budget %s", o.config.size, o.config.size, o.config.episode_steps,
                budget_text(o.budget).c_str());
  return buf;
}

// The arena flags of `halite arena` that play the tune's games.
std::string arena_flags(const lab::TuneOptions& o) {
  if (o.game == lab::Game::Halite3)
    return std::string(o.players == 4 ? " --four-player" : "") +
           (o.halite3_size > 0 ? " --size " + std::to_string(o.halite3_size) : "") +
           (o.halite3_turns > 0 ? " --turns " + std::to_string(o.halite3_turns) : "");
  return " --size " + std::to_string(o.config.size) + " --episode-steps " + std::to_string(o.config.episode_steps) +
         (o.budget.milliseconds > 0 ? " --budget-ms " + duration_ms_text(o.budget.milliseconds)
                                    : " --iterations " + std::to_string(o.budget.iterations));
}

void print_start(const lab::TuneOptions& o, const std::string& log_path) {
  std::printf("tuning %s: %zu parameters, %d iterations of %d games (%s, %d players), %s\n", o.planner.c_str(),
              lab::tune_params(o).size(), o.spsa.iterations, o.games,
              o.mode == "pair" ? "theta+ vs theta-" : ("each vs " + o.opponent).c_str(), o.players,
              games_text(o).c_str());
  std::printf("log: %s (continue with: halite tune --resume %s)\n", log_path.c_str(), log_path.c_str());
  std::fflush(stdout);
}

// How the run ended, what it wrote, and the arena command that checks the tuned values.
void print_end(const lab::TuneRun& result, const std::string& out_path, const std::string& csv_path,
               const std::string& svg_path) {
  std::printf("%s: %zu of %d iterations done\n", result.done ? "finished" : "stopped", result.history.size(),
              result.options.spsa.iterations);
  std::printf("wrote %s (tuned parameters), %s, %s\n", out_path.c_str(), csv_path.c_str(), svg_path.c_str());
  std::printf("check: halite arena%s --players '%s@%s;%s' --games 200%s\n",
              result.options.game == lab::Game::Halite3 ? " --game halite3" : "", result.options.planner.c_str(),
              out_path.c_str(), result.options.planner.c_str(), arena_flags(result.options).c_str());
}

int run(const std::vector<std::string>& args) {
  lab::Cluster cluster;
  if (serve_if_worker(cluster, args, 1)) return 0;
  std::vector<std::string> valued = kSettingFlags;
  for (const char* f : {"jobs", "out", "csv", "svg", "resume"}) valued.push_back(f);
  Flags flags(args, valued, {"force", "quiet"});
  const bool resume = flags.has("resume");
  const int jobs = static_cast<int>(flags.get_int("jobs", 1, 1, kMaxJobs));

  lab::TuneOptions o;
  std::string log_path, stem;
  if (resume) {
    for (const std::string& f : kSettingFlags)
      if (flags.has(f)) throw UsageError("--" + f + " cannot be changed on --resume: the settings come from the log");
    if (!flags.positional().empty()) throw UsageError("unexpected argument '" + flags.positional()[0] + "'");
    log_path = flags.get("resume", "");
    stem = output_stem_of_tune_log(log_path);
  } else {
    o = tune_options_from_flags(flags, jobs, cluster);
    stem = output_stem(o.game, o.planner);
    log_path = flags.get("log", "tune-" + stem + ".jsonl");
    if (std::filesystem::exists(log_path) && !flags.has("force"))
      throw UsageError(log_path + " exists: continue it with --resume " + log_path + ", or overwrite it with --force");
  }
  const std::string out_path = flags.get("out", "tuned-" + stem + ".json");
  const std::string csv_path = flags.get("csv", "tune-" + stem + ".csv");
  const std::string svg_path = flags.get("svg", "tune-" + stem + ".svg");
  const bool quiet = flags.has("quiet");
  cluster.set_resume_hint("the log keeps every finished iteration: continue with halite tune --resume " + log_path);

  const auto t0 = std::chrono::steady_clock::now();
  int new_iterations = 0, replayed = 0;
  double last_write = -1e9;
  auto write_outputs = [&](const lab::TuneRun& r) {
    write_file(out_path, lab::tuned_params_json(r).dump(2) + "\n");
    write_file(csv_path, lab::tune_csv(r));
    write_file(svg_path, lab::tune_svg(r));
  };
  auto on_iteration = [&](const lab::TuneRun& r, const lab::SpsaIteration& it, bool was_replayed) {
    if (was_replayed) {
      ++replayed;
      return;
    }
    if (new_iterations == 0 && replayed > 0 && !quiet) std::printf("resumed after %d logged iterations\n", replayed);
    ++new_iterations;
    // Rewritten at most every 10 s (they grow with the run), and at the end.
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (elapsed - last_write >= 10) {
      write_outputs(r);
      last_write = elapsed;
    }
    if (quiet) return;
    const int total = r.options.spsa.iterations;
    const double eta = elapsed / new_iterations * (total - it.k - 1);
    const std::string theta = theta_text(r, it);
    std::printf("[%d/%d] y+ %.3f  y- %.3f  (%d games, %.1fs)  elapsed %s  ETA %s  %s\n", it.k + 1, total,
                it.outcome.y_plus, it.outcome.y_minus, it.outcome.games, it.seconds, duration_text(elapsed).c_str(),
                duration_text(eta).c_str(), theta.c_str());
    std::fflush(stdout);
  };

  lab::TuneRun result;
  if (resume) {
    result = lab::resume_tune(log_path, jobs, on_iteration, -1, {}, &cluster);
  } else {
    if (!quiet) print_start(o, log_path);
    result = lab::run_tune(o, log_path, on_iteration);
  }
  write_outputs(result);
  if (!quiet) print_end(result, out_path, csv_path, svg_path);
  return 0;
}

HALITE_COMMAND(Command{
    "tune", "tune a planner's parameters by SPSA from games (resumable; JSON, CSV and SVG outputs)",
    "usage: halite tune PLANNER [--game halite4|halite3] [--params a,b,...] [--start FILE.json] [--set k=v]...\n"
    "                   [--mode pair|opponent] [--opponent SPEC] [--games-per-iteration 8]\n"
    "                   [--spsa-iterations 100] [--iterations 200 | --budget-ms MS] [--players 2|4]\n"
    "                   [--size 21] [--episode-steps 400] [--seed 1] [--jobs 1]\n"
    "                   [--c-end-ratio 0.1] [--c-end name=value]... [--r-end 0.2]\n"
    "                   [--alpha 0.602] [--gamma 0.101] [--A-ratio 0.1]\n"
    "                   [--log tune-PLANNER.jsonl] [--force] [--out tuned-PLANNER.json]\n"
    "                   [--csv tune-PLANNER.csv] [--svg tune-PLANNER.svg] [--quiet]\n"
    "       halite tune --resume LOG [--jobs N] [--out ...] [--csv ...] [--svg ...]\n"
    "       mpirun -np N halite tune ...   (each iteration's games shared by N processes;\n"
    "                                       docs/cluster.md)\n\n"
    "SPSA as fishtest runs it for Stockfish. Iteration k perturbs every tuned parameter\n"
    "by +-c_k (random signs from (seed, k)), plays theta+ against theta- (--mode pair:\n"
    "N games, seats swapped on each board) or each of them against --opponent (--mode\n"
    "opponent: N games each on the same boards; SPEC is NAME[:k=v,...], a pool of them\n"
    "separated by ';' (4 players: the other seats take the members in turn; 2 players:\n"
    "the games are shared equally), or 'current', the planner at the current theta),\n"
    "and moves theta by a_k (y+ - y-) / (2 c_k) per\n"
    "sign, y = mean rank-based score (2 players: win 1, draw 0.5, loss 0).\n"
    "  c_k = c / (k+1)^gamma, a_k = a / (A+k+1)^alpha, A = A-ratio * N, with c and a\n"
    "  set so that the last iteration has c_k = c_end and a_k / c_k^2 = r_end.\n"
    "  c_end per parameter = c-end-ratio * scale, scale = min(range width,\n"
    "  2 * max(|default|, floor)), floor = 1 for integers, width/1000 for reals\n"
    "  whose default is 0, else 0; integers get c_end >= 1.\n"
    "Values are clamped to the declared ranges; integers are rounded when played.\n"
    "With --iterations (per turn, default 200) and no --budget-ms, a run is\n"
    "deterministic whatever --jobs is, and under mpirun whatever the number of\n"
    "processes (a log resumes on any number of them).\n\n"
    "Writes the log after every iteration (one JSON line each; --resume continues\n"
    "it exactly) and, every 10 s and at the end: --out {\"planner\", \"params\"}\n"
    "(accepted by halite_bot --config, halite arena --players 'PLANNER@FILE',\n"
    "halite tune --start), --csv (k, each parameter, y_plus, y_minus, score) and\n"
    "--svg (score and parameters by iteration). See docs/tuning.md.\n\n"
    "With --game halite3: the Halite III policy (search3/; halite params --game halite3),\n"
    "PLANNER greedy, its games played by `halite arena --game halite3`'s code on this\n"
    "project's engine; deterministic whatever --jobs is. --budget-ms, --iterations and\n"
    "--episode-steps are refused; --start and --opponent take Halite III files and specs;\n"
    "the default outputs are tune-halite3-greedy.jsonl, tuned-halite3-greedy.json, ...; and:\n"
    "  --size N           every map's side, 1 to 64 as the map generator splits it for\n"
    "                     the players (default: 32, 40, 48, 56, 64 in turn, one a board,\n"
    "                     the turn taken on from one iteration to the next)\n"
    "  --turns N          every game's turn count (default the official count for the size)\n",
    run});

}  // namespace
}  // namespace halite::tools
