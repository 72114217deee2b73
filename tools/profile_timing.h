// The timing helpers of `halite profile`, for both games: the best of
// several timings of a call, medians and percentiles, and a table of the
// state copy's and the turn's cost by the number of ships on the board.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iterator>
#include <vector>

namespace halite::tools {

// Keeps the compiler from eliding a copy or a resolution whose result is unused.
template <typename T>
inline void keep(T& value) {
  asm volatile("" : : "r"(&value) : "memory");
}

inline double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::nth_element(v.begin(), v.begin() + static_cast<long>(v.size() / 2), v.end());
  return v[v.size() / 2];
}

inline double percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(q * static_cast<double>(v.size())))];
}

using Clock = std::chrono::steady_clock;

// Nanoseconds per call of f, the best of `rounds` timings of `reps` calls:
// the minimum filters out interruptions from the rest of the machine.
template <typename F>
double time_ns(int reps, int rounds, F&& f) {
  double best = 1e300;
  for (int r = 0; r < rounds; ++r) {
    const auto t0 = Clock::now();
    for (int i = 0; i < reps; ++i) f();
    const double ns = std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / reps;
    best = std::min(best, ns);
  }
  return best;
}

// The rounds time_ns takes the best of.
inline constexpr int kTimingRounds = 5;

// One turn's cost: a copy of its state, and its resolution without the copy.
struct TurnCost {
  int ships;
  double copy_ns;
  double step_ns;
};

// The medians of `costs` by ships on the board (0-9, 10-24, 25-49, 50-99,
// 100-199, then up to max_ships), under a header naming the step's column.
inline void print_costs_by_ships(const std::vector<TurnCost>& costs, int max_ships, const char* step_column) {
  std::printf("%-12s %8s %14s %14s\n", "ships", "states", "copy_ns (med)", step_column);
  const int bounds[] = {0, 10, 25, 50, 100, 200, max_ships + 1};
  for (size_t b = 0; b + 1 < std::size(bounds); ++b) {
    std::vector<double> copies, steps;
    for (const TurnCost& s : costs)
      if (s.ships >= bounds[b] && s.ships < bounds[b + 1]) copies.push_back(s.copy_ns), steps.push_back(s.step_ns);
    if (copies.empty()) continue;
    char label[32];
    std::snprintf(label, sizeof label, "%d-%d", bounds[b], bounds[b + 1] - 1);
    std::printf("%-12s %8zu %14.1f %14.1f\n", label, copies.size(), median(copies), median(steps));
  }
}

}  // namespace halite::tools
