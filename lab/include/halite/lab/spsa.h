// SPSA: tuning a planner's declared parameters from game results, the way
// fishtest tunes Stockfish.
//
// Each iteration k perturbs every tuned parameter at once by +-c_k (signs
// drawn from (seed, k) only, so a run is reproducible and resumable), scores
// theta+ and theta- (by default a match between them, seats swapped), and
// moves theta by a_k (y+ - y-) / (2 c_k) * delta, clamped to the declared
// ranges. Gains (Spall's standard schedule, fishtest's parametrisation):
//
//   c_k = c / (k + 1)^gamma           c = c_end * N^gamma              gamma = 0.101
//   a_k = a / (A + k + 1)^alpha       a = r_end * c_end^2 * (A + N)^alpha   alpha = 0.602, A = 0.1 N
//
// so the last of N iterations perturbs by c_end and has a_k / c_k^2 = r_end.
// Both are per parameter: c_end is set from the parameter's scale (see
// default_c_end) and r_end is dimensionless, so one r_end fits every parameter.
//
// The algorithm (Spsa) takes any objective, so it is tested on synthetic
// functions; tune_* below plays the games through run_arena.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "halite/lab/arena.h"
#include "halite/lab/svg_plot.h"
#include "halite/search/params.h"

namespace halite::lab {

// ---------------------------------------------------------------- algorithm

struct SpsaParam {
  std::string name;
  double min = 0, max = 1;
  bool integer = false;  // played rounded to the nearest whole number
  double start = 0;      // theta_0
  double c_end = 1;      // perturbation of the last iteration, in the parameter's units
  double r_end = 0.2;    // a_end / c_end^2
};

struct SpsaSettings {
  int iterations = 100;  // N: the schedule is planned for this many
  double alpha = 0.602;
  double gamma = 0.101;
  double A_ratio = 0.1;  // A = A_ratio * N
  uint64_t seed = 1;     // perturbations and per-iteration seeds derive from (seed, k)
};

struct SpsaGains {
  double a = 0, c = 0, A = 0, alpha = 0.602, gamma = 0.101;
  double a_k(int k) const;
  double c_k(int k) const;
};
SpsaGains spsa_gains(const SpsaParam& param, const SpsaSettings& settings);

// What scoring theta+ and theta- gave (scores to maximise, e.g. in [0, 1]).
struct SpsaOutcome {
  double y_plus = 0, y_minus = 0;
  int games = 0;
  nlohmann::json detail;  // kept in the log as is
};

// One iteration: what was asked and what it gave. plus/minus are the values
// as played (clamped, integers rounded); theta is after the update.
struct SpsaIteration {
  int k = 0;
  uint64_t seed = 0;  // this iteration's seed (for the objective's randomness)
  std::vector<double> theta_before, delta, c_k, a_k, plus, minus, theta;
  SpsaOutcome outcome;
  double seconds = 0;  // wall time of the evaluation (not part of the result)
};

using SpsaObjective = std::function<SpsaOutcome(const SpsaIteration& proposal)>;

class Spsa {
 public:
  Spsa(std::vector<SpsaParam> params, SpsaSettings settings);

  const std::vector<SpsaParam>& params() const { return params_; }
  const SpsaSettings& settings() const { return settings_; }
  int k() const { return k_; }  // the next iteration
  bool done() const { return k_ >= settings_.iterations; }
  const std::vector<double>& theta() const { return theta_; }
  // Clamped to the ranges, integers rounded: what a game is played with.
  std::vector<double> played(const std::vector<double>& values) const;

  // Iteration k() without its outcome: theta_before, delta, gains, plus, minus, seed.
  SpsaIteration propose() const;
  // theta += a_k (y+ - y-) / (2 c_k) delta, clamped; fills it.theta; advances k.
  void update(SpsaIteration& it);
  // propose, evaluate, update.
  SpsaIteration step(const SpsaObjective& objective);
  // Re-applies a logged iteration (resuming): it must be iteration k() with the
  // same perturbation; the update is recomputed from its outcome, so the state
  // is exactly that of the run that wrote the log. Throws std::runtime_error
  // when the log does not match (other seed, other settings).
  void replay(const SpsaIteration& logged);

  // Rademacher signs of iteration k, and its seed.
  static std::vector<double> perturbation(uint64_t seed, int k, size_t n);
  static uint64_t iteration_seed(uint64_t seed, int k);

