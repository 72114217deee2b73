#include "halite/lab/cluster.h"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <thread>

#ifdef HALITE_HAVE_MPI
#include <mpi.h>
#endif

namespace halite::lab {
namespace {

int launcher_task_count() {
  const char* n = std::getenv("SLURM_STEP_NUM_TASKS");
  return n ? std::atoi(n) : 1;
}

// mpirun (Open MPI), a PMI or PMIx launcher (MPICH's mpiexec, srun --mpi=...),
// or an srun step of several tasks.
bool started_by_mpi_launcher() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (std::getenv(name)) return true;
  return launcher_task_count() > 1;
}

#ifdef HALITE_HAVE_MPI

std::string text_or(const TaskDescription& describe, const std::string& context, int index) {
  if (describe) return describe(context, index);
  return "task " + std::to_string(index);
}

// How long an idle main thread sleeps between looks at its messages: short
// beside a game (a tenth of a second and more), long enough to cost no CPU.
constexpr auto kPollInterval = std::chrono::milliseconds(1);
// Room for one task's description in a crash report (written from a signal handler).
constexpr size_t kCrashTextSize = 1024;

// The exit status of rank 0 stopped by SIGTERM, as a shell reports a death by it.
constexpr int kExitInterrupted = 128 + SIGTERM;

// ---- rank 0: SIGTERM while a batch is out

// The handler only records the signal and wakes a watcher thread through a
// pipe: the report needs a lock, and rank 0's main thread may be inside an
// MPI call that does not return (a send to the rank that died).
std::atomic<int> g_terminate_signal{0};
int g_terminate_pipe[2] = {-1, -1};
extern "C" void on_terminate_signal(int signal) {
  g_terminate_signal.store(signal);
  const char wake = 1;
  if (::write(g_terminate_pipe[1], &wake, 1) < 0) return;  // nothing more a handler can do
}

// ---- other ranks: a crash while performing tasks

struct CrashSlot {
  char text[kCrashTextSize];
  std::atomic<size_t> length{0};
};
CrashSlot* g_crash_slots = nullptr;
int g_crash_slot_count = 0;
int g_crash_rank = 0;

// The crash report, built without allocating and written with one write(2):
// a launcher that relays the rank's stderr then gets all of it or none.
char g_crash_report[kCrashTextSize * 4];

void append(size_t& at, const char* text, size_t n) {
  for (size_t i = 0; i < n && at < sizeof g_crash_report; ++i) g_crash_report[at++] = text[i];
}

void append_number(size_t& at, int value) {
  char digits[16];
  int n = 0;
  unsigned v = value < 0 ? 0u - static_cast<unsigned>(value) : static_cast<unsigned>(value);
  if (value < 0) append(at, "-", 1);
  do digits[n++] = static_cast<char>('0' + v % 10), v /= 10;
  while (v > 0 && n < 16);
  while (n > 0) append(at, &digits[--n], 1);
}

// Async-signal-safe: text prepared before the crash, one write(2), then the default action.
extern "C" void on_crash_signal(int signal) {
  size_t at = 0;
  append(at, "halite: rank ", 13);
  append_number(at, g_crash_rank);
  append(at, " crashed (signal ", 17);
  append_number(at, signal);
  append(at, ") while playing:\n", 17);
  for (int i = 0; i < g_crash_slot_count; ++i) {
    const size_t n = g_crash_slots[i].length.load();
    if (n == 0) continue;
    append(at, "  ", 2);
    append(at, g_crash_slots[i].text, n);
    append(at, "\n", 1);
  }
  for (size_t done = 0; done < at;) {
    const ssize_t w = ::write(STDERR_FILENO, g_crash_report + done, at - done);
    if (w <= 0) break;
    done += static_cast<size_t>(w);
  }
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

constexpr int kCrashSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

enum Tag : int { kHello = 1, kTask, kAnswer, kFailure, kStop };

struct Message {
  int source = 0, tag = 0;
  nlohmann::json body;
};

void send(int dest, Tag tag, const nlohmann::json& body) {
  const std::string text = body.dump();
  MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, dest, tag, MPI_COMM_WORLD);
}

std::optional<Message> receive() {
  int ready = 0;
  MPI_Status status;
  MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &ready, &status);
  if (!ready) return std::nullopt;
  int count = 0;
  MPI_Get_count(&status, MPI_CHAR, &count);
  std::string text(static_cast<size_t>(count), '\0');
  MPI_Recv(text.data(), count, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return Message{status.MPI_SOURCE, status.MPI_TAG, nlohmann::json::parse(text)};
}

// ---- rank 0: one batch

// What rank 0 knows of a batch in flight: the tasks not yet handed out, those
// in play on each rank, how many are still to finish, and the first failure.
class BatchInFlight {
 public:
  explicit BatchInFlight(const ClusterBatch& batch)
      : batch_(batch), queue_(batch.indices.begin(), batch.indices.end()), remaining_(batch.indices.size()) {}

