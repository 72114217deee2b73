#include "halite/lab/spsa.h"
#include "halite/search/rng.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <stdexcept>

#include "halite/lab/halite3_match.h"
#include "halite/search/planner.h"

namespace halite::lab {

// ---------------------------------------------------------------- algorithm

double SpsaGains::a_k(int k) const {
  return a / std::pow(A + k + 1, alpha);
}
double SpsaGains::c_k(int k) const {
  return c / std::pow(k + 1, gamma);
}

SpsaGains spsa_gains(const SpsaParam& p, const SpsaSettings& s) {
  SpsaGains g;
  const double n = std::max(1, s.iterations);
  g.alpha = s.alpha;
  g.gamma = s.gamma;
  g.A = s.A_ratio * n;
  g.c = p.c_end * std::pow(n, s.gamma);
  g.a = p.r_end * p.c_end * p.c_end * std::pow(g.A + n, s.alpha);
  return g;
}

Spsa::Spsa(std::vector<SpsaParam> params, SpsaSettings settings) : params_(std::move(params)), settings_(settings) {
  if (settings_.iterations < 1) throw std::invalid_argument("SPSA needs at least one iteration");
  for (const SpsaParam& p : params_) {
    if (!(p.min <= p.max) || !std::isfinite(p.min) || !std::isfinite(p.max))
      throw std::invalid_argument("parameter '" + p.name + "': bad range");
    if (!(p.c_end > 0) || !(p.r_end > 0))
      throw std::invalid_argument("parameter '" + p.name + "': c_end and r_end must be > 0");
    gains_.push_back(spsa_gains(p, settings_));
    theta_.push_back(std::clamp(p.start, p.min, p.max));
  }
}

std::vector<double> Spsa::played(const std::vector<double>& values) const {
  std::vector<double> out(values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    double v = std::clamp(values[i], params_[i].min, params_[i].max);
    if (params_[i].integer) v = std::clamp(std::round(v), std::ceil(params_[i].min), std::floor(params_[i].max));
    out[i] = v;
  }
  return out;
}

uint64_t Spsa::iteration_seed(uint64_t seed, int k) {
  return search::mix64(search::mix64(seed ^ 0x5350534154554e45ull) + static_cast<uint64_t>(k)) & 0x7fffffffffffffffull;
}

std::vector<double> Spsa::perturbation(uint64_t seed, int k, size_t n) {
  const uint64_t s = iteration_seed(seed, k);
  std::vector<double> delta(n);
  for (size_t i = 0; i < n; ++i) delta[i] = (search::mix64(s + 0x100000001b3ull * (i + 1)) >> 63) ? 1.0 : -1.0;
  return delta;
}

SpsaIteration Spsa::propose() const {
  SpsaIteration it;
  it.k = k_;
  it.seed = iteration_seed(settings_.seed, k_);
  it.theta_before = theta_;
  it.delta = perturbation(settings_.seed, k_, params_.size());
  std::vector<double> plus(params_.size()), minus(params_.size());
  for (size_t i = 0; i < params_.size(); ++i) {
    it.c_k.push_back(gains_[i].c_k(k_));
    it.a_k.push_back(gains_[i].a_k(k_));
    plus[i] = theta_[i] + it.c_k[i] * it.delta[i];
    minus[i] = theta_[i] - it.c_k[i] * it.delta[i];
  }
  it.plus = played(plus);
  it.minus = played(minus);
  return it;
}

void Spsa::update(SpsaIteration& it) {
  if (it.k != k_)
    throw std::logic_error("SPSA update of iteration " + std::to_string(it.k) + ", expected " + std::to_string(k_));
  const double diff = it.outcome.y_plus - it.outcome.y_minus;
  if (!std::isfinite(diff)) throw std::runtime_error("SPSA objective gave a non-finite score");
  for (size_t i = 0; i < params_.size(); ++i) {
    const double g = it.a_k[i] * diff / (2 * it.c_k[i]) * it.delta[i];
    theta_[i] = std::clamp(theta_[i] + g, params_[i].min, params_[i].max);
  }
  it.theta = theta_;
  ++k_;
}

SpsaIteration Spsa::step(const SpsaObjective& objective) {
  SpsaIteration it = propose();
  const auto t0 = std::chrono::steady_clock::now();
  it.outcome = objective(it);
  it.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  update(it);
  return it;
}

void Spsa::replay(const SpsaIteration& logged) {
  SpsaIteration it = propose();
  if (logged.k != it.k)
    throw std::runtime_error("log: iteration " + std::to_string(logged.k) + " where " + std::to_string(it.k) +
                             " was expected");
  auto differs = [](const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size()) return true;
    for (size_t i = 0; i < a.size(); ++i)
      if (std::abs(a[i] - b[i]) > 1e-12 * std::max(1.0, std::abs(a[i]))) return true;
    return false;
  };
  if (differs(logged.delta, it.delta) || differs(logged.theta_before, it.theta_before))
    throw std::runtime_error("log: iteration " + std::to_string(it.k) +
                             " does not follow from the log's settings (other seed or version?)");
  it.outcome = logged.outcome;
  it.seconds = logged.seconds;
  update(it);
  if (!logged.theta.empty() && differs(logged.theta, it.theta))
    throw std::runtime_error("log: iteration " + std::to_string(it.k - 1) +
                             ": the update does not reproduce the logged theta");
}

