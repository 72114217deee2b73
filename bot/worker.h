// PlannerWorker: runs the main planner on its own thread so that the bot can
// answer on time even when a planner overruns its budget (a bug) or hangs.
//
// The main thread hands over a copy of the state, waits until a hard deadline
// and, if the plan is not ready, answers with the fallback planner. The late
// plan is discarded when it arrives; until then the worker is busy and the
// fallback plays. Only the worker thread ever touches the planner while a job
// runs, so planners need not be thread-safe.
#pragma once

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "halite/search/planner.h"

namespace halite::bot {

class PlannerWorker {
 public:
  using Clock = std::chrono::steady_clock;
  enum class Outcome { Done, Failed, Late };

  explicit PlannerWorker(std::unique_ptr<search::Planner> planner);
  ~PlannerWorker();
  PlannerWorker(const PlannerWorker&) = delete;
  PlannerWorker& operator=(const PlannerWorker&) = delete;

  std::string name() const { return name_; }
  // True while a job (possibly an abandoned, late one) is running.
  bool busy() const;
  // Starts planning `state` for `player`; false when busy.
  bool start(const State& state, int player, const search::Budget& budget);
  // Waits for the job started last until `deadline`. Done: *orders set.
  // Failed: the planner threw, *error set. Late: still running (abandoned).
  Outcome wait(Clock::time_point deadline, State::Orders* orders, std::string* error);
  // Planner::reset() now if idle, else as soon as the running job ends.
  void reset_planner();
  // Statistics of the last finished plan (only meaningful after Done).
  search::PlanStats last_stats() const;
  // The reasons of the last finished plan, when the planner explains
  // (Planner::set_explaining; only meaningful after Done).
  search::TurnReasons last_reasons() const;

 private:
  struct Shared;  // everything the thread touches: it outlives this object if the planner hangs
  static void loop(std::shared_ptr<Shared> shared);

  std::string name_;
  std::shared_ptr<Shared> sh_;
  std::thread thread_;
};

}  // namespace halite::bot