  // Task `index` is over on `rank`: its answer (given to on_done) or, without
  // one, the error it threw. Only the first failure is kept.
  void finish(int index, int rank, const std::string* answer, const std::string& error) {
    std::lock_guard<std::mutex> lock(mu_);
    in_play_[rank].erase(index);
    if (!failure_.empty()) return;
    if (answer) {
      try {
        batch_.on_done(index, *answer);
        --remaining_;
        return;
      } catch (const std::exception& e) {
        failure_ = e.what();
        return;
      }
    }
    failure_ = "rank " + std::to_string(rank) + ", " + text_or(batch_.describe, batch_.context, index) + ": " + error;
  }

  // One of rank 0's own threads: performs tasks from the queue until it is
  // empty or a task has failed.
  void perform_locally() {
    for (;;) {
      int index = 0;
      {
        std::lock_guard<std::mutex> lock(mu_);
        if (!failure_.empty() || queue_.empty()) return;
        index = queue_.front();
        queue_.pop_front();
        in_play_[0].insert(index);
      }
      try {
        const std::string answer = batch_.perform(batch_.context, index);
        finish(index, 0, &answer, "");
      } catch (const std::exception& e) {
        finish(index, 0, nullptr, e.what());
      }
    }
  }

  // The tasks (rank, index) to hand to the ranks that have threads free,
  // marked in play; nullopt once the batch is over (all done, or one failed).
  std::optional<std::vector<std::pair<int, int>>> hand_out(const std::map<int, int>& capacity) {
    std::vector<std::pair<int, int>> to_send;
    std::lock_guard<std::mutex> lock(mu_);
    if (remaining_ == 0 || !failure_.empty()) return std::nullopt;
    for (const auto& [rank, threads_there] : capacity)
      while (!queue_.empty() && static_cast<int>(in_play_[rank].size()) < threads_there) {
        to_send.emplace_back(rank, queue_.front());
        in_play_[rank].insert(queue_.front());
        queue_.pop_front();
      }
    return to_send;
  }

  // Keeps `what` as the failure unless a task failed first.
  void fail(const std::string& what) {
    std::lock_guard<std::mutex> lock(mu_);
    if (failure_.empty()) failure_ = what;
  }

  // Once every thread is joined: the first failure, or "".
  const std::string& failure() const { return failure_; }

  // Stopped by `signal`: prints the tasks in play (lost) and how many were not
  // started, then exits with kExitInterrupted.
  [[noreturn]] void report_and_exit(int signal, const std::string& resume_hint) {
    std::lock_guard<std::mutex> lock(mu_);  // no answer is half written
    std::string text = "halite: stopped by signal " + std::to_string(signal) +
                       " (the MPI job is being taken down: a rank died or was killed)\n";
    size_t lost = 0;
    for (const auto& [rank, tasks] : in_play_)
      for (int index : tasks) {
        text += "  lost, in play on rank " + std::to_string(rank) + ": " +
                text_or(batch_.describe, batch_.context, index) + "\n";
        ++lost;
      }
    text += "  " + std::to_string(lost) + " lost, " + std::to_string(queue_.size()) + " not started, " +
            std::to_string(batch_.indices.size() - remaining_) + " of this batch finished";
    text += resume_hint.empty() ? "\n" : "; " + resume_hint + "\n";
    std::fputs(text.c_str(), stderr);
    std::fflush(stderr);
    std::fflush(stdout);
    std::_Exit(kExitInterrupted);
  }