// ---------------------------------------------------------------- tuning planners by games

double param_scale(const search::ParamSpec& spec) {
  const double width = spec.max - spec.min;
  const double floor = spec.integer ? 1.0 : spec.default_value == 0 ? width / 1000 : 0.0;
  return std::min(width, 2 * std::max(std::abs(spec.default_value), floor));
}

double default_c_end(const search::ParamSpec& spec, double c_end_ratio) {
  const double width = spec.max - spec.min;
  double c = c_end_ratio * param_scale(spec);
  if (spec.integer) c = std::max(c, 1.0);
  c = std::min(c, width / 2);
  return c > 0 ? c : 1e-9;
}

namespace {

// A Halite III tune's map: a fixed side the generator splits for the
// players (else the official sides in turn, which every count splits).
void check_halite3_game(const TuneOptions& o) {
  try {
    check_halite3_map(static_cast<uint32_t>(o.spsa.seed), o.halite3_size, o.players, o.halite3_turns);
  } catch (const std::invalid_argument& e) {
    throw search::ParamError(e.what());
  }
}

}  // namespace

nlohmann::json TuneOptions::to_json() const {
  nlohmann::json c = nlohmann::json::object();
  for (const auto& [n, v] : c_end) c[n] = v;
  nlohmann::json j = {{"planner", planner},
                      {"names", names},
                      {"start", start},
                      {"mode", mode},
                      {"opponent", opponent},
                      {"games", games},
                      {"players", players},
                      {"spsa_iterations", spsa.iterations},
                      {"alpha", spsa.alpha},
                      {"gamma", spsa.gamma},
                      {"A_ratio", spsa.A_ratio},
                      {"seed", spsa.seed},
                      {"c_end_ratio", c_end_ratio},
                      {"r_end", r_end},
                      {"c_end", c}};
  // The game's own settings (a Halite IV log holds no "game").
  if (game == Game::Halite3) {
    j["game"] = "halite3";
    j["halite3_size"] = halite3_size;
    j["halite3_turns"] = halite3_turns;
  } else {
    j["budget_ms"] = budget.milliseconds;
    j["iterations_per_turn"] = budget.iterations;
    j["size"] = config.size;
    j["episode_steps"] = config.episode_steps;
  }
  return j;
}

