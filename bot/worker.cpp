#include "worker.h"

namespace halite::bot {

struct PlannerWorker::Shared {
  std::unique_ptr<search::Planner> planner;
  std::unique_ptr<State> state = std::make_unique<State>();  // the job's state (heap: State is large)
  int player = 0;
  search::Budget budget;
  std::mutex mu;
  std::condition_variable cv;
  bool has_job = false;    // a job waits to be picked up or runs
  bool done = false;       // the current job finished and its result waits
  bool abandoned = false;  // the main thread gave up on the current job
  bool reset_pending = false;
  bool stop = false;
  bool failed = false;
  State::Orders result;
  std::string error;
  search::PlanStats stats;
  search::TurnReasons reasons;
};

PlannerWorker::PlannerWorker(std::unique_ptr<search::Planner> planner)
    : name_(planner->name()), sh_(std::make_shared<Shared>()) {
  sh_->planner = std::move(planner);
  thread_ = std::thread(&PlannerWorker::loop, sh_);
}

PlannerWorker::~PlannerWorker() {
  bool running;
  {
    std::lock_guard<std::mutex> lock(sh_->mu);
    sh_->stop = true;
    running = sh_->has_job;
  }
  sh_->cv.notify_all();
  // A planner that does not return: the thread keeps the shared part alive
  // and ends when (if ever) the planner returns; the process does not wait.
  if (running)
    thread_.detach();
  else
    thread_.join();
}

bool PlannerWorker::busy() const {
  std::lock_guard<std::mutex> lock(sh_->mu);
  return sh_->has_job;
}

bool PlannerWorker::start(const State& state, int player, const search::Budget& budget) {
  {
    std::lock_guard<std::mutex> lock(sh_->mu);
    if (sh_->has_job || sh_->stop) return false;
    *sh_->state = state;
    sh_->player = player;
    sh_->budget = budget;
    sh_->has_job = true;
    sh_->done = false;
    sh_->abandoned = false;
    sh_->failed = false;
    sh_->error.clear();
    sh_->result.clear();
  }
  sh_->cv.notify_all();
  return true;
}

PlannerWorker::Outcome PlannerWorker::wait(Clock::time_point deadline, State::Orders* orders, std::string* error) {
  std::unique_lock<std::mutex> lock(sh_->mu);
  if (!sh_->cv.wait_until(lock, deadline, [this] { return sh_->done; })) {
    sh_->abandoned = true;
    return Outcome::Late;
  }
  sh_->done = false;
  if (sh_->failed) {
    *error = sh_->error;
    return Outcome::Failed;
  }
  *orders = std::move(sh_->result);
  return Outcome::Done;
}

void PlannerWorker::reset_planner() {
  std::lock_guard<std::mutex> lock(sh_->mu);
  if (sh_->has_job) {
    sh_->reset_pending = true;
    return;
  }
  sh_->reset_pending = false;
  sh_->planner->reset();
}

search::PlanStats PlannerWorker::last_stats() const {
  std::lock_guard<std::mutex> lock(sh_->mu);
  return sh_->stats;
}

search::TurnReasons PlannerWorker::last_reasons() const {
  std::lock_guard<std::mutex> lock(sh_->mu);
  return sh_->reasons;
}

void PlannerWorker::loop(std::shared_ptr<Shared> sh) {
  std::unique_lock<std::mutex> lock(sh->mu);
  for (;;) {
    sh->cv.wait(lock, [&] { return sh->stop || (sh->has_job && !sh->done); });
    if (sh->stop) return;
    lock.unlock();
    State::Orders orders;
    std::string error;
    bool failed = false;
    try {
      orders = sh->planner->plan(*sh->state, sh->player, sh->budget);
    } catch (const std::exception& e) {
      failed = true;
      error = e.what();
    } catch (...) {
      failed = true;
      error = "unknown exception";
    }
    lock.lock();
    sh->stats = sh->planner->last_stats();
    if (sh->planner->explaining() && !failed) sh->reasons = sh->planner->reasons();
    if (sh->reset_pending) {
      sh->reset_pending = false;
      sh->planner->reset();
    }
    sh->has_job = false;
    if (sh->abandoned) continue;  // nobody waits for it any more
    sh->result = std::move(orders);
    sh->error = std::move(error);
    sh->failed = failed;
    sh->done = true;
    sh->cv.notify_all();
  }
}

}  // namespace halite::bot