 private:
  const ClusterBatch& batch_;
  std::mutex mu_;  // everything below, and batch_.on_done
  std::deque<int> queue_;
  std::map<int, std::set<int>> in_play_;  // rank -> tasks
  size_t remaining_;
  std::string failure_;
};

// While it lives, SIGTERM has a watcher thread call `on_signal(signal)`.
// Destroyed: the previous handler is back and the watcher gone.
class TerminateWatch {
 public:
  explicit TerminateWatch(std::function<void(int)> on_signal) {
    if (::pipe(g_terminate_pipe) != 0) throw std::runtime_error("cannot make a pipe for the fault report");
    g_terminate_signal.store(0);
    struct sigaction handler {};
    handler.sa_handler = on_terminate_signal;
    sigemptyset(&handler.sa_mask);
    sigaction(SIGTERM, &handler, &previous_);
    watcher_ = std::thread([on_signal = std::move(on_signal)] {
      char wake = 0;
      while (::read(g_terminate_pipe[0], &wake, 1) < 0 && errno == EINTR) {
      }
      if (const int signal = g_terminate_signal.load(); signal != 0) on_signal(signal);
    });
  }
  ~TerminateWatch() {
    sigaction(SIGTERM, &previous_, nullptr);
    const char release = 0;
    if (::write(g_terminate_pipe[1], &release, 1) == 1)
      watcher_.join();
    else
      watcher_.detach();  // cannot happen with a pipe of our own; the process is not stuck on it
    ::close(g_terminate_pipe[0]);
    ::close(g_terminate_pipe[1]);
    g_terminate_pipe[0] = g_terminate_pipe[1] = -1;
  }
  TerminateWatch(const TerminateWatch&) = delete;
  TerminateWatch& operator=(const TerminateWatch&) = delete;

 private:
  struct sigaction previous_ {};
  std::thread watcher_;
};

// Reads every message waiting for rank 0: a rank's hello (its threads, into
// `capacity`), and the answers and failures of batch `batch_id` (those of a
// batch given up on are dropped). True when there was any.
bool take_messages(BatchInFlight& batch, int batch_id, std::map<int, int>& capacity) {
  bool any = false;
  while (std::optional<Message> m = receive()) {
    any = true;
    if (m->tag == kHello) {
      capacity[m->source] = std::max(1, m->body.at("jobs").get<int>());
      continue;
    }
    if (m->body.value("batch", -1) != batch_id) continue;  // an answer of a batch given up on
    const int index = m->body.at("index").get<int>();
    if (m->tag == kAnswer) {
      const std::string answer = m->body.at("answer").get<std::string>();
      batch.finish(index, m->source, &answer, "");
    } else if (m->tag == kFailure) {
      batch.finish(index, m->source, nullptr, m->body.at("what").get<std::string>());
    }
  }
  return any;
}

// ---- other ranks: tasks in hand

// A task from its arrival until it has been played: its crash slot holds its description.
struct HeldTask {
  int batch = 0, index = 0;
  std::shared_ptr<const std::string> context;
  CrashSlot* slot = nullptr;
};

struct TaskAnswer {
  Tag tag = kAnswer;
  nlohmann::json body;
};

// The crash report's slots, one for each task this rank may hold, with the
// crash handlers installed while it lives.
class CrashSlots {
 public:
  CrashSlots(int count, int rank) : slots_(new CrashSlot[static_cast<size_t>(count)]), count_(count) {
    g_crash_slots = slots_.get();
    g_crash_slot_count = count;
    g_crash_rank = rank;
    struct sigaction crash {};
    crash.sa_handler = on_crash_signal;
    sigemptyset(&crash.sa_mask);
    for (size_t i = 0; i < std::size(kCrashSignals); ++i) sigaction(kCrashSignals[i], &crash, &previous_[i]);
  }
  ~CrashSlots() {
    for (size_t i = 0; i < std::size(kCrashSignals); ++i) sigaction(kCrashSignals[i], &previous_[i], nullptr);
    g_crash_slots = nullptr;
    g_crash_slot_count = 0;
  }
  CrashSlots(const CrashSlots&) = delete;
  CrashSlots& operator=(const CrashSlots&) = delete;