TuneOptions TuneOptions::from_json(const nlohmann::json& j) {
  TuneOptions o;
  o.planner = j.at("planner").get<std::string>();
  o.names = j.at("names").get<std::vector<std::string>>();
  o.start = j.at("start");
  o.mode = j.at("mode").get<std::string>();
  o.opponent = j.at("opponent").get<std::string>();
  o.games = j.at("games").get<int>();
  o.players = j.at("players").get<int>();
  const std::string game = j.value("game", "halite4");
  if (game == "halite3") {
    o.game = Game::Halite3;
    o.halite3_size = j.at("halite3_size").get<int>();
    o.halite3_turns = j.at("halite3_turns").get<int64_t>();
  } else if (game == "halite4") {
    o.budget.milliseconds = j.at("budget_ms").get<double>();
    o.budget.iterations = j.at("iterations_per_turn").get<int64_t>();
    o.config.size = j.at("size").get<int>();
    o.config.episode_steps = j.at("episode_steps").get<int>();
  } else {
    throw std::runtime_error("unknown game '" + game + "'");
  }
  o.spsa.iterations = j.at("spsa_iterations").get<int>();
  o.spsa.alpha = j.at("alpha").get<double>();
  o.spsa.gamma = j.at("gamma").get<double>();
  o.spsa.A_ratio = j.at("A_ratio").get<double>();
  o.spsa.seed = j.at("seed").get<uint64_t>();
  o.c_end_ratio = j.at("c_end_ratio").get<double>();
  o.r_end = j.at("r_end").get<double>();
  for (const auto& [n, v] : j.at("c_end").items()) o.c_end[n] = v.get<double>();
  return o;
}

void TuneOptions::validate() const {
  search::Params p = default_params_of(game)(planner);  // throws for an unknown planner
  p.set_from_json(start);
  for (const std::string& n : names) {
    p.get(n);  // throws for an undeclared name
    for (const search::ParamSpec& spec : p.specs())
      if (spec.name == n && !spec.tunable)
        throw search::ParamError("parameter '" + n + "' of " + planner +
                                 " is not tunable (a mode switch or a resource); give it with --set");
  }
  for (const auto& [n, v] : c_end) {
    p.get(n);
    if (!(v > 0)) throw search::ParamError("c_end of '" + n + "' must be > 0");
  }
  if (mode != "pair" && mode != "opponent")
    throw search::ParamError("mode must be pair or opponent, got '" + mode + "'");
  const size_t pool = mode == "opponent" && opponent != "current" ? opponent_pool(opponent, game).size() : 1;
  if (players != 2 && players != 4) throw search::ParamError("players must be 2 or 4");
  if (game == Game::Halite3) check_halite3_game(*this);
  if (games < 1 || games % players != 0)
    throw search::ParamError("games per iteration must be a positive multiple of " + std::to_string(players) +
                             " (every board is played with the seats rotated)");
  if (players == 2 && games % (2 * static_cast<int>(pool)) != 0)
    throw search::ParamError("games per iteration must be a multiple of 2 x " + std::to_string(pool) +
                             " (the opponent pool's members share a 2-player iteration's games equally)");
  if (spsa.iterations < 1) throw search::ParamError("at least one SPSA iteration");
  if (!(c_end_ratio > 0) || !(r_end > 0)) throw search::ParamError("c_end ratio and r_end must be > 0");
  if (tune_params(*this).empty()) throw search::ParamError("planner '" + planner + "' has no parameters to tune");
}

std::vector<SpsaParam> tune_params(const TuneOptions& options) {
  search::Params start = default_params_of(options.game)(options.planner);
  start.set_from_json(options.start);
  std::vector<SpsaParam> out;
  for (const search::ParamSpec& s : start.specs()) {
    if (!options.names.empty() && std::find(options.names.begin(), options.names.end(), s.name) == options.names.end())
      continue;
    if (s.max <= s.min) continue;  // nothing to tune
    if (!s.tunable) continue;      // mode switches and resources keep their start values
    SpsaParam p;
    p.name = s.name;
    p.min = s.min;
    p.max = s.max;
    p.integer = s.integer;
    p.start = start.get(s.name);
    const auto it = options.c_end.find(s.name);
    p.c_end = it != options.c_end.end() ? it->second : default_c_end(s, options.c_end_ratio);
    p.r_end = options.r_end;
    out.push_back(p);
  }
  // In the order asked for, when asked for.
  if (!options.names.empty()) {
    std::vector<SpsaParam> ordered;
    for (const std::string& n : options.names)
      for (const SpsaParam& p : out)
        if (p.name == n) ordered.push_back(p);
    out = ordered;
  }
  return out;
}

