// Budget: when a search must stop.
//
// A budget combines a wall-clock deadline and an iteration cap; either may be
// absent. Searches poll it with exhausted(iterations) every iteration; the
// clock is read only every `kClockStride` polls, so a poll costs a compare and
// an increment. With no deadline and an iteration cap, a seeded search is
// deterministic: tests and tuning use that mode, the competition bot uses the
// deadline.
#pragma once

#include <chrono>
#include <cstdint>
#include <limits>

namespace halite::search {

class Budget {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr int kClockStride = 16;

  // No limit at all: planners that need one treat it as their own default
  // (see each planner's parameters). Mostly for tests of cheap planners.
  Budget() = default;
  static Budget iterations(int64_t max_iterations) {
    Budget b;
    b.max_iterations_ = max_iterations;
    return b;
  }
  // A deadline `ms` milliseconds from now.
  static Budget milliseconds(double ms) {
    Budget b;
    b.set_deadline(Clock::now() +
                   std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(ms)));
    return b;
  }
  Budget& with_iterations(int64_t max_iterations) {
    max_iterations_ = max_iterations;
    return *this;
  }
  Budget& with_deadline(Clock::time_point deadline) {
    set_deadline(deadline);
    return *this;
  }

  // The budget a search runs under inside this one: the deadline moved
  // `safety_ms` earlier (time kept to build the answer) and, when this budget
  // has neither deadline nor cap, `default_iterations` as the cap.
  Budget for_search(double safety_ms, int64_t default_iterations) const {
    Budget inner = *this;
    if (has_deadline_)
      inner.set_deadline(deadline_ - std::chrono::duration_cast<Clock::duration>(
                                         std::chrono::duration<double, std::milli>(safety_ms)));
    else if (!has_iteration_cap())
      inner.max_iterations_ = default_iterations;
    return inner;
  }

  bool has_deadline() const { return has_deadline_; }
  bool has_iteration_cap() const { return max_iterations_ != kUnlimited; }
  int64_t max_iterations() const { return max_iterations_; }
  Clock::time_point deadline() const { return deadline_; }
  // Milliseconds left before the deadline (infinity without one).
  double remaining_ms() const {
    if (!has_deadline_) return std::numeric_limits<double>::infinity();
    return std::chrono::duration<double, std::milli>(deadline_ - Clock::now()).count();
  }

  // True once the deadline has passed (false without one); reads the clock
  // on every call, for checks before costly steps (a policy decision).
  bool past_deadline() const { return has_deadline_ && remaining_ms() <= 0; }
  // True once `iterations_done` reaches the cap or the deadline has passed
  // (checked on every kClockStride-th call, and on the first).
  bool exhausted(int64_t iterations_done) const {
    if (iterations_done >= max_iterations_) return true;
    if (!has_deadline_) return false;
    if (polls_++ % kClockStride != 0) return expired_;
    expired_ = Clock::now() >= deadline_;
    return expired_;
  }

 private:
  static constexpr int64_t kUnlimited = std::numeric_limits<int64_t>::max();
  void set_deadline(Clock::time_point d) {
    deadline_ = d;
    has_deadline_ = true;
    polls_ = 0;
    expired_ = false;
  }
  int64_t max_iterations_ = kUnlimited;
  bool has_deadline_ = false;
  Clock::time_point deadline_{};
  mutable uint32_t polls_ = 0;
  mutable bool expired_ = false;
};

}  // namespace halite::search