  // A free slot, now holding the task's description (null when none is free).
  CrashSlot* hold(const HeldTask& task, const TaskDescription& describe) {
    for (int j = 0; j < count_; ++j) {
      CrashSlot& slot = slots_[static_cast<size_t>(j)];
      if (slot.length.load() != 0) continue;
      const std::string what = text_or(describe, *task.context, task.index);
      const size_t n = std::max<size_t>(1, std::min(what.size(), kCrashTextSize));
      std::memcpy(slot.text, what.data(), std::min(what.size(), kCrashTextSize));
      slot.length.store(n);
      return &slot;
    }
    return nullptr;
  }

 private:
  std::unique_ptr<CrashSlot[]> slots_;
  int count_;
  struct sigaction previous_[std::size(kCrashSignals)];
};

// What a serving rank's main thread and its worker threads share: the tasks
// to perform and the answers to send.
class TaskQueues {
 public:
  void push_task(HeldTask task) {
    std::lock_guard<std::mutex> lock(mu_);
    tasks_.push_back(std::move(task));
    task_ready_.notify_one();
  }

  // A worker thread: performs tasks until stop_workers().
  void work(const TaskFunction& perform) {
    for (;;) {
      HeldTask task;
      {
        std::unique_lock<std::mutex> lock(mu_);
        task_ready_.wait(lock, [&] { return stop_ || !tasks_.empty(); });
        if (stop_) return;
        task = std::move(tasks_.front());
        tasks_.pop_front();
      }
      TaskAnswer answer;
      try {
        answer.body = {{"batch", task.batch}, {"index", task.index}, {"answer", perform(*task.context, task.index)}};
      } catch (const std::exception& e) {
        answer.tag = kFailure;
        answer.body = {{"batch", task.batch}, {"index", task.index}, {"what", e.what()}};
      }
      // Played: a crash from here on is not this game's doing (rank 0 still counts it lost until the answer arrives).
      if (task.slot) task.slot->length.store(0);
      std::lock_guard<std::mutex> lock(mu_);
      outbox_.push_back(std::move(answer));
      answer_ready_.notify_one();
    }
  }

  // The answers ready: waits for one when `wait` says so, else for a poll
  // interval at most, and not at all when `stopping`.
  std::deque<TaskAnswer> take_answers(bool wait, bool stopping) {
    std::deque<TaskAnswer> ready;
    std::unique_lock<std::mutex> lock(mu_);
    auto answered = [&] { return !outbox_.empty(); };
    if (!stopping && wait)
      answer_ready_.wait(lock, answered);
    else if (!stopping)
      answer_ready_.wait_for(lock, kPollInterval, answered);
    ready.swap(outbox_);
    return ready;
  }

  void stop_workers() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    task_ready_.notify_all();
  }

 private:
  std::mutex mu_;
  std::condition_variable task_ready_, answer_ready_;
  std::deque<HeldTask> tasks_;
  std::deque<TaskAnswer> outbox_;
  bool stop_ = false;
};

// A serving rank's main thread: hands the tasks rank 0 sends to the workers
// and sends their answers back, until rank 0 says stop.
void relay_tasks(TaskQueues& queues, CrashSlots& slots, int jobs, const TaskDescription& describe) {
  std::shared_ptr<const std::string> context = std::make_shared<const std::string>();
  // Tasks received and not yet answered. Rank 0 sends a task only for an
  // answer (or to fill the threads at first), and stops this rank only when it
  // holds none: with every thread busy there is nothing to look for, and the
  // main thread sleeps until an answer is ready instead of polling.
  int in_hand = 0;
  for (bool stopping = false; !stopping;) {
    while (std::optional<Message> m = receive()) {
      if (m->tag == kStop) {
        stopping = true;
        break;
      }
      if (m->tag != kTask) continue;
      if (m->body.contains("context"))
        context = std::make_shared<const std::string>(m->body["context"].get<std::string>());
      HeldTask task{m->body.at("batch").get<int>(), m->body.at("index").get<int>(), context, nullptr};
      task.slot = slots.hold(task, describe);
      ++in_hand;
      queues.push_task(std::move(task));
    }
    for (const TaskAnswer& answer : queues.take_answers(in_hand >= jobs, stopping)) {
      send(0, answer.tag, answer.body);
      --in_hand;
    }
  }
}