std::vector<double> seat_scores(const std::vector<int>& ranks) {
  const int n = static_cast<int>(ranks.size());
  std::vector<double> out(ranks.size(), 1.0);
  if (n < 2) return out;
  for (int s = 0; s < n; ++s) {
    const int r = ranks[s];
    int ties = 0;
    for (int q : ranks) ties += q == r;
    double sum = 0;
    for (int pos = r; pos < r + ties; ++pos) sum += static_cast<double>(n - 1 - pos) / (n - 1);
    out[s] = sum / ties;
  }
  return out;
}

namespace {

// The overrides of a planner at `values` of the tuned parameters, on top of the start point.
std::vector<std::string> overrides_at(const TuneOptions& o, const std::vector<SpsaParam>& params,
                                      const std::vector<double>& values) {
  std::vector<std::string> out;
  for (const auto& [name, v] : o.start.items()) {
    bool tuned = false;
    for (const SpsaParam& p : params) tuned |= p.name == name;
    if (!tuned)
      out.push_back(name + "=" +
                    search::format_number(v.is_boolean() ? (v.get<bool>() ? 1.0 : 0.0) : v.get<double>(), 17));
  }
  for (size_t i = 0; i < params.size(); ++i) out.push_back(params[i].name + "=" + search::format_number(values[i], 17));
  return out;
}

PlayerSpec spec_at(const TuneOptions& o, const std::vector<SpsaParam>& params, const std::vector<double>& values,
                   const std::string& label) {
  PlayerSpec s;
  s.label = label;
  s.planner = o.planner;
  s.overrides = overrides_at(o, params, values);
  s.check(o.game);  // here, not in an arena worker
  return s;
}

// Plays `games` games between `players` with the arena; returns each spec's
// mean score over its seats, per game, in game order. Halite III's official
// sides in turn start at `boards_before` boards into the rotation.
std::vector<std::vector<double>> play(const TuneOptions& o, std::vector<PlayerSpec> players, uint64_t seed,
                                      int64_t boards_before) {
  ArenaOptions ao;
  ao.players = std::move(players);
  ao.games = o.games;
  ao.four_player = o.players == 4;
  ao.jobs = o.jobs;
  ao.cluster = o.cluster;
  ao.budget = o.budget;
  ao.seed = seed;
  ao.config = o.config;
  ao.game = o.game;
  ao.halite3_size = o.halite3_size;
  ao.halite3_turns = o.halite3_turns;
  ao.halite3_side_offset = boards_before;
  std::vector<std::vector<double>> per_game(static_cast<size_t>(o.games));
  const size_t num_specs = ao.players.size();
  run_arena(ao, [&](const ArenaGame& g) {
    // A game the engine could not finish tells nothing: scored as a draw
    // (every seat score averages 0.5), so it moves no parameter.
    if (!g.result.aborted.empty()) {
      per_game[static_cast<size_t>(g.index)].assign(num_specs, 0.5);
      return;
    }
    const std::vector<double> scores = seat_scores(g.result.ranks);
    std::vector<double> sum(num_specs, 0), count(num_specs, 0);
    for (size_t seat = 0; seat < g.seat_player.size(); ++seat) {
      sum[g.seat_player[seat]] += scores[seat];
      count[g.seat_player[seat]] += 1;
    }
    std::vector<double> mean(num_specs, 0);
    for (size_t p = 0; p < num_specs; ++p) mean[p] = count[p] > 0 ? sum[p] / count[p] : 0;
    per_game[static_cast<size_t>(g.index)] = mean;
  });
  return per_game;
}

double mean_of(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return v.empty() ? 0 : s / static_cast<double>(v.size());
}

}  // namespace

std::vector<PlayerSpec> opponent_pool(const std::string& opponent, Game game) {
  std::vector<PlayerSpec> pool;
  size_t begin = 0;
  while (begin <= opponent.size()) {
    size_t end = opponent.find(';', begin);
    if (end == std::string::npos) end = opponent.size();
    std::string item = opponent.substr(begin, end - begin);
    item.erase(0, item.find_first_not_of(' '));
    item.erase(item.find_last_not_of(' ') + 1);
    if (item.empty()) throw search::ParamError("empty opponent in '" + opponent + "'");
    pool.push_back(PlayerSpec::parse(item, game));
    begin = end + 1;
  }
  return pool;
}

