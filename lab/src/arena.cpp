#include "halite/lab/arena.h"
#include "halite/lab/halite3_match.h"
#include "halite/search/rng.h"
#include "halite3/replay_writer.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <mutex>
#include <thread>

namespace halite::lab {

namespace {

constexpr std::string_view kSeedKey = "seed=";
constexpr std::string_view kBlindKey = "blind";
// Planner seeds as halite_bot --seed takes them (a JSON-safe integer).
constexpr unsigned long long kMaxSeed = 9007199254740991ull;
// The arena keeps turn times to 10 us: a JSONL record then holds each in a
// few characters, and a game read back from its record counts in a summary
// exactly as it did when it was played.
constexpr double kTurnTimesPerMs = 100;

}  // namespace

PlayerSpec PlayerSpec::parse(const std::string& text, Game game) {
  PlayerSpec spec;
  spec.label = text;
  if (game == Game::Halite3 && text.rfind(kPythonSpecPrefix, 0) == 0)
    throw search::ParamError("player '" + text + "': Python agent files play Halite IV only");
  if (text.rfind(kPythonSpecPrefix, 0) == 0) {
    spec.python_file = text.substr(kPythonSpecPrefix.size());
    if (spec.python_file.empty()) throw search::ParamError("player '" + text + "': py: takes an agent file, py:FILE");
    if (!std::ifstream(spec.python_file) || std::filesystem::is_directory(spec.python_file))
      throw search::ParamError("player '" + text + "': cannot read the agent file '" + spec.python_file + "'");
    return spec;
  }
  const auto colon = text.find(':');
  spec.planner = text.substr(0, colon);
  if (colon != std::string::npos) {
    std::string rest = text.substr(colon + 1);
    size_t start = 0;
    while (start <= rest.size()) {
      const size_t comma = rest.find(',', start);
      const std::string item = rest.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      if (item.rfind(kSeedKey, 0) == 0) {
        const std::string value = item.substr(kSeedKey.size());
        char* end = nullptr;
        const unsigned long long seed = std::strtoull(value.c_str(), &end, 10);
        if (value.empty() || *end != '\0' || value[0] == '-' || seed > kMaxSeed)
          throw search::ParamError("player '" + text + "': seed takes an integer from 0 to " +
                                   std::to_string(kMaxSeed) + ", got '" + value + "'");
        spec.seed = seed;
      } else if (item == kBlindKey) {
        spec.blind = true;
      } else if (!item.empty()) {
        spec.overrides.push_back(item);
      }
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
  spec.check(game);  // now, not in a worker
  return spec;
}

void PlayerSpec::check(Game game) const {
  if (game == Game::Halite3) {
    if (blind) throw search::ParamError("player '" + label + "': the Halite III planners take no blind");
    halite3_seat(*this);
    return;
  }
  search::make_planner(planner, overrides, 0);
}

search::DefaultParams default_params_of(Game game) {
  return game == Game::Halite3 ? halite3::search::planner_params : search::default_params;
}

std::unique_ptr<search::Planner> PlayerSpec::make(uint64_t seed) const {
  search::Params params = search::default_params(planner);
  for (const std::string& o : overrides) params.set_from_string(o);
  search::PlannerSetup setup{this->seed ? *this->seed : seed,
                             blind ? std::vector<search::ModelKind>{} : search::registered_opponent_models()};
  return search::make_planner(planner, params, setup);
}

const std::vector<Agent*>& GameSeats::seat(const std::vector<const PlayerSpec*>& specs,
                                           const std::function<uint64_t(int seat)>& planner_seed) {
  agents_.clear();
  planner_agents_.clear();
  planners_.clear();
  std::vector<bool> taken(python_agents_.size(), false);
  for (int s = 0; s < static_cast<int>(specs.size()); ++s) {
    const PlayerSpec& spec = *specs[s];
    if (spec.python_file.empty()) {
      planners_.push_back(spec.make(planner_seed(s)));
      planner_agents_.push_back(std::make_unique<PlannerAgent>(*planners_.back(), budget_, trace_));
      agents_.push_back(planner_agents_.back().get());
      continue;
    }
    size_t k = 0;
    while (k < python_agents_.size() && (taken[k] || python_agents_[k].first != spec.python_file)) ++k;
    if (k == python_agents_.size()) {
      python_agents_.emplace_back(spec.python_file, make_python_agent(python_, spec.python_file));
      taken.push_back(false);
    }
    taken[k] = true;
    agents_.push_back(python_agents_[k].second.get());
  }
  return agents_;
}

std::pair<double, double> wilson95(double wins, int n) {
  if (n <= 0) return {0, 1};
  const double z = 1.959963984540054, p = wins / n, z2n = z * z / n;
  const double centre = (p + z2n / 2) / (1 + z2n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2n / (4.0 * n)) / (1 + z2n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

namespace {

double percentile(std::vector<double>& v, double q) {
  if (v.empty()) return 0;
  const size_t k = std::min(v.size() - 1, static_cast<size_t>(q * static_cast<double>(v.size())));
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
  return v[k];
}

}  // namespace

nlohmann::json game_record(const ArenaOptions& options, const ArenaGame& game) {
  nlohmann::json seats = nlohmann::json::array(), rewards = nlohmann::json::array();
  for (int p : game.seat_player) seats.push_back(options.players[p].label);
  for (double r : game.result.rewards) rewards.push_back(std::isfinite(r) ? nlohmann::json(r) : nlohmann::json());
  nlohmann::json record = {{"game", game.index},
                           {"board_seed", game.board_seed},
                           {"seats", seats},
                           {"rewards", rewards},
                           {"ranks", game.result.ranks},
                           {"banks", game.result.banks},
                           {"states", game.result.states},
                           {"errors", game.result.errors},
                           {"aborted", game.result.aborted},
                           {"turn_ms", game.result.turn_ms}};
  if (options.game == Game::Halite3) record["size"] = game.map_size;
  return record;
}

ArenaGame arena_game(const ArenaOptions& options, int index) {
  const int seats = options.four_player ? 4 : 2;
  const int num_specs = static_cast<int>(options.players.size());
  ArenaGame game;
  game.index = index;
  // Boards are shared by the `seats` rotations of one group of games.
  const int group = index / seats, rotation = index % seats;
  game.board_seed =
      static_cast<uint32_t>(search::mix64(options.seed * 1000003ull + static_cast<uint64_t>(group)) & 0x7fffffff);
  for (int seat = 0; seat < seats; ++seat) game.seat_player.push_back((seat + rotation) % seats % num_specs);
  if (options.game == Game::Halite3)
    game.map_size =
        options.halite3_size > 0
            ? options.halite3_size
            : kHalite3Sides[static_cast<size_t>(group + options.halite3_side_offset) % kHalite3Sides.size()];
  return game;
}

namespace {

// The arena keeps turn times to 10 us (kTurnTimesPerMs).
void round_turn_times(MatchResult& result) {
  for (std::vector<double>& times : result.turn_ms)
    for (double& ms : times) ms = std::round(ms * kTurnTimesPerMs) / kTurnTimesPerMs;
}

// The seed of the planner in seat `seat` of game `index` whose spec fixes
// none: derived from the arena seed, so that an arena with an iteration
// budget plays the same games whatever the thread count.
uint64_t seat_seed(const ArenaOptions& options, int index, int seat) {
  return search::mix64(options.seed ^ search::mix64(static_cast<uint64_t>(index) * 8 + static_cast<uint64_t>(seat)));
}

// A Halite III game of the arena: the seats' planners on engine3/, its
// replay written as DIR/game-<index>.hlt. Anything thrown (a map the
// generator refuses, a replay that cannot be written) is one lost game,
// aborted, as in Halite IV.
void play_halite3_arena_game(const ArenaOptions& options, ArenaGame& game) {
  try {
    std::vector<Halite3Seat> seats;
    std::vector<std::string> names;
    for (const int p : game.seat_player) {
      seats.push_back(halite3_seat(options.players[p], seat_seed(options, game.index, static_cast<int>(seats.size()))));
      names.push_back(options.players[p].label);
    }
    const Halite3Start start =
        halite3_start(game.board_seed, game.map_size, static_cast<int>(seats.size()), options.halite3_turns);
    std::optional<halite3::ReplayRecorder> recorder;
    if (!options.replay_dir.empty()) recorder.emplace(start.constants, game.board_seed, names);
    game.result =
        play_halite3_match(start, game.board_seed, seats, options.budget, recorder ? &*recorder : nullptr).result;
    round_turn_times(game.result);
    if (recorder && game.result.aborted.empty())
      halite3::write_replay_file(options.replay_dir + "/game-" + std::to_string(game.index) + ".hlt", recorder->json());
  } catch (const std::exception& e) {
    game.result = MatchResult{};
    game.result.aborted = e.what();
  }
}

}  // namespace

ArenaGame play_arena_game(const ArenaOptions& options, int index, GameSeats& game_seats) {
  ArenaGame game = arena_game(options, index);
  if (options.game == Game::Halite3) {
    play_halite3_arena_game(options, game);
    return game;
  }
  const int seats = static_cast<int>(game.seat_player.size());
  std::vector<const PlayerSpec*> seat_specs;
  for (int seat = 0; seat < seats; ++seat) seat_specs.push_back(&options.players[game.seat_player[seat]]);
  MatchOptions mo;
  mo.config = options.config;
  mo.config.random_seed = game.board_seed;
  mo.config.has_random_seed = true;
  mo.budget = options.budget;
  mo.record = !options.replay_dir.empty();
  try {
    std::optional<TraceFile> trace;
    if (mo.record && options.trace)
      trace.emplace(options.replay_dir + "/game-" + std::to_string(index) + ".trace.jsonl");
    game_seats.set_trace(trace ? &*trace : nullptr);
    const std::vector<Agent*>& agents =
        game_seats.seat(seat_specs, [&](int seat) { return seat_seed(options, index, seat); });
    game.result = play_match(agents, mo);
    game_seats.set_trace(nullptr);
    round_turn_times(game.result);
  } catch (const std::exception& e) {
    game_seats.set_trace(nullptr);
    // play_match itself does not throw for what happens in a game; this is
    // anything else (out of memory, a planner's constructor): one lost game,
    // not a terminated process.
    game.result = MatchResult{};
    game.result.aborted = e.what();
  }
  // A game aborted before its first state (a board the generator cannot
  // make, a planner that cannot be built) has no replay: its JSONL record's
  // "aborted" says why.
  if (mo.record && !game.result.recorded_states.empty()) {
    std::vector<std::string> names;
    for (int p : game.seat_player) names.push_back(options.players[p].label);
    std::ofstream out(options.replay_dir + "/game-" + std::to_string(index) + ".json");
    out << game.result.replay(names, "arena-" + std::to_string(index)).dump() << "\n";
    game.result.recorded_states.clear();
    game.result.recorded_actions.clear();
  }
  return game;
}

ArenaGame game_from_record(const ArenaOptions& options, const nlohmann::json& record) {
  auto field = [&](const char* name) -> const nlohmann::json& {
    if (!record.is_object() || !record.contains(name)) throw std::runtime_error(std::string("no \"") + name + "\"");
    return record[name];
  };
  try {
    const nlohmann::json& index = field("game");
    if (!index.is_number_integer() || index.get<int64_t>() < 0 || index.get<int64_t>() >= options.games)
      throw std::runtime_error("\"game\" = " + index.dump() + " is not a game of this arena (0 to " +
                               std::to_string(options.games - 1) + ")");
    ArenaGame game = arena_game(options, index.get<int>());
    const size_t seats = game.seat_player.size();
    if (field("board_seed") != game.board_seed)
      throw std::runtime_error("\"board_seed\" = " + field("board_seed").dump() + ", this arena plays game " +
                               std::to_string(game.index) + " on board " + std::to_string(game.board_seed) +
                               " (another --seed?)");
    nlohmann::json seat_names = nlohmann::json::array();
    for (int p : game.seat_player) seat_names.push_back(options.players[p].label);
    if (field("seats") != seat_names)
      throw std::runtime_error("\"seats\" = " + field("seats").dump() + ", this arena seats " + seat_names.dump() +
                               " (other --players?)");
    if (options.game == Game::Halite3 && field("size") != game.map_size)
      throw std::runtime_error("\"size\" = " + field("size").dump() + ", this arena plays game " +
                               std::to_string(game.index) + " on a " + std::to_string(game.map_size) + "x" +
                               std::to_string(game.map_size) + " map (another --size?)");
    for (const char* name : {"rewards", "ranks", "banks", "errors"})
      if (!field(name).is_array() || field(name).size() != seats)
        throw std::runtime_error(std::string("\"") + name + "\" is not a list of " + std::to_string(seats));
    MatchResult& r = game.result;
    for (const nlohmann::json& v : field("rewards"))
      r.rewards.push_back(v.is_null() ? -std::numeric_limits<double>::infinity() : v.get<double>());
    r.ranks = field("ranks").get<std::vector<int>>();
    r.banks = field("banks").get<std::vector<double>>();
    r.errors = field("errors").get<std::vector<std::string>>();
    r.states = field("states").get<int>();
    r.aborted = field("aborted").get<std::string>();
    r.turn_ms.assign(seats, {});
    if (record.contains("turn_ms")) {
      const nlohmann::json& times = record["turn_ms"];
      bool lists_of_numbers = times.is_array() && times.size() == seats;
      for (size_t seat = 0; lists_of_numbers && seat < seats; ++seat) {
        lists_of_numbers = times[seat].is_array();
        for (const nlohmann::json& ms : times[seat]) lists_of_numbers = lists_of_numbers && ms.is_number();
      }
      if (!lists_of_numbers)
        throw std::runtime_error("\"turn_ms\" is not a list of " + std::to_string(seats) + " lists of numbers");
      r.turn_ms = times.get<std::vector<std::vector<double>>>();
    }
    return game;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("bad game record: ") + e.what());
  }
}

namespace {

// The summary's running sums, one game at a time.
class Tally {
 public:
  explicit Tally(const ArenaOptions& options)
      : options_(options),
        turn_ms_(options.players.size()),
        bank_sum_(options.players.size(), 0),
        seat_count_(options.players.size(), 0) {
    summary_.players.resize(options.players.size());
  }

  void add(const ArenaGame& game) {
    ++summary_.games;
    if (!game.result.aborted.empty()) {
      ++summary_.aborted;
      return;
    }
    int first = 0;
    for (int r : game.result.ranks) first += r == 0;
    bool timed = false;
    for (size_t seat = 0; seat < game.seat_player.size(); ++seat) {
      const int p = game.seat_player[seat];
      ArenaPlayerSummary& ps = summary_.players[p];
      ++seat_count_[p];
      if (game.result.ranks[seat] == 0) ps.wins += 1.0 / first;
      bank_sum_[p] += game.result.banks[seat];
      ps.errors += !game.result.errors[seat].empty();
      if (seat < game.result.turn_ms.size()) {
        turn_ms_[p].insert(turn_ms_[p].end(), game.result.turn_ms[seat].begin(), game.result.turn_ms[seat].end());
        timed = timed || !game.result.turn_ms[seat].empty();
      }
    }
    summary_.timed_games += timed;
    // A spec that sits in several seats of a game still played one game.
    std::vector<int> seen;
    for (int p : game.seat_player)
      if (std::find(seen.begin(), seen.end(), p) == seen.end()) seen.push_back(p), ++summary_.players[p].games;
  }

  ArenaSummary finish() {
    const int seats = options_.four_player ? 4 : 2;
    for (size_t p = 0; p < summary_.players.size(); ++p) {
      ArenaPlayerSummary& ps = summary_.players[p];
      ps.name = options_.players[p].label;
      // Win rate per seat taken: in 2p that is per game; in 4p a spec in two
      // seats has two chances per game.
      const int n = seat_count_[p];
      ps.win_rate = n > 0 ? ps.wins / n : 0;
      std::tie(ps.ci_low, ps.ci_high) = wilson95(ps.wins, n);
      // Expected score against the field: 1/seats is even.
      const double even = 1.0 / seats;
      const double lo = 0.5 / std::max(1, n), wr = std::clamp(ps.win_rate, lo, 1 - lo);
      // Elo from the pairwise score implied by the win rate against (seats - 1) equal opponents.
      const double pair_score = seats == 2 ? wr : std::clamp(0.5 + (wr - even) / (2 * (1 - even)), lo, 1 - lo);
      ps.elo = std::clamp(400 * std::log10(pair_score / (1 - pair_score)), -800.0, 800.0);
      ps.avg_bank = n > 0 ? bank_sum_[p] / n : 0;
      ps.turn_p50 = percentile(turn_ms_[p], 0.50);
      ps.turn_p99 = percentile(turn_ms_[p], 0.99);
      ps.turn_max = turn_ms_[p].empty() ? 0 : *std::max_element(turn_ms_[p].begin(), turn_ms_[p].end());
      ps.turns = static_cast<int64_t>(turn_ms_[p].size());
    }
    return summary_;
  }

 private:
  const ArenaOptions& options_;
  ArenaSummary summary_;
  std::vector<std::vector<double>> turn_ms_;
  std::vector<double> bank_sum_;
  std::vector<int> seat_count_;
};

// Which of the arena's games `finished` holds; throws std::invalid_argument
// for a game that is not in the arena or is there twice.
std::vector<bool> finished_indices(const ArenaOptions& options, const std::vector<ArenaGame>& finished) {
  std::vector<bool> done(static_cast<size_t>(options.games), false);
  for (const ArenaGame& game : finished) {
    if (game.index < 0 || game.index >= options.games)
      throw std::invalid_argument("game " + std::to_string(game.index) + " is not in this arena");
    if (done[game.index]) throw std::invalid_argument("game " + std::to_string(game.index) + " is there twice");
    done[game.index] = true;
  }
  return done;
}

// What a rank needs to play an arena's games: everything but the jobs and the cluster.
nlohmann::json arena_context(const ArenaOptions& o) {
  nlohmann::json players = nlohmann::json::array();
  for (const PlayerSpec& p : o.players) {
    nlohmann::json player = {
        {"label", p.label}, {"planner", p.planner}, {"overrides", p.overrides}, {"python_file", p.python_file}};
    if (p.seed) player["seed"] = *p.seed;
    if (p.blind) player["blind"] = true;
    players.push_back(player);
  }
  return {{"players", players},
          {"python", o.python.python},
          {"python_worker", o.python.worker},
          {"games", o.games},
          {"four_player", o.four_player},
          {"budget_ms", o.budget.milliseconds},
          {"budget_iterations", o.budget.iterations},
          {"seed", o.seed},
          {"config", config_to_json(o.config)},
          {"replay_dir", o.replay_dir},
          {"trace", o.trace},
          {"game", o.game == Game::Halite3 ? "halite3" : "halite4"},
          {"halite3_size", o.halite3_size},
          {"halite3_turns", o.halite3_turns},
          {"halite3_side_offset", o.halite3_side_offset}};
}

ArenaOptions arena_from_context(const nlohmann::json& j) {
  ArenaOptions o;
  for (const nlohmann::json& p : j.at("players")) {
    PlayerSpec spec;
    spec.label = p.at("label").get<std::string>();
    spec.planner = p.at("planner").get<std::string>();
    spec.overrides = p.at("overrides").get<std::vector<std::string>>();
    spec.python_file = p.at("python_file").get<std::string>();
    if (p.contains("seed")) spec.seed = p.at("seed").get<uint64_t>();
    spec.blind = p.value("blind", false);
    o.players.push_back(std::move(spec));
  }
  o.python.python = j.at("python").get<std::string>();
  o.python.worker = j.at("python_worker").get<std::string>();
  o.games = j.at("games").get<int>();
  o.four_player = j.at("four_player").get<bool>();
  o.budget.milliseconds = j.at("budget_ms").get<double>();
  o.budget.iterations = j.at("budget_iterations").get<int64_t>();
  o.seed = j.at("seed").get<uint64_t>();
  o.config = config_from_json(j.at("config"));
  o.replay_dir = j.at("replay_dir").get<std::string>();
  o.trace = j.value("trace", false);
  o.game = j.value("game", "halite4") == "halite3" ? Game::Halite3 : Game::Halite4;
  o.halite3_size = j.value("halite3_size", 0);
  o.halite3_turns = j.value("halite3_turns", int64_t{0});
  o.halite3_side_offset = j.value("halite3_side_offset", int64_t{0});
  return o;
}

// A game travels from the rank that played it to rank 0 as its record.
std::string game_to_wire(const ArenaOptions& options, const ArenaGame& game) {
  return game_record(options, game).dump();
}

ArenaGame game_from_wire(const ArenaOptions& options, const std::string& text) {
  return game_from_record(options, nlohmann::json::parse(text));
}

std::string describe_game(const ArenaOptions& options, int index) {
  const ArenaGame game = arena_game(options, index);
  std::string text = "game " + std::to_string(index) + " (board seed " + std::to_string(game.board_seed) + ", seats ";
  for (size_t seat = 0; seat < game.seat_player.size(); ++seat)
    text += (seat ? ", " : "") + options.players[game.seat_player[seat]].label;
  return text + ")";
}

// A rank's arena options, parsed once per batch and thread.
const ArenaOptions& options_of(const std::string& context) {
  thread_local std::string parsed_context;
  thread_local ArenaOptions options;
  if (context != parsed_context) {
    options = arena_from_context(nlohmann::json::parse(context));
    parsed_context = context;
  }
  return options;
}

// A cluster task: game `index` of the arena in `context`, played. Each
// thread keeps its seats (and so its Python agents' workers) across the
// games of one arena, as a single process's threads do.
std::string perform_game(const std::string& context, int index) {
  const ArenaOptions& o = options_of(context);
  thread_local std::string seats_context;
  thread_local std::unique_ptr<GameSeats> seats;
  if (!seats || context != seats_context) {
    seats = std::make_unique<GameSeats>(o.python, o.budget);
    seats_context = context;
  }
  return game_to_wire(o, play_arena_game(o, index, *seats));
}

}  // namespace

ArenaSummary run_arena(const ArenaOptions& options, const std::function<void(const ArenaGame&)>& on_game,
                       const std::vector<ArenaGame>& finished) {
  const int num_specs = static_cast<int>(options.players.size());
  if (num_specs < 1) throw std::invalid_argument("arena needs at least one player");
  if (!options.four_player && num_specs != 2) throw std::invalid_argument("two-player arena takes exactly two players");
  if (options.four_player && num_specs > 4) throw std::invalid_argument("four-player arena takes at most four players");
  for (const PlayerSpec& spec : options.players)
    if (!spec.python_file.empty()) check_python_agent(options.python, spec.python_file);

  Tally tally(options);
  const std::vector<bool> done = finished_indices(options, finished);
  for (const ArenaGame& game : finished) tally.add(game);
  std::vector<int> todo;
  for (int g = 0; g < options.games; ++g)
    if (!done[g]) todo.push_back(g);

  std::mutex mu;
  auto record = [&](const ArenaGame& game) {
    std::lock_guard<std::mutex> lock(mu);
    tally.add(game);
    if (on_game) on_game(game);
  };
  const int jobs = std::max(1, std::min(options.jobs, static_cast<int>(todo.size())));
  if (options.cluster && options.cluster->distributed()) {
    ClusterBatch batch;
    batch.context = arena_context(options).dump();
    batch.indices = todo;
    batch.jobs = jobs;
    batch.perform = perform_game;
    batch.describe = [&](const std::string&, int index) { return describe_game(options, index); };
    batch.on_done = [&](int, const std::string& answer) { record(game_from_wire(options, answer)); };
    options.cluster->run(batch);
    return tally.finish();
  }
  std::atomic<size_t> next{0};
  auto worker = [&]() {
    GameSeats game_seats(options.python, options.budget);  // this thread's Python workers live across its games
    for (;;) {
      const size_t k = next.fetch_add(1);
      if (k >= todo.size()) return;
      record(play_arena_game(options, todo[k], game_seats));
    }
  };
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();
  return tally.finish();
}

ArenaSummary summarize_arena(const ArenaOptions& options, const std::vector<ArenaGame>& games) {
  finished_indices(options, games);
  Tally tally(options);
  for (const ArenaGame& game : games) tally.add(game);
  return tally.finish();
}

void serve_arena_games(Cluster& cluster, int jobs) {
  cluster.serve(jobs, perform_game,
                [](const std::string& context, int index) { return describe_game(options_of(context), index); });
}

nlohmann::json ArenaSummary::to_json() const {
  nlohmann::json players_json = nlohmann::json::array();
  for (const ArenaPlayerSummary& p : players)
    players_json.push_back(
        {{"name", p.name},
         {"games", p.games},
         {"wins", p.wins},
         {"win_rate", p.win_rate},
         {"ci95", {p.ci_low, p.ci_high}},
         {"elo", p.elo},
         {"avg_bank", p.avg_bank},
         {"turn_ms", {{"p50", p.turn_p50}, {"p99", p.turn_p99}, {"max", p.turn_max}, {"turns", p.turns}}},
         {"errors", p.errors}});
  return {{"games", games}, {"aborted", aborted}, {"timed_games", timed_games}, {"players", players_json}};
}

std::string ArenaSummary::table() const {
  std::string out;
  char line[512];
  size_t width = 6;
  for (const ArenaPlayerSummary& p : players) width = std::max(width, p.name.size());
  std::snprintf(line, sizeof line, "%-*s %6s %7s %7s  %-15s %6s %10s %9s %9s %9s %6s\n", static_cast<int>(width),
                "player", "games", "wins", "win%", "95% CI", "Elo", "avg bank", "p50 ms", "p99 ms", "max ms", "errors");
  out += line;
  for (const ArenaPlayerSummary& p : players) {
    char ci[64];
    std::snprintf(ci, sizeof ci, "[%.1f, %.1f]", 100 * p.ci_low, 100 * p.ci_high);
    std::snprintf(line, sizeof line, "%-*s %6d %7.1f %6.1f%%  %-15s %+6.0f %10.0f %9.2f %9.2f %9.2f %6d\n",
                  static_cast<int>(width), p.name.c_str(), p.games, p.wins, 100 * p.win_rate, ci, p.elo, p.avg_bank,
                  p.turn_p50, p.turn_p99, p.turn_max, p.errors);
    out += line;
  }
  if (timed_games < games - aborted) {
    std::snprintf(line, sizeof line, "turn times from %d of the %d finished games (the other records hold none)\n",
                  timed_games, games - aborted);
    out += line;
  }
  if (aborted > 0) {
    std::snprintf(line, sizeof line,
                  "%d game(s) aborted by the engine and not counted (see \"aborted\" in the JSONL)\n", aborted);
    out += line;
  }
  return out;
}

}  // namespace halite::lab