 private:
  std::vector<SpsaParam> params_;
  SpsaSettings settings_;
  std::vector<SpsaGains> gains_;
  std::vector<double> theta_;
  int k_ = 0;
};

// ---------------------------------------------------------------- tuning planners by games

// The scale of a parameter for the default perturbation: its range width, but
// at most 2 * max(|default|, floor) where floor is 1 for integers, and for reals
// 0, or 1/1000 of the width when the default is 0 (so a [0, 100000] range
// around a default of 300 gives 600, around 0 gives 200).
double param_scale(const search::ParamSpec& spec);
// c_end = c_end_ratio * param_scale, at least 1 for integers (so that theta+
// and theta- differ once rounded), at most half the range width.
double default_c_end(const search::ParamSpec& spec, double c_end_ratio);

struct TuneOptions {
  std::string planner;
  std::vector<std::string> names;                   // parameters to tune; empty: every tunable one (ParamSpec::tunable)
  nlohmann::json start = nlohmann::json::object();  // starting values {"name": v} (others: defaults)
  std::string mode = "pair";                        // "pair": theta+ vs theta-; "opponent": each against `opponent`
  // NAME[:k=v,...]; or several separated by ';', a pool: in 4-player games
  // the three other seats take the pool's members in turn, in 2-player games
  // the games are shared equally among them; or "current": the planner at
  // theta (not perturbed).
  std::string opponent = "greedy";
  int games = 8;      // per iteration: pair: games of theta+ vs theta-; opponent: per side
  int players = 2;    // 2 or 4 (4: score = mean rank-based score, 1 first .. 0 last)
  TurnBudget budget;  // per turn (Halite IV)
  Config config;      // size, episode_steps (random_seed set per game; Halite IV)
  // The game: Halite IV's planners (search/) or Halite III's policy
  // (search3/), played by the arena (ArenaOptions's game, halite3_size and
  // halite3_turns: 0, the official sides in turn, taken on from one
  // iteration's boards to the next's, and the official turn counts).
  Game game = Game::Halite4;
  int halite3_size = 0;
  int64_t halite3_turns = 0;
  SpsaSettings spsa;         // iterations, gains exponents, seed
  double c_end_ratio = 0.1;  // see default_c_end
  double r_end = 0.2;
  std::map<std::string, double> c_end;  // per-parameter c_end in its units (overrides c_end_ratio)
  int jobs = 1;                         // games in parallel (not part of the log: any value gives the same run)
  Cluster* cluster = nullptr;           // games shared with other ranks (not part of the log either)

  nlohmann::json to_json() const;  // everything but jobs
  static TuneOptions from_json(const nlohmann::json& j);
  // Throws ParamError / std::invalid_argument for an unknown planner, parameter, mode, ...
  void validate() const;
};

// The tuned parameters with their gains, from the planner's declared specs.
std::vector<SpsaParam> tune_params(const TuneOptions& options);

// Rank-based score per seat: 1 for first .. 0 for last, shared ranks averaged
// (two players: win 1, draw 0.5, loss 0).
std::vector<double> seat_scores(const std::vector<int>& ranks);

// The objective that plays the games of one iteration through run_arena, on
// boards and planner seeds chosen by the iteration's seed.
// The opponents of --mode opponent: the pool `opponent` names (not "current").
std::vector<PlayerSpec> opponent_pool(const std::string& opponent, Game game = Game::Halite4);

SpsaObjective tune_objective(const TuneOptions& options, const std::vector<SpsaParam>& params);

struct TuneRun {
  TuneOptions options;
  std::vector<SpsaParam> params;
  std::vector<SpsaIteration> history;  // every completed iteration, from 0
  std::vector<double> theta;           // current
  bool done = false;
};
// Called after each iteration (replayed ones too, with replayed = true).
using TuneCallback = std::function<void(const TuneRun& run, const SpsaIteration& it, bool replayed)>;

// Starts a tune and writes its log (JSONL: a header line, then one line per
// iteration), overwriting log_path. Plays until done, or until
// max_new_iterations more iterations when that is >= 0. `objective` replaces
// the games (tests); by default tune_objective.
TuneRun run_tune(const TuneOptions& options, const std::string& log_path, const TuneCallback& on_iteration = {},
                 int max_new_iterations = -1, const SpsaObjective& objective = {});
// Continues the tune logged in log_path from its last complete iteration (a
// torn last line is dropped), appending to it: the result is identical to an
// uninterrupted run. Settings come from the log; `jobs` and `cluster` are free.
TuneRun resume_tune(const std::string& log_path, int jobs, const TuneCallback& on_iteration = {},
                    int max_new_iterations = -1, const SpsaObjective& objective = {}, Cluster* cluster = nullptr);

// {"planner": NAME, "params": {every declared parameter; tuned ones as played}}:
// what `halite_bot --config`, `halite arena --players NAME@FILE` and
// `halite tune --start` accept.
nlohmann::json tuned_params_json(const TuneRun& run);
// k, one column per parameter (theta after iteration k), y_plus, y_minus, score.
// score: opponent mode: (y+ + y-) / 2, theta's estimated score against the
// opponent; pair mode: y+, theta+'s score against theta- (about 0.5).
std::string tune_csv(const TuneRun& run);
// Score per iteration (and its moving average) and each parameter's path.
std::string tune_svg(const TuneRun& run);
double iteration_score(const TuneOptions& options, const SpsaIteration& it);

// Log lines.
nlohmann::json iteration_to_json(const std::vector<SpsaParam>& params, const SpsaIteration& it);
SpsaIteration iteration_from_json(const std::vector<SpsaParam>& params, const nlohmann::json& j);

}  // namespace halite::lab