SpsaObjective tune_objective(const TuneOptions& options, const std::vector<SpsaParam>& params) {
  return [options, params](const SpsaIteration& it) {
    const PlayerSpec plus = spec_at(options, params, it.plus, "theta+");
    const PlayerSpec minus = spec_at(options, params, it.minus, "theta-");
    SpsaOutcome out;
    std::vector<double> plus_scores, minus_scores;
    const int64_t boards = int64_t{it.k} * (options.games / options.players);  // played before this iteration
    if (options.mode == "pair") {
      for (const std::vector<double>& g : play(options, {plus, minus}, it.seed, boards)) {
        plus_scores.push_back(g[0]);
        minus_scores.push_back(g[1]);
      }
      out.games = options.games;
    } else {
      const std::vector<PlayerSpec> pool =
          options.opponent == "current"
              ? std::vector<PlayerSpec>{spec_at(options, params, Spsa(params, {}).played(it.theta_before), "theta")}
              : opponent_pool(options.opponent, options.game);
      const size_t k = pool.size();
      if (options.players == 4) {
        // Same seed: the same boards and planner seeds for both sides.
        const std::vector<PlayerSpec> with_plus{plus, pool[0], pool[1 % k], pool[2 % k]};
        const std::vector<PlayerSpec> with_minus{minus, pool[0], pool[1 % k], pool[2 % k]};
        for (const std::vector<double>& g : play(options, with_plus, it.seed, boards)) plus_scores.push_back(g[0]);
        for (const std::vector<double>& g : play(options, with_minus, it.seed, boards)) minus_scores.push_back(g[0]);
      } else {
        // Each pool member takes an equal share of the games, on its own boards.
        TuneOptions share = options;
        share.games = options.games / static_cast<int>(k);
        for (size_t q = 0; q < k; ++q) {
          const uint64_t seed = it.seed + q;
          for (const std::vector<double>& g : play(share, {plus, pool[q]}, seed, boards)) plus_scores.push_back(g[0]);
          for (const std::vector<double>& g : play(share, {minus, pool[q]}, seed, boards)) minus_scores.push_back(g[0]);
        }
      }
      out.games = 2 * options.games;
    }
    out.y_plus = mean_of(plus_scores);
    out.y_minus = mean_of(minus_scores);
    out.detail = {{"plus_scores", plus_scores}, {"minus_scores", minus_scores}};
    return out;
  };
}

// ---------------------------------------------------------------- logs

namespace {

nlohmann::json named(const std::vector<SpsaParam>& params, const std::vector<double>& v) {
  nlohmann::json j = nlohmann::json::object();
  for (size_t i = 0; i < params.size() && i < v.size(); ++i) j[params[i].name] = v[i];
  return j;
}

std::vector<double> unnamed(const std::vector<SpsaParam>& params, const nlohmann::json& j) {
  std::vector<double> v;
  for (const SpsaParam& p : params) v.push_back(j.at(p.name).get<double>());
  return v;
}

nlohmann::json params_to_json(const std::vector<SpsaParam>& params) {
  nlohmann::json a = nlohmann::json::array();
  for (const SpsaParam& p : params)
    a.push_back({{"name", p.name},
                 {"min", p.min},
                 {"max", p.max},
                 {"integer", p.integer},
                 {"start", p.start},
                 {"c_end", p.c_end},
                 {"r_end", p.r_end}});
  return a;
}

std::vector<SpsaParam> params_from_json(const nlohmann::json& a) {
  std::vector<SpsaParam> out;
  for (const nlohmann::json& j : a) {
    SpsaParam p;
    p.name = j.at("name").get<std::string>();
    p.min = j.at("min").get<double>();
    p.max = j.at("max").get<double>();
    p.integer = j.at("integer").get<bool>();
    p.start = j.at("start").get<double>();
    p.c_end = j.at("c_end").get<double>();
    p.r_end = j.at("r_end").get<double>();
    out.push_back(p);
  }
  return out;
}

constexpr const char* kLogFormat = "halite-tune-log/1";

}  // namespace

