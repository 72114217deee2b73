#include "halite/lab/arena.h"
#include "halite/search/rng.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>

namespace halite::lab {

namespace {

constexpr std::string_view kSeedKey = "seed=";
// Planner seeds as halite_bot --seed takes them (a JSON-safe integer).
constexpr unsigned long long kMaxSeed = 9007199254740991ull;

}  // namespace

PlayerSpec PlayerSpec::parse(const std::string& text) {
  PlayerSpec spec;
  spec.label = text;
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
          throw search::ParamError("player '" + text + "': seed takes an integer from 0 to " + std::to_string(kMaxSeed) +
                                   ", got '" + value + "'");
        spec.seed = seed;
      } else if (!item.empty()) {
        spec.overrides.push_back(item);
      }
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
  search::make_planner(spec.planner, spec.overrides, 0);  // validates now, not in a worker
  return spec;
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
      planners_.push_back(search::make_planner(spec.planner, spec.overrides, spec.seed ? *spec.seed : planner_seed(s)));
      planner_agents_.push_back(std::make_unique<PlannerAgent>(*planners_.back(), budget_));
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
  return {{"game", game.index},       {"board_seed", game.board_seed}, {"seats", seats},
          {"rewards", rewards},       {"ranks", game.result.ranks},    {"banks", game.result.banks},
          {"states", game.result.states}, {"errors", game.result.errors},
          {"aborted", game.result.aborted}};
}

ArenaSummary run_arena(const ArenaOptions& options, const std::function<void(const ArenaGame&)>& on_game) {
  const int num_specs = static_cast<int>(options.players.size());
  if (num_specs < 1) throw std::invalid_argument("arena needs at least one player");
  if (!options.four_player && num_specs != 2) throw std::invalid_argument("two-player arena takes exactly two players");
  if (options.four_player && num_specs > 4) throw std::invalid_argument("four-player arena takes at most four players");
  const int seats = options.four_player ? 4 : 2;
  for (const PlayerSpec& spec : options.players)
    if (!spec.python_file.empty()) check_python_agent(options.python, spec.python_file);

  ArenaSummary summary;
  summary.games = options.games;
  summary.players.resize(static_cast<size_t>(num_specs));
  std::vector<std::vector<double>> turn_ms(static_cast<size_t>(num_specs));
  std::vector<double> bank_sum(static_cast<size_t>(num_specs), 0);
  std::vector<int> seat_count(static_cast<size_t>(num_specs), 0);
  std::mutex mu;
  std::atomic<int> next{0};

  auto worker = [&]() {
    GameSeats game_seats(options.python, options.budget);  // this thread's Python workers live across its games
    for (;;) {
      const int g = next.fetch_add(1);
      if (g >= options.games) return;
      ArenaGame game;
      game.index = g;
      // Boards are shared by the `seats` rotations of one group of games.
      const int group = g / seats, rotation = g % seats;
      game.board_seed = static_cast<uint32_t>(search::mix64(options.seed * 1000003ull + static_cast<uint64_t>(group)) & 0x7fffffff);
      for (int seat = 0; seat < seats; ++seat) game.seat_player.push_back((seat + rotation) % seats % num_specs);
      std::vector<const PlayerSpec*> seat_specs;
      for (int seat = 0; seat < seats; ++seat) seat_specs.push_back(&options.players[game.seat_player[seat]]);
      MatchOptions mo;
      mo.config = options.config;
      mo.config.random_seed = game.board_seed;
      mo.config.has_random_seed = true;
      mo.budget = options.budget;
      mo.record = !options.replay_dir.empty();
      try {
        const std::vector<Agent*>& agents = game_seats.seat(seat_specs, [&](int seat) {
          return search::mix64(options.seed ^ search::mix64(static_cast<uint64_t>(g) * 8 + static_cast<uint64_t>(seat)));
        });
        game.result = play_match(agents, mo);
      } catch (const std::exception& e) {
        // play_match itself does not throw for what happens in a game; this is
        // anything else (out of memory, a planner's constructor): one lost game,
        // not a terminated process.
        game.result = MatchResult{};
        game.result.aborted = e.what();
      }
      if (mo.record) {
        std::vector<std::string> names;
        for (int p : game.seat_player) names.push_back(options.players[p].label);
        std::ofstream out(options.replay_dir + "/game-" + std::to_string(g) + ".json");
        out << game.result.replay(names, "arena-" + std::to_string(g)).dump() << "\n";
        game.result.recorded_states.clear();
        game.result.recorded_actions.clear();
      }
      std::lock_guard<std::mutex> lock(mu);
      if (!game.result.aborted.empty()) {
        ++summary.aborted;
        if (on_game) on_game(game);
        continue;
      }
      int first = 0;
      for (int r : game.result.ranks) first += r == 0;
      for (int seat = 0; seat < seats; ++seat) {
        const int p = game.seat_player[seat];
        ArenaPlayerSummary& ps = summary.players[p];
        ++seat_count[p];
        if (game.result.ranks[seat] == 0) ps.wins += 1.0 / first;
        bank_sum[p] += game.result.banks[seat];
        ps.errors += !game.result.errors[seat].empty();
        turn_ms[p].insert(turn_ms[p].end(), game.result.turn_ms[seat].begin(), game.result.turn_ms[seat].end());
      }
      // A spec that sits in several seats of a game still played one game.
      std::vector<int> seen;
      for (int p : game.seat_player)
        if (std::find(seen.begin(), seen.end(), p) == seen.end()) seen.push_back(p), ++summary.players[p].games;
      if (on_game) on_game(game);
    }
  };
  const int jobs = std::max(1, std::min(options.jobs, options.games));
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();

  for (int p = 0; p < num_specs; ++p) {
    ArenaPlayerSummary& ps = summary.players[p];
    ps.name = options.players[p].label;
    // Win rate per seat taken: in 2p that is per game; in 4p a spec in two
    // seats has two chances per game.
    const int n = seat_count[p];
    ps.win_rate = n > 0 ? ps.wins / n : 0;
    std::tie(ps.ci_low, ps.ci_high) = wilson95(ps.wins, n);
    // Expected score against the field: 1/seats is even.
    const double even = 1.0 / seats;
    const double lo = 0.5 / std::max(1, n), wr = std::clamp(ps.win_rate, lo, 1 - lo);
    // Elo from the pairwise score implied by the win rate against (seats - 1) equal opponents.
    const double pair_score = seats == 2 ? wr : std::clamp(0.5 + (wr - even) / (2 * (1 - even)), lo, 1 - lo);
    ps.elo = std::clamp(400 * std::log10(pair_score / (1 - pair_score)), -800.0, 800.0);
    ps.avg_bank = n > 0 ? bank_sum[p] / n : 0;
    ps.turn_p50 = percentile(turn_ms[p], 0.50);
    ps.turn_p99 = percentile(turn_ms[p], 0.99);
    ps.turn_max = turn_ms[p].empty() ? 0 : *std::max_element(turn_ms[p].begin(), turn_ms[p].end());
  }
  return summary;
}