#endif

}  // namespace

Cluster::Cluster() {
  if (!started_by_mpi_launcher()) return;
#ifndef HALITE_HAVE_MPI
  throw std::runtime_error(
      "started by an MPI launcher (mpirun, srun), but this halite was built without MPI: install libopenmpi-dev "
      "(scripts/install_deps.sh) and rebuild, or run it without the launcher");
#else
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  joined_ = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  std::string problem;
  if (provided < MPI_THREAD_FUNNELED) problem = "this MPI library cannot be used from a threaded program";
  const int tasks = launcher_task_count();
  if (size_ == 1 && tasks > 1)
    problem = "the launcher started " + std::to_string(tasks) +
              " tasks but MPI sees each of them alone (under Slurm: srun --mpi=pmix; see docs/cluster.md)";
  if (!problem.empty()) {
    MPI_Finalize();
    joined_ = false;
    throw std::runtime_error(problem);
  }
#endif
}

Cluster::~Cluster() {
#ifdef HALITE_HAVE_MPI
  if (!joined_) return;
  if (rank_ == 0)
    for (int r = 1; r < size_; ++r) send(r, kStop, nlohmann::json::object());
  MPI_Finalize();
#endif
}

void Cluster::run(const ClusterBatch& batch) {
  if (rank_ != 0 || !distributed()) throw std::logic_error("Cluster::run is for rank 0 of several");
  if (batch.indices.empty()) return;
#ifdef HALITE_HAVE_MPI
  const int batch_id = next_batch_++;
  has_context_.clear();
  BatchInFlight in_flight(batch);
  {
    TerminateWatch watch([&](int signal) { in_flight.report_and_exit(signal, resume_hint_); });
    const int jobs = std::max(1, std::min(batch.jobs, static_cast<int>(batch.indices.size())));
    std::vector<std::thread> threads;
    for (int j = 0; j < jobs; ++j) threads.emplace_back([&] { in_flight.perform_locally(); });
    // An exception here (a message that does not parse) must not leave the threads running.
    try {
      for (;;) {
        bool busy = take_messages(in_flight, batch_id, capacity_);
        const auto to_send = in_flight.hand_out(capacity_);
        if (!to_send) break;
        for (const auto& [rank, index] : *to_send) {
          nlohmann::json task = {{"batch", batch_id}, {"index", index}};
          if (has_context_.insert(rank).second) task["context"] = batch.context;
          send(rank, kTask, task);
          busy = true;
        }
        if (!busy) std::this_thread::sleep_for(kPollInterval);
      }
    } catch (const std::exception& e) {
      in_flight.fail(std::string("rank 0: ") + e.what());
    }
    for (std::thread& t : threads) t.join();
  }
  if (!in_flight.failure().empty()) throw std::runtime_error(in_flight.failure());
#endif
}

void Cluster::serve(int jobs, const TaskFunction& perform, const TaskDescription& describe) {
  if (rank_ == 0) throw std::logic_error("Cluster::serve on rank 0");
#ifdef HALITE_HAVE_MPI
  jobs = std::max(1, jobs);
  std::exception_ptr error;
  {
    // Rank 0 hands this rank at most `jobs` tasks at a time: one slot each.
    CrashSlots slots(jobs, rank_);
    TaskQueues queues;
    std::vector<std::thread> threads;
    for (int j = 0; j < jobs; ++j) threads.emplace_back([&] { queues.work(perform); });
    send(0, kHello, {{"jobs", jobs}});
    try {
      relay_tasks(queues, slots, jobs, describe);
    } catch (const std::exception&) {
      error = std::current_exception();
    }
    queues.stop_workers();
    for (std::thread& t : threads) t.join();
  }
  if (error) std::rethrow_exception(error);
#else
  (void)jobs;
  (void)perform;
  (void)describe;
#endif
}

}  // namespace halite::lab