nlohmann::json iteration_to_json(const std::vector<SpsaParam>& params, const SpsaIteration& it) {
  return {{"k", it.k},
          {"seed", it.seed},
          {"theta_before", named(params, it.theta_before)},
          {"delta", named(params, it.delta)},
          {"c_k", named(params, it.c_k)},
          {"a_k", named(params, it.a_k)},
          {"plus", named(params, it.plus)},
          {"minus", named(params, it.minus)},
          {"y_plus", it.outcome.y_plus},
          {"y_minus", it.outcome.y_minus},
          {"games", it.outcome.games},
          {"detail", it.outcome.detail},
          {"theta", named(params, it.theta)},
          {"seconds", it.seconds}};
}

SpsaIteration iteration_from_json(const std::vector<SpsaParam>& params, const nlohmann::json& j) {
  SpsaIteration it;
  it.k = j.at("k").get<int>();
  it.seed = j.at("seed").get<uint64_t>();
  it.theta_before = unnamed(params, j.at("theta_before"));
  it.delta = unnamed(params, j.at("delta"));
  it.c_k = unnamed(params, j.at("c_k"));
  it.a_k = unnamed(params, j.at("a_k"));
  it.plus = unnamed(params, j.at("plus"));
  it.minus = unnamed(params, j.at("minus"));
  it.outcome.y_plus = j.at("y_plus").get<double>();
  it.outcome.y_minus = j.at("y_minus").get<double>();
  it.outcome.games = j.at("games").get<int>();
  it.outcome.detail = j.value("detail", nlohmann::json());
  it.theta = unnamed(params, j.at("theta"));
  it.seconds = j.value("seconds", 0.0);
  return it;
}

namespace {

void continue_tune(TuneRun& run, Spsa& spsa, std::ofstream& log, const TuneCallback& on_iteration, int max_new,
                   const SpsaObjective& objective) {
  const SpsaObjective f = objective ? objective : tune_objective(run.options, run.params);
  int played = 0;
  while (!spsa.done() && (max_new < 0 || played < max_new)) {
    SpsaIteration it = spsa.step(f);
    log << iteration_to_json(run.params, it).dump() << "\n" << std::flush;
    if (!log) throw std::runtime_error("cannot write the tuning log");
    run.history.push_back(it);
    run.theta = spsa.theta();
    run.done = spsa.done();
    ++played;
    if (on_iteration) on_iteration(run, run.history.back(), false);
  }
  run.theta = spsa.theta();
  run.done = spsa.done();
}

}  // namespace

TuneRun run_tune(const TuneOptions& options, const std::string& log_path, const TuneCallback& on_iteration,
                 int max_new_iterations, const SpsaObjective& objective) {
  options.validate();
  TuneRun run;
  run.options = options;
  run.params = tune_params(options);
  Spsa spsa(run.params, options.spsa);
  run.theta = spsa.theta();
  std::ofstream log(log_path, std::ios::trunc);
  if (!log) throw std::runtime_error("cannot write " + log_path);
  log << nlohmann::json{{"format", kLogFormat}, {"options", options.to_json()}, {"params", params_to_json(run.params)}}
             .dump()
      << "\n"
      << std::flush;
  continue_tune(run, spsa, log, on_iteration, max_new_iterations, objective);
  return run;
}

