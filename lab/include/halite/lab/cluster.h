// Cluster: one command run by several processes of an MPI job (`mpirun -np N`,
// or `srun` under Slurm), on one machine or many. The only place that speaks MPI.
//
// Rank 0 runs the command as a single process would (it reads the options,
// writes every output, prints the progress) and hands out tasks; every other
// rank only performs tasks until rank 0 tells it to stop. A task is an index
// in a batch: the batch's context (a string, for the arena its options) is
// sent to each rank once per batch, the index picks the task (a game), and
// the task's answer (a string) goes back to rank 0. Tasks are handed out one
// at a time as threads free up (dynamic scheduling: a slow task holds no
// other back); each rank keeps as many in hand as it has threads, rank 0
// included. What a task gives must depend on (context, index) alone, so the
// answers are those of a single process whatever rank performs them.
//
// A process belongs to an MPI job only when an MPI launcher started it (the
// launcher's environment says so); otherwise the cluster is this process
// alone (size 1) and the caller takes its single-process path. A build
// without MPI (CMake did not find it) refuses to run under a launcher rather
// than run the same command N times.
//
// Faults: Open MPI tears the whole job down when a rank dies. Rank 0 then
// gets SIGTERM; inside run() it prints which tasks were in play (lost, with
// their description and rank) and how many were not started, then exits
// with status 128 + SIGTERM. A rank that crashes (SIGSEGV, SIGBUS, SIGFPE,
// SIGILL, SIGABRT) prints the tasks it was performing before it dies.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace halite::lab {

// Performs task `index` of a batch with context `context`; thread-safe.
// Exceptions are reported to rank 0, which throws std::runtime_error.
using TaskFunction = std::function<std::string(const std::string& context, int index)>;
// One line naming task `index` for a fault report (e.g. a game's seed and line-up).
using TaskDescription = std::function<std::string(const std::string& context, int index)>;

struct ClusterBatch {
  std::string context;
  std::vector<int> indices;  // the tasks, handed out in this order
  int jobs = 1;              // rank 0's own threads
  TaskFunction perform;
  TaskDescription describe;
  // Rank 0: called once per task, serialised, in completion order.
  std::function<void(int index, const std::string& answer)> on_done;
};

class Cluster {
 public:
  // Joins the MPI job when a launcher started this process (throws
  // std::runtime_error when one did and this build has no MPI, or when the
  // launcher started several tasks that MPI does not see as one job). One
  // per process.
  Cluster();
  // Rank 0 tells the other ranks to stop; every rank leaves the MPI job.
  ~Cluster();
  Cluster(const Cluster&) = delete;
  Cluster& operator=(const Cluster&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool distributed() const { return size_ > 1; }

  // Ranks other than 0: performs tasks on `jobs` threads until rank 0 stops.
  void serve(int jobs, const TaskFunction& perform, const TaskDescription& describe);
  // Rank 0 of several (distributed()): performs every task of the batch, on
  // its own threads and on the other ranks; returns when all are done. Throws
  // std::runtime_error, once the threads are joined, when a task threw (the
  // rank and the task's description in the message).
  void run(const ClusterBatch& batch);
  // Rank 0: what the fault report tells the user to do next (e.g. how to resume).
  void set_resume_hint(std::string hint) { resume_hint_ = std::move(hint); }

 private:
  int rank_ = 0, size_ = 1;
  bool joined_ = false;
  int next_batch_ = 0;
  std::string resume_hint_;
  std::map<int, int> capacity_;  // rank -> its threads, once it has said
  std::set<int> has_context_;    // ranks holding the current batch's context
};

}  // namespace halite::lab