nlohmann::json ArenaSummary::to_json() const {
  nlohmann::json players_json = nlohmann::json::array();
  for (const ArenaPlayerSummary& p : players)
    players_json.push_back({{"name", p.name},
                            {"games", p.games},
                            {"wins", p.wins},
                            {"win_rate", p.win_rate},
                            {"ci95", {p.ci_low, p.ci_high}},
                            {"elo", p.elo},
                            {"avg_bank", p.avg_bank},
                            {"turn_ms", {{"p50", p.turn_p50}, {"p99", p.turn_p99}, {"max", p.turn_max}}},
                            {"errors", p.errors}});
  return {{"games", games}, {"aborted", aborted}, {"players", players_json}};
}

std::string ArenaSummary::table() const {
  std::string out;
  char line[512];
  size_t width = 6;
  for (const ArenaPlayerSummary& p : players) width = std::max(width, p.name.size());
  std::snprintf(line, sizeof line, "%-*s %6s %7s %7s  %-15s %6s %10s %9s %9s %9s %6s\n", static_cast<int>(width), "player",
                "games", "wins", "win%", "95% CI", "Elo", "avg bank", "p50 ms", "p99 ms", "max ms", "errors");
  out += line;
  for (const ArenaPlayerSummary& p : players) {
    char ci[64];
    std::snprintf(ci, sizeof ci, "[%.1f, %.1f]", 100 * p.ci_low, 100 * p.ci_high);
    std::snprintf(line, sizeof line, "%-*s %6d %7.1f %6.1f%%  %-15s %+6.0f %10.0f %9.2f %9.2f %9.2f %6d\n",
                  static_cast<int>(width), p.name.c_str(), p.games, p.wins, 100 * p.win_rate, ci, p.elo, p.avg_bank,
                  p.turn_p50, p.turn_p99, p.turn_max, p.errors);
    out += line;
  }
  if (aborted > 0) {
    std::snprintf(line, sizeof line, "%d game(s) aborted by the engine and not counted (see \"aborted\" in the JSONL)\n",
                  aborted);
    out += line;
  }
  return out;
}

}  // namespace halite::lab