TuneRun resume_tune(const std::string& log_path, int jobs, const TuneCallback& on_iteration, int max_new_iterations,
                    const SpsaObjective& objective, Cluster* cluster) {
  const std::string text = read_file_text(log_path);

  TuneRun run;
  size_t pos = 0, good_end = 0;
  bool header = false, missing_newline = false;
  std::unique_ptr<Spsa> spsa;
  while (pos < text.size()) {
    const size_t nl = text.find('\n', pos);
    const std::string line = text.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
    const size_t next = nl == std::string::npos ? text.size() : nl + 1;
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(line);
    } catch (const nlohmann::json::exception&) {
      if (!header) throw std::runtime_error(log_path + ": not a halite tune log (bad first line)");
      break;  // a torn last line: dropped
    }
    if (!header) {
      if (!j.is_object() || j.value("format", "") != kLogFormat)
        throw std::runtime_error(log_path + ": not a halite tune log");
      run.options = TuneOptions::from_json(j.at("options"));
      run.options.jobs = jobs;
      run.options.cluster = cluster;
      run.params = params_from_json(j.at("params"));
      spsa = std::make_unique<Spsa>(run.params, run.options.spsa);
      header = true;
    } else {
      SpsaIteration it;
      try {
        it = iteration_from_json(run.params, j);
      } catch (const nlohmann::json::exception& e) {
        throw std::runtime_error(log_path + ": iteration line " + std::to_string(run.history.size()) + ": " + e.what());
      }
      spsa->replay(it);
      it.theta = spsa->theta();
      run.history.push_back(it);
      run.theta = spsa->theta();
      if (on_iteration) on_iteration(run, run.history.back(), true);
    }
    good_end = next;
    missing_newline = nl == std::string::npos;
    pos = next;
  }
  if (!header) throw std::runtime_error(log_path + ": empty log");
  run.options.validate();
  run.theta = spsa->theta();
  run.done = spsa->done();
  if (good_end < text.size()) std::filesystem::resize_file(log_path, good_end);
  std::ofstream log(log_path, std::ios::app);
  if (!log) throw std::runtime_error("cannot append to " + log_path);
  if (missing_newline) log << "\n";
  continue_tune(run, *spsa, log, on_iteration, max_new_iterations, objective);
  return run;
}

// ---------------------------------------------------------------- outputs

double iteration_score(const TuneOptions& options, const SpsaIteration& it) {
  return options.mode == "pair" ? it.outcome.y_plus : (it.outcome.y_plus + it.outcome.y_minus) / 2;
}

nlohmann::json tuned_params_json(const TuneRun& run) {
  search::Params p = default_params_of(run.options.game)(run.options.planner);
  p.set_from_json(run.options.start);
  const std::vector<double> theta = Spsa(run.params, run.options.spsa).played(run.theta);
  for (size_t i = 0; i < run.params.size(); ++i) p.set(run.params[i].name, theta[i]);
  return {{"planner", run.options.planner}, {"params", p.to_json()}};
}

std::string tune_csv(const TuneRun& run) {
  std::string out = "k";
  for (const SpsaParam& p : run.params) out += "," + p.name;
  out += ",y_plus,y_minus,score\n";
  for (const SpsaIteration& it : run.history) {
    out += std::to_string(it.k);
    for (double v : it.theta) out += "," + search::format_number(v, 17);
    out += "," + search::format_number(it.outcome.y_plus, 17) + "," + search::format_number(it.outcome.y_minus, 17) +
           "," + search::format_number(iteration_score(run.options, it), 17) + "\n";
  }
  return out;
}

std::string tune_svg(const TuneRun& run) {
  PlotPanel score{run.options.mode == "pair"
                      ? "score of theta+ against theta- (about 0.5; the parameters show progress)"
                      : "score against " + run.options.opponent + ": (y+ + y-) / 2",
                  "score",
                  {}};
  PlotSeries points{"per iteration", {}, {}, true}, average{"moving average (10)", {}, {}, false};
  for (size_t i = 0; i < run.history.size(); ++i) {
    const double x = run.history[i].k + 1;
    points.x.push_back(x);
    points.y.push_back(iteration_score(run.options, run.history[i]));
    const size_t from = i >= 9 ? i - 9 : 0;
    double s = 0;
    for (size_t j = from; j <= i; ++j) s += iteration_score(run.options, run.history[j]);
    average.x.push_back(x);
    average.y.push_back(s / static_cast<double>(i - from + 1));
  }
  score.series = {points, average};
  PlotPanel params{"parameters: (theta - start) / c_end", "c_end units", {}};
  for (size_t p = 0; p < run.params.size(); ++p) {
    PlotSeries s{run.params[p].name, {0}, {0}, false};
    for (const SpsaIteration& it : run.history) {
      s.x.push_back(it.k + 1);
      s.y.push_back((it.theta[p] - run.params[p].start) / run.params[p].c_end);
    }
    params.series.push_back(s);
  }
  return svg_plot("halite tune " + run.options.planner + " (" + run.options.mode + ", " +
                      std::to_string(run.history.size()) + "/" + std::to_string(run.options.spsa.iterations) +
                      " iterations)",
                  "iterations completed", {score, params});
}

}  // namespace halite::lab
