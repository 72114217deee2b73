// Bot: the line protocol, time management and degrade path around planners.
//
// handle_line() takes one input line and returns the line to answer with, or
// nothing for a bare configuration line. It never throws: anything it cannot
// use is answered with "{}" and explained on stderr.
#pragma once

#include <array>
#include <chrono>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "halite/json_codec.h"
#include "halite/search/game_memory.h"
#include "halite/search/planner.h"
#include "options.h"
#include "stateless.h"
#include "worker.h"

namespace halite::bot {

// How much time a turn gets, from the configuration, the observation and
// what the previous turns cost.
struct TurnPlan {
  double budget_ms = 0;  // the main planner's budget (soft deadline)
  double hard_ms = 0;    // when the bot answers whatever happens
  bool use_fallback = false;
  const char* reason = "";  // why the fallback plays (or "")
};

class TimeManager {
 public:
  explicit TimeManager(const TimePolicy& policy) : policy_(policy) {}
  void new_game();
  // Before planning: the time for this turn. overage_s < 0 when unknown.
  TurnPlan plan_turn(const Config& config, int step, double overage_s);
  // After answering: how long the turn took from reading the line.
  void turn_finished(const Config& config, double elapsed_ms, bool planner_late);
  double margin_ms() const { return policy_.margin_ms + extra_margin_ms_; }

 private:
  TimePolicy policy_;
  double extra_margin_ms_ = 0;  // learnt from overage the runner charged us
  double last_overage_s_ = -1;
  int degrade_left_ = 0;
};

class Bot {
 public:
  using Clock = std::chrono::steady_clock;
  // Builds the planners (throws search::ParamError / UsageError on bad options).
  explicit Bot(const Options& options);
  ~Bot();

  std::optional<std::string> handle_line(std::string_view line, Clock::time_point received);
  // Call at end of input: prints the game summary.
  void finish();
  // False when an abandoned planner is still running (exit with _Exit then).
  bool idle() const;

  // The main planner of games without values of their own, and of games of
  // `num_players` (Options::players_planner).
  const std::string& planner_name() const { return planner_name_; }
  const std::string& planner_name(int num_players) const;
  const std::string& fallback_name() const { return fallback_name_; }

 private:
  // The main planner (on its own worker thread) and the fallback for one kind
  // of game: the general values, or those of a player count that has values
  // of its own (Options::by_players). Each kind keeps its own worker, so that
  // a new game never waits for a plan the last one abandoned.
  struct Planners {
    std::string name;  // the main planner's
    std::unique_ptr<PlannerWorker> worker;
    std::unique_ptr<search::Planner> fallback;
  };

  void set_configuration(const Json& j);
  std::string answer_observation(const Json& obs, Clock::time_point received);
  State::Orders fallback_orders(const State& state, int player);
  // This turn's orders for a player with units: the main planner's within the
  // turn's time, else the fallback's. `used` names the planner that played;
  // `late` tells the main planner missed its deadline.
  State::Orders plan_orders(const State& state, int player, const TurnPlan& tp, Clock::time_point received,
                            std::string* used, bool* late);
  // The trace line of this turn (Options::trace).
  void write_trace(const State& state, int player, const State::Orders& orders, bool by_fallback);
  void start_game(int num_players, int me);
  void end_game();
  void log(int level, const char* fmt, ...) const __attribute__((format(printf, 3, 4)));

  Options options_;
  std::string planner_name_, fallback_name_;
  // [0]: the general values; [n]: games of n players, when they have values
  // of their own (else null).
  std::array<std::unique_ptr<Planners>, kMaxPlayers + 1> planners_;
  Planners* active_ = nullptr;  // this game's (planners_[0] until a game starts)
  TimeManager time_;
  // Per-player behaviour this game, for the summary in the log. The planners
  // keep their own (Planner::memory()): the main planner runs on the worker
  // thread and may miss turns the fallback played.
  search::GameMemory memory_;

  std::ofstream trace_;  // open while tracing (Options::trace)

  Config config_;
  bool has_config_ = false;
  bool warned_no_config_ = false;

  bool in_game_ = false;
  int last_step_ = -1;
  int me_ = -1;
  int num_players_ = 0;
  // Per-game counters for the summary.
  int turns_ = 0, fallback_turns_ = 0, late_turns_ = 0, failed_turns_ = 0, error_lines_ = 0;
  double max_turn_ms_ = 0, total_turn_ms_ = 0;
};

}  // namespace halite::bot
